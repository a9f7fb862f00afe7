"""Deprecated path: now :mod:`cnfsweep.explanation.hints`.

Every name still reads from here, with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {
    "Explainer": "cnfsweep.explanation.hints",
    "Hint": "cnfsweep.explanation.hints",
    "HintMove": "cnfsweep.explanation.hints",
    "NotCertainError": "cnfsweep.explanation.hints",
    "explain": "cnfsweep.explanation.hints",
    "hint": "cnfsweep.explanation.hints",
}
__getattr__: Any = moved(__name__, _MOVED)
