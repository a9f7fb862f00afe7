"""The look-ahead's leaf kernel (``leaf`` and ``leaf_at`` of ``cnfsweep.search._merge``) against the Split and brute force.

:func:`~cnfsweep.search.merge.leaf_counts` answers, for every number a cell
could show, what :meth:`Split.counts <cnfsweep.search.merge.Split.counts>`
answers one number at a time (the layouts after it, and those with a mine on
the safest cell left): the same counts, from one C call.  Checked on the
positions a strong player meets and on positions one reveal deeper (whose parts
are merged ones, not the engine's), against the Python way and against every
layout of small boards.
"""

from __future__ import annotations

import random
from math import comb

import pytest
from oracle import around, layouts
from positions import SMALL, covered, deeper, guess_points

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.constraints import CountTable
from cnfsweep.engine.counting import _weigh_python
from cnfsweep.engine.counting import kernel as weigh_kernel
from cnfsweep.engine.analysis import Analysis
from cnfsweep.play.game import LEVELS, Level
from cnfsweep.search import merge, splitting
from cnfsweep.search.merge import Split, _leaf_counts_python, leaf_counts
from cnfsweep.search.ranking import candidates, number_range
from cnfsweep.search.whatif import Snapshot

needs_kernel = pytest.mark.skipif(
    getattr(splitting.kernel, "leaf_at", None) is None,
    reason="the C kernel cnfsweep.search._merge is not built (no compiler at install, or CNFSWEEP_PURE_PYTHON)",
)
pytestmark = needs_kernel


def split_counts(snap: Snapshot, cell: Cell) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """What the Python way answers: a Split's counts for each number of the cell's range (None: no Split)."""
    split = Split.of(snap, cell)
    if split is None:
        return None
    low, high = number_range(snap, cell)
    return low, tuple(split.counts(snap, v) for v in range(low, high + 1))


def check(snap: Snapshot, rng: random.Random) -> tuple[int, int]:
    """Compare the kernel with the Python way on the covered cells; return (cells answered, declined).

    Every cell on the frontier or certainly safe, and a few off it (the rest are alike but for their neighbours).
    """
    off = sorted(snap.off)
    answered = declined = 0
    for cell in sorted({*snap.box_of, *snap.known_safe, *rng.sample(off, min(12, len(off)))}):
        found = leaf_counts(snap, cell)
        # The neighbours read and the counts scaled in C (leaf_at), or in Python around leaf: the same answer.
        assert _leaf_counts_python(snap, cell) == found, cell
        if found is None:
            declined += 1
            continue
        assert found == split_counts(snap, cell), cell
        answered += 1
    return answered, declined


@pytest.fixture(scope="module")
def expert_points() -> list[Analysis]:
    return guess_points(LEVELS["expert"], 47, 5)


def test_matches_the_split_on_expert_positions(expert_points: list[Analysis]) -> None:
    rng = random.Random(11)
    answered = declined = 0
    for analysis in expert_points[:30]:
        snap = Snapshot.of_analysis(analysis)
        for position in [snap, *deeper(snap, rng, 2)]:
            a, d = check(position, rng)
            answered += a
            declined += d
    assert answered > 5000
    # The kernel answers almost everything a game asks; the rest goes the Python way.
    assert declined <= answered // 100


def test_matches_the_split_on_middling_positions() -> None:
    rng = random.Random(12)
    answered = 0
    for analysis in guess_points(Level(9, 9, 12, "middling"), 48, 12):
        snap = Snapshot.of_analysis(analysis)
        for position in [snap, *deeper(snap, rng, 3)]:
            answered += check(position, rng)[0]
    assert answered > 3000


def brute_counts(board: Board, total: int, cell: Cell, v: int) -> tuple[int, int]:
    """Layouts in which ``cell`` is safe and shows ``v``, and those with a mine on the safest cell then left."""
    group = [
        m
        for m in layouts(board, total)
        if cell not in m and sum(n in m or n in board.flags for n in around(board, cell)) == v
    ]
    others = [c for c in board.covered if c != cell and c not in board.flags]
    mined = [sum(c in m for m in group) for c in others]
    clickable = [k for k in mined if k < len(group)]
    return len(group), 0 if not group or 0 in clickable or not clickable else min(clickable)


