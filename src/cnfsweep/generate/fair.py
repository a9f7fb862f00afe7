"""Decide whether a layout can be solved from its first click without a single guess."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from cnfsweep.core.board import Board, Cell
from cnfsweep.engine import Engine
from cnfsweep.play.game import Game, GameState

__all__ = ["Logic", "Replay", "replay_without_guessing"]


class Logic(Enum):
    """What the no-guess player may use besides the numbers."""

    FULL = "full"
    """The numbers and the total mine count."""
    LOCAL = "local"
    """The numbers alone, as many people play: such boards are a subset of ``FULL``'s."""


@dataclass(frozen=True)
class Replay:
    """How a no-guess replay went.

    ``solved`` when every safe cell was opened; otherwise ``stuck`` is the
    position in which no covered cell was certainly safe.  ``steps`` counts
    the rounds of analysis (each opens every safe cell found).
    """

    solved: bool
    steps: int
    stuck: Board | None = None


def replay_without_guessing(
    rows: int,
    cols: int,
    mines: Iterable[Sequence[int]],
    first_click: Sequence[int],
    logic: Logic | str = Logic.FULL,
    engine: Engine | None = None,
) -> Replay:
    """Play a layout from ``first_click``, opening only cells that exact analysis proves safe.

    Examples
    --------
    >>> replay_without_guessing(3, 3, [(2, 2)], (0, 0)).solved
    True
    >>> r = replay_without_guessing(2, 3, [(0, 2)], (0, 0))  # a 50/50 against the wall
    >>> r.solved, r.stuck.grid
    (False, ('01.', '01.'))
    >>> replay_without_guessing(1, 4, [(0, 2)], (0, 0)).solved  # the 1 sees only (0, 2)
    True
    """
    logic = Logic(logic)
    engine = engine if engine is not None else Engine.for_games()
    game = Game.from_layout(rows, cols, mines)
    total = len(game.mines or ())
    if game.click(Cell(*first_click)).hit_mine:
        raise ValueError(f"the first click {tuple(first_click)} is a mine")
    steps = 0
    while game.state is GameState.PLAYING:
        board = game.board()
        analysis = engine.analyze(board, total_mines=total if logic is Logic.FULL else None)
        steps += 1
        if not analysis.safe:
            return Replay(False, steps, board)
        for cell in analysis.safe:
            if game.state is GameState.PLAYING:
                game.click(cell)
    return Replay(game.state is GameState.WON, steps)
