"""Core: the value types everything else is built on.

Offers boards and cells (:class:`Board`, :class:`Cell`, :class:`CellKind`: what the
characters of a grid show, in :mod:`cnfsweep.core.characters`), their geometry
(:class:`Topology`, in :mod:`cnfsweep.core.topology`: :class:`Square`, :class:`Torus`, :class:`Hex`,
:class:`Graph`), the errors a user can
cause (:class:`CnfsweepError` and its kinds), what may be assumed about
labelled cells, numbers and cells read from text (:func:`whole_number`,
:func:`read_cell`), the solver-level constraints (:mod:`cnfsweep.core.constraints`: :class:`Constraint`,
:class:`Problem`, :class:`CountTable`, :class:`Rule`), and JSON text of big
documents written within a deadline (:mod:`cnfsweep.core.jsontext`).

May import nothing from cnfsweep outside the core: every other layer builds on it.
"""

from cnfsweep.core.assumptions import normalise_assumptions, parse_assume_options
from cnfsweep.core.board import Board, Cell, shape_tables
from cnfsweep.core.characters import CellKind
from cnfsweep.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    AssumptionError,
    BackendError,
    BoardFormatError,
    CnfsweepError,
    OffBoardError,
    ParameterError,
    TimeLimitExceeded,
)
from cnfsweep.core.topology import Topology
from cnfsweep.core.graph import Graph
from cnfsweep.core.layout import MineLayout, layout_conflict
from cnfsweep.core.constraints import Constraint, CountTable, Problem, Rule, TOTAL
from cnfsweep.core.topology import TOPOLOGIES, Hex, Square, Torus, make_topology
from cnfsweep.core.checks import MAX_DIGITS, read_cell, whole_number
from cnfsweep.core.version import __version__

__all__ = [
    "MAX_DIGITS",
    "TOPOLOGIES",
    "TOTAL",
    "ArgumentError",
    "ArgumentTypeError",
    "AssumptionError",
    "BackendError",
    "Board",
    "BoardFormatError",
    "Cell",
    "CellKind",
    "CnfsweepError",
    "Constraint",
    "CountTable",
    "Graph",
    "Hex",
    "MineLayout",
    "OffBoardError",
    "ParameterError",
    "Problem",
    "Rule",
    "Square",
    "TimeLimitExceeded",
    "Topology",
    "Torus",
    "__version__",
    "layout_conflict",
    "make_topology",
    "normalise_assumptions",
    "parse_assume_options",
    "read_cell",
    "shape_tables",
    "whole_number",
]
