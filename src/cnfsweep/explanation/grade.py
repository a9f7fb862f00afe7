"""How hard a no-guess board is: play it with hints only and measure every step's smallest reason.

A player starts from the board's first click and, step by step, makes the
moves whose reasons are the easiest available (:mod:`cnfsweep.explanation.reasons`):

* A **step** is one round of play on the current position: every covered cell
  whose *smallest* reason has the round's least difficulty is opened (safe) or
  flagged (mine) at once, and a zero's flood opens its neighbours as in a game.
  Reasons that use only numbers come before reasons that need the total mine
  count; among each, fewer facts come first.  So while any single number
  settles a cell, the step makes every such move (size 1, found without a
  solver); otherwise the :class:`~cnfsweep.explanation.hints.Explainer` finds every
  certain cell's reason of minimum size and the step makes those of the least
  size.
* A step's **size** is that least size: 1 for a single number, 2 for the 1-1
  and 1-2 patterns, more for chains; the total mine count counts as one fact
  and makes the step a class of its own (``uses_total``).
* A board **needs a guess** when some position has no certain cell before
  every safe cell is open; it then has no grade.

Minimum sizes (not just subset-minimal reasons) make the steps a property of
the position, so a board's steps, histogram and grade do not change under its
eight symmetries (rotations and reflections, transposes included).
The thresholds of the four grades are on :class:`Grade`.
"""

from __future__ import annotations

import time
import warnings
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.deadline import check_deadline, deadline_after
from cnfsweep.core.errors import ArgumentError
from cnfsweep.core.checks import cell_argument, flag_argument, start_argument
from cnfsweep.core.topology import DEFAULT_TOPOLOGY
from cnfsweep.formats import BoardLike, board_argument
from cnfsweep.engine import Engine
from cnfsweep.engine.arguments import BackendSpec, engine_argument
from cnfsweep.explanation.answers import HintMove
from cnfsweep.explanation.grade_report import EASY_PATTERN_STEPS, Grade, GradeReport, Step
from cnfsweep.explanation.hints import Explainer
from cnfsweep.explanation.reasons import ReasonFinder
from cnfsweep.play.level import TopologySpec
from cnfsweep.play.table import Table

__all__ = ["EASY_PATTERN_STEPS", "Grade", "GradeReport", "Step", "grade_board", "grade_layout"]


def _trivial_moves(board: Board, engine: Engine, safe: Sequence[Cell], mines: Sequence[Cell]) -> tuple[HintMove, ...]:
    """The moves of a single-number step with their reasons (one number each, no solver call)."""
    with ReasonFinder(board, engine) as finder:
        moves = [
            HintMove(c, m, True, Fraction(int(m)), finder.reason(c, m))
            for c, m in [(c, False) for c in safe] + [(c, True) for c in mines]
        ]
    return tuple(sorted(moves, key=HintMove.rank))


def _step_levels(engine: Engine, board: Board, moves: Sequence[HintMove]) -> tuple[tuple[str, int], ...]:
    """Count the moves' cells by the consistency level that decides each in ``board``."""
    found = engine.levels(board)
    counts = Counter(found.level(m.cell) for m in moves)
    if None in counts:
        raise RuntimeError("internal error: a certain cell of a grade step has no consistency level")
    return tuple((name, counts[name]) for name in found.names if counts[name])


