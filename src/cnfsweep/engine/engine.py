"""One solving set-up shared by a game, its policy and every look-ahead.

An :class:`Engine` holds the backend, the cache of solved components that goes
with it, and how components are counted and weighed.  Whatever solves
something during a game or an analysis (the position itself, a policy's
hypothetical positions, a forced-pair check) solves it through the same
engine, so ``--backend`` means the same thing everywhere and each component
is solved once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from cnfsweep.engine.analysis import Analysis, Arithmetic, analyze, analyze_position
from cnfsweep.core.model import CountTable
from cnfsweep.engine.backends import Backend, get_backend
from cnfsweep.core.board import Board
from cnfsweep.core.errors import ArgumentTypeError, shown
from cnfsweep.core.values import choice_argument
from cnfsweep.engine.components import ComponentCache, Counting
from cnfsweep.engine.consistency_levels import ConsistencyLevels, levels
from cnfsweep.core.model import Problem
from cnfsweep.engine.position import Position

__all__ = ["Engine"]


@dataclass(frozen=True, eq=False)
class Engine:
    """A backend with its component cache and counting settings.

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
    cache: ComponentCache = field(default_factory=ComponentCache)
    counting: Counting = Counting.AUTO
    arithmetic: Arithmetic = Arithmetic.AUTO

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

        Raises
        ------
        BackendError
            For an unknown or unusable backend (a :class:`ValueError` too).
        ArgumentError
            For an unknown ``counting`` or ``arithmetic``.
        """
        if cache is not None and not isinstance(cache, ComponentCache):
            raise ArgumentTypeError(f"cache must be a ComponentCache, got {shown(cache)} ({type(cache).__name__})")
        return cls(
            get_backend(backend), cache if cache is not None else ComponentCache(),
            choice_argument(Counting, counting, "counting"), choice_argument(Arithmetic, arithmetic, "arithmetic"),
        )

    @classmethod
    def for_games(cls, backend: str | Backend | None = None, cache: ComponentCache | None = None) -> Engine:
        """Build the engine a player uses: small components are counted by search alone, no solver.

        Look-ahead snapshots and no-guess replays use it too, so a game solves everything alike.
        """
        return cls.create(backend, counting=Counting.SEARCH, cache=cache)

    @property
    def spec(self) -> str:
        """The backend's full spec."""
        return self.backend.spec

    def solve(
        self, problem: Problem, deadline: float | None = None
    ) -> tuple[dict[int, int] | None, CountTable | None]:
        """Return the forced boxes and count table of one component (``(None, None)`` without a model)."""
        return self.cache.solve(self.backend, problem, self.counting, deadline)

    def analyze(
        self,
        board: Board,
        *,
        total_mines: int | None = None,
        assume: Mapping[str, bool | str] | None = None,
        simplified: bool = True,
        time_limit: float | None = None,
    ) -> Analysis:
        """Analyse a board with this engine (see :func:`~cnfsweep.engine.analysis.analyze`)."""
        return analyze(
            board, total_mines=total_mines, backend=self.backend, assume=assume, cache=self.cache,
            counting=self.counting, simplified=simplified, time_limit=time_limit, arithmetic=self.arithmetic,
        )

    def analyze_position(
        self, pos: Position, *, total_mines: int | None = None, time_limit: float | None = None
    ) -> Analysis:
        """Analyse a position built by the caller (see :func:`~cnfsweep.engine.analysis.analyze_position`)."""
        return analyze_position(
            pos, total_mines=total_mines, backend=self.backend, cache=self.cache, counting=self.counting,
            time_limit=time_limit, arithmetic=self.arithmetic,
        )

    def levels(
        self,
        board: Board,
        max_level: int = 3,
        steps: bool = False,
        *,
        total_mines: int | None = None,
        time_limit: float | None = None,
    ) -> ConsistencyLevels:
        """Find every covered cell's consistency level with this engine (see :func:`~cnfsweep.engine.consistency_levels.levels`).

        Examples
        --------
        >>> from cnfsweep.core.board import Board
        >>> Engine.create("brute").levels(Board.from_rows(["...", "121"])).counts()
        {'1': 0, '2': 3, '3': 0, 'full': 0, 'total': 0}
        """
        return levels(
            board, max_level, steps=steps, total_mines=total_mines, backend=self.backend, cache=self.cache,
            counting=self.counting, arithmetic=self.arithmetic, time_limit=time_limit,
        )
