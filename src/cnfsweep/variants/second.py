"""The rules of the second game.

Local mine rules 2H, 2T and 2S state each line's pattern, and 2F each dyed
cell's, as
:class:`~cnfsweep.variants.rule.Sum` constraints; 2B, whole bridges across
the board, is stated exactly by sums over columns too (see :class:`Bridges`); clue rules 2D (V's count
moved one row up) and 2M (V's count modulo 3) read a clue as the weighted
mines of a region, 2M allowing every count with the clue's remainder; 2X
lists the layouts of the ring that show its two counts, and 2P the partial layouts that put its
two nearest mines at distances whose product it shows; 2I counts seven of
V's eight cells, the same seven for every clue, a hidden choice
(:class:`~cnfsweep.variants.rule.Chosen`); 2L's clues are V's, one of them
a liar in every row and column (:class:`~cnfsweep.variants.rule.Liars`); a 2A
clue is the size of the groups of mines beside it
(:class:`~cnfsweep.variants.rule.Area`).  The
global 2C is 1C's connectivity with a local rule on each 2x2 square; 2G cuts
off each layout with a group of the wrong size.
"""

from __future__ import annotations

import random

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from itertools import combinations, pairwise, product
from typing import ClassVar

from cnfsweep.core.board import Cell
from cnfsweep.variants.clues import Vanilla
from cnfsweep.variants.mines import KING, ORTHOGONAL, Connected, groups
from cnfsweep.variants.rule import (
    AnyOf,
    Area,
    Chosen,
    ClueValue,
    Grid,
    Layout,
    Letter,
    Liars,
    RuleKind,
    Statement,
    Sum,
    Surd,
)

__all__ = ["SECOND_CLUE_RULES", "SECOND_MINE_RULES"]

#: The 3x3 square centred on the cell above the clue (the clue's own cell is its bottom middle).
RAISED = tuple((dr, dc) for dr in (-2, -1, 0) for dc in (-1, 0, 1))
HORIZONTAL = ((0, -1), (0, 1))


def _count(cells: tuple[Cell, ...], allowed: range | set[int], rule: str, when: Cell | None = None) -> Sum:
    return Sum(cells, (1,) * len(cells), frozenset(allowed), rule, when=when)


class _Local:
    kind: ClassVar[RuleKind] = RuleKind.MINE
    local: ClassVar[bool] = True

    def cuts(self, grid: Grid, layout: Layout) -> tuple[Statement, ...]:
        return ()


class Pairs(_Local):
    """2H: a mine always has a mine beside it in its row."""

    name = "2H"
    title = "Horizontal"
    definition = "every mine has at least one mine horizontally adjacent to it"

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        # Guarded by the cell: where it is a mine, its row neighbours hold one or two (an empty sum forbids the mine).
        return tuple(_count(grid.steps(c, HORIZONTAL), {1, 2}, self.name, when=c) for c in grid.cells)


class NoThree(_Local):
    """2T: no three in a row or column are all mines, nor all safe."""

    name = "2T"
    title = "Triplet"
    definition = "no three consecutive cells in a row or column are all mines, and none are all safe"

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        out = []
        for cell in grid.cells:
            for dr, dc in ((0, 1), (1, 0)):
                line = grid.steps(cell, ((0, 0), (dr, dc), (2 * dr, 2 * dc)))
                if len(line) == 3:
                    out.append(_count(line, {1, 2}, self.name))
        return tuple(out)


class Segment(_Local):
    """2S: each row holds one unbroken run of mines."""

    name = "2S"
    title = "Segment"
    definition = "every row holds exactly one run of consecutive mines (at least one mine, no gap between mines)"

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        out: list[Statement] = []
        for r in range(grid.rows):
            row = tuple(Cell(r, c) for c in range(grid.cols))
            out.append(_count(row, range(1, grid.cols + 1), self.name))
            # A run that ends at i (mine at i, safe at i + 1) is the last: no mine at any k past i + 1.
            # mine(i) - mine(i + 1) + mine(k) <= 1
            for i in range(grid.cols - 2):
                for k in range(i + 2, grid.cols):
                    cells = (row[i], row[i + 1], row[k])
                    out.append(Sum(cells, (1, -1, 1), frozenset({-1, 0, 1}), self.name))
        return tuple(out)


