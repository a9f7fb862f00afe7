"""The leaf kernel's blend pair (``leaf_at`` with ``living``) against the positions, brute force, and ``strong``.

:func:`~cnfsweep.search.merge.leaf_blend` gives, for every number a cell
could show, the layouts after it and those with a mine on the best and
second-best cell to guess then (:func:`~cnfsweep.search.ranking.safety_pair`,
or :func:`~cnfsweep.search.ranking.living_safety_pair` with plainly dead
cells left out), from one C call and no position built.  Checked against the
positions built in Python, against every layout of small boards, and through
``strong``'s blend (``second_weight``), whose scores must not move.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from oracle import around, layouts
from positions import SMALL, covered, deeper, guess_points

from cnfsweep.core.board import Board, Cell
from cnfsweep.engine.analysis import Analysis
from cnfsweep.engine.position import build_position
from cnfsweep.play.game import LEVELS, Level
from cnfsweep.play.strong import StrongPolicy
from cnfsweep.search import splitting
from cnfsweep.search.merge import _leaf_blend_python, leaf_blend
from cnfsweep.search.ranking import number_range
from cnfsweep.search.whatif import Snapshot

pytestmark = pytest.mark.skipif(
    getattr(splitting.kernel, "cell_codes", None) is None,
    reason="the C kernel cnfsweep.search._merge is not built (no compiler at install, or CNFSWEEP_PURE_PYTHON)",
)


@pytest.fixture(scope="module")
def expert_points() -> list[Analysis]:
    return guess_points(LEVELS["expert"], 47, 5)


def check(snap: Snapshot, rng: random.Random) -> tuple[int, int]:
    """Compare the kernel with the positions on the frontier, the safe cells and a few off; (answered, declined)."""
    off = sorted(snap.off)
    answered = declined = 0
    for cell in sorted({*snap.box_of, *snap.known_safe, *rng.sample(off, min(8, len(off)))}):
        for living in (False, True):
            found = leaf_blend(snap, cell, living)
            if found is None:
                declined += 1
                continue
            assert found == _leaf_blend_python(snap, cell, living), (cell, living)
            answered += 1
    return answered, declined


def test_matches_the_positions_on_expert_games(expert_points: list[Analysis]) -> None:
    rng = random.Random(21)
    answered = declined = 0
    for analysis in expert_points[:20]:
        snap = Snapshot.of_analysis(analysis)
        for position in [snap, *deeper(snap, rng, 2)]:
            a, d = check(position, rng)
            answered += a
            declined += d
    assert answered > 3000
    assert declined <= answered // 100


def test_matches_the_positions_on_middling_games() -> None:
    # Crowded boards: more certain mines, safe cells and dead cells than expert's early guesses.
    rng = random.Random(22)
    answered = 0
    for analysis in guess_points(Level(9, 9, 16, "middling"), 49, 12):
        snap = Snapshot.of_analysis(analysis)
        for position in [snap, *deeper(snap, rng, 3)]:
            answered += check(position, rng)[0]
    assert answered > 1500


def brute_pair(board: Board, total: int, cell: Cell, v: int, living: bool) -> tuple[int, int, int, int]:
    """The definition from every layout: after ``cell`` shows ``v``, the two fewest mined cells worth a guess.

    A covered cell may be guessed unless it is a mine in every layout left; with ``living``, one is left out
    when it is not certainly safe and no covered neighbour is a mine in some layouts left but not all (it
    can show one number only), unless no cell lives.  Missing cells count as mined in every layout; with no
    cell to guess the game is won: both 0.
    """
    group = [
        m
        for m in layouts(board, total)
        if cell not in m and sum(n in m or n in board.flags for n in around(board, cell)) == v
    ]
    n = len(group)
    if not n:
        return 0, 0, 0, 0
    others = [c for c in board.covered if c != cell and c not in board.flags]
    mined = {c: sum(c in m for m in group) for c in others}
    pool = sorted((x, c) for c, x in mined.items() if x < n)
    clickable = [x for x, _ in pool]
    fails = 0 if not clickable or 0 in clickable else min(clickable)

    def lives(c: Cell, x: int) -> bool:
        return x == 0 or any(0 < mined.get(nb, 0) < n for nb in around(board, c) if nb != cell)

    chosen = [x for x, c in pool if lives(c, x)] if living else []
    chosen = chosen or clickable
    if not chosen:
        return n, fails, 0, 0
    return n, fails, chosen[0], chosen[1] if len(chosen) > 1 else n


# Boards where a dead cell is among the safest after a reveal, which a game's small boards seldom show:
# (0, 0) and (0, 2) have only revealed neighbours and hold one mine between them (the 1 sees both), so
# each can show one number only whatever happens elsewhere.
DEAD_PAIRS = [
    ([".1.", "121", "...", "..."], 4),
    ([".1.", "121", "...", "...", "..."], 7),
    ([".1.", "121", "...", "...", "...", "..."], 9),
    ([".1.", "121", "...", "...", "...", "..."], 10),
    ([".1.1.", "12121", ".....", "....."], 8),
]


def small_positions() -> list[tuple[Snapshot, Board, int]]:
    """Small boards from games (positions a guess is made in) and the boards with dead pairs, under 15 covered."""
    out = []
    for analysis in guess_points(SMALL, 44, 30):
        board, total = analysis.board, analysis.total_mines
        if len(board.covered) <= 14 and total is not None:
            out.append((Snapshot.of_analysis(analysis), board, total))
    for rows, total in DEAD_PAIRS:
        board = Board.from_rows(rows, total_mines=total)
        snap = Snapshot.of(build_position(board))
        assert snap is not None
        out.append((snap, board, total))
    return out


def test_matches_brute_force_on_small_boards() -> None:
    rng = random.Random(23)
    checked = deep = dead = 0
    for snap, board, total in small_positions():
        positions = [(snap, board)]
        for cell in rng.sample(covered(snap), min(2, len(covered(snap)))):
            positions += [(after, board.with_char(cell, str(v))) for v, after in snap.outcomes(cell).items()]
        for position, shown in positions:
            for cell in covered(position):
                for living in (False, True):
                    found = leaf_blend(position, cell, living)
                    assert found is not None
                    low, entries = found
                    assert (low, low + len(entries) - 1) == number_range(position, cell)
                    for i, entry in enumerate(entries):
                        expected = brute_pair(shown, total, cell, low + i, living)
                        assert entry == expected, (shown.grid, cell, low + i, living)
                        checked += bool(entry[0])
                        deep += position is not snap and bool(entry[0])
                    if living:
                        dead += sum(e != p for e, p in zip(entries, leaf_blend(position, cell, False)[1], strict=True))
    # Enough answers, one reveal deeper too, and some where leaving dead cells out changes the pair.
    assert checked >= 300 and deep >= 80 and dead >= 10


def blend_scores(policy: StrongPolicy, analysis: Analysis | None, snap: Snapshot, cells: list[Cell]) -> list[object]:
    """Each cell's counts and next safeties after each number (with an analysis), and its score's bounds."""
    out: list[object] = []
    for cell in cells:
        if analysis is not None:
            o = policy.outcome(analysis, cell, snap)
            out.append((cell, o.counts, o.next_safety, o.survivors, o.score(snap.solutions)))
        # Whether the score may reach floors around a candidate's own safety.
        safety = Fraction(snap.solutions - snap.weight(cell), snap.solutions)
        out.append([policy._reaches(snap, cell, safety * f) for f in (Fraction(1, 2), Fraction(9, 10), Fraction(1))])
    return out


@pytest.mark.parametrize("living", [False, True])
def test_strong_blend_scores_are_the_positions(
    expert_points: list[Analysis], monkeypatch: pytest.MonkeyPatch, living: bool
) -> None:
    # strong with the blend scores each candidate from the kernel's pair: the same fractions as from the
    # positions built in Python (the way it goes where the kernel declines), and the same bounds.
    policy = StrongPolicy(second_weight=0.2, second_living=living)
    rng = random.Random(24)
    compared = 0
    for analysis in expert_points[:8]:
        snap = Snapshot.of_analysis(analysis)
        for position in [snap, *deeper(snap, rng, 1)]:
            cells = position.candidates(0.5, 6)
            given = analysis if position is snap else None
            fast = blend_scores(policy, given, position, cells)
            assert all(position._blends.get((c, living)) is not None for c in cells)
            with monkeypatch.context() as patch:
                patch.setattr(Snapshot, "leaf_blend", lambda self, cell, living: None)
                assert blend_scores(policy, given, position, cells) == fast
            compared += len(cells)
    assert compared > 40


def test_the_blend_call_answers_the_leaf_too(expert_points: list[Analysis]) -> None:
    # One kernel call gives both: the counts the blend's call leaves for Snapshot.leaf are the leaf's own.
    snap = Snapshot.of_analysis(expert_points[2])
    again = Snapshot.of_analysis(expert_points[2])
    cells = snap.candidates(0.5, 6)
    assert cells
    for cell in cells:
        assert snap.leaf_blend(cell, True) is not None
        assert cell in snap._leaves
        assert snap.leaf(cell) == again.leaf(cell) is not None
