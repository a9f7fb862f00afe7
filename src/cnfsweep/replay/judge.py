"""Deprecated path: now :mod:`cnfsweep.replay.reviewer`.

Every name still reads from here, with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {
    "Progress": "cnfsweep.replay.reviewer",
    "review": "cnfsweep.replay.reviewer",
    "review_game": "cnfsweep.replay.reviewer",
}
__getattr__: Any = moved(__name__, _MOVED)
