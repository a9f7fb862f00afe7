"""Games the page plays, kept in memory on the server between clicks.

A game lives in a :class:`GameStore` under a random id that the client gets
back from :meth:`GameStore.new`; ids are not guessable and name nothing on the
server. The store is bounded: past ``limit`` games the least recently played is
dropped. Layouts come from :class:`~cnfsweep.play.Game`, so a seed gives the
same game as ``cnfsweep play --seed``.

A no-guess game comes from :func:`cnfsweep.generation.generate_boards` (the
first board ``cnfsweep generate --seed`` makes) and starts with its first click made: the
opening from which exact inference never needs a guess.  The server generates it in
its worker pool and hands the store the layout (:meth:`GameStore.new`'s ``layout``).
"""

from __future__ import annotations

import functools
import random
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from cnfsweep.core.board import Cell
from cnfsweep.core.characters import COVERED, FLAG
from cnfsweep.core.errors import ArgumentError, CnfsweepError, OffBoardParameter, ParameterError, shown
from cnfsweep.core.topology import DEFAULT_TOPOLOGY, TOPOLOGIES, topology_names
from cnfsweep.formats.game_records import Click, ClickKind, RecordedGame
from cnfsweep.generation import centre, generate_boards
from cnfsweep.play import LEVELS, FirstClick, Game, GameState, Level
from cnfsweep.play.level import format_size
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.game import PuzzleGame

__all__ = ["GameStore", "GameTooLarge", "NewGame", "UnknownGame", "game_document"]

T = TypeVar("T")

#: The largest board whose new game's answer lists every cell's neighbours: about 8 numbers a cell, so
#: 10,000 cells (a 100x100 board, more than a screen shows) take some 400 kB; past that the list is left out.
NEIGHBOURS_UP_TO = 10_000


