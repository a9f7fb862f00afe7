"""The cells a click settles on average (``strong:progress``), against the layouts listed by brute force."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from oracle import around, layouts

from boards import random_position

from cnfsweep.core.board import Board, Cell
from cnfsweep.engine.position import build_position
from cnfsweep.search.ranking import expected_settled
from cnfsweep.search.whatif import Snapshot


def brute_settled(board: Board, cell: Cell) -> Fraction:
    """From the definition: over every layout where ``cell`` is safe, grouped by the number it shows, the covered
    cells (``cell`` left out) that are a mine in some layouts but not all before and in all or none of the group."""
    found = layouts(board)
    others = [c for c in board.covered if c != cell and c not in board.flags]

    def open_cells(group: list[frozenset[Cell]]) -> int:
        return sum(1 for c in others if 0 < sum(c in m for m in group) < len(group))

    before = open_cells(list(found))
    groups: dict[int, list[frozenset[Cell]]] = defaultdict(list)
    for m in found:
        if cell not in m:
            groups[sum(x in m or x in board.flags for x in around(board, cell))].append(m)
    return Fraction(sum(len(g) * (before - open_cells(g)) for g in groups.values()), len(found))


def test_the_cells_settled_are_those_of_the_layouts():
    checked = 0
    seed = 0
    while checked < 300:
        seed += 1
        board = random_position(seed, with_total=True, flags=True).board
        if len(board.covered) > 14 or not layouts(board):
            continue
        snap = Snapshot.of(build_position(board))
        assert snap is not None
        for cell in board.covered:
            if cell in board.flags or snap.weight(cell) == snap.solutions:
                continue
            assert expected_settled(snap, cell) == brute_settled(board, cell), (board.grid, cell)
            checked += 1
