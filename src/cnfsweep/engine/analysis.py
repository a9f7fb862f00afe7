"""Analyse a position: certain cells, exact probabilities, the safest guess."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import partial
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from cnfsweep.core.constraints import CountTable, Problem
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.graph import CellLike, cell_of
from cnfsweep.core.characters import CellKind
from cnfsweep.engine.components import ComponentCache, Counting
import cnfsweep.engine.counting as weighing
from cnfsweep.engine.counting import Scaled, combine, weigh_scaled
from cnfsweep.core.deadline import check_deadline, checked
from cnfsweep.engine.position import Position
from cnfsweep.core.frozen import direct_init

__all__ = ["Analysis", "Arithmetic", "ComponentCache", "Counting", "Run", "analysis_of", "unknown_document"]


class Arithmetic(Enum):
    """How the components' counts are weighed against each other and the total.

    ``EXACT`` uses integers and :class:`~fractions.Fraction`: exact
    probabilities and an exact number of layouts.  ``FLOAT`` uses scaled
    double precision (:mod:`cnfsweep.engine.approx`): probabilities to about nine
    significant digits, the number of layouts as a logarithm, while safe and
    mine facts and consistency stay exact (they come from integer supports,
    never from rounding).  ``AUTO`` is exact unless that would take far too
    long: beyond :data:`EXACT_WORK`, as on a 1000x1000 board with thousands
    of components, where the exact numbers run to hundreds of thousands of
    digits.
    """

    AUTO = "auto"
    EXACT = "exact"
    FLOAT = "float"


# Exact weighing costs about (spread of the frontier's mine total) x (distinct component
# tables) products of very long integers; past this AUTO switches to floats.  A 200x200
# board with 6,400 mines scores about 1,500, the 1000x1000 benchmark board 250,000.
EXACT_WORK = 50_000

# Up to this many bits in the probabilities' common denominator, a Fraction takes at most tens of
# microseconds: an exact analysis then makes them when someone reads them (see _scaled_result).
# Beyond it (a 200x200 board), they are made at once, with the clock read between them.
LAZY_BITS = 1 << 13


def exact_work(tables: Sequence[CountTable]) -> int:
    """Estimate the cost of the exact combination of ``tables`` (see :data:`EXACT_WORK`)."""
    spread = sum(max(t.solutions) - min(t.solutions) for t in tables if t.solutions)
    distinct = len({tuple(t.solutions.items()) for t in tables})
    return spread * distinct


def too_much_work(tables: Sequence[CountTable], limit: int | None = None) -> bool:
    """Say whether :func:`exact_work` of ``tables`` passes ``limit`` (:data:`EXACT_WORK` by default).

    The distinct tables, which cost a tuple and a hash each, are counted only
    when the spread times the number of tables (at least the work) passes it.
    """
    limit = EXACT_WORK if limit is None else limit
    spread = 0
    for t in tables:  # a loop, not a generator: one piece of code fewer on a cold analysis's path
        if t.solutions:
            spread += max(t.solutions) - min(t.solutions)
    return spread * len(tables) > limit and exact_work(tables) > limit


@direct_init
@dataclass(frozen=True)
class LayoutCount:
    """How many layouts fit: an exact integer, or only its size as a base-10 logarithm.

    Examples
    --------
    >>> str(LayoutCount(15)), str(LayoutCount(3 * 10**40)), str(LayoutCount(None, 1234.5))
    ('15', 'about 3.0 x 10^40', 'about 3.2 x 10^1234')
    >>> LayoutCount(1000).log10
    3.0
    """

    exact: int | None
    approx_log10: float | None = None

    @property
    def log10(self) -> float | None:
        """The count's base-10 logarithm (``None`` for no layout)."""
        if self.exact is None:
            return self.approx_log10
        return _log10(self.exact)

    def __str__(self) -> str:
        if self.exact is not None:
            return _count_text(self.exact)
        log10 = self.approx_log10 or 0.0
        whole = int(log10)
        return f"about {10 ** (log10 - whole):.1f} x 10^{whole}"


# Where an analysis built from integers keeps its off-frontier probability's numerator and denominator
# until off_frontier_exact is first read (see _OffFrontier).
_OFF_RATIO = "_off_ratio"


