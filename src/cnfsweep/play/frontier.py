"""Keep a player's knowledge up to date click by click instead of re-reading the board.

A game loop asks the engine about nearly the same board dozens of times; most
of the work of :func:`~cnfsweep.engine.position.position` (reading every number,
counting its covered and flagged neighbours) repeats what the last move did not
change.  :class:`Frontier` holds each live number's unknown neighbours and the
mines they still need, updates only the numbers around a revealed or flagged
cell, settles cells by the single-point rule with a work list, and hands the
rest to the full engine as a ready-made :class:`~cnfsweep.engine.position.Position`.
"""

from __future__ import annotations

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.topology import GridTopology, Square
from cnfsweep.core.errors import CnfsweepError, checked
from cnfsweep.engine.position import Position, assemble_position
from cnfsweep.core.model import Rule


class Frontier:
    """What a player has seen of one game: numbers, flags and covered cells.

    Mutable and owned by one game loop: call :meth:`reveal` for every cell a
    click opened and :meth:`flag` for every flag placed.

    Parameters
    ----------
    rows, cols : int
    total_mines : int or None
        Mines on the whole board, if the player knows it.
    topology : GridTopology or None
        Which cells are neighbours, of ``rows`` by ``cols`` cells; ``None`` is the square.

    Examples
    --------
    >>> f = Frontier(2, 3, total_mines=1)
    >>> f.reveal(Cell(1, 0), 1); f.reveal(Cell(1, 1), 1); f.reveal(Cell(1, 2), 0)
    >>> f.settled()
    ([Cell(row=0, col=1), Cell(row=0, col=2)], [])
    >>> f.reveal(Cell(0, 1), 1); f.reveal(Cell(0, 2), 0)
    >>> f.settled()
    ([], [Cell(row=0, col=0)])
    """

    def __init__(self, rows: int, cols: int, total_mines: int | None, topology: GridTopology | None = None) -> None:
        # Indices are row-major (cell[0] * cols + cell[1]), as every grid topology's tables are.
        self._cells, self._around = (Square(rows, cols) if topology is None else topology).tables()
        self._cols = cols
        self._covered = set(range(rows * cols))
        self._flagged: set[int] = set()
        self._total = total_mines
        # Live numbers only: index -> covered unflagged neighbours, and the mines among them.
        self._unknown: dict[int, set[int]] = {}
        self._need: dict[int, int] = {}
        self._touched: set[int] = set()

    def reveal(self, cell: Cell, number: int) -> None:
        """Record that ``cell`` was opened and shows ``number``."""
        i = cell[0] * self._cols + cell[1]
        if i not in self._covered:
            return
        self._covered.discard(i)
        around, live = self._around[i], self._unknown
        for j in around:
            if j in live:
                live[j].discard(i)
                self._touched.add(j)
        self._need[i] = number - len(self._flagged.intersection(around)) if self._flagged else number
        live[i] = self._covered.intersection(around)
        self._touched.add(i)

    def renumber(self, cell: Cell, number: int) -> None:
        """Record that the revealed ``cell`` now shows ``number``.

        Never in a game; a generator that moves covered mines changes the
        numbers around them and keeps what the player has seen.
        """
        i = cell[0] * self._cols + cell[1]
        if i in self._need:
            self._need[i] = number - len(self._flagged.intersection(self._around[i]))
            self._touched.add(i)

    def flag(self, cell: Cell) -> None:
        """Record a flag on ``cell``: a mine the player is sure of."""
        i = cell[0] * self._cols + cell[1]
        if i not in self._covered:
            return
        self._covered.discard(i)
        self._flagged.add(i)
        for j in self._around[i]:
            if j in self._unknown:
                self._unknown[j].discard(i)
                self._need[j] -= 1
                self._touched.add(j)

    def settled(self, deadline: float | None = None) -> tuple[list[Cell], list[Cell]]:
        """Return the cells the numbers changed since the last call settle on their own.

        A number whose unknown neighbours must all be safe (it needs no more
        mines) or all be mines (it needs every one) settles them; the cells come
        back as ``(safe, mines)``, each in row-major order.  Numbers that cannot
        hold raise :class:`~cnfsweep.core.errors.CnfsweepError`: a real game never
        produces them.  Past ``deadline`` (a ``time.perf_counter()`` value) raise
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`, the frontier left half-way: use it no more.
        """
        safe: set[int] = set()
        mines: set[int] = set()
        for j in checked(self._touched, deadline, 1 << 13):
            unknown = self._unknown.get(j)
            if unknown is None:
                continue
            need = self._need[j]
            if not 0 <= need <= len(unknown):
                raise CnfsweepError(f"the number at {tuple(self._cells[j])} cannot hold")
            if not unknown:
                del self._unknown[j], self._need[j]
            elif need == 0:
                safe |= unknown
            elif need == len(unknown):
                mines |= unknown
        self._touched.clear()
        cells = self._cells
        return [cells[i] for i in sorted(safe)], [cells[i] for i in sorted(mines)]

    def position(self, board: Board, simplified: bool = True, deadline: float | None = None) -> Position:
        """Build the engine's :class:`~cnfsweep.engine.position.Position` of the current state.

        ``board`` must show what this frontier has seen (the game's
        ``board()``); it becomes the position's board.  Past ``deadline``
        raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.
        """
        cells = self._cells
        rules = [
            Rule(cells[j], tuple(cells[i] for i in sorted(unknown)), self._need[j])
            for j, unknown in checked(sorted(self._unknown.items()), deadline, 1 << 12)
            if unknown
        ]
        covered = tuple(map(cells.__getitem__, sorted(self._covered)))
        mines = None if self._total is None else self._total - len(self._flagged)
        return assemble_position(board, rules, covered, mines, simplified=simplified, deadline=deadline)
