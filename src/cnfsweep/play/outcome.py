"""Deprecated: what a game's moves answer is in :mod:`cnfsweep.play.game` (``GameState``, ``ClickResult``).

This module was split from the game only to share the view's bytes with the batch moves,
which are the game's own methods now; the flood's clock interval ``CHECK_EVERY`` is
:data:`cnfsweep.core.gamerules.CHECK_EVERY`.  The names still import from here, with a
:class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {name: "cnfsweep.play.game" for name in ("CHECK_EVERY", "ClickResult", "GameState")}
__getattr__: Any = moved(__name__, _MOVED)