def grade_layout(
    rows: int,
    cols: int,
    mines: Iterable[Sequence[int]],
    start: Sequence[int] | None = None,
    *,
    uses_total: bool = True,
    opened: Iterable[Sequence[int]] = (),
    topology: TopologySpec = DEFAULT_TOPOLOGY,
    explainer: Explainer | None = None,
    engine: Engine | None = None,
    deadline: float | None = None,
    trace: bool = False,
    levels: bool = False,
    backend: BackendSpec | None = None,
    first_click: Sequence[int] | None = None,
) -> GradeReport:
    """Play a layout from its first click with hints only, and grade it by its steps.

    Parameters
    ----------
    rows, cols : int
    mines : iterable of (row, col)
    start : (row, col) or None, optional
        The safe cell clicked first; ``None`` to start from the cells in ``opened``.
    uses_total : bool, optional
        Whether the player uses the total mine count (``generate --logic full``, the default).
    opened : iterable of (row, col), optional
        Safe cells opened after the first click, before the first step.
    topology : str, optional
        The board's topology by name (``square`` by default).
    explainer : Explainer, optional
        Reuse one for many boards (its engine's cache and its reasons); one is made otherwise.
    engine : Engine, optional
        For a new explainer (a player's, :meth:`~cnfsweep.engine.Engine.for_games`, by default);
        the backend must report unsatisfiable cores.
    backend : str or Backend, optional
        The backend of a fresh engine instead of ``engine``.
    deadline : float, optional
        A ``time.perf_counter()`` value; past it raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.
    trace : bool, optional
        Keep every step's position and moves (with their reasons), not only the hardest's.
    levels : bool, optional
        Find each step's consistency levels (``Step.levels``): a step of single numbers is GAC
        (level 1) by definition; any other step's position goes to
        :meth:`~cnfsweep.engine.Engine.levels` (up to 3-RC).
    first_click : (row, col), optional
        Deprecated name of ``start``, accepted for one release with a :class:`DeprecationWarning`
        (``first_click`` names the first-click rule everywhere else).

    Raises
    ------
    ArgumentError
        If a mine is off the board (:class:`~cnfsweep.core.errors.OffBoardError`) or listed twice,
        or the first click is a mine.

    Examples
    --------
    >>> report = grade_layout(3, 5, [(0, 0), (2, 1)], (0, 2))
    >>> report.grade.value, report.sizes, report.needs_guess
    ('easy', (1, 2, 1), False)
    >>> print("\\n".join(report.hardest_step.board.grid))   # the 1 and the 2 in column 1: (2, 0) is safe
    .1000
    .2100
    .*100
    >>> r = grade_layout(2, 3, [(0, 2)], (1, 0), uses_total=False)   # a 50/50 against the wall
    >>> r.grade, r.needs_guess, r.stuck.grid, r.guess.cell
    (None, True, ('01.', '01.'), Cell(row=0, col=2))
    """
    began = time.perf_counter()
    start = start_argument(start, first_click)
    if explainer is None:
        explainer = Explainer(engine_argument(engine, backend, for_games=True))
    first = None if start is None else cell_argument(start, "start")
    uses_total, trace = flag_argument(uses_total, "uses_total"), flag_argument(trace, "trace")
    play = Table.on_layout(rows, cols, mines, topology, uses_total)
    starts = ([] if first is None else [first]) + [cell_argument(c, "an opened cell") for c in opened]
    if not starts:
        raise ArgumentError("nothing to start from: no first click and no opened cell")
    layout = play.game.mines or frozenset()
    for i, cell in enumerate(starts):
        if cell in layout:
            what = "the first click" if i == 0 and first is not None else "the opened cell"
            raise ArgumentError(f"{what} {tuple(cell)} is a mine")
    play.open_safe(starts)
    engine_ = explainer.engine
    steps: list[Step] = []
    hardest: int | None = None
    stuck: Board | None = None
    guess: HintMove | None = None
    while play.playing:
        safe, flags = play.seen.settled()
        if safe or flags:
            # One number settles each of these cells: GAC does, by definition.
            peek: tuple[tuple[str, int], ...] = (("1", len(safe) + len(flags)),) if levels else ()
            step = Step(1, False, len(safe) + len(flags), levels=peek)
            if trace or hardest is None:
                board = play.board()
                step = Step(1, False, step.cells, board, _trivial_moves(board, engine_, safe, flags), peek)
            play.flag_all(flags)
            play.open_safe(safe)
        else:
            check_deadline(deadline)
            board = play.board()
            analysis = engine_.analyze_position(play.position(board))
            moves = explainer.certain(board, smallest=True, analysis=analysis)
            if not moves:
                stuck, guess = board, explainer.guess(analysis)
                break
            least = min((m.reason.uses_total, m.reason.size) for m in moves if m.reason is not None)
            chosen = tuple(m for m in moves if m.reason is not None and (m.reason.uses_total, m.reason.size) == least)
            peek = _step_levels(engine_, board, chosen) if levels else ()
            step = Step(least[1], least[0], len(chosen), board, chosen, peek)
            play.flag_all([m.cell for m in chosen if m.mine])
            play.open_safe(m.cell for m in chosen if not m.mine)
        if hardest is None or step.difficulty > steps[hardest].difficulty:
            hardest = len(steps)
        elif not trace:
            step = step.bare()  # keep positions only where needed
        steps.append(step)
    if hardest is not None and not trace:
        # Earlier hardest candidates were kept with their positions; drop all but the last.
        steps = [s if i == hardest else s.bare() for i, s in enumerate(steps)]
    grade = None if stuck is not None else Grade.of_steps(steps)
    return GradeReport(
        rows,
        cols,
        play.game.level.mines,
        first,
        uses_total,
        tuple(steps),
        grade,
        hardest,
        stuck,
        guess,
        time.perf_counter() - began,
        play.game.level.topology_name,
        play.game.level.graph,
    )


