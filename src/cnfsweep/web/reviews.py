"""Reviews as jobs: a replay file sent to the server, or a game the server holds, reviewed in the worker pool.

``POST /api/replay`` sends a replay file (its name and its bytes in base64): a
:class:`ReviewJob` reads and reviews it in a worker.  ``GET /api/game/{id}/review``
takes the game's record from the :class:`~cnfsweep.web.games.GameStore` (in the
server's process, where the games live: :class:`ReviewGame`) and reviews it in a
worker the same way.  Either answers the review document ``cnfsweep replay --json``
prints, with ``positions`` (each position's native board text, flags covered),
``flags`` (the player's flags at each) and ``final`` (the board after the last click),
``topology`` (the grid the game was played on, which a client draws) and, for a file,
``game`` and ``games`` (which game of the file this is, from 1, and how many it holds:
a trace may hold many).
"""

from __future__ import annotations

import base64
import binascii
import time
from dataclasses import dataclass

from starlette.concurrency import run_in_threadpool

from cnfsweep.core.deadline import deadline_after, time_left
from cnfsweep.core.errors import CnfsweepError, TimeLimitExceeded
from cnfsweep.formats.game_records import RecordedGame, detect_reader
from cnfsweep.replay import review_game
from cnfsweep.play.level import format_size
from cnfsweep.web.jobs import JobOutcome, PoolAccess, Verdict, timed_out
from cnfsweep.web.gameplay import failure, Server

__all__ = ["ReviewGame", "ReviewJob", "run_review"]


@dataclass(frozen=True)
class ReviewJob:
    """A review to run in the worker pool: a replay file (``name`` and base64 ``data``) or a game record.

    Examples
    --------
    >>> import json
    >>> trace = b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}'
    >>> outcome = ReviewJob("t.jsonl", base64.b64encode(trace).decode()).run()
    >>> doc = json.loads(outcome.body)
    >>> outcome.verdict, doc["topology"], doc["game"], doc["games"], doc["clicks"][0]["label"]
    (<Verdict.ANSWER: 'answer'>, 'square', 1, 1, 'best_guess')
    >>> json.loads(ReviewJob("t.jsonl", base64.b64encode(trace).decode(), game=2).run().body)["error"]
    't.jsonl: game 2: the file holds 1 game'
    >>> json.loads(ReviewJob("t.avf", "!!").run().body)["error"]
    't.avf: data: not base64'
    """

    name: str
    data: str = ""
    record: RecordedGame | None = None
    game: int = 1  # which game of the file, from 1
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
        which: dict[str, int] = {}
        if job.record is not None:
            record = job.record
        else:
            try:
                data = base64.b64decode(job.data, validate=True)
            except (binascii.Error, ValueError):
                return JobOutcome.error(Verdict.BAD_INPUT, f"{job.name}: data: not base64")
            games = detect_reader(data, job.name, job.name).read(data, job.name)
            if not games:
                return JobOutcome.error(Verdict.BAD_INPUT, f"{job.name}: no game in it")
            if job.game > len(games):
                held = "1 game" if len(games) == 1 else f"{len(games)} games"
                return JobOutcome.error(Verdict.BAD_INPUT, f"{job.name}: game {job.game}: the file holds {held}")
            record, which = games[job.game - 1], {"game": job.game, "games": len(games)}
        if record.rows * record.cols > job.max_cells:
            return JobOutcome.error(
                Verdict.TOO_LARGE,
                f"{job.name}: a {format_size(record.rows, record.cols)} game has "
                f"{record.rows * record.cols} cells, more than this server takes ({job.max_cells})",
            )
        done = review_game(record, positions=True, time_limit=time_left(deadline))
        return JobOutcome.of(Verdict.ANSWER, {**done.to_dict(), "topology": record.topology.name, **which})
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
        return await server.pool(
            ReviewJob(
                self.game_id, record=record, time_limit=self.time_limit, max_cells=self.max_cells, started=self.started
            )
        )
