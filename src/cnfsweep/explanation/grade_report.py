"""What grading a board reports: the :class:`Grade` scale, each :class:`Step`, the :class:`GradeReport`.

:mod:`cnfsweep.explanation.grade` says what a step is and plays the board that
yields them (:func:`~cnfsweep.explanation.grade.grade_layout`,
:func:`~cnfsweep.explanation.grade.grade_board`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.graph import Graph
from cnfsweep.core.moved import warn_renamed
from cnfsweep.core.topology import DEFAULT_TOPOLOGY

if TYPE_CHECKING:  # a grade is read (generate --grade's choices) without the explainer's machinery
    from cnfsweep.explanation.answers import HintMove

__all__ = ["EASY_PATTERN_STEPS", "Grade", "GradeReport", "Step"]

#: An easy board may need at most this many steps of two numbers (1-1, 1-2 patterns).
EASY_PATTERN_STEPS = 3


class Grade(Enum):
    """How hard a no-guess board is, from the sizes of its steps' smallest reasons.

    ``n`` below counts the revealed numbers a step's smallest reason uses;
    "the total" is the total mine count.

    * ``easy``: every step needs one number, except at most
      :data:`EASY_PATTERN_STEPS` (3) steps that need two (the 1-1 and 1-2 patterns).
    * ``medium``: every step needs at most two numbers.
    * ``hard``: the hardest step needs three numbers, or the total with at most one number.
    * ``evil``: some step needs four or more numbers, or the total with two or more numbers.

    The thresholds are set so that every grade is common among uniformly
    random no-guess expert boards (first click in the centre, the player
    using the total): of two runs of 300 such boards, 37-38% are easy, 21-25%
    medium, 20-25% hard and 15-17% evil (``python -m benchmarks grade``; the
    grades in "Commands in detail" of the docs have the figures).
    The largest step alone would not do: nearly every expert board has a
    step of two numbers, and few one of three or more.

    Examples
    --------
    >>> Grade.of_steps([Step(1, False, 4), Step(2, False, 2), Step(1, False, 9)])
    <Grade.EASY: 'easy'>
    >>> Grade.of_steps([Step(1, False, 4), Step(2, True, 1)])  # one number and the total
    <Grade.HARD: 'hard'>
    >>> Grade.of_steps([Step(4, False, 1)]) > Grade.HARD
    True
    """

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EVIL = "evil"

    @property
    def rank(self) -> int:
        """0 for easy up to 3 for evil."""
        return list(Grade).index(self)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self.rank < other.rank

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self.rank <= other.rank

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self.rank > other.rank

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self.rank >= other.rank

    @classmethod
    def of_step(cls, size: int, uses_total: bool) -> Grade:
        """Return the least grade a board with this step can have (a pattern step alone is still easy).

        Examples
        --------
        >>> [Grade.of_step(n, False).value for n in (1, 2, 3, 4)]
        ['easy', 'easy', 'hard', 'evil']
        >>> [Grade.of_step(n, True).value for n in (1, 2, 3)]  # the total alone, with one number, with two
        ['hard', 'hard', 'evil']
        """
        if uses_total:
            return cls.HARD if size <= 2 else cls.EVIL
        return cls.EASY if size <= 2 else cls.HARD if size == 3 else cls.EVIL

    @classmethod
    def of_steps(cls, steps: Iterable[Step]) -> Grade:
        """Return the grade of a board solved in these steps (see the class docstring)."""
        steps = list(steps)
        worst = max((cls.of_step(s.size, s.uses_total) for s in steps), default=cls.EASY)
        if worst is not cls.EASY:
            return worst
        patterns = sum(1 for s in steps if s.size >= 2)
        return cls.EASY if patterns <= EASY_PATTERN_STEPS else cls.MEDIUM


@dataclass(frozen=True)
class Step:
    """One step of a graded replay: the moves whose smallest reasons are the easiest left.

    Attributes
    ----------
    size : int
        The size of the step's reasons: numbers, plus one for the total.
    uses_total : bool
        Whether they need the total mine count (only when no number alone forces any cell).
    cells : int
        How many cells the step settles (opened or flagged; a flood's cells not counted).
    board : Board or None
        The position the step starts from (kept for the hardest step, and for every step with ``trace``).
    moves : tuple of HintMove
        The step's moves with their reasons, easiest first (kept as ``board`` is).
    levels : tuple of (str, int)
        With ``levels`` asked for: how many of the step's cells each consistency level decides
        (:func:`~cnfsweep.engine.consistency_levels.levels`, up to 3-RC), easiest level first.

    Examples
    --------
    >>> Step(2, True, 3).label
    '1 + total'
    """

    size: int
    uses_total: bool
    cells: int
    board: Board | None = field(default=None, repr=False, compare=False)
    moves: tuple[HintMove, ...] = field(default=(), repr=False, compare=False)
    levels: tuple[tuple[str, int], ...] = ()

    @property
    def numbers(self) -> int:
        """How many revealed numbers the step's reasons use."""
        return self.size - int(self.uses_total)

    @property
    def label(self) -> str:
        """``'2'`` for two numbers, ``'1 + total'`` for one number and the total."""
        return f"{self.numbers} + total" if self.uses_total else str(self.size)

    @property
    def difficulty(self) -> tuple[int, int, bool]:
        """Sort key of steps, easiest first: the grade the step allows, then its size, then the total."""
        return Grade.of_step(self.size, self.uses_total).rank, self.size, self.uses_total

    @property
    def level(self) -> str | None:
        """The highest consistency level among the step's cells (``None`` unless levels were asked for)."""
        return self.levels[-1][0] if self.levels else None

    def bare(self) -> Step:
        """The step without its position and moves (what a report keeps of most steps)."""
        return Step(self.size, self.uses_total, self.cells, levels=self.levels)

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"size", "uses_total", "cells"}``, and ``"level"`` and ``"levels"`` when they were found."""
        out: dict[str, Any] = {"size": self.size, "uses_total": self.uses_total, "cells": self.cells}
        if self.levels:
            out["level"], out["levels"] = self.level, dict(self.levels)
        return out


@dataclass(frozen=True)
class GradeReport:
    """How a board played with hints only went, and its grade.

    Attributes
    ----------
    rows, cols, mines : int
    start : Cell or None
        The cell clicked first, where the replay started (``None``: from the position the board
        showed).  ``first_click``, its old name, still reads, with a :class:`DeprecationWarning`,
        until the next release (``first_click`` names the first-click rule everywhere else).
    uses_total : bool
        Whether the player used the total mine count.
    steps : tuple of Step
        Every step in order.
    grade : Grade or None
        ``None`` when the board needs a guess.
    hardest : int or None
        Index in ``steps`` of the hardest step (the first of equals); its
        ``board`` and ``moves`` are kept.
    stuck : Board or None
        When the board needs a guess: the position with no certain cell.
    guess : HintMove or None
        The best guess there (a forced one, or the safest cell).
    seconds : float
    topology : str
        The board's topology by name.
    graph : Graph or None
        On a graph board, the graph, whose cell names the JSON document uses.
    """

    rows: int
    cols: int
    mines: int
    start: Cell | None
    uses_total: bool
    steps: tuple[Step, ...]
    grade: Grade | None
    hardest: int | None
    stuck: Board | None = field(default=None, repr=False)
    guess: HintMove | None = None
    seconds: float = field(default=0.0, compare=False)
    topology: str = DEFAULT_TOPOLOGY
    graph: Graph | None = field(default=None, repr=False, compare=False)

    @property
    def first_click(self) -> Cell | None:
        """Deprecated name of :attr:`start`, the cell clicked first."""
        warn_renamed("GradeReport.first_click", "GradeReport.start", "first_click names the first-click rule")
        return self.start

    @property
    def needs_guess(self) -> bool:
        """Whether the replay met a position with nothing certain before the end."""
        return self.stuck is not None

    @property
    def sizes(self) -> tuple[int, ...]:
        """Every step's size, in order."""
        return tuple(s.size for s in self.steps)

    @property
    def histogram(self) -> dict[tuple[int, bool], int]:
        """Steps per ``(size, uses_total)``, numbers-only sizes first, each by size."""
        counts = Counter((s.size, s.uses_total) for s in self.steps)
        return {key: counts[key] for key in sorted(counts, key=lambda k: (k[1], k[0]))}

    @property
    def hardest_step(self) -> Step | None:
        """The hardest step, with its position and moves."""
        return None if self.hardest is None else self.steps[self.hardest]

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON document ``cnfsweep grade --json`` prints.

        Examples
        --------
        >>> from cnfsweep.explanation.grade import grade_layout
        >>> d = grade_layout(3, 5, [(0, 0), (2, 1)], (0, 2)).to_dict()
        >>> d["grade"], [s["size"] for s in d["steps"]], d["histogram"]
        ('easy', [1, 2, 1], [{'size': 1, 'uses_total': False, 'steps': 2}, {'size': 2, 'uses_total': False, 'steps': 1}])
        >>> h = d["hardest"]
        >>> h["step"], h["board"], h["move"]["cell"], h["reason"]["numbers"]
        (1, ['.1000', '.2100', '.*100'], [2, 0], [[0, 1], [1, 1]])
        """
        hardest = self.hardest_step
        # [r, c] on a grid, as square reports always were; the cell's name on a graph.
        write: Callable[[Cell], Any] = list if self.graph is None else self.graph.cell_json
        out: dict[str, Any] = {
            "rows": self.rows,
            "cols": self.cols,
            "mines": self.mines,
            "start": None if self.start is None else write(self.start),
            "uses_total": self.uses_total,
            "grade": None if self.grade is None else self.grade.value,
            "needs_guess": self.needs_guess,
            "steps": [s.to_dict() for s in self.steps],
            "histogram": [
                {"size": size, "uses_total": total, "steps": n} for (size, total), n in self.histogram.items()
            ],
            "hardest": None,
            "guess": None,
            "seconds": round(self.seconds, 6),
        }
        if self.topology != DEFAULT_TOPOLOGY:
            out["topology"] = self.topology  # square reports stay as they were
        if hardest is not None and hardest.board is not None and hardest.moves:
            out["hardest"] = {
                "step": self.hardest,
                **hardest.to_dict(),
                **hardest.moves[0].to_dict(write),
                "board": list(hardest.board.grid),
            }
        if self.stuck is not None:
            out["guess"] = {
                "step": len(self.steps),
                **(self.guess.to_dict(write) if self.guess else {"move": None}),
                "board": list(self.stuck.grid),
            }
        return out
