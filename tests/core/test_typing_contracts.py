"""The static protocol check (tests/typing_contracts.py, read by mypy) covers every built-in topology."""

from __future__ import annotations

import typing_contracts

from cnfsweep.core.graph import Graph
from cnfsweep.core.topology import GRAPH, TOPOLOGIES


def test_every_built_in_topology_is_checked_against_the_protocol() -> None:
    expected = {**TOPOLOGIES.builtins, GRAPH: Graph}
    assert typing_contracts.CHECKED == expected
