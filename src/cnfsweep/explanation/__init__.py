"""Explanation: why a cell is certain, in numbers a person can check, and the next move to make.

Offers :func:`hint` (the certain cell with the smallest reason, found without
explaining every certain cell by :mod:`~cnfsweep.explanation.easiest`, every certain
cell with ``every=True``, or the best guess and whether it is forced),
:func:`explain` (the reason for one cell), the result types :class:`Hint`,
:class:`HintMove` (:mod:`~cnfsweep.explanation.answers`) and :class:`Reason`, :class:`Explainer` (one engine and its
reasons for many positions in a row) and :class:`ReasonFinder` (the reasons
of one position, subset-minimal or of minimum size); and grading
(:mod:`~cnfsweep.explanation.grade`): :func:`grade_board` and :func:`grade_layout`
play a board with hints only and grade it (:class:`Grade`) by the sizes of
its steps' smallest reasons, in a :class:`GradeReport`
(:mod:`~cnfsweep.explanation.grade_report`).

The package is ``explanation`` so that ``cnfsweep.explain``, the function at
the package's front door, hides no module path.

May import the core, ``formats``, ``engine``, ``search`` and ``play`` (the
autoplayer's forced-guess decision); never ``generation``, ``experiments``,
``present`` or ``cli``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cnfsweep.core.exports import lazy_exports

if TYPE_CHECKING:
    from cnfsweep.explanation.answers import Hint, HintMove
    from cnfsweep.explanation.grade import grade_board, grade_layout
    from cnfsweep.explanation.grade_report import EASY_PATTERN_STEPS, Grade, GradeReport, Step
    from cnfsweep.explanation.hints import explain, Explainer, hint, NotCertainError
    from cnfsweep.explanation.reasons import Reason, ReasonFinder, board_rules

__all__ = [
    "EASY_PATTERN_STEPS",
    "Explainer",
    "Grade",
    "GradeReport",
    "Hint",
    "HintMove",
    "NotCertainError",
    "Reason",
    "ReasonFinder",
    "Step",
    "board_rules",
    "explain",
    "grade_board",
    "grade_layout",
    "hint",
]


# Names are imported on first use (see cnfsweep.core.exports).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "Hint": "cnfsweep.explanation.answers",
        "HintMove": "cnfsweep.explanation.answers",
        "grade_board": "cnfsweep.explanation.grade",
        "grade_layout": "cnfsweep.explanation.grade",
        "EASY_PATTERN_STEPS": "cnfsweep.explanation.grade_report",
        "Grade": "cnfsweep.explanation.grade_report",
        "GradeReport": "cnfsweep.explanation.grade_report",
        "Step": "cnfsweep.explanation.grade_report",
        "explain": "cnfsweep.explanation.hints",
        "Explainer": "cnfsweep.explanation.hints",
        "hint": "cnfsweep.explanation.hints",
        "NotCertainError": "cnfsweep.explanation.hints",
        "Reason": "cnfsweep.explanation.reasons",
        "ReasonFinder": "cnfsweep.explanation.reasons",
        "board_rules": "cnfsweep.explanation.reasons",
    },
    __all__,
)
