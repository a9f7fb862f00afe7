"""Lay a CNF out as a Minesweeper board: consistent exactly when it is satisfiable.

The board is a grid of tiles (:mod:`cnfsweep.gadgets.tiles`).  Each variable
owns a column whose wire starts, free, at the top edge; its labelled cell
reads the variable (a mine means TRUE).  Clauses with one literal force that
wire with a known mine.  A clause of ``k`` literals takes ``k`` bands: in
each, a splitter on the literal's variable copies it east, crossovers carry
the copy over the columns in between, an inverter column fixes its polarity,
and the work column on the right turns the first literal down and ORs in the
others; the last OR's output is forced TRUE with a known mine.  Forcing every
clause TRUE is forcing their AND TRUE, so the board has a layout exactly when
the formula has a model, and the labelled cells of any layout are one.
"""

from __future__ import annotations

import string
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cnfsweep.backends import Backend, get_backend
from cnfsweep.board import Board, Cell
from cnfsweep.gadgets.circuit import Cnf, Expr, to_cnf
from cnfsweep.gadgets.compose import Canvas
from cnfsweep.gadgets.library import Direction
from cnfsweep.gadgets.tiles import BAND, NARROW, TILES, TRACK, VAR, WIDE

SOURCE = 6
"""Rows above the first band where the variable wires start (the first is cropped)."""
TAIL = 3
"""Rows below the last band, so that every wire ends on a covered pair."""
LETTERS = [ch for ch in string.ascii_lowercase + string.ascii_uppercase if ch != "F"]
"""Labels available for variables ('F' reads as a flag)."""


@dataclass(frozen=True)
class VariableCells:
    """Where a variable lives on the board.

    ``cell`` is its input cell (a mine there means TRUE); ``cells`` lists the
    covered cells of its wire above the first band with the value a mine
    there stands for.
    """

    name: str
    label: str | None
    cell: Cell
    cells: tuple[tuple[Cell, bool], ...]
    auxiliary: bool = False


@dataclass(frozen=True)
class Reduction:
    """A formula laid out as a board, with the map from variables to cells.

    Examples
    --------
    >>> r = reduce_expression("(a | ~b) & c")
    >>> r.board.rows, r.board.cols, sorted(r.board.labels)
    (44, 51, ['a', 'b', 'c'])
    >>> from cnfsweep import check
    >>> r.assignment(check(r.board).witness_mines)
    {'a': False, 'b': False, 'c': True}
    """

    board: Board
    variables: tuple[VariableCells, ...]
    cnf: Cnf
    bands: int

    def assignment(self, mines: Iterable[Cell], auxiliary: bool = False) -> dict[str, bool]:
        """Read the variables off a layout, given as its mines (a witness)."""
        mined = set(map(tuple, mines))
        return {v.name: tuple(v.cell) in mined for v in self.variables if auxiliary or not v.auxiliary}

    def size(self) -> dict[str, int]:
        """Return the formula's and the board's sizes."""
        return {
            "variables": sum(not v.auxiliary for v in self.variables),
            "auxiliary_variables": sum(v.auxiliary for v in self.variables),
            "clauses": len(self.cnf.clauses),
            "literals": sum(len(c) for c in self.cnf.clauses),
            "bands": self.bands,
            "rows": self.board.rows,
            "cols": self.board.cols,
            "cells": self.board.rows * self.board.cols,
            "covered": len(self.board.covered),
            "known_mines": len(self.board.flags),
        }

    def to_map(self) -> dict[str, Any]:
        """Return the JSON document written by ``cnfsweep reduce --map``."""
        return {
            "size": self.size(),
            "variables": [
                {
                    "name": v.name,
                    "label": v.label,
                    "input": list(v.cell),
                    "auxiliary": v.auxiliary,
                    "cells": [{"cell": list(c), "mine_means": value} for c, value in v.cells],
                }
                for v in self.variables
            ],
            "cnf": [list(c) for c in self.cnf.clauses],
        }


@dataclass(frozen=True)
class Decision:
    """Whether a board has a layout, with one (its mines, flags included) if so."""

    satisfiable: bool
    mines: tuple[Cell, ...] | None
    backend: str
    seconds: float


def decide(board: Board, backend: str | Backend | None = None) -> Decision:
    """Decide a board with one solver call per independent component.

    Unlike :func:`cnfsweep.check` this does not minimise a conflict, which on a
    large unsatisfiable reduction board takes one solver call per number in it.

    Examples
    --------
    >>> decide(reduce_expression("a & ~a").board).satisfiable
    False
    """
    from cnfsweep.problem import position

    start = time.perf_counter()
    engine = get_backend(backend)
    pos = position(board)

    def result(ok: bool, mines: Iterable[Cell] | None = None) -> Decision:
        return Decision(ok, None if mines is None else tuple(sorted(mines)), engine.spec, time.perf_counter() - start)

    if pos.contradiction is not None:
        return result(False)
    mines = set(board.flags)
    # Cells the engine settles without search (older engines have no such step).
    mines.update(c for c, is_mine in getattr(pos, "forced", {}).items() if is_mine)
    for comp in pos.components:
        session = engine.open(comp.problem)
        try:
            out = session.solve()
        finally:
            session.close()
        if not out.satisfiable or out.model is None:
            return result(False)
        mines.update(comp.cells[v] for v in out.model)
    return result(True, mines)


