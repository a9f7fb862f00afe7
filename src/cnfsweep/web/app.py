"""The HTTP side: each route turns its request into one job and answers what the job gives back.

Every route but ``/api/health`` is the same two steps: build a job value from the
request (:class:`~cnfsweep.web.jobs.Job`, :class:`~cnfsweep.web.jobs.GenerateJob`,
or a game move of :mod:`~cnfsweep.web.gameplay`) and ``return await answer(job)``.
The job knows where it runs: analyses, checks, hints, levels and generations (no-guess
games' boards too) in the worker pool (:class:`~cnfsweep.web.workers.Workers`), never on the
event loop or in the server's threads, so a slow one does not hold up the page or
``/api/health`` (small ones have workers of their own, which huge ones never take); game moves
against the :class:`~cnfsweep.web.games.GameStore` in the server's threads. ``answer`` turns
every job's :class:`~cnfsweep.web.jobs.JobOutcome` into a response the same way: the status
its verdict has (:data:`STATUS`) and its JSON body. Every answer is JSON: an analysis or check
document (the same as ``cnfsweep solve --json`` and ``cnfsweep check --json``), a game document,
or ``{"error": message}`` with a 4xx status, the message being the one line
``cnfsweep solve`` prints after ``error:``.

A new analysis of a board is a :data:`~cnfsweep.web.jobs.TASKS` entry, a route of
a few lines like ``hint`` below, and its name in ``FEATURES`` so the page shows its control.
"""

from __future__ import annotations

import base64
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.version import __version__
from cnfsweep.play import LEVELS, Level
from cnfsweep.web.games import GameStore, NewGame
from cnfsweep.web.jobs import TASKS, GenerateJob, Job, Verdict
from cnfsweep.web.gameplay import AnyJob, failure, GameTrace, OpenCell, Server, ShowGame, StartGame, ToggleFlag
from cnfsweep.web.models import (
    BoardRequest,
    CellRequest,
    CheckRequest,
    GameId,
    GameRequest,
    GenerateRequest,
    HintRequest,
    LevelsRequest,
    ReplayRequest,
    answers,
    exact_bounds,
)
from cnfsweep.web.reviews import ReviewGame, ReviewJob
from cnfsweep.web.settings import Settings
from cnfsweep.web.workers import PoolJob, Workers

__all__ = ["FEATURES", "create_app", "warm_up"]

#: What this server offers beyond analysis; the page shows a control only for what is listed.
FEATURES = ("analyze", "check", "hint", "levels", "game", "generate", "replay")

STATUS = {
    Verdict.ANSWER: 200,
    Verdict.UNKNOWN: 200,
    Verdict.BAD_INPUT: 400,
    Verdict.TOO_LARGE: 413,
    Verdict.FAILED: 503,
    Verdict.BUSY: 503,
    Verdict.NO_SUCH_GAME: 404,
}

#: The page and the API docs: files shipped in the package, served from memory by name (no client path reaches the disk).
#: The page's scripts are ES modules, one file for each part of it (static/core.js lists them).
STATIC = {
    "index.html": "text/html; charset=utf-8",
    "docs.html": "text/html; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    **{
        f"{name}.js": "text/javascript; charset=utf-8"
        for name in ("app", "core", "board", "overlay", "play", "stats", "edit", "hint", "review")
    },
}


#: The `responses=` of a route: its answers by status, each with its description.
Responses = dict[int | str, dict[str, Any]]


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _validation_message(exc: RequestValidationError) -> str:
    """Say in one line what was wrong with a request body: each field and what it should be."""
    parts = []
    for error in exc.errors():
        if error.get("type") == "json_invalid":
            parts.append(f"the request body is not JSON: {error.get('ctx', {}).get('error', 'cannot be read')}")
            continue
        where = ".".join(str(x) for x in error.get("loc", ())[1:]) or "body"
        message = error.get("msg", "invalid")
        if error.get("type") == "value_error":  # a model's own rule: its message says it all
            message = message.removeprefix("Value error, ")
        parts.append(f"{where}: {message}")
    return "; ".join(parts) or "invalid request"


def _is_json(content_type: str | None) -> bool:
    """Whether a Content-Type is one FastAPI reads as JSON: ``application/json`` or ``application/...+json``."""
    media = (content_type or "").split(";", 1)[0].strip().lower()
    kind, _, subtype = media.partition("/")
    return kind == "application" and (subtype == "json" or subtype.endswith("+json"))


