"""Where the mines of a board lie: the answer a generated board carries with it.

A board a player sees hides its mines; a generated board (``cnfsweep generate``)
also keeps them, so that it can be played back.  :class:`MineLayout` holds the
mines and the cell clicked first that opened the board (``start``), and :func:`layout_conflict`
says where a layout disagrees with what the board shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cnfsweep.core.moved import warn_renamed
from cnfsweep.core.topology import Topology
from cnfsweep.core.topology import Square
from cnfsweep.core.words import counted

__all__ = ["MineLayout", "layout_conflict"]


@dataclass(frozen=True)
class MineLayout:
    """Every mine of a board, and the cell clicked first that opened it (``start``, if known).

    ``first_click``, the old name of ``start``, still reads, with a :class:`DeprecationWarning`, until
    the next release (``first_click`` names the first-click rule everywhere else).

    Examples
    --------
    >>> from cnfsweep.core.board import Cell
    >>> MineLayout(frozenset({Cell(0, 2)}), Cell(1, 0)).count
    1
    """

    # (row, col) pairs, Cells in practice: the board module imports this one, not the other way round.
    mines: frozenset[tuple[int, int]]
    start: tuple[int, int] | None = None

    @property
    def first_click(self) -> tuple[int, int] | None:
        """Deprecated name of :attr:`start`, the cell clicked first."""
        warn_renamed("MineLayout.first_click", "MineLayout.start", "first_click names the first-click rule")
        return self.start

    @property
    def count(self) -> int:
        """Number of mines."""
        return len(self.mines)


def layout_conflict(
    grid: Sequence[str], layout: MineLayout, topology: Topology | None = None
) -> tuple[tuple[int, int], str] | None:
    """Return the first cell where ``layout`` contradicts ``grid``, and why; ``None`` if they agree.

    A revealed number must count exactly the layout's mines around it (its
    neighbours in ``topology``, the square by default) and
    hold none itself, a flag must lie on a mine, and the first click must be
    a safe cell of the board (revealed or not: a replay opens it first).

    Examples
    --------
    >>> from cnfsweep.core.board import Cell
    >>> layout_conflict(("1.", ".."), MineLayout(frozenset({Cell(1, 1)})))
    >>> layout_conflict(("2.", ".."), MineLayout(frozenset({Cell(1, 1)})))
    ((0, 0), 'the 2 has 1 mine around it in the layout')
    """
    rows, cols = len(grid), len(grid[0])
    topology = Square(rows, cols) if topology is None else topology
    mines = layout.mines
    for r, c in sorted(mines):
        if not (0 <= r < rows and 0 <= c < cols):
            return (r, c), f"the layout puts a mine off the {rows}x{cols} board"
        if grid[r][c].isdigit():
            return (r, c), f"the layout puts a mine under the revealed {grid[r][c]}"
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == "*" and (r, c) not in mines:
                return (r, c), "a flag where the layout has no mine"
            if ch.isdigit():
                around = sum(cell in mines for cell in topology.neighbours((r, c)))
                if around != int(ch):
                    return (r, c), f"the {ch} has {counted(around, 'mine')} around it in the layout"
    first = layout.start
    if first is not None:
        r, c = first
        if not (0 <= r < rows and 0 <= c < cols):
            return (r, c), f"the first click is off the {rows}x{cols} board"
        if (r, c) in mines:
            # Covered is fine: a replay starts there whatever the board shows; a mine it cannot start on.
            return (r, c), "the first click is on a mine of the layout"
    return None
