"""The box-count search: its budget, its verdicts, and AUTO's fall-back to a solver."""

from __future__ import annotations

from math import comb

import pytest

from boards import HAND_CASES, random_cases
from oracle import assert_matches, reference

from cnfsweep import analyze, components
from cnfsweep.boxsearch import search_box_models
from cnfsweep.components import Counting, solve_component
from cnfsweep.backends import get_backend
from cnfsweep.problem import Constraint, Problem


def _ring(boxes: int, size: int, need: int) -> Problem:
    """Boxes in a ring, each neighbouring pair sharing a number that needs ``need`` mines."""
    cells = [tuple(range(b * size, (b + 1) * size)) for b in range(boxes)]
    cons = tuple(
        Constraint.exactly(tuple(sorted(cells[b] + cells[(b + 1) % boxes])), need, b) for b in range(boxes)
    )
    return Problem(tuple(cells), cons)


def test_ring_has_the_closed_form_count() -> None:
    # Each pair of neighbouring boxes (size 2) holds exactly 2 mines: around an even ring
    # the counts alternate c, 2-c, so there are 3 canonical models; layouts sum C(2,c)^2 C(2,2-c)^2.
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


def test_budget_gives_up_and_auto_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    problem = _ring(12, 2, 2)
    assert search_box_models(problem, node_limit=5) is None
    full = solve_component(get_backend(), problem, Counting.SEARCH)
    monkeypatch.setattr(components, "SEARCH_NODES", 5)
    assert solve_component(get_backend(), problem, Counting.AUTO) == full


@pytest.mark.parametrize("case", HAND_CASES + random_cases(), ids=lambda c: c.id)
def test_auto_without_the_search_matches_the_oracle(case, monkeypatch: pytest.MonkeyPatch) -> None:
    # A budget of one node sends every component on to the solver path.
    monkeypatch.setattr(components, "SEARCH_NODES", 1)
    ref = reference(case.board, total_mines=case.total_mines, assume=case.assume)
    assert_matches(analyze(case.board, total_mines=case.total_mines, assume=case.assume), case.board, ref)
