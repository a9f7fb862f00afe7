"""A bad value of a named parameter is named as each surface's user typed it (issue 37).

The library raises :class:`~cnfsweep.core.errors.ParameterError` with the parameter's shared name;
Python and the HTTP API say that name (``mines 25: ...``, the JSON field), the command line its flag
(``--mines 25: ...``).  Every kind of parameter error the package raises is checked on each surface
that can reach it, and no library error names a command-line flag.
"""

from __future__ import annotations

import ast
import base64
import inspect
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from paths import ROOT

from cnfsweep import ArgumentError, Level, ParameterError, generate, parse_board
from cnfsweep.generation import graph_request
from cnfsweep.generation.variants import VariantRequest
from cnfsweep.web import GameStore, NewGame, Pool, Settings, create_app
from cnfsweep.web.models import CellRequest, GameRequest, PuzzleGameRequest

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


def move_on_beginner(row: int, col: int) -> Any:
    """Click a cell of a new beginner game in a store."""
    store = GameStore(10, 100)
    return store.click(store.new(NewGame(level="beginner", seed=1))["id"], row, col)


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
    # A new game's size, mines, rule and start cell, and a move's cell (their HTTP cases: GAME_REFUSALS below).
    Rejection(("level",), lambda: GameStore(10, 100).check(NewGame(level="expert")), (), ""),
    Rejection(("topology",), lambda: GameStore(10, 100).check(NewGame(level="expert", topology="klein")), (), ""),
    Rejection(("first_click",), lambda: GameStore(10, 100).check(NewGame(level="beginner", first_click="x")), (), ""),
    Rejection(("row",), lambda: move_on_beginner(9, 0), (), ""),
    Rejection(("col",), lambda: move_on_beginner(0, -1), (), ""),
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

#: A value each route refuses after its schema took it, and the JSON field its message names as a word.
REFUSED = [
    *[(route, {"board": "1.\n9."}, "board") for route in ("/api/analyze", "/api/check", "/api/hint", "/api/levels")],
    ("/api/board", {"board": "1.\n9."}, "board"),
    ("/api/generate", {"rows": 5, "cols": 5, "mines": 30}, "mines"),
    ("/api/game", {"rows": 5, "cols": 5, "mines": 30}, "mines"),
    ("/api/game", {"rows": 3, "cols": 3, "mines": 5, "first_click": "opening"}, "mines"),
    ("/api/game", {"level": "beginner", "start": [20, 20]}, "start"),
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


#: One refused value of each field of the game routes' bodies (a new game, a move's cell, a new puzzle game), on a
#: server of 100 cells at most: the body, the status, and the field the message starts with. Values the schema takes
#: that the game store refuses come first; a field the schema alone can refuse (a rule, a seed) is refused there.
GAME_REFUSALS = {
    GameRequest: [
        ({"level": "expert"}, 413, "level expert"),
        ({"level": "hard"}, 422, "level"),
        ({"rows": 5, "cols": 40, "mines": 3}, 413, "rows and cols 5x40"),
        ({"rows": 2, "cols": 2, "mines": 1, "topology": "torus"}, 400, "rows and cols 2x2"),
        ({"rows": 0, "cols": 5, "mines": 1}, 422, "rows"),
        ({"rows": 5, "cols": 0, "mines": 1}, 422, "cols"),
        ({"rows": 9, "cols": 9, "mines": 82}, 400, "mines 82"),
        ({"rows": 9, "cols": 9, "mines": 81}, 400, "mines 81"),
        ({"rows": 4, "cols": 4, "mines": 8, "first_click": "opening"}, 400, "mines 8"),
        ({"rows": 9, "cols": 9, "mines": 73, "no_guess": True}, 400, "mines 73"),
        ({"level": "beginner", "first_click": "lucky"}, 422, "first_click"),
        ({"level": "beginner", "topology": "klein"}, 422, "topology"),
        ({"level": "beginner", "seed": -1}, 422, "seed"),
        ({"level": "beginner", "no_guess": "yes"}, 422, "no_guess"),
        ({"level": "beginner", "start": [9, 0]}, 400, "start [9, 0]"),
        ({"level": "beginner", "start": [0, -1]}, 400, "start [0, -1]"),
        ({"level": "beginner", "no_guess": True, "start": [4, 4]}, 400, "start"),
        # The old name of start is read as start, and named so.
        ({"level": "beginner", "opened": [0, 9]}, 400, "start [0, 9]"),
    ],
    CellRequest: [
        ({"row": 9, "col": 0}, 400, "row 9"),
        ({"row": -1, "col": 0}, 400, "row -1"),
        ({"row": 0, "col": 9}, 400, "col 9"),
        ({"row": 0, "col": -1}, 400, "col -1"),
        ({"row": "a", "col": 0}, 422, "row"),
        ({"row": 0}, 422, "col"),
    ],
    PuzzleGameRequest: [
        ({"rules": ["1Z"], "rows": 5, "cols": 5, "mines": 5}, 400, "rules"),
        ({"rules": ["V"], "rows": 5, "cols": 40, "mines": 5}, 413, "rows and cols 5x40"),
        ({"rules": ["V"], "rows": 1, "cols": 5, "mines": 1}, 400, "rows and cols 1x5"),
        ({"rules": ["V"], "rows": 0, "cols": 5, "mines": 1}, 422, "rows"),
        ({"rules": ["V"], "rows": 5, "cols": 0, "mines": 1}, 422, "cols"),
        ({"rules": ["V"], "rows": 3, "cols": 3, "mines": 9}, 400, "mines 9"),
        ({"rules": ["V"], "rows": 3, "cols": 3, "mines": 3, "seed": -1}, 422, "seed"),
        ({"rules": ["V"], "rows": 3, "cols": 3, "mines": 3, "time_limit": 0}, 422, "time_limit"),
        ({"rules": ["V"], "rows": 3, "cols": 3, "mines": 3, "lives": 0}, 422, "lives"),
        ({"rules": ["V"], "rows": 3, "cols": 3, "mines": 3, "grade": "maybe"}, 422, "grade"),
    ],
}


@pytest.fixture(scope="module")
def small() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(pool=Pool.THREAD, max_cells=100)), raise_server_exceptions=False) as c:
        yield c


