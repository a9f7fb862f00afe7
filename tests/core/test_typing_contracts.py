"""The static protocol check (tests/typing_contracts.py, read by mypy) covers every built-in topology."""

from __future__ import annotations

import typing_contracts

from cnfsweep.core.graph import Graph
from cnfsweep.core.topology import GRAPH, TOPOLOGIES


def test_every_built_in_topology_is_checked_against_the_protocol() -> None:
    expected = {**TOPOLOGIES.builtins, GRAPH: Graph}
    assert expected == typing_contracts.CHECKED


def test_the_board_format_a_type_checker_sees_has_the_built_in_members() -> None:
    import ast
    import inspect

    from cnfsweep import formats

    tree = ast.parse(inspect.getsource(formats))
    static = next(
        node for node in ast.walk(tree) if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    (cls,) = [node for node in static.body if isinstance(node, ast.ClassDef) and node.name == "BoardFormat"]
    seen = {a.targets[0].id: ast.literal_eval(a.value) for a in cls.body if isinstance(a, ast.Assign)}
    built_in = {"AUTO": "auto", **{name.upper(): name for name in formats.REGISTRY.builtins}}
    assert seen == built_in
    assert {m.name: m.value for m in formats.BoardFormat if m.name in built_in} == built_in
