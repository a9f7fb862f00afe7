"""The exact value of one given first move (:func:`move_value`) against the plain game tree."""

from __future__ import annotations

import pytest
from game_oracle import BruteTree, revealed_of, small_game_positions

from cnfsweep import Board, Cell
from cnfsweep.search.endgame import best_move, move_value


@pytest.mark.parametrize(("rows", "cols", "mines", "seed"), [(4, 4, 3, 1), (3, 5, 3, 2), (4, 4, 4, 3)])
def test_every_move_against_the_tree(rows: int, cols: int, mines: int, seed: int) -> None:
    """Each covered cell's value is the tree's, and the best of them is the best move's."""
    tree = BruteTree(rows, cols, mines)
    checked = 0
    for board in small_game_positions(rows, cols, mines, count=12, seed=seed):
        revealed = revealed_of(board)
        values = {c: move_value(board, c, mines, max_layouts=10**4, node_limit=10**6) for c in board.covered}
        assert values == {c: tree.move_value(revealed, c) for c in board.covered}
        best = best_move(board, mines, max_layouts=10**4, node_limit=10**6)
        if best is not None:
            assert max(v for v in values.values() if v is not None) == best.win_probability
            checked += 1
    assert checked >= 5


def test_limits_and_bad_cells() -> None:
    board = Board.from_rows([".1.", "..."], total_mines=1)
    assert move_value(board, Cell(0, 0), max_layouts=4) is None
    assert move_value(board, Cell(0, 0), node_limit=0) is None
    with pytest.raises(ValueError, match="not a covered cell"):
        move_value(board, Cell(0, 1))
