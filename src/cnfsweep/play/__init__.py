"""Play: games, what a player has seen, guessing policies and the game loop.

Offers the one game (:class:`Game` in :mod:`~cnfsweep.play.game`: mines,
numbers, the zero flood, chords, flags, win and loss on any topology, played
from its neighbour tables alone), what it is played on (:class:`Level`,
:data:`LEVELS`, :class:`FirstClick` in :mod:`~cnfsweep.play.level`), the one
player's view of a game (:class:`Table` in :mod:`~cnfsweep.play.table`: the
game and the player's running knowledge, :class:`Frontier`, kept in step;
the autoplayer, ``grade`` and the no-guess generator all play through it),
whole boards of a layout (:func:`boards_after_clicks`, :func:`true_board` in
:mod:`~cnfsweep.play.boards`),
the :class:`Policy` base class with the ``safest`` and ``strong`` policies and
their registry, and :class:`Player`, which plays a game to the end and returns
a :class:`GameRecord` (:func:`play_board` plays the layout a board file carries).

May import the core (``board``, ``errors``), ``engine`` and ``search``; never
``experiments``, ``present`` or ``cli``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cnfsweep.core.exports import lazy_exports

if TYPE_CHECKING:
    from cnfsweep.play.frontier import Frontier
    from cnfsweep.play.boards import boards_after_clicks, true_board
    from cnfsweep.play.game import LEVELS, ClickResult, FirstClick, Game, GameState, Level
    from cnfsweep.play.player import Player, play_board, play_game
    from cnfsweep.play.policy import Guess, GuessRule, Policy, open_neighbours
    from cnfsweep.play.records import GameRecord, LossCause, PlayedMove
    from cnfsweep.play.registry import POLICIES, make_policy, parse_policy, policy_parameters
    from cnfsweep.play.safest import SafestPolicy
    from cnfsweep.play.strong import RecordPolicy, StrongPolicy
    from cnfsweep.play.table import Table

__all__ = [
    "LEVELS",
    "POLICIES",
    "ClickResult",
    "FirstClick",
    "Frontier",
    "Game",
    "GameRecord",
    "GameState",
    "Guess",
    "GuessRule",
    "Level",
    "LossCause",
    "PlayedMove",
    "Player",
    "Policy",
    "RecordPolicy",
    "SafestPolicy",
    "StrongPolicy",
    "Table",
    "boards_after_clicks",
    "make_policy",
    "open_neighbours",
    "parse_policy",
    "play_board",
    "play_game",
    "policy_parameters",
    "true_board",
]


# Names are imported on first use (see cnfsweep.core.exports).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "Frontier": "cnfsweep.play.frontier",
        "boards_after_clicks": "cnfsweep.play.boards",
        "true_board": "cnfsweep.play.boards",
        "LEVELS": "cnfsweep.play.game",
        "ClickResult": "cnfsweep.play.game",
        "FirstClick": "cnfsweep.play.game",
        "Game": "cnfsweep.play.game",
        "GameState": "cnfsweep.play.game",
        "Level": "cnfsweep.play.game",
        "Player": "cnfsweep.play.player",
        "play_board": "cnfsweep.play.player",
        "play_game": "cnfsweep.play.player",
        "Guess": "cnfsweep.play.policy",
        "GuessRule": "cnfsweep.play.policy",
        "Policy": "cnfsweep.play.policy",
        "open_neighbours": "cnfsweep.play.policy",
        "GameRecord": "cnfsweep.play.records",
        "LossCause": "cnfsweep.play.records",
        "PlayedMove": "cnfsweep.play.records",
        "POLICIES": "cnfsweep.play.registry",
        "make_policy": "cnfsweep.play.registry",
        "parse_policy": "cnfsweep.play.registry",
        "policy_parameters": "cnfsweep.play.registry",
        "SafestPolicy": "cnfsweep.play.safest",
        "RecordPolicy": "cnfsweep.play.strong",
        "StrongPolicy": "cnfsweep.play.strong",
        "Table": "cnfsweep.play.table",
    },
    __all__,
)
