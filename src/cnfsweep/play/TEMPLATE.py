"""A guessing policy to copy: the safest cell nearest a corner, a working example of :class:`Policy`.

Copy this file into your own package, rename the class and ``name``, and
replace :meth:`CornerPolicy.choose` with your policy's choice.  Then declare the
class in your package's ``pyproject.toml``::

    [project.entry-points."cnfsweep.policies"]
    corner = "my_package.corner:CornerPolicy"

The entry point's name must be the class's ``name``.  Once your package is
installed, ``cnfsweep play --policy corner`` (and ``corner:tolerance=0.05``:
each plain field of the frozen dataclass is a parameter, read as the type of
its default; see :mod:`cnfsweep.play.registry`) plays with it, as do campaigns.
The game loop (:class:`~cnfsweep.play.player.Player`) plays every certain cell
itself; a policy is asked only when nothing is certain.  The cell clicked
first is :meth:`Policy.start`'s (the top-left corner unless overridden;
``first_click`` is its deprecated name).  Whatever it solves (a hypothetical
position, say) it solves with the ``engine`` it is handed, the game's own, so
its cache and backend are shared.

Examples
--------
>>> from cnfsweep import Board, analyze
>>> from cnfsweep.engine import Engine
>>> a = analyze(Board.from_rows(["1..", "...", "..."]), total_mines=2)
>>> CornerPolicy().choose(a, Engine.create()).cell
Cell(row=0, col=2)
>>> CornerPolicy(tolerance=0.5).choose(a, Engine.create()).cell
Cell(row=0, col=2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cnfsweep.core.board import Cell
from cnfsweep.engine import Engine
from cnfsweep.engine.analysis import Analysis
from cnfsweep.play.policy import Guess, GuessRule, Policy

__all__ = ["CornerPolicy"]


@dataclass(frozen=True)
class CornerPolicy(Policy):
    """Guess, among the cells at most ``tolerance`` above the lowest mine probability, the one nearest a corner.

    A corner cell has the fewest neighbours, so its number is the likeliest to
    be small and to settle something.  Ties go to the first in row-major order,
    so that games are reproducible from their seed.
    """

    name: ClassVar[str] = "corner"  # what --policy takes
    tolerance: float = 0.0  # a parameter: --policy corner:tolerance=0.05

    def choose(self, analysis: Analysis, engine: Engine) -> Guess:
        """Return the guess, given a consistent analysis with a total and no safe cell."""
        lowest = analysis.lowest_cells()
        floor = analysis.exact(lowest[0])
        candidates = lowest
        if self.tolerance > 0 and floor is not None:
            covered = [*analysis.frontier_exact, *analysis.off_frontier]
            candidates = [
                c for c in covered if (p := analysis.exact(c)) is not None and p < 1 and p <= floor + self.tolerance
            ]
        rows, cols = analysis.board.rows, analysis.board.cols

        def corner_distance(cell: Cell) -> tuple[int, Cell]:
            return min(cell.row, rows - 1 - cell.row) + min(cell.col, cols - 1 - cell.col), cell

        # GuessRule says which rule chose a guess in game records; a new policy reuses the closest one.
        return Guess(min(candidates, key=corner_distance), GuessRule.SAFEST)
