"""Gadgets: Kaye's Minesweeper circuit gadgets and the reduction of Boolean formulas to boards.

Offers the gadgets (:func:`get_gadget`, in any orientation), their truth
tables computed with the engine, and the reduction of a CNF formula or an
expression to a board that is consistent exactly when it is satisfiable.

May import the core and ``engine``; never ``search``, ``play``,
``experiments``, ``present`` or ``cli``.

Examples
--------
>>> from cnfsweep.gadgets import get_gadget, reduce_expression, truth_table
>>> [r.completions for r in truth_table(get_gadget("and")).rows]
[2, 1, 1, 1]
>>> sorted(reduce_expression("(a | ~b) & c").board.labels)
['a', 'b', 'c']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cnfsweep.core.exports import lazy_exports

if TYPE_CHECKING:
    from cnfsweep.gadgets.circuit import Expr, FormulaError, parse_expression
    from cnfsweep.gadgets.cnf import Cnf, Encoding, parse_dimacs, to_cnf
    from cnfsweep.gadgets.compose import Canvas, PlacementError
    from cnfsweep.gadgets.geometry import Direction, Orientation
    from cnfsweep.gadgets.plan import MAX_CELLS
    from cnfsweep.gadgets.reduction import (
        Decision,
        Reduction,
        ReductionTooLarge,
        VariableCells,
        decide,
        reduce_cnf,
        reduce_expression,
    )
    from cnfsweep.gadgets.catalogue import gadgets, get_gadget
    from cnfsweep.gadgets.library import Gadget, Port, Role
    from cnfsweep.gadgets.truth import GadgetBoard, TruthTable, gadget_board, truth_table

__all__ = [
    "MAX_CELLS",
    "Canvas",
    "Cnf",
    "Decision",
    "Direction",
    "Encoding",
    "Expr",
    "FormulaError",
    "Gadget",
    "GadgetBoard",
    "Orientation",
    "PlacementError",
    "Port",
    "Reduction",
    "ReductionTooLarge",
    "Role",
    "TruthTable",
    "VariableCells",
    "decide",
    "gadget_board",
    "gadgets",
    "get_gadget",
    "parse_dimacs",
    "parse_expression",
    "reduce_cnf",
    "reduce_expression",
    "to_cnf",
    "truth_table",
]


# Names are imported on first use (see cnfsweep.core.exports).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "Expr": "cnfsweep.gadgets.circuit",
        "FormulaError": "cnfsweep.gadgets.circuit",
        "parse_expression": "cnfsweep.gadgets.circuit",
        "Cnf": "cnfsweep.gadgets.cnf",
        "Encoding": "cnfsweep.gadgets.cnf",
        "parse_dimacs": "cnfsweep.gadgets.cnf",
        "to_cnf": "cnfsweep.gadgets.cnf",
        "Canvas": "cnfsweep.gadgets.compose",
        "PlacementError": "cnfsweep.gadgets.compose",
        "Direction": "cnfsweep.gadgets.geometry",
        "Orientation": "cnfsweep.gadgets.geometry",
        "MAX_CELLS": "cnfsweep.gadgets.plan",
        "Decision": "cnfsweep.gadgets.reduction",
        "Reduction": "cnfsweep.gadgets.reduction",
        "ReductionTooLarge": "cnfsweep.gadgets.reduction",
        "VariableCells": "cnfsweep.gadgets.reduction",
        "decide": "cnfsweep.gadgets.reduction",
        "reduce_cnf": "cnfsweep.gadgets.reduction",
        "reduce_expression": "cnfsweep.gadgets.reduction",
        "gadgets": "cnfsweep.gadgets.catalogue",
        "get_gadget": "cnfsweep.gadgets.catalogue",
        "Gadget": "cnfsweep.gadgets.library",
        "Port": "cnfsweep.gadgets.library",
        "Role": "cnfsweep.gadgets.library",
        "GadgetBoard": "cnfsweep.gadgets.truth",
        "TruthTable": "cnfsweep.gadgets.truth",
        "gadget_board": "cnfsweep.gadgets.truth",
        "truth_table": "cnfsweep.gadgets.truth",
    },
    __all__,
)