class Flower(_Local):
    """2F: a mine on a dyed cell has exactly one mine beside it."""

    name = "2F"
    title = "Flower"
    definition = "a mine on a dyed cell has exactly one mine among the four cells that share a side with it"
    #: It reads the dyed cells, so generated puzzles dye some.
    uses_dye: ClassVar[bool] = True

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        return tuple(_count(grid.steps(c, ORTHOGONAL), {1}, self.name, when=c) for c in sorted(grid.dyed))


class Bridges(_Local):
    """2B: the mines are bridges, each a path across the board with one mine in every column.

    The game calls it global, yet linear sums over columns state it exactly,
    so it is local here and counts like numbers.  Mines split into such paths
    exactly when every column holds the same number ``k`` of mines (``k >= 1``)
    and, for each two columns side by side, the i-th mine from the top of one
    is at most one row from the i-th of the other: paths that cross can be
    swapped at the crossing, so some pairing of the two columns' mines
    works exactly when the pairing in order does.  In order, with ``A(r)``
    and ``B(r)`` the mines in rows ``0..r`` of the two columns, that is
    ``B(r) <= A(r + 1)`` and ``A(r) <= B(r + 1)`` for every row ``r``.
    """

    name = "2B"
    title = "Bridge"
    definition = (
        "the mines form one or more bridges: paths from the left edge to the right edge with one mine in each "
        "column, each mine beside the one before through a side or a corner"
    )

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        column = [tuple(Cell(r, c) for r in range(grid.rows)) for c in range(grid.cols)]
        out: list[Statement] = [_count(column[0], range(1, grid.rows + 1), self.name)]
        for c in range(1, grid.cols):
            # The same number of mines as the first column.
            out.append(Sum(column[c] + column[0], (1,) * grid.rows + (-1,) * grid.rows, frozenset({0}), self.name))
        for left, right in pairwise(column):
            for r in range(grid.rows - 1):
                for one, other in ((left, right), (right, left)):
                    # mines(one, rows 0..r + 1) - mines(other, rows 0..r) >= 0
                    cells = one[: r + 2] + other[: r + 1]
                    weights = (1,) * (r + 2) + (-1,) * (r + 1)
                    out.append(Sum(cells, weights, frozenset(range(r + 3)), self.name))
        return tuple(out)


class Rectangles(Connected):
    """2C: mine groups across sides are rectangles, and all mines touch through sides and corners."""

    name = "2C"
    title = "Connected"
    definition = (
        "every side-connected group of mines is a rectangle, and all mines (at least one) form one group "
        "connected through sides and corners"
    )

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        # A group is a rectangle exactly when no 2x2 square holds three mines (an inner corner).
        squares = (grid.steps(c, ((0, 0), (0, 1), (1, 0), (1, 1))) for c in grid.cells)
        return super().constraints(grid) + tuple(_count(s, {0, 1, 2, 4}, self.name) for s in squares if len(s) == 4)


class Fours(_Local):
    """2G: every group of mines across sides has four cells."""

    name = "2G"
    title = "Group"
    definition = "every side-connected group of mines has exactly four cells"
    local = False

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        return ()

    def cuts(self, grid: Grid, layout: Layout) -> tuple[Statement, ...]:
        out: list[Statement] = []
        for group in groups(grid, [c for c in grid.cells if layout[c]], ORTHOGONAL):
            if len(group) > 4:
                # Each prefix of a group, in the order it was reached, is connected: five of them cannot all be mines.
                out.append(_count(tuple(group[:5]), range(5), self.name))
            elif len(group) < 4:
                # Not (the group all mines and every cell beside it safe): -mines(group) + mines(rim) >= 1 - |group|.
                inside = set(group)
                rim = tuple(sorted({n for c in group for n in grid.steps(c, ORTHOGONAL)} - inside))
                cells = (*group, *rim)
                weights = (-1,) * len(group) + (1,) * len(rim)
                out.append(Sum(cells, weights, frozenset(range(1 - len(group), len(rim) + 1)), self.name))
        return tuple(out)


