"""The wider off-frontier candidates of issue 38, against cells worked out here by brute force."""

from __future__ import annotations

import pytest
from oracle import around, frontier, reference

from boards import position_on
from cnfsweep.core.board import Board, Cell
from cnfsweep.engine.position import build_position
from cnfsweep.search.ranking import more_off_cells
from cnfsweep.search.whatif import Snapshot


def brute_off(board: Board) -> set[Cell]:
    """Covered cells next to no number whose value the layouts leave open."""
    ref = reference(board)
    on_frontier = set(frontier(board))
    return {c for c in board.covered if c not in on_frontier and 0 < ref.exact[c] < 1}


def straight_two(board: Board, z: Cell) -> list[Cell]:
    """The cells two steps from ``z`` along a row or a column; a torus wraps round."""
    out = []
    for dr, dc in ((0, 2), (0, -2), (2, 0), (-2, 0)):
        r, c = z.row + dr, z.col + dc
        if board.topology.name == "torus":
            # Two steps round a ring of fewer than three cells come back to z or its neighbour: nothing new.
            if (dc and board.cols < 3) or (dr and board.rows < 3):
                continue
            out.append(Cell(r % board.rows, c % board.cols))
        elif 0 <= r < board.rows and 0 <= c < board.cols:
            out.append(Cell(r, c))
    return out


def positions(topology: str) -> list[tuple[Board, Snapshot]]:
    out = []
    for seed in range(300):
        board = position_on(topology, seed, max_frontier=10, with_total=True, flags=seed % 3 == 0).board
        if not reference(board).consistent:
            continue
        snap = Snapshot.of(build_position(board))
        # Positions whose cells off the frontier the total settles name them differently: left out.
        if snap is None or set(snap.off) != brute_off(board):
            continue
        out.append((board, snap))
    return out


@pytest.mark.parametrize("topology", ["square", "torus"])
def test_cells_two_steps_from_a_number_are_those_straight_past_a_side(topology: str) -> None:
    seen = 0
    for board, snap in positions(topology):
        off = brute_off(board)
        expected = sorted({x for z in board.numbers for x in straight_two(board, z)} & off)
        assert more_off_cells(snap, board.numbers, two_steps=True) == expected, board.grid
        seen += bool(expected)
    assert seen >= 20


@pytest.mark.parametrize("topology", ["square", "torus", "hex", "graph"])
def test_every_cell_off_the_frontier_while_few_are_left(topology: str) -> None:
    seen = 0
    for board, snap in positions(topology):
        off = brute_off(board)
        for below in (0, 3, 10):
            expected = sorted(off) if len(off) < below else []
            assert more_off_cells(snap, board.numbers, all_below=below) == expected, board.grid
        seen += 0 < len(off) < 10
    assert seen >= 10


@pytest.mark.parametrize("topology", ["square", "torus", "hex", "graph"])
def test_cells_off_the_frontier_with_few_neighbours_left_to_open(topology: str) -> None:
    seen = 0
    for board, snap in positions(topology):
        ref = reference(board)
        for most in (2, 3, 6, 8):
            expected = sorted(
                c
                for c in brute_off(board)
                if sum(1 for x in around(board, c) if x in board.covered and ref.exact[x] != 1) <= most
            )
            assert more_off_cells(snap, board.numbers, few_covered=most) == expected, board.grid
            seen += bool(expected)
    assert seen >= 10


def test_no_cell_off_the_frontier_no_candidate() -> None:
    board = Board.from_rows(["1.", "1."], total_mines=1)
    snap = Snapshot.of(build_position(board))
    assert not snap.off
    assert more_off_cells(snap, board.numbers, two_steps=True, all_below=30, few_covered=8) == []
