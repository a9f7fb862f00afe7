"""One solving set-up, and the front door of every answer about a position.

An :class:`Engine` holds the backend, the cache of solved components that goes
with it, the positions it built last, and how components are counted and
weighed, all given once (:meth:`Engine.create`).  Analyses, consistency
checks, one layout (:meth:`Engine.witness`) and consistency levels are its methods; the layers above take an
engine for the rest (reasons and hints: :class:`~cnfsweep.explanation.Explainer`;
grades: :func:`~cnfsweep.explanation.grade_board`; games:
:class:`~cnfsweep.play.Player`).  Whatever solves something during a game,
a run or a server's life (the position itself, a policy's hypothetical
positions, a forced-pair check) solves it through one engine, so ``--backend``
means the same thing everywhere and each component is solved once.  Nothing
is cached process-wide: a fresh engine starts cold.

:func:`analyze`, :func:`check` and :func:`levels` are conveniences for one
question: each builds a fresh engine and asks it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast, overload

from cnfsweep.core.board import Board
from cnfsweep.core.deadline import deadline_after
from cnfsweep.core.errors import ArgumentTypeError, shown
from cnfsweep.core.constraints import CountTable, Problem
from cnfsweep.core.checks import choice_argument, flag_argument
from cnfsweep.engine.analysis import Analysis, Arithmetic, Run, analysis_of
from cnfsweep.engine.backends import Backend, default_backend, get_backend
from cnfsweep.engine.components import ComponentCache, Counting
from cnfsweep.engine.consistency import CheckResult, check_position
from cnfsweep.engine.consistency_levels import ConsistencyLevels, find_levels
from cnfsweep.engine.position import Position, RecentPositions
from cnfsweep.engine.quick import FIRST, board_analysis
from cnfsweep.engine.witness import Witness, find_witness
from cnfsweep.formats import board_argument

__all__ = ["Engine", "analyze", "check", "levels"]

T = TypeVar("T")


class _OnFirstUse(Generic[T]):
    """An engine's attribute made by ``factory(engine)`` when it is first read, then an ordinary attribute.

    A descriptor with ``__get__`` alone: once the value is in the instance's dict, reading it is a
    plain lookup that calls nothing.  An engine that never solves a component (a check, a witness)
    never builds a component cache, and :meth:`Engine.create` steps into no constructor of them.
    """

    __slots__ = ("factory", "name")

    def __init__(self, factory: Callable[[Any], T]) -> None:
        self.factory = factory
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> _OnFirstUse[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> T | _OnFirstUse[T]:
        if instance is None:
            return self  # read on the class (as the dataclass does for the field's default)
        made = self.factory(instance)
        # setdefault: two threads reading it first both get the one value stored.
        value: T = instance.__dict__.setdefault(self.name, made)
        return value


def _on_first_use(factory: Callable[[Any], T]) -> T:
    """A field's default made by ``factory(engine)`` when the field is first read (see :class:`_OnFirstUse`)."""
    # Typed as what an instance reads, which is what the field's annotation says.
    return cast(T, _OnFirstUse(factory))


def _filed(engine: Engine) -> dict[str, Any]:
    """The engine's instance dict, with what its first analysis left filed into a new cache and recent positions.

    A fresh engine's first analysis through :func:`~cnfsweep.engine.quick.board_analysis` makes
    neither (a cold analysis steps into no constructor and hashes no board): it leaves its
    position and the components it solved under :data:`~cnfsweep.engine.quick.FIRST`, filed here
    when either is first read, so both then hold what they would have held.
    """
    fields = engine.__dict__
    first = fields.pop(FIRST, None)
    if first is not None:  # left only while neither existed
        key, pos, found, hits, misses = first
        positions, cache = RecentPositions(), ComponentCache()
        positions.keep(key, pos)
        cache.file(found, hits, misses)
        fields.setdefault("positions", positions)
        fields.setdefault("cache", cache)
    return fields


def _made_cache(engine: Engine) -> ComponentCache:
    made: ComponentCache | None = _filed(engine).get("cache")
    return ComponentCache() if made is None else made


def _made_positions(engine: Engine) -> RecentPositions:
    made: RecentPositions | None = _filed(engine).get("positions")
    return RecentPositions() if made is None else made


