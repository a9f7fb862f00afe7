"""The HTTP side: the application, its limits and its one-line errors; the routes are in :mod:`cnfsweep.web.routes`.

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
a few lines like ``hint`` in :mod:`cnfsweep.web.routes.analyses`, and its name in ``FEATURES``
(:mod:`cnfsweep.web.routes.health`) so the page shows its control.
"""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.version import __version__
from cnfsweep.play import Level
from cnfsweep.web.gameplay import Server, failure
from cnfsweep.web.games import GameStore
from cnfsweep.web.jobs import TASKS, GenerateJob, Job
from cnfsweep.web.models import exact_bounds
from cnfsweep.web.reviews import ReviewJob
from cnfsweep.web.routes import ROUTERS
from cnfsweep.web.routes.context import Context, outcome_response
from cnfsweep.web.routes.health import FEATURES
from cnfsweep.web.routes.page import read_page
from cnfsweep.web.settings import Settings
from cnfsweep.web.workers import PoolJob, Workers

__all__ = ["FEATURES", "create_app", "warm_up"]


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
    """Refuse a request body over ``limit`` bytes with 413, whether or not it says its length up front.

    A path of ``paths`` has a limit of its own and its own message (``/api/read``'s names a picture and
    ``--max-picture``).
    """

    def __init__(self, app: ASGIApp, limit: int, paths: dict[str, tuple[int, str]] | None = None) -> None:
        self.app, self.default, self.paths = app, limit, paths or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit, message = self.paths.get(
            scope["path"], (self.default, f"the request body is over this server's limit of {self.default} bytes")
        )
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and not length.isdigit():
            await _error(400, "bad Content-Length")(scope, receive, send)
            return
        if length is not None and int(length) > limit:
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
            if received > limit:
                raise HTTPException(413, message)
            return got

        await self.app(scope, limited, send)


#: A game a worker reviews when it starts (a trace line: a 1x3 board, one mine, one click).
WARM_UP_TRACE = b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}'


#: The warm-up's board for ``grade``, which needs a board that carries its layout (and plays a step of it).
WARM_UP_GRADED = "mines: 1\nfirst-click: 0,0\n...\nlayout:\n.*.\n"


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
        *(Job(task, WARM_UP_GRADED if task == "grade" else "1.\n..", backend=settings.backend) for task in TASKS),
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
    ctx = Context(settings, GameStore(settings.max_games, settings.max_cells, settings.time_limit), read_page())

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
        ctx.server = Server(workers, ctx.games, settings.time_limit, settings.max_cells)
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
    app.state.context = ctx  # what every route asks for (cnfsweep.web.routes.context.context)
    app.add_middleware(
        _BodyLimit,
        limit=settings.max_body,
        paths={
            "/api/read": (
                settings.max_picture,
                f"the picture is over this server's limit of {settings.max_picture} bytes (cnfsweep serve --max-picture)",
            )
        },
    )
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
        return outcome_response(outcome.body, outcome.verdict)

    @app.exception_handler(Exception)
    async def failed(_request: Request, exc: Exception) -> JSONResponse:
        return _error(500, f"internal error: {type(exc).__name__}")

    for router in ROUTERS:  # in the order of the paths in /openapi.json
        app.include_router(router)
    return app
