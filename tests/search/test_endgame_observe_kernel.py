"""The endgame's compiled observations (``observe`` of ``cnfsweep.search._endgame``) against the Python code.

:func:`cnfsweep.search.endgame.best_move` hands the layout enumeration's leaves to the
kernel, which works out what each click shows in each layout and which cells are worth a
click, and passes that to the search as its arguments: the same bytes as
:func:`~cnfsweep.search.endgame._observations`, the cell filter and the packing of
:mod:`cnfsweep.search.endgame_tree` give, the same groups in the same order, so the search
returns the same move, value and count of states.  (Against the game itself, on every
topology: ``test_endgame_observations.py``.)
"""

from __future__ import annotations

import random

import pytest
from positions import SMALL, boards_before_moves

from cnfsweep.core.board import Board
from cnfsweep.experiments.campaign import game_seed
from cnfsweep.play import play_game
from cnfsweep.play.game import LEVELS, Level
from cnfsweep.search import endgame_tree
from cnfsweep.search.endgame import _leaves, _observations, best_move, enumerate_layouts

pytestmark = pytest.mark.skipif(
    getattr(endgame_tree.kernel, "observe", None) is None,
    reason="the C kernel cnfsweep.search._endgame is not built (no compiler at install, or CNFSWEEP_PURE_PYTHON)",
)


def python_arguments(board: Board, limit: int) -> tuple[list[int], bytes, bytes, list[int]] | None:
    """What the Python path hands the kernel's search: kept cells, their safe masks, their groups, group counts."""
    layouts = enumerate_layouts(board, limit=limit)
    if not layouts:
        return None
    mine_mask, groups = _observations(board, layouts)
    full = (1 << len(layouts)) - 1
    cells = [c for c in range(len(board.covered)) if mine_mask[c] != full and (mine_mask[c] or len(groups[c]) > 1)]
    size = 8 * ((len(layouts) + 63) // 64)
    safe = b"".join((full ^ mine_mask[c]).to_bytes(size, "little") for c in cells)
    flat = b"".join(g.to_bytes(size, "little") for c in cells for g in groups[c])
    return cells, safe, flat, [len(groups[c]) for c in cells]


def compiled_arguments(board: Board, limit: int) -> tuple[list[int], bytes, bytes, list[int]] | None:
    found = _leaves(board, None, limit)
    if found is None or not found[2]:
        return None
    leaves, off, count = found
    covered = board.covered
    index = {cell: i for i, cell in enumerate(covered)}
    around = [[index[n] for n in board.neighbours(c) if n in index] for c in covered]
    base = [sum(n in board.flags for n in board.neighbours(c)) for c in covered]
    return endgame_tree.kernel.observe(count, around, base, leaves, off)


def endgame_boards() -> list[Board]:
    """Positions of seeded games, before each move, with from 2 to 1000 layouts (flags among them)."""
    boards: list[Board] = []
    for level, seed, games in ((SMALL, 51, 30), (Level(8, 8, 12, "middling"), 52, 30), (LEVELS["expert"], 53, 8)):
        for i in range(games):
            for board in boards_before_moves(play_game(level, game_seed(seed, i))):
                found = _leaves(board, None, 1000)
                if found is not None and found[2] > 1:
                    boards.append(board)
    return boards


@pytest.fixture(scope="module")
def boards() -> list[Board]:
    return endgame_boards()


def test_the_same_arguments_as_the_python_path(boards: list[Board]) -> None:
    compared = 0
    for board in boards:
        expected = python_arguments(board, 1000)
        if expected is None or len(expected[1]) == 0:
            continue
        assert compiled_arguments(board, 1000) == expected
        compared += 1
    assert compared >= 100


def test_best_move_is_the_same_every_way(boards: list[Board], monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    for board in rng.sample(boards, 40):
        found = best_move(board, max_layouts=1000, node_limit=200_000)
        # The search without the compiled observations, and the pure-Python search: the same result.
        assert best_move(board, max_layouts=1000, node_limit=200_000, compiled=False) == found
        with monkeypatch.context() as patch:
            patch.delattr(endgame_tree.kernel, "observe")
            assert best_move(board, max_layouts=1000, node_limit=200_000) == found
        # Past a node limit every way gives up alike.
        if found is not None and found.nodes > 1:
            assert best_move(board, max_layouts=1000, node_limit=found.nodes - 1) is None


def test_bad_arguments_are_refused() -> None:
    observe = endgame_tree.kernel.observe
    with pytest.raises(ValueError, match="out of range"):
        observe(1, [[1], [5]], [0, 0], [((0,), 0)], [])
    with pytest.raises(ValueError, match="more layouts"):
        observe(1, [[1], [0]], [0, 0], [((), 1)], [0, 1])
    with pytest.raises(ValueError, match="fewer layouts"):
        observe(3, [[1], [0]], [0, 0], [((), 1)], [0, 1])
    # Two cells next to each other, one mine on either: each click shows a 1 where it is safe.
    cells, safe, groups, sizes = observe(2, [[1], [0]], [0, 0], [((), 1)], [0, 1])
    assert cells == [0, 1] and sizes == [1, 1]
    assert [int.from_bytes(safe[i : i + 8], "little") for i in (0, 8)] == [0b10, 0b01]
    assert [int.from_bytes(groups[i : i + 8], "little") for i in (0, 8)] == [0b10, 0b01]


def test_the_same_leaves_as_the_python_search(boards: list[Board]) -> None:
    # The placement search in C: the same leaves in the same order, the same count, and None past the limit
    # exactly where Python gives up (at the limit, one below it, and far below).
    assert getattr(endgame_tree.kernel, "leaves", None) is not None
    compared = 0
    for board in boards:
        python = _leaves(board, None, 1000, compiled=False)
        assert python is not None
        assert _leaves(board, None, 1000) == python
        count = python[2]
        for limit in (count, count - 1, count // 3, 0):
            assert _leaves(board, None, limit) == _leaves(board, None, limit, compiled=False)
        assert (_leaves(board, None, count - 1) is None) and (_leaves(board, None, count) is not None)
        compared += 1
    assert compared >= 100
