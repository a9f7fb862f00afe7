"""Solve one component: entailed boxes by assumptions, model counts, and a cache of both."""

from __future__ import annotations

from enum import Enum
from typing import Any

from cnfsweep.core.constraints import CountTable
from cnfsweep.engine.backends import Backend, Session
from cnfsweep.engine.boxsearch import box_solve, kernel_table
from cnfsweep.engine.dp import count_dp, elimination_order, width
from cnfsweep.core.deadline import check_deadline
from cnfsweep.core.errors import ComponentTooLarge
from cnfsweep.core.constraints import Problem


class Counting(Enum):
    """How a component's models are counted.

    Except under ``SEARCH``, every safe and mine fact is proved by the
    backend's assumption-based entailment.  ``ENUMERATE`` asks the backend for
    every canonical model; ``DP`` runs the dynamic programme of
    :mod:`cnfsweep.engine.dp`, whose cost follows the component's width instead of
    its number of models; both come after the solver's entailment, a second
    and independent derivation of the facts.  ``AUTO`` first lists the models
    by backtracking over box counts in Python (:mod:`cnfsweep.engine.boxsearch`),
    within :data:`SEARCH_NODES` nodes: the list gives the counts and proposes
    the facts, and the solver is opened only to prove those (one assumption
    each), or that there is no model at all.  A component that outgrows the
    search gets the solver's entailment, then the DP when it is narrow (at
    most :data:`DP_WIDTH` constraints open at once), else the backend's
    enumeration while the models are few (:data:`ENUMERATION_LIMIT`), and
    the DP beyond.  ``SEARCH``, the autoplayer's fast path, trusts the
    search's facts and opens no solver for the components it finishes.

    Every way honours the time limit and a memory bound: the DP's tables
    hold at most :data:`~cnfsweep.engine.dp.DP_NUMBERS` numbers and an
    enumeration lists at most :func:`enumeration_limit` models; past either,
    :class:`~cnfsweep.core.errors.ComponentTooLarge` says which (``AUTO``
    tries the enumeration when the DP overflows, and fails only when both do).
    """

    AUTO = "auto"
    SEARCH = "search"
    ENUMERATE = "enumerate"
    DP = "dp"


# The search gives up after this many nodes (a few milliseconds); in real expert play
# two components in a thousand need more.
SEARCH_NODES = 1000

# Past the search, a component this narrow goes straight to the DP (ms-toollib's hard
# board has width 3), and a wider one is first offered to the solver's enumeration:
# circuit reductions have thousands of boxes, width 6 to 11, and only a few dozen
# models, which a solver lists in a blink while the DP's states multiply.
DP_WIDTH = 4
ENUMERATION_LIMIT = 256
# An enumeration keeps one box count per box for every model it lists (a pointer each, as
# the counts are small): a memory bound like the DP's (:data:`~cnfsweep.engine.dp.DP_NUMBERS`).
ENUMERATION_NUMBERS = 20_000_000
# Working out the width costs a fraction of a second on thousands of boxes: skip it there.
_WIDTH_CHECK_BOXES = 500


def _certify(engine: Backend, problem: Problem, forced: dict[int, int] | None, deadline: float | None) -> None:
    """Prove with the solver the facts a search proposed; raise if it finds otherwise."""
    session = engine.open(problem)
    try:
        disproved = forced is None and session.solve(deadline=deadline).satisfiable
        for b, count in (forced or {}).items():
            check_deadline(deadline)
            box = problem.boxes[b]
            # Safe: "its first cell is a mine" has no model; full: "its last cell is safe" has none.
            out = (
                session.solve(true_vars=(box[0],), deadline=deadline)
                if count == 0
                else session.solve(false_vars=(box[-1],), deadline=deadline)
            )
            if out.satisfiable:
                disproved = True
                break
    finally:
        session.close()
    if disproved:
        raise RuntimeError(f"internal error: the box search and backend {engine.spec} disagree on a component")


