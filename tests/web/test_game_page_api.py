"""The page's game features in the API: a click on a revealed number is a chord (the rule is ``play.Game.press``);
``opened`` starts the board of a restart or a shared link, its first click made by the server."""

from __future__ import annotations

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.play import LEVELS, FirstClick, Game


def satisfied_number(game: Game) -> tuple[Cell, list[Cell], list[Cell]]:
    """A revealed number with covered neighbours: it, its mines and its safe covered neighbours."""
    board = game.board()
    for cell in board.cells():
        if board.grid[cell.row][cell.col] in "12345678":
            covered = [n for n in board.neighbours(cell) if board.grid[n.row][n.col] == "."]
            mines = [n for n in covered if n in game.mines]
            safe = [n for n in covered if n not in game.mines]
            if mines and safe:
                return cell, mines, safe
    raise AssertionError("no number to chord on")


@pytest.fixture
def opened(client) -> tuple[dict, Game]:
    """A beginner game (seed 11, an opening) clicked at its centre, on the server and in the library."""
    doc = client.post("/api/game", json={"level": "beginner", "seed": 11, "first_click": "opening"}).json()
    game = Game.new(LEVELS["beginner"], 11, FirstClick.OPENING)
    client.post(f"/api/game/{doc['id']}/click", json={"row": 4, "col": 4})
    game.click(Cell(4, 4))
    return doc, game


def test_a_click_on_a_satisfied_number_opens_its_other_neighbours(client, opened) -> None:
    doc, game = opened
    number, mines, safe = satisfied_number(game)
    # Too few flags around it: the click does nothing.
    before = client.post(f"/api/game/{doc['id']}/click", json={"row": number.row, "col": number.col}).json()
    assert before["grid"] == list(game.board().grid)
    for mine in mines:
        client.post(f"/api/game/{doc['id']}/flag", json={"row": mine.row, "col": mine.col})
    after = client.post(f"/api/game/{doc['id']}/click", json={"row": number.row, "col": number.col}).json()
    for cell in safe:
        assert after["grid"][cell.row][cell.col] in "012345678", cell
    assert after["state"] in ("playing", "won")


def test_a_chord_around_a_wrong_flag_loses_on_the_mine_left_covered(client, opened) -> None:
    doc, game = opened
    number, mines, safe = satisfied_number(game)
    wrong = safe[: len(mines)]
    assert len(wrong) == len(mines)  # the 1 at (0, 5) of seed 11: a mine and a safe cell beside it
    for cell in wrong:
        client.post(f"/api/game/{doc['id']}/flag", json={"row": cell.row, "col": cell.col})
    after = client.post(f"/api/game/{doc['id']}/click", json={"row": number.row, "col": number.col}).json()
    assert after["state"] == "lost" and tuple(after["exploded"]) in mines


def test_a_board_opened_by_the_server_is_the_board_that_first_click_makes_and_its_clock_waits(client) -> None:
    spec = {"level": "intermediate", "seed": 5, "first_click": "safe"}
    doc = client.post("/api/game", json={**spec, "opened": [3, 12]}).json()
    game = Game.new(LEVELS["intermediate"], 5, FirstClick.SAFE)
    game.click(Cell(3, 12))
    assert doc["grid"] == list(game.board().grid) and doc["clicks"] == 1 and doc["seconds"] is None
    # The same again (a restart): the same board.
    again = client.post("/api/game", json={**spec, "opened": [3, 12]}).json()
    assert again["grid"] == doc["grid"] and again["id"] != doc["id"]
    played = client.post(f"/api/game/{doc['id']}/click", json={"row": 0, "col": 0}).json()
    assert played["seconds"] is not None


def test_opened_is_refused_off_the_board_and_on_a_no_guess_game(client) -> None:
    off = client.post("/api/game", json={"level": "beginner", "seed": 1, "opened": [9, 0]})
    assert off.status_code == 400 and off.json() == {
        "error": "start [9, 0]: outside the 9x9 board (rows 0 to 8, columns 0 to 8)"
    }
    both = client.post("/api/game", json={"level": "beginner", "seed": 1, "no_guess": True, "opened": [4, 4]})
    assert both.status_code == 400 and "no-guess" in both.json()["error"]
