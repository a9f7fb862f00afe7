"""PySAT backend: any SAT solver python-sat ships, cardinality by CardEnc or natively.

The spec is ``pysat[:SOLVER[:ENCODING]]``, e.g. ``pysat:glucose4`` or
``pysat:cadical195:totalizer``.  Solvers with native cardinality constraints
(``minicard``, ``gluecard3``, ``gluecard4``) use them unless an encoding is
named.

Which solvers are offered is decided by what each one does, not by a list:
:func:`capabilities` runs a tiny formula through a solver and checks that it
honours assumptions (every entailment check is one), reports cores, accepts
clauses between calls, and keeps native cardinality constraints.  A solver
python-sat names but was built without, or one that ignores assumptions (as
Kissat does), is refused.  Kissat says so only through :func:`warnings.warn`,
and a solver whose package is missing fails half-built; neither is caught by
changing what is the whole process's (warnings filters, ``sys.unraisablehook``):
Kissat is known not to take assumptions, and python-sat says whether the
package is there.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import pairwise
from typing import Any, ClassVar, cast

from cnfsweep.core.deadline import check_deadline
from cnfsweep.core.errors import TimeLimitExceeded
from cnfsweep.core.constraints import CountTable, Problem
from cnfsweep.engine.backends.base import Session, SolverOutcome

DEFAULT_SOLVER = "gluecard4"
DEFAULT_ENCODING = "seqcounter"
# CardEnc encodings that take any bound (pairwise, bitwise and ladder stop at 1).
ENCODINGS = ("seqcounter", "sortnetwrk", "cardnetwrk", "totalizer", "mtotalizer", "kmtotalizer", "native")


@dataclass(frozen=True)
class Capabilities:
    """What one python-sat solver was seen to do on a probe formula.

    ``name`` is the spelling python-sat accepted when creating it;
    ``problem`` is ``None`` when the engine can use the solver, otherwise why not.
    """

    name: str
    problem: str | None
    native_cardinality: bool = False


def solver_names() -> dict[str, tuple[str, ...]]:
    from pysat.solvers import SolverNames

    return {k: tuple(v) for k, v in vars(SolverNames).items() if not k.startswith("_")}


def _canonical(name: str) -> str | None:
    """Return python-sat's own key for a solver name or alias, or ``None``."""
    for key, aliases in solver_names().items():
        if name == key or name in aliases:
            return key
    return None


#: python-sat solvers known to drop the assumptions they are given (and to say so by a warning).
_DROPS_ASSUMPTIONS = frozenset({"kissat404"})
#: python-sat solvers that need a package of their own: key, python-sat's flag that it is installed, the package.
_OPTIONAL = (("cryptosat", "cms_present", "pycryptosat"),)


# Facts about the installed python-sat (one probe per solver name), not results about any
# position: they hold for the life of the process, so nothing needs to reset them.
@cache
def capabilities(solver: str) -> Capabilities:
    """Probe a python-sat solver (a key of ``SolverNames``) for what the engine needs.

    Examples
    --------
    >>> capabilities("gluecard4")
    Capabilities(name='gluecard4', problem=None, native_cardinality=True)
    >>> capabilities("kissat404").problem
    'it ignores assumptions'
    """
    if solver in _DROPS_ASSUMPTIONS:
        # Asked with assumptions it says so only through warnings.warn, whose filters are the whole process's.
        return Capabilities(solver, "it ignores assumptions")
    # Some keys are not accepted spellings of their own solver (minisatgh): try the aliases too.
    missing = "python-sat was built without it"
    for name in (solver, *solver_names().get(solver, ())):
        made, why = _create(name)
        if made is None:
            missing = why or missing
            continue
        try:
            return Capabilities(name, *probe(made))
        finally:
            made.delete()
    return Capabilities(solver, missing)


