"""The HTTP side: routes that turn requests into jobs and game moves, and answers back into HTTP.

Every answer is JSON: an analysis or check document (the same as ``cnfsweep
solve --json`` and ``cnfsweep check --json``), a game document, or
``{"error": message}`` with a 4xx status, the message being the one line
``cnfsweep solve`` prints after ``error:``. Analyses and checks run in the
worker pool (:class:`~cnfsweep.web.jobs.Workers`), never on the event loop,
so a slow one does not hold up the page or ``/api/health``.

A new endpoint for a new kind of job is a :data:`~cnfsweep.web.jobs.TASKS`
entry, a route of a few lines like ``hint`` below, and its name in
``FEATURES`` so the page shows its control.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any, Literal

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.version import __version__
from cnfsweep.formats import FORMATS
from cnfsweep.play import LEVELS
from cnfsweep.web.games import GameStore, GameTooLarge, NewGame, UnknownGame
from cnfsweep.web.jobs import GenerateJob, Job, Outcome, Verdict, Workers, run_generate
from cnfsweep.web.settings import Settings

__all__ = ["FEATURES", "create_app"]

#: What this server offers beyond analysis; the page shows a control only for what is listed.
FEATURES = ("analyze", "check", "hint", "game", "generate")

STATUS = {
    Verdict.ANSWER: 200, Verdict.UNKNOWN: 200, Verdict.BAD_INPUT: 400, Verdict.TOO_LARGE: 413, Verdict.FAILED: 503,
    Verdict.BUSY: 503,
}

#: The page and the API docs: files shipped in the package, served from memory by name (no client path reaches the disk).
STATIC = {
    "index.html": "text/html; charset=utf-8",
    "docs.html": "text/html; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
}

Format = Literal[FORMATS]  # type: ignore[valid-type]


class BoardRequest(BaseModel):
    """A position to analyse: board text in any format ``cnfsweep solve`` reads, and optionally the total."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"board": "mines: 2\n1..\n...\n", "mines": 2}]})

    board: str = Field(description="Board text: native, jsm, minesweepr or msboard (detected unless `format` says).")
    mines: int | None = Field(None, ge=0, description="Total mines, flags included; overrides the text's `mines:`.")
    format: Format = Field("auto", description="Board format; `auto` detects it.")  # type: ignore[valid-type]
    time_limit: float | None = Field(
        None, gt=0, description="Seconds allowed (at most the server's `--time-limit`); past them `status: unknown`."
    )


class CheckRequest(BoardRequest):
    """A position to check for consistency."""

    minimise: bool = Field(True, description="Shrink a conflict until every number in it is needed.")


class HintRequest(BoardRequest):
    """A position to find the next move of, with its reason."""

    every: bool = Field(False, description="Every certain cell with its reason, easiest first.")
    smallest: bool = Field(False, description="Reasons of minimum size, not only ones where every number is needed.")


class GameRequest(BaseModel):
    """A new game: a level by name, or rows, cols and mines."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"level": "expert", "seed": 7}]})

    level: Literal[tuple(LEVELS)] | None = None  # type: ignore[valid-type]
    rows: int | None = Field(None, ge=1)
    cols: int | None = Field(None, ge=1)
    mines: int | None = Field(None, ge=0)
    first_click: Literal["safe", "opening", "any"] = "safe"
    seed: int | None = Field(None, ge=0, lt=2**63, description="Layout seed, as `cnfsweep play --seed` takes it.")
    no_guess: bool = Field(
        False, description="A board exact inference solves without a guess (as `cnfsweep generate` makes), its opening made."
    )


class GenerateRequest(BaseModel):
    """A no-guess board: a level by name, or rows, cols and mines; the options of `cnfsweep generate`."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"level": "expert", "seed": 7}]})

    level: Literal[tuple(LEVELS)] | None = None  # type: ignore[valid-type]
    rows: int | None = Field(None, ge=1)
    cols: int | None = Field(None, ge=1)
    mines: int | None = Field(None, ge=0)
    seed: int | None = Field(None, ge=0, lt=2**63, description="Run seed, as `cnfsweep generate --seed`; the board is its first.")
    first_click: tuple[int, int] | None = Field(None, description="[row, col] of the opening; the centre by default.")
    method: Literal["fast", "uniform"] = "fast"
    logic: Literal["full", "local"] = "full"
    time_limit: float | None = Field(None, gt=0, description="Seconds allowed (at most the server's `--time-limit`).")


