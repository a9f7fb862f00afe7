"""Web: ``cnfsweep serve``, a local page and an HTTP API over the engine.

:func:`create_app` builds a FastAPI application from :class:`Settings`: the
page (plain HTML, CSS and JavaScript in ``static/``, nothing fetched from
elsewhere), ``POST /api/analyze`` and ``POST /api/check`` answering with the
documents ``cnfsweep solve --json`` and ``check --json`` print, games played
on the server (``/api/game``), and ``GET /api/health``. Each route makes its
request one job and answers its outcome (the routers of :mod:`~cnfsweep.web.routes`): analyses run in a pool of threads or
processes (:mod:`~cnfsweep.web.jobs`, :mod:`~cnfsweep.web.workers`); game moves
(:mod:`~cnfsweep.web.gameplay`) against games kept in memory (:mod:`~cnfsweep.web.games`). Needs the ``serve`` extra (FastAPI,
uvicorn); routes only translate HTTP to library calls.

May import every layer below it (the core, ``formats``, ``engine``, ``play``,
``generation``, ``present`` and the rest); never ``cli``.
"""

from cnfsweep.web.app import FEATURES, create_app
from cnfsweep.web.games import GameStore, NewGame, game_document
from cnfsweep.web.jobs import TASKS, Job, JobOutcome, Verdict, run
from cnfsweep.web.settings import Pool, Settings
from cnfsweep.web.workers import Workers

__all__ = [
    "FEATURES",
    "TASKS",
    "GameStore",
    "Job",
    "JobOutcome",
    "NewGame",
    "Pool",
    "Settings",
    "Verdict",
    "Workers",
    "create_app",
    "game_document",
    "run",
]
