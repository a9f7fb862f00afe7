"""Pairs of cells that only a click can tell apart: forced pairs and likely 50/50s.

Swapping a mine between two cells ``a`` and ``b`` changes only the numbers of
the cells next to exactly one of them, their *caps* (:func:`caps`).  When
every cap is a mine, nothing but clicking ``a`` or ``b`` tells which holds the
mine.

:func:`forced_pair` finds such a pair that holds exactly one mine in every
layout: one of them must be clicked at even odds sooner or later.

:func:`influence` weighs a likelier case.  Two cells ``t`` and ``u`` sharing a side (as the board's
topology says: :meth:`~cnfsweep.core.topology.Topology.sides`) whose other neighbours ("caps", the
cells next to one of them but not the other) are all mines can never be told
apart: every other cell shows the same number whichever of them holds the
mine.  In the layouts where ``t`` is the mine of such a pair, a player who
guesses elsewhere still has to take that 50/50 later and wins at most half of
them; in the mirror layouts where ``u`` is the mine, clicking ``t`` now
survives and settles the pair.  Scoring ``t`` only by its own safety therefore
undervalues it by about the number of layouts where it is the mine of a likely
50/50: its *influence*.

Examples
--------
>>> from cnfsweep.core.board import Board, Cell
>>> from cnfsweep.engine.position import build_position
>>> from cnfsweep.search.whatif import Snapshot
>>> snap = Snapshot.of(build_position(Board.from_rows(["..", "11"], total_mines=1)))
>>> influence(snap, Cell(0, 0)), snap.weight(Cell(0, 0)), snap.solutions
(1, 1, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from cnfsweep.engine.analysis import Analysis
from cnfsweep.core.board import Cell
from cnfsweep.core.characters import FLAG
from cnfsweep.core.topology import Topology
from cnfsweep.search.whatif import Snapshot

if TYPE_CHECKING:
    # Annotations only: importing the players' policies (for their names, in --help) does not import the engine.
    import numpy as np

    from cnfsweep.engine import Engine

__all__ = ["caps", "forced_pair", "influence", "pseudo_fifty"]

# Patterns with more caps still to prove mines are rare and costly to count.
MAX_OPEN_CAPS = 2


def caps(topology: Topology, a: Cell, b: Cell) -> list[Cell]:
    """Return the cells next to exactly one of ``a`` and ``b`` (neither of the two), row-major.

    Examples
    --------
    >>> from cnfsweep.core.topology import Square
    >>> caps(Square(2, 3), Cell(0, 0), Cell(0, 1))
    [Cell(row=0, col=2), Cell(row=1, col=2)]
    """
    tables = topology.tables()
    cells = tables.cells
    differ = set(tables.near(a)).symmetric_difference(tables.near(b))
    return sorted(x for x in (cells[j] for j in differ) if x not in (a, b))


def forced_pair(analysis: Analysis, engine: Engine | None = None, total_caps: bool = False) -> tuple[Cell, Cell] | None:
    """Find two covered cells holding exactly one mine that no future reveal can tell apart.

    Each of their caps must be a flag or a certain mine on the frontier, so
    nothing but clicking ``a`` or ``b`` decides which one holds the mine.  Conditioning the position on ``a``
    (:meth:`~cnfsweep.search.whatif.Snapshot.condition`) confirms that exactly one of
    them is a mine in every consistent layout.  With ``total_caps``, a cap off the
    frontier that the total makes a certain mine counts too (it never shows a number
    either); without, such pairs are left out, as square games have always played.
    """
    board = analysis.board
    # Told from the engine's integers: no Fraction made for every frontier cell.
    halves = analysis.frontier_halves()
    if len(halves) < 2:
        return None
    grid = board.grid
    ones = frozenset(analysis.frontier_mines())

    def certain_mine(c: Cell) -> bool:
        if grid[c.row][c.col] == FLAG or c in ones:
            return True
        # Frontier cells only: a cap off the frontier that the total makes a mine is not counted
        # (counting it would change the moves of square games, which are pinned).  A frontier cell
        # not in ``ones`` is not at 1, which is what analysis.exact says of it too.
        if not total_caps:
            return False
        p = analysis.exact(c)
        return p is not None and p.numerator == p.denominator

    snap: Snapshot | None = None
    topology = board.topology
    for i, a in enumerate(halves):
        near_a = set(topology.neighbours(a))
        for b in halves[i + 1 :]:
            # Only cells that touch, or share a neighbour, can be told apart by caps alone.
            if b not in near_a and near_a.isdisjoint(topology.neighbours(b)):
                continue
            if not all(map(certain_mine, caps(board.topology, a, b))):
                continue
            # Made once, and only for a pair that passes the cheap test: most positions have none.
            snap = snap if snap is not None else Snapshot.of_analysis(analysis, engine)
            if _exactly_one(snap, a, b):
                return a, b
    return None


def _exactly_one(snap: Snapshot, a: Cell, b: Cell) -> bool:
    if_mine, if_safe = snap.condition({a: True}), snap.condition({a: False})
    # Both exist, since ``a`` is a mine in exactly half of the layouts.
    assert if_mine is not None and if_safe is not None
    return if_mine.weight(b) == 0 and if_safe.weight(b) == if_safe.solutions


def influence(snap: Snapshot, cell: Cell) -> int:
    """Count the layouts in which ``cell`` is the mine of a likely 50/50 with a neighbour across a side.

    The partners are the topology's :meth:`~cnfsweep.core.topology.Topology.sides`
    of the cell: left and right, up and down on a square or a torus (wrapping
    there), the three axes of a hexagon, every neighbour on a graph.  For each
    axis the partner giving the most layouts counts; the axes add up, capped at
    the layouts where ``cell`` is a mine and at those where it is safe.  Cells
    off the frontier have no influence.
    """
    topology = snap.topology
    n = snap.solutions
    mine_layouts = snap.weight(cell)
    # Off the frontier such patterns are guesses about unexplored ground, which later
    # reveals around them will usually settle: only the frontier's count.
    if not 0 < mine_layouts < n or cell not in snap.box_of:
        return 0
    total = 0
    for axis in topology.sides(cell):
        best = 0
        for partner in axis:
            if not snap.unknown(partner) or not 0 < snap.weight(partner) < n:
                continue
            apart = caps(topology, cell, partner)
            # A cap that is or will be revealed tells the two cells apart.
            if any(not (x in snap.known_mines or snap.unknown(x)) for x in apart):
                continue
            open_caps = [x for x in apart if x not in snap.known_mines and snap.weight(x) < n]
            if len(open_caps) > MAX_OPEN_CAPS:
                continue
            values = {cell: True, partner: False, **dict.fromkeys(open_caps, True)}
            after = snap.condition(values)
            if after is not None:
                best = max(best, after.solutions)
        total += best
    return min(total, mine_layouts, n - mine_layouts)


def pseudo_fifty(snap: Snapshot, living: Callable[[Cell], bool] = lambda c: True) -> Cell | None:
    """Find a cell that is a mine only where it forms a 50/50 no reveal can settle: a pseudo 50/50.

    A covered cell ``t`` and a neighbour ``u`` across one of its sides
    (:meth:`~cnfsweep.core.topology.Topology.sides`) whose caps are all mines or
    unknown, at most one of them not yet a certain mine, qualify when every layout
    with a mine on ``t`` also has ``u`` safe and every cap a mine.  Then each such
    layout and its mirror (the mine on ``u`` instead, which shows the same
    numbers) are a coin flip for any player, and a click on ``t`` now wins the
    mirror half at once: it loses nothing a later guess would not, and may learn
    what ``t`` shows.  The first such cell row-major that ``living`` accepts
    (dead cells, which show one number only, are better left) is returned.

    Examples
    --------
    >>> from cnfsweep.core.board import Board
    >>> from cnfsweep.engine.position import build_position
    >>> snap = Snapshot.of(build_position(Board.from_rows(["...", "*2."], total_mines=2)))
    >>> pseudo_fifty(snap)  # a mine there or below it: the other cells see both alike
    Cell(row=0, col=2)
    """
    import numpy as np  # here: importing the policies (for --help) does not import numpy

    n = snap.solutions
    sides = _side_caps(snap.topology)  # type: ignore[arg-type]  # topologies are frozen, so hashable
    index = sides.index
    unknown = snap.box_of.keys() | snap.off
    # Every cell's state, for a screen of all pairs at once that most pairs fail before a cap is listed or a
    # layout counted: a cap must be covered (unknown or a known mine), and at most one not yet a mine.
    # Revealed cells are 0, unknown ones 1, certain mines 2 (as is the padding of short cap lists).
    state = np.zeros(len(index) + 1, dtype=np.int8)
    state[-1] = 2
    state[[index[c] for c in unknown]] = 1
    state[[index[c] for c in snap.known_mines] + [index[c] for c in unknown if snap.weight(c) == n]] = 2
    around = state[sides.caps]
    screened = np.flatnonzero((around.min(axis=1) > 0) & ((around == 1).sum(axis=1) <= 1))
    partners: dict[Cell, list[Cell]] = {}
    for k in screened.tolist():
        partners.setdefault(sides.cells[sides.first[k]], []).append(sides.cells[sides.second[k]])
    for t in sorted(partners):
        mine_layouts = snap.weight(t) if t in unknown else 0
        # Asked last: telling a dead cell costs working out what it can show.
        if 0 < mine_layouts < n and _pseudo_partner(snap, t, partners[t]) and living(t):
            return t
    return None


@dataclass(frozen=True, eq=False)
class _SideCaps:
    """Every ordered pair of a shape's cells across a side, and the pair's caps (by index in the shape's tables).

    ``caps`` has a row per pair, padded with the index one past the last cell.
    """

    cells: tuple[Cell, ...]
    index: dict[Cell, int]
    first: list[int]
    second: list[int]
    caps: np.ndarray


@lru_cache(maxsize=16)
def _side_caps(topology: Topology) -> _SideCaps:
    import numpy as np

    cells, around = topology.tables()
    index = {c: i for i, c in enumerate(cells)}
    first, second, rows = [], [], []
    for i, t in enumerate(cells):
        for axis in topology.sides(t):
            for u in axis:
                j = index[u]
                first.append(i)
                second.append(j)
                rows.append(sorted(set(around[i]).symmetric_difference(around[j]) - {i, j}))
    width = max(map(len, rows), default=0)
    caps = np.full((len(rows), max(width, 1)), len(cells), dtype=np.int32)
    for k, row in enumerate(rows):
        caps[k, : len(row)] = row
    return _SideCaps(cells, index, first, second, caps)


def _pseudo_partner(snap: Snapshot, t: Cell, partners: list[Cell]) -> bool:
    """Tell whether every layout with a mine on ``t`` has the same 50/50 with one of ``partners``."""
    n, topology = snap.solutions, snap.topology
    for u in partners:
        if not snap.unknown(u) or not 0 < snap.weight(u) < n:
            continue
        apart = caps(topology, t, u)
        open_caps = [x for x in apart if x not in snap.known_mines and snap.weight(x) < n]
        after = snap.condition({t: True, u: False, **dict.fromkeys(open_caps, True)})
        if after is not None and after.solutions == snap.weight(t):
            return True
    return False
