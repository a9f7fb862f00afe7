"""The page's ES modules import in one direction: no circle, each from layers below its own; each field of the
page's state has one writer.

The layers and each module's imports are drawn in the opening comment of ``static/core.js``; these tests
read that drawing and every module's ``import`` statements (no browser needed) and hold the two together.
A field of ``state`` (``static/core.js``) is written by one module, its owner; the others call the owner's
setter or hear its event, so that what a field holds is decided in one place.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import networkx as nx
import pytest

from cnfsweep.web.routes.page import STATIC

PAGE = Path(str(resources.files("cnfsweep.web").joinpath("static")))

# `import ... from "x"` and `export ... from "x"` (over several lines too), and `import "x"` for its effects alone.
FROM = re.compile(r"^[ \t]*(?:import|export)\b(?P<what>[^;\"']*?)\bfrom\s*(?P<q>[\"'])(?P<spec>[^\"']+)(?P=q)", re.M)
BARE = re.compile(r"^[ \t]*import\s*(?P<q>[\"'])(?P<spec>[^\"']+)(?P=q)", re.M)
DYNAMIC = re.compile(r"\bimport\s*\(")
EXPORTED = re.compile(r"^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)", re.M)
EXPORT_LIST = re.compile(r"^export\s*\{([^}]*)\}", re.M)
LAYER = re.compile(r"^//\s+layer (\d+)\s+(.*)$")
EDGES = re.compile(r"^//\s+(\w+\.js)\s+->\s+(.*)$")
MODULE = re.compile(r"\b\w+\.js\b")
EVENT_USE = re.compile(r"\b(emit|on)\(\s*\"([^\"]+)\"")
EVENTS_BLOCK = re.compile(r"^const EVENTS = \{(.*?)^\};", re.M | re.S)
STATE_BLOCK = re.compile(r"^export const state = \{(.*?)^\};", re.M | re.S)
# A write to a field of the state: `state.f = ...` (chained, or into an element or a member of it: `state.f[r][c] =`,
# `state.f.x =`), a compound assignment, `++`/`--` either side, or a call that changes the value it holds in place.
WRITE = re.compile(
    r"\bstate\.(?P<set>\w+)(?:\.\w+|\[[^\]]*\])*\s*(?:[-+*/%|&]|\?\?|\|\||&&)?=(?!=)"
    r"|(?:\+\+|--)\s*state\.(?P<pre>\w+)"
    r"|\bstate\.(?P<post>\w+)(?:\.\w+|\[[^\]]*\])*\s*(?:\+\+|--)"
    r"|\bstate\.(?P<call>\w+)(?:\.\w+|\[[^\]]*\])*\.(?:push|pop|shift|unshift|splice|sort|reverse|fill|add|delete|clear|set)\("
)


def imports(source: str, name: str) -> dict[str, set[str]]:
    """The modules ``source`` (the module ``name``) imports, each with the names it takes from it.

    Raises
    ------
    AssertionError
        On an import the drawing could not see (``import(...)``) or from outside the page's own files.
    """
    assert not DYNAMIC.search(source), f"{name}: a dynamic import(...): the page's imports are static, to be checked"
    found: dict[str, set[str]] = {}
    for match in [*FROM.finditer(source), *BARE.finditer(source)]:
        spec = match["spec"]
        assert re.fullmatch(r"\./\w+\.js", spec), f"{name}: imports {spec!r}; the page imports only ./<module>.js"
        what = match.groupdict().get("what") or ""
        names = re.search(r"\{([^}]*)\}", what)
        taken = {part.split(" as ")[0].strip() for part in names[1].split(",")} if names else set()
        found.setdefault(spec[2:], set()).update(taken - {""})
    return found


def exports(source: str) -> set[str]:
    """The names a module exports."""
    listed = {part.split(" as ")[-1].strip() for block in EXPORT_LIST.findall(source) for part in block.split(",")}
    return set(EXPORTED.findall(source)) | (listed - {""})


def writers(sources: dict[str, str]) -> dict[str, set[str]]:
    """Each field of the state that some module writes, with the modules that write it."""
    found: dict[str, set[str]] = {}
    for name, text in sources.items():
        code = re.sub(r"(?:^|(?<=\s))//[^\n]*", "", text, flags=re.M)  # a comment writes nothing
        for match in WRITE.finditer(code):
            field = next(value for value in match.groupdict().values() if value)
            found.setdefault(field, set()).add(name)
    return found


def drawing(core: str) -> tuple[dict[str, int], dict[str, set[str]]]:
    """The layers and the imports drawn in the opening comment of ``core.js``."""
    layers: dict[str, int] = {}
    edges: dict[str, set[str]] = {}
    for line in core.splitlines():
        if not line.startswith("//"):
            break
        if layer := LAYER.match(line):
            for module in MODULE.findall(layer[2]):
                assert module not in layers, f"core.js draws {module} in two layers"
                layers[module] = int(layer[1])
        elif edge := EDGES.match(line):
            edges[edge[1]] = set(MODULE.findall(edge[2]))
    return layers, edges


@pytest.fixture(scope="module")
def sources() -> dict[str, str]:
    """Every module of the page by file name."""
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(PAGE.glob("*.js"))}


@pytest.fixture(scope="module")
def graph(sources: dict[str, str]) -> dict[str, set[str]]:
    """Each module and the modules it imports."""
    return {name: set(imports(text, name)) for name, text in sources.items()}


def test_the_imports_are_read_over_several_lines_and_a_dynamic_or_foreign_one_is_refused() -> None:
    # The checker itself, on modules made up here: what it must find, it finds.
    source = 'import {\n  a,\n  b as c,\n} from "./x.js";\nimport "./y.js";\nexport { d } from "./z.js";\n// import { e } from "./w.js";\n'
    assert imports(source, "m.js") == {"x.js": {"a", "b"}, "y.js": set(), "z.js": {"d"}}
    with pytest.raises(AssertionError, match="dynamic"):
        imports('const m = await import("./x.js");', "m.js")
    with pytest.raises(AssertionError, match=re.escape("only ./<module>.js")):
        imports('import { a } from "https://elsewhere.example/a.js";', "m.js")


def test_no_module_imports_in_a_circle(graph: dict[str, set[str]]) -> None:
    circles = sorted(" -> ".join([*c, c[0]]) for c in nx.simple_cycles(nx.DiGraph(graph)))
    assert circles == [], "the page's modules import in a circle: " + "; ".join(circles)


def test_each_module_imports_only_from_layers_below_its_own(
    sources: dict[str, str], graph: dict[str, set[str]]
) -> None:
    layers, _ = drawing(sources["core.js"])
    assert set(layers) == set(sources), (
        f"core.js's opening comment draws the layers of {sorted(layers)}; the page's modules are {sorted(sources)}"
    )
    upward = [
        f"{name} (layer {layers[name]}) imports {target} (layer {layers[target]})"
        for name, targets in sorted(graph.items())
        for target in sorted(targets)
        if layers[target] >= layers[name]
    ]
    assert upward == [], "a module imports one of its own layer or above: " + "; ".join(upward)


def test_the_drawn_imports_are_the_modules_imports(sources: dict[str, str], graph: dict[str, set[str]]) -> None:
    _, edges = drawing(sources["core.js"])
    assert edges == graph


def test_every_import_is_a_module_of_the_page_that_exports_the_names_taken(sources: dict[str, str]) -> None:
    missing = [
        f"{name} imports {taken} from {target}"
        for name, text in sources.items()
        for target, names in imports(text, name).items()
        for taken in sorted(names - exports(sources.get(target, "")))
    ]
    assert missing == []
    assert set(sources) <= set(STATIC), (
        "a module of the page the server does not serve: add it to web/routes/page.STATIC"
    )


def test_every_event_is_declared_emitted_and_listened_to(sources: dict[str, str]) -> None:
    block = EVENTS_BLOCK.search(sources["core.js"])
    assert block, "core.js declares the page's events in `const EVENTS = {...};`"
    declared = set(re.findall(r"^\s+(\w+):", block[1], re.M))
    uses = {(kind, event) for text in sources.values() for kind, event in EVENT_USE.findall(text)}
    assert {event for _, event in uses} <= declared
    assert {event for kind, event in uses if kind == "emit"} == declared, "an event nothing emits"
    assert {event for kind, event in uses if kind == "on"} == declared, "an event nothing listens to"


def test_the_writes_to_the_state_are_found_in_every_form() -> None:
    # The checker itself, on a module made up here: each line writes the field it names, and only those.
    source = """
    state.a = 1; state.b = state.c = null; state.d[r][c] = ch; state.e.f = {}; state.g += 2; state.h ??= 0;
    state.i++; --state.j; state.k.push(1); state.l.m.add("x"); state.n.length = 0;
    if (state.o === 1 || state.p == 2 || state.q !== 3 || state.r >= 4 || state.s <= 5) read(state.t.u, state.v[0]);
    // state.w = "in a comment";
    """
    assert writers({"m.js": source}) == {f: {"m.js"} for f in "abcdeghijkln"}


def test_each_field_of_the_state_has_one_writer(sources: dict[str, str]) -> None:
    shared = {field: sorted(names) for field, names in sorted(writers(sources).items()) if len(names) > 1}
    assert shared == {}, (
        "a field of the page's state written by more than one module: give it one owner, whose setter the others "
        f"call (or whose event they hear): {shared}"
    )


def test_every_field_written_is_declared_in_the_state(sources: dict[str, str]) -> None:
    block = STATE_BLOCK.search(sources["core.js"])
    assert block, "core.js declares the page's state in `export const state = {...};`"
    declared = set(re.findall(r"(?:^|[{,])\s*(\w+):", re.sub(r"(?:^|(?<=\s))//[^\n]*", "", block[1], flags=re.M), re.M))
    assert sorted(set(writers(sources)) - declared) == []
