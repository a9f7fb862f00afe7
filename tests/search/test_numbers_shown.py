"""Hill's fuller dead-cell test (issue 38): the numbers a cell can show when safe, against brute force."""

from __future__ import annotations

from fractions import Fraction

import pytest
from game_oracle import BruteTree, revealed_of, small_game_positions
from oracle import around, layouts, reference

from boards import EVERY_TOPOLOGY, position_on
from cnfsweep.core.board import Board, Cell
from cnfsweep.engine.position import build_position
from cnfsweep.search.ranking import living_safety_pair, number_range, numbers_shown
from cnfsweep.search.whatif import Snapshot


def brute_numbers(board: Board, cell: Cell) -> frozenset[int]:
    """Every number ``cell`` shows over the whole-board layouts where it is safe (flags are mines)."""
    flags = set(board.flags)
    near = around(board, cell)
    return frozenset(sum(1 for c in near if c in mines or c in flags) for mines in layouts(board) if cell not in mines)


def brute_full_living_pair(board: Board) -> tuple[Fraction, Fraction]:
    """Safe cells count 1; an uncertain cell counts only if it shows two numbers or more when safe."""
    ref = reference(board)
    exact = {c: ref.exact[c] for c in board.covered}
    open_cells = [c for c, p in exact.items() if p < 1]
    if not open_cells:
        return Fraction(1), Fraction(1)
    living = sorted(
        (1 - p for c, p in exact.items() if p == 0 or (p < 1 and len(brute_numbers(board, c)) > 1)), reverse=True
    )
    if not living:
        living = sorted((1 - exact[c] for c in open_cells), reverse=True)
    living += [Fraction(0)] * 2
    return living[0], living[1]


def small_boards(topology: str, count: int) -> list[Board]:
    """Seeded consistent positions with a total, small enough to list every layout."""
    out = []
    for seed in range(count):
        board = position_on(topology, seed, max_frontier=10, with_total=True, flags=seed % 3 == 0, most=(3, 4)).board
        if len(board.covered) <= 14 and reference(board).consistent:
            out.append(board)
    return out


@pytest.mark.parametrize("topology", EVERY_TOPOLOGY)
def test_numbers_shown_are_those_of_every_layout_where_the_cell_is_safe(topology: str) -> None:
    narrower = 0
    for board in small_boards(topology, 300):
        snap = Snapshot.of(build_position(board))
        for cell in board.covered:
            if cell in board.flags:
                continue
            expected = brute_numbers(board, cell)
            assert numbers_shown(snap, cell) == expected, (board.grid, cell)
            low, high = number_range(snap, cell)
            narrower += len(expected) == 1 and low < high
    # The fuller test sees dead cells that the plain one (every neighbour settled) does not.
    assert narrower >= 1


@pytest.mark.parametrize("topology", EVERY_TOPOLOGY)
def test_the_full_living_pair_leaves_out_every_cell_of_one_number(topology: str) -> None:
    differ = 0
    for board in small_boards(topology, 400):
        snap = Snapshot.of(build_position(board))
        expected = brute_full_living_pair(board)
        assert living_safety_pair(snap, full=True) == expected, board.grid
        differ += expected != living_safety_pair(snap)
    assert differ >= 1


def test_a_part_too_big_to_list_falls_back_to_the_plain_range(monkeypatch: pytest.MonkeyPatch) -> None:
    from cnfsweep.search.parts import Part

    board = Board.from_rows(["1.1", "...", "..."], total_mines=1)
    snap = Snapshot.of(build_position(board))
    assert numbers_shown(snap, Cell(1, 1)) == {1}
    fresh = Snapshot.of(build_position(board))
    monkeypatch.setattr(Part, "models", property(lambda self: None))
    # Without the models the answer is the plain range's numbers: a superset, so no living cell is called dead.
    assert numbers_shown(fresh, Cell(1, 1)) == {0, 1}


def test_a_cell_called_dead_is_never_a_better_first_click_than_the_best_living_one() -> None:
    """Leaving dead cells out of the next move's value loses nothing: the exact game tree on 4x4 boards.

    Revealing a cell that can show one number tells nothing new, so a click on it can wait; on every
    position with a living cell, clicking a cell :func:`numbers_shown` calls dead is worth at most the
    best living cell's click.
    """
    tree = BruteTree(4, 4, 4)
    seen = 0
    for board in small_game_positions(4, 4, 4, 500, 2):
        snap = Snapshot.of(build_position(board))
        shown = {c: numbers_shown(snap, c) for c in board.covered}
        dead = [c for c, s in shown.items() if len(s) == 1 and 0 < snap.weight(c) < snap.solutions]
        living = [c for c, s in shown.items() if len(s) > 1]
        if not dead or not living:
            continue
        revealed = revealed_of(board)
        best_living = max(tree.move_value(revealed, c) for c in living)
        for cell in dead:
            assert tree.move_value(revealed, cell) <= best_living, (board.grid, cell)
            seen += 1
    assert seen >= 50, seen
