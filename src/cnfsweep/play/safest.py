"""The ``safest`` policy: the cell of lowest exact mine probability."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from cnfsweep.engine.analysis import Analysis
from cnfsweep.play.policy import Guess, GuessRule, Policy, open_neighbours

if TYPE_CHECKING:
    # Annotations only: importing the policies (for their names, in --help) does not import the engine.
    from cnfsweep.engine import Engine

__all__ = ["SafestPolicy"]


@dataclass(frozen=True)
class SafestPolicy(Policy):
    """Guess the cell with the lowest exact mine probability.

    Ties are broken deterministically: fewest covered neighbours first (a
    corner or edge cell more often shows a small number or opens a region),
    then the first in row-major order.  The first click goes in the top-left
    corner, the cell most likely to open a region.

    Examples
    --------
    >>> from cnfsweep import Board, Engine, analyze
    >>> a = analyze(Board.from_rows(["1..", "...", "..."]), total_mines=2)
    >>> SafestPolicy().choose(a, Engine.create())
    Guess(cell=Cell(row=0, col=2), rule=<GuessRule.SAFEST: 'safest'>, forced=False)
    """

    name: ClassVar[str] = "safest"

    def choose(self, analysis: Analysis, engine: Engine) -> Guess:
        tied = analysis.lowest_cells()
        if len(tied) == 1:
            return Guess(tied[0], GuessRule.SAFEST)
        counts = open_neighbours(analysis, tied)
        # The least (count, cell): the least count first, then the first cell among the few that have it.
        least = min(counts.values())
        return Guess(min(c for c, n in counts.items() if n == least), GuessRule.SAFEST)
