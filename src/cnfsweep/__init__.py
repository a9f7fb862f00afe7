"""cnfsweep: exact Minesweeper inference with SAT and CP solvers.

Examples
--------
>>> from cnfsweep import Board, Cell, analyze
>>> a = analyze(Board.parse("mines: 2\\n.1.\\n.2.\\n..."))
>>> a.consistent, a.solutions
(True, 12)
"""

from __future__ import annotations

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import CellKind
from cnfsweep.core.version import __version__
from cnfsweep.engine import Analysis, CheckResult, ConsistencyLevels, Engine, analyze, check, levels
from cnfsweep.formats import BoardFormat, parse_board, read_board
from cnfsweep.generation import Generated, generate, generate_boards
from cnfsweep.play.game import Level
from cnfsweep.replay import GameReview, review
from cnfsweep.explanation import Explainer, Grade, GradeReport, Hint, HintMove, NotCertainError, Reason, explain, grade_board, hint
from cnfsweep.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    AssumptionError,
    BackendError,
    BoardFormatError,
    CnfsweepError,
    OffBoardError,
    TimeLimitExceeded,
)

__all__ = [
    "Analysis",
    "ArgumentError",
    "ArgumentTypeError",
    "AssumptionError",
    "BackendError",
    "Board",
    "BoardFormat",
    "BoardFormatError",
    "Cell",
    "CellKind",
    "CheckResult",
    "CnfsweepError",
    "ConsistencyLevels",
    "Engine",
    "GameReview",
    "Generated",
    "Level",
    "Explainer",
    "Grade",
    "GradeReport",
    "Hint",
    "HintMove",
    "NotCertainError",
    "OffBoardError",
    "Reason",
    "TimeLimitExceeded",
    "__version__",
    "analyze",
    "check",
    "generate",
    "generate_boards",
    "explain",
    "grade_board",
    "hint",
    "levels",
    "parse_board",
    "read_board",
    "review",
]
