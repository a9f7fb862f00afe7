"""2B Bridge beyond the oracle's enumeration tests: generated 2B puzzles have exactly one layout by the oracle."""

from __future__ import annotations

import pytest
from variant_puzzles import Puzzle

from cnfsweep.generation.variants import VariantRequest, generate_variant


@pytest.mark.parametrize(
    ("codes", "total"),
    # One bridge and two across a 4x4 board (a total that is no multiple of the width has no layout).
    [(["2B", "V"], 4), (["2B", "V"], 8), (["2B", "2X"], 4), (["2B", "2D"], 8)],
    ids=lambda x: " ".join(x) if isinstance(x, list) else str(x),
)
def test_a_generated_2b_puzzle_has_one_layout_by_the_oracle(codes: list[str], total: int) -> None:
    for seed in (1, 2):
        made = generate_variant(VariantRequest.make(4, 4, total, codes, graded=False), seed)
        board = made.board
        view = Puzzle(
            4,
            4,
            [r.name for r in board.rules.mine],
            board.rules.clue.name,
            clues={(c.row, c.col): v for c, v in board.clues.items()},
            dyed={(c.row, c.col) for c in board.grid.dyed},
            total=total,
        )
        assert view.solutions() == {frozenset(made.answer)}
