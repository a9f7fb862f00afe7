"""The API answers about graph boards, naming their cells; a bad graph file is a 400 of one line."""

from __future__ import annotations

import json

import pytest

from paths import EXAMPLES

CYCLE = {
    "format": "cnfsweep-graph",
    "cells": ["a", "b", "c", "d", "e"],
    "edges": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"], ["a", "e"]],
    "revealed": {"a": 1, "c": 1},
    "mines": 1,
}


def test_analyze_names_the_cells(client) -> None:
    answer = client.post("/api/analyze", json={"board": json.dumps(CYCLE)})
    assert answer.status_code == 200, answer.text
    doc = answer.json()
    assert doc["safe"] == ["e"] and doc["best_guess"] == "e" and doc["format"] == "graph"
    assert doc["exact"] == {"a": None, "b": "1/2", "c": None, "d": "1/2", "e": "0"}


@pytest.mark.parametrize(
    ("endpoint", "key", "expected"),
    [
        ("check", "witness_mines", ["b"]),
        ("hint", "reason", {"numbers": ["a", "c"], "uses_total": False, "size": 2}),
        ("levels", "undecided", ["b", "d"]),
    ],
)
def test_every_answer_names_the_cells(client, endpoint: str, key: str, expected: object) -> None:
    # The witness is one of the two layouts; with 'b' flagged it is the only one.
    board = {**CYCLE, "flags": ["b"]} if endpoint == "check" else CYCLE
    answer = client.post(f"/api/{endpoint}", json={"board": json.dumps(board)})
    assert answer.status_code == 200, answer.text
    assert answer.json()[key] == expected


def test_an_example_graph_is_answered(client) -> None:
    answer = client.post("/api/analyze", json={"board": (EXAMPLES / "graphs" / "sphere.json").read_text()})
    assert answer.status_code == 200 and answer.json()["consistent"]


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"edges": [["a", "z"]]}, "board: edges[0]: edge ['a', 'z'] names an unknown cell 'z'"),
        ({"edges": [["a", "a"]]}, "board: edges[0]: edge ['a', 'a'] is a self-loop: a cell is not its own neighbour"),
        ({"cells": ["a", "a"]}, "board: cells[1]: duplicate cell 'a' (first as cells[0])"),
        ({"revealed": {"e": 2}}, "board: revealed[\"e\"]: 2 is above the 1 neighbour of cell 'e'"),
    ],
)
def test_a_bad_graph_is_a_400_of_one_line(client, change: dict, error: str) -> None:
    answer = client.post("/api/check", json={"board": json.dumps({**CYCLE, **change})})
    assert answer.status_code == 400
    assert answer.json() == {"error": error}


def test_graph_text_that_is_not_json_says_where(client) -> None:
    answer = client.post("/api/analyze", json={"board": '{"format": "cnfsweep-graph",\n"cells": [}', "format": "graph"})
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("board:2:11: not JSON: ")
