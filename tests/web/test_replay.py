"""``POST /api/replay`` and ``GET /api/game/{id}/review``: the review document, through the one pattern."""

from __future__ import annotations

import base64
from fractions import Fraction

import pytest
from paths import DATA

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.play import FirstClick, Game, Level
from cnfsweep.replay import review

pytest.importorskip("ms_toollib")

REPLAYS = DATA / "replays"


def send(client, path, data: bytes | None = None):
    raw = path.read_bytes() if data is None else data
    return client.post("/api/replay", json={"name": path.name, "data": base64.b64encode(raw).decode()})


def test_a_replay_file_answers_the_cli_document_with_its_positions(client) -> None:
    path = REPLAYS / "arbiter_beginner_15.52.avf"
    answer = send(client, path)
    assert answer.status_code == 200, answer.text
    doc = answer.json()
    expected = review(path).to_dict()
    assert doc["clicks"] == expected["clicks"] and doc["summary"] == expected["summary"]
    assert doc["file"] == path.name and doc["format"] == "avf"
    assert len(doc["positions"]) == len(doc["flags"]) == len(doc["clicks"])
    for click, text in zip(doc["clicks"], doc["positions"], strict=True):
        board = Board.parse(text)
        assert board.total_mines == 10
        assert all(board.kind(Cell(*cell)).value == "covered" for cell in click["cells"])
    assert Board.parse(doc["final"]).covered == tuple(sorted(Cell(*m) for m in _mines(path)))


def _mines(path):
    from cnfsweep.formats.game_records import read_game_records

    return read_game_records(path)[0].mines


@pytest.mark.parametrize(
    "data, says",
    [
        (b"", "an empty file"),
        (None, "truncated or corrupt"),
        (b'{"rows": 2}\n', "not a Minesweeper Arbiter .avf replay"),
    ],
)
def test_a_bad_file_is_one_line_with_status_400(client, data: bytes | None, says: str) -> None:
    path = REPLAYS / "arbiter_beginner_15.52.avf"
    if data is None:
        data = path.read_bytes()[:300]
    answer = send(client, path, data)
    assert answer.status_code == 400
    message = answer.json()["error"]
    assert message.startswith(f"{path.name}: ") and says in message and "\n" not in message
    with pytest.raises(CnfsweepError) as raised:
        review(data, name=path.name)
    assert str(raised.value) == message  # the CLI's line


def test_data_that_is_not_base64_is_refused(client) -> None:
    answer = client.post("/api/replay", json={"name": "g.avf", "data": "not base64!"})
    assert answer.status_code == 400 and answer.json() == {"error": "g.avf: data: not base64"}


def _mine_and_safe(seed: int, first: Cell) -> tuple[Cell, Cell]:
    """A mine and a covered safe cell of the layout the server draws for ``seed`` and this first click."""
    game = Game.new(Level.named("beginner"), seed, FirstClick.SAFE)
    game.click(first)
    mine = min(game.mines)
    safe = next(c for c in game.cells if c not in game.mines and c not in game.revealed)
    return mine, safe


def test_a_lost_game_played_here_ends_with_its_fatal_click(client) -> None:
    first = Cell(0, 0)
    mine, _ = _mine_and_safe(5, first)
    game_id = client.post("/api/game", json={"level": "beginner", "seed": 5}).json()["id"]
    client.post(f"/api/game/{game_id}/click", json={"row": first.row, "col": first.col})
    client.post(f"/api/game/{game_id}/flag", json={"row": 8, "col": 8})
    assert client.post(f"/api/game/{game_id}/click", json={"row": mine.row, "col": mine.col}).json()["state"] == "lost"
    answer = client.get(f"/api/game/{game_id}/review")
    assert answer.status_code == 200, answer.text
    doc = answer.json()
    assert doc["completed"] is False and doc["lost"] is True and doc["file"] == game_id
    last = doc["clicks"][-1]
    assert last["label"] == "fatal" and last["cell"] == list(mine)
    assert isinstance(last["best_guess"], bool) and last["avoidable"] is not last["best_guess"]
    assert doc["flags"][-1] == [[8, 8]]
    survival = Fraction(1)
    for click in doc["clicks"]:
        survival *= 1 - Fraction(click["probability"])
    assert Fraction(doc["summary"]["survival"]) == survival < 1


def test_an_unfinished_game_is_reviewed_and_a_game_without_a_click_refused(client) -> None:
    first = Cell(4, 4)
    _, safe = _mine_and_safe(6, first)
    game_id = client.post("/api/game", json={"level": "beginner", "seed": 6}).json()["id"]
    refused = client.get(f"/api/game/{game_id}/review")
    assert refused.status_code == 400 and "no click yet" in refused.json()["error"]
    for cell in (first, safe):
        client.post(f"/api/game/{game_id}/click", json={"row": cell.row, "col": cell.col})
    doc = client.get(f"/api/game/{game_id}/review").json()
    assert doc["completed"] is False and doc["lost"] is False
    assert [c["cell"] for c in doc["clicks"]][:2] == [list(first), list(safe)]
    assert doc["clicks"][0]["label"] == "deduction" and doc["summary"]["fatal"] == 0


def test_an_unknown_game_is_404(client) -> None:
    assert client.get("/api/game/nosuchgame/review").status_code == 404
