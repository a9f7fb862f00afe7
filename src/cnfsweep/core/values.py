"""Deprecated path: the checks are in :mod:`cnfsweep.core.checks`, ``int_text`` and ``exact_text`` in :mod:`cnfsweep.core.exact`.

Every name still reads from here, with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {
    "JSON_DIGITS": "cnfsweep.core.checks",
    "MAX_DIGITS": "cnfsweep.core.checks",
    "TooManyDigits": "cnfsweep.core.checks",
    "cell_argument": "cnfsweep.core.checks",
    "choice_argument": "cnfsweep.core.checks",
    "count_argument": "cnfsweep.core.checks",
    "exact_text": "cnfsweep.core.exact",
    "flag_argument": "cnfsweep.core.checks",
    "int_text": "cnfsweep.core.exact",
    "json_whole": "cnfsweep.core.checks",
    "read_cell": "cnfsweep.core.checks",
    "whole_number": "cnfsweep.core.checks",
}
__getattr__: Any = moved(__name__, _MOVED)
