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
from cnfsweep.core.characters import COVERED, FLAG

__all__ = ["CHECK_EVERY", "ClickResult", "GameState"]

# One byte per cell as the player sees it, in the topology's cell order.
_COVERED = ord(COVERED)
_FLAG = ord(FLAG)
_ZERO = ord("0")

#: Cells a flood opens between two readings of the clock, when it has a deadline: a few
#: milliseconds of work, so that even a 1000x1000 board stops soon after its deadline.
CHECK_EVERY = 1024


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