class UnknownGame(CnfsweepError, KeyError):
    """Report a game id the store does not hold (never given out, or dropped for room)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class GameTooLarge(ParameterError):
    """Report a game with more cells than the server takes, naming the level or the rows and cols it came from."""


@dataclass(frozen=True)
class NewGame:
    """What a new game is: a level by name, or a size and mine count; the first-click rule; the topology; a seed; no-guess or not; a first click the server makes.

    Examples
    --------
    >>> NewGame(level="beginner").resolve()
    Level(rows=9, cols=9, mines=10, name='beginner')
    >>> NewGame(rows=2, cols=3, mines=1).resolve()
    Level(rows=2, cols=3, mines=1, name='custom')
    >>> NewGame(level="beginner", topology="hex").resolve()
    Level(rows=9, cols=9, mines=10, name='beginner', topology_name='hex')
    >>> NewGame().resolve()
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.CnfsweepError: give a level (beginner, intermediate, expert) or rows, cols and mines
    """

    level: str | None = None
    rows: int | None = None
    cols: int | None = None
    mines: int | None = None
    first_click: str = "safe"
    topology: str = DEFAULT_TOPOLOGY
    seed: int | None = None
    no_guess: bool = False
    opened: tuple[int, int] | None = None  # the first click, made by the server: the board of a restart or a link

    def resolve(self) -> Level:
        """Return the level this game is played on (on its topology).

        Raises
        ------
        ParameterError
            Naming the field whose value no level takes: ``level``, ``topology``, ``rows`` and ``cols``, or ``mines``.
        """
        if self.topology.strip().lower() not in TOPOLOGIES:
            raise ParameterError("topology", shown(self.topology), f"expected {topology_names()}")
        if self.level is not None:
            try:
                level = Level.named(self.level)
            except ArgumentError:
                raise ParameterError("level", shown(self.level), f"choose one of {', '.join(LEVELS)}") from None
            return level if self.topology == DEFAULT_TOPOLOGY else level.on(self.topology)
        if self.rows is None or self.cols is None or self.mines is None:
            raise CnfsweepError(f"give a level ({', '.join(LEVELS)}) or rows, cols and mines")
        try:  # the size alone first: what the topology takes
            empty = Level(self.rows, self.cols, 0, topology_name=self.topology)
        except ArgumentError as exc:
            raise ParameterError(("rows", "cols"), format_size(self.rows, self.cols), str(exc)) from None
        if not 0 <= self.mines <= empty.cells:
            size = format_size(self.rows, self.cols)
            raise ParameterError("mines", str(self.mines), f"a {size} board takes 0 to {empty.cells} mines")
        return Level(self.rows, self.cols, self.mines, topology_name=self.topology)


def game_document(game_id: str, game: Game, seconds: float | None = None, moves: int = 0) -> dict[str, Any]:
    """Describe a game as the player sees it, as JSON-able data.

    ``grid`` holds one string per row in the native board characters (``*`` a
    flag); ``topology`` names the board's topology (``square``, ``torus`` or ``hex``:
    which cells are neighbours, as a client draws them); ``board`` is the native text an analysis of the position takes,
    with the total and the player's flags left covered (a flag is the player's
    guess, not a fact). ``seconds`` runs from the player's first click to the end. ``moves``
    counts the player's clicks and flags the server has made, so a client can tell
    the latest document from an older one. ``mines_left`` is the mines less the player's flags,
    and 0 on a win (a win flags every mine). ``bbbv`` is the layout's 3BV (from the first click on,
    when the layout is there). Once the game is over, ``layout`` lists every mine and
    ``exploded`` the mine clicked, if any.

    Examples
    --------
    >>> game = Game.from_layout(1, 3, [(0, 2)])
    >>> _ = game.click(Cell(0, 0))
    >>> doc = game_document("g1", game)
    >>> doc["grid"], doc["board"], doc["state"], doc["mines_left"], doc["bbbv"]
    (['01.'], 'mines: 1\\n01.\\n', 'won', 0, 1)
    """
    board = game.board()
    flags = sum(row.count(FLAG) for row in board.grid)
    over = game.state is not GameState.PLAYING
    exploded = None if game.exploded is None else list(game.exploded)
    return {
        "id": game_id,
        "level": game.level.name,
        "rows": game.level.rows,
        "cols": game.level.cols,
        "mines": game.level.mines,
        "topology": game.level.topology_name,
        "seed": game.seed,
        "first_click": game.rule.value,
        "state": game.state.value,
        "grid": list(board.grid),
        "board": board.to_text().replace(FLAG, COVERED),
        "mines_left": 0 if game.state is GameState.WON else game.level.mines - flags,
        "clicks": len(game.clicks),
        "bbbv": game.three_bv(),
        "moves": moves,
        "layout": [list(m) for m in sorted(game.mines)] if over and game.mines is not None else None,
        "exploded": exploded,
        "seconds": seconds,
    }


def _room(spec: NewGame, level: Level, rule: FirstClick) -> None:
    """Refuse a game whose mines leave no room for what its first click keeps free, naming the mine count's field.

    A player may click anywhere first: an opening game needs room around the cell with the most neighbours
    (:meth:`Game.new` allows the most lenient first click, a corner, as the engine's players click there).
    A no-guess game's board opens around the middle (:func:`~cnfsweep.generation.centre`).

    Examples
    --------
    >>> _room(NewGame(rows=3, cols=3, mines=5), Level(3, 3, 5), FirstClick.SAFE)
    >>> _room(NewGame(rows=3, cols=3, mines=5), Level(3, 3, 5), FirstClick.OPENING)
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ParameterError: mines 5: no room for first-click rule 'opening' wherever the first click falls (at most 0 mines on a 3x3 board); choose fewer mines or first click 'safe'
    """
    size = format_size(level.rows, level.cols)
    if spec.no_guess:
        first = centre(level)
        most = level.max_mines(FirstClick.OPENING, first)
        problem = (
            f"no room outside a no-guess board's opening at {tuple(first)} (at most {most} mines on a {size} board)"
        )
    elif rule is FirstClick.OPENING:
        # The cell with the most neighbours needs the most room.
        most = level.cells - level.area_sizes()[1]
        problem = (
            f"no room for first-click rule {rule.value!r} wherever the first click falls"
            f" (at most {most} mines on a {size} board); choose fewer mines or first click 'safe'"
        )
    else:
        most = level.max_mines(rule)
        problem = f"no room for first-click rule {rule.value!r} (at most {most} mines on a {size} board)"
    if level.mines > most and spec.level is not None:
        raise ParameterError("level", spec.level, problem)
    if level.mines > most:
        raise ParameterError("mines", str(level.mines), problem)


def _on_board(rows: int, cols: int, row: int, col: int) -> Cell:
    """Return the cell at ``row``, ``col`` of a move, refusing one off the board and naming the field that is.

    Examples
    --------
    >>> _on_board(9, 9, 2, 9)
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.OffBoardParameter: col 9: outside the 9x9 board (columns 0 to 8)
    """
    if not 0 <= row < rows:
        raise OffBoardParameter("row", str(row), f"outside the {format_size(rows, cols)} board (rows 0 to {rows - 1})")
    if not 0 <= col < cols:
        raise OffBoardParameter(
            "col", str(col), f"outside the {format_size(rows, cols)} board (columns 0 to {cols - 1})"
        )
    return Cell(row, col)


def _locked(method: Callable[..., T]) -> Callable[..., T]:
    @functools.wraps(method)
    def locked(self: GameStore, *args: Any) -> T:
        with self._lock:
            return method(self, *args)

    return locked


@dataclass
class _Entry:
    game: Game
    started: float | None = None  # when the first click came
    ended: float | None = None  # when the game was won or lost
    moves: int = 0  # the player's clicks and flags made
    history: list[tuple[float, ClickKind, Cell]] = field(default_factory=list)  # every move, for the review

    def note(self, kind: ClickKind, cell: Cell, now: float) -> None:
        """Record a move that changed the game (a review replays them), with its time from the first click."""
        self.history.append((0.0 if self.started is None else round(now - self.started, 3), kind, cell))

    def record(self, game_id: str) -> RecordedGame:
        """The game so far as a game record: its layout and every move, as a replay file keeps them."""
        game = self.game
        if game.mines is None:
            raise CnfsweepError("the game has no click yet: nothing to review")
        clicks = tuple(Click(cell, seconds, kind) for seconds, kind, cell in self.history)
        return RecordedGame(
            game.level.topology,
            tuple(sorted(game.mines or ())),
            clicks,
            None,
            game.seed,
            game.state is GameState.WON,
            "game",
            game_id,
            None,
            game.rule.value,
            self.seconds(),
        )

    def trace(self) -> dict[str, Any]:
        """The game so far as a trace line: what ``cnfsweep play --trace`` writes and ``cnfsweep replay`` reads.

        A trace holds opens only: a chord is written as opens of the cells it chose (``Game.chord_cells``
        then: none where the flags around did not match the number), the safe ones first, so a mine it hit is the last move as in
        any trace; flags are not written (a review leaves them covered anyway). ``first_click`` is
        the first-click rule and ``start`` the cell clicked first.
        """
        game = self.game
        if game.mines is None:
            raise CnfsweepError("the game has no click yet: nothing to download")
        level, mines = game.level, game.mines
        # The moves played again on the layout: which cells a chord chose depends on the flags then.
        again = Game.from_layout(level.rows, level.cols, sorted(mines), level.topology_name)
        cells: list[Cell] = []
        for _, kind, cell in self.history:
            if kind is ClickKind.FLAG or kind is ClickKind.UNFLAG:
                (again.flag if kind is ClickKind.FLAG else again.unflag)(cell)
                continue
            chosen = [cell] if kind is ClickKind.OPEN else sorted(again.chord_cells(cell), key=lambda n: n in mines)
            for c in chosen:
                if again.state is GameState.PLAYING and again.view[c.row * level.cols + c.col] == ord(COVERED):
                    again.click(c)
                    cells.append(c)
        out: dict[str, Any] = {"seed": game.seed, "rows": level.rows, "cols": level.cols}
        if level.topology_name != DEFAULT_TOPOLOGY:
            out["topology"] = level.topology_name
        out.update(
            {
                "mines": [list(m) for m in sorted(mines)],
                "first_click": game.rule.value,
                "start": list(cells[0]),
                "moves": [{"cell": list(c)} for c in cells],
                "won": game.state is GameState.WON,
            }
        )
        return out

    def document(self, game_id: str) -> dict[str, Any]:
        return game_document(game_id, self.game, self.seconds(), self.moves)

    def seconds(self) -> float | None:
        if self.started is None:
            return None
        return round((self.ended or time.monotonic()) - self.started, 3)


class GameStore:
    """Games in progress by id, at most ``limit`` of them, least recently played dropped first.

    Examples
    --------
    >>> store = GameStore(limit=1, max_cells=100)
    >>> first = store.new(NewGame(level="beginner", seed=1))["id"]
    >>> doc = store.click(first, 4, 4)
    >>> doc["state"], doc["clicks"]
    ('playing', 1)
    >>> _ = store.new(NewGame(level="beginner", seed=2))
    >>> store.get(first)
    Traceback (most recent call last):
    ...
    cnfsweep.web.games.UnknownGame: no game with this id (finished games are kept only while there is room)
    """

    def __init__(self, limit: int, max_cells: int, time_limit: float | None = None) -> None:
        self.limit, self.max_cells, self.time_limit = limit, max_cells, time_limit
        # Classic games and variant puzzles share the room: past ``limit`` of both, the least recently played goes.
        self._games: OrderedDict[str, _Entry | PuzzleGame] = OrderedDict()
        self._lock = threading.Lock()  # the server's threads may play at once

    def check(self, spec: NewGame) -> Level:
        """Return the level of a new game, refusing one this store would not start (before any layout is made).

        Raises
        ------
        GameTooLarge
            If the board has more cells than the store takes (a :class:`ParameterError` naming the level, or rows and cols).
        ParameterError
            Naming the field of a value no game takes: an unknown level or first-click rule, a start cell off the
            board, mines that leave no room for the first click.
        """
        level = spec.resolve()
        if level.cells > self.max_cells:
            size = format_size(level.rows, level.cols)
            problem = f"a {size} game has {level.cells} cells, more than this server takes ({self.max_cells})"
            if spec.level is not None:
                raise GameTooLarge("level", spec.level, problem)
            raise GameTooLarge(("rows", "cols"), size, problem)
        try:
            rule = FirstClick(spec.first_click)
        except ValueError:
            raise ParameterError(
                "first_click", shown(spec.first_click), f"choose one of {', '.join(r.value for r in FirstClick)}"
            ) from None
        if spec.opened is not None:
            if spec.no_guess:
                raise ParameterError(
                    "start", None, "a no-guess game comes with its own opening: give it without 'no_guess'"
                )
            row, col = spec.opened
            if not (0 <= row < level.rows and 0 <= col < level.cols):
                raise OffBoardParameter(
                    "start",
                    f"[{row}, {col}]",
                    f"outside the {format_size(level.rows, level.cols)} board"
                    f" (rows 0 to {level.rows - 1}, columns 0 to {level.cols - 1})",
                )
        _room(spec, level, rule)
        return level

    def new(self, spec: NewGame, layout: tuple[Sequence[Sequence[int]], Sequence[int]] | None = None) -> dict[str, Any]:
        """Start a game and return its document, with ``neighbours``: each cell's neighbours by index
        (``row * cols + col``), from the topology, for a client that shows what a chord would open
        (on boards of up to :data:`NEIGHBOURS_UP_TO` cells).

        A no-guess game is played on ``layout`` (its mines and first click, as
        ``generate_boards(level, 1, seed=spec.seed)`` made them) when given, and is
        generated here otherwise.
        """
        level = self.check(spec)
        if spec.no_guess:
            # Board 0 of the run: what `cnfsweep generate --seed S` writes first and `play --no-guess --seed S` plays first.
            seed = random.SystemRandom().getrandbits(32) if spec.seed is None else spec.seed
            if layout is None:
                made = next(generate_boards(level, 1, seed=seed, time_limit=self.time_limit))
                layout = made.mine_cells, made.start
            mines, first = layout
            game = Game.from_layout(level.rows, level.cols, mines, level.topology_name)
            game.level, game.seed, game.rule = level, seed, FirstClick.OPENING  # the level keeps its name
            game.click(Cell(*first))
            opened: list[tuple[float, ClickKind, Cell]] = [(0.0, ClickKind.OPEN, Cell(*first))]
        else:
            game = Game.new(level, spec.seed, FirstClick(spec.first_click))
            opened = []
            if spec.opened is not None:  # the clock starts at the player's first click, not this one
                game.click(Cell(*spec.opened))
                opened.append((0.0, ClickKind.OPEN, Cell(*spec.opened)))
        game_id = secrets.token_urlsafe(12)
        with self._lock:  # only now: generating a board holds no other game up
            self._keep(game_id, _Entry(game, history=opened))
            doc = game_document(game_id, game)
            if level.cells <= NEIGHBOURS_UP_TO:
                doc["neighbours"] = [list(near) for near in level.topology.tables()[1]]
            return doc

    def _keep(self, game_id: str, game: _Entry | PuzzleGame) -> None:
        # Under the lock.
        self._games[game_id] = game
        while len(self._games) > self.limit:
            self._games.popitem(last=False)

    def _entry(self, game_id: str) -> _Entry:
        entry = self._games.get(game_id)
        if not isinstance(entry, _Entry):
            raise UnknownGame("no game with this id (finished games are kept only while there is room)")
        self._games.move_to_end(game_id)
        return entry

    def _puzzle(self, game_id: str) -> PuzzleGame:
        game = self._games.get(game_id)
        if not isinstance(game, PuzzleGame):
            raise UnknownGame("no puzzle game with this id (finished games are kept only while there is room)")
        self._games.move_to_end(game_id)
        return game

    def new_puzzle(self, made: dict[str, Any], lives: int) -> dict[str, Any]:
        """Start playing a generated puzzle (``made``: what ``generate --rules --json`` prints) and return its view.

        The store keeps the answer; the view has the clues, the rules, the size and the game's ``id``, never the
        mines while the game goes on; when ``made`` has a ``grade`` and ``grade_steps``, so has this first view.
        """
        board = parse_variant(made["board"], "puzzle")
        game = PuzzleGame(board, frozenset(Cell(r, c) for r, c in made["mines"]), made["seed"], lives)
        game_id = secrets.token_urlsafe(12)
        # A graded puzzle's grade comes with the game's first view (it says nothing of the answer).
        graded: dict[str, Any] = {key: made[key] for key in ("grade", "grade_steps") if key in made}
        with self._lock:
            self._keep(game_id, game)
            return {"id": game_id, **game.view(), **graded}

    @_locked
    def puzzle(self, game_id: str) -> dict[str, Any]:
        """Return what the player of a puzzle game sees now."""
        return {"id": game_id, **self._puzzle(game_id).view()}

    @_locked
    def open_puzzle(self, game_id: str, row: int, col: int) -> dict[str, Any]:
        """Open a cell of a puzzle game (the answer judges it) and return the game's view."""
        game = self._puzzle(game_id)
        game.open(_on_board(game.board.rows, game.board.cols, row, col))
        return {"id": game_id, **game.view()}

    @_locked
    def flag_puzzle(self, game_id: str, row: int, col: int) -> dict[str, Any]:
        """Flag a covered cell of a puzzle game, or take its flag off, and return the game's view."""
        game = self._puzzle(game_id)
        game.flag(_on_board(game.board.rows, game.board.cols, row, col))
        return {"id": game_id, **game.view()}

    @_locked
    def get(self, game_id: str) -> dict[str, Any]:
        """Return the document of a game in the store."""
        return self._entry(game_id).document(game_id)

    @_locked
    def record(self, game_id: str) -> RecordedGame:
        """Return a game of the store as a game record (won, lost or unfinished), for a review."""
        return self._entry(game_id).record(game_id)

    @_locked
    def click(self, game_id: str, row: int, col: int) -> dict[str, Any]:
        """Open a cell, or chord on a revealed number (the first click starts the clock); return the game's document."""
        entry = self._entry(game_id)
        game, level = entry.game, entry.game.level
        cell = _on_board(level.rows, level.cols, row, col)
        on_number = chr(game.view[row * level.cols + col]).isdigit()  # then the click is a chord (Game.press)
        clicks = len(game.clicks)
        game.press(cell)
        entry.moves += 1
        now = time.monotonic()
        if entry.started is None:
            entry.started = now
        if len(game.clicks) > clicks:  # a chord on a number without its flags is no move
            entry.note(ClickKind.CHORD if on_number else ClickKind.OPEN, cell, now)
        if entry.game.state is not GameState.PLAYING and entry.ended is None:
            entry.ended = now
        return entry.document(game_id)

    @_locked
    def trace(self, game_id: str) -> dict[str, Any]:
        """The game so far as a trace line (:meth:`_Entry.trace`), for the player to keep and replay."""
        return self._entry(game_id).trace()

    @_locked
    def flag(self, game_id: str, row: int, col: int) -> dict[str, Any]:
        """Flag a covered cell, or unflag a flagged one, and return the game's document."""
        entry = self._entry(game_id)
        game, level = entry.game, entry.game.level
        cell = _on_board(level.rows, level.cols, row, col)
        if game.view[row * level.cols + col] == ord(FLAG):
            game.unflag(cell)
            entry.note(ClickKind.UNFLAG, cell, time.monotonic())
        else:
            game.flag(cell)
            entry.note(ClickKind.FLAG, cell, time.monotonic())
        entry.moves += 1
        return entry.document(game_id)
