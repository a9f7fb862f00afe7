"""The layers stay layered: no import cycles, no import from a higher layer.

Every ``import`` statement in the package counts, those inside functions too
(a lazy import is still a dependency).  ``docs/explanation/architecture.md`` draws the
same picture for people.
"""

from __future__ import annotations

import ast
import importlib
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


# Old paths kept for one release (``core.moved``): a module that sets ``_MOVED`` lends those names to their
# new homes; one that moved as a whole (``__all__ == []``) is nothing but that.  The package uses new paths only.


def deprecated_paths() -> tuple[dict[str, set[str]], set[str]]:
    """Return each module's moved names, and the modules that moved as a whole."""
    moved: dict[str, set[str]] = {}
    whole: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        if any(isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == "_MOVED" for n in tree.body):
            name = module_name(path)
            module = importlib.import_module(name)
            moved[name] = set(module._MOVED)
            if getattr(module, "__all__", None) == []:
                whole.add(name)
    return moved, whole


def deprecated_imports(source: str, moved: dict[str, set[str]], whole: set[str]) -> list[str]:
    """Return each import in ``source`` of an old path: a whole old module, or a name that moved away."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name in whole]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # ``from old import name`` and ``from package import old_module`` alike.
            found += [
                f"{node.module}.{alias.name}"
                for alias in node.names
                if node.module in whole
                or alias.name in moved.get(node.module, ())
                or f"{node.module}.{alias.name}" in whole
            ]
    return found


MOVED, WHOLE = deprecated_paths()


def test_the_package_never_imports_an_old_path() -> None:
    wrong = {
        module_name(path): found
        for path in PACKAGE.rglob("*.py")
        if module_name(path) not in MOVED and (found := deprecated_imports(path.read_text(), MOVED, WHOLE))
    }
    assert wrong == {}


@pytest.mark.parametrize(
    "line",
    [
        "from cnfsweep.core.errors import ArgumentError, deadline_after",
        "import cnfsweep.core.geometry",
        "from cnfsweep.core import geometry",
        "from cnfsweep.cli.analyse import solve",
        "def f():\n    from cnfsweep.generation.api import generate",
    ],
)
def test_an_import_of_an_old_path_is_found(line: str) -> None:
    assert len(deprecated_imports(line, MOVED, WHOLE)) == 1
    assert deprecated_imports("from cnfsweep.core.errors import ArgumentError", MOVED, WHOLE) == []


def test_no_module_is_hidden_by_a_name_its_package_exports() -> None:
    # ``from cnfsweep.cli.solve import solve`` in cli/__init__ would make ``cnfsweep.cli.solve`` the function.
    hidden = []
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        parent, _, leaf = name.rpartition(".")
        if leaf in ("__main__", "cnfsweep"):
            continue
        module = importlib.import_module(name)
        if getattr(importlib.import_module(parent), leaf) is not module:
            hidden.append(name)
    assert hidden == []
