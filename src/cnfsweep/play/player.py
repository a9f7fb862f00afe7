"""Play games with the inference engine: reveal what is certain, guess the rest.

Examples
--------
>>> from cnfsweep.play.game import LEVELS
>>> record = play_game(LEVELS["beginner"], seed=3)
>>> record.won, record.moves[0].cell
(True, Cell(row=0, col=0))
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from cnfsweep.engine.analysis import Analysis, ComponentCache
from cnfsweep.core.board import Cell
from cnfsweep.engine import Engine
from cnfsweep.play.frontier import Frontier
from cnfsweep.play.game import ClickResult, FirstClick, Game, GameState, Level
from cnfsweep.play.policy import Guess, Policy
from cnfsweep.play.records import GameRecord, Move, loss_cause
from cnfsweep.play.safest import SafestPolicy

__all__ = ["Player", "play_game"]

_SAFE = Fraction(0)


@dataclass(frozen=True)
class Player:
    """Plays games with one policy, solving everything with one engine.

    Every certainly-safe cell is opened before any guess, certain mines are
    flagged (which also keeps the constraints small), and the policy picks each
    guess from an exact analysis with the total mine count.  The engine (by
    default the default backend, counting small components by search alone)
    is handed to the policy too, so its look-ahead solves with the same
    backend and cache as the game.
    """

    policy: Policy = field(default_factory=SafestPolicy)
    engine: Engine = field(default_factory=Engine.for_games)

    def play(
        self,
        level: Level,
        seed: int,
        first_click: FirstClick = FirstClick.SAFE,
        watch: Callable[[Game, Analysis], None] | None = None,
    ) -> GameRecord:
        """Play one seeded game to the end; ``watch``, if given, sees the game and every full analysis."""
        start = time.perf_counter()
        game = _Table(Game.new(level, seed, first_click=first_click), level)
        first = self.policy.first_click(level, first_click)
        moves = [_first_move(level, first_click, first)]
        game.click(first)
        analyses = 0
        lost_on: Move | None = moves[0] if game.lost else None
        while game.playing:
            # Cells settled by one number come first: most moves of a game are such,
            # and they need no solver, no counting and no Fractions.
            safe, mines = game.seen.settled()
            if safe or mines:
                game.flag_all(mines)
                moves += game.open_safe(safe)
                continue
            analysis = self.engine.analyze_position(game.seen.position(game.game.board()))
            analyses += 1
            if watch is not None:
                watch(game.game, analysis)
            game.flag_all(analysis.mines)
            early = self.policy.unavoidable(analysis, self.engine)
            if early is None and analysis.safe:
                moves += game.open_safe(analysis.safe)
                continue
            if early is not None:
                move = _guess_move(analysis, early, 0.0)
            else:
                thinking = time.perf_counter()
                guess = self.policy.choose(analysis, self.engine)
                move = _guess_move(analysis, guess, time.perf_counter() - thinking)
            moves.append(move)
            if game.click(move.cell).hit_mine:
                lost_on = move
        return GameRecord(
            seed=seed,
            level=level,
            won=game.game.state is GameState.WON,
            seconds=time.perf_counter() - start,
            moves=tuple(moves),
            mines=tuple(sorted(game.game.mines or ())),
            loss_cause=loss_cause(lost_on, moves[0]),
            analyses=analyses,
        )


class _Table:
    """A game together with what the player has seen of it, kept in step click by click."""

    def __init__(self, game: Game, level: Level) -> None:
        self.game = game
        self.seen = Frontier(level.rows, level.cols, level.mines)

    @property
    def playing(self) -> bool:
        return self.game.state is GameState.PLAYING

    @property
    def lost(self) -> bool:
        return self.game.state is GameState.LOST

    def click(self, cell: Cell) -> ClickResult:
        result = self.game.click(cell)
        for opened, number in zip(result.opened, result.numbers):
            self.seen.reveal(opened, number)
        return result

    def flag_all(self, cells: Iterable[Cell]) -> None:
        for cell in cells:
            self.game.flag(cell)
            self.seen.flag(cell)

    def open_safe(self, cells: Iterable[Cell]) -> list[Move]:
        """Open certainly-safe cells; one opened by an earlier click's flood is no move."""
        return [Move(cell, True, _SAFE) for cell in cells if self.playing and self.click(cell).opened]


def _first_move(level: Level, rule: FirstClick, cell: Cell) -> Move:
    if rule is FirstClick.ANY:
        return Move(cell, False, Fraction(level.mines, level.rows * level.cols))
    return Move(cell, True, Fraction(0))


def _guess_move(analysis: Analysis, guess: Guess, seconds: float) -> Move:
    p = analysis.exact(guess.cell)
    # The game always knows its total, so every covered cell has a probability.
    assert p is not None and p.numerator != p.denominator, f"a guess on {guess.cell} without a chance"
    return Move(guess.cell, p.numerator == 0, p, guess.forced, guess.rule, seconds)


def play_game(
    level: Level,
    seed: int,
    *,
    first_click: FirstClick = FirstClick.SAFE,
    policy: Policy | None = None,
    backend: str | None = None,
    cache: ComponentCache | None = None,
    watch: Callable[[Game, Analysis], None] | None = None,
) -> GameRecord:
    """Play one seeded game to the end with a :class:`Player` on ``backend`` (see :meth:`Player.play`)."""
    engine = Engine.for_games(backend, cache)
    return Player(policy or SafestPolicy(), engine).play(level, seed, first_click, watch)
