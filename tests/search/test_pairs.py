"""Influence of likely 50/50s, counted again by brute force on small boards."""

from __future__ import annotations

from oracle import neighbours, reference
from positions import SMALL, guess_points

from cnfsweep.core.board import Board, Cell
from cnfsweep.search.pairs import MAX_OPEN_CAPS, influence
from cnfsweep.engine.position import position
from cnfsweep.search.whatif import Snapshot


def brute_influence(board: Board, total: int, cell: Cell) -> int:
    """The same definition, with every count from the brute-force oracle."""
    ref = reference(board, total_mines=total)
    n = ref.solutions
    mine_layouts = ref.exact[cell] * n
    on_frontier = any(board.char(x).isdigit() for x in neighbours(board.rows, board.cols, cell))
    if not 0 < mine_layouts < n or not on_frontier:
        return 0
    r, c = cell
    total_influence = 0
    for partners in (((r, c - 1), (r, c + 1)), ((r - 1, c), (r + 1, c))):
        best = 0
        for partner in partners:
            if not (0 <= partner[0] < board.rows and 0 <= partner[1] < board.cols):
                continue
            partner = Cell(*partner)
            p = ref.exact[partner]
            if board.char(partner) != "." or p is None or not 0 < p < 1:
                continue
            caps = set(neighbours(board.rows, board.cols, cell)) ^ set(neighbours(board.rows, board.cols, partner))
            caps -= {cell, partner}
            if any(board.char(x) not in ".*" or ref.exact[x] == 0 for x in caps):
                continue
            open_caps = [x for x in caps if board.char(x) == "." and ref.exact[x] != 1]
            if len(open_caps) > MAX_OPEN_CAPS:
                continue
            marked, assume = board, {}
            for label, x, value in zip("abcd", [cell, partner, *open_caps], [True, False, True, True]):
                marked = marked.with_char(x, label)
                assume[label] = value
            best = max(best, reference(marked, total_mines=total, assume=assume).solutions)
        total_influence += best
    return min(total_influence, int(mine_layouts), int(n - mine_layouts))


def test_influence_matches_brute_force_on_small_boards():
    checked = positive = 0
    for analysis in guess_points(SMALL, 44, 40):
        if len(analysis.board.covered) > 14:
            continue
        snap = Snapshot.of(analysis.position)
        for cell in analysis.board.covered:
            if not snap.unknown(cell):
                continue
            expected = brute_influence(analysis.board, analysis.total_mines, cell)
            assert influence(snap, cell) == expected, (analysis.board.grid, cell)
            checked += 1
            positive += expected > 0
    assert checked >= 50 and positive >= 5


def test_a_pair_under_two_ones_is_a_full_50_50():
    snap = Snapshot.of(position(Board.from_rows(["..", "11"], total_mines=1)))
    assert [influence(snap, Cell(0, c)) for c in range(2)] == [1, 1]


def test_cells_off_the_frontier_have_no_influence():
    snap = Snapshot.of(position(Board.from_rows(["..", "**"], total_mines=3)))
    assert influence(snap, Cell(0, 0)) == 0
