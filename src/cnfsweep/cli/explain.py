"""Deprecated path: now :mod:`cnfsweep.cli.hint`.

Every name still reads from here, with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {
    "hint_command": "cnfsweep.cli.hint",
}
__getattr__: Any = moved(__name__, _MOVED)
