"""Lay a CNF out as a Minesweeper board: consistent exactly when it is satisfiable.

The board is a grid of tiles (:mod:`cnfsweep.gadgets.tiles`).  Each variable
owns a column whose wire starts, free, at the top edge; its labelled cell
reads the variable (a mine means TRUE).  Clauses with one literal force that
wire with a known mine.  A clause of ``k`` literals takes ``k`` bands: in
each, a splitter on the literal's variable copies it sideways, crossovers
carry the copy over the columns in between, an inverter column fixes its
polarity, and a work column at the side turns the first literal down and ORs
in the others; the last OR's output is forced TRUE with a known mine.
Forcing every clause TRUE is forcing their AND TRUE, so the board has a
layout exactly when the formula has a model, and the labelled cells of any
layout are one.

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

from cnfsweep.engine.backends import Backend, get_backend
from cnfsweep.core.board import Board, Cell
from cnfsweep.gadgets.circuit import Cnf, Expr, to_cnf
from cnfsweep.gadgets.compose import Canvas
from cnfsweep.gadgets.library import Direction
from cnfsweep.gadgets.tiles import BAND, NARROW, TRACK, VAR, WIDE, draw

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
    >>> r = reduce_expression("(a | ~b) & c & (b | ~c)")
    >>> r.board.rows, r.board.cols, sorted(r.board.labels)
    (44, 75, ['a', 'b', 'c'])
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


def decide(board: Board, backend: str | Backend | None = None) -> Decision:
    """Decide a board with one solver call per independent component.

    Unlike :func:`cnfsweep.check` this does not minimise a conflict, which on a
    large unsatisfiable reduction board takes one solver call per number in it.

    Examples
    --------
    >>> decide(reduce_expression("a & ~a").board).satisfiable
    False
    """
    from cnfsweep.engine.position import position

    start = time.perf_counter()
    engine = get_backend(backend)
    try:
        # Propagation settles a wire one cell per round: on long circuits a
        # single solver call is far cheaper.
        pos = position(board, simplified=False)
    except TypeError:  # an engine without the simplification step
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


@dataclass
class _Stream:
    """The clause a work column is busy with."""

    literals: list[int]
    started: bool = False


def _schedule(clauses: Sequence[tuple[int, ...]], sides: str = "WE") -> list[dict[str, tuple[int, str]]]:
    """Plan the bands: each takes one literal to the west work column, one to the east, or both.

    Two copies share a band when the westward one starts left of the eastward
    one; every band maps a side (``"W"``, ``"E"``) to ``(literal, tile kind)``.
    ``sides="E"`` uses the east work column alone.
    """
    pending = list(clauses)
    busy: dict[str, _Stream | None] = {"W": None, "E": None}
    bands = []
    while pending or busy["W"] or busy["E"]:
        for side in "E" + sides.replace("E", ""):
            if busy[side] is None and pending:
                # The west column takes clauses over low variables, the east one high ones.
                weight = [sum(map(abs, c)) * (1 if side == "W" else -1) for c in pending]
                busy[side] = _Stream(list(pending.pop(weight.index(min(weight)))))
        west, east = busy["W"], busy["E"]
        pick: dict[str, int] = {}
        westward = west.literals if west else []
        eastward = east.literals if east else []
        pairs = [(abs(r) - abs(w), w, r) for w in westward for r in eastward if abs(w) < abs(r)]
        if pairs:
            # The closest pair keeps low westward and high eastward literals for later bands.
            _, pick["W"], pick["E"] = min(pairs)
        elif west and (not east or len(west.literals) >= len(east.literals)):
            pick["W"] = min(west.literals, key=abs)
        elif east:
            pick["E"] = max(east.literals, key=abs)
        band = {}
        for side, lit in pick.items():
            stream = busy[side]
            assert stream is not None
            stream.literals.remove(lit)
            kind = "or-true" if not stream.literals else "or" if stream.started else "load"
            stream.started = True
            band[side] = (lit, kind)
            if not stream.literals:
                busy[side] = None
        bands.append(band)
    return bands


@dataclass(frozen=True)
class _Frame:
    """Where the columns of a board go: optional west pair, variables, optional east pair."""

    variables: int
    bands: int
    west: bool
    east: bool

    @property
    def first(self) -> int:
        """Column where the variable columns start."""
        return 2 * WIDE if self.west else 0

    def track(self, var: int) -> int:
        """Return the column of variable ``var``'s wire (from 0)."""
        return self.first + NARROW * var + TRACK

    @property
    def width(self) -> int:
        return self.first + NARROW * max(self.variables, 1) + (2 * WIDE if self.east else 0)

    @property
    def bottom(self) -> int:
        return SOURCE + BAND * self.bands + (TAIL if self.bands else 0)

    def sides(self) -> dict[str, tuple[int, int, bool]]:
        """Return, per side, the left columns of its inverter and work columns and whether it is mirrored."""
        east = self.first + NARROW * max(self.variables, 1)
        return {"W": (WIDE, 0, True), "E": (east, east + WIDE, False)}


