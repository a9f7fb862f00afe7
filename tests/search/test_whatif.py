"""Hypothetical reveals agree with a fresh analysis of the changed board and with brute force."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from positions import SMALL, guess_points
from oracle import around, layouts, reference

from cnfsweep import analyze
from cnfsweep.engine.analysis import Analysis, Counting
from cnfsweep.core.board import Board, Cell
from cnfsweep.play.game import LEVELS
from cnfsweep.engine.position import build_position
from cnfsweep.search import splitting
from cnfsweep.search.whatif import Snapshot


def fresh(board: Board, cell: Cell, number: int, total: int) -> Analysis:
    return analyze(board.with_char(cell, str(number)), total_mines=total, counting=Counting.SEARCH)


def best_safety(analysis: Analysis) -> Fraction:
    probs = [p for p in analysis.frontier_exact.values() if p != 1]
    if analysis.off_frontier and analysis.off_frontier_exact is not None:
        probs.append(analysis.off_frontier_exact)
    # Nothing left to click but mines: the game is won.
    return 1 - min(probs, default=0)


def assert_same(snap: Snapshot, after: Analysis) -> None:
    assert snap.solutions == after.solutions
    assert snap.safe_exists == bool(after.safe)
    if not after.safe:
        assert snap.safety_pair()[0] == best_safety(after)
    for cell, p in after.frontier_exact.items():
        if p.numerator in (p.denominator, 0):
            continue
        assert Fraction(snap.weight(cell), snap.solutions) == p


@pytest.fixture(scope="module")
def expert_points() -> list[Analysis]:
    return guess_points(LEVELS["expert"], 41, 6)


def test_reveals_match_a_fresh_analysis_on_expert_positions(expert_points):
    rng = random.Random(7)
    checked = 0
    for analysis in expert_points:
        snap = Snapshot.of(analysis.position)
        assert snap is not None and snap.solutions == analysis.solutions
        covered = [c for c in analysis.board.covered if analysis.exact(c) not in (0, 1)]
        for cell in rng.sample(covered, min(4, len(covered))):
            outcomes = snap.outcomes(cell)
            low, high = snap.number_range(cell)
            for v in range(low, high + 1):
                after = fresh(analysis.board, cell, v, analysis.total_mines)
                if v not in outcomes:
                    assert not after.consistent or after.solutions == 0
                    continue
                assert_same(outcomes[v], after)
                checked += 1
    assert checked >= 100


def test_two_reveals_in_a_row_match_a_fresh_analysis(expert_points):
    rng = random.Random(8)
    checked = 0
    for analysis in expert_points[:20]:
        snap = Snapshot.of(analysis.position)
        first = rng.choice([c for c in analysis.board.covered if analysis.exact(c) not in (0, 1)])
        for v, after in snap.outcomes(first).items():
            board = analysis.board.with_char(first, str(v))
            unknown = [c for c in board.covered if after.unknown(c) and 0 < after.weight(c) < after.solutions]
            if not unknown:
                continue
            second = rng.choice(unknown)
            for w, twice in after.outcomes(second).items():
                assert_same(twice, fresh(board, second, w, analysis.total_mines))
                checked += 1
    assert checked >= 20


def test_reveals_match_brute_force_on_small_boards():
    points = [a for a in guess_points(SMALL, 42, 30) if len(a.board.covered) <= 14]
    checked = 0
    for analysis in points:
        snap = Snapshot.of(analysis.position)
        for cell in analysis.board.covered:
            if analysis.exact(cell) in (0, 1):
                continue
            outcomes = snap.outcomes(cell)
            ref_counts = {}
            for v in range(9):
                ref = reference(analysis.board.with_char(cell, str(v)), total_mines=analysis.total_mines)
                if ref.consistent and ref.solutions:
                    ref_counts[v] = ref
            assert set(outcomes) == set(ref_counts)
            for v, after in outcomes.items():
                ref = ref_counts[v]
                assert after.solutions == ref.solutions
                assert after.safe_exists == any(p == 0 for p in ref.exact.values() if p is not None)
                for c, p in ref.exact.items():
                    if p is not None and after.unknown(c):
                        assert Fraction(after.weight(c), after.solutions) == p
                checked += 1
    assert checked >= 50


def test_a_position_without_a_total_is_refused():
    with pytest.raises(ValueError, match="total"):
        Snapshot.of(build_position(Board.from_rows(["1.", ".."])))


def test_an_inconsistent_position_has_no_snapshot():
    assert Snapshot.of(build_position(Board.from_rows(["4.", ".."], total_mines=3))) is None
    assert Snapshot.of(build_position(Board.from_rows(["3.", ".."], total_mines=2))) is None


def test_conditioning_matches_brute_force_with_assumed_cells():
    rng = random.Random(9)
    points = [a for a in guess_points(SMALL, 43, 30) if len(a.board.covered) <= 14]
    checked = 0
    for analysis in points:
        snap = Snapshot.of(analysis.position)
        open_cells = [c for c in analysis.board.covered if snap.unknown(c)]
        for _ in range(3):
            chosen = rng.sample(open_cells, min(len(open_cells), rng.randint(1, 3)))
            values = {c: rng.random() < 0.5 for c in chosen}
            board = analysis.board
            for label, c in zip("abc", chosen, strict=False):
                board = board.with_char(c, label)
            assume = {label: values[c] for label, c in zip("abc", chosen, strict=False)}
            ref = reference(board, total_mines=analysis.total_mines, assume=assume)
            after = snap.condition(values)
            if not ref.consistent:
                assert after is None
                continue
            assert after is not None and after.solutions == ref.solutions
            for c, p in ref.exact.items():
                if p is not None and after.unknown(c):
                    assert Fraction(after.weight(c), after.solutions) == p
            checked += 1
    assert checked >= 30


def test_reveals_from_models_match_the_engines_rebuild(expert_points):
    # A game's engine (search only) gets reveals from the parts' models; any other engine solves each
    # hypothetical component itself: the two must agree, number for number, two reveals deep.
    from cnfsweep.engine import Engine

    rng = random.Random(10)
    checked = 0
    for analysis in expert_points[:15]:
        fast = Snapshot.of(analysis.position, Engine.for_games())
        solved = Snapshot.of(analysis.position, Engine.create())
        covered = [c for c in analysis.board.covered if analysis.exact(c) not in (0, 1)]
        for cell in rng.sample(covered, min(3, len(covered))):
            ours, theirs = fast.outcomes(cell), solved.outcomes(cell)
            assert set(ours) == set(theirs)
            for v, after in ours.items():
                other = theirs[v]
                assert (after.solutions, after.safe_exists, after.best_weight()) == (
                    other.solutions,
                    other.safe_exists,
                    other.best_weight(),
                )
                if after.safe_exists:
                    # Cells proved safe sit in boxes on one side and among the settled on the other;
                    # a look-ahead asks for candidates only where no cell is safe.
                    continue
                assert after.candidates(0.2, 8) == other.candidates(0.2, 8)
                second = next(iter(after.candidates(0.2, 3)), None)
                if second is not None:
                    assert {w: (s.solutions, s.best_weight()) for w, s in after.outcomes(second).items()} == {
                        w: (s.solutions, s.best_weight()) for w, s in other.outcomes(second).items()
                    }
                checked += 1
    assert checked >= 30


def test_reveals_in_either_order_reach_one_position_and_answer_after_forget(expert_points):
    analysis = expert_points[0]
    snap = Snapshot.of(analysis.position)
    a, b = snap.candidates(0.2, 2)
    (v, after_a), (w, after_b) = next(iter(snap.outcomes(a).items())), next(iter(snap.outcomes(b).items()))
    both = after_a.reveal(b, w)
    assert both is not None and after_b.reveal(a, v) is both  # the shared memo
    snap.forget()
    again = snap.reveal(a, v).reveal(b, w)
    assert again is not both and (again.solutions, again.best_weight()) == (both.solutions, both.best_weight())


@pytest.mark.parametrize("compiled", [True, False], ids=["kernel", "python"])
def test_reveal_counts_match_brute_force_on_small_boards(compiled: bool, monkeypatch: pytest.MonkeyPatch):
    # What a look-ahead scores a candidate by, without the position: the layouts after each number,
    # and those in which the safest cell then left to click is a mine (0 with a safe cell, or none left).
    if not compiled:
        monkeypatch.setattr(splitting, "kernel", None)
    points = [a for a in guess_points(SMALL, 43, 30) if len(a.board.covered) <= 14]
    checked = 0
    for analysis in points:
        board = analysis.board
        found = layouts(board, analysis.total_mines)
        snap = Snapshot.of(analysis.position)
        for cell in board.covered:
            if analysis.exact(cell) in (0, 1):
                continue
            for v in range(9):
                group = [
                    m
                    for m in found
                    if cell not in m and sum(n in m or n in board.flags for n in around(board, cell)) == v
                ]
                others = [c for c in board.covered if c != cell]
                mined = [sum(c in m for m in group) for c in others]
                clickable = [k for k in mined if k < len(group)]
                fails = 0 if not group or 0 in clickable or not clickable else min(clickable)
                assert snap.reveal_counts(cell, v) == (len(group), fails), (board.grid, cell, v)
                checked += bool(group)
    assert checked >= 50
