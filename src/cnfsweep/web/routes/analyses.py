"""A board's analyses, and a board generated: the work each request gives the worker pool."""

from __future__ import annotations

import random
import time
from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import Response

from cnfsweep.web.games import NewGame
from cnfsweep.web.jobs import GenerateJob
from cnfsweep.web.models import (
    BoardRequest,
    CheckRequest,
    GenerateRequest,
    HintRequest,
    LevelsRequest,
    VariantAnalysis,
    VariantCheck,
    VariantHint,
    answers,
    or_variant,
)
from cnfsweep.web.routes.context import Context, Responses, context

__all__ = ["ERRORS", "PAST", "TIMEOUT", "router"]

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
