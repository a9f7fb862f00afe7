"""Decide whether a layout can be solved from its first click without a single guess.

:class:`NoGuessCheck` plays a layout the way a careful player would: cells one
number settles first, then cells two numbers settle together (no solver for
either), then exact analysis of the whole position whenever those run out.
Each rule is sound, so in whatever order they open cells the replay ends in
the same place: solved, or stuck where the exact analysis finds no safe cell
(with every certain mine flagged), as a replay by exact analysis alone would.  It plays the one game through the one player's view
(:class:`~cnfsweep.play.table.Table`), so it works on every topology; and it
is incremental, so a generator can also move mines
(:meth:`NoGuessCheck.move_mines`) and carry on from where the check got stuck.
:func:`check_no_guess` runs one check to the end and returns its
:class:`NoGuessVerdict`.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.deadline import check_deadline, checked
from cnfsweep.core.errors import CnfsweepError, OffBoardError
from cnfsweep.core.topology import DEFAULT_TOPOLOGY
from cnfsweep.generation.choices import Logic
from cnfsweep.play.game import CHECK_EVERY
from cnfsweep.play.level import TopologySpec, format_size
from cnfsweep.play.table import Table

if TYPE_CHECKING:
    from cnfsweep.engine import Engine

__all__ = ["CHECK_EVERY", "Logic", "NoGuessCheck", "NoGuessVerdict", "check_no_guess"]


@dataclass(frozen=True)
class NoGuessVerdict:
    """How a no-guess check went.

    ``solved`` when every safe cell was opened; otherwise ``stuck`` is the
    position in which no covered cell was certainly safe.  ``steps`` counts
    the exact analyses the check needed (the rounds where neither a single
    number nor two numbers together settled a cell); ``clicks`` counts the safe cells it opened by a click
    (cells a zero's flood opened are not clicked).
    """

    solved: bool
    steps: int
    clicks: int = 0
    stuck: Board | None = None


class NoGuessCheck:
    """A no-guess check in progress over a layout that may still change.

    Parameters
    ----------
    rows, cols : int
    mines : iterable of (row, col)
        The layout.
    first_click : (row, col)
        A cell that is not a mine; it is opened first.
    logic : Logic or str
        Whether the player may use the total mine count.
    engine : Engine or None
        Solves the positions single numbers do not settle (default
        :meth:`Engine.for_games`).
    topology : str
        The board's topology, by name (``square`` by default).
    deadline : float or None
        A ``time.perf_counter()`` value: building the check (the neighbour
        tables, the first click's opening) past it raises
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    >>> r = NoGuessCheck(2, 3, [(0, 2)], (0, 0))
    >>> r.run(), r.board().grid
    (False, ('01.', '01.'))
    >>> r.move_mines([(0, 2)], [(1, 2)])   # the mine goes to the other cell of the 50/50
    >>> r.run(), r.board().grid            # still a 50/50: the numbers changed, not the shape
    (False, ('01.', '01.'))
    >>> NoGuessCheck(3, 3, [(0, 0)], (2, 2), topology="hex").run()   # hex: the 1s see one cell each
    True
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        mines: Iterable[Sequence[int]],
        first_click: Sequence[int],
        logic: Logic | str = Logic.FULL,
        engine: Engine | None = None,
        *,
        topology: TopologySpec = DEFAULT_TOPOLOGY,
        deadline: float | None = None,
    ) -> None:
        self.logic = Logic(logic)
        from cnfsweep.engine import Engine  # here: Logic is read (generate --logic's choices) without the engine

        self.engine = engine if engine is not None else Engine.for_games()
        try:
            self.table = Table.on_layout(
                rows, cols, checked(mines, deadline, 1 << 16), topology, self.logic is Logic.FULL, deadline
            )
        except OffBoardError as exc:
            raise CnfsweepError(f"a mine is off the {format_size(rows, cols)} board: {exc}") from None
        self.game = self.table.game
        self.steps = 0
        self.clicks = 0
        first = Cell(*first_click)
        # The mine flags, not Game.mines: that copies every mine into a new set, and a generator checks thousands of layouts.
        if 0 <= first.row < rows and 0 <= first.col < cols and self.game.mine_flags[first.row * cols + first.col]:
            raise CnfsweepError(f"the first click {tuple(first_click)} is a mine")
        self.table.click(first)

    # -- what the check knows ---------------------------------------------------

    @property
    def solved(self) -> bool:
        """Whether every safe cell is open."""
        return self.table.won

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell, in index order (the order of the topology's tables)."""
        return self.table.cells

    @property
    def mine_flags(self) -> memoryview:
        """Whether each cell (by index) holds a mine (1) under the current layout (read-only)."""
        return self.game.mine_flags

    def board(self) -> Board:
        """Return what the player sees now (the layout's total as the total)."""
        return self.game.board()

    def live_numbers(self) -> dict[int, set[int]]:
        """Return each revealed number with covered, unsettled neighbours, and those neighbours."""
        return self.table.live_numbers()

    def covered(self) -> list[int]:
        """Return the covered cells nobody has settled, by index."""
        return self.table.covered()

    # -- moves -----------------------------------------------------------------

    def run(self, deadline: float | None = None) -> bool:
        """Open every cell the player can prove safe; return whether the board is solved.

        Past ``deadline`` (a ``time.perf_counter()`` value) raise
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`: the clock is read
        every :data:`CHECK_EVERY` cells opened, between rounds and inside the
        exact analyses, so the check stops soon after the deadline
        whatever the board's size.  A check stopped so is left half-way:
        use it no more.
        """
        table = self.table
        table.deadline = deadline
        while True:
            self.clicks += table.settle()
            if table.won:
                return True
            check_deadline(deadline)
            safe, mines = table.paired()
            stuck = False
            if not safe and not mines:
                # The position shows the layout's total whatever the logic: the view's count decides its use.
                # Built group by group: the groups of numbers unchanged since an earlier round are not built again.
                position = table.position(self.board(), reuse=True)
                check_deadline(deadline)
                # The analysis keeps what is left of the deadline (never a negative limit, which it refuses).
                left = None if deadline is None else max(deadline - time.perf_counter(), 0.0)
                analysis = self.engine.analyze_position(position, time_limit=left)
                self.steps += 1
                safe, mines = list(analysis.safe), list(analysis.mines)
                stuck = not safe
            table.flag_all(mines)
            if stuck:
                return False
            self.clicks += len(table.open_safe(safe))

    def move_mines(self, sources: Iterable[Sequence[int]], targets: Iterable[Sequence[int]]) -> None:
        """Move a mine from each source to the matching target: both covered and unsettled.

        The numbers of revealed cells around them change, and the check
        carries on from what it has opened and flagged so far; a board made
        this way must be checked from its first click again to be sure.
        """
        self.table.move_mines(sources, targets)

    def release(self, flagged: Sequence[int], target: Sequence[int], deadline: float | None = None) -> None:
        """Move the mine of a settled (flagged) cell to a covered, unsettled safe cell.

        The flagged cell becomes covered and unsettled again, and the numbers
        around both change.  For a check walled in by certain mines: the
        wall opens.  As after :meth:`move_mines`, check the board again.
        Past ``deadline`` the check stops half-way, as :meth:`run` does.
        """
        view, mine, cols = self.game.view, self.game.mine_flags, self.game.level.cols
        s, t = Cell(*flagged), Cell(*target)
        i, j = s[0] * cols + s[1], t[0] * cols + t[1]
        if view[i] != ord("*") or view[j] != ord(".") or mine[j]:
            raise CnfsweepError("a mine is released only from a flagged cell to a covered safe cell")
        self.table.deadline = deadline
        self.table.release(s, t)

    def flagged_on_edge(self, deadline: float | None = None) -> list[int]:
        """Return the flagged cells beside both a revealed cell and a covered, unsettled one."""
        self.table.deadline = deadline
        return self.table.flagged_on_edge()

    def verdict(self) -> NoGuessVerdict:
        """Run to the end or to the first guess, and say how it went."""
        solved = self.run()
        return NoGuessVerdict(solved, self.steps, self.clicks, None if solved else self.board())


def check_no_guess(
    rows: int,
    cols: int,
    mines: Iterable[Sequence[int]],
    first_click: Sequence[int],
    logic: Logic | str = Logic.FULL,
    engine: Engine | None = None,
    topology: TopologySpec = DEFAULT_TOPOLOGY,
) -> NoGuessVerdict:
    """Play a layout from ``first_click``, opening only cells that exact analysis proves safe.

    Examples
    --------
    >>> check_no_guess(3, 3, [(2, 2)], (0, 0)).solved
    True
    >>> r = check_no_guess(2, 3, [(0, 2)], (0, 0))  # a 50/50 against the wall
    >>> r.solved, r.stuck.grid
    (False, ('01.', '01.'))
    >>> check_no_guess(1, 4, [(0, 2)], (0, 0)).solved  # the 1 sees only (0, 2)
    True
    """
    return NoGuessCheck(rows, cols, mines, first_click, logic, engine, topology=topology).verdict()
