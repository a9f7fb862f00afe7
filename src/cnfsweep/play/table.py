"""The one player's view of a game: a :class:`~cnfsweep.play.game.Game` and what the player has seen of it.

The autoplayer (:mod:`cnfsweep.play.player`), the graded replay
(:mod:`cnfsweep.explanation.grade`) and the no-guess check of the generator
(:mod:`cnfsweep.generation.fair`) all play through a :class:`Table`: every
click goes to the game, and every cell it opens and every flag to the
player's running knowledge (a :class:`~cnfsweep.play.frontier.Frontier`),
kept in step.  A generator may also move covered mines (:meth:`Table.move_mines`,
:meth:`Table.release`): the numbers change and the view follows, without
starting the game again.

Examples
--------
>>> table = Table.on_layout(2, 3, [(0, 2)])
>>> table.open_safe([Cell(1, 0)])
[Cell(row=1, col=0)]
>>> table.settled()   # a 50/50 against the wall: no number settles a cell
([], [])
>>> table.move_mines([(0, 2)], [(1, 2)])   # as a generator repairs a layout: the 1s see the mine still
>>> table.settled(), sorted(table.game.mines), table.board().grid
(([], []), [Cell(row=1, col=2)], ('01.', '01.'))
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.deadline import check_deadline, checked
from cnfsweep.core.topology import DEFAULT_TOPOLOGY
from cnfsweep.engine.position import Position
from cnfsweep.play.frontier import Frontier
from cnfsweep.play.level import TopologySpec
from cnfsweep.play.game import CHECK_EVERY, ClickResult, Game, GameState

__all__ = ["Table"]

_COVERED, _FLAG, _ZERO, _NINE = ord("."), ord("*"), ord("0"), ord("9")


class Table:
    """A game together with what the player has seen of it, kept in step click by click.

    Parameters
    ----------
    game : Game
        The game to play (its layout placed, or placed at the first click).
    uses_total : bool
        Whether the player knows the total mine count: the view's settled
        cells and positions use it, and :meth:`board` shows it.
    deadline : float or None
        A ``time.perf_counter()`` value for every click and rebuild: past it
        raise :class:`~cnfsweep.core.errors.TimeLimitExceeded` (read every
        :data:`~cnfsweep.play.game.CHECK_EVERY` cells opened or recorded),
        the table left half-way: use it no more.
    """

    def __init__(self, game: Game, uses_total: bool = True, deadline: float | None = None) -> None:
        self.game = game
        self.uses_total = uses_total
        self.deadline = deadline
        level = game.level
        self.cells, self.around = level.topology.tables(deadline)
        self.seen = self._fresh_view()
        self._work = 0
        self._shown = game.view  # the game's bytes, read-only: the same buffer all game long

    @classmethod
    def on_layout(
        cls,
        rows: int,
        cols: int,
        mines: Iterable[Sequence[int]],
        topology: TopologySpec = DEFAULT_TOPOLOGY,
        uses_total: bool = True,
        deadline: float | None = None,
    ) -> Table:
        """Return a table over a game on a given layout (see :meth:`Game.from_layout`)."""
        return cls(Game.from_layout(rows, cols, mines, topology, deadline=deadline), uses_total, deadline)

    # -- the game ----------------------------------------------------------------

    @property
    def playing(self) -> bool:
        """Whether the game goes on."""
        return self.game.state is GameState.PLAYING

    @property
    def lost(self) -> bool:
        """Whether a mine was opened."""
        return self.game.state is GameState.LOST

    @property
    def won(self) -> bool:
        """Whether every safe cell is open."""
        return self.game.state is GameState.WON

    def board(self) -> Board:
        """Return what the player sees (with the total mine count only if the player uses it)."""
        board = self.game.board()
        return board if self.uses_total else board.with_total(None)

    def click(self, cell: Cell) -> ClickResult:
        """Click ``cell`` in the game and record every cell it opened."""
        result = self.game.click(cell, self.deadline)
        cols = self.game.level.cols
        self._record([r * cols + c for r, c in result.opened])
        return result

    def chord(self, cell: Cell) -> ClickResult:
        """Chord on ``cell`` in the game (see :meth:`Game.chord`) and record every cell it opened."""
        result = self.game.chord(cell)
        reveal = self.seen.reveal
        for opened, number in zip(result.opened, result.numbers, strict=True):
            reveal(opened, number)
        return result

    def open_safe(self, cells: Iterable[Cell]) -> list[Cell]:
        """Click certainly-safe cells; return those the click opened (not already open by an earlier flood)."""
        game = self.game
        clicked, opened = game.open_cells(cells, self.deadline)
        if clicked and game.exploded == clicked[-1]:
            raise RuntimeError(f"internal error: a certainly safe cell {tuple(game.exploded or ())} is a mine")
        self._record(opened)
        return clicked

    def open_indices(self, indices: list[int]) -> list[int]:
        """:meth:`open_safe` on cells given by index; return the indices of those the click opened.

        Examples
        --------
        >>> table = Table.on_layout(1, 5, [(0, 4)])
        >>> _ = table.click(Cell(0, 3))
        >>> table.open_indices([0, 2]), table.won
        ([0], True)
        """
        game = self.game
        clicked, opened = game.open_indices(indices, self.deadline)
        if clicked and game.exploded is not None:
            raise RuntimeError(f"internal error: a certainly safe cell {tuple(game.exploded)} is a mine")
        self._record(opened)
        return clicked

    def flag_indices(self, indices: list[int]) -> None:
        """:meth:`flag_all` on cells given by index."""
        if not indices:
            return
        flagged = self.game.flag_indices(indices)
        self._count(len(flagged))
        self.seen.flag_many(flagged)

    def flag_all(self, cells: Collection[Cell]) -> None:
        """Flag certain mines (cells flagged already stay so)."""
        if not cells:
            return  # most rounds flag nothing
        flagged = self.game.flag_cells(cells)
        cols = self.game.level.cols
        self._count(len(flagged))
        self.seen.flag_many([r * cols + c for r, c in flagged])

    def settle(self) -> int:
        """Play what single numbers settle, round after round, until they settle nothing more; return the cells clicked.

        Each round flags the mines and opens the safe cells that the numbers
        the last round changed settle (see :meth:`settled`), as a player who
        needs no solver for them would.

        Examples
        --------
        >>> table = Table.on_layout(3, 3, [(0, 0), (0, 1)])
        >>> _ = table.click(Cell(2, 2)); table.board().grid
        ('...', '221', '000')
        >>> table.settle(), table.won, table.board().grid   # the 2s flag both mines, the 1 then opens the corner
        (1, True, ('**1', '221', '000'))
        """
        # By cell index throughout: the round's cells go from the view to the game and back as they are.
        game, seen, deadline = self.game, self.seen, self.deadline
        clicked = 0
        while game.state is GameState.PLAYING:
            safe, mines = seen.settled_indices(deadline)
            self.flag_indices(mines)
            if safe:
                clicked += len(self.open_indices(safe))
            elif not mines:
                break
        return clicked

    # -- what the player knows ----------------------------------------------------

    def settled(self) -> tuple[list[Cell], list[Cell]]:
        """Return the cells single numbers settle since the last call, as ``(safe, mines)`` (see :class:`Frontier`)."""
        return self.seen.settled(self.deadline)

    def paired(self) -> tuple[list[Cell], list[Cell]]:
        """Return the cells pairs of numbers settle, as ``(safe, mines)`` (see :meth:`Frontier.paired`)."""
        return self.seen.paired(self.deadline)

    def position(self, board: Board | None = None, *, reuse: bool = False) -> Position:
        """Return the engine's position of what the player knows; ``board`` is the one it shows (:meth:`board` by default).

        ``reuse`` builds it from the groups of numbers built before where they are unchanged (see :meth:`Frontier.position`).
        """
        return self.seen.position(self.board() if board is None else board, deadline=self.deadline, reuse=reuse)

    def live_numbers(self) -> dict[int, set[int]]:
        """Return each revealed number with covered, unflagged neighbours, and those neighbours, by cell index."""
        return self.seen.live_numbers()

    def covered(self) -> list[int]:
        """Return the covered, unflagged cells by index, in order."""
        return self.seen.unknown_cells()

    def flagged_on_edge(self) -> list[int]:
        """Return the flagged cells beside both a revealed cell and a covered, unflagged one, by index."""
        view, around = self.game.view, self.around
        return [
            i
            for i in checked(range(len(view)), self.deadline, 1 << 14)
            if view[i] == _FLAG
            and any(_ZERO <= view[j] <= _NINE for j in around[i])
            and any(view[j] == _COVERED for j in around[i])
        ]

    # -- changing the layout (a generator's repairs) ----------------------------------

    def move_mines(self, sources: Iterable[Sequence[int]], targets: Iterable[Sequence[int]]) -> None:
        """Move a mine from each source to the matching target (covered, unflagged) and renumber the view."""
        game, seen = self.game, self.seen
        for cell in game.move_mines(sources, targets):
            self._count(1)
            seen.renumber(cell, game.number(cell))

    def release(self, flagged: Cell, target: Cell) -> None:
        """Move the mine of a flagged cell to a covered safe cell; the flagged cell becomes covered again.

        What the player knows changed shape (a flag is gone), so the view is
        read again from the cells.
        """
        self.game.unflag(flagged)
        self.game.move_mines([flagged], [target])
        self.seen = self._fresh_view()
        view, cells = self.game.view, self.cells
        for i in checked(range(len(view)), self.deadline, 4 * CHECK_EVERY):
            if view[i] == _FLAG:
                self.seen.flag(cells[i])
        self._record(
            [i for i in checked(range(len(view)), self.deadline, 4 * CHECK_EVERY) if _ZERO <= view[i] <= _NINE]
        )

    # -- internals -------------------------------------------------------------

    def _fresh_view(self) -> Frontier:
        level = self.game.level
        return Frontier(level.rows, level.cols, level.mines if self.uses_total else None, level.topology)

    def _record(self, opened: list[int]) -> None:
        """Tell the view what the cells of indices ``opened`` show, reading the clock every CHECK_EVERY cells."""
        view, reveal = self._shown, self.seen.reveal_shown
        for start in range(0, len(opened), CHECK_EVERY):
            chunk = opened[start : start + CHECK_EVERY] if len(opened) > CHECK_EVERY else opened
            self._count(len(chunk))
            reveal(chunk, view)

    def _count(self, cells: int) -> None:
        """Count ``cells`` more cells recorded, reading the clock each time the count passes a multiple of CHECK_EVERY."""
        before = self._work
        self._work += cells
        if self.deadline is not None and before // CHECK_EVERY != self._work // CHECK_EVERY:
            check_deadline(self.deadline)