class _OffFrontier:
    """``Analysis.off_frontier_exact``: the stored value, or the Fraction of the integers kept, made when first read.

    A non-data descriptor and the field's default: a value the analysis was given sits in the
    instance's dict and is read from there without this; an analysis built from the weighing's
    integers (:func:`scaled_result`) keeps them instead, and the Fraction is made and kept the first
    time the field is read (equality, hashing and ``repr`` read it too, so they are as before).
    """

    def __get__(self, instance: object | None, owner: type | None = None) -> Fraction | None:
        if instance is None:
            return None  # the field's default, as dataclasses ask for it on the class
        fields = instance.__dict__
        found: Fraction | None = fields.get("off_frontier_exact")
        if found is None and _OFF_RATIO in fields:
            found = fields.setdefault("off_frontier_exact", Fraction(*fields[_OFF_RATIO]))
        return found


@direct_init
@dataclass(frozen=True)
class Analysis:
    """The immutable result of :meth:`Engine.analyze <cnfsweep.engine.Engine.analyze>`.

    Attributes
    ----------
    position : Position
        The position analysed, with the components it was split into (a
        look-ahead starts from them: see :mod:`cnfsweep.search.whatif`).
    consistent : bool
        Whether some layout fits every number (and the total, when known).
    total_mines : int or None
        The total mine count the position was analysed with.
    safe, mines : tuple of Cell
        Covered cells that are safe, or mines, in every consistent layout.
    count : LayoutCount
        Consistent layouts of the whole board with a total; without one, of
        the frontier cells only.  Exact unless the analysis is approximate.
    best_guess : Cell or None
        A covered cell of lowest known mine probability (first in row-major
        order among ties); a safe cell whenever there is one; never a certain
        mine.  When every frontier cell is a certain mine and no total is
        known, the first cell off the frontier (its probability unknown);
        ``None`` when every covered cell is a certain mine, when no cell is
        covered, or on an inconsistent position.
    """

    position: Position = field(repr=False, compare=False)
    consistent: bool
    total_mines: int | None
    safe: tuple[Cell, ...]
    mines: tuple[Cell, ...]
    count: LayoutCount
    best_guess: Cell | None
    backend: str
    seconds: float
    frontier_exact: Mapping[Cell, Fraction] = field(repr=False)
    # The descriptor is only the default (None) and the reader of a value made when first read (see _OffFrontier).
    off_frontier_exact: Fraction | None = _OffFrontier()  # type: ignore[assignment]

    @property
    def board(self) -> Board:
        """The board analysed."""
        return self.position.board

    @property
    def solutions(self) -> int | None:
        """The exact number of consistent layouts (see ``count``); ``None`` on approximate analyses."""
        return self.count.exact

    @property
    def approximate(self) -> bool:
        """Whether probabilities other than 0 and 1 are floating point (see :class:`Arithmetic`).

        0 and 1, ``safe``, ``mines`` and ``consistent`` are exact all the
        same; the count of layouts is then known only by its logarithm.
        """
        return self.count.exact is None

    @property
    def log10_solutions(self) -> float | None:
        """The base-10 logarithm of the number of layouts."""
        return self.count.log10

    @property
    def off_frontier(self) -> tuple[Cell, ...]:
        """Covered cells seen by no number, in row-major order: all have ``off_frontier_exact``."""
        return self.position.off_frontier

    @property
    def components(self) -> int:
        """How many independent components the frontier was split into."""
        return len(self.position.components)

    def exact(self, cell: CellLike) -> Fraction | None:
        """Return the exact mine probability of ``cell``: a ``(row, col)`` pair, or on a graph board a cell's name.

        ``None`` for revealed numbers and flags, for cells off the frontier when
        the total is unknown, and everywhere on an inconsistent position.  A
        cell off the board (or a name no cell has) raises
        :class:`~cnfsweep.core.errors.OffBoardError` (a ``ValueError``).  Names are
        looked up by :func:`~cnfsweep.core.graph.cell_of`; a cell's name is
        ``board.topology.cell_text(cell)``.

        Examples
        --------
        >>> from cnfsweep import analyze
        >>> from cnfsweep.core.graph import Graph
        >>> graph = Graph.from_edges(["v0", "v1", "v2"], [("v0", "v1"), ("v1", "v2")])
        >>> a = analyze(Board(("1..",), 1, topology=graph))
        >>> a.exact("v1"), a.is_safe("v2"), a.board.topology.cell_text(a.best_guess)
        (Fraction(1, 1), True, 'v2')
        """
        cell = self.board.require(cell_of(self.board.topology, cell))
        if not self.consistent:
            return None
        p = self.frontier_exact.get(cell)
        if p is not None:
            return p
        if self.board.kind(cell) is CellKind.COVERED:
            return self.off_frontier_exact
        return None

    def is_safe(self, cell: CellLike) -> bool:
        """Say whether ``cell`` (a pair, or a graph cell's name) is a covered cell safe in every layout."""
        return self.exact(cell) == 0

    def is_mine(self, cell: CellLike) -> bool:
        """Say whether ``cell`` (a pair, or a graph cell's name) is a covered cell that is a mine in every layout."""
        return self.exact(cell) == 1

    def lowest_cells(self) -> list[Cell]:
        """Return the covered cells of lowest known mine probability that are not certain mines.

        In row-major order; ``best_guess`` is the first.  Cells off the
        frontier of unknown probability (no total) come in only when every
        frontier cell is a certain mine.

        Examples
        --------
        >>> from cnfsweep import analyze
        >>> analyze(Board.from_rows(["1..", "...", "..."]), total_mines=2).lowest_cells()
        [Cell(row=0, col=2), Cell(row=1, col=2), Cell(row=2, col=0), Cell(row=2, col=1), Cell(row=2, col=2)]
        """
        if not self.consistent:
            return []
        exact = self.frontier_exact
        if isinstance(exact, _LazyExact) and exact.lowest is not None:
            return list(exact.lowest)
        return _lowest_cells(exact, self.off_frontier_exact, self.off_frontier)

    def frontier_mines(self) -> list[Cell]:
        """Return the cells of ``frontier_exact`` whose probability is 1, in its order or sorted.

        The same cells as ``[c for c, p in frontier_exact.items() if p == 1]``, without making the
        Fractions where the engine's integers already told them.

        Examples
        --------
        >>> from cnfsweep import analyze
        >>> analyze(Board.from_rows(["1.", ".."]), total_mines=1).frontier_mines()
        []
        >>> sorted(analyze(Board.from_rows(["3.", ".."]), total_mines=3).frontier_mines())
        [Cell(row=0, col=1), Cell(row=1, col=0), Cell(row=1, col=1)]
        """
        exact = self.frontier_exact
        if isinstance(exact, _LazyExact):
            return list(exact.ones)
        return [c for c, p in exact.items() if p.numerator == p.denominator]

    def frontier_halves(self) -> list[Cell]:
        """Return the cells of ``frontier_exact`` whose probability is exactly 1/2, sorted.

        The same cells as ``sorted(c for c, p in frontier_exact.items() if p == Fraction(1, 2))``,
        told from the engine's integers where it has them (a box at half its scale), without
        making every frontier cell's Fraction: a player looks for 50/50 pairs after every analysis.

        Examples
        --------
        >>> from cnfsweep import analyze
        >>> analyze(Board.from_rows(["1.", ".1"]), total_mines=1).frontier_halves()
        [Cell(row=0, col=1), Cell(row=1, col=0)]
        """
        exact = self.frontier_exact
        if isinstance(exact, _LazyExact) and exact.halves is not None:
            return exact.halves()
        return sorted(c for c, p in exact.items() if p.denominator == 2)

    def probability(self, cell: CellLike) -> float | None:
        """Return the mine probability of ``cell`` (a pair, or a graph cell's name) as a float (see :meth:`exact`)."""
        p = self.exact(cell)
        return None if p is None else float(p)

    def to_dict(self, deadline: float | None = None) -> dict[str, Any]:
        """Return the JSON document that ``cnfsweep solve --json`` prints.

        Past ``deadline`` (a ``time.perf_counter()`` value) raise
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`: the grids of a huge
        board are built row by row, with the clock read between rows.

        Examples
        --------
        >>> from cnfsweep import analyze
        >>> doc = analyze(Board.from_rows(["1.", ".."]), total_mines=1).to_dict()
        >>> doc["exact"], doc["probabilities"][1]
        ([[None, '1/3'], ['1/3', '1/3']], [0.3333333333333333, 0.3333333333333333])
        """
        from cnfsweep.engine.document import analysis_dict

        return analysis_dict(self, deadline)

    def to_json(self, deadline: float | None = None) -> str:
        """Return ``json.dumps(self.to_dict())``, written without building the dict first.

        Much faster on huge boards (the grids' text is built from the board's
        rows); past ``deadline`` raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

        Examples
        --------
        >>> import json
        >>> from cnfsweep import analyze
        >>> a = analyze(Board.from_rows(["1.", ".."]), total_mines=1)
        >>> a.to_json() == json.dumps(a.to_dict())
        True
        """
        from cnfsweep.engine.document import analysis_json

        return analysis_json(self, deadline)


