"""The next move a careful player would make, and why.

:func:`hint` ranks every certain cell of a position by its reason (smallest
first, then fewest cells involved, then row-major; :mod:`~cnfsweep.explanation.easiest`
finds the best without explaining every cell) and, when nothing is
certain, names the best guess with its exact probability and whether no
future reveal could make it unnecessary (the autoplayer's forced guess).
:func:`explain` gives the reason for one cell.  An :class:`Explainer` keeps
one engine and the reasons found so far, for a program that asks position
after position (a grader replaying a game with hints only).  What they
answer, :class:`Hint` and :class:`HintMove`, is in :mod:`cnfsweep.explanation.answers`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from cnfsweep.core.assumptions import normalise_assumptions
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import CellKind
from cnfsweep.core.deadline import check_deadline, deadline_after
from cnfsweep.core.errors import BackendError, CnfsweepError
from cnfsweep.core.graph import CellLike, cell_of, is_graph
from cnfsweep.core.checks import cell_argument, flag_argument
from cnfsweep.formats import BoardLike, board_argument
from cnfsweep.engine import Analysis, Engine
from cnfsweep.engine.arguments import BackendSpec, engine_argument
from cnfsweep.explanation.answers import Hint, HintMove
from cnfsweep.explanation.easiest import easiest
from cnfsweep.explanation.reasons import ReasonFinder
from cnfsweep.play.safest import SafestPolicy
from cnfsweep.play.strong import StrongPolicy

__all__ = ["Explainer", "Hint", "HintMove", "NotCertainError", "explain", "hint"]


class NotCertainError(CnfsweepError, ValueError):
    """Report a cell that is asked about but is not certain (or not a covered cell at all)."""


class Explainer:
    """One engine and its reasons, for many positions in a row.

    The engine's component cache speeds up each analysis; reasons are kept by
    the numbers they were found among, so a position that differs from the
    last one by a click re-solves only what the click changed.

    Parameters
    ----------
    engine : Engine, optional
        The engine every position goes through (its backend must report unsatisfiable cores).
    backend : str or Backend, optional
        The backend of a fresh engine instead (``"pysat"`` or ``"cpsat"``; the default one without either).
        A spec given as ``engine`` still works, with a :class:`DeprecationWarning`, until the next release.
    memo_size : int
        How many reasons to keep before starting afresh.

    Examples
    --------
    >>> explainer = Explainer()
    >>> for move in explainer.certain(Board.from_rows(["...", "121"])):
    ...     print(tuple(move.cell), "mine" if move.mine else "safe", [tuple(c) for c in move.reason.numbers])
    (0, 0) mine [(1, 1), (1, 2)]
    (0, 2) mine [(1, 0), (1, 1)]
    (0, 1) safe [(1, 0), (1, 1), (1, 2)]
    """

    def __init__(
        self, engine: Engine | None = None, memo_size: int = 20_000, *, backend: BackendSpec | None = None
    ) -> None:
        self.engine = engine_argument(engine, backend)
        if not self.engine.backend.gives_cores:
            # Without cores every reason is shrunk from all the numbers, one exhaustive search each.
            raise BackendError(
                f"backend {self.engine.spec} reports no unsatisfiable cores, which reasons are made of; "
                "use pysat or cpsat"
            )
        self.memo: dict[Any, Any] = {}
        self.memo_size = memo_size

    def analyze(
        self,
        board: BoardLike,
        total_mines: int | None = None,
        *,
        assume: Mapping[str, bool | str] | None = None,
        time_limit: float | None = None,
    ) -> Analysis:
        """Analyse ``board`` with the explainer's engine."""
        return self.engine.analyze(board, total_mines=total_mines, assume=assume, time_limit=time_limit)

    def _finder(self, board: Board, analysis: Analysis, deadline: float | None = None) -> ReasonFinder:
        if len(self.memo) > self.memo_size:
            self.memo.clear()
        return ReasonFinder(
            board,
            self.engine,
            total_mines=analysis.total_mines,
            memo=self.memo,
            fixed=analysis.position.fixed,
            deadline=deadline,
        )

    def _start(
        self,
        board: BoardLike,
        total_mines: int | None,
        assume: Mapping[str, bool | str] | None,
        time_limit: float | None,
        analysis: Analysis | None = None,
    ) -> tuple[Board, Analysis, float | None]:
        """Read the arguments and analyse: the board, its analysis, and the deadline of everything that follows."""
        deadline = deadline_after(time_limit)
        board = board_argument(board)
        if analysis is None:
            analysis = self.analyze(board, total_mines, assume=normalise_assumptions(assume), time_limit=time_limit)
        return board, analysis, deadline

    @staticmethod
    def _facts(analysis: Analysis) -> list[tuple[Cell, bool]]:
        """The certain cells, safe ones first; cells assumed are given, not found."""
        fixed = analysis.position.fixed
        return [(c, False) for c in analysis.safe if c not in fixed] + [
            (c, True) for c in analysis.mines if c not in fixed
        ]

    def certain(
        self,
        board: BoardLike,
        *,
        total_mines: int | None = None,
        smallest: bool = False,
        analysis: Analysis | None = None,
        assume: Mapping[str, bool | str] | None = None,
        time_limit: float | None = None,
    ) -> list[HintMove]:
        """Return every certain cell with its reason, best first (see :meth:`HintMove.rank`).

        Empty when nothing is certain or the position is inconsistent.  Past
        ``time_limit`` seconds raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.
        """
        board, analysis, deadline = self._start(board, total_mines, assume, time_limit, analysis)
        if not analysis.consistent:
            return []
        with self._finder(board, analysis, deadline) as finder:
            moves = [
                HintMove(c, mine, True, Fraction(int(mine)), finder.reason(c, mine, smallest))
                for c, mine in self._facts(analysis)
            ]
        return sorted(moves, key=HintMove.rank)

    def guess(self, analysis: Analysis) -> HintMove | None:
        """Return the guess the autoplayer would take when nothing is certain: a forced one, or the safest cell."""
        if not analysis.consistent or analysis.best_guess is None:
            return None
        found = None
        if analysis.total_mines is not None and not analysis.approximate:
            found = StrongPolicy().unavoidable(analysis, self.engine)
        safest = SafestPolicy().choose(analysis, self.engine)
        if found is None or not found.forced:
            return HintMove(safest.cell, False, False, analysis.exact(safest.cell), None, safest.forced)
        # Name the safest cell too: 'solve' calls it the best guess, and it may be safer than the forced one.
        return HintMove(
            found.cell, False, False, analysis.exact(found.cell), None, True, safest.cell, analysis.exact(safest.cell)
        )

    def hint(
        self,
        board: BoardLike,
        *,
        total_mines: int | None = None,
        every: bool = False,
        smallest: bool = False,
        assume: Mapping[str, bool | str] | None = None,
        time_limit: float | None = None,
    ) -> Hint:
        """See :func:`hint`."""
        start = time.perf_counter()
        every, smallest = flag_argument(every, "every"), flag_argument(smallest, "smallest")
        assumed = normalise_assumptions(assume)
        board, analysis, deadline = self._start(board, total_mines, assumed, time_limit)
        moves: list[HintMove] = []
        if every:
            moves = self.certain(board, smallest=smallest, analysis=analysis, time_limit=_left(deadline))
        elif analysis.consistent:
            with self._finder(board, analysis, deadline) as finder:
                best = easiest(finder, self._facts(analysis), smallest, deadline)
            if best is not None:
                cell, mine, reason = best
                moves = [HintMove(cell, mine, True, Fraction(int(mine)), reason)]
        if not moves:
            guess = self.guess(analysis)
            check_deadline(deadline)
            moves = [guess] if guess is not None else []
        return Hint(
            board,
            tuple(moves),
            analysis.consistent,
            every,
            smallest,
            analysis.total_mines,
            self.engine.spec,
            time.perf_counter() - start,
            assumed,
        )

    def explain(
        self,
        board: BoardLike,
        cell: CellLike,
        *,
        total_mines: int | None = None,
        smallest: bool = False,
        assume: Mapping[str, bool | str] | None = None,
        time_limit: float | None = None,
    ) -> HintMove:
        """See :func:`explain`."""
        board = board_argument(board)
        cell = board.require(cell_argument(cell_of(board.topology, cell), "cell"))  # OffBoardError off the board
        smallest = flag_argument(smallest, "smallest")
        kind = board.kind(cell)
        if kind in (CellKind.NUMBER, CellKind.FLAG):
            what = "a revealed number" if kind is CellKind.NUMBER else "a flag"
            raise NotCertainError(f"cell {_where(cell, board)} is {what}, not a covered cell")
        board, analysis, deadline = self._start(board, total_mines, assume, time_limit)
        if not analysis.consistent:
            raise NotCertainError("the position is inconsistent: no mine layout fits its numbers")
        if cell in analysis.position.fixed:
            raise NotCertainError(
                f"cell {_where(cell, board)} is assumed, not found: its label {board.char(cell)!r} is given a value"
            )
        p = analysis.exact(cell)
        if p is None or p not in (0, 1):
            odds = "unknown without a total mine count" if p is None else f"{p} ({float(p):.2%})"
            raise NotCertainError(f"cell {_where(cell, board)} is not certain: its mine probability is {odds}")
        with self._finder(board, analysis, deadline) as finder:
            return HintMove(cell, p == 1, True, p, finder.reason(cell, p == 1, smallest))