def _create(name: str) -> tuple[Any, str | None]:
    """Create a python-sat solver, or say why it cannot be (``None`` for an unknown name)."""
    import pysat.solvers
    from pysat.solvers import NoSuchSolverError, Solver

    # A solver whose package is missing fails half-built, and its __del__ then complains through
    # sys.unraisablehook, which is the whole process's: ask python-sat whether the package is there first.
    for key, flag, package in _OPTIONAL:
        if _canonical(name) == key and not getattr(pysat.solvers, flag, True):
            return None, f"it cannot be started: python-sat's package {package} is not installed"
    try:
        return Solver(name=name), None
    except NoSuchSolverError:
        return None, None
    except Exception as exc:  # python-sat reports a missing extra package by assertion
        return None, f"it cannot be started: {exc}"


def probe(solver: Any) -> tuple[str | None, bool]:
    """Run the checks of :func:`capabilities` on a fresh solver: (what is wrong, native cardinality)."""
    # Judged by what it answers: a solver that drops assumptions finds this formula satisfiable.
    # (No warnings filter: filters are the whole process's, and python-sat's warning says no more.)
    try:
        solver.add_clause([1, 2])
        solver.add_clause([-1, 3])
        if solver.solve(assumptions=[-2, -1]) is not False:
            return "it ignores assumptions", False
        core = set(solver.get_core() or ())
        if not core or not core <= {-1, -2}:
            return "it reports no unsatisfiable core", False
        solver.add_clause([-3])
        if not solver.solve() or -1 not in solver.get_model():
            return "it does not take clauses between calls", False
        if not solver.supports_atmost():
            return None, False
        # At most one of 4, 5 and 6, with 4 and 5 assumed, is unsatisfiable.
        solver.add_atmost([4, 5, 6], 1)
        return None, solver.solve(assumptions=[4, 5]) is False and solver.solve(assumptions=[4]) is True
    except NotImplementedError as exc:
        return f"it lacks {exc or 'an incremental interface'}", False


