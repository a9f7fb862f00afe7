"""Play Minesweeper: seeded mine layouts, clicks with zero-flood reveal, win and loss.

A :class:`Game` is mutable, being a game in progress, but it hands out what the player
sees as an immutable :class:`~cnfsweep.core.board.Board` (:meth:`Game.board`), so solvers
work on snapshots. Layouts come from :class:`random.Random` seeded with an int and are
generated at the first click, because the cells kept mine-free depend on where it lands
(see :class:`FirstClick`).

Examples
--------
>>> game = Game.new("beginner", seed=7)
>>> result = game.click(Cell(4, 4))
>>> result.hit_mine, game.state, len(game.mines)
(False, <GameState.PLAYING: 'playing'>, 10)
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from cnfsweep.core.board import COVERED, FLAG, Board, Cell
from cnfsweep.core.topology import Square
from cnfsweep.core.errors import ArgumentError, ArgumentTypeError, CnfsweepError, OffBoardError, clip, shown
from cnfsweep.core.values import cell_argument, count_argument, whole_number
from cnfsweep.core.words import counted

# The view holds one byte per cell as the player sees it, inside a one-cell border of
# _EDGE, so the flood fill steps to all eight neighbours without bounds checks: the
# border never reads as covered and is never opened.
_EDGE = ord("#")
_COVERED = ord(COVERED)
_FLAG = ord(FLAG)
_ZERO = ord("0")


class FirstClick(Enum):
    """Say what the first click is guaranteed not to hit."""

    SAFE = "safe"  # the clicked cell is never a mine
    OPENING = "opening"  # neither it nor its neighbours, as in modern clients
    ANY = "any"  # no guarantee, as in the original PGMS


class GameState(Enum):
    """Whether a game goes on, was won or was lost."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


