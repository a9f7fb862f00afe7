"""Which solvers the engine accepts: decided by probing what each one does."""

from __future__ import annotations

import sys
import time
import warnings
from typing import ClassVar

import pytest

from cnfsweep import Board, check
from cnfsweep.core.errors import BackendError
from cnfsweep.engine.backends import get_backend, usable_specs
from cnfsweep.engine.backends.pysat import PysatBackend, capabilities, probe, solver_names


@pytest.mark.parametrize("solver", sorted(solver_names()))
def test_every_pysat_solver_is_either_usable_or_refused_in_one_line(solver: str) -> None:
    spec = f"pysat:{solver}"
    found = capabilities(solver)
    if found.problem is None:
        assert spec in usable_specs()  # and so the contract suite runs over it
        assert get_backend(spec).spec.startswith(spec)
    else:
        assert spec not in usable_specs()
        with pytest.raises(BackendError, match=f"cannot be used: {found.problem}") as info:
            get_backend(spec)
        assert "\n" not in str(info.value)


def test_an_inconsistent_board_is_never_called_consistent_by_any_accepted_solver() -> None:
    board = Board.parse("mines: 3\n.....\n.131.\n.....")
    for spec in usable_specs():
        assert check(board, backend=spec).consistent is False, spec


def test_aliases_name_the_same_solver() -> None:
    assert get_backend("pysat:g4").spec == "pysat:glucose4:seqcounter"
    assert get_backend("pysat:mc").spec == "pysat:minicard:native"


class FakeSolver:
    """A python-sat look-alike that can be told to misbehave in one way."""

    def __init__(self, *, drops_assumptions: bool = False, warns: bool = False, atmost: bool = True) -> None:
        self.clauses: list[list[int]] = []
        self.atmost: list[tuple[list[int], int]] = []
        self.drops_assumptions, self.warns, self.has_atmost = drops_assumptions, warns, atmost
        self.model: list[int] = []
        self.core: list[int] = []

    def add_clause(self, clause: list[int]) -> None:
        self.clauses.append(clause)

    def add_atmost(self, lits: list[int], k: int) -> None:
        self.atmost.append((lits, k))

    def supports_atmost(self) -> bool:
        return self.has_atmost

    def solve(self, assumptions: list[int] = ()) -> bool:  # type: ignore[assignment]
        if self.warns and assumptions:
            warnings.warn("this solver ignores assumptions", RuntimeWarning, stacklevel=2)
        if self.drops_assumptions:
            assumptions = []
        # Brute force over the six probe variables.
        for bits in range(64):
            value = {v: bool(bits >> (v - 1) & 1) for v in range(1, 7)}
            holds = lambda lit, value=value: value[abs(lit)] == (lit > 0)  # noqa: E731
            if (
                all(holds(a) for a in assumptions)
                and all(any(map(holds, c)) for c in self.clauses)
                and all(sum(map(holds, lits)) <= k for lits, k in self.atmost)
            ):
                self.model = [v if value[v] else -v for v in value]
                return True
        self.core = list(assumptions)
        return False

    def get_model(self) -> list[int]:
        return self.model

    def get_core(self) -> list[int]:
        return self.core


@pytest.mark.parametrize(
    ("solver", "expected"),
    [
        (FakeSolver(), (None, True)),
        (FakeSolver(atmost=False), (None, False)),
        (FakeSolver(drops_assumptions=True), ("it ignores assumptions", False)),
        (FakeSolver(warns=True, drops_assumptions=True), ("it ignores assumptions", False)),
        (FakeSolver(warns=True), (None, True)),
    ],
    ids=["sound", "no-native-cardinality", "drops-assumptions", "warns-and-drops", "warns-and-keeps"],
)
def test_probe_judges_by_behaviour(solver: FakeSolver, expected: tuple[str | None, bool]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # what the fake says is not what the probe goes by
        assert probe(solver) == expected


class WatchingSolver(FakeSolver):
    """A fake that notes the process-wide state it is run under: warnings filters and the unraisable hook."""

    seen: ClassVar[list[tuple[object, ...]]] = []

    def __init__(self, *args: object, **kwargs: object) -> None:
        WatchingSolver.seen.append((tuple(warnings.filters), sys.unraisablehook))
        super().__init__()

    def solve(self, assumptions: list[int] = ()) -> bool:  # type: ignore[assignment]
        WatchingSolver.seen.append((tuple(warnings.filters), sys.unraisablehook))
        return super().solve(assumptions)

    def delete(self) -> None:
        pass


def test_probing_a_solver_leaves_the_processs_warnings_and_hooks_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # A server's worker thread may probe a solver while other threads run: nothing the whole process shares may change.
    import pysat.solvers

    monkeypatch.setattr(pysat.solvers, "Solver", WatchingSolver)
    WatchingSolver.seen = []
    outside = (tuple(warnings.filters), sys.unraisablehook)
    assert capabilities.__wrapped__("glucose4").problem is None
    assert WatchingSolver.seen and all(seen == outside for seen in WatchingSolver.seen)
    assert (tuple(warnings.filters), sys.unraisablehook) == outside


def test_backends_command_lists_the_usable_solvers() -> None:
    from typer.testing import CliRunner

    from cnfsweep.cli import app

    out = CliRunner().invoke(app, ["backends"]).output
    assert all(s in out for s in PysatBackend.solvers()) and "kissat404" not in out


@pytest.mark.parametrize("cells", [10, 300])  # a set of the model for small sessions, arrays for big ones
def test_a_pysat_model_names_the_mines_it_places(cells: int) -> None:
    from cnfsweep.core.constraints import Constraint, Problem

    # Every third cell is forced by the constraints, and cell 4 is assumed a mine.
    mines = {v for v in range(cells) if v % 3 == 0} | {4}
    constraints = tuple(Constraint.exactly((v,), int(v % 3 == 0), f"c{v}") for v in range(cells) if v != 4)
    session = get_backend("pysat").open(Problem(tuple((v,) for v in range(cells)), constraints), guarded=True)
    try:
        for deadline in (None, time.perf_counter() + 60):
            out = session.solve(true_vars=(4,), deadline=deadline)
            assert out.satisfiable and out.model == frozenset(mines)
    finally:
        session.close()
