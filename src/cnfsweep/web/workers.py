"""The worker pool: jobs run off the event loop, in two lanes.

:class:`Workers` runs :mod:`~cnfsweep.web.jobs`' jobs in threads or processes.
The main lane takes any job; a few more workers (the small lane) take only
small ones (:func:`job_size`, read off the request before any parsing), so that
huge analyses or generations filling the main lane hold no small request up.
The event loop only waits: ``/api/health`` is answered whatever the workers do.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from cnfsweep.web.jobs import Job, JobOutcome, Verdict, run
from cnfsweep.web.settings import SMALL_BOARD, Pool

__all__ = ["PoolJob", "Workers", "job_size"]


class PoolJob(Protocol):
    """What the pool runs: plain data (it may cross to a worker process) that answers itself there."""

    @property
    def size(self) -> int:
        """How large the job is, read off the request before any parsing (which lane may take it)."""
        ...

    def run(self) -> JobOutcome:
        """Do the work and encode the answer; called in a worker."""
        ...


def _run(job: PoolJob) -> JobOutcome:
    # A module-level function: what a worker process is sent, with the job.
    return job.run()


def _warm() -> int:
    # Import and set up the engine before the first request arrives.
    run(Job("analyze", "1.\n.."))
    return os.getpid()


def job_size(job: PoolJob) -> int:
    """Return how large a job is, without reading its board: its text's length, or the cells of a board to make.

    Every board format writes each cell as at least one character, so a text of
    ``n`` characters holds at most ``n`` cells.

    Examples
    --------
    >>> from cnfsweep.play import Level
    >>> from cnfsweep.web.jobs import GenerateJob
    >>> job_size(Job("analyze", "1.\\n..")), job_size(GenerateJob(Level(16, 30, 99), seed=1))
    (5, 480)
    """
    return job.size


class _Lane:
    """One pool of workers and how many of them are free."""

    def __init__(self, pool: Pool, size: int, name: str) -> None:
        self.pool, self.size, self.name = pool, size, name
        self.free = size
        self.executor = self._start() if size else None

    def _start(self) -> Executor:
        if self.pool is Pool.THREAD:
            return ThreadPoolExecutor(self.size, thread_name_prefix=f"cnfsweep-{self.name}")
        # spawn, not fork: the server has threads running, which a forked child would inherit half-way.
        return ProcessPoolExecutor(self.size, mp_context=multiprocessing.get_context("spawn"))

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
    """

    def __init__(
        self, pool: Pool, size: int, max_queue: int = 1024, small_workers: int = 0, small_board: int = SMALL_BOARD
    ) -> None:
        self.pool, self.size, self.max_queue = pool, size, max_queue
        self.small_board = small_board
        self.pending = 0
        self._main = _Lane(pool, size, "job")
        self._small = _Lane(pool, small_workers, "small")
        # Jobs waiting for a worker, oldest first: whether each is small, and the future a lane is handed to it by.
        self._waiting: deque[tuple[bool, asyncio.Future[_Lane]]] = deque()

    def warm(self) -> None:
        """Start every worker and have it analyse a tiny board, so the first request is not slow."""
        futures = [lane.executor.submit(_warm) for lane in (self._main, self._small) for _ in range(lane.size)
                   if lane.executor is not None]
        for future in futures:
            future.result()

    async def run(self, job: PoolJob, task: Callable[[Any], JobOutcome] = _run) -> JobOutcome:
        """Run ``task(job)`` in a lane (``job.run()`` by default); a crashed worker process is replaced for the next job."""
        if self.pending >= self.max_queue:
            return JobOutcome.error(Verdict.BUSY, f"the server is busy ({self.pending} analyses under way); try again")
        self.pending += 1
        try:
            lane = await self._acquire(job_size(job) <= self.small_board)
            executor = lane.executor
            assert executor is not None
            try:
                future = executor.submit(task, job)
            except BaseException:
                self._release(lane)
                raise
            loop = asyncio.get_running_loop()
            # The worker is free again when the job ends, whether or not its client still waits for it.
            future.add_done_callback(lambda _done: _call_soon(loop, self._release, lane))
            try:
                return await asyncio.wrap_future(future)
            except BrokenProcessPool:
                lane.restart(executor)
                return JobOutcome.error(Verdict.FAILED, "a worker process stopped; try again")
        finally:
            self.pending -= 1

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
