"""Moves made many at a time, for a player or a generator rather than a person: a mixin of :class:`~cnfsweep.play.game.Game`.

A player opening the cells it knows are safe, or flagging the mines it knows,
does it in one call (:meth:`BatchMoves.open_cells`, :meth:`BatchMoves.flag_cells`);
a generator repairing a layout moves mines under a game in progress
(:meth:`BatchMoves.move_mines`).  They work on the game's bytes directly, as
the game's own moves do: a no-guess check makes tens of thousands a second.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.play.outcome import _COVERED, _FLAG, _ZERO, ClickResult, GameState

if TYPE_CHECKING:
    from cnfsweep.play.level import Level

__all__ = ["BatchMoves"]


class BatchMoves:
    """Opening, flagging and moving mines many cells at a time; :class:`~cnfsweep.play.game.Game` has them."""

    # The game's state, which Game.__init__ sets up (named here for type checkers).
    level: Level
    _state: GameState
    _view: bytearray
    _is_mine: bytearray
    _count: bytearray
    _around: tuple[tuple[int, ...], ...]
    _cells: tuple[Cell, ...]
    _clicks: list[Cell]
    _first: Cell | None
    _mines: set[Cell] | None

    if TYPE_CHECKING:
        def click(self, cell: Cell, deadline: float | None = None) -> ClickResult: ...
        def _cell(self, cell: Sequence[int]) -> Cell: ...
        def _index(self, cell: Sequence[int]) -> int: ...
        def _lose(self, mine: Cell) -> None: ...
        def _flood(self, starts: list[int], deadline: float | None = None) -> list[int]: ...
        def _settle_opened(self, opened: list[int]) -> tuple[Cell, ...]: ...

    def open_cells(self, cells: Iterable[Cell], deadline: float | None = None) -> tuple[list[Cell], list[int]]:
        """Click each cell of ``cells`` that is still covered, in turn, as :meth:`click` does.

        For a player opening cells it knows are safe, many at a time: cells
        already open (by an earlier flood) are skipped, not clicked; a mine
        ends the game and the batch.  Return the cells clicked and the indices
        (in the topology's cell order) of every cell opened, in order; what
        each shows is in :attr:`view`.

        Examples
        --------
        >>> from cnfsweep.play.game import Game
        >>> game = Game.from_layout(1, 4, [(0, 3)])
        >>> game.open_cells([Cell(0, 0), Cell(0, 1)]), game.board().grid, game.state.value
        (([Cell(row=0, col=0)], [0, 1, 2]), ('001.',), 'won')
        """
        clicked: list[Cell] = []
        first: list[int] = []  # opened by a first click, which click() has recorded already
        opened: list[int] = []
        view, count, is_mine, cols = self._view, self._count, self._is_mine, self.level.cols
        for cell in cells:
            if self._state is not GameState.PLAYING:
                break
            if self._first is None:
                # The first click may place the mines: the general path.
                result = self.click(cell, deadline)
                if result.opened:
                    clicked.append(cell)
                    first += [c[0] * cols + c[1] for c in result.opened]
                continue
            i = cell[0] * cols + cell[1]
            shown_ = view[i] if 0 <= cell[0] < self.level.rows and 0 <= cell[1] < cols else _FLAG
            if shown_ != _COVERED:
                if _ZERO <= shown_ <= _ZERO + 8:
                    continue
                self.click(cell)  # off the board or flagged: click says so
            self._clicks.append(cell if type(cell) is Cell else Cell(*cell))
            clicked.append(self._clicks[-1])
            if is_mine[i]:
                self._lose(self._clicks[-1])
                break
            n = count[i]
            if n:
                view[i] = _ZERO + n
                opened.append(i)
            else:
                opened += self._flood([i], deadline)
        self._settle_opened(opened)
        return clicked, first + opened

    def flag_cells(self, cells: Iterable[Cell]) -> list[Cell]:
        """Flag each covered cell of ``cells``; return those newly flagged (flags stay, revealed cells are skipped).

        For a player flagging the mines it knows, many at a time.

        Examples
        --------
        >>> from cnfsweep.play.game import Game
        >>> game = Game.from_layout(2, 3, [(0, 2)])
        >>> _ = game.click(Cell(1, 0))
        >>> game.flag_cells([Cell(0, 2), Cell(0, 1)]), game.board().grid
        ([Cell(row=0, col=2)], ('01*', '01.'))
        """
        if self._state is not GameState.PLAYING:
            raise CnfsweepError(f"the game is over ({self._state.value}): no more flags")
        view, rows, cols = self._view, self.level.rows, self.level.cols
        flagged = []
        for cell in cells:
            r, c = cell
            if not (0 <= r < rows and 0 <= c < cols):
                self._cell(cell)  # says so
            i = r * cols + c
            if view[i] == _COVERED:
                view[i] = _FLAG
                flagged.append(cell)
        return flagged

    def move_mines(self, sources: Iterable[Sequence[int]], targets: Iterable[Sequence[int]]) -> list[Cell]:
        """Move a mine from each source to the matching target, both covered and unflagged.

        Never in a real game: a generator repairing a layout does it.  The
        numbers around both change; return the revealed cells among them,
        which may now show another number (in cell order).

        Examples
        --------
        >>> from cnfsweep.play.game import Game
        >>> game = Game.from_layout(1, 3, [(0, 0)])
        >>> _ = game.click(Cell(0, 1))
        >>> game.move_mines([(0, 0)], [(0, 2)]), game.board().grid
        ([Cell(row=0, col=1)], ('.1.',))
        """
        view, is_mine, count, around = self._view, self._is_mine, self._count, self._around
        moved = [(self._index(self._cell(s)), self._index(self._cell(t)))
                 for s, t in zip(sources, targets, strict=True)]
        touched: set[int] = set()
        for s, t in moved:
            if view[s] != _COVERED or view[t] != _COVERED or not is_mine[s] or is_mine[t]:
                raise CnfsweepError("mines move only from a covered mine to a covered safe cell")
            is_mine[s], is_mine[t] = 0, 1
            for j in around[s]:
                count[j] -= 1
            for j in around[t]:
                count[j] += 1
            touched.update(around[s])
            touched.update(around[t])
            assert self._mines is not None  # a layout is placed: is_mine said so
            self._mines.discard(self._cells[s])
            self._mines.add(self._cells[t])
        renumbered = sorted(j for j in touched if _ZERO <= view[j] <= _ZERO + 8)
        for j in renumbered:
            view[j] = _ZERO + count[j]
        return [self._cells[j] for j in renumbered]
