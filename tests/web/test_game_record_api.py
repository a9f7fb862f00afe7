"""What the page needs of a game and of a review, on every grid it draws: a win leaves no mine to find, a game says its
3BV and its cells' neighbours, a review says its grid and which game of a file it is, and a game downloads as a trace
line that ``cnfsweep replay``'s reader reads back into the same review.

Counts are checked against ones made here, from ``oracle.neighbours`` (neighbours of its own, by the topology's name).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable

import pytest
from oracle import neighbours

from cnfsweep.core.board import Cell
from cnfsweep.formats.game_records import read_game_records
from cnfsweep.play import FirstClick, Game, Level
from cnfsweep.replay import review_game

GRIDS = ["square", "torus", "hex"]


def brute_3bv(rows: int, cols: int, mines: set[Cell], topology: str) -> int:
    """The fewest clicks that open every safe cell, by search: clicks on cells in every order would do, but a click
    on a zero opens its whole region, so the fewest are one per region of zeros and one per safe cell no zero opens."""
    near: Callable[[Cell], tuple[Cell, ...]] = lambda c: neighbours(rows, cols, c, topology)  # noqa: E731
    safe = [Cell(r, c) for r in range(rows) for c in range(cols) if Cell(r, c) not in mines]
    zero = {c for c in safe if not any(n in mines for n in near(c))}
    opened: set[Cell] = set()
    clicks = 0
    for start in sorted(zero):
        if start in opened:
            continue
        clicks += 1
        todo = [start]
        while todo:
            here = todo.pop()
            if here in opened:
                continue
            opened.add(here)
            if here in zero:
                todo.extend(n for n in near(here) if n not in opened)
    return clicks + sum(1 for c in safe if c not in opened)


def twin(topology: str, seed: int, rule: str = "safe") -> Game:
    level = Level.named("beginner")
    return Game.new(level if topology == "square" else level.on(topology), seed, FirstClick(rule))


def start(client, topology: str, seed: int, rule: str = "safe") -> tuple[dict, Game]:
    """A seeded beginner game on ``topology``, clicked at its centre, on the server and in the library."""
    doc = client.post(
        "/api/game", json={"level": "beginner", "topology": topology, "seed": seed, "first_click": rule}
    ).json()
    assert doc["bbbv"] is None  # no layout before the first click
    game = twin(topology, seed, rule)
    game.click(Cell(4, 4))
    after = client.post(f"/api/game/{doc['id']}/click", json={"row": 4, "col": 4}).json()
    assert after["grid"] == list(game.board().grid)
    return {**doc, **after}, game


@pytest.mark.parametrize("topology", GRIDS)
def test_a_win_leaves_no_mine_to_find_and_the_game_says_its_3bv(client, topology: str) -> None:
    doc, game = start(client, topology, seed=8)
    mines = set(game.mines)
    assert doc["bbbv"] == brute_3bv(9, 9, mines, topology)
    flag = min(mines)  # one flag of the player's: the other mines are found by the win
    doc = client.post(f"/api/game/{doc['id']}/flag", json={"row": flag.row, "col": flag.col}).json()
    assert doc["mines_left"] == 9
    for r in range(9):
        for c in range(9):
            if Cell(r, c) not in mines and doc["grid"][r][c] == "." and doc["state"] == "playing":
                doc = client.post(f"/api/game/{doc['id']}/click", json={"row": r, "col": c}).json()
    assert doc["state"] == "won" and doc["mines_left"] == 0
    assert doc["bbbv"] == brute_3bv(9, 9, mines, topology)


@pytest.mark.parametrize("topology", GRIDS)
def test_a_new_game_lists_each_cells_neighbours_as_the_grid_has_them(client, topology: str) -> None:
    doc = client.post("/api/game", json={"rows": 5, "cols": 6, "mines": 4, "topology": topology, "seed": 1}).json()
    listed = doc["neighbours"]
    assert len(listed) == 30
    for r in range(5):
        for c in range(6):
            assert {divmod(i, 6) for i in listed[r * 6 + c]} == set(neighbours(5, 6, Cell(r, c), topology)), (r, c)
    # A board too large to list them for: the answer stays small.
    big = client.post("/api/game", json={"rows": 101, "cols": 100, "mines": 10, "topology": topology, "seed": 1}).json()
    assert "neighbours" not in big and big["rows"] == 101


def trace(*games: dict) -> str:
    return base64.b64encode("".join(json.dumps(g) + "\n" for g in games).encode()).decode()


@pytest.mark.parametrize("topology", GRIDS)
def test_a_review_names_its_grid_and_which_game_of_the_file_it_is(client, topology: str) -> None:
    first = {"rows": 3, "cols": 4, "topology": topology, "mines": [[0, 0]], "moves": [{"cell": [2, 2]}]}
    second = {"rows": 3, "cols": 4, "topology": topology, "mines": [[0, 0], [0, 3]], "moves": [{"cell": [0, 3]}]}
    data = trace(first, second)
    doc = client.post("/api/replay", json={"name": "t.jsonl", "data": data}).json()
    assert (doc["topology"], doc["game"], doc["games"], doc["mines"]) == (topology, 1, 2, 1)
    doc = client.post("/api/replay", json={"name": "t.jsonl", "data": data, "game": 2}).json()
    assert (doc["topology"], doc["game"], doc["games"], doc["mines"], doc["lost"]) == (topology, 2, 2, 2, True)
    answer = client.post("/api/replay", json={"name": "t.jsonl", "data": data, "game": 3})
    assert answer.status_code == 400 and answer.json() == {"error": "t.jsonl: game 3: the file holds 2 games"}
    # A game played here is reviewed on its grid too.
    played, _ = start(client, topology, seed=3)
    assert client.get(f"/api/game/{played['id']}/review").json()["topology"] == topology


@pytest.mark.parametrize("topology", GRIDS)
def test_a_game_downloads_as_a_trace_line_that_reads_back_into_the_same_review(client, topology: str, tmp_path) -> None:
    doc, game = start(client, topology, seed=11, rule="opening")
    board = game.board()
    # A chord (on a number with its mines flagged), a flag taken off again, then a click on a mine.
    number = next(
        c
        for c in board.cells()
        if board.grid[c.row][c.col].isdigit()
        and any(board.grid[n.row][n.col] == "." and n not in game.mines for n in board.neighbours(c))
    )
    flags = [n for n in board.neighbours(number) if n in game.mines and board.grid[n.row][n.col] == "."]
    url = f"/api/game/{doc['id']}"
    spare = next(c for c in board.cells() if board.grid[c.row][c.col] == "." and c not in flags)
    client.post(f"{url}/flag", json={"row": spare.row, "col": spare.col})
    client.post(f"{url}/flag", json={"row": spare.row, "col": spare.col})
    for m in flags:
        client.post(f"{url}/flag", json={"row": m.row, "col": m.col})
    chorded = client.post(f"{url}/click", json={"row": number.row, "col": number.col}).json()
    assert sum(row.count(".") for row in chorded["grid"]) < sum(row.count(".") for row in board.grid)
    mine = next(m for m in sorted(game.mines) if chorded["grid"][m.row][m.col] == ".")
    lost = client.post(f"{url}/click", json={"row": mine.row, "col": mine.col}).json()
    assert lost["state"] == "lost"

    answer = client.get(f"{url}/record")
    assert answer.status_code == 200 and "\n" not in answer.text
    path = tmp_path / "game.jsonl"
    path.write_text(answer.text + "\n")
    (record,) = read_game_records(path)
    assert record.rule == "opening" and record.mines == tuple(sorted(game.mines)) and record.topology.name == topology
    mine_review = review_game(record).to_dict()
    served = client.get(f"{url}/review").json()
    assert mine_review["lost"] and served["lost"]
    # The chord is written as the opens it chose: the same cells open, each judged on its own position.
    assert {tuple(c) for k in mine_review["clicks"] for c in k["opened"]} == {
        tuple(c) for k in served["clicks"] for c in k["opened"]
    }
    assert mine_review["clicks"][-1]["probability"] == served["clicks"][-1]["probability"]
    assert mine_review["clicks"][0]["label"] == served["clicks"][0]["label"] == "deduction"
    assert client.get("/api/game/nosuchgame/record").status_code == 404