class PysatSession:
    """One incremental SAT solver; constraints are switched by selector literals."""

    def __init__(self, problem: Problem, guarded: bool, solver: str, encoding: str) -> None:
        from pysat.formula import IDPool
        from pysat.solvers import Solver

        self.problem = problem
        self.guarded = guarded
        self.pool = IDPool()
        self.cell = [self.pool.id(("x", v)) for v in range(problem.num_vars)]
        self.selector = [self.pool.id(("s", i)) for i in range(len(problem.constraints))] if guarded else []
        self.solver = Solver(name=capabilities(solver).name)
        self._timer: threading.Timer | None = None
        self._timer_deadline: float | None = None
        self._cells: Any = None  # self.cell as an array, once a model is read
        self._selector_index: dict[int, int] | None = None  # selector literal to constraint, once a core is read
        # MapleSAT crashes when asked to solve a formula with no clause at all.
        self.solver.add_clause([self.pool.id(("true",))])
        for box in problem.boxes:
            # Ordering inside a box leaves one canonical model per box count.
            for a, b in pairwise(box):
                self.solver.add_clause([-self.cell[b], self.cell[a]])
        for i, con in enumerate(problem.constraints):
            lits = [self.cell[v] for v in con.vars]
            guard = self.selector[i] if guarded else None
            lo, hi = max(con.lo, 0), min(con.hi, len(lits))
            if not con.feasible():
                self._add_clause([], guard)
            elif encoding == "native":
                self._add_native(lits, lo, hi, guard)
            else:
                self._add_encoded(lits, lo, hi, guard, encoding)

    def _add_clause(self, clause: list[int], guard: int | None) -> None:
        if guard is not None:
            clause = [*clause, -guard]
        if not clause:
            # An unguarded empty clause: make the formula unsatisfiable explicitly.
            fresh = self.pool.id(("false",))
            self.solver.add_clause([fresh])
            clause = [-fresh]
        self.solver.add_clause(clause)

    def _add_encoded(self, lits: list[int], lo: int, hi: int, guard: int | None, encoding: str) -> None:
        from pysat.card import CardEnc, EncType

        kind = getattr(EncType, encoding)
        n = len(lits)
        if lo == hi and 0 < lo < n:
            parts = [CardEnc.equals(lits=lits, bound=lo, vpool=self.pool, encoding=kind)]
        else:
            parts = []
            if lo == n:
                for x in lits:
                    self._add_clause([x], guard)
            elif lo > 0:
                parts.append(CardEnc.atleast(lits=lits, bound=lo, vpool=self.pool, encoding=kind))
            if hi == 0:
                for x in lits:
                    self._add_clause([-x], guard)
            elif hi < n:
                parts.append(CardEnc.atmost(lits=lits, bound=hi, vpool=self.pool, encoding=kind))
        for cnf in parts:
            for clause in cnf.clauses:
                self._add_clause(clause, guard)

    def _add_native(self, lits: list[int], lo: int, hi: int, guard: int | None) -> None:
        n = len(lits)
        for which, (side, bound) in enumerate(((lits, hi), ([-x for x in lits], n - lo))):
            if bound >= n:
                continue
            if guard is None:
                self.solver.add_atmost(side, bound)
                continue
            # sum(side) + (n - bound) copies of the guard <= n: binding only when the guard holds.
            copies = [self.pool.id(("g", guard, which, j)) for j in range(n - bound)]
            for g in copies:
                self.solver.add_clause([-g, guard])
                self.solver.add_clause([g, -guard])
            self.solver.add_atmost(side + copies, n)

    def solve(
        self,
        *,
        true_vars: Collection[int] = (),
        false_vars: Collection[int] = (),
        enabled: Collection[int] | None = None,
        deadline: float | None = None,
    ) -> SolverOutcome:
        assumptions = [self.cell[v] for v in true_vars] + [-self.cell[v] for v in false_vars]
        if self.guarded:
            on = range(len(self.selector)) if enabled is None else enabled
            assumptions += [self.selector[i] for i in on]
        if self._solve(assumptions, deadline):
            return SolverOutcome(True, model=self._true_cells(self.solver.get_model()))
        core = None
        if self.guarded:
            if self._selector_index is None:
                self._selector_index = {s: i for i, s in enumerate(self.selector)}
            index = self._selector_index
            core = frozenset(index[x] for x in self.solver.get_core() or () if x in index)
        return SolverOutcome(False, core=core)

    def _solve(self, assumptions: list[int], deadline: float | None) -> bool:
        """Run the solver, interrupted at ``deadline`` by a timer thread when the solver allows it.

        One timer serves every call with the same deadline (a reason search asks
        hundreds of quick questions under one): starting and joining a thread a
        call cost more than the calls themselves.
        """
        if deadline is None:
            return bool(self.solver.solve(assumptions=assumptions))
        check_deadline(deadline)
        if deadline != self._timer_deadline:
            self._stop_timer()
            try:
                self.solver.clear_interrupt()
            except NotImplementedError:  # CaDiCaL cannot be interrupted: the call runs to its end
                return bool(self.solver.solve(assumptions=assumptions))
            self._timer = threading.Timer(max(deadline - time.perf_counter(), 0.0), self.solver.interrupt)
            self._timer.daemon = True
            self._timer_deadline = deadline
            self._timer.start()
        # An interrupt that fired between calls is past the deadline too: the answer is 'unknown' either way.
        result = self.solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
        if result is None:
            raise TimeLimitExceeded("no answer within the time limit")
        return bool(result)

    def _stop_timer(self) -> None:
        """Cancel the deadline's timer, waiting for it: it must not interrupt a later call, or a deleted solver."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer.join()
            self._timer = None
            self._timer_deadline = None

    def _true_cells(self, model: list[int]) -> frozenset[int]:
        import numpy as np

        # Solvers list variable i as +i or -i at position i - 1: each cell's sign is read there, at once,
        # not through a set of the whole model (the formula's size: thousands of cells in a reason's part).
        if len(self.cell) < 256:  # small: a set costs less than the arrays
            positive = set(x for x in model if x > 0)
            return frozenset(v for v, x in enumerate(self.cell) if x in positive)
        if self._cells is None:
            self._cells = np.asarray(self.cell, dtype=np.int64)
        cells, values = self._cells, np.asarray(model, dtype=np.int64)
        if cells.max() <= len(values):
            signed = values[cells - 1]
            if np.array_equal(np.abs(signed), cells):
                return frozenset(np.flatnonzero(signed > 0).tolist())
        positive = set(x for x in model if x > 0)
        return frozenset(v for v, x in enumerate(self.cell) if x in positive)

    def models(self) -> Iterator[frozenset[int]]:
        """Enumerate every model projected on the cells (blocking the projection only)."""
        while self.solver.solve():
            true = self._true_cells(self.solver.get_model())
            yield true
            if not self.cell:
                return  # the one model of nothing; an empty blocking clause upsets some solvers
            # Auxiliary encoding variables are free to differ, so block the cells alone.
            self.solver.add_clause([-x if v in true else x for v, x in enumerate(self.cell)])

    def close(self) -> None:
        self._stop_timer()
        self.solver.delete()


class PysatBackend:
    """PySAT backend with a selectable solver and cardinality encoding.

    Examples
    --------
    >>> from cnfsweep.engine.position import Constraint, Problem
    >>> p = Problem(boxes=((0, 1), (2,)), constraints=(Constraint.exactly((0, 1, 2), 2, "t"),))
    >>> PysatBackend("glucose4").count(p).solutions
    {2: 3}
    """

    name: ClassVar[str] = "pysat"
    counts_models: ClassVar[bool] = True
    gives_cores: ClassVar[bool] = True

    def __init__(self, options: str = "") -> None:
        from pysat.card import EncType

        solver, _, encoding = options.partition(":")
        usable = self.solvers()
        key = _canonical(solver or DEFAULT_SOLVER)
        if key is None:
            raise ValueError(f"unknown PySAT solver {solver!r}; choose from {', '.join(usable)}")
        found = capabilities(key)
        if found.problem is not None:
            raise ValueError(
                f"PySAT solver {solver!r} cannot be used: {found.problem}; choose from {', '.join(usable)}"
            )
        self.solver = key
        self.encoding = encoding or ("native" if found.native_cardinality else DEFAULT_ENCODING)
        encodings = [e for e in ENCODINGS if e == "native" or hasattr(EncType, e)]
        if self.encoding not in encodings:
            raise ValueError(f"unknown cardinality encoding {self.encoding!r}; choose from {', '.join(encodings)}")
        if self.encoding == "native" and not found.native_cardinality:
            native = [s for s in usable if capabilities(s).native_cardinality]
            raise ValueError(f"solver {key!r} has no native cardinality; use one of {', '.join(native)}")

    @cached_property
    def spec(self) -> str:
        # Cached on the instance (the default backend is built once per process): every analysis reports
        # it, and after the first read it costs no function call on a cold analysis's path.
        return f"{self.name}:{self.solver}:{self.encoding}"

    @staticmethod
    def solvers() -> list[str]:
        """Return the python-sat solvers the engine can use, by their python-sat keys.

        Examples
        --------
        >>> {"gluecard4", "cadical195", "minisat22"} <= set(PysatBackend.solvers())
        True
        >>> "kissat404" in PysatBackend.solvers()
        False
        """
        return sorted(k for k in solver_names() if capabilities(k).problem is None)

    @classmethod
    def version(cls) -> str | None:
        try:
            import pysat
        except ImportError:
            return None
        return str(pysat.__version__)

    @classmethod
    def variants(cls) -> list[str]:
        if cls.version() is None:
            return []
        return [f"{cls.name}:{s}" for s in cls.solvers()]

    def open(self, problem: Problem, *, guarded: bool = False) -> PysatSession:
        return PysatSession(problem, guarded, self.solver, self.encoding)

    def count(
        self,
        problem: Problem,
        limit: int | None = None,
        deadline: float | None = None,
        session: Session | None = None,
    ) -> CountTable | None:
        # Blocking clauses only narrow the solver, so a finished session can count.
        own = not isinstance(session, PysatSession)
        solver = self.open(problem) if own else cast(PysatSession, session)
        try:
            found = []
            for model in solver.models():
                check_deadline(deadline)
                found.append(problem.box_counts(model))
                if limit is not None and len(found) > limit:
                    return None
            return CountTable.from_box_counts(problem, found)
        finally:
            if own:
                solver.close()
