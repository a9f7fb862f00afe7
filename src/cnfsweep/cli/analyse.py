"""Deprecated path: now :mod:`cnfsweep.cli.solve` and :mod:`cnfsweep.cli.check`.

Every name still reads from here, with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {
    "check": "cnfsweep.cli.check:check_command",
    "solve": "cnfsweep.cli.solve:solve_command",
}
__getattr__: Any = moved(__name__, _MOVED)
