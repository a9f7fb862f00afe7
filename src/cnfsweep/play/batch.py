"""Deprecated: the moves made many cells at a time are :class:`~cnfsweep.play.game.Game`'s own methods now.

:meth:`~cnfsweep.play.game.Game.open_cells`, :meth:`~cnfsweep.play.game.Game.flag_cells` and
:meth:`~cnfsweep.play.game.Game.move_mines` work on the game's private bytes, so they belong to
the game; the mixin that held them is gone.  ``BatchMoves`` still imports from here, as
:class:`~cnfsweep.play.game.Game` with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {"BatchMoves": "cnfsweep.play.game:Game"}
__getattr__: Any = moved(__name__, _MOVED)
