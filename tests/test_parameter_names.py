"""A bad value of a named parameter is named as each surface's user typed it (issue 37).

The library raises :class:`~cnfsweep.core.errors.ParameterError` with the parameter's shared name;
Python and the HTTP API say that name (``mines 25: ...``, the JSON field), the command line its flag
(``--mines 25: ...``).  Every kind of parameter error the package raises is checked on each surface
that can reach it, and no library error names a command-line flag.
"""

from __future__ import annotations

import ast
import base64
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from paths import ROOT

from cnfsweep import Level, ParameterError, generate, parse_board
from cnfsweep.generation import graph_request
from cnfsweep.generation.variants import VariantRequest
from cnfsweep.web import Pool, Settings, create_app

PACKAGE = ROOT / "src" / "cnfsweep"
GRAPH = '{"format": "cnfsweep-graph", "cells": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"]]}'


@dataclass(frozen=True)
class Rejection:
    """One bad value: the names it is given under, and how each surface that takes it is asked."""

    names: tuple[str, ...]
    python: Callable[[], Any]
    cli: tuple[str, ...]
    flag: str
    http: tuple[str, dict[str, Any]] | None = None  # route and JSON body, where the API takes the parameter


REJECTIONS = [
    Rejection(
        ("rules",),
        lambda: VariantRequest.make(5, 5, 5, ["1Z"]),
        ("generate", "--rules", "1Z", "--size", "5x5/5"),
        "--rules",
        ("/api/puzzle", {"rules": ["1Z"], "rows": 5, "cols": 5, "mines": 5}),
    ),
    Rejection(
        ("mines",),
        lambda: VariantRequest.make(5, 5, 25, ["V"]),
        ("generate", "--rules", "V", "--size", "5x5/25"),
        "--mines",
        ("/api/puzzle", {"rules": ["V"], "rows": 5, "cols": 5, "mines": 25}),
    ),
    Rejection(
        ("start",),
        lambda: generate(Level(5, 5, 3), start=(9, 9)),
        ("generate", "--size", "5x5/3", "--start", "9,9"),
        "--start",
        ("/api/generate", {"rows": 5, "cols": 5, "mines": 3, "start": [9, 9]}),
    ),
    # The API takes 2 to 30 rows and columns, as variant puzzles do, and no clue range or graph.
    Rejection(
        ("rows", "cols"),
        lambda: VariantRequest.make(1, 40, 3, ["V"]),
        ("generate", "--rules", "V", "--size", "1x40/3"),
        "--size",
    ),
    Rejection(
        ("clues",),
        lambda: VariantRequest.make(4, 4, 5, ["V"], clues=(12, 14)),
        ("generate", "--rules", "V", "--size", "4x4/5", "--clues", "12-14"),
        "--clues",
    ),
    Rejection(
        ("attempts",),
        lambda: VariantRequest.make(4, 4, 5, ["V"], attempts=0),
        (),  # the command line has no such option
        "",
    ),
]


def raised(call: Callable[[], Any]) -> ParameterError:
    with pytest.raises(ParameterError) as caught:
        call()
    return caught.value


def test_a_graph_without_a_total_names_mines(run, tmp_path: Path) -> None:
    error = raised(lambda: graph_request(parse_board(GRAPH, format="graph"), None, None, "g"))
    assert error.names == ("mines",) and str(error).startswith("mines: ")
    path = tmp_path / "g.json"
    path.write_text(GRAPH)
    result = run("generate", "--graph", str(path))
    assert result.exit_code == 2 and result.stderr.startswith(f"error: --graph {path}: --mines: the graph gives no")


@pytest.mark.parametrize("rejection", REJECTIONS, ids=lambda r: "-".join(r.names))
def test_python_names_the_parameter_and_the_cli_its_flag(run, rejection: Rejection) -> None:
    error = raised(rejection.python)
    assert error.names == rejection.names
    assert str(error).startswith(" and ".join(rejection.names) + (":" if error.value is None else f" {error.value}:"))
    if rejection.cli:
        result = run(*rejection.cli)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
        assert result.stderr == f"error: {error.worded(lambda _: rejection.flag)}\n"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(pool=Pool.THREAD)), raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize("rejection", [r for r in REJECTIONS if r.http], ids=lambda r: "-".join(r.names))
