"""Engine: from a board to exact answers.

The path of an analysis: a :class:`~cnfsweep.core.board.Board` is read into a
:class:`Position` (numbers as rules, simplified, split into independent
components), each component is solved by a backend or by search into a count
table (:mod:`~cnfsweep.engine.components`), and the tables are weighed
against each other and the total (:mod:`~cnfsweep.engine.counting` exactly,
:mod:`~cnfsweep.engine.approx` in floats) into an :class:`Analysis`.
:func:`check` decides consistency with a witness or a minimal conflict, and
:func:`levels` which level of constraint propagation (GAC, 2-RC, 3-RC ...)
decides each cell.
:class:`Engine` bundles a backend, its cache and the counting settings, so
that a game, its policy and every look-ahead solve alike.

May import the core and ``formats``; never ``search``, ``play``,
``experiments``, ``present``, ``gadgets`` or ``cli``.
"""

from cnfsweep.engine.analysis import Analysis, Arithmetic, analyze, analyze_position, unknown_document
from cnfsweep.engine.backends import Backend, get_backend, usable_specs
from cnfsweep.engine.components import ComponentCache, Counting
from cnfsweep.engine.consistency import CheckResult, check
from cnfsweep.engine.consistency_levels import ConsistencyLevels, levels
from cnfsweep.engine.engine import Engine
from cnfsweep.engine.position import Component, Position, position

__all__ = [
    "Analysis",
    "Arithmetic",
    "Backend",
    "CheckResult",
    "Component",
    "ComponentCache",
    "ConsistencyLevels",
    "Counting",
    "Engine",
    "Position",
    "analyze",
    "analyze_position",
    "check",
    "get_backend",
    "levels",
    "position",
    "unknown_document",
    "usable_specs",
]