def unknown_document(time_limit: float | None) -> dict[str, Any]:
    """Return the JSON document of an analysis or check that ran out of its time limit.

    ``cnfsweep solve --json``, ``cnfsweep check --json`` and the server's
    ``/api/analyze`` and ``/api/check`` answer with it.

    Examples
    --------
    >>> unknown_document(0.5)
    {'status': 'unknown', 'reason': 'time limit', 'time_limit': 0.5}
    """
    return {"status": "unknown", "reason": "time limit", "time_limit": time_limit}


def _log10(n: int) -> float | None:
    return math.log10(n) if n > 0 else None


def _count_text(n: int) -> str:
    if n < 10**15:
        return str(n)
    digits = n.bit_length() * 0.30103  # log10(2): an estimate, refined below
    shift = max(int(digits) - 17, 0)
    head = n // 10**shift
    exponent = len(str(head)) - 1 + shift
    return f"about {head / 10 ** (len(str(head)) - 1):.1f} x 10^{exponent}"


#: Solves one component before a deadline: its forced boxes and count table (``(None, None)`` without a model).
Solve = Callable[[Problem, float | None], tuple[dict[int, int] | None, CountTable | None]]


@direct_init  # one a cold analysis: the dataclass's own __init__ cost a tenth of a small one
@dataclass(frozen=True)
class Run:
    """How one analysis runs: what it reports, what solves its components, and until when.

    An :class:`~cnfsweep.engine.Engine` builds one per analysis
    (:meth:`~cnfsweep.engine.Engine.analyze`); ``solve`` is the engine's, with its
    backend, cache and counting.
    """

    total_mines: int | None
    solve: Solve
    spec: str
    arithmetic: Arithmetic
    started: float
    deadline: float | None


