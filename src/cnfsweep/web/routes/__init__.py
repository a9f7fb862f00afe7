"""The server's endpoints, one router a group, each route only turning HTTP into one job and answering it.

- :mod:`~cnfsweep.web.routes.analyses`: a board's analyses and a board generated, the work of the worker pool;
- :mod:`~cnfsweep.web.routes.health`: the version, features and limits, answered on the event loop;
- :mod:`~cnfsweep.web.routes.games`: games played here, their moves and their record;
- :mod:`~cnfsweep.web.routes.replays`: a replay file or a game played here, reviewed;
- :mod:`~cnfsweep.web.routes.page`: the page and its files.

What every route shares (the settings, the game store, the server jobs run against, ``answer``) is the
application's :class:`~cnfsweep.web.routes.context.Context`, which a route asks for as a dependency
(:func:`~cnfsweep.web.routes.context.context`), so the routers are plain module values.
:data:`ROUTERS` is the order :func:`cnfsweep.web.app.create_app` includes them in, which is the order
of the paths in ``/openapi.json``.
"""

from __future__ import annotations

from cnfsweep.web.routes import analyses, games, health, page, replays

__all__ = ["ROUTERS"]

ROUTERS = (analyses.router, health.router, games.router, replays.router, page.router)
