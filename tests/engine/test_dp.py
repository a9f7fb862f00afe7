"""The DP counter against enumeration, the brute-force reference and closed forms."""

from __future__ import annotations

import json
import time
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards import HAND_CASES, random_3sat, random_cases
from oracle import assert_matches, reference

from paths import DATA
from cnfsweep import Board, analyze
from cnfsweep.core.constraints import CountTable
from cnfsweep.engine.backends import get_backend
from cnfsweep.engine.boxsearch import search_box_models
from cnfsweep.engine import components, dp
from cnfsweep.engine.components import Counting, count_component
from cnfsweep.engine.dp import count_dp, elimination_order, width
from cnfsweep.core.errors import ComponentTooLarge, TimeLimitExceeded
from cnfsweep.core.constraints import Constraint, Problem
from cnfsweep.engine.position import build_position
from cnfsweep.gadgets.reduction import reduce_cnf
import contextlib

DATA = DATA / "peer" / "eee555-ms-toollib"


@st.composite
def problems(draw: st.DrawFn, max_boxes: int = 9, max_cells: int = 27) -> Problem:
    """Random box-structured problems of at most ``max_cells`` cells; constraints may link many boxes (wide ones)."""
    sizes = draw(st.lists(st.integers(1, 3), min_size=1, max_size=max_boxes).filter(lambda s: sum(s) <= max_cells))
    boxes, start = [], 0
    for s in sizes:
        boxes.append(tuple(range(start, start + s)))
        start += s
    constraints = []
    for j in range(draw(st.integers(1, 8))):
        chosen = draw(st.lists(st.integers(0, len(sizes) - 1), min_size=1, max_size=len(sizes), unique=True))
        cells = tuple(sorted(v for b in chosen for v in boxes[b]))
        constraints.append(Constraint.exactly(cells, draw(st.integers(0, len(cells))), f"c{j}"))
    return Problem(tuple(boxes), tuple(constraints))


# Up to 18 cells: the brute-force count tries every layout, and 2**27 of them took a minute.
@settings(max_examples=150, deadline=None, derandomize=True)
@given(problems(max_cells=18))
def test_dp_search_and_enumeration_equal_brute_force(problem: Problem) -> None:
    brute = get_backend("brute").count(problem)
    dp = count_dp(problem)
    enumerated = get_backend("pysat").count(problem)
    searched = CountTable.from_box_counts(problem, search_box_models(problem))
    for table in (dp, enumerated, searched):
        assert (table.solutions, table.tallies) == (brute.solutions, brute.tallies)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(problems(max_boxes=7))
def test_order_is_a_permutation_and_width_is_bounded(problem: Problem) -> None:
    order = elimination_order(problem)
    assert sorted(order) == list(range(len(problem.boxes)))
    assert 0 <= width(problem, order) <= len(problem.constraints)


@pytest.mark.parametrize(("n", "k"), [(1, 0), (1, 1), (5, 2), (8, 3), (12, 6)])
def test_one_constraint_is_a_binomial(n: int, k: int) -> None:
    # One box of n interchangeable cells with exactly k mines.
    table = count_dp(Problem((tuple(range(n)),), (Constraint.exactly(tuple(range(n)), k, "t"),)))
    assert table.solutions == {k: comb(n, k)}
    assert table.tallies == {k: (comb(n - 1, k - 1) if k else 0,)}


def test_chain_of_pairs_counts_like_fibonacci() -> None:
    # Cells x0..x9 with "at most one mine in each neighbouring pair" written exactly:
    # x_i + x_{i+1} + s_i = 1 with a slack cell s_i; layouts of the x are independent sets of a path.
    xs, slack = list(range(10)), list(range(10, 19))
    boxes = tuple((v,) for v in xs + slack)
    cons = tuple(Constraint.exactly((i, i + 1, slack[i]), 1, i) for i in range(9))
    total = sum(count_dp(Problem(boxes, cons)).solutions.values())
    assert total == 144  # Fibonacci(12): independent sets of a 10-vertex path


@pytest.mark.parametrize("counting", ["dp", "enumerate", "search", "auto"])
@pytest.mark.parametrize("case", HAND_CASES + random_cases(), ids=lambda c: c.id)
def test_every_counting_matches_the_oracle(case, counting: str) -> None:
    ref = reference(case.board, total_mines=case.total_mines, assume=case.assume)
    result = analyze(case.board, total_mines=case.total_mines, assume=case.assume, counting=counting)
    assert_matches(result, case.board, ref)


@pytest.fixture(scope="module")
def hard_cases() -> list[dict]:
    return json.loads((DATA / "test_probability_speed.rs.cases.json").read_text())["cases"]


@pytest.mark.parametrize("index", [0, 1], ids=["as_printed", "as_written"])
def test_toollib_hard_board(hard_cases, index: int) -> None:
    # 21x10, 75 mines, a 62- (74-) cell frontier: far beyond enumeration, easy for the DP.
    case = hard_cases[index]
    rows = ["".join("." if x == 10 else str(x) for x in row) for row in case["board"]]
    result = analyze(Board.from_rows(rows, total_mines=case["mines"]))
    expected = case.get("expected_cell_probs") or case["reference_cell_probs"]
    for key, p in expected.items():
        r, c = map(int, key.strip("()").split(","))
        assert result.probability((r, c)) == pytest.approx(p, abs=1e-12)
    off = case.get("expected_unconstrained_p") or case["reference_unconstrained_p"]
    assert result.probability((9, 0)) == pytest.approx(off, abs=1e-12)


