"""Every API route answers through one pattern: a job value, run where its kind runs, answered by ``answer``.

A spy server notes what each request ran: engine work in the worker pool, game
moves against the game store in the server's process. A new ``/api`` route
without an entry in ``REQUESTS`` fails the first test, so its author says what it runs.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute

from cnfsweep.web import app as app_module
from cnfsweep.web.routes import ROUTERS
from cnfsweep.web.jobs import JobOutcome
from cnfsweep.web.gameplay import Server

BOARD = {"board": "mines: 1\n1.\n..\n"}
#: A one-game trace (`cnfsweep play --trace`), base64, as a replay file is sent.
TRACE = {
    "name": "t.jsonl",
    "data": base64.b64encode(b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}').decode(),
}
#: A screenshot of the page's own (the corpus's smallest square board), sent as ``POST /api/read``'s raw body.
PICTURE = Path(__file__).resolve().parents[2] / "corpus" / "page" / "square-light-1.25x-0.png"
#: A request of each /api route (the game's id filled in), and what it runs: ("pool", job type) or ("store",).
#: A body of bytes is sent as it is, the others as JSON.
REQUESTS: dict[tuple[str, str], tuple[dict[str, Any] | bytes | None, list[tuple[str, ...]]]] = {
    ("POST", "/api/analyze"): (BOARD, [("pool", "Job")]),
    ("POST", "/api/check"): (BOARD, [("pool", "Job")]),
    ("POST", "/api/hint"): (BOARD, [("pool", "Job")]),
    ("POST", "/api/levels"): (BOARD, [("pool", "Job")]),
    ("POST", "/api/grade"): ({"board": "mines: 1\n1.\n..\nlayout:\n.*\n..\n"}, [("pool", "Job")]),
    ("POST", "/api/board"): (BOARD, [("pool", "Job")]),
    ("POST", "/api/read"): (PICTURE.read_bytes(), [("pool", "ReadJob")]),
    ("POST", "/api/generate"): ({"level": "beginner", "seed": 1}, [("pool", "GenerateJob")]),
    ("POST", "/api/puzzle"): (
        {"rules": ["1Q", "V"], "rows": 4, "cols": 4, "mines": 4, "seed": 1},
        [("pool", "PuzzleJob")],
    ),
    # A puzzle game is made in the pool, then kept in the store, which judges its moves.
    ("POST", "/api/puzzle/game"): (
        {"rules": ["1Q", "V"], "rows": 4, "cols": 4, "mines": 4, "seed": 1},
        [("pool", "PuzzleJob"), ("store",)],
    ),
    ("GET", "/api/puzzle/game/{game_id}"): (None, [("store",)]),
    ("POST", "/api/puzzle/game/{game_id}/flag"): ({"row": 0, "col": 1}, [("store",)]),
    ("POST", "/api/puzzle/game/{game_id}/click"): ({"row": 0, "col": 0}, [("store",)]),
    ("POST", "/api/game"): ({"level": "beginner", "seed": 1}, [("store",)]),
    ("GET", "/api/game/{game_id}"): (None, [("store",)]),
    ("POST", "/api/game/{game_id}/click"): ({"row": 0, "col": 0}, [("store",)]),
    ("POST", "/api/game/{game_id}/flag"): ({"row": 1, "col": 1}, [("store",)]),
    ("GET", "/api/game/{game_id}/record"): (None, [("store",)]),
    ("POST", "/api/replay"): (TRACE, [("pool", "ReviewJob")]),
    # The game's record is read from the store (in the server's threads), then reviewed in the pool; after the click above.
    ("GET", "/api/game/{game_id}/review"): (None, [("pool", "ReviewJob")]),
}
#: Answered on the event loop from the settings alone, whatever the workers do: not a job.
NOT_JOBS = {("GET", "/api/health")}


@pytest.fixture
def spied(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """Replace the server ``answer`` runs jobs against with one noting each run; return the notes."""
    seen: list[tuple[str, ...]] = []

    class Spy(Server):
        async def pool(self, job: Any) -> JobOutcome:
            seen.append(("pool", type(job).__name__))
            return await super().pool(job)

        async def store(self, move: Callable[..., dict[str, Any]]) -> JobOutcome:
            seen.append(("store",))
            return await super().store(move)

    monkeypatch.setattr(app_module, "Server", Spy)
    return seen


def test_every_api_route_runs_one_job_where_its_kind_runs(make_client, spied: list[tuple[str, ...]]) -> None:
    with make_client() as c:
        routes = {
            (method, route.path)
            for router in ROUTERS
            for route in router.routes
            if isinstance(route, APIRoute) and route.path.startswith("/api")
            for method in route.methods
        }
        assert routes - NOT_JOBS == set(REQUESTS)
        game_id = c.post("/api/game", json={"level": "beginner", "seed": 1}).json()["id"]
        puzzle = {"rules": ["1Q", "V"], "rows": 4, "cols": 4, "mines": 4, "seed": 1}
        puzzle_id = c.post("/api/puzzle/game", json=puzzle).json()["id"]
        for (method, path), (body, runs) in REQUESTS.items():
            spied.clear()
            url = path.replace("{game_id}", puzzle_id if path.startswith("/api/puzzle/game/") else game_id)
            if isinstance(body, bytes):
                answer = c.request(method, url, content=body, headers={"content-type": "image/png"})
            else:
                answer = c.request(method, url, json=body)
            assert answer.status_code == 200, (path, answer.text)
            assert answer.headers["content-type"] == "application/json"
            assert spied == runs, path


def test_a_no_guess_game_is_generated_in_the_pool_then_started_in_the_store(
    make_client, spied: list[tuple[str, ...]]
) -> None:
    with make_client() as c:
        answer = c.post("/api/game", json={"level": "beginner", "seed": 1, "no_guess": True})
    assert answer.status_code == 200 and answer.json()["clicks"] == 1
    assert spied == [("pool", "GenerateJob"), ("store",)]


def test_a_refused_move_is_an_error_document_with_its_status(make_client, spied: list[tuple[str, ...]]) -> None:
    with make_client(max_cells=50) as c:
        missing = c.post("/api/game/nosuchgame/click", json={"row": 0, "col": 0})
        large = c.post("/api/game", json={"level": "beginner"})
        game_id = c.post("/api/game", json={"rows": 3, "cols": 3, "mines": 1, "seed": 1}).json()["id"]
        off = c.post(f"/api/game/{game_id}/click", json={"row": 7, "col": 0})
    assert (missing.status_code, large.status_code, off.status_code) == (404, 413, 400)
    assert missing.json() == {"error": "no game with this id (finished games are kept only while there is room)"}
    assert large.json() == {"error": "level beginner: a 9x9 game has 81 cells, more than this server takes (50)"}
    assert off.json() == {"error": "row 7: outside the 3x3 board (rows 0 to 2)"}
    assert ("pool", "GenerateJob") not in spied and ("pool", "Job") not in spied
