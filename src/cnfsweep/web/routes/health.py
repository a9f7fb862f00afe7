"""``/api/health``: the version, features and limits, answered on the event loop whatever the workers are doing."""

from __future__ import annotations

from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends

from cnfsweep.core.version import __version__
from cnfsweep.play import LEVELS
from cnfsweep.variants import RULES, VariantRule
from cnfsweep.web.routes.context import Context, context

__all__ = ["FEATURES", "router", "rule_documents"]

#: What this server offers beyond analysis; the page shows a control only for what is listed.
FEATURES = ("analyze", "check", "hint", "levels", "game", "generate", "puzzle", "replay", "read")

router = APIRouter()


def rule_documents() -> list[dict[str, str]]:
    """Every variant rule of the registry (plug-ins' too) by code, with its title, one-line definition and kind.

    The page's rule choices and badges read them here, so no definition is written twice.

    Examples
    --------
    >>> rule_documents()[0]["code"], rule_documents()[0]["kind"]
    ('1Q', 'mine')
    """
    found = []
    for code, entry in RULES.items():
        rule = cast("type[VariantRule]", entry)
        found.append({"code": code, "title": rule.title, "definition": rule.definition, "kind": rule.kind.value})
    return found


@router.get("/api/health", responses={200: {"description": "The server's version, features and limits."}})
async def health(ctx: Annotated[Context, Depends(context)]) -> dict[str, Any]:
    """Answered on the event loop, whatever the workers are doing: the version, features and limits."""
    settings = ctx.settings
    return {
        "status": "ok",
        "version": __version__,
        "features": list(FEATURES),
        "rules": rule_documents(),
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
