"""Deprecated path: now :mod:`cnfsweep.replay.results`.

Every name still reads from here, with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {
    "ClickReview": "cnfsweep.replay.results",
    "GameReview": "cnfsweep.replay.results",
    "Label": "cnfsweep.replay.results",
    "luck": "cnfsweep.replay.results",
}
__getattr__: Any = moved(__name__, _MOVED)
