"""What every route of one application shares, and the one way a job's outcome becomes a response."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request
from fastapi.responses import Response

from cnfsweep.web.gameplay import AnyJob, Server
from cnfsweep.web.games import GameStore
from cnfsweep.web.jobs import Job, Verdict
from cnfsweep.web.models import BoardRequest
from cnfsweep.web.settings import Settings

__all__ = ["STATUS", "Context", "Responses", "context", "outcome_response"]

STATUS = {
    Verdict.ANSWER: 200,
    Verdict.UNKNOWN: 200,
    Verdict.BAD_INPUT: 400,
    Verdict.TOO_LARGE: 413,
    Verdict.FAILED: 503,
    Verdict.BUSY: 503,
    Verdict.NO_SUCH_GAME: 404,
    Verdict.UNAVAILABLE: 501,
}

#: The `responses=` of a route: its answers by status, each with its description.
Responses = dict[int | str, dict[str, Any]]


def outcome_response(body: bytes, verdict: Verdict) -> Response:
    """Answer a job's outcome: the status its verdict has, its JSON body as it is."""
    return Response(body, status_code=STATUS[verdict], media_type="application/json")


@dataclass
class Context:
    """One application's settings, game store and page files, and the server its jobs run against once it starts.

    ``server`` is set by the application's lifespan when the workers have started; no request is
    answered before that.
    """

    settings: Settings
    games: GameStore
    page: dict[str, bytes]
    server: Server | None = field(default=None)

    async def answer(self, job: AnyJob) -> Response:
        """Run ``job`` where its kind runs and answer its outcome: the one way a job becomes a response."""
        assert self.server is not None, "a request before the lifespan started the workers"
        outcome = await job.outcome(self.server)
        return outcome_response(outcome.body, outcome.verdict)

    def limit(self, asked: float | None) -> float:
        """The time limit a request gets: what it asked for, at most the server's."""
        return self.settings.time_limit if asked is None else min(asked, self.settings.time_limit)

    def job(self, task: str, request: BoardRequest, **extra: Any) -> Job:
        """The worker pool's job of ``task`` on the request's board, its clock started now."""
        return Job(
            task,
            request.board,
            request.mines,
            request.format,
            self.limit(request.time_limit),
            self.settings.max_cells,
            self.settings.backend,
            **extra,
            started=time.perf_counter(),  # the limit covers waiting for a worker too
        )


def context(request: Request) -> Context:
    """The :class:`Context` of the application answering ``request`` (a route's dependency)."""
    found: Context = request.app.state.context
    return found
