"""The worker pool's two lanes, its deadlines and warm-up, and generation in it: no-guess games and ``/api/generate`` alike.

Jobs here are stand-ins that wait on events the test sets, so what runs
where and what waits is decided by the scheduler alone, never by timing.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from typing import Any

import pytest
from clocks import fake_clock
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cnfsweep.core.errors import CnfsweepError
from cnfsweep.play import Level
from cnfsweep.web import Pool, Settings
from cnfsweep.web import jobs as jobs_module
from cnfsweep.web.jobs import GenerateJob, Job, JobOutcome, Verdict
from cnfsweep.web.reviews import ReviewJob
from cnfsweep.web.workers import Workers, job_size

SMALL, HUGE = Job("analyze", "1."), Job("analyze", "." * 5000)


def lane_of() -> str:
    return threading.current_thread().name.rsplit("_", 1)[0]


def held(gate: threading.Event, ran: list[str]) -> Callable[[Any], JobOutcome]:
    """A task that notes the lane it runs in, then waits for ``gate``."""

    def task(_job: Any) -> JobOutcome:
        ran.append(lane_of())
        gate.wait(30)
        return JobOutcome.of(Verdict.ANSWER, {"lane": lane_of()})

    return task


def quick(_job: Any) -> JobOutcome:
    return JobOutcome.of(Verdict.ANSWER, {"lane": lane_of()})


async def settle() -> None:
    """Let the event loop and the worker threads run a while."""
    for _ in range(20):
        await asyncio.sleep(0.01)


async def until(condition: Callable[[], bool]) -> None:
    """Wait until ``condition()`` holds (at most 30 s, then fail)."""
    for _ in range(3000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the workers never got there")


def test_job_size_is_read_off_the_request() -> None:
    assert job_size(SMALL) == 2 and job_size(HUGE) == 5000
    assert job_size(GenerateJob(Level(1000, 1000, 150_000), seed=1)) == 1_000_000


@pytest.mark.parametrize("small_workers", [0, 1])
def test_huge_jobs_filling_the_main_lane_hold_no_small_one_up(small_workers: int) -> None:
    workers = Workers(Pool.THREAD, 2, small_workers=small_workers, small_board=4096)
    gate, ran = threading.Event(), []

    async def scenario() -> tuple[bool, list[str]]:
        huge = [asyncio.ensure_future(workers.run(HUGE, held(gate, ran))) for _ in range(3)]  # 2 run, 1 waits
        await until(lambda: len(ran) == 2)
        small = asyncio.ensure_future(workers.run(SMALL, quick))
        if small_workers:
            await until(small.done)  # answered while the huge jobs still hold every main worker
        else:
            await settle()
        answered = small.done()
        gate.set()
        await asyncio.gather(small, *huge)
        return answered, ran

    try:
        answered, ran = asyncio.run(scenario())
    finally:
        gate.set()
        workers.close()
    assert answered == bool(small_workers)  # without a small lane the small job waits behind the huge ones
    assert ran and set(ran) == {"cnfsweep-job"}  # huge jobs never take the small lane


def test_a_small_job_uses_a_free_main_worker_too() -> None:
    workers = Workers(Pool.THREAD, 1, small_workers=1)
    gate, ran = threading.Event(), []

    async def scenario() -> None:
        first = asyncio.ensure_future(workers.run(SMALL, held(gate, ran)))
        second = asyncio.ensure_future(workers.run(SMALL, held(gate, ran)))
        await until(lambda: len(ran) == 2)
        assert sorted(ran) == ["cnfsweep-job", "cnfsweep-small"]  # both run at once, one in each lane
        gate.set()
        await asyncio.gather(first, second)

    try:
        asyncio.run(scenario())
    finally:
        gate.set()
        workers.close()


def test_a_job_given_up_while_waiting_leaves_its_place() -> None:
    workers = Workers(Pool.THREAD, 1, small_workers=0)
    gate, ran = threading.Event(), []

    async def scenario() -> JobOutcome:
        running = asyncio.ensure_future(workers.run(HUGE, held(gate, ran)))
        await until(lambda: len(ran) == 1)
        waiting = asyncio.ensure_future(workers.run(HUGE, held(gate, ran)))
        await settle()
        waiting.cancel()  # its client went away
        await asyncio.sleep(0)
        gate.set()
        await running
        return await asyncio.wait_for(workers.run(SMALL, quick), 30)  # the worker is free again, and only once

    try:
        outcome = asyncio.run(scenario())
    finally:
        gate.set()
        workers.close()
    assert outcome.verdict is Verdict.ANSWER and len(ran) == 1
    assert workers.pending == 0 and workers._main.free == 1


@settings(max_examples=30, deadline=None)
@given(
    sizes=st.lists(st.sampled_from([SMALL, HUGE]), min_size=1, max_size=12),
    main=st.integers(1, 3),
    small=st.integers(0, 2),
)
def test_no_lane_runs_more_jobs_than_it_has_workers_and_every_job_is_answered(
    sizes: list[Job], main: int, small: int
) -> None:
    workers = Workers(Pool.THREAD, main, small_workers=small)
    lock, running, most, where = threading.Lock(), {"cnfsweep-job": 0, "cnfsweep-small": 0}, {}, []

    def task(job: Job) -> JobOutcome:
        lane = lane_of()
        with lock:
            running[lane] += 1
            most[lane] = max(most.get(lane, 0), running[lane])
            where.append((job_size(job) > 4096, lane))
        threading.Event().wait(0.002)
        with lock:
            running[lane] -= 1
        return JobOutcome.of(Verdict.ANSWER, {})

    async def scenario() -> list[JobOutcome]:
        return await asyncio.gather(*(workers.run(job, task) for job in sizes))

    try:
        outcomes = asyncio.run(scenario())
    finally:
        workers.close()
    assert all(o.verdict is Verdict.ANSWER for o in outcomes)
    assert most.get("cnfsweep-job", 0) <= main and most.get("cnfsweep-small", 0) <= small
    assert not any(huge and lane == "cnfsweep-small" for huge, lane in where)
    assert workers.pending == 0 and workers._main.free == main and workers._small.free == small


# -- deadlines and warm-up ---------------------------------------------------------------

#: Every kind of job the pool runs, each with a short limit: the tests wait for it to pass, never measure it.
LIMITED = {
    "analysis": Job("analyze", "1.", time_limit=0.2),
    "generation": GenerateJob(Level(9, 9, 10), seed=1, time_limit=0.2),
    "review": ReviewJob("t.jsonl", "", time_limit=0.2),
}


def is_time_out(outcome: JobOutcome, limit: float) -> bool:
    """Whether ``outcome`` is the API's answer past a time limit: 200's ``status: unknown`` with its reason and limit."""
    doc = json.loads(outcome.body)
    return (
        outcome.verdict is Verdict.UNKNOWN
        and set(doc) == {"status", "reason", "time_limit"}
        and (doc["status"], doc["time_limit"]) == ("unknown", limit)
    )


@pytest.mark.parametrize("job", LIMITED.values(), ids=LIMITED.keys())
def test_the_pool_answers_at_the_deadline_while_the_worker_is_still_busy(job: Any) -> None:
    workers = Workers(Pool.THREAD, 1)
    gate, ran = threading.Event(), []

    async def scenario() -> tuple[JobOutcome, bool, JobOutcome]:
        outcome = await asyncio.wait_for(workers.run(job, held(gate, ran)), 30)
        busy = not gate.is_set() and workers._main.free == 0  # the worker is still in the job
        gate.set()
        await until(lambda: workers._main.free == 1)  # free again once the job ends, its answer dropped
        return outcome, busy, await asyncio.wait_for(workers.run(SMALL, quick), 30)

    try:
        outcome, busy, after = asyncio.run(scenario())
    finally:
        gate.set()
        workers.close()
    assert busy and ran == ["cnfsweep-job"]
    assert outcome == job.expired() and is_time_out(outcome, 0.2)
    assert after.verdict is Verdict.ANSWER and workers.pending == 0 and workers._main.free == 1


def test_a_job_still_waiting_for_a_worker_at_its_deadline_is_answered_and_never_runs() -> None:
    workers = Workers(Pool.THREAD, 1)
    gate, ran = threading.Event(), []
    late = Job("analyze", "1.", time_limit=0.1)

    async def scenario() -> tuple[JobOutcome, int]:
        running = asyncio.ensure_future(workers.run(HUGE, held(gate, ran)))
        await until(lambda: len(ran) == 1)
        outcome = await asyncio.wait_for(workers.run(late, held(gate, ran)), 30)
        waiting = len(workers._waiting)
        gate.set()
        await running
        return outcome, waiting

    try:
        outcome, waiting = asyncio.run(scenario())
    finally:
        gate.set()
        workers.close()
    assert is_time_out(outcome, 0.1) and len(ran) == 1 and waiting == 0
    assert workers.pending == 0 and workers._main.free == 1


class Noted:
    """A job that notes which worker ran it."""

    size, time_limit, started = 1, 10.0, None

    def __init__(self, where: list[str]) -> None:
        self.where = where

    def run(self) -> JobOutcome:
        self.where.append(threading.current_thread().name)
        return JobOutcome.of(Verdict.ANSWER, {})

    def expired(self) -> JobOutcome:
        return JobOutcome.of(Verdict.UNKNOWN, {})


def test_every_worker_of_both_lanes_warms_up_before_the_pool_is_ready_and_only_then() -> None:
    where: list[str] = []
    workers = Workers(Pool.THREAD, 2, small_workers=1, warm_up=[Noted(where), Noted(where)])
    try:
        workers.warm()
        warmed = sorted(where)
        asyncio.run(workers.run(SMALL, quick))
        asyncio.run(workers.run(HUGE, quick))
    finally:
        workers.close()
    assert warmed == ["cnfsweep-job_0"] * 2 + ["cnfsweep-job_1"] * 2 + ["cnfsweep-small_0"] * 2
    assert len(where) == 6  # a worker warms up once, when it starts


# -- generation in the pool ------------------------------------------------------------


def test_a_no_guess_game_is_generated_in_the_worker_pool(make_client, monkeypatch: pytest.MonkeyPatch) -> None:
    threads = []
    real = jobs_module.generate_boards

    def noted(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread().name)
        return real(*args, **kwargs)

    with make_client() as c:
        monkeypatch.setattr(jobs_module, "generate_boards", noted)  # after every worker's warm-up, which generates too
        answer = c.post("/api/game", json={"level": "beginner", "seed": 3, "no_guess": True})
    assert answer.status_code == 200 and answer.json()["clicks"] == 1
    assert len(threads) == 1 and threads[0].startswith("cnfsweep-")  # a worker of the pool, not a server thread


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.integers(4, 1000), cols=st.integers(4, 1000), density=st.floats(0.0, 0.3), seed=st.integers(0, 2**32))
def test_a_generation_past_its_time_limit_has_one_answer_on_both_endpoints(
    client, monkeypatch: pytest.MonkeyPatch, rows: int, cols: int, density: float, seed: int
) -> None:
    mines = int(rows * cols * density)
    body = {"rows": rows, "cols": cols, "mines": mines, "seed": seed}
    with monkeypatch.context() as patch, fake_clock(patch, tick=3600.0):  # every deadline is past as soon as set
        game = client.post("/api/game", json={**body, "no_guess": True})
        generated = client.post("/api/generate", json=body)
    assert (game.status_code, generated.status_code) == (200, 200)
    assert game.json() == generated.json()
    assert game.json()["status"] == "unknown" and game.json()["time_limit"] == 10.0
    assert set(game.json()) == {"status", "reason", "time_limit"}


def test_the_lanes_are_settings_the_health_check_shows(make_client) -> None:
    with pytest.raises(CnfsweepError, match="small_workers must be at least 0, got -1"):
        Settings(small_workers=-1)
    with pytest.raises(CnfsweepError, match="small_board must be at least 1, got 0"):
        Settings(small_board=0)
    with make_client(small_workers=2, small_board=100) as c:
        doc = c.get("/api/health").json()
    assert (doc["workers"], doc["small_workers"], doc["small_board"]) == (2, 2, 100)