def grade_board(
    board: BoardLike,
    *,
    uses_total: bool = True,
    explainer: Explainer | None = None,
    engine: Engine | None = None,
    backend: BackendSpec | None = None,
    time_limit: float | None = None,
    trace: bool = False,
    levels: bool = False,
    deadline: float | None = None,
) -> GradeReport:
    """Grade a board that carries its layout (as ``cnfsweep generate`` writes it).

    The replay starts from the layout's first click, whatever else the board
    shows open; a layout without a first click starts from the position shown
    (every revealed cell opened).

    ``uses_total``, ``explainer``, ``engine``, ``backend``, ``trace`` and ``levels`` are as
    :func:`grade_layout` takes them.

    Parameters
    ----------
    board : Board or str
        The board, or its text in any format.
    time_limit : float, optional
        Seconds for the whole grading, reading the board's text included; past them raise
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`.
    deadline : float, optional
        Deprecated (a ``time.perf_counter()`` value): give ``time_limit``; still taken, with a
        :class:`DeprecationWarning`, until the next release.

    Raises
    ------
    ArgumentError
        If the board carries no layout, or (without a first click) shows no revealed cell.

    Examples
    --------
    >>> board = Board.parse("mines: 2\\nfirst-click: 2,0\\n....\\n111.\\n001.\\nlayout:\\n*...\\n....\\n...*\\n")
    >>> report = grade_board(board)
    >>> report.grade, report.sizes   # one step: the 1-1s against the wall clear the top row
    (<Grade.EASY: 'easy'>, (2,))
    """
    if deadline is not None:
        warnings.warn(
            "grade_board(deadline=) is deprecated: give time_limit= in seconds, as every other function takes it",
            DeprecationWarning,
            stacklevel=2,
        )
        if time_limit is not None:
            raise ArgumentError("give time_limit (seconds), not both it and the deprecated deadline")
    else:
        deadline = deadline_after(time_limit)
    board = board_argument(board, deadline=deadline)
    if explainer is None:
        explainer = Explainer(engine_argument(engine, backend, for_games=True))
    layout = board.layout
    if layout is None:
        raise ArgumentError(
            "the board carries no layout: grade needs a board with its mines, as 'cnfsweep generate' writes it "
            "(a 'layout:' section after the grid)"
        )
    opened: tuple[Cell, ...] = ()
    if layout.start is None:
        opened = board.numbers
        if not opened:
            raise ArgumentError("the layout names no first click and the board shows no revealed cell to start from")
    return grade_layout(
        board.rows,
        board.cols,
        sorted(layout.mines),
        layout.start,
        uses_total=uses_total,
        opened=opened,
        topology=board.topology,
        explainer=explainer,
        deadline=deadline,
        trace=trace,
        levels=levels,
    )
