"""A board's analyses, and a board generated: the work each request gives the worker pool."""

from __future__ import annotations

import random
import time
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse, Response

from cnfsweep.web.games import NewGame
from cnfsweep.web.jobs import GenerateJob, PuzzleJob
from cnfsweep.web.models import (
    BoardRequest,
    CheckRequest,
    GenerateRequest,
    HintRequest,
    LevelsRequest,
    PuzzleRequest,
    VariantAnalysis,
    VariantCheck,
    VariantHint,
    answers,
    or_variant,
)
from cnfsweep.web.pictures import ReadJob
from cnfsweep.web.routes.context import Context, Responses, context

__all__ = ["ERRORS", "PAST", "PICTURES", "TIMEOUT", "router"]

router = APIRouter()
Ctx = Annotated[Context, Depends(context)]

#: Said of every analysis of a board with a `rules:` header.
VARIANT = "; for a variant board (a `rules:` header) its variant document"
DOCUMENTS: Responses = {
    200: {
        "description": f'The document `cnfsweep solve --json` prints, or `{{"status": "unknown"}}`{VARIANT}.',
        "model": or_variant(VariantAnalysis, "AnalyzeAnswer"),
    }
}
#: Any body can be unreadable, too large, not sent as JSON or not the model; a job in the worker pool can find it busy.
ERRORS = answers(400, 413, 415, 422, 503)
#: Past its time limit a job answers 200 and `status: unknown`, whatever it is: an analysis, a check, a generation.
PAST = 'or `{"status": "unknown", "reason": "time limit", "time_limit": ...}` past the time limit'
TIMEOUT = 'or `{"status": "unknown", "reason": ..., "time_limit": ...}` when no no-guess board turned up in time'
GENERATED: Responses = {
    200: {"description": f"What `cnfsweep generate --json` prints, and `board`: its native text; {TIMEOUT}."}
}


@router.post("/api/analyze", responses={**DOCUMENTS, **ERRORS})
async def analyze(request: BoardRequest, ctx: Ctx) -> Response:
    """Safe cells, mines, exact probabilities, best guess and number of layouts of a position."""
    return await ctx.answer(ctx.job("analyze", request))


@router.post(
    "/api/hint",
    responses={
        200: {
            "description": f"The document `cnfsweep hint --json` prints, {PAST}{VARIANT}.",
            "model": or_variant(VariantHint, "HintAnswer"),
        },
        **ERRORS,
    },
)
async def hint(request: HintRequest, ctx: Ctx) -> Response:
    """The next certain move and a minimal set of numbers that force it, or the best guess."""
    return await ctx.answer(ctx.job("hint", request, every=request.every, smallest=request.smallest))


@router.post(
    "/api/levels", responses={200: {"description": f"The document `cnfsweep levels --json` prints, {PAST}."}, **ERRORS}
)
async def levels(request: LevelsRequest, ctx: Ctx) -> Response:
    """Which level of propagation (GAC (one number), 2-RC (pairs), 3-RC (triples) ..., all the numbers, the total) decides each covered cell."""
    return await ctx.answer(ctx.job("levels", request, max_level=request.max_level, steps=request.steps))


@router.post(
    "/api/grade",
    responses={
        200: {
            "description": "The document `cnfsweep grade --json` prints: for a classic board that carries its layout, "
            f"played from its first click; for a variant puzzle, its one layout played step by step; {PAST}."
        },
        **ERRORS,
    },
)
async def grade(request: BoardRequest, ctx: Ctx) -> Response:
    """Play a board to its layout with certain moves only, each step its smallest reasons, and grade it (easy to evil)."""
    return await ctx.answer(ctx.job("grade", request))


@router.post("/api/generate", responses={**GENERATED, **ERRORS})
async def generate(request: GenerateRequest, ctx: Ctx) -> Response:
    """A board that exact inference solves from its first click without a guess."""
    level = NewGame(request.level, request.rows, request.cols, request.mines, topology=request.topology).resolve()
    seed = random.SystemRandom().getrandbits(32) if request.seed is None else request.seed
    return await ctx.answer(
        GenerateJob(
            level,
            seed,
            request.start,
            request.method,
            request.logic,
            ctx.limit(request.time_limit),
            ctx.settings.max_cells,
            started=time.perf_counter(),  # the limit covers waiting for a worker too
        )
    )


