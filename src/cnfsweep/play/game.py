"""Play Minesweeper on any topology: seeded layouts, clicks with the zero flood, chords, flags, win and loss.

This is the one game of the package: the autoplayer, ``grade``, the no-guess
generator and the server all play on a :class:`Game` (the first three through
:class:`~cnfsweep.play.table.Table`, which keeps the player's view beside it).
A game knows its cells and neighbours only from its topology's tables
(``level.topology.tables()``: every cell, and the indices of each one's
neighbours), so it plays square, torus and hex boards, and any topology whose
cells are listed in index order, the same way.

The rules a click follows (the zero flood, what a chord opens, 3BV) are written once, in
:mod:`cnfsweep.core.gamerules`, which this game owns: the endgame search, a layer below,
follows the same flood.

A :class:`Game` is mutable, being a game in progress, but it hands out what the player
sees as an immutable :class:`~cnfsweep.core.board.Board` (:meth:`Game.board`), so solvers
work on snapshots; its moves answer with a :class:`ClickResult`. Beside a person's moves it
has moves made many cells at a time, for a player's batches and a generator moving mines, on
the same bytes. Layouts come from :class:`random.Random` seeded with an int and are generated
at the first click, because the cells kept mine-free depend on where it lands
(see :class:`FirstClick`).

Examples
--------
>>> game = Game.new("beginner", seed=7)
>>> result = game.click(Cell(4, 4))
>>> result.hit_mine, game.state, len(game.mines)
(False, <GameState.PLAYING: 'playing'>, 10)
>>> hexgame = Game.from_layout(3, 3, [(0, 0)], topology="hex")
>>> hexgame.click(Cell(2, 2)).opened[:3], hexgame.board().grid
((Cell(row=2, col=2), Cell(row=1, col=1), Cell(row=1, col=2)), ('.10', '100', '000'))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import Any, NamedTuple

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.errors import ArgumentError, CnfsweepError, OffBoardError
from cnfsweep.core.gamerules import CHECK_EVERY, chord_opens, flood, three_bv
from cnfsweep.core.gamerules import COVERED_BYTE as _COVERED
from cnfsweep.core.gamerules import FLAG_BYTE as _FLAG
from cnfsweep.core.gamerules import ZERO_BYTE as _ZERO
from cnfsweep.core.topology import DEFAULT_TOPOLOGY, Square
from cnfsweep.core.checks import cell_argument, choice_argument, count_argument, start_key
from cnfsweep.core.graph import Graph, cell_of
from cnfsweep.core.moved import warn_renamed
from cnfsweep.core.words import counted
from cnfsweep.play.level import LEVELS, FirstClick, Level, TopologySpec, format_size

__all__ = ["CHECK_EVERY", "LEVELS", "ClickResult", "FirstClick", "Game", "GameState", "Level", "three_bv"]


class GameState(Enum):
    """Whether a game goes on, was won or was lost."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class ClickResult(NamedTuple):
    """What one click (or chord) did: the cells it newly revealed, in the order they opened.

    A click on a mine reveals nothing (``opened`` is empty): revealed cells are
    always safe cells showing their number, given in ``numbers`` (same order).
    An immutable value, a NamedTuple rather than a frozen dataclass: a no-guess
    check makes tens of thousands a second, and a tuple is made three times faster.
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
        The size, mine count and topology.
    seed : int or None
        The layout seed; ``None`` for a game from :meth:`from_layout`.
    rule : FirstClick
        What the first click is guaranteed not to hit.

    Examples
    --------
    >>> game = Game.from_layout(2, 3, [Cell(0, 2)])
    >>> game.click(Cell(1, 0))  # doctest: +NORMALIZE_WHITESPACE
    ClickResult(cell=Cell(row=1, col=0), hit_mine=False,
                opened=(Cell(row=1, col=0), Cell(row=0, col=0), Cell(row=0, col=1), Cell(row=1, col=1)),
                numbers=(0, 0, 1, 1))
    >>> game.board().grid, game.state.value
    (('01.', '01.'), 'playing')
    >>> game.click(Cell(1, 2)).opened, game.state.value
    ((Cell(row=1, col=2),), 'won')
    """

    def __init__(self, level: Level, seed: int | None, rule: FirstClick, deadline: float | None = None) -> None:
        self.level, self.seed, self.rule = level, seed, rule
        self._state = GameState.PLAYING
        topology = self._topology = level.topology
        # Every neighbourhood comes from the topology's tables; a cell's index is its place in them.
        self._cells, self._around = topology.tables(deadline)
        n = len(self._cells)
        self._view = bytearray([_COVERED]) * n
        self._is_mine = bytearray(n)
        self._count = bytearray(n)
        self._mines: set[Cell] | None = None
        self._first: Cell | None = None
        # Cells showing a number, counted: which they are is in the view.  Clicks by index, made Cells when asked for.
        self._shown = 0
        self._clicks: list[int] = []
        self._exploded: Cell | None = None

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
            raise ArgumentError(_no_room(level.mines, first_click, most))
        return cls(level, seed, first_click)

    @classmethod
    def from_layout(
        cls,
        rows: int,
        cols: int,
        mines: Iterable[Sequence[int]],
        topology: TopologySpec = DEFAULT_TOPOLOGY,
        *,
        deadline: float | None = None,
    ) -> Game:
        """Start a game on a given layout, with no first-click guarantee, on ``topology`` (a grid's name or a graph).

        Past ``deadline`` (a ``time.perf_counter()`` value) while building a new
        shape's tables, raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.
        """
        # Cells are taken as they are (a generator hands over thousands of layouts); anything else is checked.
        cells = [m if type(m) is Cell else cell_argument(m, "a mine") for m in mines]
        layout = set(cells)
        if len(layout) != len(cells):
            raise ArgumentError("a mine is listed twice")
        game = cls(Level.of(rows, cols, len(layout), topology), None, FirstClick.ANY, deadline)
        # Bounds read inline (a generator hands over thousands of layouts); _cell says what is wrong with the first bad one.
        outside = next((c for c in layout if not (0 <= c[0] < rows and 0 <= c[1] < cols)), None)
        if outside is not None:
            game._cell(outside)
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
        return None if self._mines is None else frozenset(self._mines)

    @property
    def revealed(self) -> frozenset[Cell]:
        """Cells showing a number (never a mine)."""
        cells, view = self._cells, self._view
        return frozenset([cells[i] for i in range(len(view)) if _ZERO <= view[i] <= _ZERO + 8])

    @property
    def clicks(self) -> list[Cell]:
        """Every accepted click and chord in order, no-op clicks on revealed cells included."""
        cells = self._cells
        return [cells[i] for i in self._clicks]

    @property
    def start(self) -> Cell | None:
        """The cell clicked first, or ``None`` before it."""
        return self._first

    @property
    def first_click(self) -> Cell | None:
        """The cell clicked first: the deprecated name of :attr:`start` (the rule is :attr:`rule`)."""
        warn_renamed("Game.first_click", "Game.start", "first_click names the first-click rule")
        return self._first

    @property
    def exploded(self) -> Cell | None:
        """The mine that lost the game (clicked, or opened by a chord), or ``None``."""
        return self._exploded

    @property
    def view(self) -> memoryview:
        """What every cell shows, one ASCII byte each in the topology's cell order (read-only)."""
        return memoryview(self._view).toreadonly()

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell, in the topology's order (row-major on a grid): a cell's index is its place here."""
        return self._cells

    @property
    def mine_flags(self) -> memoryview:
        """Whether each cell holds a mine (1) or not (0), in the topology's cell order (read-only)."""
        return memoryview(self._is_mine).toreadonly()

    def three_bv(self) -> int | None:
        """The layout's 3BV (:func:`~cnfsweep.core.gamerules.three_bv`), ``None`` until the first click places mines.

        Examples
        --------
        >>> Game.from_layout(1, 3, [(0, 1)]).three_bv()
        2
        >>> Game.new("beginner", seed=1).three_bv() is None
        True
        """
        return None if self._mines is None else three_bv(self._around, self._is_mine)

    def board(self) -> Board:
        """Return what the player sees: numbers, covered cells and flags."""
        flat, cols = self._view.decode("ascii"), self.level.cols
        # A square board leaves its topology to the Board: that is its default, shared between boards of one shape.
        # The view holds only what moves made it show, so the Board's checks are skipped (a board a move).
        grid = tuple([flat[k : k + cols] for k in range(0, len(flat), cols)])
        topology = None if isinstance(self._topology, Square) else self._topology
        return Board.from_checked_grid(grid, self.level.mines, topology)

    def number(self, cell: Cell) -> int:
        """Return the number shown by a revealed cell."""
        ch = self._view[self._index(self._cell(cell))]
        if not _ZERO <= ch <= _ZERO + 8:
            raise ArgumentError(f"cell {tuple(cell)} is not revealed")
        return ch - _ZERO

    # -- moves --------------------------------------------------------------------

    def click(self, cell: Cell, deadline: float | None = None) -> ClickResult:
        """Open ``cell``; a 0 opens its neighbours too, and so on across the zero region.

        Flood fill skips flagged cells, as classic clients do. Clicking a revealed
        cell does nothing; clicking a flag, outside the board or after the end raises
        :class:`~cnfsweep.core.errors.CnfsweepError`.  Past ``deadline`` (a
        ``time.perf_counter()`` value, read every :data:`CHECK_EVERY` cells
        the flood opens) raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`,
        the game left half-way: use it no more.
        """
        # Inline, not through _cell and _index: a generator's checks click tens of thousands of times a second.
        r, c = cell
        level = self.level
        if not (0 <= r < level.rows and 0 <= c < level.cols):
            raise OffBoardError(f"cell {(r, c)} is outside the {format_size(level.rows, level.cols)} board")
        if type(cell) is not Cell:
            cell = Cell(r, c)
        if self._state is not GameState.PLAYING:
            raise CnfsweepError(f"the game is over ({self._state.value}): no more clicks")
        i = r * level.cols + c
        view = self._view
        shown_ = view[i]
        if shown_ == _FLAG:
            raise ArgumentError(f"cell {tuple(cell)} is flagged: unflag it before clicking")
        if self._first is None:
            if self._mines is None:
                self._generate(cell)
            self._first = cell
        self._clicks.append(i)
        if shown_ != _COVERED:
            return ClickResult(cell, False, ())
        if self._is_mine[i]:
            self._lose(cell)
            return ClickResult(cell, True, ())
        n = self._count[i]
        if n:
            # Most clicks open one cell: skip the flood machinery for them.
            view[i] = _ZERO + n
            self._shown += 1
            if self._shown == len(self._cells) - level.mines:
                self._state = GameState.WON
            return ClickResult(cell, False, (cell,), (n,))
        return self._result(cell, self._flood([i], deadline))

    def chord(self, cell: Cell) -> ClickResult:
        """Open every covered, unflagged neighbour of a revealed number with as many flags around it.

        As in classic clients: a chord on a number with too few or too many
        flags around it, or on a covered cell, does nothing; a wrong flag loses
        the game on the mine it left covered (:attr:`exploded`).

        Examples
        --------
        >>> game = Game.from_layout(1, 4, [(0, 0)])
        >>> _ = game.click(Cell(0, 1)); game.flag(Cell(0, 0))
        >>> game.chord(Cell(0, 1)).opened, game.state.value
        ((Cell(row=0, col=2), Cell(row=0, col=3)), 'won')
        """
        cell = self._cell(cell)
        if self._state is not GameState.PLAYING:
            raise CnfsweepError(f"the game is over ({self._state.value}): no more clicks")
        i = self._index(cell)
        todo = chord_opens(self._view, i, self._around[i])
        if todo is None:
            return ClickResult(cell, False, ())
        self._clicks.append(i)
        mined = [j for j in todo if self._is_mine[j]]
        if mined:
            self._lose(self._cells[mined[0]])
            return ClickResult(cell, True, ())
        return self._result(cell, self._flood(todo))

    def chord_cells(self, cell: Cell) -> tuple[Cell, ...]:
        """Return the cells a chord on ``cell`` would open now, without chording: none where it would do nothing.

        The covered, unflagged neighbours of a revealed number with as many flags around it
        (:func:`~cnfsweep.core.gamerules.chord_opens`), a mine among them when a flag is wrong;
        :meth:`chord` opens exactly these.  A review asks this before the chord, to judge it.

        Examples
        --------
        >>> game = Game.from_layout(1, 4, [(0, 0)])
        >>> _ = game.click(Cell(0, 1))
        >>> game.chord_cells(Cell(0, 1)), game.flag(Cell(0, 0)), game.chord_cells(Cell(0, 1))
        ((), None, (Cell(row=0, col=2),))
        """
        i = self._index(self._cell(cell))
        todo = chord_opens(self._view, i, self._around[i])
        cells = self._cells
        return () if todo is None else tuple([cells[j] for j in todo])

    def press(self, cell: Cell) -> ClickResult:
        """A player's click: open a covered cell, or chord on a revealed number (as the page's players click).

        :meth:`click` on a revealed cell does nothing, as the engine's players
        expect; a person clicking a satisfied number means the chord.

        Examples
        --------
        >>> game = Game.from_layout(1, 4, [(0, 0)])
        >>> _ = game.press(Cell(0, 1)); game.flag(Cell(0, 0))
        >>> game.press(Cell(0, 1)).opened, game.state.value
        ((Cell(row=0, col=2), Cell(row=0, col=3)), 'won')
        """
        r, c = cell
        level = self.level
        if 0 <= r < level.rows and 0 <= c < level.cols and _ZERO <= self._view[r * level.cols + c] <= _ZERO + 8:
            return self.chord(cell)
        return self.click(cell)

    def flag(self, cell: Cell) -> None:
        """Mark a covered cell as a mine (flagging a flag again does nothing)."""
        self._mark(cell, _FLAG)

    def unflag(self, cell: Cell) -> None:
        """Remove a flag (a covered cell without one stays as it is)."""
        self._mark(cell, _COVERED)

    # -- moves many cells at a time, for a player or a generator rather than a person ----------
    # They work on the game's bytes directly, as the moves above do: a no-guess check makes
    # tens of thousands a second.

    def open_cells(self, cells: Iterable[Cell], deadline: float | None = None) -> tuple[list[Cell], list[int]]:
        """Click each cell of ``cells`` that is still covered, in turn, as :meth:`click` does.

        For a player opening cells it knows are safe, many at a time: cells
        already open (by an earlier flood) are skipped, not clicked; a mine
        ends the game and the batch.  Return the cells clicked and the indices
        (in the topology's cell order) of every cell opened, in order; what
        each shows is in :attr:`view`.

        Examples
        --------
        >>> game = Game.from_layout(1, 4, [(0, 3)])
        >>> game.open_cells([Cell(0, 0), Cell(0, 1)]), game.board().grid, game.state.value
        (([Cell(row=0, col=0)], [0, 1, 2]), ('001.',), 'won')
        """
        # Cells on the board after the first click go by index; anything else one cell at a time, checked.
        rows, cols = self.level.rows, self.level.cols
        if (
            self._first is None
            or not isinstance(cells, (list, tuple))
            or not all(type(cell) is Cell and 0 <= cell[0] < rows and 0 <= cell[1] < cols for cell in cells)
        ):
            return self._open_checked(cells, deadline)
        clicked, opened = self.open_indices([r * cols + c for r, c in cells], deadline)
        table = self._cells
        return [table[i] for i in clicked], opened

    def open_indices(self, indices: Sequence[int], deadline: float | None = None) -> tuple[list[int], list[int]]:
        """:meth:`open_cells` on cells given by index (in the topology's cell order), after the first click.

        For a player that keeps its cells by index: return the indices of the cells clicked and of
        every cell opened, in order.

        Examples
        --------
        >>> game = Game.from_layout(1, 5, [(0, 4)])
        >>> _ = game.click(Cell(0, 3))
        >>> game.open_indices([0, 2]), game.board().grid, game.state.value
        (([0], [0, 1, 2]), ('0001.',), 'won')
        """
        if self._first is None:
            raise CnfsweepError("open_indices opens cells after the first click, which may place the mines")
        clicked: list[int] = []
        opened: list[int] = []
        view, count, is_mine, clicks = self._view, self._count, self._is_mine, self._clicks
        n_cells = len(view)
        for i in indices:
            if self._state is not GameState.PLAYING:
                break
            if not 0 <= i < n_cells:
                raise OffBoardError(f"cell index {i} is outside the board's {n_cells} cells")
            shown_ = view[i]
            if shown_ != _COVERED:
                if _ZERO <= shown_ <= _ZERO + 8:
                    continue
                self.click(self._cells[i])  # flagged: click says so
            clicks.append(i)
            clicked.append(i)
            if is_mine[i]:
                self._lose(self._cells[i])
                break
            n = count[i]
            if n:
                view[i] = _ZERO + n
                opened.append(i)
            else:
                opened += self._flood([i], deadline)
        self._settle_opened(opened)
        return clicked, opened

    def _open_checked(self, cells: Iterable[Cell], deadline: float | None) -> tuple[list[Cell], list[int]]:
        """:meth:`open_cells` one cell at a time, the first click and cells of any kind included."""
        clicked: list[Cell] = []
        first: list[int] = []  # opened by a first click, which click() has recorded already
        opened: list[int] = []
        view, count, is_mine, cols = self._view, self._count, self._is_mine, self.level.cols
        for cell in cells:
            if self._state is not GameState.PLAYING:
                break
            if self._first is None:
                # The first click may place the mines: the general path.
                result = self.click(cell, deadline)
                if result.opened:
                    clicked.append(cell)
                    first += [c[0] * cols + c[1] for c in result.opened]
                continue
            i = cell[0] * cols + cell[1]
            shown_ = view[i] if 0 <= cell[0] < self.level.rows and 0 <= cell[1] < cols else _FLAG
            if shown_ != _COVERED:
                if _ZERO <= shown_ <= _ZERO + 8:
                    continue
                self.click(cell)  # off the board or flagged: click says so
            self._clicks.append(i)
            clicked.append(cell if type(cell) is Cell else Cell(*cell))
            if is_mine[i]:
                self._lose(clicked[-1])
                break
            n = count[i]
            if n:
                view[i] = _ZERO + n
                opened.append(i)
            else:
                opened += self._flood([i], deadline)
        self._settle_opened(opened)
        return clicked, first + opened

    def flag_cells(self, cells: Iterable[Cell]) -> list[Cell]:
        """Flag each covered cell of ``cells``; return those newly flagged (flags stay, revealed cells are skipped).

        For a player flagging the mines it knows, many at a time.

        Examples
        --------
        >>> game = Game.from_layout(2, 3, [(0, 2)])
        >>> _ = game.click(Cell(1, 0))
        >>> game.flag_cells([Cell(0, 2), Cell(0, 1)]), game.board().grid
        ([Cell(row=0, col=2)], ('01*', '01.'))
        """
        if self._state is not GameState.PLAYING:
            raise CnfsweepError(f"the game is over ({self._state.value}): no more flags")
        view, rows, cols = self._view, self.level.rows, self.level.cols
        flagged = []
        for cell in cells:
            r, c = cell
            if not (0 <= r < rows and 0 <= c < cols):
                self._cell(cell)  # says so
            i = r * cols + c
            if view[i] == _COVERED:
                view[i] = _FLAG
                flagged.append(cell)
        return flagged

    def flag_indices(self, indices: Iterable[int]) -> list[int]:
        """:meth:`flag_cells` on cells given by index; return the indices of those newly flagged.

        Examples
        --------
        >>> game = Game.from_layout(2, 3, [(0, 2)])
        >>> _ = game.click(Cell(1, 0))
        >>> game.flag_indices([2, 1]), game.board().grid
        ([2], ('01*', '01.'))
        """
        if self._state is not GameState.PLAYING:
            raise CnfsweepError(f"the game is over ({self._state.value}): no more flags")
        view, n_cells = self._view, len(self._view)
        flagged = []
        for i in indices:
            if not 0 <= i < n_cells:
                raise OffBoardError(f"cell index {i} is outside the board's {n_cells} cells")
            if view[i] == _COVERED:
                view[i] = _FLAG
                flagged.append(i)
        return flagged

    def move_mines(self, sources: Iterable[Sequence[int]], targets: Iterable[Sequence[int]]) -> list[Cell]:
        """Move a mine from each source to the matching target, both covered and unflagged.

        Never in a real game: a generator repairing a layout does it.  The
        numbers around both change; return the revealed cells among them,
        which may now show another number (in cell order).

        Examples
        --------
        >>> game = Game.from_layout(1, 3, [(0, 0)])
        >>> _ = game.click(Cell(0, 1))
        >>> game.move_mines([(0, 0)], [(0, 2)]), game.board().grid
        ([Cell(row=0, col=1)], ('.1.',))
        """
        view, is_mine, count, around = self._view, self._is_mine, self._count, self._around
        moved = [
            (self._index(self._cell(s)), self._index(self._cell(t))) for s, t in zip(sources, targets, strict=True)
        ]
        touched: set[int] = set()
        for s, t in moved:
            if view[s] != _COVERED or view[t] != _COVERED or not is_mine[s] or is_mine[t]:
                raise CnfsweepError("mines move only from a covered mine to a covered safe cell")
            is_mine[s], is_mine[t] = 0, 1
            for j in around[s]:
                count[j] -= 1
            for j in around[t]:
                count[j] += 1
            touched.update(around[s])
            touched.update(around[t])
            assert self._mines is not None  # a layout is placed: is_mine said so
            self._mines.discard(self._cells[s])
            self._mines.add(self._cells[t])
        renumbered = sorted(j for j in touched if _ZERO <= view[j] <= _ZERO + 8)
        for j in renumbered:
            view[j] = _ZERO + count[j]
        return [self._cells[j] for j in renumbered]

    def to_dict(self) -> dict[str, object]:
        """Describe the game as JSON-able data: seed, rule, size, mines and ``start`` (and a topology not square).

        ``start`` is the cell clicked first (older descriptions wrote it as ``first_click``, the
        name of the rule everywhere else); :meth:`from_dict` reads the description back.
        """
        # [r, c] on a grid, as square games always were; the cell's name on a graph.
        write = list if self.level.graph is None else self.level.graph.cell_json
        mines = None if self._mines is None else [write(m) for m in sorted(self._mines)]
        first = None if self._first is None else write(self._first)
        lv = self.level
        out: dict[str, object] = {
            "seed": self.seed,
            "rule": self.rule.value,
            "rows": lv.rows,
            "cols": lv.cols,
            "mines": mines,
            "start": first,
        }
        if lv.topology_name != DEFAULT_TOPOLOGY:
            out["topology"] = lv.topology_name
        return out

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any], graph: Graph | None = None) -> Game:
        """Return the game :meth:`to_dict` described, at its first click: its seed, rule, layout and start.

        A graph game's description names its cells but not its edges: pass its ``graph``.
        An older description keeps the start under ``first_click``: it is read for one release,
        with a :class:`DeprecationWarning`.

        Raises
        ------
        ArgumentError
            If a key is missing, or the game was described before its first click (its layout was
            not drawn yet: start it again with :meth:`new`).

        Examples
        --------
        >>> game = Game.new("beginner", seed=7)
        >>> _ = game.click(Cell(4, 4))
        >>> again = Game.from_dict(game.to_dict())
        >>> again.mines == game.mines and again.start == Cell(4, 4) and again.board() == game.board()
        True
        """
        key = start_key(doc, "a saved game")
        missing = [k for k in ("seed", "rule", "rows", "cols", "mines") if k not in doc]
        if missing:
            raise ArgumentError(f"a saved game needs {missing[0]!r} (as Game.to_dict writes it)")
        mines, start = doc["mines"], doc.get(key)
        if mines is None or start is None:
            raise ArgumentError("a game saved before its first click has no layout yet: start it again with Game.new")
        name = doc.get("topology", DEFAULT_TOPOLOGY)
        if name == "graph" and graph is None:
            raise ArgumentError("a saved graph game names its cells, not its edges: pass its graph")
        topology: TopologySpec = graph if graph is not None else name
        game = cls.from_layout(doc["rows"], doc["cols"], [cell_of(topology, m, "a mine") for m in mines], topology)
        game.seed, game.rule = doc["seed"], choice_argument(FirstClick, doc["rule"], "first-click rule")
        game.click(Cell(*cell_of(topology, start, "the start")))
        return game

    def __repr__(self) -> str:
        lv, n = self.level, len(self._clicks)
        shape = "" if lv.topology_name == DEFAULT_TOPOLOGY else f" {lv.topology_name}"
        return f"<Game {lv.name}{shape} {lv.size_text} seed={self.seed} {self._state.value} {n} clicks>"

    # -- internals -------------------------------------------------------------

    def _cell(self, cell: Sequence[int]) -> Cell:
        r, c = cell
        # The tables hold rows x cols cells (a graph's are one row), so bounds say what is a cell.
        if not (0 <= r < self.level.rows and 0 <= c < self.level.cols):
            raise OffBoardError(f"cell {(r, c)} is outside the {format_size(self.level.rows, self.level.cols)} board")
        return cell if type(cell) is Cell else Cell(r, c)

    def _index(self, cell: Sequence[int]) -> int:
        # The tables list cells row by row (a graph's cells are one row), so this is the cell's place in them.
        return cell[0] * self.level.cols + cell[1]

    def _mark(self, cell: Cell, mark: int) -> None:
        cell = self._cell(cell)
        if self._state is not GameState.PLAYING:
            raise CnfsweepError(f"the game is over ({self._state.value}): no more flags")
        i = self._index(cell)
        if self._view[i] not in (_COVERED, _FLAG):
            raise ArgumentError(f"cell {tuple(cell)} is revealed and cannot be flagged")
        self._view[i] = mark

    def _lose(self, mine: Cell) -> None:
        self._state = GameState.LOST
        self._exploded = mine

    def _generate(self, first: Cell) -> None:
        lv, rule = self.level, self.rule
        if lv.mines > (most := lv.max_mines(rule, first)):
            raise ArgumentError(_no_room(lv.mines, rule, most, first))
        protected = set(lv.area(first)) if rule is FirstClick.OPENING else {first} if rule is FirstClick.SAFE else set()
        # Candidates in cell order and one sample() call: the layout depends on the seed,
        # the rule and the first click only, the same on every platform.
        # The protected cells (an opening at most) cut out of the list by index, not each cell looked up.
        candidates, cols = list(self._cells), lv.cols
        for i in sorted({c[0] * cols + c[1] for c in protected}, reverse=True):
            del candidates[i]
        self._place(set(random.Random(self.seed).sample(candidates, lv.mines)))

    def _place(self, mines: set[Cell]) -> None:
        self._mines = mines
        is_mine, count, around, cols = self._is_mine, self._count, self._around, self.level.cols
        for m in mines:
            i = m[0] * cols + m[1]
            is_mine[i] = 1
            for j in around[i]:
                count[j] += 1

    def _flood(self, starts: list[int], deadline: float | None = None) -> list[int]:
        """Open the covered safe cells ``starts`` and flood on from every zero; return what opened, in order."""
        return flood(self._view, self._count, self._around, starts, deadline)

    def _settle_opened(self, opened: list[int]) -> None:
        """Count the cells just opened as revealed, and a win when they were the last safe ones."""
        self._shown += len(opened)
        if self._shown == len(self._cells) - self.level.mines and self._state is GameState.PLAYING:
            self._state = GameState.WON

    def _result(self, cell: Cell, opened: list[int]) -> ClickResult:
        count, cells = self._count, self._cells
        self._settle_opened(opened)
        return ClickResult(cell, False, tuple([cells[k] for k in opened]), tuple([count[k] for k in opened]))


def _no_room(mines: int, rule: FirstClick, most: int, first: Cell | None = None) -> str:
    """Say that ``mines`` do not fit beside what the first-click rule keeps free (around ``first``, when known)."""
    at = "" if first is None else f" at {tuple(first)}"
    verb = "leaves" if mines == 1 else "leave"
    return f"{counted(mines, 'mine')} {verb} no room for first-click rule {rule.value!r}{at} (at most {most})"
