"""Deprecated path: now :mod:`cnfsweep.core.constraints`.

Every name still reads from here, with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {
    "Constraint": "cnfsweep.core.constraints",
    "CountTable": "cnfsweep.core.constraints",
    "Problem": "cnfsweep.core.constraints",
    "Rule": "cnfsweep.core.constraints",
    "TOTAL": "cnfsweep.core.constraints",
}
__getattr__: Any = moved(__name__, _MOVED)
