"""Enclosed regions: their best move is optimal for the whole game, by a plain game tree."""

from __future__ import annotations

import pytest
from game_oracle import BruteTree, revealed_of

from cnfsweep.engine.analysis import Analysis
from cnfsweep.play import play_game
from cnfsweep.core.board import Board
from cnfsweep.experiments.campaign import game_seed
from cnfsweep.play.game import Level
from cnfsweep.engine.position import position
from cnfsweep.search.regions import best_region_move, enclosed_regions, region_board
from cnfsweep.search.whatif import Snapshot


def region_points(level: Level, seed: int, games: int) -> list[tuple[Board, Snapshot]]:
    """Positions from real play where the player had to guess and an enclosed region exists."""
    points = []

    def watch(_game: object, analysis: Analysis) -> None:
        if analysis.consistent and not analysis.safe and analysis.solutions:
            snap = Snapshot.of(analysis.position)
            if snap is not None and enclosed_regions(snap):
                points.append((analysis.board, snap))

    for i in range(games):
        play_game(level, game_seed(seed, i), watch=watch)
    return points


@pytest.mark.parametrize("rows, cols, mines, seed", [(4, 5, 4, 31), (3, 8, 4, 32), (4, 6, 4, 33)])
def test_the_region_move_is_optimal_for_the_whole_game(rows, cols, mines, seed):
    tree = BruteTree(rows, cols, mines)
    checked = 0
    for board, snap in region_points(Level(rows, cols, mines), seed, 300):
        found = best_region_move(board, snap, max_layouts=300, node_limit=20_000)
        assert found is not None
        cell, result = found
        region = enclosed_regions(snap)[0]
        assert cell in region.cells and result.layouts == region.layouts
        revealed = revealed_of(board)
        assert tree.move_value(revealed, cell) == tree.value(revealed), (board.grid, cell)
        checked += 1
    assert checked >= 10


# Found by a random search over 4x5 boards with 5 mines: an enclosed region beside other
# unknown cells, which its search never sees, and no safe cell anywhere.
BESIDE_OTHERS = [["01.10", "02220", "13.31", "....."], [".....", "14.41", "02.20", "01110"]]


@pytest.mark.parametrize("rows", BESIDE_OTHERS, ids="/".join)
def test_the_region_move_is_optimal_beside_other_unknown_cells(rows, tree_4x5):
    board = Board.from_rows(rows, total_mines=5)
    snap = Snapshot.of(position(board))
    assert snap is not None and not snap.safe_exists
    region = enclosed_regions(snap)[0]
    assert any(snap.unknown(c) and c not in region.cells for c in board.covered)
    found = best_region_move(board, snap, max_layouts=300, node_limit=20_000)
    assert found is not None and found[0] in region.cells
    revealed = revealed_of(board)
    assert tree_4x5.move_value(revealed, found[0]) == tree_4x5.value(revealed)


@pytest.fixture(scope="module")
def tree_4x5() -> BruteTree:
    return BruteTree(4, 5, 5)


def test_a_component_whose_mine_count_varies_is_not_a_region():
    # Enclosed on the left, with 4 or 5 mines: the total ties it to the cells on the right.
    board = Board.from_rows([".*.3.", "**...", ".5.5*", "*...2"], total_mines=11)
    snap = Snapshot.of(position(board))
    assert snap is not None and snap.off
    varying = [t for t in snap.tables if len(t.solutions) > 1]
    assert varying and enclosed_regions(snap) == []


# From expert play (seed 2026, game 2523): the numbers under the 2x2 region at the top right
# also see two covered cells below them, whose mines simplification moved to another component.
SPLIT_RULES = [
    "1*113*21*112*****10001..100000",
    "1222**31112*45*5221223..210011",
    "01*34*20003*32*312*3**33*2113*",
    "012*2111113*3223*325*..3..2..*",
    "00122113*22*21*212*3*4*212*23*",
    "1101*22**222212212231333112221",
    "*21233*3223*312*11*102**102*20",
    "*21*2*2101**3*22221102*4202*31",
    "1111212111222122*100123*2112*1",
    "1111111*2111101*21012*33*11221",
    "2*22*112*12*20111123*3*3221*10",
    "*4*21112212*211102**3322*22221",
    "2*21001*101111*212*32*223*12*2",
    "122222211012222*1222112*2123*2",
    "12*3**11111**12221*10011101*21",
    "1*23*311*112211*11110000001110",
]


def test_a_region_whose_numbers_also_see_another_component():
    board = Board.from_rows(SPLIT_RULES, total_mines=99)
    snap = Snapshot.of(position(board))
    region = next(r for r in enclosed_regions(snap) if (0, 22) in r.cells)
    sub, (dr, dc), total = region_board(board, snap, region)
    assert (dr, dc) == (0, 21) and sub.grid == ("1..1", "2..2", "*22*") and total == 4
    found = best_region_move(board, snap, max_layouts=300, node_limit=20_000)
    assert found is not None and found[1].layouts == region.layouts
