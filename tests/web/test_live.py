"""A live ``cnfsweep serve``: a bounded load with every answer checked, and health while a slow analysis runs."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
import urllib.request
from pathlib import Path

from benchmarks import load

from cnfsweep.core.board import Board
from cnfsweep.play.boards import true_board


def post(url: str, body: dict, timeout: float = 30) -> tuple[int, dict]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_a_small_load_gets_every_answer_right(live_url: str, tmp_path: Path) -> None:
    boards = load.midgame_expert(10, 1, tmp_path)
    report = asyncio.run(load.run_load(live_url, boards, requests=100, clients=10))
    assert report.ok, report.summary()
    assert report.answered == 100 and report.health_checks > 0


def slow_board(n: int = 700, seed: int = 1) -> str:
    """A true n x n layout (one mine in six) with every mine and half the other cells covered: seconds of work."""
    rng = random.Random(seed)
    mines = rng.sample([(r, c) for r in range(n) for c in range(n)], n * n // 6)
    shown = true_board(n, n, mines).grid
    grid = ["".join("." if ch == "*" or rng.random() < 0.5 else ch for ch in row) for row in shown]
    return Board.from_rows(grid, total_mines=len(mines)).to_text()


def test_health_answers_while_a_slow_analysis_runs(live_url: str) -> None:
    slow: dict[str, tuple[int, dict]] = {}
    body = {"board": slow_board(), "time_limit": 2}
    worker = threading.Thread(target=lambda: slow.update(answer=post(f"{live_url}/api/analyze", body)))
    worker.start()
    time.sleep(0.5)
    waits = []
    while worker.is_alive():
        t = time.perf_counter()
        with urllib.request.urlopen(f"{live_url}/api/health", timeout=5) as answer:
            assert answer.status == 200
        waits.append(time.perf_counter() - t)
        time.sleep(0.05)
    worker.join()
    assert len(waits) >= 5 and max(waits) < 1.0  # the analysis alone takes 2 s
    assert slow["answer"] == (200, {"status": "unknown", "reason": "time limit", "time_limit": 2})


def test_the_live_server_refuses_what_the_test_client_refuses(live_url: str) -> None:
    assert post(f"{live_url}/api/analyze", {"board": "9"}) == (
        400,
        {"error": "board:1:1: number 9 is above 8: expected 0-8, '.', '*', 'F' or a letter"},
    )
    status, _doc = post(f"{live_url}/api/analyze", {"board": "." * (1 << 20)})
    assert status == 413


def test_the_load_scripts_smoke_run_mixes_huge_requests_in_and_checks_every_answer(tmp_path: Path) -> None:
    # Correctness only: the script prints the timings, and --health-target checks them in a real run.
    out = tmp_path / "load.json"
    assert load.main(["--smoke", "--json", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert (doc["answered"], doc["wrong"], doc["lost"], doc["health_failures"]) == (40, 0, 0, 0)
    assert doc["huge"] == 3 and doc["huge_failures"] == 0
    assert {kind.split()[0] for kind in doc["huge_answers"]} == {"/api/analyze", "/api/generate", "/api/game"}
    assert doc["health_checks"] > 0 and doc["health_p50_ms"] is not None and doc["health_p99_ms"] is not None
