"""Deprecated: what a game's moves answer is in :mod:`cnfsweep.play.game` (``GameState``, ``ClickResult``).

This module was split from the game only to share the view's bytes with the batch moves,
which are the game's own methods now; the flood's clock interval ``CHECK_EVERY`` is
:data:`cnfsweep.core.gamerules.CHECK_EVERY`.  The names still import from here, with a
:class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

import warnings
from typing import Any

__all__: list[str] = []

_MOVED = ("CHECK_EVERY", "ClickResult", "GameState")


def __getattr__(name: str) -> Any:
    if name in _MOVED:
        warnings.warn(
            f"cnfsweep.play.outcome.{name} is deprecated: import it from cnfsweep.play.game",
            DeprecationWarning,
            stacklevel=2,
        )
        from cnfsweep.play import game

        return getattr(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
