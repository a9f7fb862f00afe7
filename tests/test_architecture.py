"""The layers stay layered: no import cycles, no import from a higher layer.

Every ``import`` statement in the package counts, those inside functions too
(a lazy import is still a dependency).  ``docs/explanation/architecture.md`` draws the
same picture for people.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

import cnfsweep

PACKAGE = Path(cnfsweep.__file__).parent

# Lowest first.  A layer may import its own modules and those of lower layers only;
# layers on the same level (gadgets, search) may not import each other.
LAYERS = {
    "core": 0,
    "formats": 1,
    "engine": 2,
    "gadgets": 3,
    "search": 3,
    "variants": 3,
    "play": 4,
    "explanation": 5,
    "generation": 6,
    "experiments": 7,
    "replay": 7,
    "present": 8,
    "web": 9,
    "cli": 10,
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Return the cnfsweep modules a file imports, resolved to module names."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            # ``from cnfsweep.play import strong`` imports a module too.
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name == "cnfsweep" or name.startswith("cnfsweep.")}


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    for name, path in modules.items():
        graph.add_node(name)
        for target in imports_of(path):
            if target in modules and target != name:
                graph.add_edge(name, target)
    return graph


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


GRAPH = import_graph()


def test_every_module_belongs_to_a_layer() -> None:
    # Only the package's front door and ``python -m cnfsweep`` stand outside the layers.
    loose = sorted(m for m in GRAPH if layer(m) is None and m not in ("cnfsweep", "cnfsweep.__main__"))
    assert loose == []


def test_no_import_cycles() -> None:
    cycles = list(nx.simple_cycles(GRAPH))
    assert cycles == []


@pytest.mark.parametrize("name", sorted(LAYERS))
def test_no_layer_imports_a_higher_or_sibling_layer(name: str) -> None:
    wrong = sorted(
        (source, target)
        for source, target in GRAPH.edges
        if layer(source) == name
        and (target == "cnfsweep" or (layer(target) not in (None, name) and LAYERS[layer(target)] >= LAYERS[name]))
    )
    assert wrong == []


def test_each_layer_says_what_it_offers_and_may_import() -> None:
    for name in LAYERS:
        package = __import__(f"cnfsweep.{name}", fromlist=["__all__"])
        assert package.__doc__ and "May import" in package.__doc__, name
        assert all(hasattr(package, item) for item in package.__all__), name