class Deviation(Vanilla):
    """2D: V's count, over the 3x3 square one row up."""

    name = "2D"
    title = "Deviation"
    definition = "a clue is the number of mines in the 3x3 square centred on the cell directly above it"
    steps = RAISED


class Modulo(Vanilla):
    """2M: V's count, modulo 3."""

    name = "2M"
    title = "Modulo"
    definition = "a clue is the remainder of the number of mines among the eight cells around it divided by 3"
    # The clue is a remainder, not a count: 1M and 1N have nothing to weigh.
    counts = False

    def clue(self, grid: Grid, cell: Cell, values: frozenset[ClueValue], weight: Mapping[Cell, int]) -> Statement:
        region = grid.steps(cell, KING)
        remainders = {v for v in values if isinstance(v, int)}
        allowed = frozenset(n for n in range(len(region) + 1) if n % 3 in remainders)
        return Sum(region, (1,) * len(region), allowed, self.name, cell)

    def reads(self, grid: Grid, cell: Cell, mines: AbstractSet[Cell], weight: Mapping[Cell, int]) -> ClueValue:
        return sum(c in mines for c in grid.steps(cell, KING)) % 3


class Pair:
    """2X: the mines around, on dyed and on undyed cells, as two counts in either order."""

    name: ClassVar[str] = "2X"
    title: ClassVar[str] = "Cross"
    definition: ClassVar[str] = (
        "a clue shows two numbers, in either order: the mines on dyed and on undyed cells among the eight around it"
    )
    kind: ClassVar[RuleKind] = RuleKind.CLUE
    # Two counts, not one: 1M, 1N and 1L have no single number to change.
    counts: ClassVar[bool] = False
    #: Its clues read the dye, so generated puzzles dye cells.
    uses_dye: ClassVar[bool] = True
    #: What its clue tokens are, for the one line a board with another token gets.
    expects: ClassVar[str] = "two counts joined by ',' (1,2)"

    def takes(self, value: ClueValue) -> bool:
        return isinstance(value, tuple) and len(value) == 2

    def clue(self, grid: Grid, cell: Cell, values: frozenset[ClueValue], weight: Mapping[Cell, int]) -> Statement:
        region = grid.steps(cell, KING)
        wanted = {tuple(sorted(v)) for v in values if isinstance(v, tuple)}
        cases = []
        for bits in product((False, True), repeat=len(region)):
            mines = {c for c, mine in zip(region, bits, strict=True) if mine}
            if self._shows(grid, mines) in wanted:
                cases.append(tuple(zip(region, bits, strict=True)))
        return AnyOf(tuple(cases), self.name, cell)

    def reads(self, grid: Grid, cell: Cell, mines: AbstractSet[Cell], weight: Mapping[Cell, int]) -> ClueValue:
        return self._shows(grid, {c for c in grid.steps(cell, KING) if c in mines})

    @staticmethod
    def _shows(grid: Grid, mines: AbstractSet[Cell]) -> tuple[int, int]:
        dyed = sum(c in grid.dyed for c in mines)
        low, high = sorted((dyed, len(mines) - dyed))
        return (low, high)


