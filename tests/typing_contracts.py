"""Static contracts, checked by mypy (``.ci/run``), not run: every topology satisfies :class:`Topology`.

mypy reads this module with the package (``[tool.mypy] files``); a topology whose attributes or methods stop
matching the protocol fails the check here, at the assignment, however it is used elsewhere.
tests/core/test_typing_contracts.py keeps this list the same as the registry's built-ins.
"""

from __future__ import annotations

from cnfsweep.core.topology import Topology
from cnfsweep.core.graph import Graph
from cnfsweep.core.topology import Hex, Square, Torus

#: Every built-in topology class, as mypy sees it: each assignment is a protocol check.
SQUARE: type[Topology] = Square
TORUS: type[Topology] = Torus
HEX: type[Topology] = Hex
GRAPH: type[Topology] = Graph

#: The classes above by the name each registers under.
CHECKED: dict[str, type[Topology]] = {c.__dict__["name"]: c for c in (SQUARE, TORUS, HEX, GRAPH)}
