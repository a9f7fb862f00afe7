"""The page and the API docs: files shipped in the package, served from memory by name.

No client path reaches the disk: only the names in :data:`STATIC` are routes.  The page's scripts
are ES modules, one file for each part of it (``static/core.js`` lists them).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import Response

from cnfsweep.web.routes.context import Context, context

__all__ = ["STATIC", "read_page", "router"]

STATIC = {
    "index.html": "text/html; charset=utf-8",
    "docs.html": "text/html; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    **{
        f"{name}.js": "text/javascript; charset=utf-8"
        for name in ("app", "core", "board", "overlay", "play", "puzzle", "stats", "edit", "hint", "review")
    },
}


def read_page() -> dict[str, bytes]:
    """Read every file of :data:`STATIC` from the package, once per application."""
    return {name: resources.files("cnfsweep.web").joinpath("static").joinpath(name).read_bytes() for name in STATIC}


def _static(name: str) -> Callable[..., Awaitable[Response]]:
    async def serve(ctx: Annotated[Context, Depends(context)]) -> Response:
        return Response(ctx.page[name], media_type=STATIC[name], headers={"Cache-Control": "no-cache"})

    return serve


router = APIRouter(include_in_schema=False)
router.get("/")(_static("index.html"))
router.get("/docs")(_static("docs.html"))
for _name in STATIC:
    router.get(f"/static/{_name}")(_static(_name))