class Product:
    """2P: the product of the distances from the clue to the two nearest mines, written ``a√b``.

    With ``d1 <= d2`` the squared Euclidean distances of the two nearest mines
    (they may tie), the clue shows ``√(d1·d2)``.  A clue of value ``v`` allows
    each pair ``d1·d2 = v²`` of squared distances some cell is at; each pair
    is split into disjoint partial layouts by which cells are its nearest
    mines (the one at ``d1`` and the first at ``d2`` in a fixed order, or the
    first two at ``d1`` when ``d1 = d2``), every nearer cell safe, so each
    layout matches one case: the cases' literals are fixed by the mines.
    """

    name: ClassVar[str] = "2P"
    title: ClassVar[str] = "Product"
    definition: ClassVar[str] = (
        "a clue is the product of the Euclidean distances from it to the two nearest mines (they may tie), "
        "written a√b; the board needs two mines"
    )
    kind: ClassVar[RuleKind] = RuleKind.CLUE
    # A product of distances, not a count: 1M, 1N and 1L have nothing to change.
    counts: ClassVar[bool] = False
    #: What its clue tokens are, for the one line a board with another token gets.
    expects: ClassVar[str] = "a product of distances: a whole number from 1 or a√b (√2, 2√5)"

    def takes(self, value: ClueValue) -> bool:
        return isinstance(value, Surd) or (isinstance(value, int) and value >= 1)

    @staticmethod
    def _square(value: ClueValue) -> int | None:
        if isinstance(value, Surd):
            return value.square
        return value * value if isinstance(value, int) else None

    def clue(self, grid: Grid, cell: Cell, values: frozenset[ClueValue], weight: Mapping[Cell, int]) -> Statement:
        rings: dict[int, list[Cell]] = {}
        for other in grid.cells:
            if other != cell:
                rings.setdefault((other.row - cell.row) ** 2 + (other.col - cell.col) ** 2, []).append(other)
        wanted = {s for s in map(self._square, values) if s is not None}
        cases: list[tuple[tuple[Cell, bool], ...]] = []
        for near in sorted(rings):
            for far in sorted(rings):
                if far < near or near * far not in wanted:
                    continue
                closer = [c for d in rings if d < far and d != near for c in rings[d]]
                if near == far:
                    ring = rings[near]
                    for j in range(len(ring)):
                        for i in range(j):
                            # The first two mines of the ring are its i-th and j-th cells.
                            safe = closer + [c for k, c in enumerate(ring[:j]) if k != i]
                            cases.append(((ring[i], True), (ring[j], True), *((c, False) for c in safe)))
                    continue
                for one in rings[near]:
                    others = [c for c in rings[near] if c != one]
                    for j, second in enumerate(rings[far]):
                        safe = closer + others + rings[far][:j]
                        cases.append(((one, True), (second, True), *((c, False) for c in safe)))
        return AnyOf(tuple(cases), self.name, cell)

    def reads(self, grid: Grid, cell: Cell, mines: AbstractSet[Cell], weight: Mapping[Cell, int]) -> ClueValue | None:
        """The product the clue shows on ``mines``; ``None`` (no clue) with fewer than two mines."""
        squares = sorted((m.row - cell.row) ** 2 + (m.col - cell.col) ** 2 for m in mines if m != cell)
        if len(squares) < 2:
            return None
        return Surd.of(squares[0] * squares[1])