@pytest.mark.parametrize("counting", ["enumerate", "dp"])
def test_time_limit_gives_up_instead_of_hanging(hard_cases, counting: str) -> None:
    from cnfsweep.core.errors import TimeLimitExceeded

    case = hard_cases[1]
    rows = ["".join("." if x == 10 else str(x) for x in row) for row in case["board"]]
    board = Board.from_rows(rows, total_mines=case["mines"])
    # Enumeration of this board takes many minutes; the DP a fraction of a second.
    with pytest.raises(TimeLimitExceeded):
        analyze(board, counting=counting, time_limit=0.0 if counting == "dp" else 0.5)


# -- time and memory bounds on circuit reductions -------------------------------------------

MARGIN = 3.0  # seconds past the limit a loaded machine may need; the DP checks the clock for every state


@pytest.fixture(scope="module")
def circuit() -> Board:
    """A reduced random 3-SAT formula: one component of thousands of boxes, few models, wide for the DP."""
    return reduce_cnf(random_3sat(6, 20, seed=1)).board


@pytest.fixture(scope="module")
def circuit_problem(circuit: Board) -> Problem:
    """The circuit's one big component."""
    return max((c.problem for c in build_position(circuit).components), key=lambda p: len(p.boxes))


def test_dp_stops_at_the_deadline_on_a_wide_component(circuit_problem: Problem) -> None:
    # Before the fix its set-up alone (quadratic in the boxes) took ten seconds here, unchecked;
    # the whole count takes over a second without a limit.
    limit = 0.1
    start = time.perf_counter()
    with pytest.raises(TimeLimitExceeded):
        count_dp(circuit_problem, deadline=start + limit)
    assert time.perf_counter() - start < limit + MARGIN


@pytest.mark.parametrize("counting", ["dp", "auto", "search", "enumerate"])
def test_every_counting_honours_the_time_limit_on_a_circuit(circuit: Board, counting: str) -> None:
    # Long enough for the solver's entailment to finish and the counting to start.
    limit = 2.0
    start = time.perf_counter()
    with contextlib.suppress(TimeLimitExceeded):
        analyze(circuit, counting=counting, time_limit=limit)
    assert time.perf_counter() - start < limit + MARGIN


def test_dp_gives_up_past_its_memory_bound_and_says_so(circuit: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dp, "DP_NUMBERS", 10_000)
    with pytest.raises(
        ComponentTooLarge,
        match=r"the DP's tables passed 10,000 numbers \(.* states\) on a "
        r"component of .* boxes: try --counting auto or search",
    ):
        analyze(circuit, counting="dp")


def test_dp_memory_bound_counts_what_it_keeps() -> None:
    # x0..x9 each in its own box under one wide constraint: the states multiply.
    boxes = tuple((v,) for v in range(10))
    problem = Problem(boxes, (Constraint.exactly(tuple(range(10)), 5, "t"),))
    assert sum(count_dp(problem, max_numbers=1000).solutions.values()) == comb(10, 5)
    with pytest.raises(ComponentTooLarge, match="passed 20 numbers"):
        count_dp(problem, max_numbers=20)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(problems())
def test_auto_lists_the_models_when_the_dp_overflows(problem: Problem) -> None:
    brute = get_backend("brute").count(problem)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dp, "DP_NUMBERS", 0)
        table = count_component(get_backend("pysat"), problem, Counting.AUTO)
    assert (table.solutions, table.tallies) == (brute.solutions, brute.tallies)


def test_every_counting_says_which_memory_bound_it_hit(monkeypatch: pytest.MonkeyPatch) -> None:
    # Five chains x + y = 1, y + z = 1: fifteen boxes, 32 models, far past a bound of 3.
    boxes = tuple((v,) for v in range(15))
    problem = Problem(
        boxes,
        tuple(
            Constraint.exactly(pair, 1, f"{t}{pair[0]}")
            for t in range(5)
            for pair in ((3 * t, 3 * t + 1), (3 * t + 1, 3 * t + 2))
        ),
    )
    monkeypatch.setattr(dp, "DP_NUMBERS", 0)
    monkeypatch.setattr(components, "ENUMERATION_LIMIT", 3)
    monkeypatch.setattr(components, "ENUMERATION_NUMBERS", 0)
    engine = get_backend("pysat")
    with pytest.raises(ComponentTooLarge, match="the enumeration passed 3 models on a component of 15 boxes"):
        count_component(engine, problem, Counting.ENUMERATE)
    with pytest.raises(ComponentTooLarge, match=r"DP's tables passed 0 numbers .* more than 3 models: no counting"):
        count_component(engine, problem, Counting.AUTO)


def test_cli_names_the_bound_it_hit(run, tmp_path, circuit: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "circuit.txt"
    path.write_text(circuit.to_text())
    out = run("solve", str(path), "--counting", "dp", "--time-limit", "0")
    assert out.exit_code == 3 and "unknown: no exact answer within the time limit" in out.output
    monkeypatch.setattr(dp, "DP_NUMBERS", 10_000)
    out = run("solve", str(path), "--counting", "dp")
    assert out.exit_code == 2, out.output
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: the DP's tables passed 10,000 numbers")