def _clauses(cnf: Cnf) -> tuple[list[tuple[int, ...]], bool]:
    """Drop repeated literals and tautologies; tell whether an empty clause occurs."""
    kept, empty = [], False
    for clause in cnf.clauses:
        lits = tuple(dict.fromkeys(clause))
        if not lits:
            empty = True
        elif not any(-lit in lits for lit in lits):
            kept.append(lits)
    return kept, empty


def _labels(names: Sequence[str], inputs: int) -> list[str | None]:
    # A name that is itself a free label keeps it; the rest take letters in order.
    taken = {n for n in names[:inputs] if n in LETTERS}
    spare = iter(ch for ch in LETTERS if ch not in taken)
    return [n if i < inputs and n in LETTERS else next(spare, None) for i, n in enumerate(names)]


def reduce_cnf(cnf: Cnf, names: Sequence[str] | None = None, inputs: int | None = None) -> Reduction:
    """Lay out a CNF; ``names`` name variables ``1..N`` (``x1``.. by default).

    Variables after the first ``inputs`` are marked auxiliary.

    Examples
    --------
    >>> from cnfsweep.gadgets.circuit import parse_dimacs
    >>> r = reduce_cnf(parse_dimacs("p cnf 1 2\\n1 0\\n-1 0\\n"))
    >>> print(r.board.to_text())
    00001.100
    00001a100
    000011100
    00001*100
    00001*100
    <BLANKLINE>
    >>> from cnfsweep import check
    >>> check(r.board).consistent
    False
    """
    names = list(names or [f"x{i}" for i in range(1, cnf.num_vars + 1)])
    inputs = len(names) if inputs is None else inputs
    long, empty = _clauses(cnf)
    units = [c[0] for c in long if len(c) == 1]
    long = [c for c in long if len(c) > 1]
    n = cnf.num_vars
    columns = n + (1 if empty or n == 0 else 0)
    inv_left = NARROW * columns
    work_left = inv_left + WIDE
    width = work_left + WIDE if long else inv_left
    canvas = Canvas()
    bands = sum(len(c) for c in long)
    bottom = SOURCE + BAND * bands + (TAIL if long else 0)
    labels = _labels(names, inputs)
    variables = []
    for col in range(columns):
        x = NARROW * col + TRACK
        if col < n:
            canvas.line((0, x), Direction.S, SOURCE, VAR)
            canvas.line((bottom - TAIL, x), Direction.S, TAIL, VAR) if long else None
            # Rows 2 and 5 are TRUE cells of the wire, rows 1 and 4 the complementary ones.
            cells = tuple((Cell(r - 1, x), r % 3 == 2) for r in (1, 2, 4, 5))
            variables.append(VariableCells(names[col], labels[col], Cell(1, x), cells, col >= inputs))
        else:
            canvas.line((0, x), Direction.S, bottom, VAR)
            canvas.force((4, x))  # an empty clause: a wire forced both ways
            canvas.force((5, x))
    for lit in units:
        cell = (5 if lit > 0 else 4, NARROW * (abs(lit) - 1) + TRACK)
        if canvas.cells[cell] != "*":
            canvas.force(cell)
    flipped = [False] * n  # whether a column's wire now carries its variable inverted
    band = 0
    for clause in long:
        for j, lit in enumerate(clause):
            top = SOURCE + BAND * band
            band += 1
            v = abs(lit) - 1
            for col in range(n):
                # Columns left of the splitter only pass; the ones right of it cross the copy.
                kind = "tee" if col == v else "cross" if col > v else "var"
                TILES[kind].draw(canvas, top, NARROW * col)
            # The splitter's copy is the variable when the wire came in inverted.
            copy_positive = flipped[v]
            flipped[v] = not flipped[v]
            want_positive = (lit > 0) != (j == 0)  # the load tile inverts once more
            TILES["pass" if copy_positive == want_positive else "invert"].draw(canvas, top, inv_left)
            kind = "load" if j == 0 else "or-true" if j == len(clause) - 1 else "or"
            TILES[kind].draw(canvas, top, work_left)
    # The canvas's first row is dropped so that every wire starts on a covered pair.
    marks = {(v.cell.row + 1, v.cell.col): v.label for v in variables if v.label}
    rows = canvas.render((1, 0, bottom - 1, width - 1), labels=marks, plain=True)
    return Reduction(Board.from_rows(rows), tuple(variables), cnf, band)


def reduce_expression(expr: Expr | str) -> Reduction:
    """Lay out an expression: its CNF (see :func:`cnfsweep.gadgets.circuit.to_cnf`)."""
    from cnfsweep.gadgets.circuit import parse_expression

    if isinstance(expr, str):
        expr = parse_expression(expr)
    enc = to_cnf(expr)
    return reduce_cnf(enc.cnf, enc.names, enc.inputs)