class Encrypted:
    """2E: each clue is a letter standing for V's count; letters map one to one onto ``0 .. min(rows, 9) - 1``.

    The letter map is not a variable: the mines fix every clue's count, so the
    map exists exactly when clues with the same letter count alike, clues with
    different letters count differently, and every count is below the bound.
    Each clue states the bound (:meth:`clue`) and each two clues their equality
    or difference (:meth:`relations`, a sum of the one's mines minus the
    other's), so each layout is counted once.
    """

    name: ClassVar[str] = "2E"
    title: ClassVar[str] = "Encrypted"
    definition: ClassVar[str] = (
        "a clue is V's count shown as a letter; letters stand one to one for the numbers 0 to min(rows, 9) - 1"
    )
    kind: ClassVar[RuleKind] = RuleKind.CLUE
    # A letter, not a number: 1M, 1N and 1L have nothing to change.
    counts: ClassVar[bool] = False
    #: What its clue tokens are, for the one line a board with another token gets.
    expects: ClassVar[str] = "a capital letter from A to I"
    #: Its letters, in order; the bound keeps a board to the first ``min(rows, 9)``.
    letters: ClassVar[str] = "ABCDEFGHI"

    def takes(self, value: ClueValue) -> bool:
        return isinstance(value, Letter) and value.letter in self.letters

    @staticmethod
    def bound(grid: Grid) -> int:
        """How many numbers the letters stand for: ``0 .. bound - 1``."""
        return min(grid.rows, 9)

    def clue(self, grid: Grid, cell: Cell, values: frozenset[ClueValue], weight: Mapping[Cell, int]) -> Statement:
        region = grid.steps(cell, KING)
        return Sum(region, (1,) * len(region), frozenset(range(self.bound(grid))), self.name, cell)

    def relations(self, grid: Grid, clues: Mapping[Cell, ClueValue]) -> tuple[Statement, ...]:
        """What each two clues state together: equal counts under one letter, different counts under two."""
        out: list[Statement] = []
        region = {cell: grid.steps(cell, KING) for cell in clues}  # once a clue, not once a pair
        for one, other in combinations(sorted(clues), 2):
            weights: dict[Cell, int] = {}
            for c in region[one]:
                weights[c] = weights.get(c, 0) + 1
            for c in region[other]:
                weights[c] = weights.get(c, 0) - 1
            kept = [(c, w) for c, w in sorted(weights.items()) if w]
            cells = tuple(c for c, _ in kept)
            ws = tuple(w for _, w in kept)
            low, high = sum(w for w in ws if w < 0), sum(w for w in ws if w > 0)
            same = clues[one] == clues[other]
            allowed = frozenset({0}) if same else frozenset(range(low, high + 1)) - {0}
            # Two clues with the same region and different letters can never hold: an empty sum allowing nothing.
            out.append(Sum(cells, ws, allowed, self.name, pair=(one, other)))
        return tuple(out)

    def cipher(self, grid: Grid, rng: random.Random) -> dict[int, ClueValue]:
        """A random one-to-one code from the numbers ``0 .. bound - 1`` to the first ``bound`` letters."""
        letters = list(self.letters[: self.bound(grid)])
        rng.shuffle(letters)
        return {n: Letter(a) for n, a in enumerate(letters)}

    def reads(self, grid: Grid, cell: Cell, mines: AbstractSet[Cell], weight: Mapping[Cell, int]) -> ClueValue:
        """V's count (:meth:`cipher` turns it into the letter it shows)."""
        return sum(c in mines for c in grid.steps(cell, KING))


