"""Play: games, what a player has seen, guessing policies and the game loop.

Offers the game (:class:`Game`, :data:`LEVELS`), the player's running view of
it (:class:`Frontier`), the :class:`Policy` base class with the ``safest`` and
``strong`` policies and their registry, and :class:`Player`, which plays a
game to the end and returns a :class:`GameRecord` (:func:`play_board` plays
the layout a board file carries).

May import the core (``board``, ``errors``), ``engine`` and ``search``; never
``experiments``, ``present`` or ``cli``.
"""

from cnfsweep.play.frontier import Frontier
from cnfsweep.play.game import LEVELS, ClickResult, FirstClick, Game, GameState, Level
from cnfsweep.play.player import Player, play_board, play_game
from cnfsweep.play.policy import Guess, GuessRule, Policy, open_neighbours
from cnfsweep.play.records import GameRecord, LossCause, PlayedMove
from cnfsweep.play.registry import POLICIES, make_policy, parse_policy, policy_parameters
from cnfsweep.play.safest import SafestPolicy
from cnfsweep.play.strong import StrongPolicy

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
    "SafestPolicy",
    "StrongPolicy",
    "make_policy",
    "open_neighbours",
    "parse_policy",
    "play_board",
    "play_game",
    "policy_parameters",
]
