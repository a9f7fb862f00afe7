"""Certain-safe cells that tell nothing (issue 38's ``living_safe``), against brute force."""

from __future__ import annotations

import pytest
from oracle import around, layouts, reference

from boards import position_on
from cnfsweep.core.board import Board, Cell
from cnfsweep.engine import Engine
from cnfsweep.engine.position import build_position
from cnfsweep.search.ranking import dead_safe
from cnfsweep.search.whatif import Snapshot


def brute_dead_safe(board: Board) -> tuple[dict[Cell, int], int] | None:
    """Every layout listed: the safe cells' numbers if each shows one only, and the safest other cell's mine count."""
    found = layouts(board)
    flags = set(board.flags)
    safe = [c for c in board.covered if not any(c in layout for layout in found)]
    if not safe:
        return None
    shown: dict[Cell, int] = {}
    for c in safe:
        numbers = {sum(n in layout or n in flags for n in around(board, c)) for layout in found}
        if len(numbers) != 1:
            return None
        shown[c] = numbers.pop()
    counts = [sum(c in layout for layout in found) for c in board.covered]
    return shown, min((k for k in counts if 0 < k < len(found)), default=0)


@pytest.mark.parametrize("kernel", [False, True], ids=["python", "leaf-kernel"])
@pytest.mark.parametrize("topology", ["square", "hex"])
def test_dead_safe_matches_brute_force(topology: str, kernel: bool) -> None:
    # A game's engine answers the living test from the leaf kernel's counts; without it, numbers_shown does.
    engine = Engine.for_games() if kernel else Engine.create()
    dead = living = 0
    for seed in range(700):
        board = position_on(topology, seed, max_frontier=10, with_total=True, flags=seed % 3 == 0, most=(3, 4)).board
        if not reference(board).consistent or len(board.covered) > 14:
            continue
        snap = Snapshot.of(build_position(board), engine)
        assert snap is not None
        found = dead_safe(snap)
        expected = brute_dead_safe(board)
        got = None if found is None else (dict(found[0]), found[1])
        assert got == expected, board.grid
        dead += expected is not None
        living += expected is None and any(p == 0 for p in reference(board).exact.values())
    # Both sides seen: positions whose safe cells all tell nothing, and positions with one that tells something.
    assert dead >= 5 and living >= 5


def test_dead_safe_cells_before_a_won_game_leave_no_loss() -> None:
    # The 1s below put the mine on (0, 1); (0, 0) and (0, 2) are safe, each shows 1, and nothing else is left.
    snap = Snapshot.of(build_position(Board.from_rows(["...", "111", "000"], total_mines=1)))
    assert dead_safe(snap) == ([(Cell(0, 0), 1), (Cell(0, 2), 1)], 0)
    # A safe cell that can show two numbers: none of them counts as dead.
    assert dead_safe(Snapshot.of(build_position(Board.from_rows(["1..", "..."], total_mines=1)))) is None
