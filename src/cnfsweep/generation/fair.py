"""Decide whether a layout can be solved from its first click without a single guess.

:class:`Replayer` plays a layout the way a careful player would: cells one
number settles first (no solver), then exact analysis of the whole position
whenever those run out.  It is incremental, so a generator can also move mines
(:meth:`Replayer.move_mines`) and carry on from where the replay got stuck.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from cnfsweep.core.board import Board
from cnfsweep.core.topology import Square
from cnfsweep.core.errors import CnfsweepError, check_deadline, checked
from cnfsweep.engine import Engine
from cnfsweep.play.frontier import Frontier

__all__ = ["Logic", "Replay", "Replayer", "replay_without_guessing"]

_COVERED, _OPEN, _FLAGGED = 0, 1, 2
_COVERED_CHAR, _FLAG_CHAR, _ZERO = ord("."), ord("*"), ord("0")

#: Cells opened between two readings of the clock: a few milliseconds of flood, so that even
#: a 1000x1000 board stops soon after its deadline.
CHECK_EVERY = 1024


class Logic(Enum):
    """What the no-guess player may use besides the numbers."""

    FULL = "full"
    """The numbers and the total mine count."""
    LOCAL = "local"
    """The numbers alone, as many people play: such boards are a subset of ``FULL``'s."""


@dataclass(frozen=True)
class Replay:
    """How a no-guess replay went.

    ``solved`` when every safe cell was opened; otherwise ``stuck`` is the
    position in which no covered cell was certainly safe.  ``steps`` counts
    the exact analyses the replay needed (the rounds where no single number
    settled a cell); ``clicks`` counts the safe cells it opened by a click
    (cells a zero's flood opened are not clicked).
    """

    solved: bool
    steps: int
    clicks: int = 0
    stuck: Board | None = None