def count_component(
    engine: Backend,
    problem: Problem,
    counting: Counting,
    deadline: float | None = None,
    session: Session | None = None,
) -> CountTable:
    """Count one component's models the way ``counting`` says (past the search for ``AUTO``).

    Every way is bounded in memory as well as in time: past :data:`~cnfsweep.engine.dp.DP_NUMBERS`
    numbers in the DP's tables, or past :func:`enumeration_limit` models listed,
    :class:`~cnfsweep.core.errors.ComponentTooLarge` is raised, saying which
    bound was hit (``AUTO`` first tries the other way).
    """
    if counting is Counting.DP:
        try:
            return count_dp(problem, deadline)
        except ComponentTooLarge as exc:
            raise ComponentTooLarge(f"{exc}: try --counting auto or search") from None
    if counting is Counting.ENUMERATE:
        limit = enumeration_limit(problem)
        table = engine.count(problem, limit=limit, deadline=deadline, session=session)
        if table is None:
            raise ComponentTooLarge(
                f"the enumeration passed {limit:,} models on a component of {len(problem.boxes):,} boxes: "
                "try --counting auto or dp"
            )
        return table
    if len(problem.boxes) <= _WIDTH_CHECK_BOXES and width(problem, elimination_order(problem, deadline)) <= DP_WIDTH:
        try:
            return count_dp(problem, deadline)
        except ComponentTooLarge as exc:
            dp_failed = exc  # narrow, yet its tables grew too big: list the models instead
    else:
        table = engine.count(problem, limit=ENUMERATION_LIMIT, deadline=deadline, session=session)
        if table is not None:
            return table
        try:
            return count_dp(problem, deadline)
        except ComponentTooLarge as exc:
            dp_failed = exc
    # The session blocked the models a limited count found: list them again in a fresh one.
    limit = enumeration_limit(problem)
    table = engine.count(problem, limit=limit, deadline=deadline)
    if table is None:
        raise ComponentTooLarge(f"{dp_failed}, and it has more than {limit:,} models: no counting fits in memory")
    return table