def test_every_field_of_the_game_bodies_has_a_refusal_below() -> None:
    for model, cases in GAME_REFUSALS.items():
        named = {name.split()[0] for _, _, head in cases for name in head.split(" and ")}
        assert named | {"opened"} >= set(model.model_fields) - {"opened"}, model.__name__
        assert {field for body, _, _ in cases for field in body} >= set(model.model_fields), model.__name__


def game_routes(model: type) -> list[str]:
    """The routes whose body is ``model``, a game's and a puzzle game's moves both for a cell."""
    return {
        GameRequest: ["/api/game"],
        CellRequest: [
            "/api/game/{id}/click",
            "/api/game/{id}/flag",
            "/api/puzzle/game/{id}/click",
            "/api/puzzle/game/{id}/flag",
        ],
        PuzzleGameRequest: ["/api/puzzle/game"],
    }[model]


@pytest.mark.parametrize(
    ("route", "body", "status", "head"),
    [(route, *case) for model, cases in GAME_REFUSALS.items() for route in game_routes(model) for case in cases],
    ids=lambda value: value if isinstance(value, str) and value.startswith("/") else None,
)
def test_every_refusal_of_the_game_routes_names_its_field(
    small: TestClient, route: str, body: dict[str, Any], status: int, head: str
) -> None:
    if "{id}" in route:
        start = "/api/puzzle/game" if route.startswith("/api/puzzle") else "/api/game"
        made = (
            {"rules": ["V"], "rows": 9, "cols": 9, "mines": 10, "seed": 1}
            if "puzzle" in start
            else {"level": "beginner"}
        )
        route = route.replace("{id}", small.post(start, json=made).json()["id"])
    answer = small.post(route, json=body)
    message = answer.json()["error"]
    assert answer.status_code == status, message
    assert re.match(rf"{re.escape(head)}[ :]", message), message


def test_a_variant_requests_mine_count_is_mines_as_on_every_surface(run) -> None:
    # One name for one thing: the keyword, the attribute, the error, the HTTP field and the command line's flag.
    assert "mines" in inspect.signature(VariantRequest.make).parameters and "mines" in PuzzleGameRequest.model_fields
    request = VariantRequest.make(5, 5, mines=8, rules=["V"])
    assert request.mines == 8 and raised(lambda: VariantRequest.make(5, 5, mines=25, rules=["V"])).names == ("mines",)
    assert "--mines" in run("generate", "--help").stdout
    # The old keyword and attribute still work for one release, each with a warning.
    with pytest.warns(DeprecationWarning, match="'mines'"):
        old = VariantRequest.make(5, 5, total=8, rules=["V"])
    assert (old.rows, old.cols, old.mines, old.rules.codes) == (5, 5, 8, request.rules.codes)
    with pytest.warns(DeprecationWarning, match="'mines'"):
        assert request.total == 8
    with pytest.warns(DeprecationWarning), pytest.raises(ArgumentError, match="give the mine count once"):
        VariantRequest.make(5, 5, 8, ["V"], total=8)
