"""The worker pool: jobs run off the event loop, in two lanes.

:class:`Workers` runs :mod:`~cnfsweep.web.jobs`' jobs in threads or processes.
The main lane takes any job; a few more workers (the small lane) take only
small ones (:func:`job_size`, read off the request before any parsing), so that
huge analyses or generations filling the main lane hold no small request up.
The event loop only waits: ``/api/health`` is answered whatever the workers do.

A job's time limit holds from the request, whatever its worker is doing: the
event loop waits for the worker's answer until the job's deadline (and
:data:`GRACE` for the answer to arrive), then answers what the job answers past
its limit (``job.expired()``) itself. A worker still busy then (a cold one still
building a huge board's tables, which no deadline covers) finishes the job, its
answer dropped, and is free again when it ends, as for a client that went away.
Every worker warms up when it starts, before it takes a job: it runs the jobs
``warm_up`` lists (imports, an engine per task, a tiny board analysed, generated
and reviewed), and :meth:`Workers.warm` waits until every worker has.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from cnfsweep.web.jobs import JobOutcome, Verdict
from cnfsweep.web.settings import SMALL_BOARD, Pool

__all__ = ["GRACE", "PoolJob", "Workers", "job_size"]

#: Seconds past a job's deadline the event loop still waits for its worker's answer, which may be on its way from
#: another process, before it answers that the time is up itself.
GRACE = 0.25
#: Seconds a new worker may take to start and warm up before the server gives up starting.
STARTUP = 300.0


class PoolJob(Protocol):
    """What the pool runs: plain data (it may cross to a worker process) that answers itself there."""

    @property
    def size(self) -> int:
        """How large the job is, read off the request before any parsing (which lane may take it)."""
        ...

    @property
    def time_limit(self) -> float:
        """Seconds the job may take, from ``started``."""
        ...

    @property
    def started(self) -> float | None:
        """``time.perf_counter()`` when the request came; ``None``: the limit runs from when the pool is asked."""
        ...

    def run(self) -> JobOutcome:
        """Do the work and encode the answer; called in a worker."""
        ...

    def expired(self) -> JobOutcome:
        """What the job answers past its time limit; the pool answers it for a worker still busy then."""
        ...


def _run(job: PoolJob) -> JobOutcome:
    # A module-level function: what a worker process is sent, with the job.
    return job.run()


# What a worker keeps from its start: the lane's barrier (each worker is a thread, or a process's one thread of jobs).
_worker = threading.local()


def _start_worker(warm_up: Sequence[PoolJob], barrier: Any) -> None:
    # Run by every worker before it takes a job, a replacement for a crashed one too: the imports, the engines and
    # the first board of each kind are done here, not in the first request's time.
    for job in warm_up:
        job.run()
    _worker.barrier = barrier


def _ready() -> None:
    # Held until every worker of the lane holds one: so each worker has started (and warmed up) once all have answered.
    _worker.barrier.wait(STARTUP)


def job_size(job: PoolJob) -> int:
    """Return how large a job is, without reading its board: its text's length, or the cells of a board to make.

    Every board format writes each cell as at least one character, so a text of
    ``n`` characters holds at most ``n`` cells.

    Examples
    --------
    >>> from cnfsweep.play import Level
    >>> from cnfsweep.web.jobs import GenerateJob, Job
    >>> job_size(Job("analyze", "1.\\n..")), job_size(GenerateJob(Level(16, 30, 99), seed=1))
    (5, 480)
    """
    return job.size


class _Lane:
    """One pool of workers and how many of them are free."""

    def __init__(self, pool: Pool, size: int, name: str, warm_up: Sequence[PoolJob] = ()) -> None:
        self.pool, self.size, self.name, self.warm_up = pool, size, name, tuple(warm_up)
        self.free = size
        self.executor = self._start() if size else None

    def _start(self) -> Executor:
        if self.pool is Pool.THREAD:
            return ThreadPoolExecutor(
                self.size,
                thread_name_prefix=f"cnfsweep-{self.name}",
                initializer=_start_worker,
                initargs=(self.warm_up, threading.Barrier(self.size)),
            )
        # spawn, not fork: the server has threads running, which a forked child would inherit half-way.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            self.size,
            mp_context=context,
            initializer=_start_worker,
            initargs=(self.warm_up, context.Barrier(self.size)),
        )

    def ready(self) -> list[Future[None]]:
        """Start every worker of the lane; each future is done once its worker has warmed up and all have started."""
        if self.executor is None:
            return []
        return [self.executor.submit(_ready) for _ in range(self.size)]

    def restart(self, broken: Executor) -> None:
        # Every job of a broken pool fails at once: only the first to see it starts a new one.
        if self.executor is broken:
            broken.shutdown(wait=False, cancel_futures=True)
            self.executor = self._start()

    def close(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)


class Workers:
    """Two pools of threads or processes that run jobs off the event loop: the main lane and the small lane.

    A job waits for a free worker of a lane it may use, oldest first: any job may use the main
    lane; only a small one (:func:`job_size` at most ``small_board``) the small lane. So however
    many huge jobs fill the main lane, a small job waits only for other small jobs.

    Parameters
    ----------
    pool : Pool
        Threads share the server's process (and its interpreter lock);
        processes run analyses on other cores, at the cost of sending each
        job and its answer between processes.
    size : int
        Threads or processes of the main lane.
    max_queue : int
        Jobs running or waiting at most, in both lanes; one more is refused at once (``Verdict.BUSY``)
        instead of waiting behind them.
    small_workers : int
        Threads or processes of the small lane; 0 for none.
    small_board : int
        The largest job the small lane takes (:func:`job_size`).
    warm_up : sequence of PoolJob
        Jobs every worker runs when it starts, before it takes any other: the first of each kind pays for imports
        and engines that no request's time limit should.
    """

    def __init__(
        self,
        pool: Pool,
        size: int,
        max_queue: int = 1024,
        small_workers: int = 0,
        small_board: int = SMALL_BOARD,
        warm_up: Sequence[PoolJob] = (),
    ) -> None:
        self.pool, self.size, self.max_queue = pool, size, max_queue
        self.small_board = small_board
        self.pending = 0
        self._main = _Lane(pool, size, "job", warm_up)
        self._small = _Lane(pool, small_workers, "small", warm_up)
        # Jobs waiting for a worker, oldest first: whether each is small, and the future a lane is handed to it by.
        self._waiting: deque[tuple[bool, asyncio.Future[_Lane]]] = deque()

    def warm(self) -> None:
        """Start every worker of both lanes and wait until each has warmed up, so the first request finds none cold.

        Raises
        ------
        threading.BrokenBarrierError
            If some worker did not start within :data:`STARTUP` seconds.
        """
        for future in [*self._main.ready(), *self._small.ready()]:
            future.result()

    async def run(self, job: PoolJob, task: Callable[[Any], JobOutcome] = _run) -> JobOutcome:
        """Run ``task(job)`` in a lane (``job.run()`` by default) and return its outcome, or ``job.expired()`` at its deadline.

        The deadline is ``job.time_limit`` after ``job.started`` (after now when that is ``None``), waiting for a
        worker included; a crashed worker process is replaced for the next job.
        """
        if self.pending >= self.max_queue:
            return JobOutcome.error(Verdict.BUSY, f"the server is busy ({self.pending} analyses under way); try again")
        self.pending += 1
        try:
            started = time.perf_counter() if job.started is None else job.started
            try:
                return await asyncio.wait_for(
                    self._run(job, task), started + job.time_limit + GRACE - time.perf_counter()
                )
            except asyncio.TimeoutError:
                # The worker (if the job had one) goes on until the job sees its deadline, then frees itself.
                return job.expired()
        finally:
            self.pending -= 1

    async def _run(self, job: PoolJob, task: Callable[[Any], JobOutcome]) -> JobOutcome:
        lane = await self._acquire(job_size(job) <= self.small_board)
        executor = lane.executor
        assert executor is not None
        try:
            future = executor.submit(task, job)
        except BaseException:
            self._release(lane)
            raise
        loop = asyncio.get_running_loop()
        # The worker is free again when the job ends, whether or not anyone still waits for it.
        future.add_done_callback(lambda _done: _call_soon(loop, self._release, lane))
        try:
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            lane.restart(executor)
            return JobOutcome.error(Verdict.FAILED, "a worker process stopped; try again")

    async def _acquire(self, small: bool) -> _Lane:
        if small and self._small.free:
            self._small.free -= 1
            return self._small
        if self._main.free:
            self._main.free -= 1
            return self._main
        handed: asyncio.Future[_Lane] = asyncio.get_running_loop().create_future()
        entry = (small, handed)
        self._waiting.append(entry)
        try:
            return await handed
        except asyncio.CancelledError:
            if handed.done() and not handed.cancelled():
                self._release(handed.result())  # handed a worker just as the client went away: pass it on
            else:
                with contextlib.suppress(ValueError):
                    self._waiting.remove(entry)
            raise

    def _release(self, lane: _Lane) -> None:
        # Hand the worker to the oldest job that may use it, or mark it free.
        for entry in self._waiting:
            small, handed = entry
            if handed.done():
                continue
            if lane is self._main or small:
                self._waiting.remove(entry)
                handed.set_result(lane)
                return
        lane.free += 1

    def close(self) -> None:
        """Stop the workers, dropping jobs not yet started."""
        self._main.close()
        self._small.close()


def _call_soon(loop: asyncio.AbstractEventLoop, callback: Callable[..., Any], *args: Any) -> None:
    # From a worker's thread; a loop already closed (the server stopping) has nothing left to hand the worker to.
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(callback, *args)
