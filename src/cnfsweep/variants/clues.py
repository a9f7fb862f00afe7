"""The clue rules of the first game: what a revealed clue means.

Counting rules (V, 1X, 1X', 1K) read a clue as the mines in a region, each
mine weighed by its cell's mine value; 1M (mines on dyed cells count 2), 1N
(the clue is the difference between undyed and dyed mines) and 1L (every clue
is one off) change that reading and state no constraint of their own.  1W and
1P read the region's layout otherwise: their constraint is the list of partial
layouts that show the clue; 1E's is a :class:`~cnfsweep.variants.rule.Sight`
over its four rays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import product
from typing import ClassVar

from cnfsweep.core.board import Cell
from cnfsweep.variants.mines import KING, KNIGHT, ORTHOGONAL
from cnfsweep.variants.rule import AnyOf, ClueValue, Grid, RuleKind, Sight, Statement, Sum

__all__ = ["CLUE_RULES", "MODIFIERS", "ring_runs"]

#: The ring of eight cells around a clue, in order round it (clockwise from the top left).
RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))
CROSS2 = ((-2, 0), (-1, 0), (0, -2), (0, -1), (0, 1), (0, 2), (1, 0), (2, 0))


def ring_runs(ring: Sequence[bool]) -> tuple[int, ...]:
    """The sorted lengths of the runs of mines round a closed ring (``()`` for none).

    Examples
    --------
    >>> ring_runs([True, False, True, True, False, False, False, True])  # the last and first cells join
    (2, 2)
    >>> ring_runs([True] * 8), ring_runs([False] * 8)
    ((8,), ())
    """
    if all(ring):
        return (len(ring),)
    start = list(ring).index(False)  # read from a safe cell, so no run wraps round the end
    runs, length = [], 0
    for mine in list(ring[start:]) + list(ring[:start]):
        if mine:
            length += 1
        elif length:
            runs.append(length)
            length = 0
    if length:
        runs.append(length)
    return tuple(sorted(runs))


class _Clue:
    kind: ClassVar[RuleKind] = RuleKind.CLUE
    counts: ClassVar[bool] = True

    def takes(self, value: ClueValue) -> bool:
        return isinstance(value, int)


def _ring_of(grid: Grid, cell: Cell, mines: AbstractSet[Cell]) -> list[bool]:
    # Cells off the grid are safe.
    return [Cell(cell.row + dr, cell.col + dc) in mines for dr, dc in RING]


class _Counting(_Clue):
    name: ClassVar[str]
    steps: ClassVar[tuple[tuple[int, int], ...]]

    def clue(self, grid: Grid, cell: Cell, values: frozenset[ClueValue], weight: Mapping[Cell, int]) -> Statement:
        region = grid.steps(cell, self.steps)
        return Sum(
            region,
            tuple(weight[c] for c in region),
            frozenset(v for v in values if isinstance(v, int)),
            self.name,
            cell,
        )

    def reads(self, grid: Grid, cell: Cell, mines: AbstractSet[Cell], weight: Mapping[Cell, int]) -> ClueValue:
        # Under 1N the weights of dyed cells are -1, and the clue shows the difference without its sign.
        return abs(sum(weight[c] for c in grid.steps(cell, self.steps) if c in mines))


class Vanilla(_Counting):
    """V: the classic number."""

    name = "V"
    title = "Vanilla"
    definition = "a clue is the number of mines among the eight cells around it"
    steps = KING


class Cross(_Counting):
    """1X: mines in the cross of radius 2."""

    name = "1X"
    title = "Cross"
    definition = (
        "a clue is the number of mines among the eight cells up to two steps away in a straight line across a side"
    )
    steps = CROSS2


class MiniCross(_Counting):
    """1X': mines across the four sides."""

    name = "1X'"
    title = "Mini Cross"
    definition = "a clue is the number of mines among the four cells that share a side with it"
    steps = ORTHOGONAL


class Knight(_Counting):
    """1K: mines a knight's move away."""

    name = "1K"
    title = "Knight"
    definition = "a clue is the number of mines among the eight cells a knight's move away"
    steps = KNIGHT