def test_matches_brute_force_on_small_boards() -> None:
    rng = random.Random(13)
    checked = deep = 0
    for analysis in guess_points(SMALL, 44, 30):
        board, total = analysis.board, analysis.total_mines
        if len(board.covered) > 14 or total is None:
            continue
        snap = Snapshot.of_analysis(analysis)
        positions = [(snap, board)]
        # One reveal deeper too, on the board that shows the number.
        for cell in rng.sample(covered(snap), min(2, len(covered(snap)))):
            positions += [(after, board.with_char(cell, str(v))) for v, after in snap.outcomes(cell).items()]
        for position, shown in positions:
            for cell in covered(position):
                found = leaf_counts(position, cell)
                assert found is not None
                low, counts = found
                assert (low, low + len(counts) - 1) == number_range(position, cell)
                for i, pair in enumerate(counts):
                    assert pair == brute_counts(shown, total, cell, low + i), (shown.grid, cell, low + i)
                    checked += bool(pair[0])
                    deep += position is not snap and bool(pair[0])
    assert checked >= 200 and deep >= 50


def test_reveal_counts_and_weights_take_the_kernel(expert_points: list[Analysis]) -> None:
    # The snapshot's own answers come from the kernel where it answers: one call per cell, kept.
    snap = Snapshot.of_analysis(expert_points[0])
    cell = snap.candidates(0.2, 1)[0]
    low, counts = leaf_counts(snap, cell) or (0, ())
    assert counts
    assert [snap.reveal_counts(cell, low + i) for i in range(len(counts))] == list(counts)
    assert [snap.reveal_weight(cell, low + i) for i in range(len(counts))] == [f for _, f in counts]
    assert cell in snap._leaves


def test_declines_without_the_kernel_or_past_the_model_limit(
    expert_points: list[Analysis], monkeypatch: pytest.MonkeyPatch
) -> None:
    snap = Snapshot.of_analysis(expert_points[1])
    cells = [c for c in snap.candidates(0.2, 8) if c in snap.box_of]
    assert cells
    with monkeypatch.context() as patch:
        patch.setattr(merge, "MODEL_LIMIT", 0)
        # Past the limit the kernel gives up (as the split does, for the engine's way) and leaves it to Python.
        assert all(leaf_counts(snap, c) is None for c in cells)
    fresh = Snapshot.of_analysis(expert_points[1])
    with monkeypatch.context() as patch:
        patch.setattr(splitting, "kernel", None)
        assert leaf_counts(fresh, cells[0]) is None
        # Without the kernel the snapshot still answers, the Python way.
        expected = split_counts(fresh, cells[0])
        assert expected is not None
        low, counts = expected
        assert [fresh.reveal_counts(cells[0], low + i) for i in range(len(counts))] == list(counts)