class Replayer:
    """A no-guess replay in progress over a layout that may still change.

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
    deadline : float or None
        A ``time.perf_counter()`` value: building the replay (the neighbour
        tables, the first click's opening) past it raises
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    >>> r = Replayer(2, 3, [(0, 2)], (0, 0))
    >>> r.run(), r.board().grid
    (False, ('01.', '01.'))
    >>> r.move_mines([(0, 2)], [(1, 2)])   # the mine goes to the other cell of the 50/50
    >>> r.run(), r.board().grid            # still a 50/50: the numbers changed, not the shape
    (False, ('01.', '01.'))
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
        deadline: float | None = None,
    ) -> None:
        self.rows, self.cols = rows, cols
        self.logic = Logic(logic)
        self.engine = engine if engine is not None else Engine.for_games()
        # Generated boards are square, as games are (see Level.topology).
        self.tables = Square(rows, cols).tables(deadline)
        n = rows * cols
        self.mine = bytearray(n)
        for r, c in checked(mines, deadline, 1 << 16):
            if not (0 <= r < rows and 0 <= c < cols):
                raise CnfsweepError(f"mine ({r}, {c}) is off the {cols}x{rows} board")
            self.mine[r * cols + c] = 1
        self.total = sum(self.mine)
        self.status = bytearray(n)
        # What each cell shows, one ASCII byte each, kept in step with ``status`` and
        # the numbers: the engine is handed a Board at every analysis.
        self.view = bytearray(b".") * n
        # Revealed neighbours of each cell: a covered cell with none is off the frontier.
        self.seen = bytearray(n)
        self.opened = 0
        self.steps = 0
        self.clicks = 0
        self.frontier = Frontier(rows, cols, self.total if self.logic is Logic.FULL else None)
        first = self.tables.index(first_click)
        if self.mine[first]:
            raise CnfsweepError(f"the first click {tuple(first_click)} is a mine")
        self._open(first, deadline)

    # -- what the replay knows ---------------------------------------------------

    @property
    def solved(self) -> bool:
        """Whether every safe cell is open."""
        return self.opened == len(self.mine) - self.total

    def number(self, i: int) -> int:
        """Return the number cell ``i`` (a row-major index) shows under the current layout."""
        mine = self.mine
        return sum(mine[j] for j in self.tables.around[i])

    def board(self) -> Board:
        """Return what the player sees now (the layout's total as the total)."""
        flat, cols = self.view.decode("ascii"), self.cols
        return Board(tuple(flat[k : k + cols] for k in range(0, len(flat), cols)), self.total)

    def live_numbers(self) -> dict[int, set[int]]:
        """Return each revealed number with covered, unsettled neighbours, and those neighbours."""
        status, around, out = self.status, self.tables.around, {}
        for i in range(len(status)):
            if status[i] == _OPEN:
                unknown = {j for j in around[i] if status[j] == _COVERED}
                if unknown:
                    out[i] = unknown
        return out

    def covered(self) -> list[int]:
        """Return the covered cells nobody has settled, by row-major index."""
        status = self.status
        return [i for i in range(len(status)) if status[i] == _COVERED]

    # -- moves -----------------------------------------------------------------

    def run(self, deadline: float | None = None) -> bool:
        """Open every cell the player can prove safe; return whether the board is solved.

        Past ``deadline`` (a ``time.perf_counter()`` value) raise
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`: the clock is read
        every :data:`CHECK_EVERY` cells opened, between rounds and inside the
        exact analyses, so the replay stops soon after the deadline
        whatever the board's size.  A replay stopped so is left half-way:
        use it no more.
        """
        frontier, cells, index = self.frontier, self.tables.cells, self.tables.index
        while not self.solved:
            check_deadline(deadline)
            safe, mines = frontier.settled(deadline)
            stuck = False
            if not safe and not mines:
                position = frontier.position(self.board(), deadline=deadline)
                check_deadline(deadline)
                # The analysis keeps what is left of the deadline (never a negative limit, which it refuses).
                left = None if deadline is None else max(deadline - time.perf_counter(), 0.0)
                analysis = self.engine.analyze_position(position, time_limit=left)
                self.steps += 1
                safe, mines = list(analysis.safe), list(analysis.mines)
                stuck = not safe
            for cell in checked(mines, deadline, CHECK_EVERY):
                i = index(cell)
                if self.status[i] == _COVERED:
                    self.status[i] = _FLAGGED
                    self.view[i] = _FLAG_CHAR
                    frontier.flag(cells[i])
            if stuck:
                return False
            for cell in safe:
                i = index(cell)
                if self.status[i] == _COVERED:
                    self.clicks += 1
                    self._open(i, deadline)
        return True

    def move_mines(self, sources: Iterable[Sequence[int]], targets: Iterable[Sequence[int]]) -> None:
        """Move a mine from each source to the matching target: both covered and unsettled.

        The numbers of revealed cells around them change, and the replay
        carries on from what it has opened and flagged so far; a board made
        this way must be replayed from its first click again to be sure.
        """
        index, status, mine = self.tables.index, self.status, self.mine
        moved = [(index(s), index(t)) for s, t in zip(sources, targets, strict=True)]
        for s, t in moved:
            if status[s] != _COVERED or status[t] != _COVERED or not mine[s] or mine[t]:
                raise CnfsweepError("mines move only from a covered mine to a covered safe cell")
            mine[s], mine[t] = 0, 1
        self._recount({j for pair in moved for cell in pair for j in self.tables.around[cell] if status[j] == _OPEN})

    def release(self, flagged: Sequence[int], target: Sequence[int], deadline: float | None = None) -> None:
        """Move the mine of a settled (flagged) cell to a covered, unsettled safe cell.

        The flagged cell becomes covered and unsettled again, and the numbers
        around both change.  For a replay walled in by certain mines: the
        wall opens.  As after :meth:`move_mines`, replay the board again.
        Past ``deadline`` the replay stops half-way, as :meth:`run` does.
        """
        index, status, mine = self.tables.index, self.status, self.mine
        s, t = index(flagged), index(target)
        if status[s] != _FLAGGED or status[t] != _COVERED or mine[t]:
            raise CnfsweepError("a mine is released only from a flagged cell to a covered safe cell")
        mine[s], mine[t], status[s] = 0, 1, _COVERED
        self.view[s] = _COVERED_CHAR
        # What the player knows changed shape (a flag is gone): read it again from the cells.
        cells = self.tables.cells
        self.frontier = Frontier(self.rows, self.cols, self.total if self.logic is Logic.FULL else None)
        for i in checked(range(len(status)), deadline, 4 * CHECK_EVERY):
            if status[i] == _FLAGGED:
                self.frontier.flag(cells[i])
        for i in checked(range(len(status)), deadline, 4 * CHECK_EVERY):
            if status[i] == _OPEN:
                number = self.number(i)
                self.view[i] = _ZERO + number
                self.frontier.reveal(cells[i], number)

    def flagged_on_edge(self, deadline: float | None = None) -> list[int]:
        """Return the flagged cells beside both a revealed cell and a covered, unsettled one."""
        status, around = self.status, self.tables.around
        return [
            i for i in checked(range(len(status)), deadline, 1 << 14)
            if status[i] == _FLAGGED
            and any(status[j] == _OPEN for j in around[i])
            and any(status[j] == _COVERED for j in around[i])
        ]

    def _recount(self, revealed: Iterable[int]) -> None:
        cells = self.tables.cells
        for i in revealed:
            number = self.number(i)
            self.view[i] = _ZERO + number
            self.frontier.renumber(cells[i], number)

    def _open(self, start: int, deadline: float | None = None) -> None:
        # Flood from ``start``: a zero opens its neighbours, as in a game.
        status, around, seen, cells, mine = self.status, self.tables.around, self.seen, self.tables.cells, self.mine
        todo = [start]
        status[start] = _OPEN
        while todo:
            if deadline is not None and not self.opened % CHECK_EVERY:
                check_deadline(deadline)
            i = todo.pop()
            self.opened += 1
            near = around[i]
            number = 0
            for j in near:
                seen[j] += 1
                number += mine[j]
            self.view[i] = _ZERO + number
            self.frontier.reveal(cells[i], number)
            if number == 0:
                for j in near:
                    if status[j] == _COVERED:
                        status[j] = _OPEN
                        todo.append(j)

    def replay(self) -> Replay:
        """Run to the end or to the first guess, and say how it went."""
        solved = self.run()
        return Replay(solved, self.steps, self.clicks, None if solved else self.board())


def replay_without_guessing(
    rows: int,
    cols: int,
    mines: Iterable[Sequence[int]],
    first_click: Sequence[int],
    logic: Logic | str = Logic.FULL,
    engine: Engine | None = None,
) -> Replay:
    """Play a layout from ``first_click``, opening only cells that exact analysis proves safe.

    Examples
    --------
    >>> replay_without_guessing(3, 3, [(2, 2)], (0, 0)).solved
    True
    >>> r = replay_without_guessing(2, 3, [(0, 2)], (0, 0))  # a 50/50 against the wall
    >>> r.solved, r.stuck.grid
    (False, ('01.', '01.'))
    >>> replay_without_guessing(1, 4, [(0, 2)], (0, 0)).solved  # the 1 sees only (0, 2)
    True
    """
    return Replayer(rows, cols, mines, first_click, logic, engine).replay()