# Certain cells share these two objects: one Fraction each, not one per cell.
_SAFE, _MINE = Fraction(0), Fraction(1)


def analysis_of(pos: Position, run: Run) -> Analysis:
    """Solve every component of ``pos`` with ``run.solve`` and weigh the tables into an :class:`Analysis`."""
    total = pos.mines_left
    # The covered cells neither assumed nor settled (counted inline: one function fewer on a cold path).
    unknown = len(pos.off_frontier)
    for comp in pos.components:
        unknown += len(comp.cells)
    if pos.contradiction is not None or (total is not None and not 0 <= total <= unknown):
        return _result(pos, run, None, {}, None)
    tables, forceds = [], []
    deadline = run.deadline
    for comp in pos.components:
        if deadline is not None:
            check_deadline(deadline)
        forced, table = run.solve(comp.problem, deadline)
        if forced is None or table is None:
            return _result(pos, run, None, {}, None)
        tables.append(table)
        forceds.append(forced)
    return weigh_tables(pos, run, tables, forceds)


def weigh_tables(
    pos: Position, run: Run, tables: list[CountTable], forceds: list[dict[int, int]], *, declined: bool = False
) -> Analysis:
    """Weigh the solved components' ``tables`` (``forceds``: their forced boxes) into ``pos``'s :class:`Analysis`.

    ``declined``: the weighing kernel already declined these tables (see :func:`~cnfsweep.engine.counting.weigh_scaled`).
    """
    total = pos.mines_left
    in_floats = run.arithmetic is Arithmetic.FLOAT or (run.arithmetic is Arithmetic.AUTO and too_much_work(tables))
    weighed: tuple[LayoutCount, Sequence[Sequence[Fraction]], Fraction | None] | None
    if in_floats:
        weighed = _weigh_in_floats(pos, tables, run.deadline)
    elif total is not None:
        scaled = weigh_scaled(tables, len(pos.off_frontier), total, run.deadline, declined=declined)
        if scaled is not None and scaled.scale.bit_length() <= LAZY_BITS:
            total_mines = pos.board.total_mines if run.total_mines is None else run.total_mines
            return scaled_result(
                pos,
                total_mines,
                run.spec,
                run.started,
                forceds,
                scaled.solutions,
                scaled.scale,
                scaled.boxes,
                scaled.off,
                scaled.off_scale,
            )
        combined = None if scaled is None else scaled.fractions(run.deadline)
        weighed = None if combined is None else (LayoutCount(combined.solutions), combined.boxes, combined.off_frontier)
    else:
        combined = combine(tables, len(pos.off_frontier), total, run.deadline)
        weighed = (
            None
            if combined.solutions == 0
            else (LayoutCount(combined.solutions), combined.boxes, combined.off_frontier)
        )
    if weighed is None:
        return _result(pos, run, None, {}, None)
    layouts, boxes, off = weighed
    exact = _certain(pos, forceds)
    _record(exact, pos, boxes)
    return _result(pos, run, layouts, exact, off)