class _Head:
    """Answer ``HEAD`` as ``GET`` without the body: FastAPI's routes, unlike Starlette's, take only the methods named."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headless(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headless)


#: A body over the limit but at most this long is read to the end before the 413, so the client gets to read it.
DRAIN = 64 << 20


class _BodyLimit:
    """Refuse a request body over ``limit`` bytes with 413, whether or not it says its length up front."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        message = f"the request body is over this server's limit of {self.limit} bytes"
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and not length.isdigit():
            await _error(400, "bad Content-Length")(scope, receive, send)
            return
        if length is not None and int(length) > self.limit:
            if int(length) <= DRAIN:
                # Read the body and drop it: a client still sending would otherwise see a broken pipe, not the 413.
                while (await receive()).get("more_body", False):
                    pass
            await _error(413, message)(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            got = await receive()
            received += len(got.get("body", b""))
            if received > self.limit:
                raise HTTPException(413, message)
            return got

        await self.app(scope, limited, send)


#: A game a worker reviews when it starts (a trace line: a 1x3 board, one mine, one click).
WARM_UP_TRACE = b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}'


def warm_up(settings: Settings) -> tuple[PoolJob, ...]:
    """Return the jobs every worker runs once when it starts: a tiny board through every task, generated and reviewed.

    So the imports, each task's engine (``settings.backend``'s) and the first board of each kind cost no request
    any of its time limit.

    Examples
    --------
    >>> [type(job).__name__ for job in warm_up(Settings())][-3:]
    ['Job', 'GenerateJob', 'ReviewJob']
    """
    return (
        *(Job(task, "1.\n..", backend=settings.backend) for task in TASKS),
        GenerateJob(Level(9, 9, 10), seed=1),
        ReviewJob("warm-up.jsonl", base64.b64encode(WARM_UP_TRACE).decode()),
    )