def _left(deadline: float | None) -> float | None:
    """The seconds left before ``deadline`` (none left once it has passed)."""
    return None if deadline is None else max(0.0, deadline - time.perf_counter())


def _where(cell: Cell, board: Board) -> str:
    # A graph's cell by its name, a grid's as (r, c).
    return repr(board.topology.cell_text(cell)) if is_graph(board.topology) else f"({cell.row}, {cell.col})"


def hint(
    board: BoardLike,
    *,
    total_mines: int | None = None,
    every: bool = False,
    smallest: bool = False,
    engine: Engine | None = None,
    backend: BackendSpec | None = None,
    assume: Mapping[str, bool | str] | None = None,
    time_limit: float | None = None,
) -> Hint:
    """Return the next move a careful player would make, with its reason.

    A convenience for one position: ``Explainer(engine, backend=backend).hint(board, ...)``.  A program that asks
    about many positions keeps one :class:`Explainer`, so its engine's cache and its reasons carry over.

    Parameters
    ----------
    board : Board or str
        The position, or its text in any format.
    total_mines : int, optional
        Overrides ``board.total_mines``.
    every : bool, optional
        Every certain cell with its reason, not just the best.
    smallest : bool, optional
        Reasons of minimum size, not only subset-minimal ones.
    engine : Engine, optional
        The engine to solve with (its backend must report unsatisfiable cores).
    backend : str or Backend, optional
        The backend of a fresh engine instead of ``engine`` (the default one without either).
        A spec given as ``engine`` still works, with a :class:`DeprecationWarning`, until the next release.
    assume : mapping of str to bool or str, optional
        Label to value, as :func:`~cnfsweep.engine.analysis.analyze` takes it:
        every cell with the label is a mine (``True``, ``"mine"``) or safe; reasons count on it as on a flag.
    time_limit : float, optional
        Seconds for the whole hint, the analysis and the search for reasons alike.

    Raises
    ------
    TimeLimitExceeded
        Past ``time_limit``.

    Examples
    --------
    >>> h = hint(Board.from_rows(["1..", "2..", "1.."]))
    >>> h.move.cell, h.move.mine, h.move.reason.numbers
    (Cell(row=0, col=1), True, (Cell(row=1, col=0), Cell(row=2, col=0)))
    >>> hint(Board.from_rows(["1.", ".."])).move
    HintMove(cell=Cell(row=0, col=1), mine=False, certain=False, probability=Fraction(1, 3), reason=None, forced=False, safest=None, safest_probability=None)
    """
    return Explainer(engine_argument(engine, backend)).hint(
        board, total_mines=total_mines, every=every, smallest=smallest, assume=assume, time_limit=time_limit
    )