def no_layout(pos: Position, run: Run) -> Analysis:
    """The analysis of a position no layout fits (a component without a model, or no weighing fits the total)."""
    return _result(pos, run, None, {}, None)


def _certain(pos: Position, forceds: Sequence[Mapping[int, int]]) -> dict[Cell, Fraction]:
    """The cells assumed, settled by simplification or forced in their component, with 0 or 1."""
    exact: dict[Cell, Fraction] = {c: _MINE if v else _SAFE for c, v in {**pos.fixed, **pos.forced}.items()}
    for comp, forced in zip(pos.components, forceds, strict=True):
        for b, count in forced.items():
            exact.update(dict.fromkeys(comp.box_cells(b), _MINE if count else _SAFE))
    return exact


#: Cells read one at a time before the whole frontier's Fractions are made instead.
ONE_BY_ONE = 64


class _LazyExact(Mapping[Cell, Fraction]):
    """The frontier's exact probabilities, made into a dict of Fractions the first time anyone reads them.

    Most analyses are asked for their certain cells and best guess, which
    :func:`_scaled_result` finds on integers; the Fractions of every box
    wait until a caller looks at them.  Read-only, as the mapping proxy the
    other path gives.
    """

    __slots__ = ("_find", "_found", "_made", "_make", "halves", "lowest", "ones")

    def __init__(
        self,
        make: Callable[[], dict[Cell, Fraction]],
        lowest: tuple[Cell, ...] | None = None,
        ones: tuple[Cell, ...] = (),
        find: Callable[[Cell], Fraction | None] | None = None,
        halves: Callable[[], list[Cell]] | None = None,
    ) -> None:
        self._make: Callable[[], dict[Cell, Fraction]] | None = make
        self._made: dict[Cell, Fraction] | None = None
        # One cell's value (None: not a frontier cell) without the dict made: a player asks one guess's chance.
        self._find = find
        # Each value found is kept, so a cell read twice gives the same object while the analysis lives:
        # readers key marks by identity (present.text), which a value made afresh on every read would break.
        self._found: dict[Cell, Fraction | None] = {}
        # What the integers already told, so a reader of these need not make the Fractions:
        # the analysis's lowest cells (``None``: work them out from the Fractions) and the cells at 1.
        self.lowest = lowest
        self.ones = ones
        # The cells at exactly 1/2, sorted, told from the integers (None: from the Fractions).
        self.halves = halves

    def _exact(self) -> dict[Cell, Fraction]:
        if self._made is None:
            assert self._make is not None
            self._made, self._make = self._make(), None
        return self._made

    def _one(self, cell: Cell) -> Fraction | None:
        if len(self._found) >= ONE_BY_ONE and cell not in self._found:
            # A reader walking the board (a view) is served faster by the whole dict, made once.
            return self._exact().get(cell)
        if cell not in self._found:
            assert self._find is not None
            self._found[cell] = self._find(cell)
        return self._found[cell]

    def __getitem__(self, cell: Cell) -> Fraction:
        if self._made is None and self._find is not None:
            p = self._one(cell)
            if p is None:
                raise KeyError(cell)
            return p
        return self._exact()[cell]

    def get(self, cell: Cell, default: Any = None) -> Any:
        if self._made is None and self._find is not None:
            p = self._one(cell)
            return default if p is None else p
        return self._exact().get(cell, default)

    def __contains__(self, cell: object) -> bool:
        if self._made is None and self._find is not None:
            return self._one(cell) is not None  # type: ignore[arg-type]
        return cell in self._exact()

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._exact())

    def __len__(self) -> int:
        return len(self._exact())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._exact()!r})"


