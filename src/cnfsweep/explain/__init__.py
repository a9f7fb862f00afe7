"""Explain: why a cell is certain, in numbers a person can check, and the next move to make.

Offers :func:`hint` (the certain cell with the smallest reason, every certain
cell with ``every=True``, or the best guess and whether it is forced),
:func:`explain` (the reason for one cell), the result types :class:`Hint`,
:class:`Move` and :class:`Reason`, :class:`Explainer` (one engine and its
reasons for many positions in a row) and :class:`ReasonFinder` (the reasons
of one position, subset-minimal or of minimum size).

``cnfsweep.explain`` at the package's front door is the function
:func:`explain`, so import from this package with ``from cnfsweep.explain
import ...`` (``import cnfsweep.explain as m`` gives the function).

May import the core, ``formats``, ``engine``, ``search`` and ``play`` (the
autoplayer's forced-guess decision); never ``generate``, ``experiments``,
``present`` or ``cli``.
"""

from cnfsweep.explain.moves import Explainer, Hint, Move, NotCertainError, explain, hint
from cnfsweep.explain.reasons import Reason, ReasonFinder, board_rules

__all__ = [
    "Explainer",
    "Hint",
    "Move",
    "NotCertainError",
    "Reason",
    "ReasonFinder",
    "board_rules",
    "explain",
    "hint",
]
