"""Lay a CNF out as a Minesweeper board: consistent exactly when it is satisfiable.

The board is a grid of tiles (:mod:`cnfsweep.gadgets.tiles`), planned by
:mod:`cnfsweep.gadgets.plan`.  A clause of ``k`` literals takes ``k`` bands
(rows of tiles): in each, a splitter on the literal's variable copies it
sideways, crossovers carry the copy over the columns in between, an inverter
column fixes its polarity, and a work column at the side turns the first
literal down and ORs in the others, a chain of two-input ORs whose last output
is forced TRUE with a known mine (a clause of one literal is forced at once).
Forcing every clause TRUE is forcing their AND TRUE, so the board has a
layout exactly when the formula has a model.

A variable's wire starts, free, under a terminator at its first copy, where
its labelled cell reads it (a mine means TRUE), and ends under another at its
last: variables that are never alive at once share a column.  A variable
used nowhere gets a capped wire of its own in a slot left empty.

There is a work column on the east side and, when that makes the board
smaller, a mirrored one on the west: a band then carries one copy westward
and one eastward, provided the westward one starts left of the other.
"""

from __future__ import annotations

import string
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cnfsweep.engine import Engine
from cnfsweep.engine.backends import Backend
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.gadgets.circuit import Expr, parse_expression
from cnfsweep.gadgets.cnf import Cnf, to_cnf
from cnfsweep.gadgets.compose import Canvas
from cnfsweep.gadgets.library import Direction
from cnfsweep.gadgets.plan import MAX_CELLS, Frame, Plan, smallest_cells
from cnfsweep.gadgets.plan import plan as make_plan
from cnfsweep.gadgets.tiles import BAND, TILES, VAR, draw, port_cell

LETTERS = [ch for ch in string.ascii_lowercase + string.ascii_uppercase if ch != "F"]
"""Labels available for variables ('F' reads as a flag)."""


class ReductionTooLarge(CnfsweepError, ValueError):
    """Report a formula whose board would be bigger than the bound it was given."""


