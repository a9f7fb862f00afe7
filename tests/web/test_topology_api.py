"""The server answers about torus and hex boards as about square ones: the page draws all three."""

from __future__ import annotations

from fractions import Fraction

import pytest
from oracle import reference

from paths import EXAMPLES
from cnfsweep import Board
from cnfsweep.core.board import Cell


def example(name: str) -> str:
    return (EXAMPLES / "grids" / f"{name}.txt").read_text()


@pytest.mark.parametrize("name", ["torus", "hex"])
def test_another_grid_is_analysed_as_the_oracle_says(client, name: str) -> None:
    text = example(name)
    answer = client.post("/api/analyze", json={"board": text})
    assert answer.status_code == 200, answer.text
    doc = answer.json()
    board = Board.parse(text)
    ref = reference(board)  # neighbours of its own, from the topology's name
    assert doc["consistent"] and int(doc["solutions"]) == ref.solutions
    for cell in board.covered:
        assert Fraction(doc["exact"][cell.row][cell.col]) == ref.exact[cell], cell


@pytest.mark.parametrize("endpoint", ["check", "hint", "levels"])
@pytest.mark.parametrize("name", ["torus", "hex"])
def test_every_endpoint_answers_another_grid(client, endpoint: str, name: str) -> None:
    answer = client.post(f"/api/{endpoint}", json={"board": example(name)})
    assert answer.status_code == 200, answer.text
    assert answer.json()["consistent"] is True


@pytest.mark.parametrize(("name", "rows", "cols"), [("torus", 6, 8), ("hex", 7, 9), ("square", 2, 2)])
def test_board_says_the_topology(client, name: str, rows: int, cols: int) -> None:
    text = example(name) if name != "square" else "1.\n..\n"
    doc = client.post("/api/board", json={"board": text}).json()
    assert (doc["topology"], doc["rows"], doc["cols"]) == (name, rows, cols)
    assert Board.parse(doc["text"]).topology.name == name


def test_a_hex_number_above_6_is_one_line(client) -> None:
    answer = client.post("/api/analyze", json={"board": "topology: hex\n1.\n.7\n"})
    assert answer.status_code == 400
    message = answer.json()["error"]
    assert message.startswith("board:3:2: number 7 is above 6") and "\n" not in message


def test_a_torus_wraps_in_the_answer(client) -> None:
    # A 1 in the corner of a 3x3 torus touches all eight other cells, so each is a mine with probability 1/8.
    doc = client.post("/api/analyze", json={"board": "topology: torus\n1..\n...\n...\n"}).json()
    assert doc["exact"][2][2] == "1/8" and doc["exact"][0][1] == "1/8"
    assert Cell(2, 2) in Board.parse("topology: torus\n1..\n...\n...\n").neighbours(Cell(0, 0))
