"""cnfsweep: exact Minesweeper inference with SAT and CP solvers.

Examples
--------
>>> from cnfsweep import Board, Cell, analyze
>>> a = analyze(Board.parse("mines: 2\\n.1.\\n.2.\\n..."))
>>> a.consistent, a.solutions
(True, 12)
"""

from __future__ import annotations

__version__ = "0.1.0"

from cnfsweep.analysis import Analysis, analyze
from cnfsweep.board import Board, Cell, CellKind
from cnfsweep.consistency import CheckResult, check
from cnfsweep.errors import (
    AssumptionError,
    BackendError,
    BoardFormatError,
    CnfsweepError,
    OffBoardError,
    TimeLimitExceeded,
)

__all__ = [
    "Analysis",
    "AssumptionError",
    "BackendError",
    "Board",
    "BoardFormatError",
    "Cell",
    "CellKind",
    "CheckResult",
    "CnfsweepError",
    "OffBoardError",
    "TimeLimitExceeded",
    "__version__",
    "analyze",
    "check",
]