def create_app(settings: Settings | None = None, on_ready: Callable[[], Any] | None = None) -> FastAPI:
    """Build the server's application.

    Parameters
    ----------
    settings : Settings or None
        Limits and the worker pool; the defaults when ``None``.
    on_ready : callable or None
        Called once the workers have started (``cnfsweep serve --open`` opens the page then).

    Notes
    -----
    Worker processes are started with ``spawn``, which imports the main module again in each:
    a script that serves the app itself with ``Pool.PROCESS`` needs the
    ``if __name__ == "__main__":`` guard.
    """
    settings = settings or Settings()
    games = GameStore(settings.max_games, settings.max_cells, settings.time_limit)
    page = {name: resources.files("cnfsweep.web").joinpath("static").joinpath(name).read_bytes() for name in STATIC}
    state: dict[str, Server] = {}  # where jobs run, once the workers have started

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        workers = Workers(
            settings.pool,
            settings.workers,
            settings.max_queue,
            settings.small_workers,
            settings.small_board,
            warm_up(settings),
        )
        state["server"] = Server(workers, games, settings.time_limit, settings.max_cells)
        workers.warm()
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            workers.close()

    app = FastAPI(
        title="cnfsweep",
        version=__version__,
        description="Exact Minesweeper inference: safe cells, mines and exact probabilities of a position.",
        lifespan=lifespan,
        # FastAPI's own docs pages load their scripts from a CDN; /docs is a page of ours that works offline.
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(_BodyLimit, limit=settings.max_body)
    app.add_middleware(_Head)
    default_openapi = app.openapi  # built once, then kept in app.openapi_schema
    app.openapi = lambda: app.openapi_schema or exact_bounds(default_openapi())  # type: ignore[method-assign]

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # Without a JSON Content-Type the body is not even read as JSON: say that, not what the bytes fail to be.
        content_type = request.headers.get("content-type")
        if not _is_json(content_type) and any(error.get("loc", ())[:1] == ("body",) for error in exc.errors()):
            given = f"Content-Type {content_type[:60]!r}" if content_type else "no Content-Type"
            return _error(415, f"send the body as JSON with Content-Type: application/json (this request has {given})")
        return _error(422, _validation_message(exc))

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        allow = {method.strip() for method in headers.get("Allow", "").split(",") if method.strip()}
        if "GET" in allow:  # _Head answers HEAD wherever GET is answered
            headers["Allow"] = ", ".join(sorted(allow | {"HEAD"}))
        response = _error(exc.status_code, str(exc.detail))
        response.headers.update(headers)
        return response

    @app.exception_handler(CnfsweepError)
    async def bad_input(_request: Request, exc: CnfsweepError) -> Response:
        # A request that cannot even be made into a job (a size whose mines do not fit), answered as a job refused.
        outcome = failure(exc)
        return Response(outcome.body, status_code=STATUS[outcome.verdict], media_type="application/json")

    @app.exception_handler(Exception)
    async def failed(_request: Request, exc: Exception) -> JSONResponse:
        return _error(500, f"internal error: {type(exc).__name__}")

    async def answer(job: AnyJob) -> Response:
        # The one way a job's outcome becomes an answer: the status its verdict has, its JSON body as it is.
        outcome = await job.outcome(state["server"])
        return Response(outcome.body, status_code=STATUS[outcome.verdict], media_type="application/json")

    def limit(asked: float | None) -> float:
        return settings.time_limit if asked is None else min(asked, settings.time_limit)

    def job(task: str, request: BoardRequest, **extra: Any) -> Job:
        return Job(
            task,
            request.board,
            request.mines,
            request.format,
            limit(request.time_limit),
            settings.max_cells,
            settings.backend,
            **extra,
            started=time.perf_counter(),  # the limit covers waiting for a worker too
        )

    documents: Responses = {
        200: {"description": 'The document `cnfsweep solve --json` prints, or `{"status": "unknown"}`.'}
    }
    # Any body can be unreadable, too large, not sent as JSON or not the model; a job in the worker pool can find it busy.
    errors = answers(400, 413, 415, 422, 503)
    moves = answers(400, 404, 413, 415, 422)
    # Past its time limit a job answers 200 and `status: unknown`, whatever it is: an analysis, a check, a generation.
    past = 'or `{"status": "unknown", "reason": "time limit", "time_limit": ...}` past the time limit'
    timeout = 'or `{"status": "unknown", "reason": ..., "time_limit": ...}` when no no-guess board turned up in time'
    generated: Responses = {
        200: {"description": f"What `cnfsweep generate --json` prints, and `board`: its native text; {timeout}."}
    }
    # What the game routes said they answer when they returned the document as a dict: kept, so the schema is the same.
    game: dict[str, Any] = {"response_model": dict[str, Any]}

    @app.post("/api/analyze", responses={**documents, **errors})
    async def analyze(request: BoardRequest) -> Response:
        """Safe cells, mines, exact probabilities, best guess and number of layouts of a position."""
        return await answer(job("analyze", request))

    @app.post(
        "/api/hint", responses={200: {"description": f"The document `cnfsweep hint --json` prints, {past}."}, **errors}
    )
    async def hint(request: HintRequest) -> Response:
        """The next certain move and a minimal set of numbers that force it, or the best guess."""
        return await answer(job("hint", request, every=request.every, smallest=request.smallest))

    @app.post(
        "/api/levels",
        responses={200: {"description": f"The document `cnfsweep levels --json` prints, {past}."}, **errors},
    )
    async def levels(request: LevelsRequest) -> Response:
        """Which level of propagation (GAC (one number), 2-RC (pairs), 3-RC (triples) ..., all the numbers, the total) decides each covered cell."""
        return await answer(job("levels", request, max_level=request.max_level, steps=request.steps))

    @app.post("/api/generate", responses={**generated, **errors})
    async def generate(request: GenerateRequest) -> Response:
        """A board that exact inference solves from its first click without a guess."""
        level = NewGame(request.level, request.rows, request.cols, request.mines, topology=request.topology).resolve()
        seed = random.SystemRandom().getrandbits(32) if request.seed is None else request.seed
        return await answer(
            GenerateJob(
                level,
                seed,
                request.start,
                request.method,
                request.logic,
                limit(request.time_limit),
                settings.max_cells,
                started=time.perf_counter(),  # the limit covers waiting for a worker too
            )
        )

    @app.post("/api/board", responses={200: {"description": "The board in the native format."}, **errors})
    async def board(request: BoardRequest) -> Response:
        """Read board text in any format into the native one: `rows`, `cols`, `grid`, `total_mines`, `text`."""
        return await answer(job("board", request))

    @app.post(
        "/api/check",
        responses={200: {"description": f"The document `cnfsweep check --json` prints, {past}."}, **errors},
    )
    async def check(request: CheckRequest) -> Response:
        """Whether a position is consistent: a witness layout, or a minimal set of numbers in conflict."""
        return await answer(job("check", request, minimise=request.minimise))

    @app.get("/api/health", responses={200: {"description": "The server's version, features and limits."}})
    async def health() -> dict[str, Any]:
        """Answered on the event loop, whatever the workers are doing: the version, features and limits."""
        return {
            "status": "ok",
            "version": __version__,
            "features": list(FEATURES),
            "levels": {name: {"rows": lv.rows, "cols": lv.cols, "mines": lv.mines} for name, lv in LEVELS.items()},
            "limits": {
                "max_body": settings.max_body,
                "max_cells": settings.max_cells,
                "time_limit": settings.time_limit,
            },
            "pool": settings.pool.value,
            "workers": settings.workers,
            "small_workers": settings.small_workers,
            "small_board": settings.small_board,
        }

    @app.post("/api/game", responses={200: {"description": f"The new game's document; {timeout}."}, **errors})
    async def new_game(request: GameRequest) -> Response:
        """Start a game; the answer's `id` names it in the moves that follow."""
        return await answer(StartGame(NewGame(**request.model_dump(exclude={"start"})), started=time.perf_counter()))

    @app.get(
        "/api/game/{game_id}", responses={200: {"description": "The game's document."}, **answers(404, 422)}, **game
    )
    async def get_game(game_id: GameId) -> Response:
        """What the player of a game sees now."""
        return await answer(ShowGame(game_id))

    @app.post(
        "/api/game/{game_id}/click",
        responses={200: {"description": "The game's document after the click."}, **moves},
        **game,
    )
    async def click(game_id: GameId, request: CellRequest) -> Response:
        """Open a cell (a 0 opens its neighbours too); on a revealed number with as many flags around it, open its other neighbours (a chord)."""
        return await answer(OpenCell(game_id, request.row, request.col))

    @app.post(
        "/api/game/{game_id}/flag",
        responses={200: {"description": "The game's document after the flag."}, **moves},
        **game,
    )
    async def flag(game_id: GameId, request: CellRequest) -> Response:
        """Flag a covered cell, or take a flag off."""
        return await answer(ToggleFlag(game_id, request.row, request.col))

    @app.get(
        "/api/game/{game_id}/record",
        responses={200: {"description": "The game's trace line."}, **answers(400, 404, 422)},
        **game,
    )
    async def game_record(game_id: GameId) -> Response:
        """The game so far as one `cnfsweep play --trace` line (JSON): a record file `cnfsweep replay` reads (chords written as the opens they chose)."""
        return await answer(GameTrace(game_id))

    reviewed: Responses = {
        200: {
            "description": "The document `cnfsweep replay --json` prints, with `positions`, `flags` and `final`; "
            f"{past}."
        }
    }

    @app.post("/api/replay", responses={**reviewed, **errors})
    async def replay(request: ReplayRequest) -> Response:
        """Review a replay file: every click's exact mine probability and label, survival, luck and speed counters."""
        return await answer(
            ReviewJob(
                request.name,
                request.data,
                game=request.game,
                time_limit=limit(request.time_limit),
                max_cells=settings.max_cells,
                started=time.perf_counter(),
            )
        )

    @app.get("/api/game/{game_id}/review", responses={**reviewed, **answers(400, 404, 422, 503)})
    async def review_game(game_id: GameId) -> Response:
        """Review a game played here (won, lost or unfinished), as `POST /api/replay` reviews a file."""
        return await answer(ReviewGame(game_id, settings.time_limit, settings.max_cells, started=time.perf_counter()))

    def static(name: str) -> Callable[[], Awaitable[Response]]:
        async def serve() -> Response:
            return Response(page[name], media_type=STATIC[name], headers={"Cache-Control": "no-cache"})

        return serve

    app.get("/", include_in_schema=False)(static("index.html"))
    app.get("/docs", include_in_schema=False)(static("docs.html"))
    for name in STATIC:
        app.get(f"/static/{name}", include_in_schema=False)(static(name))
    return app
