"""Games played here: a new one, what its player sees, a click, a flag, and its record as a trace line."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import Response

from cnfsweep.web.gameplay import GameTrace, OpenCell, ShowGame, StartGame, ToggleFlag
from cnfsweep.web.games import NewGame
from cnfsweep.web.models import CellRequest, GameId, GameRequest, answers
from cnfsweep.web.routes.analyses import ERRORS, TIMEOUT
from cnfsweep.web.routes.context import Context, context

__all__ = ["router"]

router = APIRouter()
Ctx = Annotated[Context, Depends(context)]

MOVES = answers(400, 404, 413, 415, 422)
# What the game routes said they answer when they returned the document as a dict: kept, so the schema is the same.
GAME: dict[str, Any] = {"response_model": dict[str, Any]}


@router.post("/api/game", responses={200: {"description": f"The new game's document; {TIMEOUT}."}, **ERRORS})
async def new_game(request: GameRequest, ctx: Ctx) -> Response:
    """Start a game; the answer's `id` names it in the moves that follow."""
    return await ctx.answer(StartGame(NewGame(**request.model_dump(exclude={"start"})), started=time.perf_counter()))


@router.get(
    "/api/game/{game_id}", responses={200: {"description": "The game's document."}, **answers(404, 422)}, **GAME
)
async def get_game(game_id: GameId, ctx: Ctx) -> Response:
    """What the player of a game sees now."""
    return await ctx.answer(ShowGame(game_id))


@router.post(
    "/api/game/{game_id}/click",
    responses={200: {"description": "The game's document after the click."}, **MOVES},
    **GAME,
)
async def click(game_id: GameId, request: CellRequest, ctx: Ctx) -> Response:
    """Open a cell (a 0 opens its neighbours too); on a revealed number with as many flags around it, open its other neighbours (a chord)."""
    return await ctx.answer(OpenCell(game_id, request.row, request.col))


@router.post(
    "/api/game/{game_id}/flag", responses={200: {"description": "The game's document after the flag."}, **MOVES}, **GAME
)
async def flag(game_id: GameId, request: CellRequest, ctx: Ctx) -> Response:
    """Flag a covered cell, or take a flag off."""
    return await ctx.answer(ToggleFlag(game_id, request.row, request.col))


@router.get(
    "/api/game/{game_id}/record",
    responses={200: {"description": "The game's trace line."}, **answers(400, 404, 422)},
    **GAME,
)
async def game_record(game_id: GameId, ctx: Ctx) -> Response:
    """The game so far as one `cnfsweep play --trace` line (JSON): a record file `cnfsweep replay` reads (chords written as the opens they chose)."""
    return await ctx.answer(GameTrace(game_id))