@dataclass(frozen=True, eq=False, init=False)
class Engine:
    """A backend with its component cache, its recent positions and its counting settings.

    The cache and the recent positions are made when first read (an engine that only checks
    positions never makes a cache), then kept: every later read answers the same object.  A
    fresh engine's first analysis, where it goes through :mod:`cnfsweep.engine.quick`, leaves
    what it found to be filed into both then (a one-off analysis makes neither).  Two threads
    making an engine's first analyses at once may lose some of the first one's entries: a
    cache's contents are never an answer, only time saved.

    Examples
    --------
    >>> from cnfsweep.core.board import Board
    >>> engine = Engine.create("cpsat")
    >>> engine.analyze(Board.from_rows(["1.", ".."])).backend
    'cpsat'
    >>> engine.analyze(Board.from_rows(["1.", ".."])).solutions, engine.cache.hits
    (3, 1)
    """

    backend: Backend
    # The two defaults below are one descriptor each on the class (called once, at class creation),
    # not a value the instances share: each engine's own is made when it is first read.
    #: The solved components, shared by every analysis of this engine (and of engines given it):
    #: made when first read.
    cache: ComponentCache = _on_first_use(_made_cache)  # noqa: RUF009
    counting: Counting = Counting.AUTO
    arithmetic: Arithmetic = Arithmetic.AUTO
    #: The last positions this engine built: made when first read.
    positions: RecentPositions = _on_first_use(_made_positions)  # noqa: RUF009

    def __init__(
        self,
        backend: Backend,
        cache: ComponentCache | None = None,
        counting: Counting = Counting.AUTO,
        arithmetic: Arithmetic = Arithmetic.AUTO,
        positions: RecentPositions | None = None,
    ) -> None:
        # The fields go straight into the instance's dict (a cold analysis creates an engine: the
        # frozen dataclass's __init__, one object.__setattr__ a field, cost a tenth of a small analysis).
        # A cache or positions not given are made when first read (see _OnFirstUse).
        fields = self.__dict__
        fields["backend"], fields["counting"], fields["arithmetic"] = backend, counting, arithmetic
        if cache is not None:
            fields["cache"] = cache
        if positions is not None:
            fields["positions"] = positions

    @classmethod
    def create(
        cls,
        backend: str | Backend | None = None,
        *,
        counting: Counting | str = Counting.AUTO,
        arithmetic: Arithmetic | str = Arithmetic.AUTO,
        cache: ComponentCache | None = None,
    ) -> Engine:
        """Build an engine from a backend spec (the default backend when ``None``).

        Parameters
        ----------
        backend : str or Backend, optional
            Backend spec such as ``"cpsat"`` or ``"pysat:glucose4"``.
        counting : Counting or str, optional
            ``"auto"`` (default: see :class:`~cnfsweep.engine.components.Counting`),
            ``"search"`` (small components by backtracking in Python alone, no
            solver: the autoplayer's fast path), ``"enumerate"`` (the backend
            lists every model) or ``"dp"`` (dynamic programming, for wide components).
        arithmetic : Arithmetic or str, optional
            ``"auto"`` (default), ``"exact"`` or ``"float"``: see :class:`~cnfsweep.engine.analysis.Arithmetic`.
        cache : ComponentCache, optional
            Share the components another engine of the same backend solved.

        Raises
        ------
        BackendError
            For an unknown or unusable backend (a :class:`ValueError` too).
        ArgumentError
            For an unknown ``counting`` or ``arithmetic``.
        """
        if cache is not None and not isinstance(cache, ComponentCache):
            raise ArgumentTypeError(f"cache must be a ComponentCache, got {shown(cache)} ({type(cache).__name__})")
        # Members pass as they are, without the check's call: a cold analysis creates an engine, and
        # each function it steps into is code to fetch into a cold cache (see analysis_of).
        counting = counting if type(counting) is Counting else choice_argument(Counting, counting, "counting")
        if type(arithmetic) is not Arithmetic:
            arithmetic = choice_argument(Arithmetic, arithmetic, "arithmetic")
        if cls is not Engine:  # a subclass may have its own __init__
            return cls(get_backend(backend), cache, counting, arithmetic)
        # What __init__ would do, without stepping into it; the cache and positions come on first use.
        engine = object.__new__(cls)
        fields = engine.__dict__
        # The default backend without get_backend's call (see default_backend).
        found = default_backend() if backend is None else get_backend(backend)
        fields["backend"], fields["counting"], fields["arithmetic"] = found, counting, arithmetic
        if cache is not None:
            fields["cache"] = cache
        return engine

    @classmethod
    def for_games(cls, backend: str | Backend | None = None, cache: ComponentCache | None = None) -> Engine:
        """Build the engine a player uses: small components are counted by search alone, no solver.

        Look-ahead snapshots and no-guess replays use it too, so a game solves everything alike.
        """
        return cls.create(backend, counting=Counting.SEARCH, cache=cache)

    @classmethod
    def of(cls, engine: Engine | str | Backend | None) -> Engine:
        """Return ``engine`` itself, or a fresh engine on the backend it names (the default for ``None``).

        Examples
        --------
        >>> engine = Engine.create("brute")
        >>> Engine.of(engine) is engine, Engine.of("brute").spec
        (True, 'brute')
        """
        return engine if isinstance(engine, Engine) else cls.create(engine)

    @property
    def spec(self) -> str:
        """The backend's full spec."""
        return self.backend.spec

    def solve(self, problem: Problem, deadline: float | None = None) -> tuple[dict[int, int] | None, CountTable | None]:
        """Return the forced boxes and count table of one component (``(None, None)`` without a model)."""
        return self.cache.solve(self.backend, problem, self.counting, deadline)

    def analyze(
        self,
        board: Board | str,
        *,
        total_mines: int | None = None,
        assume: Mapping[str, bool | str] | None = None,
        simplified: bool = True,
        time_limit: float | None = None,
    ) -> Analysis:
        """Find the certain cells and exact mine probabilities of a position.

        Parameters
        ----------
        board : Board or str
            The position, or its text in any format (read as :func:`~cnfsweep.formats.parse_board` reads it).
        total_mines : int, optional
            Mines on the whole board, flags included; overrides ``board.total_mines``.
        assume : mapping of str to bool or str, optional
            Label to value: ``{"u": True}`` (or ``{"u": "mine"}``) makes every cell
            labelled ``u`` a mine, ``False`` or ``"safe"`` makes them safe; any
            other value raises :class:`~cnfsweep.core.errors.AssumptionError`.
        simplified : bool, optional
            Settle trivially forced cells and subset-reduce the numbers before any
            search (default); ``False`` leaves everything to the backend.
        time_limit : float, optional
            Seconds allowed, reading the board's text and then into components included; past
            them :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised instead of
            an answer that would take longer.

        Examples
        --------
        >>> from cnfsweep.core.board import Board, Cell
        >>> a = Engine.create().analyze(Board.from_rows(["...", "121"]))
        >>> a.mines, a.safe
        ((Cell(row=0, col=0), Cell(row=0, col=2)), (Cell(row=0, col=1),))
        >>> a = Engine.create().analyze(Board.from_rows(["1.", ".."]), total_mines=1)
        >>> a.exact(Cell(1, 1)), a.solutions
        (Fraction(1, 3), 3)
        """
        started = time.perf_counter()  # reading the board's text counts too
        # The checks' calls only where they have something to do: see create.
        deadline = None if time_limit is None else deadline_after(time_limit, started)
        board = board if type(board) is Board else board_argument(board, deadline=deadline)
        simplified = simplified if type(simplified) is bool else flag_argument(simplified, "simplified")
        if deadline is None and assume is None and simplified:
            # The common question in one step, where the kernels are built (None: they are not). A fresh
            # engine's first analysis makes neither its recent positions nor its cache (see _filed).
            fields = self.__dict__
            fresh = "cache" not in fields and "positions" not in fields and FIRST not in fields
            found = board_analysis(
                board,
                total_mines,
                None if fresh else self.positions,
                None if fresh else self.cache,
                fields if fresh else None,
                self.backend,
                self.counting,
                self.arithmetic,
                self.solve,
                started,
            )
            if found is not None:
                return found
        pos = self.positions.position(
            board, total_mines=total_mines, assume=assume, simplified=simplified, deadline=deadline
        )
        # The Run built here and in analyze_position, not by a helper: one function fewer on a cold path.
        return analysis_of(pos, Run(total_mines, self.solve, self.backend.spec, self.arithmetic, started, deadline))

    def analyze_position(
        self, pos: Position, *, total_mines: int | None = None, time_limit: float | None = None
    ) -> Analysis:
        """Analyse a :class:`~cnfsweep.engine.position.Position` built by the caller.

        :meth:`analyze` reads the board into a position first; a player that keeps
        its position up to date move by move (see :mod:`cnfsweep.play.frontier`) comes
        here directly.  ``total_mines`` is only what the result reports, the count
        itself is ``pos.mines_left``.

        Examples
        --------
        >>> from cnfsweep.core.board import Board
        >>> from cnfsweep.engine.position import build_position
        >>> board = Board.from_rows(["1.", ".."], total_mines=1)
        >>> Engine.create().analyze_position(build_position(board)).solutions
        3
        """
        started = time.perf_counter()
        deadline = deadline_after(time_limit, started)
        # The backend's spec, as self.spec gives it, without that property's call (see create).
        return analysis_of(pos, Run(total_mines, self.solve, self.backend.spec, self.arithmetic, started, deadline))

    def check(
        self,
        board: Board | str,
        *,
        assume: Mapping[str, bool | str] | None = None,
        total_mines: int | None = None,
        minimise: bool = True,
        time_limit: float | None = None,
    ) -> CheckResult:
        """Decide whether some mine layout fits every number (and the total).

        With ``minimise`` (default) a conflict is shrunk until every number in it
        is needed, one solver call per number; without it the solver's own core is
        returned (unsatisfiable, but maybe not minimal), which is much faster on
        large unsatisfiable boards such as circuit reductions.  Past ``time_limit``
        seconds :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised (a solver
        call is interrupted where the backend allows it).  ``board``, ``assume`` and
        ``total_mines`` are as :meth:`analyze` takes them.

        Examples
        --------
        >>> from cnfsweep.core.board import Board
        >>> Engine.create().check(Board.from_rows(["1.", ".."])).consistent
        True
        >>> r = Engine.create().check(Board.from_rows(["2.", "00"]))
        >>> r.consistent, r.conflict
        (False, (Cell(row=0, col=0),))
        """
        deadline = deadline_after(time_limit)  # reading the board's text counts too
        board = board_argument(board, deadline=deadline)
        minimise = flag_argument(minimise, "minimise")
        pos = self.positions.position(board, total_mines=total_mines, assume=assume, deadline=deadline)
        return check_position(board, pos, self.backend, total_mines=total_mines, minimise=minimise, deadline=deadline)

    def witness(self, board: Board | str, *, simplified: bool = True, time_limit: float | None = None) -> Witness:
        """Find one mine layout that fits ``board``'s numbers (and its total), with no conflict named if none does.

        One solver call per component the box search cannot settle, on the
        engine's position of the board: cheaper than :meth:`check` on a large
        board that has no layout, which names its numbers in conflict.
        ``simplified=False`` skips the cells simplification would settle first
        (on a long chain of numbers, such as a circuit's wire, one solver call is
        cheaper than settling it cell by cell).  Past ``time_limit`` seconds
        :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised.

        Examples
        --------
        >>> from cnfsweep.core.board import Board
        >>> engine = Engine.create()
        >>> engine.witness(Board.from_rows(["1.", ".."], total_mines=1)).mines
        (Cell(row=0, col=1),)
        >>> engine.witness(Board.from_rows(["2.", "00"])).mines is None
        True
        """
        deadline = deadline_after(time_limit)  # reading the board's text counts too
        board = board_argument(board, deadline=deadline)
        simplified = flag_argument(simplified, "simplified")
        pos = self.positions.position(board, simplified=simplified, deadline=deadline)
        return find_witness(pos, self.backend, deadline)

    def levels(
        self,
        board: Board | str,
        max_level: int = 3,
        steps: bool = False,
        *,
        total_mines: int | None = None,
        time_limit: float | None = None,
    ) -> ConsistencyLevels:
        """Find the level of every covered cell: the least level of propagation that decides it.

        The sets' joint solutions, the exact analyses and a conflict past the numeric levels are
        all solved by this engine (see :mod:`cnfsweep.engine.consistency_levels`).

        Parameters
        ----------
        board : Board or str
            The position, or its text in any format (read as :func:`~cnfsweep.formats.parse_board` reads it).
        max_level : int, optional
            The highest numeric level (1 to :data:`~cnfsweep.engine.consistency_levels.MAX_LEVEL`;
            3 by default, as the poster).
        steps : bool, optional
            Keep every round of propagation (``rounds``), as the poster's step-by-step mode shows them.
        total_mines : int, optional
            Overrides ``board.total_mines``.
        time_limit : float, optional
            Seconds allowed, reading the board's text included; past them
            :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised.

        Raises
        ------
        CnfsweepError
            For a ``max_level`` out of range.

        Examples
        --------
        >>> from cnfsweep.core.board import Board, Cell
        >>> Engine.create("brute").levels(Board.from_rows(["...", "121"])).counts()
        {'1': 0, '2': 3, '3': 0, 'full': 0, 'total': 0}
        >>> result = Engine.create().levels(Board.from_rows(["1..", "...", "..."]), total_mines=1)
        >>> result.counts(), result.level(Cell(1, 1))
        ({'1': 0, '2': 0, '3': 0, 'full': 0, 'total': 5}, None)
        >>> Engine.create().levels(Board.from_rows(["2.", "0."])).inconsistent_level
        '1'
        """
        started = time.perf_counter()
        deadline = deadline_after(time_limit, started)
        board = board_argument(board, deadline=deadline)  # reading the board's text counts too
        return find_levels(
            self, board, max_level, steps=steps, total_mines=total_mines, deadline=deadline, started=started
        )