class Incomplete:
    """2I: V's count over seven of the eight cells around, the one left out in the same direction for every clue.

    The direction is a hidden choice of eight ways, one a direction of
    :data:`~cnfsweep.variants.mines.KING`, that every clue shares: each clue
    states one sum for each way (:class:`~cnfsweep.variants.rule.Chosen`),
    and a layout is allowed when some one way keeps every clue.  A cell past
    the board's edge holds no mine, so a clue whose left-out cell is off the
    board counts all its cells there are.
    """

    name: ClassVar[str] = "2I"
    title: ClassVar[str] = "Incomplete"
    definition: ClassVar[str] = (
        "a clue is the number of mines among seven of the eight cells around it; "
        "the one left out lies in the same direction for every clue"
    )
    kind: ClassVar[RuleKind] = RuleKind.CLUE
    # A count of mines: 1M, 1N and 1L change it as they change V's.
    counts: ClassVar[bool] = True
    #: The directions a clue may leave out, in the order of the choice's ways.
    ways: ClassVar[tuple[tuple[int, int], ...]] = KING

    def takes(self, value: ClueValue) -> bool:
        return isinstance(value, int)

    def _region(self, grid: Grid, cell: Cell, way: int) -> tuple[Cell, ...]:
        return grid.steps(cell, tuple(step for k, step in enumerate(self.ways) if k != way))

    def clue(self, grid: Grid, cell: Cell, values: frozenset[ClueValue], weight: Mapping[Cell, int]) -> Statement:
        allowed = frozenset(v for v in values if isinstance(v, int))
        # The cells around once, with their directions and weights: each way's region is them less the one cell
        # (if on the board) in the direction it leaves out.
        around = [(k, c) for k, step in enumerate(self.ways) for c in grid.steps(cell, (step,))]
        ways = [k for k, _ in around]
        cells = tuple(c for _, c in around)
        weights = tuple(weight[c] for c in cells)
        options = []
        for way in range(len(self.ways)):
            if way in ways:
                i = ways.index(way)
                options.append(
                    Sum(cells[:i] + cells[i + 1 :], weights[:i] + weights[i + 1 :], allowed, self.name, cell)
                )
            else:
                options.append(Sum(cells, weights, allowed, self.name, cell))
        return Chosen(tuple(options), self.name, self.name, cell)

    def choose(
        self,
        grid: Grid,
        rng: random.Random,
        mines: AbstractSet[Cell] = frozenset(),
        shown: Mapping[Cell, ClueValue] | None = None,
        weight: Mapping[Cell, int] | None = None,
    ) -> int:
        """A way of the choice drawn from ``rng``; with ``shown``, one under which ``mines`` shows those clues."""
        ways = list(range(len(self.ways)))
        if shown:
            weigh = weight if weight is not None else dict.fromkeys(grid.cells, 1)
            off = {way: {self._off(grid, cell, mines, weigh, way, v) for cell, v in shown.items()} for way in ways}
            # A way that reads every shown clue, or under 1L (every clue one off) one that reads each one off.
            ways = [w for w in ways if off[w] == {0}] or [w for w in ways if off[w] == {1}] or ways
        return rng.choice(ways)

    def _off(
        self, grid: Grid, cell: Cell, mines: AbstractSet[Cell], weight: Mapping[Cell, int], way: int, shown: ClueValue
    ) -> int | None:
        """How far ``shown`` is from the count the clue at ``cell`` reads under ``way`` (``None``: no number)."""
        read = self.reads(grid, cell, mines, weight, way)
        return abs(read - shown) if isinstance(read, int) and isinstance(shown, int) else None

    def reads(
        self, grid: Grid, cell: Cell, mines: AbstractSet[Cell], weight: Mapping[Cell, int], way: int = 0
    ) -> ClueValue:
        """The count the clue at ``cell`` shows on ``mines`` when the choice leaves out direction ``way``."""
        return abs(sum(weight[c] for c in self._region(grid, cell, way) if c in mines))