@dataclass(frozen=True)
class VariableCells:
    """Where a variable lives on the board.

    ``cell`` is its input cell (a mine there means TRUE); ``cells`` lists
    covered cells that read the variable, each with the value a mine there
    stands for (the input cell, and the first reading cell of its wire below).
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
    >>> r = reduce_expression("(a | ~b) & c & (b | ~c)")
    >>> r.board.rows, r.board.cols, sorted(r.board.labels)
    (87, 42, ['a', 'b', 'c'])
    >>> from cnfsweep import check
    >>> r.assignment(check(r.board).witness_mines)
    {'a': True, 'b': True, 'c': True}
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


def decide(board: Board, engine: Engine | str | Backend | None = None, *, time_limit: float | None = None) -> Decision:
    """Decide a board through ``engine`` (or a fresh one on the backend named): one layout, or none.

    The engine finds one layout (:meth:`Engine.witness <cnfsweep.engine.Engine.witness>`),
    one solver call per independent component; unlike :func:`cnfsweep.check` it does
    not minimise a conflict, which on a large unsatisfiable reduction board takes one
    solver call per number in it.  Past ``time_limit`` seconds
    :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised.

    Examples
    --------
    >>> decide(reduce_expression("a & ~a").board).satisfiable
    False
    """
    start = time.perf_counter()
    engine = Engine.of(engine)
    # Propagation settles a wire one cell per round: on long circuits a single solver call is far cheaper.
    found = engine.witness(board, simplified=False, time_limit=time_limit)
    return Decision(found.mines is not None, found.mines, engine.spec, time.perf_counter() - start)


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


def _draw(canvas: Canvas, plan: Plan, spare: int) -> tuple[dict[int, tuple[Cell, Cell | None]], list[Cell]]:
    """Draw the planned bands; return where each copied variable starts and the cells of ``spare`` free pieces.

    A variable's start is its reading cell (a mine there means TRUE) and, when
    its wire goes on down, that wire's first reading cell (a mine there means FALSE).
    """
    frame = plan.frame
    flipped: dict[int, bool] = {}  # whether a column's wire now carries its variable inverted
    busy = {"W": False, "E": False}  # whether a work column carries a clause through this band
    starts: dict[int, tuple[Cell, Cell | None]] = {}
    pieces: list[Cell] = []
    for i, (band, row) in enumerate(zip(plan.bands, plan.tiles, strict=True)):
        top = BAND * i
        by_column = {plan.column[abs(lit)]: abs(lit) for lit, _ in band.values()}
        for col, (planned, mirror) in enumerate(row):
            left = frame.left(col)
            kind = "free" if planned == "empty" and len(pieces) < spare else planned
            cell = draw(canvas, kind, top, left, mirror)
            if kind == "free":
                assert cell is not None
                pieces.append(Cell(*cell))
            elif cell is not None:
                # A variable starts: its wire below, if any, reads it inverted.
                below = None
                if kind == "tee-start":
                    r, c = port_cell(TILES[kind], Direction.S, VAR, mirror)
                    below = Cell(top + r, left + c)
                starts[by_column[col]] = (Cell(*cell), below)
        for side, (inv_left, work_left, mirror) in frame.sides().items():
            if side not in band:
                if busy[side]:
                    draw(canvas, "work", top, work_left, mirror)
                continue
            lit, kind = band[side]
            v = abs(lit)
            # The splitter's copy is the variable when the wire came in inverted (a variable
            # starting here comes in as itself; westward copies too: mirroring reverses every
            # horizontal reading alike).
            copy_positive = flipped.get(v, False)
            flipped[v] = not copy_positive
            want_positive = (lit > 0) != kind.startswith("load")  # the load tiles invert once more
            draw(canvas, "pass" if copy_positive == want_positive else "invert", top, inv_left, mirror)
            draw(canvas, kind, top, work_left, mirror)
            busy[side] = kind in ("load", "or")
    return starts, pieces


def _too_large(cells: int, limit: int, rows: int | None = None, cols: int | None = None) -> ReductionTooLarge:
    size = f"{rows:,} x {cols:,} = {cells:,}" if rows is not None else f"at least {cells:,}"
    return ReductionTooLarge(f"the board would have {size} cells, more than {limit:,}: raise --max-cells to draw it")


def reduce_cnf(
    cnf: Cnf, names: Sequence[str] | None = None, inputs: int | None = None, max_cells: int | None = None
) -> Reduction:
    """Lay out a CNF; ``names`` name variables ``1..N`` (``x1``.. by default).

    Variables after the first ``inputs`` are marked auxiliary.  A board of more
    than ``max_cells`` cells (default :data:`MAX_CELLS`) is refused before it
    is drawn, with :class:`ReductionTooLarge`.

    Examples
    --------
    >>> from cnfsweep.gadgets.cnf import parse_dimacs
    >>> r = reduce_cnf(parse_dimacs("p cnf 1 2\\n1 0\\n-1 0\\n"))
    >>> r.board.rows, r.board.cols, r.bands
    (33, 33, 2)
    >>> from cnfsweep import check
    >>> check(r.board).consistent
    False
    """
    limit = MAX_CELLS if max_cells is None else max_cells
    kept, empty = _clauses(cnf)
    n = cnf.num_vars
    used = {abs(lit) for c in kept for lit in c}
    spare = n - len(used) + empty  # a free piece for each variable used nowhere, and for an empty clause
    if not kept and not spare:
        return Reduction(Board.from_rows(["0"]), (), cnf, 0)
    if (least := smallest_cells(sum(map(len, kept)), spare)) > limit:
        raise _too_large(least, limit)
    plan = make_plan(kept, spare, limit)
    if isinstance(plan, Frame):
        raise _too_large(plan.cells, limit, plan.height, plan.width)
    frame = plan.frame
    names = list(names or [f"x{i}" for i in range(1, n + 1)])
    inputs = len(names) if inputs is None else inputs
    canvas = Canvas()
    starts, pieces = _draw(canvas, plan, spare)
    if empty:  # an empty clause: a free wire forced both ways
        cell = pieces.pop()
        canvas.force(cell)
        canvas.force((cell[0] + 1, cell[1]))
    # Not strict: an empty clause took one of the spare pieces above.
    for v, cell in zip((v for v in range(1, n + 1) if v not in used), pieces, strict=False):
        starts[v] = (cell, None)
    # Nothing is drawn above the first variable's cap: crop those rows of zeros.
    top = canvas.box()[0]

    def up(cell: Cell) -> Cell:
        return Cell(cell[0] - top, cell[1])

    labels = _labels(names, inputs)
    variables = []
    for v in range(1, n + 1):
        cell, below = starts[v]
        cells = ((up(cell), True),) + (((up(below), False),) if below else ())
        variables.append(VariableCells(names[v - 1], labels[v - 1], up(cell), cells, v > inputs))
    marks = {(v.cell.row + top, v.cell.col): v.label for v in variables if v.label}
    rows = canvas.render((top, 0, frame.height - 1, frame.width - 1), labels=marks, plain=True)
    return Reduction(Board.from_rows(rows), tuple(variables), cnf, len(plan.bands))


def reduce_expression(expr: Expr | str, max_cells: int | None = None) -> Reduction:
    """Lay out an expression: its CNF (see :func:`cnfsweep.gadgets.cnf.to_cnf`), as :func:`reduce_cnf` does."""
    if isinstance(expr, str):
        expr = parse_expression(expr)
    enc = to_cnf(expr)
    return reduce_cnf(enc.cnf, enc.names, enc.inputs, max_cells)
