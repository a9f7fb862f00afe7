"""``check`` decides consistency component by component: against brute force, and its witnesses checked cell by cell."""

from __future__ import annotations

import itertools
import random

import pytest

from boards import perturbed, random_position
from oracle import assert_check_valid, reference, witness_problems

from cnfsweep import Board, Cell, analyze, check
from cnfsweep.engine import witness
from cnfsweep.engine.witness import choose_counts, layout_problems


def random_boards(count: int, seed: int) -> list[Board]:
    """Seeded small boards: real layouts with and without their total, one number off by one, a wrong total."""
    rng = random.Random(seed)
    boards = []
    for i in range(count):
        pos = random_position(seed + i, max_frontier=10, flags=i % 3 == 0)
        true_total = len(pos.mines)
        boards += [pos.board, pos.board.with_total(true_total)]
        if pos.board.numbers:
            boards.append(perturbed(pos.board.with_total(true_total if i % 2 else None), seed + i))
        # Too few or too many mines for the covered cells, or just a different count.
        boards.append(pos.board.with_total(max(0, true_total + rng.choice((-3, -1, 1, 2, 5)))))
    return boards


BOARDS = random_boards(250, 31_000)


def test_the_random_boards_cover_both_verdicts_with_and_without_a_total() -> None:
    kinds = {(reference(b).consistent, b.total_mines is not None) for b in BOARDS}
    assert kinds == {(True, True), (True, False), (False, True), (False, False)}


@pytest.mark.parametrize("search", ["box search", "solver only"])
def test_check_agrees_with_brute_force_and_analyze(search: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if search == "solver only":
        # No box search: every component goes to the backend (counted with a total, one model without).
        monkeypatch.setattr(witness, "SEARCH_NODES", 0)
    for board in BOARDS:
        ref = reference(board)
        result = check(board)
        # A witness is checked number by number and against the total by the oracle, not the engine.
        assert_check_valid(result, board, ref.consistent, total=board.total_mines)
        assert result.consistent == analyze(board).consistent, board


def test_witness_respects_assumptions() -> None:
    board = Board.from_rows(["u1v", "...", "1.."], total_mines=3)
    for assume in ({"u": False, "v": True}, {"u": True, "v": False}):
        result = check(board, assume=assume)
        assert result.consistent
        assert witness_problems(board, result.witness_mines, total=3, assume=assume) == []


def test_choose_counts_matches_every_combination() -> None:
    rng = random.Random(5)
    for _ in range(300):
        supports = [sorted(rng.sample(range(6), rng.randint(1, 3))) for _ in range(rng.randint(0, 4))]
        low = rng.randint(-2, 12)
        high = low + rng.randint(0, 3)
        sums = {sum(combo) for combo in itertools.product(*supports)}
        chosen = choose_counts(supports, low, high)
        if not any(low <= s <= high for s in sums):
            assert chosen is None
        else:
            assert chosen is not None and all(k in s for k, s in zip(chosen, supports, strict=True))
            assert sum(chosen) == min(s for s in sums if low <= s <= high)


def test_layout_problems_agree_with_the_oracle() -> None:
    rng = random.Random(9)
    for board in BOARDS[:200]:
        cells = [*board.covered, *board.flags, *board.numbers]
        mines = sorted(set(rng.sample(cells, rng.randint(0, len(cells) // 2))) | set(board.flags))
        if rng.random() < 0.2:
            mines = [m for m in mines if m not in board.flags]  # a flag that is not a mine
        expected = witness_problems(board, mines, total=board.total_mines)
        assert bool(layout_problems(board, mines, board.total_mines)) == bool(expected), (board, mines)


def test_conflict_names_only_the_part_without_a_layout() -> None:
    # The 4 in the corner cannot hold; the 2 far away is fine and has nothing to do with it.
    board = Board.from_rows(["4.....", "......", "....2."], total_mines=6)
    result = check(board)
    assert not result.consistent
    assert result.conflict == (Cell(0, 0),) and not result.total_in_conflict
