"""What a guessing policy is, and the facts about a position every policy ranks cells by.

A policy picks the first click and each guess; the game loop
(:class:`~cnfsweep.play.player.Player`) never changes when a policy is added.
"""

from __future__ import annotations

import warnings
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, ClassVar

from cnfsweep.engine.analysis import Analysis
from cnfsweep.core.board import Cell
from cnfsweep.core.characters import FLAG, NUMBERS
from cnfsweep.core.moved import warn_renamed
import cnfsweep.play.frontier as frontier
from cnfsweep.play.game import FirstClick, Level

if TYPE_CHECKING:
    # Annotations only: importing the policies (for their names, in --help) does not import the engine.
    from cnfsweep.engine import Engine

__all__ = ["Guess", "GuessRule", "Policy", "open_neighbours"]

_RULE = "first_click names the first-click rule"


class GuessRule(Enum):
    """Which part of a policy chose a guess."""

    SAFEST = "safest"
    LOOKAHEAD = "look-ahead"
    DEAD_CELL = "dead-cell avoidance"
    ENDGAME = "endgame search"
    REGION = "enclosed region search"
    FORCED = "forced early"
    PSEUDO = "pseudo 50/50"
    OFF_FRONTIER = "off-frontier look-ahead"
    BOOK = "opening book"
    TIE_BREAK = "look-ahead tie-break"
    POCKET_LAST = "pocket last"
    PROGRESS = "look-ahead progress"
    LIVING_SAFE = "living safe"


@dataclass(frozen=True)
class Guess:
    """A policy's guess: the cell, the rule that chose it, and whether it was unavoidable.

    ``forced`` marks a guess that no future reveal could resolve, taken before
    the certain cells (see :meth:`Policy.unavoidable`).
    """

    cell: Cell
    rule: GuessRule = GuessRule.SAFEST
    forced: bool = False


class Policy(ABC):
    """Chooses where to click when nothing is certain.

    Subclasses are frozen dataclasses whose plain fields are the policy's
    parameters (see :mod:`cnfsweep.play.registry`).  Whatever a policy solves
    (hypothetical positions, say) it solves with the ``engine`` it is handed,
    the same one the game uses.
    """

    name: ClassVar[str]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # A policy written before the rename overrides first_click only: its start is that method, with a warning.
        if "first_click" in cls.__dict__ and "start" not in cls.__dict__:
            warnings.warn(
                f"{cls.__qualname__}.first_click is deprecated: implement {cls.__qualname__}.start "
                "(first_click names the first-click rule)",
                DeprecationWarning,
                stacklevel=2,
            )
            old = cls.__dict__["first_click"]
            cls.start = lambda self, level, rule=FirstClick.SAFE: old(self, level, rule)  # type: ignore[method-assign]
            cls._start_is_old = True

    # True on a class whose start is its own deprecated first_click (see __init_subclass__).
    _start_is_old: ClassVar[bool] = False

    def start(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
        """Return the cell to click first under ``rule``: the top-left corner, the cell most likely to open a region."""
        return Cell(0, 0)

    def first_click(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
        """Return the cell to click first: the deprecated name of :meth:`start`.

        .. deprecated::
            Call or implement :meth:`start`; ``first_click`` names the first-click rule everywhere else.
        """
        warn_renamed(f"{type(self).__qualname__}.first_click", f"{type(self).__qualname__}.start", _RULE)
        # An old policy's super().first_click() lands here: its start is its first_click, so take the default.
        return Policy.start(self, level, rule) if self._start_is_old else self.start(level, rule)

    def unavoidable(self, analysis: Analysis, engine: Engine) -> Guess | None:
        """Return a guess that must be taken sooner or later anyway, to take at once (none by default).

        The game loop asks after every full analysis, certain cells or not,
        and clicks the returned cell at once, marked ``forced``.
        """
        return None

    @abstractmethod
    def choose(self, analysis: Analysis, engine: Engine) -> Guess:
        """Return the guess, given a consistent analysis with a total and no safe cell."""


# Byte value to 1 for a covered cell (labelled or not), 0 for a number or a flag.
_OPEN = bytes(0 if chr(b) in NUMBERS or chr(b) == FLAG else 1 for b in range(256))


def open_neighbours(analysis: Analysis, cells: Iterable[Cell]) -> dict[Cell, int]:
    """Count, for each of ``cells``, its neighbours that are covered and not certainly mines.

    Flagged cells and cells the analysis proves to be mines count alike, so the
    count does not depend on which certain mines the player bothered to flag.
    """
    board = analysis.board
    tables = board.topology.tables()
    # A cell's index is row * cols + col in every topology's tables (ShapeTables.index): worked out inline.
    around, cols = tables.around, tables.cells[-1][1] + 1
    # One pass over the board beats asking each candidate's neighbours about their kind.
    open_ = bytearray("".join(board.grid).encode("ascii").translate(_OPEN))
    for c in analysis.frontier_mines():
        open_[c[0] * cols + c[1]] = 0
    cells = list(cells)
    # The sums in the frontier's C kernel where the install built it (the same sums).
    if frontier.kernel is not None:
        return dict(
            zip(cells, frontier.kernel.neighbour_sums(open_, around, [c[0] * cols + c[1] for c in cells]), strict=True)
        )
    shown = open_.__getitem__
    return {c: sum(map(shown, around[c[0] * cols + c[1]])) for c in cells}
