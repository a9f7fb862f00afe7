"""Engine: from a board to exact answers.

The path of an analysis: a :class:`~cnfsweep.core.board.Board` is read into a
:class:`Position` (numbers as rules, simplified, split into independent
components), each component is solved by a backend or by search into a count
table (:mod:`~cnfsweep.engine.components`), and the tables are weighed
against each other and the total (:mod:`~cnfsweep.engine.counting` exactly,
:mod:`~cnfsweep.engine.approx` in floats) into an :class:`Analysis`.
:meth:`Engine.check` decides consistency with a witness or a minimal conflict, and
:meth:`Engine.levels` which level of constraint propagation (GAC, 2-RC, 3-RC ...)
decides each cell.
Reading a board's numbers and counting small components run in optional C
kernels where the install built them (:mod:`~cnfsweep.engine.kernels`), with
the same answers as the Python code beside them; the common analysis runs
from the board's bytes to its answers in one call (:mod:`~cnfsweep.engine.quick`).
:class:`Engine` is the front door: it bundles a backend, its cache and the
counting settings, given once, so that a game, its policy and every
look-ahead solve alike; :func:`analyze`, :func:`check` and :func:`levels`
build a fresh one for a single question.  Every public function reads its
``engine=`` (an :class:`Engine`) and ``backend=`` (a :data:`BackendSpec`)
through :func:`engine_argument`.

May import the core and ``formats``; never ``search``, ``play``,
``experiments``, ``present``, ``gadgets`` or ``cli``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cnfsweep.core.exports import lazy_exports

if TYPE_CHECKING:
    from cnfsweep.engine.analysis import Analysis, Arithmetic, unknown_document
    from cnfsweep.engine.arguments import BackendSpec, engine_argument
    from cnfsweep.engine.backends import Backend, get_backend, usable_specs
    from cnfsweep.engine.components import ComponentCache, Counting
    from cnfsweep.engine.consistency import CheckResult
    from cnfsweep.engine.consistency_levels import ConsistencyLevels
    from cnfsweep.engine.engine import Engine, analyze, check, levels
    from cnfsweep.engine.position import Component, Position, build_position

__all__ = [
    "Analysis",
    "Arithmetic",
    "Backend",
    "BackendSpec",
    "CheckResult",
    "Component",
    "ComponentCache",
    "ConsistencyLevels",
    "Counting",
    "Engine",
    "Position",
    "analyze",
    "build_position",
    "check",
    "engine_argument",
    "get_backend",
    "levels",
    "unknown_document",
    "usable_specs",
]


# Names are imported on first use (see cnfsweep.core.exports).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "Analysis": "cnfsweep.engine.analysis",
        "Arithmetic": "cnfsweep.engine.analysis",
        "unknown_document": "cnfsweep.engine.analysis",
        "BackendSpec": "cnfsweep.engine.arguments",
        "engine_argument": "cnfsweep.engine.arguments",
        "Backend": "cnfsweep.engine.backends",
        "get_backend": "cnfsweep.engine.backends",
        "usable_specs": "cnfsweep.engine.backends",
        "ComponentCache": "cnfsweep.engine.components",
        "Counting": "cnfsweep.engine.components",
        "CheckResult": "cnfsweep.engine.consistency",
        "ConsistencyLevels": "cnfsweep.engine.consistency_levels",
        "Engine": "cnfsweep.engine.engine",
        "analyze": "cnfsweep.engine.engine",
        "check": "cnfsweep.engine.engine",
        "levels": "cnfsweep.engine.engine",
        "Component": "cnfsweep.engine.position",
        "Position": "cnfsweep.engine.position",
        "build_position": "cnfsweep.engine.position",
    },
    __all__,
)
