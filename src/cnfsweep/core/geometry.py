"""Deprecated path: its cell is in :mod:`cnfsweep.core.cell`, the ``Topology`` protocol and ``ShapeTables`` in :mod:`cnfsweep.core.topology`.

Every name still reads from here, with a :class:`DeprecationWarning`, until the next release.
"""

from __future__ import annotations

from typing import Any

from cnfsweep.core.moved import moved

__all__: list[str] = []

_MOVED = {
    "Cell": "cnfsweep.core.cell",
    "ShapeTables": "cnfsweep.core.topology",
    "Topology": "cnfsweep.core.topology",
}
__getattr__: Any = moved(__name__, _MOVED)
