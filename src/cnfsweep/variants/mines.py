"""The mine rules of the first game: where mines may lie.

Local ones (1Q, 1T, 1H, 1A, 1D, 1B) are a few :class:`~cnfsweep.variants.rule.Sum`
constraints each.  Global ones (1C, 1O, 1S) state what they imply locally and
cut off a whole layout that breaks them with a constraint every obeying layout
keeps: for connectivity, "if these two cells are mines (or safe), a cell around
the group holding one of them is too".  They also state their exact meaning as
:class:`~cnfsweep.variants.rule.Linked` facts (``links``), for questions that
only ask whether a layout exists.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from cnfsweep.core.board import Cell
from cnfsweep.variants.rule import Anchor, Grid, Layout, Linked, RuleKind, Statement, Sum

__all__ = ["MINE_RULES", "groups"]

ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))
KING = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


def _at_most(cells: tuple[Cell, ...], most: int, rule: str) -> Sum:
    return Sum(cells, (1,) * len(cells), frozenset(range(most + 1)), rule)


def groups(grid: Grid, members: Iterable[Cell], steps: Sequence[tuple[int, int]]) -> list[list[Cell]]:
    """Split ``members`` into groups connected by ``steps``, each group in the order it was reached.

    Examples
    --------
    >>> [len(g) for g in groups(Grid(3, 3), [Cell(0, 0), Cell(1, 1), Cell(2, 2)], ORTHOGONAL)]
    [1, 1, 1]
    >>> [len(g) for g in groups(Grid(3, 3), [Cell(0, 0), Cell(1, 1), Cell(2, 2)], KING)]
    [3]
    """
    left = set(members)
    found = []
    for start in sorted(left):
        if start not in left:
            continue
        left.discard(start)
        group, todo = [start], [start]
        while todo:
            for nxt in grid.steps(todo.pop(), steps):
                if nxt in left:
                    left.discard(nxt)
                    group.append(nxt)
                    todo.append(nxt)
        found.append(group)
    return found


def _rim(grid: Grid, group: Sequence[Cell], steps: Sequence[tuple[int, int]]) -> tuple[Cell, ...]:
    """The cells ``steps`` away from ``group`` that are not in it."""
    inside = set(group)
    return tuple(sorted({n for c in group for n in grid.steps(c, steps)} - inside))


def _join_cuts(
    grid: Grid, parts: list[list[Cell]], steps: Sequence[tuple[int, int]], mine: bool, rule: str
) -> tuple[Statement, ...]:
    """For each group, a cell ``a`` of it and ``b`` of the next can be joined only through the group's rim.

    For mines: ``a + b - (mines on the rim) <= 1``; for safe cells the same with
    every cell's value turned round, ``-a - b + (mines on the rim) <= |rim| - 1``.
    One cut a group, so a layout of many groups removes many others with it.
    """
    out = []
    for k, group in enumerate(parts):
        a, b = group[0], parts[(k + 1) % len(parts)][0]
        rim = _rim(grid, group, steps)
        sign = 1 if mine else -1
        weights = (sign, sign) + (-sign,) * len(rim)
        top = 1 if mine else len(rim) - 1
        low = -len(rim) if mine else -2
        out.append(Sum((a, b, *rim), weights, frozenset(range(low, top + 1)), rule))
    return tuple(out)


def _enclosed_cut(grid: Grid, group: Sequence[Cell], steps: Sequence[tuple[int, int]], rule: str) -> Statement:
    """Not (every cell of ``group`` a mine and every cell of its rim safe): ``-mines(group) + mines(rim) >= 1 - |group|``."""
    cells = tuple(group)
    rim = _rim(grid, group, steps)
    return Sum(cells + rim, (-1,) * len(cells) + (1,) * len(rim), frozenset(range(1 - len(cells), len(rim) + 1)), rule)


def _some_mine(grid: Grid, rule: str) -> Statement:
    cells = grid.cells
    return Sum(cells, (1,) * len(cells), frozenset(range(1, len(cells) + 1)), rule)


class _Rule:
    kind: ClassVar[RuleKind] = RuleKind.MINE
    local: ClassVar[bool] = True

    def cuts(self, grid: Grid, layout: Layout) -> tuple[Statement, ...]:
        return ()


class Quad(_Rule):
    """1Q: every 2x2 square of the board holds at least one mine."""

    name = "1Q"
    title = "Quad"
    definition = "every 2x2 square of cells holds at least one mine"

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        out = []
        for r in range(grid.rows - 1):
            for c in range(grid.cols - 1):
                cells = (Cell(r, c), Cell(r, c + 1), Cell(r + 1, c), Cell(r + 1, c + 1))
                out.append(Sum(cells, (1,) * 4, frozenset(range(1, 5)), self.name))
        return tuple(out)


class Triplet(_Rule):
    """1T: no three mines in a row, in any of the four directions."""

    name = "1T"
    title = "Triplet"
    definition = "no three consecutive cells in a row, column or diagonal are all mines"

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        out = []
        for cell in grid.cells:
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                line = grid.steps(cell, ((0, 0), (dr, dc), (2 * dr, 2 * dc)))
                if len(line) == 3:
                    out.append(_at_most(line, 2, self.name))
        return tuple(out)


class Horizontal(_Rule):
    """1H: no two mines side by side in a row."""

    name = "1H"
    title = "Horizontal"
    definition = "no two mines are horizontally adjacent"

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        pairs = (grid.steps(cell, ((0, 0), (0, 1))) for cell in grid.cells)
        return tuple(_at_most(p, 1, self.name) for p in pairs if len(p) == 2)


class AntiKnight(_Rule):
    """1A: no two mines a knight's move apart."""

    name = "1A"
    title = "Anti-Knight"
    definition = "no two mines are a knight's move apart"

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        out = []
        for cell in grid.cells:
            for other in grid.steps(cell, KNIGHT):
                if cell < other:
                    out.append(_at_most((cell, other), 1, self.name))
        return tuple(out)