def test_what_the_kernel_does_not_pack_is_left_to_python() -> None:
    kernel = splitting.kernel
    # A table's count past 63 bits, as the engine's weighing kernel reads tables: not packed.
    assert kernel.pack_table(CountTable({1: 2**64}, {1: (2**63,)}), False) is NotImplemented
    assert kernel.pack_table(CountTable({1: 3}, {1: (1,)}), False) is not NotImplemented
    # A box past the binomial table, or a count past its box: no models packed.
    assert kernel.pack_models([(1,)], (200,)) is NotImplemented
    assert kernel.pack_models([(3,)], (2,)) is NotImplemented
    table, models = kernel.pack_table(CountTable({1: 2}, {1: (1,)}), False), kernel.pack_models([(1,)], (2,))
    # Seen cells outside the touched parts, or more of them than a box holds: declined, not guessed.
    assert kernel.leaf((table,), (0,), (models,), -1, -1, (0, 0, 0, 0, 0, 0), -1, 5, 2, 0, 3, 4096) is NotImplemented
    assert kernel.leaf((table,), (), (), -1, -1, (0, 0), -1, 5, 2, 0, 3, 4096) is NotImplemented
    # Two cells holding one mine, a third cell seeing one of them, three cells off the frontier, two mines:
    # a 0 leaves the other cell a mine (C(3, 1) layouts), a 1 the seen one (3 more), weighed as Python weighs.
    found = kernel.leaf((table,), (0,), (models,), -1, -1, (0, 0), -1, 3, 2, 0, 1, 4096)
    assert found is not NotImplemented and found is not None
    assert [entry[0] * 3 // entry[3] if entry else 0 for entry in found] == [3, 3]
    # Two models in all: the split gives up past a limit of 1, and so does the leaf.
    a, b, c = Cell(0, 0), Cell(0, 1), Cell(1, 0)
    assert kernel.split_weigh([((a, b),)], [[(1,)]], c, {a}, (), 1) is None
    assert kernel.split_weigh([((a, b),)], [[(1,)]], c, {a}, (), 2) is not None
    assert kernel.leaf((table,), (0,), (models,), -1, -1, (0, 0), -1, 3, 2, 0, 1, 1) is None
    assert kernel.leaf((table,), (0,), (models,), -1, -1, (0, 0), -1, 3, 2, 0, 1, 2) is not None


def test_open_counts_match_their_definition(expert_points: list[Analysis], monkeypatch: pytest.MonkeyPatch) -> None:
    # The neighbours left to open that the candidates are ranked by: certainly safe, or covered and not a
    # certain mine; the kernel's count, and the candidates it ranks, are the Python code's.
    rng = random.Random(14)
    compared = 0
    for analysis in expert_points[:10]:
        snap = Snapshot.of_analysis(analysis)
        for position in [snap, *deeper(snap, rng, 2)]:
            tables = position.topology.tables()
            n, w = position.solutions, position.weights
            cells = sorted({*position.box_of, *rng.sample(sorted(position.off), min(5, len(position.off)))})
            found = splitting.kernel.open_counts(
                cells,
                tables.around,
                tables.cells,
                position.known_safe,
                position.box_of,
                w.boxes,
                n,
                position.off,
                bool(position.off) and (w.off_frontier or 0) < n,
            )
            expected = [
                sum(
                    nb in position.known_safe or (position.unknown(nb) and position.weight(nb) < n)
                    for nb in position.topology.neighbours(c)
                )
                for c in cells
            ]
            assert found == expected
            compared += len(cells)
            with_kernel = candidates(position, 1.0, 40)
            with monkeypatch.context() as patch:
                patch.setattr(splitting, "kernel", None)
                assert candidates(position, 1.0, 40) == with_kernel
    assert compared > 500


@pytest.mark.parametrize(
    ("n_off", "mines_left"), [(120, 30), (100, 20), (60, 45), (40, 70), (35, 60), (200, 40), (400, 90)]
)
def test_wide_scales_match_python(n_off: int, mines_left: int) -> None:
    # A part that may hold from 0 to 59 mines: the binomial scale spans up to 60 numbers of mines off the
    # frontier, whose vector runs past 128 bits unless divided on the way (the kernel divides only when it
    # must, the engine's weighing after every factor): both give up on the same, and agree on the rest.
    table = CountTable({k: 1 + k % 5 for k in range(60)}, {k: (k % 3, 1 + k % 2) for k in range(60)})
    packed = splitting.kernel.pack_table(table, False)
    found = splitting.kernel.leaf((packed,), (), (), -1, -1, (), -1, n_off, mines_left, 0, 0, 4096)
    assert (found is NotImplemented) == (weigh_kernel.weigh([table], n_off, mines_left) is NotImplemented)
    if found is NotImplemented:
        return
    weights = _weigh_python([table], n_off, mines_left)
    if not weights.solutions:
        assert found == (None,)
        return
    scaled, least, least_off, top, r_top, safe = found[0]
    factor, left = divmod(comb(n_off, r_top), top)
    assert not left and not safe
    assert scaled * factor == weights.solutions
    assert (least * factor // n_off if least_off else least * factor) == weights.lowest()
