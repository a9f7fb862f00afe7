"""Server games on torus and hex boards: ``/api/game`` takes a ``topology`` and its document says it.

The numbers the server shows are checked against neighbours computed here
(``oracle.neighbours``), from the layout the document gives once the game is over.
"""

from __future__ import annotations

import pytest
from game_oracle import oracle_replay
from oracle import neighbours

from cnfsweep.core.board import Cell
from cnfsweep.generation import Logic
from cnfsweep.play import Level


def _play_to_the_end(client, doc: dict) -> dict:
    """Click covered cells in order until the game ends; return the last document."""
    game_id = doc["id"]
    while doc["state"] == "playing":
        r, c = next((r, c) for r, row in enumerate(doc["grid"]) for c, ch in enumerate(row) if ch == ".")
        answer = client.post(f"/api/game/{game_id}/click", json={"row": r, "col": c})
        assert answer.status_code == 200, answer.text
        doc = answer.json()
    return doc


def _assert_true_numbers(doc: dict, topology: str) -> None:
    rows, cols = doc["rows"], doc["cols"]
    mines = {Cell(*m) for m in doc["layout"]}
    assert len(mines) == doc["mines"]
    for r, row in enumerate(doc["grid"]):
        for c, ch in enumerate(row):
            if ch.isdigit():
                assert int(ch) == sum(n in mines for n in neighbours(rows, cols, Cell(r, c), topology)), (r, c)


@pytest.mark.parametrize("topology", ["torus", "hex"])
def test_a_game_of_the_grid_shows_the_grids_numbers(client, topology: str) -> None:
    for seed in range(3):
        answer = client.post("/api/game", json={"level": "beginner", "topology": topology, "seed": seed})
        assert answer.status_code == 200, answer.text
        doc = answer.json()
        assert doc["topology"] == topology and doc["level"] == "beginner" and (doc["rows"], doc["cols"]) == (9, 9)
        end = _play_to_the_end(client, doc)
        assert end["topology"] == topology and end["state"] in ("won", "lost")
        _assert_true_numbers(end, topology)
        if end["state"] == "lost":
            assert Cell(*end["exploded"]) in {Cell(*m) for m in end["layout"]}


@pytest.mark.parametrize("topology", ["torus", "hex"])
def test_an_opening_game_keeps_the_grids_neighbours_of_the_first_click_free(client, topology: str) -> None:
    body = {"rows": 6, "cols": 7, "mines": 12, "topology": topology, "first_click": "opening", "seed": 4}
    doc = client.post("/api/game", json=body).json()
    first = Cell(0, 0)
    doc = client.post(f"/api/game/{doc['id']}/click", json={"row": 0, "col": 0}).json()
    end = _play_to_the_end(client, doc)
    mines = {Cell(*m) for m in end["layout"]}
    assert not mines & {first, *neighbours(6, 7, first, topology)}
    _assert_true_numbers(end, topology)


@pytest.mark.parametrize("topology", ["torus", "hex"])
def test_a_no_guess_game_of_the_grid_needs_no_guess(client, topology: str) -> None:
    doc = client.post(
        "/api/game", json={"rows": 7, "cols": 8, "mines": 12, "topology": topology, "no_guess": True, "seed": 2}
    ).json()
    assert doc["topology"] == topology and doc["first_click"] == "opening" and doc["clicks"] == 1
    first = next(Cell(r, c) for r, row in enumerate(doc["grid"]) for c, ch in enumerate(row) if ch == "0")
    end = _play_to_the_end(client, doc)
    _assert_true_numbers(end, topology)
    level = Level(7, 8, 12, topology_name=topology)
    assert oracle_replay(level, [Cell(*m) for m in end["layout"]], first, Logic.FULL)


def test_square_is_the_default_and_said(client) -> None:
    doc = client.post("/api/game", json={"level": "beginner", "seed": 1}).json()
    assert doc["topology"] == "square"


def test_a_torus_too_small_or_an_unknown_topology_is_refused_in_one_line(client) -> None:
    answer = client.post("/api/game", json={"rows": 2, "cols": 5, "mines": 1, "topology": "torus"})
    assert answer.status_code == 400
    assert answer.json() == {"error": "rows and cols 2x5: a torus board needs at least 3 rows and 3 columns, got 2x5"}
    answer = client.post("/api/game", json={"level": "beginner", "topology": "sphere"})
    assert answer.status_code == 422 and "topology" in answer.json()["error"]


def test_the_schema_publishes_the_topologies(client) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["GameRequest"]["properties"]["topology"]
    assert schema["enum"] == ["square", "torus", "hex"] and schema["default"] == "square"
