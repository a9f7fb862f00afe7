"""Deprecated path: now :mod:`cnfsweep.generation.generator`.

Every name still reads from here, with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {
    "centre": "cnfsweep.generation.generator",
    "generate": "cnfsweep.generation.generator",
    "generate_boards": "cnfsweep.generation.generator",
    "graph_request": "cnfsweep.generation.generator",
    "level_named": "cnfsweep.generation.generator",
}
__getattr__: Any = moved(__name__, _MOVED)
