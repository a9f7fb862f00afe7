"""Analyses as jobs: plain data in, one JSON answer out, run in a worker pool.

A :class:`Job` says what a client asked for (the board text, the total, the
time limit); :func:`run` reads the board, asks the engine and returns an
:class:`Outcome`: what kind of answer it is and the JSON document, already
encoded, so a worker process hands back bytes and the server's event loop
does no JSON work of its own. Nothing here knows about HTTP: the app maps
each :class:`Verdict` to a status code.

Each worker thread or process keeps one :class:`~cnfsweep.engine.Engine` per
backend, so components solved for one request are not solved again for the next.

A new kind of job is a function ``(engine, board, job) -> dict`` added to
:data:`TASKS`, as ``hint`` was.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from enum import Enum
from typing import Any

from cnfsweep.core.board import Board
from cnfsweep.core.topology import square_only
from cnfsweep.core.errors import CnfsweepError, TimeLimitExceeded
from cnfsweep.engine import Engine, check, unknown_document
from cnfsweep.explanation import Explainer
from cnfsweep.generation import generate_boards
from cnfsweep.play import Level
from cnfsweep.formats import parse_board
from cnfsweep.web.settings import Pool

__all__ = ["TASKS", "GenerateJob", "Job", "Outcome", "Verdict", "Workers", "board_too_large", "run", "run_generate"]

#: The name a request's board text goes by in error messages (``board:3:5: ...``).
SOURCE = "board"


class Verdict(Enum):
    """What kind of answer a job gave."""

    ANSWER = "answer"  # the engine answered (an inconsistent position is an answer too)
    UNKNOWN = "unknown"  # no answer within the time limit
    BAD_INPUT = "bad_input"  # the board or an option is at fault
    TOO_LARGE = "too_large"  # the board has more cells than the server takes
    FAILED = "failed"  # the worker pool could not run it
    BUSY = "busy"  # too many jobs waiting already


@dataclass(frozen=True)
class Outcome:
    """A job's verdict and its JSON document, encoded as UTF-8."""

    verdict: Verdict
    body: bytes

    @classmethod
    def of(cls, verdict: Verdict, document: dict[str, Any]) -> Outcome:
        """Encode ``document`` as the body of an outcome."""
        return cls(verdict, json.dumps(document).encode())

    @classmethod
    def error(cls, verdict: Verdict, message: str) -> Outcome:
        """An outcome whose document is ``{"error": message}``."""
        return cls.of(verdict, {"error": message})


@dataclass(frozen=True)
class Job:
    """One request for the engine, as plain data that can cross to a worker process.

    Attributes
    ----------
    task : str
        A key of :data:`TASKS`: ``"analyze"``, ``"check"``, ``"hint"``, ``"levels"`` or ``"board"``.
    board : str
        Board text in any format :func:`~cnfsweep.formats.parse_board` reads.
    mines : int or None
        Total mines, flags included; overrides the text's ``mines:`` header.
    format : str
        A board format name, or ``"auto"`` to detect it.
    time_limit : float
        Seconds the engine may take.
    max_cells : int
        Largest board accepted.
    backend : str or None
        Solver backend spec.
    minimise : bool
        For ``check``: shrink a conflict until every number in it is needed.
    every, smallest : bool
        For ``hint``: every certain cell with its reason; reasons of minimum size.
    max_level : int
        For ``levels``: the highest level of sets of numbers to try.
    steps : bool
        For ``levels``: keep every round of propagation.
    """

    task: str
    board: str
    mines: int | None = None
    format: str = "auto"
    time_limit: float = 10.0
    max_cells: int = 1_000_000
    backend: str | None = None
    minimise: bool = True
    every: bool = False
    smallest: bool = False
    max_level: int = 3
    steps: bool = False


def _analyze(engine: Engine, board: Board, job: Job) -> dict[str, Any]:
    return engine.analyze(board, time_limit=job.time_limit).to_dict()


def _check(engine: Engine, board: Board, job: Job) -> dict[str, Any]:
    return check(board, backend=engine.backend, minimise=job.minimise, time_limit=job.time_limit).to_dict()


def _hint(engine: Engine, board: Board, job: Job) -> dict[str, Any]:
    # The analysis under the time limit first; the hint then finds it in the engine's cache. (Finding
    # reasons takes no deadline yet: on a position the analysis settled in time it is quick.)
    engine.analyze(board, time_limit=job.time_limit)
    explainers = _local.__dict__.setdefault("explainers", {})
    if id(engine) not in explainers:
        explainers[id(engine)] = Explainer(engine)
    return explainers[id(engine)].hint(board, every=job.every, smallest=job.smallest).to_dict()


def _levels(engine: Engine, board: Board, job: Job) -> dict[str, Any]:
    return engine.levels(board, job.max_level, job.steps, time_limit=job.time_limit).to_dict()


def _board(_engine: Engine, board: Board, _job: Job) -> dict[str, Any]:
    return {"rows": board.rows, "cols": board.cols, "grid": list(board.grid), "total_mines": board.total_mines,
            "text": board.to_text()}


#: What each task does: the same library calls, and so the same documents, as ``cnfsweep solve --json``,
#: ``cnfsweep check --json``, ``cnfsweep hint --json`` and ``cnfsweep levels --json``; ``board`` only reads the
#: text, for the page's editor.
TASKS: dict[str, Callable[[Engine, Board, Job], dict[str, Any]]] = {
    "analyze": _analyze, "check": _check, "hint": _hint, "levels": _levels, "board": _board,
}

_local = threading.local()


def _engine(backend: str | None) -> Engine:
    # One engine per thread (a process has one thread doing jobs): its cache is not shared across threads.
    engines = _local.__dict__.setdefault("engines", {})
    if backend not in engines:
        engines[backend] = Engine.create(backend)
    return engines[backend]