def _patterns(
    grid: Grid,
    cell: Cell,
    steps: Sequence[tuple[int, int]],
    shows: Callable[[list[bool]], ClueValue],
    values: frozenset[ClueValue],
    rule: str,
) -> Statement:
    """Every layout of the region (cells off the grid safe) whose reading is one of ``values``."""
    spots = [Cell(cell.row + dr, cell.col + dc) for dr, dc in steps]
    on = [s for s in spots if grid.inside(s)]
    cases = []
    for bits in product((False, True), repeat=len(on)):
        got = dict(zip(on, bits, strict=False))
        if shows([got.get(s, False) for s in spots]) in values:
            cases.append(tuple(zip(on, bits, strict=False)))
    return AnyOf(tuple(cases), rule, cell)


class Wall(_Clue):
    """1W: the lengths of the runs of mines round the clue."""

    name = "1W"
    title = "Wall"
    definition = (
        "a clue lists the lengths of the runs of consecutive mines in the ring of eight cells around it "
        "(cells off the board are safe; 0 when there is none)"
    )
    counts = False

    def takes(self, value: ClueValue) -> bool:
        return isinstance(value, int | tuple)

    def clue(self, grid: Grid, cell: Cell, values: frozenset[ClueValue], weight: Mapping[Cell, int]) -> Statement:
        wanted = frozenset(
            () if v == 0 else (v,) if isinstance(v, int) else tuple(sorted(v))
            for v in values
            if isinstance(v, int | tuple)
        )
        return _patterns(grid, cell, RING, ring_runs, wanted, self.name)

    def reads(self, grid: Grid, cell: Cell, mines: AbstractSet[Cell], weight: Mapping[Cell, int]) -> ClueValue:
        # Written as the board text writes it: 0 for no run, one run as its length, else the lengths.
        runs = ring_runs(_ring_of(grid, cell, mines))
        return 0 if not runs else runs[0] if len(runs) == 1 else runs


class Partition(_Clue):
    """1P: the number of runs of mines round the clue."""

    name = "1P"
    title = "Partition"
    definition = "a clue is the number of runs of consecutive mines in the ring of eight cells around it"
    counts = False

    def clue(self, grid: Grid, cell: Cell, values: frozenset[ClueValue], weight: Mapping[Cell, int]) -> Statement:
        return _patterns(grid, cell, RING, lambda ring: len(ring_runs(ring)), values, self.name)

    def reads(self, grid: Grid, cell: Cell, mines: AbstractSet[Cell], weight: Mapping[Cell, int]) -> ClueValue:
        return len(ring_runs(_ring_of(grid, cell, mines)))


class Eyesight(_Clue):
    """1E: the safe cells the clue sees along its row and column."""

    name = "1E"
    title = "Eyesight"
    definition = (
        "a clue is the number of safe cells seen from it looking up, down, left and right, itself included; "
        "a mine blocks the view"
    )
    counts = False

    def clue(self, grid: Grid, cell: Cell, values: frozenset[ClueValue], weight: Mapping[Cell, int]) -> Statement:
        rays = []
        for dr, dc in ORTHOGONAL:
            ray, k = [], 1
            while grid.inside(nxt := Cell(cell.row + k * dr, cell.col + k * dc)):
                ray.append(nxt)
                k += 1
            rays.append(tuple(ray))
        return Sight(tuple(rays), frozenset(v for v in values if isinstance(v, int)), self.name, cell)

    def reads(self, grid: Grid, cell: Cell, mines: AbstractSet[Cell], weight: Mapping[Cell, int]) -> ClueValue:
        seen = 1
        for dr, dc in ORTHOGONAL:
            k = 1
            while grid.inside(nxt := Cell(cell.row + k * dr, cell.col + k * dc)) and nxt not in mines:
                seen += 1
                k += 1
        return seen


class _Modifier:
    kind: ClassVar[RuleKind] = RuleKind.CLUE


class Multiple(_Modifier):
    """1M: a mine on a dyed cell counts twice in every counting clue."""

    name = "1M"
    title = "Multiple"
    definition = "a mine on a dyed cell counts 2 in every clue that counts mines"


class Negation(_Modifier):
    """1N: a counting clue is the difference between the mines on undyed and on dyed cells."""

    name = "1N"
    title = "Negation"
    definition = "a clue that counts mines shows the absolute difference between the mines on undyed and on dyed cells of its region"


class Liar(_Modifier):
    """1L: every clue is one more or one less than the truth."""

    name = "1L"
    title = "Liar"
    definition = "every clue is exactly 1 more or 1 less than the value its rule gives"


CLUE_RULES = (Vanilla, Cross, MiniCross, Knight, Wall, Partition, Eyesight)
MODIFIERS = (Multiple, Negation, Liar)