def _classify(pos: Position, weights: Scaled, safe: list[Cell], mines: list[Cell]) -> tuple[int, list[Cell]]:
    """Add the frontier's cells at 0 to ``safe`` and at 1 to ``mines``; return the lowest value between, and its cells.

    The value is scaled as ``weights.boxes`` are (``weights.scale`` where no box lies between). In the
    weighing kernel where the install built it, with the same lists in the same order.
    """
    scale = weights.scale
    if weighing.kernel is not None:
        # The kernel reads each component's cells and boxes itself: no pair built per component.
        at_0, at_1, least, lowest = weighing.kernel.classify(weights.boxes, tuple(pos.components), scale)
        safe.extend(at_0)
        mines.extend(at_1)
        return least, lowest
    least, least_boxes = scale, []
    for comp, row in zip(pos.components, weights.boxes, strict=True):
        for b, n in enumerate(row):
            if n == 0:
                safe.extend(comp.box_cells(b))
            elif n == scale:
                mines.extend(comp.box_cells(b))
            elif n < least:
                least, least_boxes = n, [(comp, b)]
            elif n == least:
                least_boxes.append((comp, b))
    return least, [c for comp, b in least_boxes for c in comp.box_cells(b)]


def _decide(
    pos: Position,
    forceds: Sequence[Mapping[int, int]],
    solutions: int,
    scale: int,
    boxes: tuple[tuple[int, ...], ...],
    off_n: int | None,
    off_scale: int,
) -> tuple[tuple[Cell, ...], tuple[Cell, ...], tuple[Cell, ...], tuple[Cell, ...]]:
    """:func:`scaled_result`'s certain cells, sorted, its lowest cells in their order (the first the best guess), and the cells at 1."""
    safe: list[Cell] = []
    mines: list[Cell] = []
    # The cells of {**pos.fixed, **pos.forced}, without the merged dict (most positions assume nothing);
    # both lists are sorted before anyone reads them.
    for c, v in pos.forced.items():
        (mines if v else safe).append(c)
    for c, v in pos.fixed.items():
        if c not in pos.forced:
            (mines if v else safe).append(c)
    for comp, forced, row in zip(pos.components, forceds, boxes, strict=True):
        for b, count in forced.items() if forced else ():
            # Entailment and counting are independent derivations of the same facts.
            assert row[b] == (scale if count else 0), f"entailment and counting disagree at {comp.box_cells(b)[0]}"
    # The lowest probability that is not a certain mine, as least / scale (none: scale), and its cells.
    if weighing.kernel is not None:
        at_0, at_1, least, lowest = weighing.kernel.classify(boxes, tuple(pos.components), scale)
        safe.extend(at_0)
        mines.extend(at_1)
    else:
        least, lowest = _classify(pos, Scaled(solutions, scale, boxes, off_n, off_scale), safe, mines)
    tied: Sequence[Cell] = list(safe) if safe else lowest
    if safe:
        least = 0
    # The frontier's cells at 1, as the Fractions of ``frontier_exact`` will have them.
    ones = tuple(mines)
    if off_n is not None:
        n, d = off_n, off_scale
        if n != d:
            if least == scale or n * scale < least * d:
                tied = pos.off_frontier  # in row-major order already (see Position): no sort
            elif n * scale == least * d:
                tied = [*tied, *pos.off_frontier]
        if n == 0:
            safe.extend(pos.off_frontier)
        elif n == d:
            mines.extend(pos.off_frontier)
    # Sorted once, its first cell the best guess: comparing Cells costs, and many off-frontier cells tie.
    ordered = pos.off_frontier if tied is pos.off_frontier else tuple(sorted(tied))
    return tuple(sorted(safe)), tuple(sorted(mines)), ordered, ones


def _scaled_exact(
    pos: Position, forceds: Sequence[Mapping[int, int]], boxes: tuple[tuple[int, ...], ...], scale: int
) -> dict[Cell, Fraction]:
    """Every frontier cell's exact probability from the weighed integers (see :func:`scaled_result`)."""
    exact = _certain(pos, forceds)
    for comp, row in zip(pos.components, boxes, strict=True):
        for b, n in enumerate(row):
            exact.update(dict.fromkeys(comp.box_cells(b), Fraction(n, scale)))
    return exact