def enumeration_limit(problem: Problem) -> int:
    """Return how many models an enumeration may list before it has kept :data:`ENUMERATION_NUMBERS` box counts.

    Examples
    --------
    >>> from cnfsweep.core.constraints import Constraint
    >>> enumeration_limit(Problem(((0,), (1,)), (Constraint.exactly((0, 1), 1, "t"),)))
    10000000
    """
    return max(ENUMERATION_LIMIT, ENUMERATION_NUMBERS // max(len(problem.boxes), 1))


def entailed_boxes(session: Session, problem: Problem, deadline: float | None = None) -> dict[int, int] | None:
    """Find the boxes whose mine count is forced, by assumption-based entailment.

    A box is certainly safe when "its first cell is a mine" is unsatisfiable,
    and certainly full when "its last cell is safe" is (cells inside a box are
    ordered, so these are the only questions to ask).  Every model found along
    the way shows values that are possible, which skips many questions.

    Returns
    -------
    dict or None
        Box index to its forced count (0 or the box size); ``None`` when the
        problem has no model at all.
    """
    first = session.solve(deadline=deadline)
    if not first.satisfiable:
        return None
    sizes = problem.box_sizes
    may_hold: set[int] = set()
    may_lack: set[int] = set()

    def learn(model: frozenset[int]) -> None:
        for b, c in enumerate(problem.box_counts(model)):
            if c:
                may_hold.add(b)
            if c < sizes[b]:
                may_lack.add(b)

    assert first.model is not None
    learn(first.model)
    forced: dict[int, int] = {}
    for b, box in enumerate(problem.boxes):
        check_deadline(deadline)
        if b not in may_hold:
            out = session.solve(true_vars=(box[0],), deadline=deadline)
            if out.satisfiable and out.model is not None:
                learn(out.model)
            else:
                forced[b] = 0
        if b not in may_lack:
            out = session.solve(false_vars=(box[-1],), deadline=deadline)
            if out.satisfiable and out.model is not None:
                learn(out.model)
            else:
                forced[b] = sizes[b]
    return forced


#: The components an engine's cache keeps by default, the least recently used dropped first.
CACHE_SIZE = 4096


class ComponentCache:
    """Remember solved components, so repeated analyses only solve what changed.

    Results are keyed by the problem's shape (boxes and constraint bounds, not
    board positions), so a component met again, anywhere, is not solved twice.
    Keep one cache per backend: the key does not include it.

    Examples
    --------
    >>> from cnfsweep import Board, Engine
    >>> cache = ComponentCache()
    >>> board = Board.from_rows(["1.", ".."])
    >>> engines = Engine.create(cache=cache), Engine.create(cache=cache)   # an engine holds its cache
    >>> engines[0].analyze(board).solutions == engines[1].analyze(board).solutions
    True
    >>> cache.hits, cache.misses
    (1, 1)
    """

    def __init__(self, maxsize: int = CACHE_SIZE) -> None:
        self.maxsize = maxsize
        self.hits = 0
        self.misses = 0
        self._store: dict[tuple[Any, ...], tuple[dict[int, int] | None, CountTable | None]] = {}

    def file(
        self, found: dict[tuple[Any, ...], tuple[dict[int, int] | None, CountTable | None]], hits: int, misses: int
    ) -> None:
        """Take in what an analysis solved without this cache: ``found`` by key, in the order :meth:`solve` would have stored them, and its counts.

        A fresh engine's first analysis solves into a dict of its own (see
        :func:`~cnfsweep.engine.quick.board_analysis`), filed here when the
        engine's cache is first read; it holds at most :data:`CACHE_SIZE` entries.
        """
        for key, value in found.items():
            self._store.pop(key, None)
            if len(self._store) >= self.maxsize:
                del self._store[next(iter(self._store))]
            self._store[key] = value
        self.hits += hits
        self.misses += misses

    @staticmethod
    def key(problem: Problem) -> tuple[Any, ...]:
        """Return the position-free key of a problem."""
        shape: tuple[Any, ...] = problem.shape  # made with the problem where the position kernel made it
        return shape

    def solve(
        self, engine: Backend, problem: Problem, counting: Counting = Counting.AUTO, deadline: float | None = None
    ) -> tuple[dict[int, int] | None, CountTable | None]:
        """Return the forced boxes and count table of ``problem``, solving it if new."""
        # self.key(problem), without the call: a cold analysis runs this once a component, and each
        # distinct function it steps into is code to fetch into a cold cache.
        key = problem.shape
        found = self._store.get(key)
        if found is not None:
            self.hits += 1
            # Re-insert so that eviction drops the least recently used entry.
            del self._store[key]
            self._store[key] = found
            return found
        self.misses += 1
        result = solve_component(engine, problem, counting, deadline)
        if len(self._store) >= self.maxsize:
            del self._store[next(iter(self._store))]
        self._store[key] = result
        return result


def solve_component(
    engine: Backend, problem: Problem, counting: Counting = Counting.AUTO, deadline: float | None = None
) -> tuple[dict[int, int] | None, CountTable | None]:
    """Find the forced boxes of one component and count its models.

    Returns ``(None, None)`` when the component has no model.
    """
    if counting in (Counting.AUTO, Counting.SEARCH):
        found = box_solve(problem, SEARCH_NODES, deadline)
        if found is not None:
            forced: dict[int, int] | None
            table: CountTable | None
            if isinstance(found, tuple):
                forced, table = found[0], CountTable(found[1], found[2])
            else:
                forced, table = _from_models(problem, found)
            if counting is Counting.AUTO and (forced or forced is None):
                _certify(engine, problem, forced, deadline)
            return forced, table
        counting = Counting.AUTO
    session = engine.open(problem)
    try:
        forced = entailed_boxes(session, problem, deadline)
        if forced is None:
            return None, None
        # Entailment is done with the session, so counting may reuse it.
        return forced, count_component(engine, problem, counting, deadline, session)
    finally:
        session.close()


def _from_models(problem: Problem, models: list[tuple[int, ...]]) -> tuple[dict[int, int] | None, CountTable | None]:
    """Read the forced boxes and the count table off a complete list of models."""
    if not models:
        return None, None
    found = kernel_table(problem, models)
    if found is not None:
        return found
    forced: dict[int, int] = {}
    for b, size in enumerate(problem.box_sizes):
        seen = {m[b] for m in models}
        if len(seen) == 1 and (count := next(iter(seen))) in (0, size):
            forced[b] = count
    return forced, CountTable.from_box_counts(problem, models)
