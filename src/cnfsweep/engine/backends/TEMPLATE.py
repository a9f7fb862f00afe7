"""A solver backend to copy: plain backtracking, a working example of the backend protocol.

Copy this file into your own package, rename the classes and ``name``, and
put your solver where :func:`_models` searches.  Then declare the backend in
your package's ``pyproject.toml``::

    [project.entry-points."cnfsweep.backends"]
    backtrack = "my_package.backtrack:BacktrackBackend"

The entry point's name must be the class's ``name``.  Once your package is
installed, ``--backend backtrack`` (``solve``, ``hint``, ``play``...), the
server's backend setting and ``cnfsweep backends`` know it, and the backend
contract suite (``tests/engine``, run over every usable backend spec) checks it
against the others.  :class:`~cnfsweep.engine.backends.base.Backend` says what
each method must do.

A backend is asked two things about a :class:`~cnfsweep.core.constraints.Problem`
(variables are cells; each constraint says between ``lo`` and ``hi`` of its
variables are mines; variables in one box are seen by the same constraints):

- in a :class:`Session`, again and again under assumptions: is there a model
  with these variables fixed (and, when ``guarded``, only these constraints
  enabled)? and if not, which enabled constraints conflict (the core)?
- :meth:`BacktrackBackend.count`: how many models per number of mines, and how
  often each box's cells are mines in them.

A backend over a solver package must not import it when cnfsweep starts:
:meth:`BacktrackBackend.version` asks the package's metadata
(``importlib.metadata.version("my-solver")``, ``None`` when it is missing) and
:meth:`~BacktrackBackend.open` imports it.  This one needs no package.

Examples
--------
>>> from cnfsweep.core.constraints import Constraint, Problem
>>> p = Problem(boxes=((0, 1), (2,)), constraints=(Constraint.exactly((0, 1, 2), 1, "a"), Constraint.exactly((2,), 0, "b")))
>>> BacktrackBackend().count(p).solutions
{1: 2}
>>> session = BacktrackBackend().open(p, guarded=True)
>>> session.solve(true_vars=[2]).satisfiable, session.solve(true_vars=[2], enabled=[0]).satisfiable
(False, True)
>>> session.close()
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from typing import ClassVar

from cnfsweep.core.deadline import check_deadline
from cnfsweep.core.errors import ComponentTooLarge
from cnfsweep.core.constraints import Constraint, CountTable, Problem
from cnfsweep.core.version import __version__
from cnfsweep.engine.backends.base import Session, SolverOutcome

__all__ = ["BacktrackBackend", "BacktrackSession"]

MAX_VARS = 24
"""The most variables one search takes: beyond it, say so rather than search for hours."""


def _models(num_vars: int, constraints: Sequence[Constraint], fixed: dict[int, int]) -> Iterator[list[int]]:
    """Yield every model (a 0/1 value per variable) by depth-first search: your solver goes here."""
    touching: list[list[Constraint]] = [[] for _ in range(num_vars)]
    for c in constraints:
        for v in c.vars:
            touching[v].append(c)
    values: list[int | None] = [None] * num_vars

    def possible(c: Constraint) -> bool:
        mines = sum(values[v] or 0 for v in c.vars)
        open_ = sum(values[v] is None for v in c.vars)
        return mines <= c.hi and mines + open_ >= c.lo

    def place(v: int) -> Iterator[list[int]]:
        if v == num_vars:
            yield [x or 0 for x in values]
            return
        for value in (fixed[v],) if v in fixed else (0, 1):
            values[v] = value
            if all(possible(c) for c in touching[v]):
                yield from place(v + 1)
        values[v] = None

    if all(possible(c) for c in constraints):  # a constraint over no variable is checked here
        yield from place(0)


def _too_large(problem: Problem) -> None:
    if problem.num_vars > MAX_VARS:
        # A ComponentTooLarge is a one-line error for the user, naming what to do instead.
        raise ComponentTooLarge(
            f"the backtrack backend searches at most {MAX_VARS} cells at once, "
            f"this problem has {problem.num_vars}; use pysat or cpsat"
        )


class BacktrackSession:
    """One problem, asked under assumptions until :meth:`close`."""

    def __init__(self, problem: Problem, guarded: bool) -> None:
        _too_large(problem)
        # Open your solver here, with the problem's constraints (each behind a selector when guarded).
        self.problem, self.guarded = problem, guarded

    def solve(
        self,
        *,
        true_vars: Collection[int] = (),
        false_vars: Collection[int] = (),
        enabled: Collection[int] | None = None,
        deadline: float | None = None,
    ) -> SolverOutcome:
        """Find a model with the given variables fixed, and only the ``enabled`` constraints when guarded."""
        check_deadline(deadline)  # a real solver is handed the time left, or interrupted
        active = sorted(enabled) if self.guarded and enabled is not None else range(len(self.problem.constraints))
        fixed = {v: 1 for v in true_vars} | {v: 0 for v in false_vars}
        constraints = [self.problem.constraints[i] for i in active]
        for model in _models(self.problem.num_vars, constraints, fixed):
            return SolverOutcome(True, model=frozenset(v for v, x in enumerate(model) if x))
        # A solver with assumptions names a smaller core; every active constraint is always a correct one.
        return SolverOutcome(False, core=frozenset(active) if self.guarded else None)

    def close(self) -> None:
        """Release the solver (nothing to release here)."""


class BacktrackBackend:
    """Template backend: depth-first search over cells (copy it from cnfsweep.engine.backends.TEMPLATE)."""

    name: ClassVar[str] = "backtrack"  # what --backend takes
    counts_models: ClassVar[bool] = False  # True only if count() is exact for any problem size
    gives_cores: ClassVar[bool] = False  # True only if unsatisfiable answers name cores smaller than everything

    def __init__(self, options: str = "") -> None:
        # ``options`` is what follows the name and a colon in a spec (``backtrack:OPTIONS``);
        # a ValueError here becomes a one-line error naming the spec.
        if options:
            raise ValueError("the backtrack backend takes no options")

    @property
    def spec(self) -> str:
        """The full spec, options included: what the engine's cache and the documents name."""
        return self.name

    @classmethod
    def version(cls) -> str | None:
        """Return the solver's version, ``None`` when it is not installed (then the backend is unavailable)."""
        return __version__  # this solver is cnfsweep's own code

    @classmethod
    def variants(cls) -> list[str]:
        """Return every spec usable here: the contract suite runs over each."""
        return [cls.name] if cls.version() is not None else []

    def open(self, problem: Problem, *, guarded: bool = False) -> Session:
        """Open a session on ``problem``; ``guarded`` lets :meth:`BacktrackSession.solve` switch constraints off."""
        return BacktrackSession(problem, guarded)

    def count(
        self,
        problem: Problem,
        limit: int | None = None,
        deadline: float | None = None,
        session: Session | None = None,
    ) -> CountTable | None:
        """Count the models by number of mines, or ``None`` past ``limit`` canonical models (mines per box)."""
        _too_large(problem)
        canonical: set[tuple[int, ...]] = set()
        for seen, model in enumerate(_models(problem.num_vars, problem.constraints, {})):
            if seen % 1024 == 0:
                check_deadline(deadline)
            canonical.add(problem.box_counts({v for v, x in enumerate(model) if x}))
            if limit is not None and len(canonical) > limit:
                return None
        return CountTable.from_box_counts(problem, sorted(canonical))
