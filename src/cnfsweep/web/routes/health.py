"""``/api/health``: the version, features and limits, answered on the event loop whatever the workers are doing."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from cnfsweep.core.version import __version__
from cnfsweep.play import LEVELS
from cnfsweep.web.routes.context import Context, context

__all__ = ["FEATURES", "router"]

#: What this server offers beyond analysis; the page shows a control only for what is listed.
FEATURES = ("analyze", "check", "hint", "levels", "game", "generate", "replay", "read")

router = APIRouter()


@router.get("/api/health", responses={200: {"description": "The server's version, features and limits."}})
async def health(ctx: Annotated[Context, Depends(context)]) -> dict[str, Any]:
    """Answered on the event loop, whatever the workers are doing: the version, features and limits."""
    settings = ctx.settings
    return {
        "status": "ok",
        "version": __version__,
        "features": list(FEATURES),
        "levels": {name: {"rows": lv.rows, "cols": lv.cols, "mines": lv.mines} for name, lv in LEVELS.items()},
        "limits": {
            "max_body": settings.max_body,
            "max_picture": settings.max_picture,
            "max_cells": settings.max_cells,
            "time_limit": settings.time_limit,
        },
        "pool": settings.pool.value,
        "workers": settings.workers,
        "small_workers": settings.small_workers,
        "small_board": settings.small_board,
    }