def analyze(
    board: Board | str,
    *,
    total_mines: int | None = None,
    backend: str | Backend | None = None,
    assume: Mapping[str, bool | str] | None = None,
    counting: Counting | str = Counting.AUTO,
    simplified: bool = True,
    time_limit: float | None = None,
    arithmetic: Arithmetic | str = Arithmetic.AUTO,
) -> Analysis:
    """Analyse one position with a fresh engine: ``Engine.create(backend, counting=, arithmetic=).analyze(board, ...)``.

    A program that asks about many positions keeps one :class:`Engine` instead,
    so that components solved once are not solved again.  Parameters are those
    of :meth:`Engine.create` and :meth:`Engine.analyze`.

    Examples
    --------
    >>> from cnfsweep.core.board import Board, Cell
    >>> a = analyze(Board.from_rows(["...", "121"]))
    >>> a.mines, a.safe
    ((Cell(row=0, col=0), Cell(row=0, col=2)), (Cell(row=0, col=1),))
    >>> a = analyze(Board.from_rows(["1.", ".."]), total_mines=1, backend="cpsat")
    >>> a.exact(Cell(1, 1)), a.solutions, a.backend
    (Fraction(1, 3), 3, 'cpsat')
    """
    engine = Engine.create(backend, counting=counting, arithmetic=arithmetic)
    return engine.analyze(board, total_mines=total_mines, assume=assume, simplified=simplified, time_limit=time_limit)