class Dual(_Rule):
    """1D: mines come in dominoes, each mine with exactly one mine beside it."""

    name = "1D"
    title = "Dual"
    definition = "every orthogonally connected group of mines is a 1x2 domino"

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        # A group of size 2 exactly when each of its mines has exactly one mine across a side.
        out = []
        for cell in grid.cells:
            around = grid.steps(cell, ORTHOGONAL)
            out.append(Sum(around, (1,) * len(around), frozenset({1}), self.name, when=cell))
        return tuple(out)


class Balance(_Rule):
    """1B: every row holds as many mines as every other row, and so do the columns."""

    name = "1B"
    title = "Balance"
    definition = "every row holds the same number of mines, and every column holds the same number"

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        lines = [tuple(Cell(r, c) for c in range(grid.cols)) for r in range(grid.rows)]
        first_rows = len(lines)
        lines += [tuple(Cell(r, c) for r in range(grid.rows)) for c in range(grid.cols)]
        out = []
        for first, rest in ((lines[0], lines[1:first_rows]), (lines[first_rows], lines[first_rows + 1 :])):
            for line in rest:
                # mines(line) - mines(first) = 0
                out.append(Sum(line + first, (1,) * len(line) + (-1,) * len(first), frozenset({0}), self.name))
        return tuple(out)


class Connected(_Rule):
    """1C: the mines form one group, connected across sides and corners."""

    name = "1C"
    title = "Connected"
    definition = "there is at least one mine and all mines form one group connected through sides and corners"
    local = False

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        return (_some_mine(grid, self.name),)

    def cuts(self, grid: Grid, layout: Layout) -> tuple[Statement, ...]:
        parts = groups(grid, [c for c in grid.cells if layout[c]], KING)
        if not parts:
            return (_some_mine(grid, self.name),)
        return _join_cuts(grid, parts, KING, True, self.name) if len(parts) > 1 else ()

    def links(self, grid: Grid) -> tuple[Linked, ...]:
        return (Linked(grid.cells, True, KING, Anchor.ONE_GROUP, self.name),)


