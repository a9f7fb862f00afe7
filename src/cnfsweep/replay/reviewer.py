"""Replay a recorded game on the one game and judge every click that opens cells, through one engine.

The record's clicks are played in order on a :class:`~cnfsweep.play.table.Table` over the
record's layout: flags go to the game (a chord needs them) but not to the player's knowledge
(a flag is the player's guess, not a fact), so every position is analysed with the flagged
cells covered and the total mine count known.  Before each click that opens cells (a click
on a covered cell, or a chord on a number with as many flags around it), one
:class:`~cnfsweep.engine.Engine` (its component cache carried from position to position)
gives every cell's exact probability; the click's probability is the chance that at least
one of its chosen cells is a mine (for a chord of several uncertain cells, the ratio of
layout counts with and without those cells assumed safe).  The first click is a deduction
when the game's first-click rule keeps it off a mine; a record whose first click breaks
that rule (a mine under ``safe`` or ``opening``, a number under ``opening``) contradicts
it, and is refused rather than judged by a rule it was not played by.  A cell an analysis proves a mine stays
one for the rest of the game (what the player knows only grows), so the player's knowledge
takes it as a known mine from then on: later positions are the same layouts, searched without it
(a player who never flags would otherwise leave every mine's numbers in every search).

Examples
--------
>>> from cnfsweep.formats.game_records import read_game_records
>>> (game,) = read_game_records(b'{"rows": 1, "cols": 4, "mines": [[0, 0]], "moves": [{"cell": [0, 3]}]}')
>>> review = review_game(game, first_click="safe")
>>> [(c.label.value, str(c.probability)) for c in review.clicks], review.won
([('deduction', '0')], True)
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Callable
from fractions import Fraction
from os import PathLike

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import COVERED, FLAG
from cnfsweep.core.gamerules import COVERED_BYTE as _COVERED
from cnfsweep.core.gamerules import FLAG_BYTE as _FLAG
from cnfsweep.core.gamerules import ZERO_BYTE as _ZERO
from cnfsweep.core.deadline import check_deadline, deadline_after, time_left
from cnfsweep.core.errors import ArgumentError, ArgumentTypeError, CnfsweepError, shown
from cnfsweep.core.checks import choice_argument, count_argument, flag_argument
from cnfsweep.engine import Analysis, Engine
from cnfsweep.engine.arguments import BackendSpec, engine_argument
from cnfsweep.formats.game_records import ClickKind, GameRecordError, RecordedGame, read_game_records
from cnfsweep.play import FirstClick, Game, Table
from cnfsweep.replay.results import ClickReview, GameReview, Label

__all__ = ["Progress", "review", "review_game"]

#: Called after each click judged, with how many are done and how many there are.
Progress = Callable[[int, int], None]

#: The label a chord's uncertain cells carry while the engine counts the layouts that keep them safe.
_CHOSEN = "x"


def review(
    record: str | PathLike[str] | bytes,
    *,
    name: str | None = None,
    engine: Engine | None = None,
    first_click: FirstClick | str | None = None,
    positions: bool = False,
    progress: Progress | None = None,
    time_limit: float | None = None,
    game: int = 1,
    backend: BackendSpec | None = None,
    rule: str | None = None,
) -> GameReview:
    """Read a game record (a replay file, or its bytes) and review one of its games (the first, unless ``game`` says).

    Parameters
    ----------
    record : path or bytes
        ``.avf``, ``.rmv``, ``.evf``, ``.mvf`` (with the ``replay`` extra) or an autoplayer trace.
    name : str, optional
        The file's name, for bytes: its suffix says what kind of record it is.
    engine : Engine, optional
        The engine every position goes through (default: a player's, :meth:`Engine.for_games`).
    first_click : FirstClick or str, optional
        The first-click rule to assume (``safe``, ``opening``, ``any``) instead of the record's,
        as ``cnfsweep replay --first-click`` gives it.
    positions : bool
        Keep each position's board text, flags and the final board in the review.
    progress : callable, optional
        Called as ``progress(done, total)`` after each click judged.
    time_limit : float, optional
        Seconds allowed, reading the record included; past them raise
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`.
    game : int
        Which game of a record of several (a trace of many games), from 1.
    backend : str or Backend, optional
        The backend of a fresh player's engine instead of ``engine``.  A spec given as ``engine``
        still works, with a :class:`DeprecationWarning`, until the next release.
    rule : str, optional
        Deprecated name of ``first_click``; still taken, with a :class:`DeprecationWarning`,
        until the next release.

    Raises
    ------
    GameRecordError
        For a file that cannot be read or replayed, or that has no game ``game`` (one line naming it).
    ArgumentError
        For an argument of the wrong kind (an :class:`~cnfsweep.core.errors.ArgumentTypeError` for the wrong type).

    Examples
    --------
    >>> done = review(b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}', name="t.jsonl")
    >>> done.clicks[0].label.value, str(done.survival)
    ('best_guess', '2/3')
    """
    deadline = deadline_after(time_limit)
    first_click = _first_click(first_click, rule)
    engine = engine_argument(engine, backend, for_games=True)
    if name is not None and not isinstance(name, str):
        raise ArgumentTypeError(f"name must be a file name, got {shown(name)} ({type(name).__name__})")
    source = name if name is not None else "<string>" if isinstance(record, bytes) else str(record)
    if isinstance(record, bytes) and name is not None:
        from cnfsweep.formats.game_records import detect_reader

        games = tuple(detect_reader(record, name, source).read(record, source))
    else:
        games = read_game_records(record, source=source)
    if not games:
        raise GameRecordError("no game in it", source=source)
    number = count_argument(game, "game", minimum=1)
    if number > len(games):
        held = "1 game" if len(games) == 1 else f"{len(games)} games (1 to {len(games)})"
        raise GameRecordError(f"game {number}: it holds {held}", source=source)
    return review_game(
        games[number - 1],
        engine=engine,
        first_click=first_click,
        positions=positions,
        progress=progress,
        time_limit=time_left(deadline),
    )


def review_game(
    game: RecordedGame,
    *,
    engine: Engine | None = None,
    first_click: FirstClick | str | None = None,
    positions: bool = False,
    progress: Progress | None = None,
    time_limit: float | None = None,
    backend: BackendSpec | None = None,
    rule: str | None = None,
) -> GameReview:
    """Replay ``game`` and judge every click that opens cells (see the module's docstring).

    ``first_click`` overrides the record's first-click rule; a record that names none is taken as ``any``.
    The rest as :func:`review` takes them (``rule`` the deprecated name of ``first_click``).
    """
    deadline = deadline_after(time_limit)
    first_click = _first_click(first_click, rule)
    if not isinstance(game, RecordedGame):
        raise ArgumentTypeError(f"game must be a RecordedGame, got {shown(game)} ({type(game).__name__})")
    engine = engine_argument(engine, backend, for_games=True)
    first_rule = choice_argument(
        FirstClick, first_click if first_click is not None else game.rule or "any", "first-click rule"
    )
    positions = flag_argument(positions, "positions")
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(f"progress must be a function of (done, total), got {shown(progress)}")
    source = game.source
    topology = game.topology.name
    table = Table.on_layout(game.rows, game.cols, game.mines, topology)
    play, view, cols = table.game, table.game.view, game.cols
    opening = [i for i, c in enumerate(game.clicks) if _opens(c.kind)]
    total = len(opening)
    reviews: list[ClickReview] = []
    boards: list[Board] = []
    flag_sets: list[tuple[Cell, ...]] = []
    proven: set[Cell] = set()  # cells an analysis proved mines
    for move, click in enumerate(game.clicks):
        cell, kind = click.cell, click.kind
        where = f"click {move + 1} ({kind.value} at {tuple(cell)})"
        if not table.playing:
            raise GameRecordError(f"{where} comes after the game ended", source=source)
        i = cell[0] * cols + cell[1]
        face = view[i]
        if kind is ClickKind.FLAG or kind is ClickKind.UNFLAG:
            if face not in (_COVERED, _FLAG):
                raise GameRecordError(f"{where}: the cell is open", source=source)
            (play.flag if kind is ClickKind.FLAG else play.unflag)(cell)
            continue
        if kind is ClickKind.OPEN:
            if face == _FLAG:
                raise GameRecordError(f"{where}: the cell is flagged", source=source)
            if face != _COVERED:
                continue  # a click on an open cell does nothing
            chosen: tuple[Cell, ...] = (cell,)
        else:
            chosen = play.chord_cells(cell)  # the game's chord rule: what the chord will open
            if not chosen:
                continue  # a chord that opens nothing
        check_deadline(deadline)
        board = _seen_board(table)
        if positions:
            boards.append(board)
            flag_sets.append(tuple(table.cells[j] for j in range(len(view)) if view[j] == _FLAG))
        if not reviews and first_rule is not FirstClick.ANY:
            if game.mines and cell in set(game.mines):
                raise GameRecordError(
                    f"{where} opens a mine, but the first-click rule {first_rule.value!r} "
                    "keeps it safe: the record contradicts the rule",
                    source=source,
                )
            probability = best = Fraction(0)
            safest: tuple[Cell, ...] = tuple(board.covered)
            certain = len(safest)
        else:
            analysis = engine.analyze_position(table.seen.position(board), time_limit=time_left(deadline))
            if not analysis.consistent:
                raise GameRecordError(f"{where}: the position before it is inconsistent", source=source)
            probability = Fraction(1) if proven.intersection(chosen) else _chance(analysis, chosen, board, engine)
            # A cell proved a mine stays one as the game goes on (what the player knows only grows): the
            # player's knowledge takes it as a known mine, so later positions leave it out of the search.
            for mine in analysis.mines:
                proven.add(mine)
                table.seen.flag(mine)
            certain = len(analysis.safe)
            safest = analysis.safe if certain else tuple(analysis.lowest_cells())
            best = Fraction(0) if certain else (_exact(analysis, safest[0]) if safest else Fraction(1))
        try:
            result = table.click(cell) if kind is ClickKind.OPEN else table.chord(cell)
        except CnfsweepError as exc:
            raise GameRecordError(f"{where}: {exc}", source=source) from None
        if not reviews and first_rule is FirstClick.OPENING and kind is ClickKind.OPEN and view[i] != _ZERO:
            raise GameRecordError(
                f"{where} shows {chr(view[i])}, but the first-click rule 'opening' makes it "
                "an opening (a 0): the record contradicts the rule",
                source=source,
            )
        label = Label.of(probability, best, certain, result.hit_mine)
        reviews.append(
            ClickReview(
                len(reviews) + 1,
                move + 1,
                click.seconds,
                kind,
                cell,
                chosen,
                result.opened,
                probability,
                best,
                safest,
                certain,
                label,
                play.exploded if result.hit_mine else None,
            )
        )
        if progress is not None:
            progress(len(reviews), total)
    _check_end(game, table)
    return GameReview(
        source,
        game.reader,
        game.rows,
        game.cols,
        len(game.mines),
        game.player,
        game.seconds,
        table.won,
        table.lost,
        first_rule.value,
        tuple(reviews),
        _three_bv(play),
        dict(game.counters),
        tuple(boards),
        tuple(flag_sets),
        _seen_board(table) if positions else None,
        topology,
    )


def _first_click(first_click: FirstClick | str | None, rule: str | None) -> FirstClick | str | None:
    """The first-click rule, under its name or the deprecated ``rule``."""
    if rule is None:
        return first_click
    warnings.warn(
        "rule= is deprecated: give first_click=, as 'cnfsweep replay --first-click' names it",
        DeprecationWarning,
        stacklevel=3,
    )
    if first_click is not None:
        raise ArgumentError("give first_click, not both it and the deprecated rule")
    return rule


def _opens(kind: ClickKind) -> bool:
    return kind is ClickKind.OPEN or kind is ClickKind.CHORD


def _three_bv(play: Game) -> int:
    """The record's layout's 3BV, as the game counts it."""
    count = play.three_bv()
    assert count is not None  # a game on a record's layout has its mines from the start
    return count


def _seen_board(table: Table) -> Board:
    """What the player knows: the game's board with the flags covered again (a flag is no fact)."""
    board = table.board()
    if any(FLAG in row for row in board.grid):
        board = dataclasses.replace(board, grid=tuple(row.replace(FLAG, COVERED) for row in board.grid))
    return board


def _exact(analysis: Analysis, cell: Cell) -> Fraction:
    """A cell's exact probability of being a mine, which a review needs."""
    p = analysis.exact(cell)
    if p is None:
        raise CnfsweepError(f"cell {tuple(cell)} has no exact probability (an approximate analysis)")
    return p


def _chance(analysis: Analysis, chosen: tuple[Cell, ...], board: Board, engine: Engine) -> Fraction:
    """The exact chance that at least one chosen cell is a mine."""
    exact = [_exact(analysis, c) for c in chosen]
    if any(p == 1 for p in exact):
        return Fraction(1)
    uncertain = [(c, p) for c, p in zip(chosen, exact, strict=True) if p]
    if len(uncertain) <= 1:
        return uncertain[0][1] if uncertain else Fraction(0)
    # Several uncertain cells: the share of layouts that keep them all safe.
    rows = [list(row) for row in board.grid]
    for (r, c), _ in uncertain:
        rows[r][c] = _CHOSEN
    labelled = dataclasses.replace(board, grid=tuple("".join(row) for row in rows))
    kept = engine.analyze(labelled, assume={_CHOSEN: "safe"})
    safe_layouts = kept.solutions if kept.consistent else 0
    if analysis.solutions is None or safe_layouts is None:
        raise CnfsweepError("the board is too large for an exact chance of a chord")
    return 1 - Fraction(safe_layouts, analysis.solutions)


def _check_end(game: RecordedGame, table: Table) -> None:
    """Refuse a replay that ends elsewhere than the record says: the clicks were played by other rules."""
    source = game.source
    if game.won is not None and game.won != table.won:
        said = "won" if game.won else "not won"
        raise GameRecordError(
            f"the record says the game was {said}, but its clicks replayed here end {table.game.state.value}",
            source=source,
        )
    if game.shown is None:
        return
    ours = table.game.board().grid
    if [len(row) for row in game.shown] != [len(row) for row in ours]:
        widths = {len(row) for row in game.shown}
        shape = f"{len(game.shown)} rows" + (
            f" of {min(widths)} cells" if len(widths) == 1 else " of uneven lengths" if widths else ""
        )
        raise GameRecordError(
            f"the record's final board is {shape}, but the game is {len(ours)} rows of {len(ours[0])} cells",
            source=source,
        )
    for r, (theirs, mine) in enumerate(zip(game.shown, ours, strict=True)):
        for c, (a, b) in enumerate(zip(theirs, mine, strict=True)):
            if (a in "012345678") != (b in "012345678"):
                raise GameRecordError(
                    f"its clicks replayed here leave cell {(r, c)} "
                    f"{'open' if b in '012345678' else 'covered'}, the record "
                    f"{'open' if a in '012345678' else 'covered'}",
                    source=source,
                )
