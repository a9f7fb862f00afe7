"""Reviews: a replay file sent, or a game played here, reviewed in the worker pool."""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import Response

from cnfsweep.web.models import GameId, ReplayRequest, answers
from cnfsweep.web.reviews import ReviewGame, ReviewJob
from cnfsweep.web.routes.analyses import ERRORS, PAST
from cnfsweep.web.routes.context import Context, Responses, context

__all__ = ["router"]

router = APIRouter()
Ctx = Annotated[Context, Depends(context)]

REVIEWED: Responses = {
    200: {
        "description": f"The document `cnfsweep replay --json` prints, with `positions`, `flags` and `final`; {PAST}."
    }
}


@router.post("/api/replay", responses={**REVIEWED, **ERRORS})
async def replay(request: ReplayRequest, ctx: Ctx) -> Response:
    """Review a replay file: every click's exact mine probability and label, survival, luck and speed counters."""
    return await ctx.answer(
        ReviewJob(
            request.name,
            request.data,
            game=request.game,
            time_limit=ctx.limit(request.time_limit),
            max_cells=ctx.settings.max_cells,
            started=time.perf_counter(),
        )
    )


@router.get("/api/game/{game_id}/review", responses={**REVIEWED, **answers(400, 404, 422, 503)})
async def review_game(game_id: GameId, ctx: Ctx) -> Response:
    """Review a game played here (won, lost or unfinished), as `POST /api/replay` reviews a file."""
    settings = ctx.settings
    return await ctx.answer(ReviewGame(game_id, settings.time_limit, settings.max_cells, started=time.perf_counter()))
