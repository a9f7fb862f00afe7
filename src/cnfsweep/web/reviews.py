"""Reviews as jobs: a replay file sent to the server, or a game the server holds, reviewed in the worker pool.

``POST /api/replay`` sends a replay file (its name and its bytes in base64): a
:class:`ReviewJob` reads and reviews it in a worker.  ``GET /api/game/{id}/review``
takes the game's record from the :class:`~cnfsweep.web.games.GameStore` (in the
server's process, where the games live: :class:`ReviewGame`) and reviews it in a
worker the same way.  Either answers the review document ``cnfsweep replay --json``
prints, with ``positions`` (each position's native board text, flags covered),
``flags`` (the player's flags at each) and ``final`` (the board after the last click).
"""

from __future__ import annotations

import base64
import binascii
import time
from dataclasses import dataclass

from starlette.concurrency import run_in_threadpool

from cnfsweep.core.errors import CnfsweepError, TimeLimitExceeded, deadline_after, time_left
from cnfsweep.formats.game_records import RecordedGame
from cnfsweep.replay import review, review_game
from cnfsweep.web.jobs import JobOutcome, PoolAccess, Verdict, timed_out
from cnfsweep.web.moves import Server, failure

__all__ = ["ReviewGame", "ReviewJob", "run_review"]


@dataclass(frozen=True)
class ReviewJob:
    """A review to run in the worker pool: a replay file (``name`` and base64 ``data``) or a game record.

    Examples
    --------
    >>> import json
    >>> trace = b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}'
    >>> outcome = ReviewJob("t.jsonl", base64.b64encode(trace).decode()).run()
    >>> outcome.verdict, json.loads(outcome.body)["clicks"][0]["label"]
    (<Verdict.ANSWER: 'answer'>, 'forced_guess')
    >>> json.loads(ReviewJob("t.avf", "!!").run().body)["error"]
    't.avf: data: not base64'
    """

    name: str
    data: str = ""
    record: RecordedGame | None = None
    time_limit: float = 10.0
    max_cells: int = 1_000_000
    started: float | None = None

    @property
    def size(self) -> int:
        """How large the job is: the length of the file's text, or the cells of the game."""
        return len(self.data) if self.record is None else self.record.rows * self.record.cols

    def run(self) -> JobOutcome:
        """Answer the job here and now (a worker does): :func:`run_review`."""
        return run_review(self)

    def expired(self) -> JobOutcome:
        """What the job answers past its time limit: :func:`~cnfsweep.web.jobs.timed_out`'s document."""
        return JobOutcome.of(Verdict.UNKNOWN, timed_out(self.time_limit, "time limit"))

    async def outcome(self, server: PoolAccess) -> JobOutcome:
        """Run in the worker pool."""
        return await server.pool(self)


def run_review(job: ReviewJob) -> JobOutcome:
    """Read and review the job's file or record; bad input answers ``{"error": message}``, the CLI's line."""
    deadline = deadline_after(job.time_limit, job.started if job.started is not None else time.perf_counter())
    try:
        if job.record is not None:
            done = review_game(job.record, positions=True, time_limit=time_left(deadline))
        else:
            try:
                data = base64.b64decode(job.data, validate=True)
            except (binascii.Error, ValueError):
                return JobOutcome.error(Verdict.BAD_INPUT, f"{job.name}: data: not base64")
            done = review(data, name=job.name, positions=True, time_limit=time_left(deadline))
        if done.rows * done.cols > job.max_cells:
            return JobOutcome.error(Verdict.TOO_LARGE, f"{job.name}: a {done.rows}x{done.cols} game has "
                                    f"{done.rows * done.cols} cells, more than this server takes ({job.max_cells})")
        return JobOutcome.of(Verdict.ANSWER, done.to_dict())
    except TimeLimitExceeded:
        return job.expired()
    except CnfsweepError as exc:
        return JobOutcome.error(Verdict.BAD_INPUT, str(exc))


@dataclass(frozen=True)
class ReviewGame:
    """Review a game the server holds (``GET /api/game/{id}/review``): its record from the store, the review in the pool."""

    game_id: str
    time_limit: float = 10.0
    max_cells: int = 1_000_000
    started: float | None = None

    async def outcome(self, server: Server) -> JobOutcome:
        """Read the game's record in the server's threads, then review it in the worker pool."""
        try:
            record = await run_in_threadpool(server.games.record, self.game_id)
        except CnfsweepError as exc:
            return failure(exc)
        return await server.pool(ReviewJob(self.game_id, record=record, time_limit=self.time_limit,
                                           max_cells=self.max_cells, started=self.started))
