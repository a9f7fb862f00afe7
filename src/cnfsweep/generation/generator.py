"""One call for no-guess boards: :func:`generate`, and :func:`generate_boards` for a seeded run."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
import itertools
import random
import time
from collections.abc import Iterator

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.deadline import deadline_after
from cnfsweep.core.errors import ArgumentError, ArgumentTypeError, ParameterError, shown, TimeLimitExceeded
from cnfsweep.core.topology import Topology
from cnfsweep.core.graph import CellLike, Graph, cell_of, is_graph
from cnfsweep.core.checks import cell_argument, choice_argument, count_argument, start_argument
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.engine.arguments import BackendSpec, engine_argument
from cnfsweep.explanation import Explainer, Grade, grade_layout
from cnfsweep.generation.fair import Logic
from cnfsweep.generation.fast import sample_fast
from cnfsweep.generation.result import Generated, Method, check_room
from cnfsweep.generation.sample import sample_uniform
from cnfsweep.play.game import Level
from cnfsweep.play.level import TopologySpec, format_size

__all__ = ["centre", "generate", "generate_boards", "graph_request", "level_named"]

_SAMPLERS = {Method.FAST: sample_fast, Method.UNIFORM: sample_uniform}


def level_named(level: Level | str) -> Level:
    """Return ``level``, looking a name such as ``"expert"`` up in :data:`~cnfsweep.play.game.LEVELS`."""
    if isinstance(level, Level):
        return level
    if not isinstance(level, str):
        raise ArgumentTypeError(f"level must be a Level or a level's name, got {shown(level)} ({type(level).__name__})")
    return Level.named(level, " or give a Level")


def centre(level: Level) -> Cell:
    """Return the default first click: the middle cell (row-major, rounding down and right).

    A graph has no middle: its default is the cell with the most neighbours
    (the first such in the graph's order), whose opening is the largest.

    Examples
    --------
    >>> centre(Level(16, 30, 99))
    Cell(row=8, col=15)
    >>> from cnfsweep.core.graph import Graph
    >>> centre(Level.on_graph(Graph.from_edges("abc", [("a", "b"), ("b", "c")]), 1))
    Cell(row=0, col=1)
    """
    if level.graph is not None:
        around = level.graph.tables().around
        return Cell(0, max(range(len(around)), key=lambda i: (len(around[i]), -i)))
    return Cell(level.rows // 2, level.cols // 2)


def graph_request(
    board: Board,
    mines: int | None = None,
    start: str | None = None,
    name: str = "graph",
    *,
    first_click: str | None = None,
) -> tuple[Level, Cell]:
    """Return the level of a request on the cells and edges of graph board ``board``, and its start cell.

    ``mines`` defaults to the board's total; the cell clicked first is the one named
    ``start``, else the board's layout's start, else :func:`centre`'s choice.
    ``first_click``, the old name of ``start``, is accepted for one release with a
    :class:`DeprecationWarning`.  The board's numbers, flags and layout are not kept:
    only its graph.

    Raises
    ------
    ArgumentError
        If ``board`` is not a graph board or gives no total, or no cell has the name.

    Examples
    --------
    >>> from cnfsweep.core.graph import Graph
    >>> board = Board(("...",), 1, topology=Graph.from_edges("abc", [("a", "b"), ("b", "c")]))
    >>> graph_request(board)
    (Level(rows=1, cols=3, mines=1, name='graph', topology_name='graph'), Cell(row=0, col=1))
    >>> graph_request(board, 0, "c")[1]
    Cell(row=0, col=2)
    """
    graph = board.topology
    if not is_graph(graph):
        raise ArgumentError(f"not a graph board (read as a {graph.name} board)")
    if mines is None:
        mines = board.total_mines
        if mines is None:
            raise ParameterError("mines", None, "the graph gives no total of mines ('mines' in the file): give one")
    named = start_argument(start, first_click)
    level = Level.on_graph(graph, mines, name)
    layout = board.layout
    if named is not None:
        return level, graph.cell_named(str(named))
    if layout is not None and layout.start is not None:
        return level, Cell(*layout.start)
    return level, centre(level)


def generate(
    level: Level | str = "expert",
    *,
    start: CellLike | None = None,
    seed: int | None = None,
    method: Method | str = Method.FAST,
    logic: Logic | str = Logic.FULL,
    time_limit: float | None = None,
    engine: Engine | None = None,
    grade: Grade | str | None = None,
    topology: TopologySpec | None = None,
    backend: BackendSpec | None = None,
    first_click: CellLike | None = None,
) -> Generated:
    """Return one board that never forces a guess, with its layout.

    From ``start`` (an opening: it and its neighbours hold no mine), a
    player who opens only cells exact inference proves safe (using the total
    mine count too, unless ``logic="local"``) opens every safe cell.  Every
    board is replayed that way before it is returned.

    Parameters
    ----------
    level : Level or str
        ``"beginner"``, ``"intermediate"``, ``"expert"`` or any :class:`Level`.
    start : (row, col), str or None
        The cell the player clicks first (on a graph, a pair or the cell's name); the centre cell by default.
    seed : int or None
        Fixes the board; without it one is drawn and kept in the result.
    method : {"fast", "uniform"}
        ``"uniform"`` is exactly uniform over the no-guess layouts;
        ``"fast"`` repairs random layouts and is much faster at high density.
    logic : {"full", "local"}
        Whether the player may use the total mine count.
    time_limit : float or None
        Seconds allowed for this board.
    grade : {"easy", "medium", "hard", "evil"} or None
        Only a board of this grade (:class:`~cnfsweep.explanation.grade_report.Grade`,
        with the player's ``logic``): no-guess boards are drawn and graded
        until one is; the first is the board ``seed`` gives without a grade,
        board ``j`` after it the one ``game_seed(seed, j)`` gives.  The
        result keeps ``seed``, so the same call gives the same board.
    topology : str, Topology or Graph, optional
        Play ``level`` on this topology instead of its own: a grid topology's name
        (``"square"``, ``"torus"``, ``"hex"``), or a :class:`~cnfsweep.core.graph.Graph`
        (whose cells, not the level's size, are the board; the level gives the mines).
    engine : Engine, optional
        The engine every replay goes through (a player's, :meth:`Engine.for_games`, by default).
    backend : str or Backend, optional
        The backend of a fresh player's engine instead of ``engine``.
    first_click : (row, col), optional
        Deprecated name of ``start`` (``first_click`` names the first-click rule elsewhere);
        still taken, with a :class:`DeprecationWarning`, until the next release.

    Raises
    ------
    ArgumentError
        If the request is impossible (the mines do not fit outside the opening,
        the first click is off the board, an unknown level, method, logic or
        grade, a negative seed); :class:`~cnfsweep.core.errors.ArgumentTypeError`
        for an argument of the wrong type; :class:`~cnfsweep.core.errors.BackendError`
        for a backend without unsatisfiable cores for ``grade``.
    TimeLimitExceeded
        If no no-guess layout (of that grade) turned up within ``time_limit``.

    Examples
    --------
    >>> g = generate("beginner", seed=3)
    >>> g.start, len(g.mine_cells), g.method.value
    (Cell(row=4, col=4), 10, 'fast')
    >>> g.board().layout.count
    10
    >>> h = generate("beginner", seed=3, grade="hard")   # the ninth no-guess board drawn is hard
    >>> h.grade.value, h.candidates, h.seed
    ('hard', 9, 3)
    >>> generate("beginner", seed=3, topology="hex").level.topology_name
    'hex'
    """
    start = start_argument(start, first_click)
    request = _Request.checked(level, start, seed, method, logic, time_limit, engine, grade, topology, backend)
    return request.draw(random.SystemRandom().getrandbits(63) if seed is None else seed)


@dataclass(frozen=True)
class _Request:
    """What :func:`generate` and :func:`generate_boards` were asked for, every argument checked."""

    level: Level
    first: Cell
    method: Method
    logic: Logic
    time_limit: float | None
    engine: Engine
    grade: Grade | None

    @classmethod
    def checked(
        cls,
        level: Level | str,
        start: CellLike | None,
        seed: object,
        method: object,
        logic: object,
        time_limit: float | None,
        engine: Engine | None,
        grade: object,
        topology: object = None,
        backend: BackendSpec | None = None,
    ) -> _Request:
        """Check every argument, refusing impossible requests before any search."""
        level = _on(level_named(level), topology)
        first = centre(level) if start is None else cell_argument(cell_of(level.topology, start, "start"), "start")
        check_room(level, first)
        deadline_after(time_limit)
        count_argument(seed, "seed", optional=True)
        return cls(
            level,
            first,
            choice_argument(Method, method, "method"),
            choice_argument(Logic, logic, "logic"),
            time_limit,
            engine_argument(engine, backend, for_games=True, stacklevel=4),
            None if grade is None else choice_argument(Grade, grade, "grade"),
        )

    def draw(self, seed: int) -> Generated:
        """Return the board ``seed`` gives (of the grade asked for)."""
        if self.grade is not None:
            return _graded(
                self.level, self.first, seed, self.method, self.logic, self.time_limit, self.engine, self.grade
            )
        return _SAMPLERS[self.method](self.level, self.first, seed, self.logic, self.time_limit, self.engine)


def _on(level: Level, topology: object) -> Level:
    """Return ``level`` on ``topology`` (a grid topology's name or one, or a graph), or as it is for ``None``."""
    if topology is None:
        return level
    if isinstance(topology, Graph):
        return Level.on_graph(topology, level.mines, level.name)
    if isinstance(topology, Topology):
        topology = topology.name
    if not isinstance(topology, str):
        raise ArgumentTypeError(
            f"topology must be a topology's name, a Topology or a Graph, got {shown(topology)} "
            f"({type(topology).__name__})"
        )
    return level.on(topology)


def _graded(
    level: Level,
    first: Cell,
    seed: int,
    method: Method,
    logic: Logic,
    time_limit: float | None,
    engine: Engine,
    wanted: Grade,
) -> Generated:
    """Draw no-guess boards and grade each until one is of grade ``wanted``."""
    start = time.perf_counter()
    deadline = deadline_after(time_limit, start)
    explainer = Explainer(engine)  # refuses a backend without cores before any search
    attempts = 0
    for candidate in itertools.count():
        left = None if deadline is None else deadline - time.perf_counter()
        try:
            if left is not None and left <= 0:
                raise TimeLimitExceeded("no time left")
            board_seed = seed if candidate == 0 else game_seed(seed, candidate)
            board = _SAMPLERS[method](level, first, board_seed, logic, left, engine)
            attempts += board.attempts
            report = grade_layout(
                level.rows,
                level.cols,
                board.mine_cells,
                first,
                uses_total=logic is Logic.FULL,
                topology=level.topology_spec,
                explainer=explainer,
                deadline=deadline,
            )
        except TimeLimitExceeded:
            raise TimeLimitExceeded(
                f"no {wanted.value} no-guess layout of {level.mines} mine{'' if level.mines == 1 else 's'} on "
                f"{format_size(level.rows, level.cols, graph=level.graph is not None)} found within the time limit of {time_limit} s "
                f"({candidate} no-guess board{'' if candidate == 1 else 's'} graded)"
            ) from None
        if report.grade is wanted:
            return dataclasses.replace(
                board,
                seed=seed,
                attempts=attempts,
                seconds=time.perf_counter() - start,
                grade=wanted,
                candidates=candidate + 1,
            )
    raise AssertionError("unreachable: the candidates never run out")


def generate_boards(
    level: Level | str,
    count: int,
    *,
    seed: int = 0,
    start: CellLike | None = None,
    method: Method | str = Method.FAST,
    logic: Logic | str = Logic.FULL,
    time_limit: float | None = None,
    engine: Engine | None = None,
    grade: Grade | str | None = None,
    topology: TopologySpec | None = None,
    backend: BackendSpec | None = None,
    first_click: CellLike | None = None,
) -> Iterator[Generated]:
    """Yield ``count`` no-guess boards of a run seeded with ``seed``.

    Board ``i`` is ``generate(..., seed=game_seed(seed, i))``, so a run gives
    the same boards on every machine, however it is split over workers, and
    ``cnfsweep play --no-guess --seed S`` plays exactly these boards.
    ``time_limit`` applies to each board; the other arguments are :func:`generate`'s.

    Examples
    --------
    >>> [len(g.mine_cells) for g in generate_boards("beginner", 2, seed=1)]
    [10, 10]
    """
    # Checked now, not when the first board is asked for.
    count_argument(count, "count")
    start = start_argument(start, first_click)
    request = _Request.checked(level, start, seed, method, logic, time_limit, engine, grade, topology, backend)
    return (request.draw(game_seed(seed, i)) for i in range(count))
