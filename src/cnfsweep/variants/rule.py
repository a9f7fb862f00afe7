"""What a variant rule is: its code, its definition, its kind, and the constraints it states.

A rule of *14 Minesweeper Variants* is either a **mine rule** (where mines may
lie: 1Q, 1C, 1T ...) or a **clue rule** (what a revealed number means: V, 1X,
1W ...; 1M, 1N and 1L change what the counting clues count or show).  A rule
says what it means as solver-independent constraints over the board's cells:

- :class:`Sum`: a weighted sum of mines lies in a set of allowed values, as a
  pseudo-Boolean constraint; with all weights 1 and an interval of values it is
  the cardinality constraint the engine counts with;
- :class:`AnyOf`: at least one of a few partial layouts holds (what a clue whose
  value is no sum, 1W, 1P, allows);
- :class:`Sight`: the safe cells seen along a few rays, up to the first mine,
  number one of the allowed values (1E: one linear sum over "the first k cells
  of a ray are safe", in place of a case for every combination of views);
- :class:`Linked`: a connectivity fact a global rule states for the questions
  that only ask whether some layout exists (see below);
- :class:`Chosen`: one of a few sums, picked by a hidden choice that every
  statement naming it shares (2I: which seven of its eight neighbours every
  clue counts).  The choice is no cell: a layout is allowed when some way of
  the choice keeps every statement that names it;
- :class:`Liars`: one liar cell in every row and every column, each safe, each
  clue on one one off and every other clue right (2L); which cells lie is a
  hidden choice too, and several choices may fit one layout;
- :class:`Area`: the mines joined across sides to the cells beside a clue
  number one of the allowed values (2A).

A global rule (connectivity, snakes) cannot be written as a few such
constraints; it states the local part it implies (:meth:`MineRule.constraints`)
and, for a whole layout, says whether the layout obeys it and, when not,
returns cuts: constraints the layout breaks and every layout obeying the rule
keeps (:meth:`MineRule.cuts`).  A solver adds cuts until the rule holds.  A
global rule may also state itself exactly as :class:`Linked` facts
(``links(grid)``): a solver that only asks whether a layout exists (generating
puzzles) encodes them with auxiliary ranks, which are not fixed by the mines,
so counting layouts one by one still goes by the cuts.

May import nothing from cnfsweep but the core.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from math import isqrt
from typing import ClassVar, Protocol, runtime_checkable

from cnfsweep.core.board import Cell

__all__ = [
    "Anchor",
    "AnyOf",
    "Area",
    "Chosen",
    "ClueRule",
    "ClueValue",
    "Grid",
    "Layout",
    "Letter",
    "Liars",
    "Linked",
    "MineRule",
    "ReadingRule",
    "RuleKind",
    "Sight",
    "Statement",
    "Sum",
    "Surd",
    "VariantRule",
]


@dataclass(frozen=True, order=True)
class Surd:
    """A clue that is the square root of a whole number (2P's product of distances), kept as its ``square``.

    It is written ``a√b`` with ``b`` free of squares (``√2``, ``2√5``); a
    whole number is a plain ``int`` clue, never a :class:`Surd`.

    Examples
    --------
    >>> str(Surd(20)), str(Surd(2)), Surd.of(9)
    ('2√5', '√2', 3)
    """

    square: int

    @staticmethod
    def of(square: int) -> int | Surd:
        """The value whose square is ``square``: a whole number when it is one, else a :class:`Surd`."""
        root = isqrt(square)
        return root if root * root == square else Surd(square)

    def __str__(self) -> str:
        outer, inner = 1, self.square
        k = 2
        while k * k <= inner:
            while inner % (k * k) == 0:
                inner //= k * k
                outer *= k
            k += 1
        return f"{outer if outer > 1 else ''}√{inner}"


@dataclass(frozen=True, order=True)
class Letter:
    """A clue shown as a letter (2E): it stands for a number the board's letters map to one to one.

    Examples
    --------
    >>> str(Letter("C")), Letter("A") < Letter("B")
    ('C', True)
    """

    letter: str

    def __str__(self) -> str:
        return self.letter


#: What a clue shows: a whole number, (1W) the sorted lengths of the mine runs, (2P) a square root or (2E) a letter.
ClueValue = int | tuple[int, ...] | Surd | Letter

#: One layout of a board: each cell of it, mine (True) or not.
Layout = Mapping[Cell, bool]


class RuleKind(Enum):
    """Whether a rule says where mines may lie or what clues mean."""

    MINE = "mine"
    CLUE = "clue"


@dataclass(frozen=True)
class Grid:
    """The shape a rule is stated on: a square grid of ``rows`` x ``cols`` cells, some dyed.

    Examples
    --------
    >>> g = Grid(2, 3)
    >>> len(g.cells), g.on_border(Cell(1, 1)), g.inside(Cell(2, 0))
    (6, True, False)
    """

    rows: int
    cols: int
    dyed: frozenset[Cell] = frozenset()

    @cached_property  # made once a grid: every rule asks for it
    def cells(self) -> tuple[Cell, ...]:
        """Every cell in row-major order."""
        return tuple(Cell(r, c) for r in range(self.rows) for c in range(self.cols))

    def inside(self, cell: Cell) -> bool:
        """Say whether ``cell`` is on the grid."""
        return 0 <= cell.row < self.rows and 0 <= cell.col < self.cols

    def on_border(self, cell: Cell) -> bool:
        """Say whether ``cell`` lies on the grid's outer edge."""
        return cell.row in (0, self.rows - 1) or cell.col in (0, self.cols - 1)

    @cached_property
    def _rows(self) -> tuple[tuple[Cell, ...], ...]:
        # The cells row by row: a step looks its cell up rather than making one (this runs for every cell of every
        # rule, and making a cell costs several times a look-up).
        cells, cols = self.cells, self.cols
        return tuple(cells[r * cols : (r + 1) * cols] for r in range(self.rows))

    def steps(self, cell: Cell, steps: Sequence[tuple[int, int]]) -> tuple[Cell, ...]:
        """The cells ``steps`` away from ``cell`` that are on the grid, in the order of ``steps``."""
        row, col, rows, cols, at = cell.row, cell.col, self.rows, self.cols, self._rows
        return tuple(at[row + dr][col + dc] for dr, dc in steps if 0 <= row + dr < rows and 0 <= col + dc < cols)


@dataclass(frozen=True)
class Sum:
    """The weighted count of mines among ``cells`` is one of ``allowed``.

    ``when``, if given, is a cell: the constraint holds only where that cell is
    a mine (1D: a mine has exactly one mine beside it).  ``rule`` is the code of
    the rule that states it and ``clue`` the clue it reads, if any: what a
    conflict names.
    """

    cells: tuple[Cell, ...]
    weights: tuple[int, ...]
    allowed: frozenset[int]
    rule: str
    clue: Cell | None = None
    when: Cell | None = None
    #: Two clues that state it together (2E: their letters say their counts are equal or differ); ``clue`` is then
    #: ``None``, and the constraint holds where both clues are kept.
    pair: tuple[Cell, Cell] | None = None

    def holds(self, layout: Layout) -> bool:
        """Say whether ``layout`` keeps the constraint."""
        if self.when is not None and not layout[self.when]:
            return True
        return sum(w for c, w in zip(self.cells, self.weights, strict=False) if layout[c]) in self.allowed

    @property
    def cardinality(self) -> bool:
        """Whether it is a plain cardinality constraint: unit weights, an interval of counts, no guard."""
        allowed, weights = self.allowed, self.weights
        if self.when is not None or weights.count(1) != len(weights) or not allowed:
            return False
        # Distinct integers from the least to the most: an interval exactly when none is missing.
        return max(allowed) - min(allowed) + 1 == len(allowed)


@dataclass(frozen=True)
class AnyOf:
    """At least one of ``cases`` holds; a case is a partial layout (cell, mine or not) pairs."""

    cases: tuple[tuple[tuple[Cell, bool], ...], ...]
    rule: str
    clue: Cell | None = None

    def holds(self, layout: Layout) -> bool:
        """Say whether ``layout`` matches one of the cases."""
        return any(all(layout[c] == v for c, v in case) for case in self.cases)


@dataclass(frozen=True)
class Sight:
    """1 (the clue's own cell) plus the safe cells before the first mine along each ray is one of ``allowed``.

    Each ray lists cells outward from the clue; the edge of the board ends a
    ray as a mine would.

    Examples
    --------
    >>> s = Sight(((Cell(0, 1), Cell(0, 2)),), frozenset({2}), "1E", Cell(0, 0))
    >>> s.holds({Cell(0, 1): False, Cell(0, 2): True}), s.holds({Cell(0, 1): False, Cell(0, 2): False})
    (True, False)
    """

    rays: tuple[tuple[Cell, ...], ...]
    allowed: frozenset[int]
    rule: str
    clue: Cell | None = None

    def seen(self, layout: Layout) -> int:
        """How many cells the clue sees on ``layout``, itself included."""
        total = 1
        for ray in self.rays:
            for cell in ray:
                if layout[cell]:
                    break
                total += 1
        return total

    def holds(self, layout: Layout) -> bool:
        """Say whether ``layout`` shows one of the allowed values."""
        return self.seen(layout) in self.allowed


class Anchor(Enum):
    """Where every member of a :class:`Linked` group must be joined to."""

    #: To one another: the members form one group (and there is at least one).
    ONE_GROUP = "one group"
    #: To the border: every member is joined to a member on the board's edge.
    BORDER = "border"


@dataclass(frozen=True)
class Linked:
    """The mines (``mine``) or the safe cells among ``cells``, joined by ``steps``, are joined to ``anchor``.

    With ``path``, the members also form no loop: their joins number one fewer
    than the members (with one group, a tree).  A global rule states its exact
    meaning this way (``links``); see the module's docstring for who uses it.
    ``clue`` is always ``None`` (a rule, not a clue, states it).
    """

    cells: tuple[Cell, ...]
    mine: bool
    steps: tuple[tuple[int, int], ...]
    anchor: Anchor
    rule: str
    path: bool = False
    clue: Cell | None = None

    def holds(self, layout: Layout) -> bool:
        """Say whether ``layout`` keeps the fact (a flood fill over the members)."""
        members = {c for c in self.cells if layout[c] == self.mine}
        inside = set(self.cells)

        def near(c: Cell) -> list[Cell]:
            return [d for d in (Cell(c.row + dr, c.col + dc) for dr, dc in self.steps) if d in inside]

        if self.anchor is Anchor.ONE_GROUP:
            start = {min(members)} if members else set()
        else:
            rows = {c.row for c in self.cells}
            cols = {c.col for c in self.cells}
            edge = (min(rows), max(rows)), (min(cols), max(cols))
            start = {c for c in members if c.row in edge[0] or c.col in edge[1]}
        reached, todo = set(start), list(start)
        while todo:
            for d in near(todo.pop()):
                if d in members and d not in reached:
                    reached.add(d)
                    todo.append(d)
        if reached != members or (self.anchor is Anchor.ONE_GROUP and not members):
            return False
        if self.path:
            joins = sum(1 for c in members for d in near(c) if d in members) // 2
            return joins == len(members) - 1
        return True


@dataclass(frozen=True)
class Chosen:
    """``options[k]`` holds, where ``k`` is the way taken of the board's hidden choice ``choice``.

    Every statement naming the same ``choice`` reads the same way of it (2I:
    each clue counts the same seven of its eight neighbours), and the choice
    has ``len(options)`` ways, the same for each.  A layout is allowed when
    some one way keeps every such statement: the choice is not a cell, so a
    layout counts once however many ways keep it.

    Examples
    --------
    >>> one = Sum((Cell(0, 0),), (1,), frozenset({1}), "2I")
    >>> none = Sum((Cell(0, 0),), (1,), frozenset({0}), "2I")
    >>> s = Chosen((one, none), "2I", "2I", Cell(0, 1))
    >>> s.holds_under({Cell(0, 0): True}, 0), s.holds_under({Cell(0, 0): True}, 1)
    (True, False)
    """

    options: tuple[Sum, ...]
    choice: str
    rule: str
    clue: Cell | None = None

    def holds_under(self, layout: Layout, way: int) -> bool:
        """Say whether ``layout`` keeps the statement when the choice goes ``way``."""
        return self.options[way].holds(layout)


@dataclass(frozen=True)
class Liars:
    """Some cells, one in every row and one in every column of a square board, are liars, each safe; each clue
    of ``clues`` (a sum that states it exactly, its cell its ``clue``) is one off on a liar and right elsewhere.

    A revealed cell with no clue shown, or a covered one, may be a liar too (its clue is not seen).  Which cells
    lie is not fixed by the mines: a layout is allowed when some choice of liars fits it.  ``clue`` is always
    ``None``: each clue of ``clues`` is guarded by its own cell.
    """

    rows: int
    cols: int
    clues: tuple[Sum, ...]
    rule: str
    clue: Cell | None = None

    def liar_values(self, statement: Sum) -> frozenset[int]:
        """What a clue's sum may be where the clue lies: one more or one less than it says."""
        return frozenset(v + d for v in statement.allowed for d in (-1, 1))


@dataclass(frozen=True)
class Area:
    """The mines joined across sides to the four cells beside ``clue`` (the groups of mines that touch it) number
    one of ``allowed``.

    Only the cells that a path of ``max(allowed) + 1`` steps across sides reaches from the clue matter: a group
    larger than every allowed value reaches one of them at that distance.

    Examples
    --------
    >>> a = Area(frozenset({2}), "2A", Cell(0, 0))
    >>> a.area({Cell(0, 1): True, Cell(0, 2): True, Cell(1, 0): False}), a.holds({Cell(0, 1): True, Cell(0, 2): True})
    (2, True)
    """

    allowed: frozenset[int]
    rule: str
    clue: Cell

    def area(self, layout: Layout) -> int:
        """The mines of ``layout`` joined across sides to the cells beside the clue (absent cells are safe)."""
        start = self.clue
        seen: set[Cell] = set()
        todo = [start]
        while todo:
            c = todo.pop()
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                n = Cell(c.row + dr, c.col + dc)
                if n != start and n not in seen and layout.get(n, False):
                    seen.add(n)
                    todo.append(n)
        return len(seen)

    def holds(self, layout: Layout) -> bool:
        """Say whether ``layout`` shows one of the allowed values."""
        return self.area(layout) in self.allowed


#: A constraint a rule states.
Statement = Sum | AnyOf | Sight | Linked | Chosen | Liars | Area


@runtime_checkable
class VariantRule(Protocol):
    """What every rule has: its code (``name``, what a board's ``rules:`` header writes), title, definition, kind."""

    name: ClassVar[str]
    title: ClassVar[str]
    definition: ClassVar[str]
    kind: ClassVar[RuleKind]


class MineRule(VariantRule, Protocol):
    """A rule about where mines lie: local constraints, and for a global rule cuts on whole layouts."""

    #: True when :meth:`constraints` alone say everything (no cuts are ever needed).
    local: ClassVar[bool]

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        """Return the constraints the rule states on ``grid`` (for a global rule: some it implies)."""
        ...

    def cuts(self, grid: Grid, layout: Layout) -> tuple[Statement, ...]:
        """Return nothing if ``layout`` obeys the rule, else constraints it breaks that every obeying layout keeps."""
        ...


class ClueRule(VariantRule, Protocol):
    """A rule about what a clue means: the constraint a clue of a value states."""

    #: Whether its clues are numbers that count mines (what 1M, 1N and 1L change).
    counts: ClassVar[bool]

    def takes(self, value: ClueValue) -> bool:
        """Say whether a clue may show ``value`` under this rule (1W takes lists, the others numbers)."""
        ...

    def clue(self, grid: Grid, cell: Cell, values: frozenset[ClueValue], weight: Mapping[Cell, int]) -> Statement:
        """The constraint of a clue at ``cell`` whose true value is one of ``values``.

        ``weight`` is each cell's mine value (1, or 2 on a dyed cell under 1M,
        -1 on one under 1N); counting rules weigh by it, the others ignore it.
        """
        ...


class ReadingRule(ClueRule, Protocol):
    """A clue rule that can also say what a clue shows on a known layout: what generating puzzles needs."""

    def reads(self, grid: Grid, cell: Cell, mines: AbstractSet[Cell], weight: Mapping[Cell, int]) -> ClueValue | None:
        """The value the clue at ``cell`` shows when ``mines`` are the mines (before 1L's lie); ``None``: no clue.

        A counting rule gives the weighted count without its sign (1N's
        difference); 1W gives ``0`` for no run, one run as its length, more as
        their sorted lengths, as the board text writes them.
        """
        ...