@dataclass(frozen=True)
class Level:
    """A board size and mine count.

    Examples
    --------
    >>> LEVELS["expert"]
    Level(rows=16, cols=30, mines=99, name='expert')
    >>> Level.parse_size("30x16", mines=99)
    Level(rows=16, cols=30, mines=99, name='custom')
    >>> Level(3, 3, 9).max_mines(FirstClick.OPENING, Cell(1, 1))
    0
    """

    rows: int
    cols: int
    mines: int
    name: str = "custom"

    def __post_init__(self) -> None:
        for field in ("rows", "cols", "mines"):
            value = getattr(self, field)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ArgumentTypeError(f"level {field} must be an integer, got {shown(value)}")
        if self.rows < 1 or self.cols < 1:
            raise ArgumentError(f"a level needs at least 1 row and 1 column, got {self.rows}x{self.cols}")
        if not 0 <= self.mines <= self.cells:
            raise ArgumentError(f"{counted(self.mines, 'mine')} {'does' if self.mines == 1 else 'do'} not fit on {self.rows}x{self.cols} = {counted(self.cells, 'cell')}")

    @property
    def cells(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    @property
    def topology(self) -> Square:
        """Which cells are neighbours: games are played on square boards."""
        return Square(self.rows, self.cols)

    def area(self, cell: Cell) -> list[Cell]:
        """Return ``cell`` and its neighbours, in row-major order.

        Examples
        --------
        >>> Level(2, 3, 1).area(Cell(0, 0))
        [Cell(row=0, col=0), Cell(row=0, col=1), Cell(row=1, col=0), Cell(row=1, col=1)]
        """
        return sorted((cell, *self.topology.neighbours(cell)))

    @classmethod
    def parse_size(cls, size: str, mines: int, name: str = "custom") -> Level:
        """Read a ``WxH`` size (columns x rows, as ``--size`` takes it) into a level."""
        match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", size, flags=re.ASCII)
        if match is None:
            raise ArgumentError(f"size must be WIDTHxHEIGHT such as 30x16, got {clip(size)}")
        width, height = (whole_number(match[i], f"the size's {what}", minimum=1) for i, what in ((1, "width"), (2, "height")))
        return cls(height, width, mines, name)

    @staticmethod
    def named(name: str, otherwise: str = "") -> Level:
        """Return the level called ``name`` in :data:`LEVELS`; ``otherwise`` ends the error's list of choices.

        Examples
        --------
        >>> Level.named("beginner")
        Level(rows=9, cols=9, mines=10, name='beginner')
        """
        if name not in LEVELS:
            raise ArgumentError(f"unknown level {shown(name)}; choose one of {', '.join(LEVELS)}{otherwise}")
        return LEVELS[name]

    def max_mines(self, rule: FirstClick, first: Cell | None = None) -> int:
        """Return the most mines ``rule`` leaves room for when ``first`` is clicked first.

        Without ``first``, assume the most lenient first click (a corner for
        :attr:`FirstClick.OPENING`), so the answer says whether any first click can work.
        """
        if rule is FirstClick.ANY:
            return self.cells
        if rule is FirstClick.SAFE:
            return self.cells - 1
        if first is None:
            return self.cells - min(self.rows, 2) * min(self.cols, 2)
        return self.cells - len(self.area(first))


LEVELS: Mapping[str, Level] = MappingProxyType(
    {
        "beginner": Level(9, 9, 10, "beginner"),
        "intermediate": Level(16, 16, 40, "intermediate"),
        "expert": Level(16, 30, 99, "expert"),
    }
)


@dataclass(frozen=True)
class ClickResult:
    """What one click did: the cells it newly revealed, in the order they opened.

    A click on a mine reveals nothing (``opened`` is empty): revealed cells are
    always safe cells showing their number, given in ``numbers`` (same order).
    """

    cell: Cell
    hit_mine: bool
    opened: tuple[Cell, ...]
    numbers: tuple[int, ...] = ()


class Game:
    """A game in progress; create one with :meth:`new` or :meth:`from_layout`.

    Attributes
    ----------
    level : Level
        The size and mine count.
    seed : int or None
        The layout seed; ``None`` for a game from :meth:`from_layout`.
    rule : FirstClick
        What the first click is guaranteed not to hit.

    Examples
    --------
    >>> game = Game.from_layout(2, 3, [Cell(0, 2)])
    >>> game.click(Cell(1, 0))
    ClickResult(cell=Cell(row=1, col=0), hit_mine=False, opened=(Cell(row=1, col=0), Cell(row=0, col=0), Cell(row=0, col=1), Cell(row=1, col=1)), numbers=(0, 0, 1, 1))
    >>> game.board().grid, game.state.value
    (('01.', '01.'), 'playing')
    >>> game.click(Cell(1, 2)).opened, game.state.value
    ((Cell(row=1, col=2),), 'won')
    """

    def __init__(self, level: Level, seed: int | None, rule: FirstClick) -> None:
        self.level, self.seed, self.rule = level, seed, rule
        self._state = GameState.PLAYING
        rows, cols = level.rows, level.cols
        w = self._width = cols + 2
        self._view = bytearray([_EDGE]) * (w * (rows + 2))
        for r in range(rows):
            start = (r + 1) * w + 1
            self._view[start : start + cols] = bytes([_COVERED]) * cols
        # The topology's steps as moves in the padded view, whose border stops every flood.
        self._offsets = tuple(dr * w + dc for dr, dc in level.topology.offsets(0))
        self._is_mine = bytearray(len(self._view))
        self._count = bytearray(len(self._view))
        self._mines: frozenset[Cell] | None = None
        self._first: Cell | None = None
        self._revealed: list[Cell] = []
        self._clicks: list[Cell] = []

    @classmethod
    def new(cls, level: Level | str, seed: int | None = None, first_click: FirstClick = FirstClick.SAFE) -> Game:
        """Start a game whose layout ``seed`` fixes at the first click.

        ``level`` is a :class:`Level` or a name in :data:`LEVELS`; without ``seed`` a
        fresh one is drawn and kept in :attr:`seed`, so every game can be replayed.
        """
        if isinstance(level, str):
            level = Level.named(level)
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        # Random() folds a negative seed onto its absolute value; refuse it instead.
        else:
            count_argument(seed, "seed")
        if level.mines > (most := level.max_mines(first_click)):
            raise ArgumentError(f"{counted(level.mines, 'mine')} {'leaves' if level.mines == 1 else 'leave'} no room for first-click rule {first_click.value!r} (at most {most})")
        return cls(level, seed, first_click)

    @classmethod
    def from_layout(cls, rows: int, cols: int, mines: Iterable[Sequence[int]]) -> Game:
        """Start a game on a given layout, with no first-click guarantee."""
        cells = [cell_argument(m, "a mine") for m in mines]
        layout = frozenset(cells)
        if len(layout) != len(cells):
            raise ArgumentError("a mine is listed twice")
        game = cls(Level(rows, cols, len(layout)), None, FirstClick.ANY)
        for cell in layout:
            game._cell(cell)
        game._place(layout)
        return game

    # -- what the player sees -------------------------------------------------

    @property
    def state(self) -> GameState:
        """Whether the game goes on, was won or was lost."""
        return self._state

    @property
    def mines(self) -> frozenset[Cell] | None:
        """Every mine, or ``None`` while the layout awaits the first click."""
        return self._mines

    @property
    def revealed(self) -> frozenset[Cell]:
        """Cells showing a number (never a mine)."""
        return frozenset(self._revealed)

    @property
    def clicks(self) -> list[Cell]:
        """Every accepted click in order, no-op clicks on revealed cells included."""
        return list(self._clicks)

    @property
    def first_click(self) -> Cell | None:
        """The first clicked cell, or ``None`` before it."""
        return self._first

    def board(self) -> Board:
        """Return what the player sees: numbers, covered cells and flags."""
        w, cols, view = self._width, self.level.cols, self._view
        starts = range(w + 1, w * (self.level.rows + 1), w)
        return Board(tuple(view[s : s + cols].decode("ascii") for s in starts), self.level.mines)

    def number(self, cell: Cell) -> int:
        """Return the number shown by a revealed cell."""
        ch = self._view[self._index(self._cell(cell))]
        if not _ZERO <= ch <= _ZERO + 8:
            raise ArgumentError(f"cell {tuple(cell)} is not revealed")
        return ch - _ZERO

    # -- moves --------------------------------------------------------------------

    def click(self, cell: Cell) -> ClickResult:
        """Open ``cell``; a 0 opens its neighbours too, and so on across the zero region.

        Flood fill skips flagged cells, as classic clients do. Clicking a revealed
        cell does nothing; clicking a flag, outside the board or after the end raises
        :class:`~cnfsweep.core.errors.CnfsweepError`.
        """
        cell = self._cell(cell)
        if self._state is not GameState.PLAYING:
            raise CnfsweepError(f"the game is over ({self._state.value}): no more clicks")
        i = (cell[0] + 1) * self._width + cell[1] + 1
        if self._view[i] == _FLAG:
            raise ArgumentError(f"cell {tuple(cell)} is flagged: unflag it before clicking")
        if self._first is None:
            if self._mines is None:
                self._generate(cell)
            self._first = cell
        self._clicks.append(cell)
        if self._view[i] != _COVERED:
            return ClickResult(cell, False, ())
        if self._is_mine[i]:
            self._state = GameState.LOST
            return ClickResult(cell, True, ())
        opened, numbers = self._flood(i, cell)
        if len(self._revealed) == self.level.cells - self.level.mines:
            self._state = GameState.WON
        return ClickResult(cell, False, opened, numbers)

    def flag(self, cell: Cell) -> None:
        """Mark a covered cell as a mine (flagging a flag again does nothing)."""
        self._mark(cell, _FLAG)

    def unflag(self, cell: Cell) -> None:
        """Remove a flag (a covered cell without one stays as it is)."""
        self._mark(cell, _COVERED)

    def to_dict(self) -> dict[str, object]:
        """Describe the game as JSON-able data: seed, rule, size, mines and first click."""
        mines = None if self._mines is None else [list(m) for m in sorted(self._mines)]
        first = None if self._first is None else list(self._first)
        lv = self.level
        return {"seed": self.seed, "rule": self.rule.value, "rows": lv.rows, "cols": lv.cols,
                "mines": mines, "first_click": first}

    def __repr__(self) -> str:
        lv, n = self.level, len(self._clicks)
        return f"<Game {lv.name} {lv.rows}x{lv.cols}/{lv.mines} seed={self.seed} {self._state.value} {n} clicks>"

    # -- internals -------------------------------------------------------------

    def _cell(self, cell: Sequence[int]) -> Cell:
        r, c = cell
        if not (0 <= r < self.level.rows and 0 <= c < self.level.cols):
            raise OffBoardError(f"cell {(r, c)} is outside the {self.level.rows}x{self.level.cols} board")
        return cell if type(cell) is Cell else Cell(r, c)

    def _index(self, cell: Cell) -> int:
        return (cell[0] + 1) * self._width + cell[1] + 1

    def _mark(self, cell: Cell, mark: int) -> None:
        cell = self._cell(cell)
        if self._state is not GameState.PLAYING:
            raise CnfsweepError(f"the game is over ({self._state.value}): no more flags")
        i = self._index(cell)
        if self._view[i] not in (_COVERED, _FLAG):
            raise ArgumentError(f"cell {tuple(cell)} is revealed and cannot be flagged")
        self._view[i] = mark

    def _generate(self, first: Cell) -> None:
        lv, rule = self.level, self.rule
        if lv.mines > (most := lv.max_mines(rule, first)):
            raise ArgumentError(f"{counted(lv.mines, 'mine')} {'leaves' if lv.mines == 1 else 'leave'} no room for first-click rule {rule.value!r} at {tuple(first)} (at most {most})")
        if rule is FirstClick.OPENING:
            protected = set(lv.area(first))
        else:
            protected = {first} if rule is FirstClick.SAFE else set()
        # Row-major candidates and one sample() call: the layout depends on the seed,
        # the rule and the first click only, the same on every platform.
        cells, _ = lv.topology.tables()
        candidates = [c for c in cells if c not in protected] if protected else list(cells)
        self._place(frozenset(random.Random(self.seed).sample(candidates, lv.mines)))

    def _place(self, mines: frozenset[Cell]) -> None:
        self._mines = mines
        is_mine, count = self._is_mine, self._count
        for m in mines:
            i = self._index(m)
            is_mine[i] = 1
            for d in self._offsets:
                count[i + d] += 1

    def _flood(self, start: int, cell: Cell) -> tuple[tuple[Cell, ...], tuple[int, ...]]:
        view, count, offsets = self._view, self._count, self._offsets
        view[start] = _ZERO + count[start]
        if count[start]:
            # Most clicks open one cell: skip the flood machinery for them.
            self._revealed.append(cell)
            return (cell,), (count[start],)
        opened = [start]
        stack = [start]
        # A zero's neighbours are safe by definition, so no mine test is needed here.
        while stack:
            j = stack.pop()
            for d in offsets:
                k = j + d
                if view[k] == _COVERED:
                    n = count[k]
                    view[k] = _ZERO + n
                    opened.append(k)
                    if not n:
                        stack.append(k)
        w = self._width
        cells = tuple([Cell(k // w - 1, k % w - 1) for k in opened])
        self._revealed.extend(cells)
        return cells, tuple([count[k] for k in opened])


def replay(rows: int, cols: int, mines: Iterable[Sequence[int]], clicks: Iterable[Sequence[int]]) -> list[Board]:
    """Play ``clicks`` on a given layout and return the board after each one.

    Examples
    --------
    >>> [b.grid for b in replay(1, 3, [(0, 0)], [(0, 1), (0, 2)])]
    [('.1.',), ('.10',)]
    """
    game = Game.from_layout(rows, cols, mines)
    boards = []
    for cell in clicks:
        game.click(Cell(*cell))
        boards.append(game.board())
    return boards


def true_board(rows: int, cols: int, mines: Iterable[Sequence[int]]) -> Board:
    """Show every safe cell's number and every mine as a flag.

    Examples
    --------
    >>> print(true_board(2, 3, [(0, 1)]).to_text())
    mines: 1
    1*1
    111
    <BLANKLINE>
    """
    game = Game.from_layout(rows, cols, mines)
    view = game._view
    for i, ch in enumerate(view):
        if ch == _COVERED:
            view[i] = _FLAG if game._is_mine[i] else _ZERO + game._count[i]
    return game.board()