def board_too_large(board: Board, max_cells: int) -> str | None:
    """Say why ``board`` is over the cell limit, or return ``None`` when it is within it.

    Examples
    --------
    >>> board_too_large(Board.from_rows(["...", "..."]), 4)
    'the board has 2x3 = 6 cells, more than this server takes (4)'
    >>> board_too_large(Board.from_rows(["..."]), 4) is None
    True
    """
    cells = board.rows * board.cols
    if cells <= max_cells:
        return None
    return f"the board has {board.rows}x{board.cols} = {cells} cells, more than this server takes ({max_cells})"


def run(job: Job) -> Outcome:
    """Read the job's board, run its task with the engine, and encode the answer.

    Bad input comes back as ``{"error": message}``, the message ``cnfsweep solve``
    prints after ``error:``; a time limit reached, as ``cnfsweep solve --json`` says it.

    Examples
    --------
    >>> run(Job("analyze", "1.")).verdict
    <Verdict.ANSWER: 'answer'>
    >>> print(json.loads(run(Job("check", "1.\\n9.")).body)["error"])
    board:2:1: number 9 is above 8: expected 0-8, '.', '*', 'F' or a letter
    """
    try:
        board = parse_board(job.board, format=job.format, source=SOURCE, total_mines=job.mines)
        # The page draws square cells, and its answers do not say the topology.
        square_only(board.topology, "the server")
        if (why := board_too_large(board, job.max_cells)) is not None:
            return Outcome.error(Verdict.TOO_LARGE, why)
        document = TASKS[job.task](_engine(job.backend), board, job)
    except TimeLimitExceeded:
        return Outcome.of(Verdict.UNKNOWN, unknown_document(job.time_limit))
    except CnfsweepError as exc:
        return Outcome.error(Verdict.BAD_INPUT, str(exc))
    return Outcome.of(Verdict.ANSWER, document)


@dataclass(frozen=True)
class GenerateJob:
    """A no-guess board asked for, as ``cnfsweep generate`` takes it: board 0 of the run seeded ``seed``."""

    level: Level
    seed: int
    first_click: tuple[int, int] | None = None
    method: str = "fast"
    logic: str = "full"
    time_limit: float = 10.0
    max_cells: int = 1_000_000


def run_generate(job: GenerateJob) -> Outcome:
    """Generate the board and answer as ``cnfsweep generate --json`` does, with its native text added as ``board``.

    Examples
    --------
    >>> doc = json.loads(run_generate(GenerateJob(Level(9, 9, 10), seed=1)).body)
    >>> doc["rows"], doc["cols"], len(doc["mine_cells"]), doc["board"].splitlines()[0]
    (9, 9, 10, 'mines: 10')
    """
    if job.level.cells > job.max_cells:
        return Outcome.error(
            Verdict.TOO_LARGE,
            f"a {job.level.rows}x{job.level.cols} board has {job.level.cells} cells, more than this server takes ({job.max_cells})",
        )
    if not hasattr(_local, "game_engine"):
        _local.game_engine = Engine.for_games()  # as cnfsweep generate replays its boards
    engine = _local.game_engine
    try:
        made = next(generate_boards(job.level, 1, seed=job.seed, first_click=job.first_click, method=job.method,
                                    logic=job.logic, time_limit=job.time_limit, engine=engine))
    except TimeLimitExceeded as exc:
        return Outcome.of(Verdict.UNKNOWN, {"status": "unknown", "reason": str(exc), "time_limit": job.time_limit})
    except CnfsweepError as exc:
        return Outcome.error(Verdict.BAD_INPUT, str(exc))
    return Outcome.of(Verdict.ANSWER, {**made.to_dict(), "board": made.board().to_text()})


def _warm() -> int:
    # Import and set up the engine before the first request arrives.
    run(Job("analyze", "1.\n.."))
    return os.getpid()


class Workers:
    """A pool of threads or processes that run jobs off the event loop.

    Parameters
    ----------
    pool : Pool
        Threads share the server's process (and its interpreter lock);
        processes run analyses on other cores, at the cost of sending each
        job and its answer between processes.
    size : int
        Threads or processes.
    max_queue : int
        Jobs running or waiting at most; one more is refused at once (``Verdict.BUSY``)
        instead of waiting behind them.
    """

    def __init__(self, pool: Pool, size: int, max_queue: int = 1024) -> None:
        self.pool, self.size, self.max_queue = pool, size, max_queue
        self.pending = 0
        self._executor = self._start()

    def _start(self) -> Executor:
        if self.pool is Pool.THREAD:
            return ThreadPoolExecutor(self.size, thread_name_prefix="cnfsweep-job")
        # spawn, not fork: the server has threads running, which a forked child would inherit half-way.
        return ProcessPoolExecutor(self.size, mp_context=multiprocessing.get_context("spawn"))

    def warm(self) -> None:
        """Start every worker and have it analyse a tiny board, so the first request is not slow."""
        futures = [self._executor.submit(_warm) for _ in range(self.size)]
        for future in futures:
            future.result()

    async def run(self, job: Any, task: Callable[[Any], Outcome] = run) -> Outcome:
        """Run ``task(job)`` in the pool (:func:`run` by default); a crashed worker process is replaced for the next job."""
        if self.pending >= self.max_queue:
            return Outcome.error(Verdict.BUSY, f"the server is busy ({self.pending} analyses under way); try again")
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, task, job)
        except BrokenProcessPool:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._start()
            return Outcome.error(Verdict.FAILED, "a worker process stopped; try again")
        finally:
            self.pending -= 1

    def close(self) -> None:
        """Stop the workers, dropping jobs not yet started."""
        self._executor.shutdown(wait=True, cancel_futures=True)