class Liar:
    """2L: V's count, except on one liar cell in every row and every column, whose clue is one off.

    Which cells lie is a hidden choice: each clue states a sum that allows
    its value and one either side (:meth:`clue`, what the mines alone say of
    it), and the board one :class:`~cnfsweep.variants.rule.Liars` over every
    clue (:meth:`relations`).  A liar is a safe cell; it may be one whose clue
    is not shown.  The board is square, as only a square one has a liar in
    every row and column.
    """

    name: ClassVar[str] = "2L"
    title: ClassVar[str] = "Liar"
    definition: ClassVar[str] = (
        "every row and every column holds exactly one liar, a safe cell whose clue is one more or one less than "
        "V's count; every other clue is V's count"
    )
    kind: ClassVar[RuleKind] = RuleKind.CLUE
    counts: ClassVar[bool] = True
    #: It says which clues lie and by how much: it takes none of 1M, 1N and 1L.
    lies: ClassVar[bool] = True
    #: Only a square board has one liar in every row and column.
    square: ClassVar[bool] = True

    def takes(self, value: ClueValue) -> bool:
        return isinstance(value, int)

    def _exact(self, grid: Grid, cell: Cell, value: int) -> Sum:
        region = grid.steps(cell, KING)
        return Sum(region, (1,) * len(region), frozenset({value}), self.name, cell)

    def clue(self, grid: Grid, cell: Cell, values: frozenset[ClueValue], weight: Mapping[Cell, int]) -> Statement:
        region = grid.steps(cell, KING)
        allowed = frozenset(v + d for v in values if isinstance(v, int) for d in (-1, 0, 1))
        return Sum(region, (1,) * len(region), allowed, self.name, cell)

    def relations(self, grid: Grid, clues: Mapping[Cell, ClueValue]) -> tuple[Statement, ...]:
        """The liars of the board: one in every row and column, each clue one off on one and right elsewhere."""
        exact = tuple(self._exact(grid, cell, v) for cell, v in sorted(clues.items()) if isinstance(v, int))
        return (Liars(grid.rows, grid.cols, exact, self.name),)

    def choose(
        self,
        grid: Grid,
        rng: random.Random,
        mines: AbstractSet[Cell] = frozenset(),
        shown: Mapping[Cell, ClueValue] | None = None,
        weight: Mapping[Cell, int] | None = None,
    ) -> dict[Cell, int]:
        """Liars for layout ``mines`` drawn from ``rng``, each with how far off it is (+1 or -1, +1 on a 0).

        With ``shown``, the clues a puzzle already shows: those one off are liars, those right are not.

        Raises
        ------
        ValueError
            When no choice of liars fits (a row or column of mines, or the shown clues allow none).
        """
        fixed: dict[int, Cell] = {}
        barred: set[Cell] = set(mines)
        for cell, value in (shown or {}).items():
            if self.reads(grid, cell, mines, {}) == value:
                barred.add(cell)
            elif cell.row in fixed:
                raise ValueError("two clues one off share a row")
            else:
                fixed[cell.row] = cell
        # A random perfect matching of rows to columns over the cells that may lie (augmenting paths).
        match: dict[int, int] = {c.col: r for r, c in fixed.items()}
        if len(match) != len(fixed):
            raise ValueError("two clues one off share a column")
        free = [r for r in range(grid.rows) if r not in fixed]
        options = {
            r: rng.sample(
                [c for c in range(grid.cols) if Cell(r, c) not in barred and c not in match],
                k=sum(Cell(r, c) not in barred and c not in match for c in range(grid.cols)),
            )
            for r in free
        }

        def place(r: int, seen: set[int]) -> bool:
            for c in options[r]:
                if c in seen:
                    continue
                seen.add(c)
                if c not in match or (match[c] in options and place(match[c], seen)):
                    match[c] = r
                    return True
            return False

        for r in rng.sample(free, k=len(free)):
            if not place(r, set()):
                raise ValueError("no cell of some row can lie")
        out = {}
        for c, r in match.items():
            cell = Cell(r, c)
            count = self.reads(grid, cell, mines, {})
            out[cell] = 1 if count == 0 else rng.choice((-1, 1))
        return out

    def reads(
        self,
        grid: Grid,
        cell: Cell,
        mines: AbstractSet[Cell],
        weight: Mapping[Cell, int],
        way: Mapping[Cell, int] | None = None,
    ) -> ClueValue:
        """V's count at ``cell``, moved by its liar's offset in ``way`` (what :meth:`choose` draws) if it lies."""
        return sum(c in mines for c in grid.steps(cell, KING)) + (way or {}).get(cell, 0)


class Areas:
    """2A: the cells of the groups of mines (joined across sides) that share a side with the clue."""

    name: ClassVar[str] = "2A"
    title: ClassVar[str] = "Area"
    definition: ClassVar[str] = (
        "a clue is the number of cells in the groups of mines, joined through sides, that share a side with it"
    )
    kind: ClassVar[RuleKind] = RuleKind.CLUE
    # A size of groups, not a weighted count: 1M and 1N have nothing to weigh (1L makes it one off).
    counts: ClassVar[bool] = False

    def takes(self, value: ClueValue) -> bool:
        return isinstance(value, int)

    def clue(self, grid: Grid, cell: Cell, values: frozenset[ClueValue], weight: Mapping[Cell, int]) -> Statement:
        return Area(frozenset(v for v in values if isinstance(v, int) and v >= 0), self.name, cell)

    def reads(self, grid: Grid, cell: Cell, mines: AbstractSet[Cell], weight: Mapping[Cell, int]) -> ClueValue:
        return Area(frozenset(), self.name, cell).area({c: c in mines for c in grid.cells})


SECOND_MINE_RULES = (Pairs, NoThree, Segment, Flower, Rectangles, Fours, Bridges)
SECOND_CLUE_RULES = (Deviation, Modulo, Pair, Product, Encrypted, Incomplete, Liar, Areas)
