"""The registry behind every extension point: built-ins first, plug-ins found by entry point, imported when used."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cnfsweep.core.TEMPLATE import Cross
from cnfsweep.core.plugins import GROUPS, PluginError, Registry
from cnfsweep.engine.backends.TEMPLATE import BacktrackBackend
from cnfsweep.formats.TEMPLATE import CsvGridFormat
from cnfsweep.play.TEMPLATE import CornerPolicy
from cnfsweep.core.topology import TOPOLOGIES
from cnfsweep.engine.backends import REGISTRY as BACKENDS
from cnfsweep.formats import REGISTRY as FORMATS
from cnfsweep.play.registry import POLICIES
from cnfsweep.variants.registry import RULES
from cnfsweep.variants.TEMPLATE import Vertical

GROUP = "cnfsweep.tests.shapes"


class Round:
    name = "round"


def distribution(site: Path, name: str, entry_points: str) -> None:
    """Leave in ``site`` what an installer leaves for a distribution with these entry points."""
    info = site / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n{entry_points}")


@pytest.fixture
def shapes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Registry[type]:
    """A registry of one built-in and the plug-ins of two distributions on a path of this test's own."""
    (tmp_path / "shapes_plugin.py").write_text(
        "class Oval:\n    name = 'oval'\nclass Star:\n    name = 'star'\nclass Round:\n    name = 'round'\n"
    )
    # Two places on the path, so which distribution is found first is their order on it, not a directory listing's.
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir(), second.mkdir()
    distribution(
        first,
        "shapes_a",
        "oval = shapes_plugin:Oval\nround = shapes_plugin:Round\n"
        "star = shapes_plugin:Star\nmissing = shapes_nowhere:Thing\nodd = shapes_plugin:Oval\n",
    )
    distribution(second, "shapes_b", "oval = shapes_plugin:Star\n")
    for place in (second, first, tmp_path):
        monkeypatch.syspath_prepend(str(place))
    monkeypatch.delitem(sys.modules, "shapes_plugin", raising=False)
    return Registry(GROUP, "shape", [Round], check=lambda obj: obj.name != "star", expected="a shape with corners")


def test_plugins_are_listed_after_the_builtins_without_being_imported(shapes: Registry[type]) -> None:
    with pytest.warns(RuntimeWarning) as caught:
        names = list(shapes)
    assert names == ["round", "oval", "star", "missing", "odd"] and len(shapes) == 5
    assert "oval" in shapes and "square" not in shapes and shapes.plugins() == names[1:]
    assert "shapes_plugin" not in sys.modules
    assert shapes["oval"].__name__ == "Oval" and "shapes_plugin" in sys.modules
    # A plug-in cannot replace a built-in, and of two plug-ins of one name the first found is kept.
    messages = sorted(str(w.message) for w in caught)
    assert messages[0].startswith("plug-in shape 'oval' at shapes_plugin:Star (from shapes_b 1.0) is ignored")
    assert messages[1] == (
        "plug-in shape 'round' at shapes_plugin:Round (from shapes_a 1.0) is ignored: "
        "cnfsweep has a built-in shape of that name"
    )
    assert shapes["round"] is Round


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "missing",
            "plug-in shape 'missing' (shapes_nowhere:Thing, from shapes_a 1.0) could not be loaded: "
            "ModuleNotFoundError: No module named 'shapes_nowhere'",
        ),
        ("star", "plug-in shape 'star' (shapes_plugin:Star, from shapes_a 1.0) is not a shape with corners"),
        ("odd", "plug-in shape 'odd' (shapes_plugin:Oval, from shapes_a 1.0) is called 'oval' in its code"),
    ],
)
def test_a_plugin_that_cannot_serve_is_an_error_naming_it(shapes: Registry[type], name: str, message: str) -> None:
    with pytest.raises(PluginError) as caught:
        shapes[name]
    assert str(caught.value).startswith(message)
    with pytest.raises(KeyError):
        shapes["hexagon"]


@pytest.mark.parametrize("registry", [BACKENDS, FORMATS, POLICIES, TOPOLOGIES, RULES], ids=lambda r: r.kind)
def test_every_extension_point_is_a_registry_of_its_group(registry: Registry[type]) -> None:
    assert registry.group == GROUPS[registry.kind]
    assert all(registry.builtin(name) and registry[name].name == name for name in registry.builtins)


@pytest.mark.parametrize(
    ("registry", "template"),
    [
        (BACKENDS, BacktrackBackend),
        (FORMATS, CsvGridFormat),
        (POLICIES, CornerPolicy),
        (TOPOLOGIES, Cross),
        (RULES, Vertical),
    ],
    ids=lambda x: getattr(x, "kind", None) or x.__name__,
)
def test_each_template_is_what_its_registry_accepts_from_a_plugin(registry: Registry[type], template: type) -> None:
    assert registry.accepts(template) and template.name not in registry
    assert all(registry.accepts(registry[name]) for name in registry.builtins)
    assert not registry.accepts(Round)