class CellRequest(BaseModel):
    """One cell of a game: row and column from 0 at the top-left."""

    model_config = ConfigDict(extra="forbid")

    row: int
    col: int


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
        parts.append(f"{where}: {error.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request"


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
    page = {name: resources.files("cnfsweep.web").joinpath("static", name).read_bytes() for name in STATIC}
    state: dict[str, Workers] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        workers = state["workers"] = Workers(settings.pool, settings.workers, settings.max_queue)
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

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(422, _validation_message(exc))

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(CnfsweepError)
    async def bad_input(_request: Request, exc: CnfsweepError) -> JSONResponse:
        status = 404 if isinstance(exc, UnknownGame) else 413 if isinstance(exc, GameTooLarge) else 400
        return _error(status, str(exc))

    @app.exception_handler(Exception)
    async def failed(_request: Request, exc: Exception) -> JSONResponse:
        return _error(500, f"internal error: {type(exc).__name__}")

    async def answer(job: Job) -> Response:
        outcome: Outcome = await state["workers"].run(job)
        return Response(outcome.body, status_code=STATUS[outcome.verdict], media_type="application/json")

    def job(task: str, request: BoardRequest, **extra: Any) -> Job:
        limit = settings.time_limit if request.time_limit is None else min(request.time_limit, settings.time_limit)
        return Job(
            task, request.board, request.mines, request.format, limit, settings.max_cells, settings.backend, **extra
        )

    documents = {200: {"description": "The document `cnfsweep solve --json` prints, or `{\"status\": \"unknown\"}`."}}
    errors = {
        400: {"description": "The board cannot be read: `{\"error\": \"board:LINE:COL: ...\"}`."},
        413: {"description": "The body or the board is over the server's limit."},
        422: {"description": "The request is not the JSON described here."},
    }

    @app.post("/api/analyze", responses={**documents, **errors})
    async def analyze(request: BoardRequest) -> Response:
        """Safe cells, mines, exact probabilities, best guess and number of layouts of a position."""
        return await answer(job("analyze", request))

    @app.post("/api/hint", responses={200: {"description": "The document `cnfsweep hint --json` prints."}, **errors})
    async def hint(request: HintRequest) -> Response:
        """The next certain move and a minimal set of numbers that force it, or the best guess."""
        return await answer(job("hint", request, every=request.every, smallest=request.smallest))

    @app.post("/api/generate", responses={200: {"description": "What `cnfsweep generate --json` prints, and `board`: its native text."}, **errors})
    async def generate(request: GenerateRequest) -> Response:
        """A board that exact inference solves from its first click without a guess."""
        level = NewGame(request.level, request.rows, request.cols, request.mines).resolve()
        seed = random.SystemRandom().getrandbits(32) if request.seed is None else request.seed
        limit = settings.time_limit if request.time_limit is None else min(request.time_limit, settings.time_limit)
        spec = GenerateJob(level, seed, request.first_click, request.method, request.logic, limit, settings.max_cells)
        outcome = await state["workers"].run(spec, run_generate)
        return Response(outcome.body, status_code=STATUS[outcome.verdict], media_type="application/json")

    @app.post("/api/board", responses=errors)
    async def board(request: BoardRequest) -> Response:
        """Read board text in any format into the native one: `rows`, `cols`, `grid`, `total_mines`, `text`."""
        return await answer(job("board", request))

    @app.post("/api/check", responses={200: {"description": "The document `cnfsweep check --json` prints."}, **errors})
    async def check(request: CheckRequest) -> Response:
        """Whether a position is consistent: a witness layout, or a minimal set of numbers in conflict."""
        return await answer(job("check", request, minimise=request.minimise))

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Answered on the event loop, whatever the workers are doing: the version, features and limits."""
        return {
            "status": "ok",
            "version": __version__,
            "features": list(FEATURES),
            "levels": {name: {"rows": lv.rows, "cols": lv.cols, "mines": lv.mines} for name, lv in LEVELS.items()},
            "limits": {"max_body": settings.max_body, "max_cells": settings.max_cells, "time_limit": settings.time_limit},
            "pool": settings.pool.value,
            "workers": settings.workers,
        }

    @app.post("/api/game")
    def new_game(request: GameRequest) -> dict[str, Any]:
        """Start a game; the answer's `id` names it in the moves that follow."""
        return games.new(NewGame(**request.model_dump()))

    @app.get("/api/game/{game_id}")
    def get_game(game_id: str) -> dict[str, Any]:
        """What the player of a game sees now."""
        return games.get(game_id)

    @app.post("/api/game/{game_id}/click")
    def click(game_id: str, request: CellRequest) -> dict[str, Any]:
        """Open a cell; a 0 opens its neighbours too."""
        return games.click(game_id, request.row, request.col)

    @app.post("/api/game/{game_id}/flag")
    def flag(game_id: str, request: CellRequest) -> dict[str, Any]:
        """Flag a covered cell, or take a flag off."""
        return games.flag(game_id, request.row, request.col)

    def static(name: str) -> Callable[[], Awaitable[Response]]:
        async def serve() -> Response:
            return Response(page[name], media_type=STATIC[name], headers={"Cache-Control": "no-cache"})

        return serve

    app.get("/", include_in_schema=False)(static("index.html"))
    app.get("/docs", include_in_schema=False)(static("docs.html"))
    for name in STATIC:
        app.get(f"/static/{name}", include_in_schema=False)(static(name))
    return app