def _plan(clauses: Sequence[tuple[int, ...]], n: int) -> list[dict[str, tuple[int, str]]]:
    # A second work column in the west lets two copies share a band, at the
    # price of two more columns: keep whichever board is smaller.
    plans = [_schedule(clauses, "E"), _schedule(clauses, "WE")]
    return min(plans, key=lambda b: len(b) * (NARROW * n + 2 * WIDE * len({s for band in b for s in band})))


def _draw_sources(canvas: Canvas, frame: _Frame, units: Sequence[int], empty: bool) -> None:
    """Draw the variable wires above the first band and below the last, and force the unit clauses."""
    for col in range(max(frame.variables, 1)):
        x = frame.track(col)
        if col < frame.variables:
            canvas.line((0, x), Direction.S, SOURCE, VAR)
            if frame.bands:
                canvas.line((frame.bottom - TAIL, x), Direction.S, TAIL, VAR)
        else:  # no variables, but an empty clause to show
            canvas.line((0, x), Direction.S, frame.bottom, VAR)
    # Rows 2 and 5 are TRUE cells of a wire, rows 1 and 4 the complementary ones.
    forced = {(5 if lit > 0 else 4, frame.track(abs(lit) - 1)) for lit in units}
    if empty:  # an empty clause: the first wire forced both ways
        forced |= {(4, frame.track(0)), (5, frame.track(0))}
    for cell in forced:
        canvas.force(cell)


def _draw_bands(canvas: Canvas, frame: _Frame, bands: Sequence[dict[str, tuple[int, str]]]) -> None:
    n = frame.variables
    flipped = [False] * n  # whether a column's wire now carries its variable inverted
    busy = {"W": False, "E": False}  # whether a work column carries a clause through this band
    for i, band in enumerate(bands):
        top = SOURCE + BAND * i
        w = abs(band["W"][0]) - 1 if "W" in band else -1
        e = abs(band["E"][0]) - 1 if "E" in band else n
        for col in range(n):
            # A copy crosses the columns between its splitter and its work column.
            if col in (w, e):
                kind, mirror = "tee", col == w
            elif col < w or col > e:
                kind, mirror = "cross", col < w
            else:
                kind, mirror = "var", False
            draw(canvas, kind, top, frame.first + NARROW * col, mirror)
        for side, (inv_left, work_left, mirror) in frame.sides().items():
            if side not in band:
                if busy[side]:
                    draw(canvas, "work", top, work_left, mirror)
                continue
            lit, kind = band[side]
            v = abs(lit) - 1
            # The splitter's copy is the variable when the wire came in inverted
            # (westward copies too: mirroring reverses every horizontal reading alike).
            copy_positive = flipped[v]
            flipped[v] = not flipped[v]
            want_positive = (lit > 0) != (kind == "load")  # the load tile inverts once more
            draw(canvas, "pass" if copy_positive == want_positive else "invert", top, inv_left, mirror)
            draw(canvas, kind, top, work_left, mirror)
            busy[side] = kind != "or-true"


def reduce_cnf(cnf: Cnf, names: Sequence[str] | None = None, inputs: int | None = None) -> Reduction:
    """Lay out a CNF; ``names`` name variables ``1..N`` (``x1``.. by default).

    Variables after the first ``inputs`` are marked auxiliary.

    Examples
    --------
    >>> from cnfsweep.gadgets.circuit import parse_dimacs
    >>> r = reduce_cnf(parse_dimacs("p cnf 1 2\\n1 0\\n-1 0\\n"))
    >>> print(r.board.to_text())
    0001.1000
    0001a1000
    000111000
    0001*1000
    0001*1000
    <BLANKLINE>
    >>> from cnfsweep import check
    >>> check(r.board).consistent
    False
    """
    names = list(names or [f"x{i}" for i in range(1, cnf.num_vars + 1)])
    inputs = len(names) if inputs is None else inputs
    kept, empty = _clauses(cnf)
    n = cnf.num_vars
    if n == 0 and not empty:
        return Reduction(Board.from_rows(["0"]), (), cnf, 0)
    bands = _plan([c for c in kept if len(c) > 1], n)
    frame = _Frame(n, len(bands), any("W" in b for b in bands), any("E" in b for b in bands))
    canvas = Canvas()
    _draw_sources(canvas, frame, [c[0] for c in kept if len(c) == 1], empty)
    _draw_bands(canvas, frame, bands)
    labels = _labels(names, inputs)
    # The canvas's first row is dropped so that every wire starts on a covered pair.
    variables = tuple(
        VariableCells(names[v], labels[v], Cell(1, frame.track(v)),
                      tuple((Cell(r - 1, frame.track(v)), r % 3 == 2) for r in (1, 2, 4, 5)), v >= inputs)
        for v in range(n)
    )
    marks = {(v.cell.row + 1, v.cell.col): v.label for v in variables if v.label}
    rows = canvas.render((1, 0, frame.bottom - 1, frame.width - 1), labels=marks, plain=True)
    return Reduction(Board.from_rows(rows), variables, cnf, len(bands))


def reduce_expression(expr: Expr | str) -> Reduction:
    """Lay out an expression: its CNF (see :func:`cnfsweep.gadgets.circuit.to_cnf`)."""
    from cnfsweep.gadgets.circuit import parse_expression

    if isinstance(expr, str):
        expr = parse_expression(expr)
    enc = to_cnf(expr)
    return reduce_cnf(enc.cnf, enc.names, enc.inputs)
