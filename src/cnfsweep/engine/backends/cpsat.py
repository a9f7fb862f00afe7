"""OR-Tools CP-SAT backend: native linear constraints, assumptions, enumeration."""

from __future__ import annotations

import time
from collections.abc import Collection
from itertools import pairwise
from typing import Any, ClassVar

from cnfsweep.core.deadline import check_deadline
from cnfsweep.core.errors import TimeLimitExceeded
from cnfsweep.core.constraints import CountTable, Problem
from cnfsweep.engine.backends.base import Session, SolverOutcome


def _model(problem: Problem, guarded: bool) -> tuple[Any, list[Any], list[Any], list[Any]]:
    """Build the CP-SAT model: cells, box counts and (optionally) selectors."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    cells = [model.new_bool_var(f"x{v}") for v in range(problem.num_vars)]
    counts = []
    for b, box in enumerate(problem.boxes):
        # Ordering inside a box leaves one canonical model per box count.
        for a, c in pairwise(box):
            model.add_implication(cells[c], cells[a])
        count = model.new_int_var(0, len(box), f"n{b}")
        model.add(count == sum(cells[v] for v in box))
        counts.append(count)
    selectors = []
    for i, con in enumerate(problem.constraints):
        # A sum of n cells lies in [0, n]: bounds past it say the same clamped there, and CP-SAT takes
        # only 64-bit bounds (a total of mines past 2**63 is a caller's to give, and is simply too many).
        n = len(con.vars)
        lo, hi = min(max(con.lo, 0), n + 1), max(min(con.hi, n), -1)
        ct = model.add_linear_constraint(sum(cells[v] for v in con.vars), lo, hi)
        if guarded:
            sel = model.new_bool_var(f"s{i}")
            ct.only_enforce_if(sel)
            selectors.append(sel)
    return model, cells, counts, selectors


def _solver(**params: Any) -> Any:
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    # Assumption cores and exhaustive enumeration both need the sequential search.
    solver.parameters.num_workers = 1
    for key, value in params.items():
        setattr(solver.parameters, key, value)
    return solver


def _time_limit(deadline: float | None) -> dict[str, float]:
    """CP-SAT's parameters for stopping at ``deadline`` (none without one)."""
    if deadline is None:
        return {}
    check_deadline(deadline)
    return {"max_time_in_seconds": max(deadline - time.perf_counter(), 0.001)}


class CpSatSession:
    """A CP-SAT model re-solved under different assumptions."""

    def __init__(self, problem: Problem, guarded: bool) -> None:
        self.problem = problem
        self.guarded = guarded
        self.model, self.cells, _, self.selectors = _model(problem, guarded)
        self.selector_index = {s.index: i for i, s in enumerate(self.selectors)}

    def solve(
        self,
        *,
        true_vars: Collection[int] = (),
        false_vars: Collection[int] = (),
        enabled: Collection[int] | None = None,
        deadline: float | None = None,
    ) -> SolverOutcome:
        from ortools.sat.python import cp_model

        model = self.model
        model.clear_assumptions()
        lits = [self.cells[v] for v in true_vars] + [~self.cells[v] for v in false_vars]
        if self.guarded:
            on = range(len(self.selectors)) if enabled is None else enabled
            lits += [self.selectors[i] for i in on]
        model.add_assumptions(lits)
        solver = _solver(**_time_limit(deadline))
        status = solver.solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            true = frozenset(v for v, x in enumerate(self.cells) if solver.boolean_value(x))
            return SolverOutcome(True, model=true)
        if status == cp_model.UNKNOWN and deadline is not None:
            raise TimeLimitExceeded("no answer within the time limit")
        if status != cp_model.INFEASIBLE:
            raise RuntimeError(f"CP-SAT gave up with status {solver.status_name(status)}")
        core = None
        if self.guarded:
            found = solver.sufficient_assumptions_for_infeasibility()
            core = frozenset(self.selector_index[i] for i in found if i in self.selector_index)
        return SolverOutcome(False, core=core)

    def close(self) -> None:
        """Nothing to release: the model is garbage-collected."""


class CpSatBackend:
    """CP-SAT backend (OR-Tools).

    Examples
    --------
    >>> from cnfsweep.engine.position import Constraint, Problem
    >>> p = Problem(boxes=((0, 1), (2,)), constraints=(Constraint.exactly((0, 1, 2), 2, "t"),))
    >>> CpSatBackend().count(p).solutions
    {2: 3}
    """

    name: ClassVar[str] = "cpsat"
    counts_models: ClassVar[bool] = True
    gives_cores: ClassVar[bool] = True

    def __init__(self, options: str = "") -> None:
        if options:
            raise ValueError("the cpsat backend takes no options")

    @property
    def spec(self) -> str:
        return self.name

    @classmethod
    def version(cls) -> str | None:
        try:
            import ortools
        except ImportError:
            return None
        # ortools sets __version__ when imported; its type stubs leave it out.
        return str(ortools.__version__)  # type: ignore[attr-defined]

    @classmethod
    def variants(cls) -> list[str]:
        return [cls.name] if cls.version() is not None else []

    def open(self, problem: Problem, *, guarded: bool = False) -> CpSatSession:
        return CpSatSession(problem, guarded)

    def count(
        self,
        problem: Problem,
        limit: int | None = None,
        deadline: float | None = None,
        session: Session | None = None,
    ) -> CountTable | None:
        from ortools.sat.python import cp_model

        model, _, counts, _ = _model(problem, guarded=False)
        found: list[tuple[int, ...]] = []

        class Collect(cp_model.CpSolverSolutionCallback):
            def on_solution_callback(self) -> None:
                found.append(tuple(self.value(c) for c in counts))
                if limit is not None and len(found) > limit:
                    self.stop_search()

        solver = _solver(enumerate_all_solutions=True, **_time_limit(deadline))
        status = solver.solve(model, Collect())
        if limit is not None and len(found) > limit:
            return None
        if status == cp_model.UNKNOWN and deadline is not None:
            raise TimeLimitExceeded("no answer within the time limit")
        if status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
            raise RuntimeError(f"CP-SAT enumeration ended with {solver.status_name(status)}")
        return CountTable.from_box_counts(problem, found)
