"""Deprecated path: now :mod:`cnfsweep.web.gameplay`.

Every name still reads from here, with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {
    "AnyJob": "cnfsweep.web.gameplay",
    "GameTrace": "cnfsweep.web.gameplay",
    "OpenCell": "cnfsweep.web.gameplay",
    "Server": "cnfsweep.web.gameplay",
    "ShowGame": "cnfsweep.web.gameplay",
    "StartGame": "cnfsweep.web.gameplay",
    "ToggleFlag": "cnfsweep.web.gameplay",
    "failure": "cnfsweep.web.gameplay",
}
__getattr__: Any = moved(__name__, _MOVED)
