"""cnfsweep: exact Minesweeper inference with SAT and CP solvers.

Everything a tutorial uses is here, each name once.  The vocabulary of the
functions below is one:

* a position is a :data:`BoardLike`: a :class:`Board`, or a board's text in any
  format, read by the one conversion :func:`~cnfsweep.formats.board_argument`;
* ``engine=`` is an :class:`Engine` (shared cache and settings), ``backend=`` a
  backend's name or spec for a fresh one (``"cpsat"``, ``"pysat:cadical195"``);
* ``time_limit=`` is seconds, for the whole call;
* ``first_click=`` is the first-click rule (:class:`FirstClick`: ``safe``,
  ``opening``, ``any``) and ``start=`` the cell clicked first;
* a cell is a ``(row, col)`` pair or, on a graph board, its name
  (:data:`CellLike`: ``analysis.exact("v0")``; ``board.topology.cell_named("v0")``
  looks one up, ``board.topology.cell_text(cell)`` names one);
* sizes are rows x columns: ``Level(rows, cols, mines)``, ``--size 16x30``.

Examples
--------
>>> from cnfsweep import Board, Cell, analyze, hint
>>> a = analyze(Board.parse("mines: 2\\n.1.\\n.2.\\n..."))
>>> a.consistent, a.solutions
(True, 12)
>>> hint("mines: 2\\n.1.\\n.2.\\n...").move == hint(a.board).move   # text or a Board alike
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cnfsweep.core.exports import lazy_exports

if TYPE_CHECKING:
    from cnfsweep.core.board import Board, Cell
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
    from cnfsweep.core.graph import CellLike, Graph
    from cnfsweep.core.topology import Hex, Square, Torus
    from cnfsweep.core.version import __version__
    from cnfsweep.engine import Analysis, CheckResult, ConsistencyLevels, Engine, analyze, check, levels
    from cnfsweep.explanation import (
        Explainer,
        Grade,
        GradeReport,
        Hint,
        HintMove,
        NotCertainError,
        Reason,
        explain,
        grade_board,
        hint,
    )
    from cnfsweep.formats import BoardFormat, BoardLike, parse_board, read_board, write_board
    from cnfsweep.formats.game_records import GameRecordError
    from cnfsweep.generation import Generated, generate, generate_boards
    from cnfsweep.play import FirstClick, Game, GameRecord, Level, Player, Policy
    from cnfsweep.replay import GameReview, review

__all__ = [
    "Analysis",
    "ArgumentError",
    "ArgumentTypeError",
    "AssumptionError",
    "BackendError",
    "Board",
    "BoardFormat",
    "BoardFormatError",
    "BoardLike",
    "Cell",
    "CellKind",
    "CellLike",
    "CheckResult",
    "CnfsweepError",
    "ConsistencyLevels",
    "Engine",
    "Explainer",
    "FirstClick",
    "Game",
    "GameRecord",
    "GameRecordError",
    "GameReview",
    "Generated",
    "Grade",
    "GradeReport",
    "Graph",
    "Hex",
    "Hint",
    "HintMove",
    "Level",
    "NotCertainError",
    "OffBoardError",
    "ParameterError",
    "Player",
    "Policy",
    "Reason",
    "Square",
    "TimeLimitExceeded",
    "Topology",
    "Torus",
    "__version__",
    "analyze",
    "check",
    "explain",
    "generate",
    "generate_boards",
    "grade_board",
    "hint",
    "levels",
    "parse_board",
    "read_board",
    "review",
    "write_board",
]


# Names are imported on first use (see cnfsweep.core.exports).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "Board": "cnfsweep.core.board",
        "Cell": "cnfsweep.core.board",
        "CellKind": "cnfsweep.core.characters",
        "ArgumentError": "cnfsweep.core.errors",
        "ArgumentTypeError": "cnfsweep.core.errors",
        "AssumptionError": "cnfsweep.core.errors",
        "BackendError": "cnfsweep.core.errors",
        "BoardFormatError": "cnfsweep.core.errors",
        "CnfsweepError": "cnfsweep.core.errors",
        "OffBoardError": "cnfsweep.core.errors",
        "ParameterError": "cnfsweep.core.errors",
        "TimeLimitExceeded": "cnfsweep.core.errors",
        "Topology": "cnfsweep.core.topology",
        "CellLike": "cnfsweep.core.graph",
        "Graph": "cnfsweep.core.graph",
        "Hex": "cnfsweep.core.topology",
        "Square": "cnfsweep.core.topology",
        "Torus": "cnfsweep.core.topology",
        "__version__": "cnfsweep.core.version",
        "Analysis": "cnfsweep.engine",
        "CheckResult": "cnfsweep.engine",
        "ConsistencyLevels": "cnfsweep.engine",
        "Engine": "cnfsweep.engine",
        "analyze": "cnfsweep.engine",
        "check": "cnfsweep.engine",
        "levels": "cnfsweep.engine",
        "Explainer": "cnfsweep.explanation",
        "Grade": "cnfsweep.explanation",
        "GradeReport": "cnfsweep.explanation",
        "Hint": "cnfsweep.explanation",
        "HintMove": "cnfsweep.explanation",
        "NotCertainError": "cnfsweep.explanation",
        "Reason": "cnfsweep.explanation",
        "explain": "cnfsweep.explanation",
        "grade_board": "cnfsweep.explanation",
        "hint": "cnfsweep.explanation",
        "BoardFormat": "cnfsweep.formats",
        "BoardLike": "cnfsweep.formats",
        "parse_board": "cnfsweep.formats",
        "read_board": "cnfsweep.formats",
        "write_board": "cnfsweep.formats",
        "GameRecordError": "cnfsweep.formats.game_records",
        "Generated": "cnfsweep.generation",
        "generate": "cnfsweep.generation",
        "generate_boards": "cnfsweep.generation",
        "FirstClick": "cnfsweep.play",
        "Game": "cnfsweep.play",
        "GameRecord": "cnfsweep.play",
        "Level": "cnfsweep.play",
        "Player": "cnfsweep.play",
        "Policy": "cnfsweep.play",
        "GameReview": "cnfsweep.replay",
        "review": "cnfsweep.replay",
    },
    __all__,
)
