"""A time limit holds from a server's first request: every limited endpoint answers at its deadline.

Whatever a worker is doing (a cold one building a huge board's tables, which no
deadline covers), the server answers the API's time-out document at the deadline.
The first tests make a worker busy past the deadline by holding it on an event
the test sets, so what they check depends on no timing; the last starts a real
server for an endpoint a seed picks (for each under ``python -m benchmarks
sweeps``) and times its first request, as ``python -m benchmarks limits --fresh`` does.
"""

from __future__ import annotations

import base64
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sampling import sample

from benchmarks import limits as bench_limits

from cnfsweep.core.errors import TimeLimitExceeded
from cnfsweep.web import Settings
from cnfsweep.web import jobs as jobs_module
from cnfsweep.web import reviews as reviews_module
from cnfsweep.web.app import warm_up
from cnfsweep.web.jobs import TASKS, GenerateJob, Job, Verdict
from cnfsweep.web.reviews import ReviewJob

LIMIT = 0.3
TRACE = base64.b64encode(b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}').decode()


def first_game(client: TestClient) -> str:
    """Start a beginner game on ``client`` and click once: a game with something to review."""
    game = client.post("/api/game", json={"level": "beginner", "seed": 1}).json()
    client.post(f"/api/game/{game['id']}/click", json={"row": 4, "col": 4})
    return game["id"]


def post(path: str, body: dict[str, Any]) -> Callable[[TestClient], Any]:
    return lambda client: client.post(path, json=body)


BOARD = {"board": "1.\n..", "time_limit": LIMIT}
#: Each limited endpoint: where its work starts in a worker (held there), and how to ask it.
ENDPOINTS: dict[str, tuple[Any, str, Callable[[TestClient], Any]]] = {
    **{
        task: (jobs_module, "parse_board", post(f"/api/{task}", BOARD))
        for task in ("analyze", "check", "hint", "levels", "board")
    },
    "generate": (jobs_module, "generate_boards", post("/api/generate", {"level": "beginner", "time_limit": LIMIT})),
    "game": (jobs_module, "generate_boards", post("/api/game", {"level": "beginner", "no_guess": True})),
    "replay": (
        reviews_module,
        "review_game",
        post("/api/replay", {"name": "t.jsonl", "data": TRACE, "time_limit": LIMIT}),
    ),
    "review": (reviews_module, "review_game", lambda client: client.get(f"/api/game/{first_game(client)}/review")),
}


class Hold:
    """Stands in for a worker's first step: notes that it started, waits for ``gate``, then runs out of time."""

    def __init__(self) -> None:
        self.entered, self.gate, self.finished = threading.Event(), threading.Event(), threading.Event()

    def __call__(self, *_args: Any, **_kwargs: Any) -> Any:
        self.entered.set()
        self.gate.wait(30)
        self.finished.set()
        raise TimeLimitExceeded("held past the deadline")


@pytest.fixture
def hold() -> Iterator[Hold]:
    held = Hold()
    yield held
    held.gate.set()


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_each_limited_endpoint_answers_at_its_deadline_while_its_worker_is_still_busy(
    endpoint: str, make_client, monkeypatch: pytest.MonkeyPatch, hold: Hold
) -> None:
    module, name, ask = ENDPOINTS[endpoint]
    with make_client(time_limit=LIMIT) as client:
        monkeypatch.setattr(module, name, hold)  # after the workers' warm-up, which runs the real steps
        answer = ask(client)
        busy = hold.entered.is_set() and not hold.finished.is_set()
        hold.gate.set()
    assert busy  # the answer came while the worker was still at work
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    doc = answer.json()
    assert set(doc) == {"status", "reason", "time_limit"} and (doc["status"], doc["time_limit"]) == ("unknown", LIMIT)


def test_the_warm_up_answers_every_kind_of_job_a_worker_runs() -> None:
    # An error here would warm a worker up less than it seems to: each job must go all the way to its answer.
    jobs = warm_up(Settings(backend="pysat:glucose4"))
    assert {job.task for job in jobs if isinstance(job, Job)} == set(TASKS)
    assert {job.backend for job in jobs if isinstance(job, Job)} == {"pysat:glucose4"}
    assert any(isinstance(job, GenerateJob) for job in jobs) and any(isinstance(job, ReviewJob) for job in jobs)
    assert [job.run().verdict for job in jobs] == [Verdict.ANSWER] * len(jobs)


#: The endpoints whose first request ran over on a fresh server (a cold worker generating or reviewing its first
#: huge game); the rest are held at their deadline above. A real server takes half a minute for each, so the
#: suite starts one, for an endpoint the seed picks; `python -m benchmarks sweeps` starts one for each, and
#: `python -m benchmarks limits --fresh` times all nine.
FRESH = sample(["generate", "game", "replay", "review"], lambda e: ["a cold worker"], seed="fresh server", keep=0)


@pytest.mark.parametrize("endpoint", FRESH)
def test_the_first_request_of_each_limited_endpoint_on_a_fresh_server_keeps_its_limit(endpoint: str) -> None:
    # A real server, asked for the biggest work its limits allow: a 1000x999 position, a
    # 1000x1000 board with 150,000 mines to generate, a game of that size with 21 clicks to review.
    rows = bench_limits.measure_fresh(
        1.0, cap=120, endpoints=[endpoint], options=["--workers", "1", "--small-workers", "0"]
    )
    late = [row for row in rows if not (row["http"] == 200 and row["seconds"] <= row["limit"] + 1)]
    assert not late, late
    # The work was long enough for the limit to cut it.
    assert [row["status"] for row in rows] == ["unknown"]
