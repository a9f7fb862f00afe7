"""What a game's moves answer, and the bytes of the player's view: shared by :mod:`~cnfsweep.play.game` and its batch moves.

Examples
--------
>>> GameState.WON.value, chr(_ZERO + 3)
('won', '3')
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from cnfsweep.core.board import Cell
from cnfsweep.core.gamerules import CHECK_EVERY
from cnfsweep.core.gamerules import COVERED_BYTE as _COVERED
from cnfsweep.core.gamerules import FLAG_BYTE as _FLAG
from cnfsweep.core.gamerules import ZERO_BYTE as _ZERO

__all__ = ["CHECK_EVERY", "ClickResult", "GameState"]


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