def check(
    board: Board | str,
    *,
    assume: Mapping[str, bool | str] | None = None,
    total_mines: int | None = None,
    backend: str | Backend | None = None,
    minimise: bool = True,
    time_limit: float | None = None,
) -> CheckResult:
    """Check one position with a fresh engine: ``Engine.create(backend).check(board, ...)`` (see :meth:`Engine.check`).

    Examples
    --------
    >>> from cnfsweep.core.board import Board
    >>> check(Board.from_rows(["1.", ".."])).consistent
    True
    >>> r = check(Board.from_rows(["2.", "00"]))
    >>> r.consistent, r.conflict
    (False, (Cell(row=0, col=0),))
    """
    return Engine.create(backend).check(
        board, assume=assume, total_mines=total_mines, minimise=minimise, time_limit=time_limit
    )


def levels(
    board: Board | str,
    max_level: int = 3,
    *,
    steps: bool = False,
    total_mines: int | None = None,
    backend: str | Backend | None = None,
    counting: Counting | str = Counting.AUTO,
    arithmetic: Arithmetic | str = Arithmetic.AUTO,
    time_limit: float | None = None,
) -> ConsistencyLevels:
    """Find every covered cell's level with a fresh engine (see :meth:`Engine.levels`).

    ``backend``, ``counting`` and ``arithmetic`` are :meth:`Engine.create`'s.

    Examples
    --------
    >>> from cnfsweep.core.board import Board, Cell
    >>> result = levels(Board.from_rows(["1..", "...", "..."]), total_mines=1)
    >>> result.counts(), result.level(Cell(1, 1))
    ({'1': 0, '2': 0, '3': 0, 'full': 0, 'total': 5}, None)
    """
    engine = Engine.create(backend, counting=counting, arithmetic=arithmetic)
    return engine.levels(board, max_level, steps, total_mines=total_mines, time_limit=time_limit)
