"""Brute-force reference backend: plain backtracking over single cells.

It ignores boxes and every solver trick on purpose, so that the other
backends can be checked against it.  It refuses problems too large to
enumerate in reasonable time.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import ClassVar

from cnfsweep.core.constraints import CountTable
from cnfsweep.engine.backends.base import SolverOutcome, Session
from cnfsweep.core.deadline import check_deadline
from cnfsweep.core.errors import ComponentTooLarge
from cnfsweep.core.constraints import Problem

MAX_COUNT_VARS = 24
MAX_SOLVE_VARS = 40


def _models(problem: Problem, enabled: Collection[int], fixed: dict[int, int]) -> Iterator[tuple[int, ...]]:
    """Yield every model as a 0/1 tuple, by depth-first search with bounds."""
    n = problem.num_vars
    cons = [problem.constraints[i] for i in enabled]
    # Track, per constraint, mines still allowed (hi) and still required (lo).
    hi = [c.hi for c in cons]
    lo = [c.lo for c in cons]
    free = [len(c.vars) for c in cons]
    watch: list[list[int]] = [[] for _ in range(n)]
    for j, c in enumerate(cons):
        for v in c.vars:
            watch[v].append(j)
    if any(hi[j] < 0 or lo[j] > free[j] or lo[j] > hi[j] for j in range(len(cons))):
        return
    values = [0] * n

    def place(v: int) -> Iterator[tuple[int, ...]]:
        if v == n:
            yield tuple(values)
            return
        options = (fixed[v],) if v in fixed else (0, 1)
        for val in options:
            ok = True
            for j in watch[v]:
                free[j] -= 1
                hi[j] -= val
                lo[j] -= val
                ok = ok and hi[j] >= 0 and lo[j] <= free[j]
            if ok:
                values[v] = val
                yield from place(v + 1)
            for j in watch[v]:
                free[j] += 1
                hi[j] += val
                lo[j] += val

    yield from place(0)


class BruteSession:
    """Answer satisfiability questions by search."""

    def __init__(self, problem: Problem, guarded: bool) -> None:
        if problem.num_vars > MAX_SOLVE_VARS:
            raise ComponentTooLarge(
                f"the brute backend solves at most {MAX_SOLVE_VARS} cells at once, this problem has {problem.num_vars}"
            )
        self.problem = problem
        self.guarded = guarded

    def solve(
        self,
        *,
        true_vars: Collection[int] = (),
        false_vars: Collection[int] = (),
        enabled: Collection[int] | None = None,
        deadline: float | None = None,
    ) -> SolverOutcome:
        check_deadline(deadline)  # at most 40 cells: one search is quick
        everything = range(len(self.problem.constraints))
        active = everything if enabled is None or not self.guarded else sorted(enabled)
        fixed = {v: 1 for v in true_vars} | {v: 0 for v in false_vars}
        for model in _models(self.problem, active, fixed):
            return SolverOutcome(True, model=frozenset(v for v, x in enumerate(model) if x))
        # Without a solver there is no finer core than every active constraint.
        return SolverOutcome(False, core=frozenset(active) if self.guarded else None)

    def close(self) -> None:
        """Nothing to release."""


class BruteBackend:
    """Reference backend: exhaustive search over cells, no boxes, no solver.

    Examples
    --------
    >>> from cnfsweep.engine.position import Constraint, Problem
    >>> p = Problem(boxes=((0, 1),), constraints=(Constraint.exactly((0, 1), 1, "t"),))
    >>> BruteBackend().count(p).solutions
    {1: 2}
    """

    name: ClassVar[str] = "brute"
    counts_models: ClassVar[bool] = False
    gives_cores: ClassVar[bool] = False

    def __init__(self, options: str = "") -> None:
        if options:
            raise ValueError("the brute backend takes no options")

    @property
    def spec(self) -> str:
        return self.name

    @classmethod
    def version(cls) -> str | None:
        from cnfsweep.core.version import __version__

        return __version__

    @classmethod
    def variants(cls) -> list[str]:
        return [cls.name] if cls.version() is not None else []

    def open(self, problem: Problem, *, guarded: bool = False) -> BruteSession:
        return BruteSession(problem, guarded)

    def count(
        self,
        problem: Problem,
        limit: int | None = None,
        deadline: float | None = None,
        session: Session | None = None,
    ) -> CountTable | None:
        if problem.num_vars > MAX_COUNT_VARS:
            raise ComponentTooLarge(
                f"the brute backend counts at most {MAX_COUNT_VARS} cells at once, "
                f"this component has {problem.num_vars}; use cpsat or pysat"
            )
        # The reference counts cell by cell, so ``limit`` (about canonical models) is not used.
        solutions: dict[int, int] = {}
        tallies: dict[int, list[int]] = {}
        for seen, model in enumerate(_models(problem, range(len(problem.constraints)), {})):
            if seen % 1024 == 0:
                check_deadline(deadline)
            k = sum(model)
            solutions[k] = solutions.get(k, 0) + 1
            row = tallies.setdefault(k, [0] * problem.num_vars)
            for v, x in enumerate(model):
                row[v] += x
        # Report one cell per box; the contract tests show the cells of a box agree.
        firsts = [box[0] for box in problem.boxes]
        return CountTable(solutions, {k: tuple(row[v] for v in firsts) for k, row in tallies.items()})
