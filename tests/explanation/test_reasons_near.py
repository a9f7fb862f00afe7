"""The near search of big parts on every topology: a reason it calls smallest is a brute-force minimum.

Parts of more than ``BIG_PART`` numbers are searched near the cell first, out to
``2k - 1`` steps for a reason of ``k`` numbers.  Small boards reach that path
through the finder's ``big_part`` and ``near_radii`` parameters; the radii are
small enough that the near sets leave numbers out (across a torus's glued edge,
at the far end of a graph's cells), which is where counting rows and columns
instead of steps went wrong.
"""

from __future__ import annotations

import pytest
from hypothesis import assume as suppose
from hypothesis import example, given, settings
from hypothesis import strategies as st

from boards import EVERY_TOPOLOGY, position_on
from cnfsweep import Board, Cell
from cnfsweep.core.characters import CellKind
from cnfsweep.core.topology import Hex, Square, Torus
from cnfsweep.engine import Engine
from cnfsweep.explanation import ReasonFinder
from cnfsweep.explanation.reasons import steps_from
from oracle import around, reference
from reason_oracle import forces, number_rule, smallest_size

# Numbers that see a covered cell: brute force tries every subset of them.
SMALL_ENOUGH = 10


def _certain(board: Board) -> dict[Cell, bool]:
    ref = reference(board)
    if not ref.consistent:
        return {}
    return {c: p == 1 for c, p in ref.exact.items() if p in (0, 1) and board.kind(c) is CellKind.COVERED}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), with_total=st.booleans(), radii=st.sampled_from([(3, 5), (5,), (2, 4, 7)]))
# Seed 379 draws a graph whose cells' indices put a number two reasons need beyond a window of 5 indices.
@example(seed=379, with_total=False, radii=(5,))
@pytest.mark.parametrize("topology", EVERY_TOPOLOGY)
def test_the_smallest_reason_near_the_cell_is_a_brute_force_minimum(topology, seed, with_total, radii) -> None:
    board = position_on(topology, seed, with_total=with_total, flags=seed % 3 == 0).board
    suppose(sum(1 for n in board.numbers if number_rule(board, n)[0]) <= SMALL_ENOUGH)
    certain = _certain(board)
    suppose(certain)
    with ReasonFinder(board, Engine.create(), big_part=0, near_radii=radii) as finder:
        for cell, mine in certain.items():
            reason = finder.reason(cell, mine, smallest=True)
            assert forces(board, reason.numbers, reason.uses_total, cell, mine), (board.grid, cell)
            assert reason.size == smallest_size(board, cell, mine), (board.grid, cell, reason)


def test_a_smaller_reason_across_the_glued_edge_of_a_torus() -> None:
    # Found by a random search: the two numbers of column 0 settle (1, 6) from across the edge,
    # 1 step away; a window of 5 columns that does not wrap finds a reason of 3 inside the board.
    board = Board.from_rows(["13.4.21", "1.2..2.", "...4221"], topology="torus")
    with ReasonFinder(board, Engine.create(), big_part=0, near_radii=(5,)) as finder:
        reason = finder.reason(Cell(1, 6), False, smallest=True)
    assert reason.size == smallest_size(board, Cell(1, 6), False) == 2


def _steps_by_brute_force(board: Board, cell: Cell, radius: int) -> dict[Cell, int]:
    """Distances by repeated expansion over the oracle's own neighbours."""
    found = {cell: 0}
    for step in range(1, radius + 1):
        found |= {n: step for c, d in list(found.items()) if d == step - 1 for n in around(board, c) if n not in found}
    return found


@pytest.mark.parametrize("topology", EVERY_TOPOLOGY)
def test_steps_from_a_cell_follow_the_topology(topology) -> None:
    for seed in range(15):
        board = position_on(topology, seed).board
        for cell in board.cells():
            for radius in (0, 1, 2, 3):
                assert steps_from(board.topology, cell, radius) == _steps_by_brute_force(board, cell, radius)


def test_on_a_square_the_steps_are_the_old_window_of_rows_and_columns() -> None:
    # The near sets on squares are unchanged, so hints on square boards are too.
    shape = Square(6, 9)
    for cell in shape.tables().cells:
        for radius in (3, 7):
            window = {
                Cell(r, c)
                for r in range(cell.row - radius, cell.row + radius + 1)
                for c in range(cell.col - radius, cell.col + radius + 1)
                if (r, c) in shape
            }
            assert set(steps_from(shape, cell, radius)) == window


def test_steps_wrap_on_a_torus_and_hex_cells_are_six_around() -> None:
    assert steps_from(Torus(5, 8), Cell(0, 0), 1)[Cell(4, 7)] == 1
    assert len([d for d in steps_from(Hex(7, 7), Cell(3, 3), 1).values() if d == 1]) == 6