def _scaled_one(pos: Position, boxes: tuple[tuple[int, ...], ...], scale: int, cell: Cell) -> Fraction | None:
    """One cell's value as :func:`_scaled_exact`'s dict has it: its box's where it is in one, else the certain one."""
    for comp, row in zip(pos.components, boxes, strict=True):
        if cell in comp.cells:
            return Fraction(row[comp.problem.box_of[comp.cells.index(cell)]], scale)
    v = pos.forced.get(cell, pos.fixed.get(cell))
    return None if v is None else _MINE if v else _SAFE


def _scaled_halves(pos: Position, boxes: tuple[tuple[int, ...], ...], scale: int) -> list[Cell]:
    """The cells at exactly 1/2, sorted: a box's cells are, where its weight is half the scale (certain ones never)."""
    return sorted(
        c
        for comp, row in zip(pos.components, boxes, strict=True)
        for b, n in enumerate(row)
        if 2 * n == scale
        for c in comp.box_cells(b)
    )


def scaled_result(
    pos: Position,
    total_mines: int | None,
    spec: str,
    started: float,
    forceds: Sequence[Mapping[int, int]],
    solutions: int,
    scale: int,
    boxes: tuple[tuple[int, ...], ...],
    off_n: int | None,
    off_scale: int,
    decided: tuple[tuple[Cell, ...], tuple[Cell, ...], tuple[Cell, ...], tuple[Cell, ...]] | None = None,
) -> Analysis:
    """Build the analysis from the weighed integers, as :func:`_result` builds it from Fractions.

    ``boxes[i][b] / scale`` is the probability of box ``b`` of component ``i``, ``off_n / off_scale``
    that of the cells off the frontier (see :class:`~cnfsweep.engine.counting.Scaled`); ``solutions``
    the number of layouts. Box probabilities share one denominator, so the certain cells and the
    lowest probability are told by comparing integers; the Fractions of ``frontier_exact`` and
    ``off_frontier_exact`` are made only when they are read (:class:`_LazyExact`), in the order
    :func:`_result`'s dict has them.  ``decided`` is what the steps below decide, ``(safe, mines,
    lowest cells, cells at 1)``, where the caller's kernel decided it (``engine/_analysis.c``'s
    ``decide``, on a position with no assumed cell).
    """
    if decided is None:
        decided = _decide(pos, forceds, solutions, scale, boxes, off_n, off_scale)
    safe, mines, ordered, ones = decided

    # The lazy mapping's three readers, bound to this analysis's integers (engine/_analysis.c binds the same).
    make = partial(_scaled_exact, pos, forceds, boxes, scale)
    find = partial(_scaled_one, pos, boxes, scale)
    halves = partial(_scaled_halves, pos, boxes, scale)

    # Without a total the off-frontier cells' turn comes by another rule (see _lowest_cells): left to it.
    # _LazyExact(make, lowest, ones, find, halves), its __init__'s stores without its call (see below).
    exact = object.__new__(_LazyExact)
    exact._make, exact._made, exact._find, exact._found = make, None, find, {}
    exact.lowest, exact.ones, exact.halves = None if off_n is None else ordered, ones, halves
    # Analysis(...) and LayoutCount(...) without their __init__'s call (what direct_init's would write), and
    # off_frontier_exact left to be made from its integers when read (see _OffFrontier): a cold analysis
    # steps into each function it calls, code fetched into a cold cache.
    layouts = object.__new__(LayoutCount)
    layouts.__dict__.update(exact=solutions, approx_log10=None)
    analysis = object.__new__(Analysis)
    analysis.__dict__.update(
        position=pos,
        consistent=True,
        total_mines=total_mines,
        safe=safe,
        mines=mines,
        count=layouts,
        best_guess=ordered[0] if ordered else None,
        backend=spec,
        seconds=time.perf_counter() - started,
        frontier_exact=exact,
    )
    if off_n is None:
        analysis.__dict__["off_frontier_exact"] = None
    else:
        analysis.__dict__[_OFF_RATIO] = (off_n, off_scale)
    return analysis