def explain(
    board: BoardLike,
    cell: CellLike,
    *,
    total_mines: int | None = None,
    smallest: bool = False,
    engine: Engine | None = None,
    backend: BackendSpec | None = None,
    assume: Mapping[str, bool | str] | None = None,
    time_limit: float | None = None,
) -> HintMove:
    """Explain why ``cell`` is certainly safe or certainly a mine.

    A convenience for one question: ``Explainer(engine, backend=backend).explain(board, cell, ...)``.
    ``cell`` is a ``(row, col)`` pair, or on a graph board a cell's name.  ``engine``, ``backend``,
    ``assume`` and ``time_limit`` are as :func:`hint` takes them.

    Raises
    ------
    NotCertainError
        If the cell is not covered, or not certain, or the position is inconsistent.
    TimeLimitExceeded
        Past ``time_limit``.

    Examples
    --------
    >>> board = Board.from_rows(["...", "121"])
    >>> explain(board, (0, 1)).reason.numbers  # both 1s and the 2 are needed
    (Cell(row=1, col=0), Cell(row=1, col=1), Cell(row=1, col=2))
    >>> explain(Board.from_rows(["1.", ".."]), (1, 1))
    Traceback (most recent call last):
    ...
    cnfsweep.explanation.hints.NotCertainError: cell (1, 1) is not certain: its mine probability is 1/3 (33.33%)
    """
    return Explainer(engine_argument(engine, backend)).explain(
        board, cell, total_mines=total_mines, smallest=smallest, assume=assume, time_limit=time_limit
    )
