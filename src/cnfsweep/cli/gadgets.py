"""Deprecated path: now :mod:`cnfsweep.cli.gadget` and :mod:`cnfsweep.cli.reduce`.

Every name still reads from here, with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {
    "gadget_command": "cnfsweep.cli.gadget",
    "reduce_command": "cnfsweep.cli.reduce",
}
__getattr__: Any = moved(__name__, _MOVED)