class Outside(_Rule):
    """1O: the safe cells form one group across sides, and every group of mines reaches the border."""

    name = "1O"
    title = "Outside"
    definition = (
        "the safe cells form one group connected through sides, "
        "and every side-connected group of mines holds a cell on the border"
    )
    local = False

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        cells = grid.cells
        out: list[Statement] = [Sum(cells, (1,) * len(cells), frozenset(range(len(cells))), self.name)]
        # Implied: two mines on one diagonal of a 2x2 square and two safe cells on the other would
        # need the safe path joining them to ring in one of the mines, which then cannot reach the border.
        for r in range(grid.rows - 1):
            for c in range(grid.cols - 1):
                a, b, d, e = Cell(r, c), Cell(r, c + 1), Cell(r + 1, c), Cell(r + 1, c + 1)
                # a + e - b - d <= 1 and b + d - a - e <= 1
                out.append(Sum((a, e, b, d), (1, 1, -1, -1), frozenset(range(-2, 2)), self.name))
                out.append(Sum((b, d, a, e), (1, 1, -1, -1), frozenset(range(-2, 2)), self.name))
        return tuple(out)

    def cuts(self, grid: Grid, layout: Layout) -> tuple[Statement, ...]:
        out: list[Statement] = []
        safe = groups(grid, [c for c in grid.cells if not layout[c]], ORTHOGONAL)
        if len(safe) > 1:
            out.extend(_join_cuts(grid, safe, ORTHOGONAL, False, self.name))
        for group in groups(grid, [c for c in grid.cells if layout[c]], ORTHOGONAL):
            if not any(grid.on_border(c) for c in group):
                out.append(_enclosed_cut(grid, group, ORTHOGONAL, self.name))
        return tuple(out)

    def links(self, grid: Grid) -> tuple[Linked, ...]:
        return (
            Linked(grid.cells, False, ORTHOGONAL, Anchor.ONE_GROUP, self.name),
            Linked(grid.cells, True, ORTHOGONAL, Anchor.BORDER, self.name),
        )


class Snake(_Rule):
    """1S: the mines form one snake: a path of cells through sides, never touching itself across a side."""

    name = "1S"
    title = "Snake"
    definition = (
        "the mines, joined where they share a side, form a single path of at least two cells "
        "(no branch, no loop, no other contact across a side)"
    )
    local = False
    #: Whether a question of existence goes faster by :meth:`links` than by cuts: a snake's local part allows
    #: many loops and broken paths, each cut off by a cut of its own.
    links_first: ClassVar[bool] = True

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        out: list[Statement] = [_some_mine(grid, self.name)]
        for cell in grid.cells:
            around = grid.steps(cell, ORTHOGONAL)
            out.append(Sum(around, (1,) * len(around), frozenset({1, 2}), self.name, when=cell))
        return tuple(out)

    def cuts(self, grid: Grid, layout: Layout) -> tuple[Statement, ...]:
        mines = [c for c in grid.cells if layout[c]]
        parts = groups(grid, mines, ORTHOGONAL)
        if not parts:
            return (_some_mine(grid, self.name),)
        if len(parts) > 1:
            return _join_cuts(grid, parts, ORTHOGONAL, True, self.name)
        # One group whose mines each have one or two mine neighbours: a path, unless it closes into a loop.
        ends = [c for c in mines if sum(layout[n] for n in grid.steps(c, ORTHOGONAL)) == 1]
        return () if ends else (_enclosed_cut(grid, parts[0], ORTHOGONAL, self.name),)

    def links(self, grid: Grid) -> tuple[Linked, ...]:
        # One group with one join fewer than its mines is a tree; the local part keeps each mine's joins to 1 or 2.
        return (Linked(grid.cells, True, ORTHOGONAL, Anchor.ONE_GROUP, self.name, path=True),)


MINE_RULES = (Quad, Connected, Triplet, Outside, Dual, Snake, Balance, Horizontal, AntiKnight)