@router.post(
    "/api/puzzle",
    responses={
        200: {
            "description": "What `cnfsweep generate --rules --json` prints, and `solution`: every cell as it shows "
            "when opened (`*` a mine, else its clue; `'` marks a dyed cell); with `grade`, also `grade` and "
            f"`grade_steps`; {PAST}."
        },
        **ERRORS,
    },
)
async def puzzle(request: PuzzleRequest, ctx: Ctx) -> Response:
    """A variant puzzle with exactly one solution under the rules asked for (`cnfsweep generate --rules`)."""
    return await ctx.answer(puzzle_job(request, ctx))


def puzzle_job(request: PuzzleRequest, ctx: Context) -> PuzzleJob:
    """The job that makes the puzzle a request asks for, alone (`/api/puzzle`) or to play (`/api/puzzle/game`)."""
    seed = random.SystemRandom().getrandbits(32) if request.seed is None else request.seed
    return PuzzleJob(
        tuple(request.rules),
        request.rows,
        request.cols,
        request.mines,
        seed,
        ctx.limit(request.time_limit),
        ctx.settings.max_cells,
        started=time.perf_counter(),  # the limit covers waiting for a worker too
        grade=request.grade,
    )


@router.post("/api/board", responses={200: {"description": "The board in the native format."}, **ERRORS})
async def board(request: BoardRequest, ctx: Ctx) -> Response:
    """Read board text in any format into the native one: `rows`, `cols`, `grid`, `total_mines`, `text`.

    A variant board (a `rules:` header) answers `rules`, `cells` (one token a cell, as its text writes it) and
    `dyed` in place of `grid`.
    """
    return await ctx.answer(ctx.job("board", request))


@router.post(
    "/api/check",
    responses={
        200: {
            "description": f"The document `cnfsweep check --json` prints, {PAST}{VARIANT}.",
            "model": or_variant(VariantCheck, "CheckAnswer"),
        },
        **ERRORS,
    },
)
async def check(request: CheckRequest, ctx: Ctx) -> Response:
    """Whether a position is consistent: a witness layout, or a minimal set of numbers in conflict."""
    return await ctx.answer(ctx.job("check", request, minimise=request.minimise))


#: The Content-Types ``POST /api/read`` documents for its body; it tells a PNG, JPEG or BMP by its first bytes,
#: whatever the Content-Type says.
PICTURES = ("image/png", "image/jpeg", "application/octet-stream")
READ: Responses = {
    200: {
        "description": "The board as `POST /api/board` answers it (`rows`, `cols`, `grid`, `total_mines`, `text`, "
        "`topology`) and the reading as `cnfsweep read --json` prints it (`pitch`, `origin`, `skin`, `cells`, "
        "`board`, `confidence`, `least_confident`)."
    }
}
READ_BODY = {
    "required": True,
    "description": "The screenshot's bytes as the body, not a form: `curl --data-binary @shot.png -H "
    "'Content-Type: image/png' URL/api/read`. At most the server's `--max-picture` bytes.",
    "content": {kind: {"schema": {"type": "string", "format": "binary"}} for kind in PICTURES},
}


@router.post(
    "/api/read",
    responses={
        **READ,
        **answers(400, 413, 415, 422, 501, 503),
        415: {**answers(415)[415], "description": "The body is a form: send the picture's bytes as the body."},
    },
    openapi_extra={"requestBody": READ_BODY},
)
async def read(
    request: Request,
    ctx: Ctx,
    name: Annotated[
        str, Query(min_length=1, max_length=255, description="The picture's name, which errors name (a file's name).")
    ] = "picture",
) -> Response:
    """Read the board a screenshot shows (PNG, JPEG or BMP sent as the body), as `cnfsweep read --json` does."""
    content_type = request.headers.get("content-type", "")
    # curl --data-binary labels the bytes as a urlencoded form unless told otherwise: those bytes are the picture.
    if content_type.split(";", 1)[0].strip().lower() == "multipart/form-data":
        # A multipart form would be read as a picture's bytes and refused as no picture: say how to send it instead.
        return JSONResponse(
            {"error": "send the picture's bytes as the body, not a form (curl --data-binary @shot.png)"},
            status_code=415,
        )
    data = await request.body()
    return await ctx.answer(ReadJob(data, name, ctx.limit(None), ctx.settings.max_cells, started=time.perf_counter()))
