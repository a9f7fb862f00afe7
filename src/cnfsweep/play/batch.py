"""Deprecated: the moves made many cells at a time are :class:`~cnfsweep.play.game.Game`'s own methods now.

:meth:`~cnfsweep.play.game.Game.open_cells`, :meth:`~cnfsweep.play.game.Game.flag_cells` and
:meth:`~cnfsweep.play.game.Game.move_mines` work on the game's private bytes, so they belong to
the game; the mixin that held them is gone.  ``BatchMoves`` still imports from here, as
:class:`~cnfsweep.play.game.Game` with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

import warnings
from typing import Any

__all__: list[str] = []


def __getattr__(name: str) -> Any:
    if name == "BatchMoves":
        warnings.warn(
            "cnfsweep.play.batch.BatchMoves is deprecated: the batch moves are Game's own (cnfsweep.play.game.Game)",
            DeprecationWarning,
            stacklevel=2,
        )
        from cnfsweep.play.game import Game

        return Game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
