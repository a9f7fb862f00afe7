"""The box-count search: its budget, its verdicts, and AUTO's fall-back to a solver."""

from __future__ import annotations

from math import comb

import pytest

from boards import HAND_CASES, random_cases
from oracle import assert_matches, reference

from cnfsweep import analyze
from cnfsweep.engine import components
from cnfsweep.engine.boxsearch import search_box_models
from cnfsweep.engine.components import Counting, solve_component
from cnfsweep.engine.backends import get_backend
from cnfsweep.core.constraints import Constraint, Problem


def _ring(boxes: int, size: int, need: int) -> Problem:
    """Boxes in a ring, each neighbouring pair sharing a number that needs ``need`` mines."""
    cells = [tuple(range(b * size, (b + 1) * size)) for b in range(boxes)]
    cons = tuple(Constraint.exactly(tuple(sorted(cells[b] + cells[(b + 1) % boxes])), need, b) for b in range(boxes))
    return Problem(tuple(cells), cons)


def test_ring_has_the_closed_form_count() -> None:
    # Each pair of neighbouring boxes (size 2) holds exactly 2 mines: around an even ring
    # the counts alternate c, 2-c, so there are 3 canonical models; layouts sum C(2,c)^3 C(2,2-c)^3.
    models = search_box_models(_ring(6, 2, 2))
    assert sorted(models) == [(0, 2) * 3, (1, 1) * 3, (2, 0) * 3]
    table = solve_component(get_backend(), _ring(6, 2, 2), Counting.SEARCH)[1]
    assert table.solutions == {6: sum(comb(2, c) ** 3 * comb(2, 2 - c) ** 3 for c in range(3))}


def test_odd_ring_forces_every_box() -> None:
    # An odd ring cannot alternate: only c = 2 - c, i.e. one mine per box, remains.
    forced, table = solve_component(get_backend(), _ring(5, 2, 2), Counting.SEARCH)
    assert forced == {} and table.solutions == {5: 2**5}
    forced, _ = solve_component(get_backend(), _ring(5, 1, 1), Counting.SEARCH)
    assert forced is None  # a 5-cycle of single cells with one mine per edge is impossible


@pytest.mark.parametrize("counting", [Counting.SEARCH, Counting.AUTO])
def test_budget_gives_up_and_the_solver_path_takes_over(counting: Counting, monkeypatch: pytest.MonkeyPatch) -> None:
    problem = _ring(12, 2, 2)
    assert search_box_models(problem, node_limit=5) is None
    full = solve_component(get_backend(), problem, Counting.ENUMERATE)
    monkeypatch.setattr(components, "SEARCH_NODES", 5)
    assert solve_component(get_backend(), problem, counting) == full


@pytest.mark.parametrize("dp_width", [-1, 99], ids=["enumeration", "dp"])
@pytest.mark.parametrize("counting", ["search", "auto"])
@pytest.mark.parametrize("case", HAND_CASES + random_cases(), ids=lambda c: c.id)
def test_past_the_budget_matches_the_oracle(
    case, counting: str, dp_width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A budget of one node sends every component on to entailment, then to the
    # solver's enumeration or the DP as the width threshold says.
    monkeypatch.setattr(components, "SEARCH_NODES", 1)
    monkeypatch.setattr(components, "DP_WIDTH", dp_width)
    ref = reference(case.board, total_mines=case.total_mines, assume=case.assume)
    result = analyze(case.board, total_mines=case.total_mines, assume=case.assume, counting=counting)
    assert_matches(result, case.board, ref)


def test_unbounded_search_stops_at_the_deadline() -> None:
    import time

    from cnfsweep.core.errors import TimeLimitExceeded

    # 24 independent pairs of cells with one mine each: 2**24 canonical models.
    boxes = tuple((v,) for v in range(48))
    pairs = tuple(Constraint.exactly((2 * i, 2 * i + 1), 1, i) for i in range(24))
    with pytest.raises(TimeLimitExceeded):
        search_box_models(Problem(boxes, pairs), deadline=time.perf_counter() + 0.2)


def test_a_long_wire_needs_no_deep_recursion() -> None:
    # 3,000 cells in a row, each neighbouring pair holding one mine: two layouts, alternating.
    n = 3000
    wire = Problem(tuple((v,) for v in range(n)), tuple(Constraint.exactly((v, v + 1), 1, v) for v in range(n - 1)))
    models = search_box_models(wire)
    assert sorted(models) == [tuple((v + s) % 2 for v in range(n)) for s in (0, 1)]
    assert search_box_models(wire, node_limit=1000) is None


def test_auto_has_the_solver_prove_the_facts_the_search_proposes(monkeypatch: pytest.MonkeyPatch) -> None:
    # A search that lost one of the two models of a 50/50 would call both cells certain.
    problem = Problem(((0,), (1,)), (Constraint.exactly((0, 1), 1, "t"),))
    monkeypatch.setattr(components, "box_solve", lambda *args: [(1, 0)])
    with pytest.raises(RuntimeError, match="disagree"):
        solve_component(get_backend(), problem, Counting.AUTO)
    # The solver-free path trusts the search: this is what AUTO guards against.
    assert solve_component(get_backend(), problem, Counting.SEARCH)[0] == {0: 1, 1: 0}