def _result(
    pos: Position, run: Run, count: LayoutCount | None, exact: dict[Cell, Fraction], off: Fraction | None
) -> Analysis:
    """Build the analysis from the facts and probabilities found (``count`` is ``None`` when inconsistent)."""
    consistent = count is not None
    ordered = sorted(exact)
    lowest = _lowest_cells(exact, off if consistent else None, pos.off_frontier if consistent else (), run.deadline)
    best = lowest[0] if lowest else None
    # Cells share their box's object: tell 0 and 1 once per object, then look cells up by it.
    values = list(map(exact.__getitem__, ordered))
    distinct = dict(zip(map(id, values), values, strict=True))
    zero = {key for key, p in distinct.items() if p.numerator == 0}
    one = {key for key, p in distinct.items() if p.numerator == p.denominator}
    safe = [c for c, p in zip(ordered, values, strict=True) if id(p) in zero]
    mines = [c for c, p in zip(ordered, values, strict=True) if id(p) in one]
    # Cells off the frontier share one probability: list them only where it matters.
    if off is not None and pos.off_frontier:
        if off.numerator == 0:
            safe = sorted([*safe, *pos.off_frontier])
        elif off.numerator == off.denominator:
            mines = sorted([*mines, *pos.off_frontier])
    return Analysis(
        position=pos,
        consistent=consistent,
        total_mines=pos.board.total_mines if run.total_mines is None else run.total_mines,
        safe=tuple(safe),
        mines=tuple(mines),
        count=count if count is not None else LayoutCount(0),
        best_guess=best,
        backend=run.spec,
        seconds=time.perf_counter() - run.started,
        frontier_exact=MappingProxyType(exact),
        off_frontier_exact=off if consistent else None,
    )


def _lowest_cells(
    exact: Mapping[Cell, Fraction], off: Fraction | None, off_frontier: Sequence[Cell], deadline: float | None = None
) -> list[Cell]:
    """Return the covered cells of lowest known mine probability that are not certain mines, row-major.

    A certain mine is never a guess, however low everything else is.  Cells
    off the frontier count with their shared probability; when it is unknown
    (no total) they are the choice only if every frontier cell is a certain
    mine.
    """
    # Fractions are slow to hash and compare: compare each distinct object once, as
    # integers (p < q when p.numerator * q.denominator < q.numerator * p.denominator),
    # and tell 1 by its numerator.  On big exact boards each comparison multiplies
    # integers of many thousands of digits.
    values = exact.values()
    distinct = dict(zip(map(id, values), values, strict=True))
    if off is not None:
        distinct[id(off)] = off
    lowest: Fraction | None = None
    low: set[int] = set()
    least_n = least_d = 0
    for key, p in checked(distinct.items(), deadline, 64):
        n, d = p.numerator, p.denominator
        if n == d:
            continue
        if lowest is None or n * least_d < least_n * d:
            lowest, least_n, least_d, low = p, n, d, {key}
        elif n * least_d == least_n * d:
            low.add(key)
    # Cells share their box's object: compare objects, not values, cell by cell.
    tied = [] if lowest is None else [c for c, p in exact.items() if id(p) in low]
    if off_frontier and (off == lowest if off is not None else not tied):
        tied.extend(off_frontier)
    return sorted(tied)


def _record(exact: dict[Cell, Fraction], pos: Position, boxes: Sequence[Sequence[Fraction]]) -> None:
    """Give every frontier cell its box's probability, checking it against the facts already known."""
    for comp, probs in zip(pos.components, boxes, strict=True):
        for b, p in enumerate(probs):
            for c in comp.box_cells(b):
                # Entailment and counting are independent derivations of the same facts.
                prior = exact.get(c)
                assert prior is None or prior == p, f"entailment and counting disagree at {c}"
                exact[c] = p


def _weigh_in_floats(
    pos: Position, tables: list[CountTable], deadline: float | None
) -> tuple[LayoutCount, list[list[Fraction]], Fraction | None] | None:
    """Weigh with :func:`~cnfsweep.engine.approx.combine_approx` (see :class:`Arithmetic`); ``None`` if no layout."""
    from cnfsweep.engine.approx import combine_approx  # numpy is only needed here

    weighed = combine_approx(tables, len(pos.off_frontier), pos.mines_left, deadline)
    if not weighed.consistent:
        return None
    boxes = [
        [Fraction(fact if fact is not None else p) for p, fact in zip(probs, facts, strict=True)]
        for probs, facts in zip(weighed.boxes, weighed.certain, strict=True)
    ]
    off = weighed.off_certain if weighed.off_certain is not None else weighed.off_frontier
    count = LayoutCount(None, weighed.log_solutions / math.log(10))
    return count, boxes, None if off is None else Fraction(off)
