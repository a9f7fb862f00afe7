"""Games played here: a new one, what its player sees, a click, a flag, and its record as a trace line; variant puzzles played likewise."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import Response

from cnfsweep.web.gameplay import (
    FlagPuzzleCell,
    GameTrace,
    OpenCell,
    OpenPuzzleCell,
    ShowGame,
    ShowPuzzle,
    StartGame,
    StartPuzzle,
    ToggleFlag,
)
from cnfsweep.web.games import NewGame
from cnfsweep.web.models import CellRequest, GameId, GameRequest, PuzzleGameRequest, answers
from cnfsweep.web.routes.analyses import ERRORS, PAST, TIMEOUT, puzzle_job
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


#: What a puzzle game's document holds: never the answer while the game goes on.
PUZZLE_VIEW = (
    "The puzzle game's document: `id`, `rules`, `rows`, `cols`, `total_mines`, `seed`, `state` (`playing`, `won`, "
    "`lost`), `cells` (one token a cell as a variant board's text writes it: `.` covered, a clue, `*` a flag or a "
    "mine opened by mistake, `'` a dyed cell), `dyed`, `flags`, `mistakes`, `lives`, `lives_left`, `mines_left`, "
    "`board` (the position as variant text, flags left covered) and `mines`: the answer, `null` until the game is over"
)


@router.post(
    "/api/puzzle/game",
    responses={
        200: {
            "description": f"{PUZZLE_VIEW}; with `grade`, also `grade` and `grade_steps` (this answer only); {PAST}."
        },
        **ERRORS,
    },
)
async def new_puzzle_game(request: PuzzleGameRequest, ctx: Ctx) -> Response:
    """Start playing a variant puzzle made as `POST /api/puzzle` makes it; the server keeps its answer and judges each move."""
    return await ctx.answer(StartPuzzle(puzzle_job(request, ctx), request.lives))


@router.get(
    "/api/puzzle/game/{game_id}",
    responses={200: {"description": f"{PUZZLE_VIEW}."}, **answers(404, 422)},
    **GAME,
)
async def get_puzzle_game(game_id: GameId, ctx: Ctx) -> Response:
    """What the player of a puzzle game sees now."""
    return await ctx.answer(ShowPuzzle(game_id))


@router.post(
    "/api/puzzle/game/{game_id}/click",
    responses={200: {"description": f"{PUZZLE_VIEW}, after the click."}, **MOVES},
    **GAME,
)
async def puzzle_click(game_id: GameId, request: CellRequest, ctx: Ctx) -> Response:
    """Open a covered cell of a puzzle game: a safe one shows its clue; a mine is a mistake, and the last life's mistake loses."""
    return await ctx.answer(OpenPuzzleCell(game_id, request.row, request.col))


@router.post(
    "/api/puzzle/game/{game_id}/flag",
    responses={200: {"description": f"{PUZZLE_VIEW}, after the flag."}, **MOVES},
    **GAME,
)
async def puzzle_flag(game_id: GameId, request: CellRequest, ctx: Ctx) -> Response:
    """Flag a covered cell of a puzzle game, or take its flag off."""
    return await ctx.answer(FlagPuzzleCell(game_id, request.row, request.col))