def test_the_api_names_the_json_field(client: TestClient, rejection: Rejection) -> None:
    assert rejection.http is not None
    route, body = rejection.http
    answer = client.post(route, json=body)
    (field,) = rejection.names
    assert field in body and answer.status_code == 400, answer.text
    assert answer.json() == {"error": str(raised(rejection.python))}
    assert re.match(rf"{field}[ :]", answer.json()["error"])


def error_calls(path: Path) -> Iterator[ast.Call]:
    """Every call in a module that makes an error: to a name that ends as the package's errors do."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            func = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if func.endswith(("Error", "TooLarge", "Exceeded", "Parameter")):
                yield node


def test_every_kind_of_parameter_error_the_package_raises_is_checked_above() -> None:
    raised_names = set()
    for path in PACKAGE.rglob("*.py"):
        for call in error_calls(path):
            if isinstance(call.func, ast.Name) and call.func.id.endswith(("ParameterError", "OffBoardParameter")):
                names = ast.literal_eval(call.args[0])
                raised_names.add((names,) if isinstance(names, str) else tuple(names))
    assert raised_names == {r.names for r in REJECTIONS}


#: Library errors that still name a flag: each a remedy, not a bad value, that no HTTP route can raise
#: (the API has no counting, executor or reduction options), or the parsing of the command line's own syntax.
FLAG_NAMING = {
    "core/assumptions.py",  # parse_assume_options reads --assume LABEL=mine text, the command line's syntax
    "engine/components.py",  # "try --counting auto or search"
    "experiments/executors.py",  # "--executor dask"
    "gadgets/reduction.py",  # "raise --max-cells"
}


def test_no_library_error_names_a_command_line_flag_outside_the_few_listed() -> None:
    naming = set()
    for path in PACKAGE.rglob("*.py"):
        if path.parent.name == "cli":
            continue
        for call in error_calls(path):
            texts = [n.value for n in ast.walk(call) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
            if any(re.search(r"(^|[\s(])--[a-z]", text) for text in texts):
                naming.add(path.relative_to(PACKAGE).as_posix())
    assert naming == FLAG_NAMING


TRACE = '{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}'

#: A value each route refuses after its schema took it, and the JSON field its message names as a word (None: it
#: shows the value only, in the game store's own wording: a cell off the board, a rule with no room).
REFUSED = [
    *[(route, {"board": "1.\n9."}, "board") for route in ("/api/analyze", "/api/check", "/api/hint", "/api/levels")],
    ("/api/board", {"board": "1.\n9."}, "board"),
    ("/api/generate", {"rows": 5, "cols": 5, "mines": 30}, "mines"),
    ("/api/game", {"rows": 5, "cols": 5, "mines": 30}, "mines"),
    ("/api/game", {"rows": 3, "cols": 3, "mines": 5, "first_click": "opening"}, None),
    ("/api/game", {"level": "beginner", "start": [20, 20]}, None),
    ("/api/replay", {"name": "t.jsonl", "data": base64.b64encode(TRACE.encode()).decode(), "game": 3}, "game"),
]


@pytest.mark.parametrize(("route", "body", "field"), REFUSED, ids=[f"{r[0]}-{r[2]}" for r in REFUSED])
def test_no_route_answers_a_bad_value_with_a_command_line_flag(
    client: TestClient, route: str, body: dict[str, Any], field: str | None
) -> None:
    answer = client.post(route, json=body)
    message = answer.json()["error"]
    assert answer.status_code == 400 and not re.search(r"(^|[\s(])--[a-z]", message), message
    assert field is None or re.search(rf"\b{field}\b", message), message
