"""Float probabilities with exact facts (:mod:`cnfsweep.engine.approx`) against exact counting."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from boards import HAND_CASES, layout_board, random_cases
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cnfsweep.engine.approx import Approximate, combine_approx
from cnfsweep.core.constraints import CountTable
from cnfsweep.engine.backends import get_backend
from cnfsweep.core.board import Cell
from cnfsweep.engine.components import Counting, solve_component
from cnfsweep.engine.counting import combine
from cnfsweep.core.constraints import Problem
from cnfsweep.engine.position import build_position

HALF = CountTable({1: 2}, {1: (1,)})


def assert_agrees(tables: list[CountTable], n_off: int, mines_left: int | None) -> Approximate:
    """``combine_approx`` means what ``combine`` means: same facts exactly, same numbers closely."""
    exact = combine(tables, n_off, mines_left)
    approx = combine_approx(tables, n_off, mines_left)
    assert approx.consistent == (exact.solutions != 0)
    if not approx.consistent:
        assert approx == Approximate(False, -math.inf, (), None, (), None)
        return approx
    assert approx.log_solutions == pytest.approx(math.log(exact.solutions), rel=1e-9, abs=1e-9)
    assert [len(b) for b in approx.boxes] == [len(b) for b in exact.boxes]
    assert [len(c) for c in approx.certain] == [len(b) for b in exact.boxes]
    for want, got, facts in zip(exact.boxes, approx.boxes, approx.certain, strict=True):
        for q, p, fact in zip(want, got, facts, strict=True):
            assert_probability(q, p, fact)
    if exact.off_frontier is None:
        assert (approx.off_frontier, approx.off_certain) == (None, None)
    else:
        assert approx.off_frontier is not None
        assert_probability(exact.off_frontier, approx.off_frontier, approx.off_certain)
    return approx


def assert_probability(q: Fraction, p: float, fact: int | None) -> None:
    assert type(p) is float
    if q in (0, 1):
        assert fact == q and p == q
    else:
        assert fact is None and 0 < p < 1
        assert p == pytest.approx(float(q), rel=1e-9, abs=1e-12)


def expected_mines(approx: Approximate, sizes: list[tuple[int, ...]], n_off: int) -> float:
    """Sum of the probabilities over every unknown cell: the expected number of mines."""
    frontier = sum(s * p for sz, ps in zip(sizes, approx.boxes, strict=True) for s, p in zip(sz, ps, strict=True))
    return frontier + n_off * (approx.off_frontier or 0.0)


def tables_of(pos) -> tuple[list[CountTable], list[tuple[int, ...]]]:
    tables = []
    for comp in pos.components:
        _, table = solve_component(get_backend(), comp.problem, Counting.SEARCH)
        tables.append(CountTable({}, {}) if table is None else table)
    return tables, [c.problem.box_sizes for c in pos.components]


# Hand cases.


def test_two_fifty_fifties() -> None:
    a = assert_agrees([HALF, HALF], 2, 3)
    assert a.boxes == ((0.5,), (0.5,)) and a.off_frontier == 0.5
    assert a.certain == ((None,), (None,)) and a.off_certain is None
    assert math.exp(a.log_solutions) == pytest.approx(8)


@pytest.mark.parametrize(
    ("n_off", "mines_left"),
    [(2, 2), (2, 1), (2, 4), (0, 2), (0, 1), (0, 3), (5, 0), (5, 7), (3, None), (0, None)],
)
def test_totals_that_force_facts(n_off: int, mines_left: int | None) -> None:
    # One certain box (always a mine) next to the 50/50, to see facts survive the total.
    sure = CountTable({1: 1, 2: 2}, {1: (1, 0), 2: (1, 1)})
    assert_agrees([HALF, sure], n_off, mines_left)


@pytest.mark.parametrize(("n_off", "mines_left"), [(0, 0), (4, 0), (4, 3), (4, 4), (4, 5), (0, 1), (3, None)])
def test_no_components(n_off: int, mines_left: int | None) -> None:
    a = assert_agrees([], n_off, mines_left)
    if a.consistent and mines_left is not None and n_off:
        assert a.off_frontier == pytest.approx(mines_left / n_off)


@pytest.mark.parametrize("mines_left", [None, 0, 1, 2])
def test_a_component_without_models_is_inconsistent(mines_left: int | None) -> None:
    a = assert_agrees([HALF, CountTable({}, {})], 3, mines_left)
    assert not a.consistent


def test_zero_counts_are_not_support() -> None:
    padded = CountTable({0: 0, 1: 2, 2: 0}, {0: (0,), 1: (1,), 2: (0,)})
    for mines_left in (None, 0, 1, 2):
        assert_agrees([padded, HALF], 1, mines_left)


@pytest.mark.parametrize("mines_left", [0, 1, 2, 30, 58, 59, 60, 61])
@pytest.mark.parametrize("n_off", [0, 3, 10**6])
def test_huge_ratios_near_the_extremes_do_not_underflow(n_off: int, mines_left: int) -> None:
    # Untilted, one mine in all among sixty components weighs 1e-1770 of the
    # likeliest total: only the exponential tilt keeps it representable.
    lopsided = CountTable({0: 1, 1: 10**30}, {0: (0,), 1: (10**30,)})
    a = assert_agrees([lopsided] * 60, n_off, mines_left)
    if n_off == 0 and 0 < mines_left < 60:
        assert a.boxes[0][0] == pytest.approx(mines_left / 60, rel=1e-12)


# Real positions.


BIG_BOARDS = []
for _seed in range(12):
    _rng = random.Random(_seed)
    _rows, _cols = _rng.randint(6, 12), _rng.randint(6, 14)
    _cells = [Cell(r, c) for r in range(_rows) for c in range(_cols)]
    _mines = frozenset(_rng.sample(_cells, len(_cells) // 6))
    _shown = [c for c in _cells if c not in _mines and _rng.random() < 0.45]
    BIG_BOARDS.append(layout_board(_rows, _cols, _mines, _shown, with_total=True))


@pytest.mark.parametrize("case", HAND_CASES + random_cases(), ids=lambda c: c.id)
def test_real_positions(case) -> None:
    pos = build_position(case.board, total_mines=case.total_mines, assume=case.assume)
    if pos.contradiction is not None:
        return
    tables, sizes = tables_of(pos)
    a = assert_agrees(tables, len(pos.off_frontier), pos.mines_left)
    if a.consistent and pos.mines_left is not None:
        assert expected_mines(a, sizes, len(pos.off_frontier)) == pytest.approx(pos.mines_left, abs=1e-9)


@pytest.mark.parametrize("board", BIG_BOARDS, ids=lambda b: f"{len(b.grid)}x{len(b.grid[0])}")
def test_bigger_real_boards(board) -> None:
    pos = build_position(board)
    tables, sizes = tables_of(pos)
    n_off = len(pos.off_frontier)
    a = assert_agrees(tables, n_off, pos.mines_left)
    assert a.consistent  # a real layout lies behind every board
    assert expected_mines(a, sizes, n_off) == pytest.approx(pos.mines_left, rel=1e-9)
    for mines_left in (None, 0, pos.mines_left - 1, pos.mines_left + n_off // 2, sum(map(sum, sizes)) + n_off):
        assert_agrees(tables, n_off, mines_left)


# Random tables.


@st.composite
def count_tables(draw: st.DrawFn, max_k: int = 25, max_width: int = 4) -> CountTable:
    """Supports with gaps, counts up to 1e30, tallies often at their bounds 0 and the count."""
    empty = draw(st.integers(0, 29)) == 0
    ks = set() if empty else draw(st.sets(st.integers(0, max_k), min_size=1, max_size=6))
    width = draw(st.integers(0, max_width))
    top = draw(st.sampled_from([1, 10, 10**6, 10**30]))
    solutions, tallies = {}, {}
    for k in sorted(ks):
        c = solutions[k] = draw(st.integers(1, top))
        tallies[k] = tuple(draw(st.one_of(st.just(0), st.just(c), st.integers(0, c))) for _ in range(width))
    return CountTable(solutions, tallies)


@st.composite
def inputs(draw: st.DrawFn, max_tables: int = 8) -> tuple[list[CountTable], int, int | None]:
    tables = draw(st.lists(count_tables(), max_size=max_tables))
    n_off = draw(st.one_of(st.integers(0, 30), st.integers(0, 10**4), st.sampled_from([10**5, 10**6])))
    lo = sum(min(t.solutions, default=0) for t in tables)
    hi = sum(max(t.solutions, default=0) for t in tables)
    d = draw(st.integers(-3, 3))
    # Exact counting is slow for mid totals among 1e6 cells: there, stay near the extremes.
    mid = st.integers(lo - 2, hi + n_off + 2) if n_off <= 10**4 else st.integers(lo - 2, hi + 50)
    mines_left = draw(
        st.one_of(
            st.none(),
            st.just(lo + d),  # few mines: the frontier at its minimum, cells off it safe
            st.just(hi + n_off + d),  # many: the frontier full, cells off it mines
            st.just(lo + n_off + d),
            st.just(hi + d),
            mid,
        )
    )
    return tables, n_off, mines_left


SETTINGS = settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(inputs())
def test_random_tables(args) -> None:
    assert_agrees(*args)


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(count_tables(max_k=6, max_width=2), min_size=20, max_size=60), st.integers(0, 40), st.data())
def test_many_random_tables(tables, n_off: int, data) -> None:
    lo = sum(min(t.solutions, default=0) for t in tables)
    hi = sum(max(t.solutions, default=0) for t in tables)
    assert_agrees(tables, n_off, data.draw(st.integers(lo - 1, hi + n_off + 1)))


# A board of a million cells.


def synthetic(count: int, seed: int) -> tuple[list[CountTable], list[tuple[int, ...]]]:
    """Components of up to ten boxes, their models a few variations of one layout."""
    rng = random.Random(seed)
    tables, sizes = [], []
    for _ in range(count):
        sz = tuple(rng.choice((1, 1, 2, 3, 4)) for _ in range(rng.randint(1, 10)))
        boxes, start = [], 0
        for s in sz:
            boxes.append(tuple(range(start, start + s)))
            start += s
        base = tuple(rng.randint(0, s) for s in sz)
        models = {base}
        for _ in range(rng.randint(0, 30)):
            m = list(base)
            for b in rng.sample(range(len(sz)), rng.randint(1, len(sz))):
                m[b] = rng.randint(0, sz[b])
            models.add(tuple(m))
        tables.append(CountTable.from_box_counts(Problem(tuple(boxes), ()), sorted(models)))
        sizes.append(sz)
    return tables, sizes


@pytest.fixture(scope="module")
def huge() -> tuple[list[CountTable], list[tuple[int, ...]]]:
    return synthetic(2000, 7)


def assert_sane(a: Approximate) -> None:
    for probs, facts in zip(a.boxes, a.certain, strict=True):
        for p, fact in zip(probs, facts, strict=True):
            assert p == fact if fact is not None else 0 < p < 1


def test_two_thousand_components(huge) -> None:
    tables, sizes = huge
    a = combine_approx(tables, 850_000, 140_000)
    assert a.consistent and math.isfinite(a.log_solutions)
    assert expected_mines(a, sizes, 850_000) == pytest.approx(140_000, rel=1e-6)
    assert_sane(a)
    # 140,000 mines fit whatever the frontier holds: facts are those of each table alone.
    for table, facts in zip(tables, a.certain, strict=True):
        for b, fact in enumerate(facts):
            column = [(row[b], table.solutions[k]) for k, row in table.tallies.items()]
            assert fact == (0 if all(t == 0 for t, _ in column) else 1 if all(t == s for t, s in column) else None)


@pytest.mark.parametrize("extra", [0, 1])
def test_two_thousand_components_at_the_minimum(huge, extra: int) -> None:
    tables, sizes = huge
    lows = [min(t.solutions) for t in tables]
    a = combine_approx(tables, 0, sum(lows) + extra)
    assert a.consistent
    assert expected_mines(a, sizes, 0) == pytest.approx(sum(lows) + extra, rel=1e-9)
    assert_sane(a)
    # With one mine above the minimum, exactly one component holds one more.
    steps = [lo + 1 in t.solutions for t, lo in zip(tables, lows, strict=True)]
    for i, (table, lo, facts) in enumerate(zip(tables, lows, a.certain, strict=True)):
        ks = [lo] if not extra else [lo] * (sum(steps) - steps[i] > 0) + [lo + 1] * steps[i]
        for b, fact in enumerate(facts):
            column = [(table.tallies[k][b], table.solutions[k]) for k in ks]
            assert fact == (0 if all(t == 0 for t, _ in column) else 1 if all(t == s for t, s in column) else None)


def test_two_thousand_components_at_the_maximum(huge) -> None:
    tables, _ = huge
    a = combine_approx(tables, 5, sum(max(t.solutions) for t in tables) + 5)
    assert a.consistent and a.off_certain == 1 and a.off_frontier == 1.0
    for table, facts in zip(tables, a.certain, strict=True):
        row, s = table.tallies[max(table.solutions)], table.solutions[max(table.solutions)]
        assert facts == tuple(0 if t == 0 else 1 if t == s else None for t in row)


# -- through analyze() and the command line -------------------------------------------------


@pytest.mark.parametrize("case", HAND_CASES + random_cases(), ids=lambda c: c.id)
def test_float_analysis_has_the_exact_facts_of_the_brute_force_oracle(case) -> None:
    from oracle import reference

    from cnfsweep import analyze

    ref = reference(case.board, total_mines=case.total_mines, assume=case.assume)
    got = analyze(case.board, total_mines=case.total_mines, assume=case.assume, arithmetic="float")
    assert got.consistent == ref.consistent
    if not ref.consistent:
        return
    assert got.approximate and got.solutions is None
    exact = analyze(case.board, total_mines=case.total_mines, assume=case.assume, arithmetic="exact")
    assert (got.safe, got.mines) == (exact.safe, exact.mines)
    for cell in case.board.covered:
        p, q = got.exact(cell), exact.exact(cell)
        assert (p is None) == (q is None)
        if q is not None:
            assert float(p) == pytest.approx(float(q), rel=1e-9, abs=1e-12)
            assert (p in (0, 1)) == (q in (0, 1))
    if exact.solutions:
        assert got.log10_solutions == pytest.approx(math.log10(exact.solutions), rel=1e-9, abs=1e-9)


def test_auto_arithmetic_switches_to_floats_past_the_work_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    from cnfsweep import Board, analyze
    from cnfsweep.engine import analysis

    board = Board.from_rows(["1...", "....", "...1"], total_mines=3)
    assert not analyze(board).approximate
    monkeypatch.setattr(analysis, "EXACT_WORK", -1)
    assert analyze(board).approximate and not analyze(board, arithmetic="exact").approximate


def test_solve_json_marks_float_probabilities(tmp_path) -> None:
    import json

    from typer.testing import CliRunner

    from cnfsweep.cli import app

    path = tmp_path / "board.txt"
    path.write_text("mines: 3\n1...\n....\n...1\n")
    out = CliRunner().invoke(app, ["solve", str(path), "--arithmetic", "float", "--json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert doc["approximate"] is True and doc["solutions"] is None and doc["log10_solutions"] > 0
    # Only certain values are written as exact fractions.
    assert all(x in (None, "0", "1") for row in doc["exact"] for x in row)
    human = CliRunner().invoke(app, ["solve", str(path), "--arithmetic", "float"])
    assert human.exit_code == 0 and "floating point" in human.output


@given(
    st.lists(
        st.dictionaries(st.integers(0, 300), st.integers(1, 5), min_size=0, max_size=4),
        min_size=0,
        max_size=6,
    ),
    st.integers(-1, 3000),
)
def test_the_work_limit_is_told_as_the_whole_estimate_tells_it(solutions: list[dict[int, int]], limit: int) -> None:
    """too_much_work skips counting the distinct tables where it cannot matter: the same answer as exact_work's."""
    from cnfsweep.engine.analysis import exact_work, too_much_work

    # Some tables repeated, so distinct tables are fewer than tables.
    tables = [CountTable(s, {k: () for k in s}) for s in solutions + solutions[:2]]
    assert too_much_work(tables, limit) == (exact_work(tables) > limit)
