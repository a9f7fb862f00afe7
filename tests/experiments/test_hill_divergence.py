"""Hill's solver asked about our positions (``benchmarks/hill_positions.py``, the harness's ``--positions``).

These tests need a JDK and a copy of github.com/DavidNHill/Minesweeper
(``HILL_SOURCE``: a checkout or a bare mirror); without them they skip, saying so.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.experiments.campaign import PlayConfig, play_many
from cnfsweep.play import FirstClick, Game
from cnfsweep.play.game import LEVELS


@pytest.fixture(scope="module")
def hill(tmp_path_factory: pytest.TempPathFactory):
    """A running harness in position mode, built from ``$HILL_SOURCE`` into a temporary folder, or a skip."""
    if shutil.which("javac") is None or shutil.which("java") is None:
        pytest.skip("no JDK here (javac and java are needed to build and run Hill's solver)")
    source = os.environ.get("HILL_SOURCE")
    if not source or not Path(source).exists():
        pytest.skip(
            "HILL_SOURCE does not name a copy of github.com/DavidNHill/Minesweeper "
            "(git clone --mirror https://github.com/DavidNHill/Minesweeper, then set HILL_SOURCE to it)"
        )
    from benchmarks.hill.build import build
    from benchmarks.hill_positions import HillPositions

    built = build(source, tmp_path_factory.mktemp("hill-build"))
    with HillPositions(built.command()) as positions:
        yield positions


def test_a_forced_move_is_his_answer_and_called_certain(hill) -> None:
    # 0 1 ? ?  with one mine: the 1 sees only (0, 2), so (0, 3) is safe and the only cell left to open.
    move = hill.move(1, 4, Cell(0, 0), [Cell(0, 2)], [])
    assert move.state == "playing"
    assert (move.cell, move.certain, move.safety) == (Cell(0, 3), True, 1)
    assert move.opened == {Cell(0, 0), Cell(0, 1)}


def test_a_coin_flip_is_a_guess_on_one_of_its_two_cells(hill) -> None:
    # 0 1 ?
    # 0 1 ?   one mine on the right column, either cell: a 50/50.
    move = hill.move(2, 3, Cell(1, 0), [Cell(0, 2)], [])
    assert move.cell in {Cell(0, 2), Cell(1, 2)}
    assert not move.certain and move.safety == pytest.approx(0.5)


def test_clicks_that_end_the_game_are_reported_with_no_move(hill) -> None:
    move = hill.move(1, 4, Cell(0, 0), [Cell(0, 2)], [Cell(0, 3)])
    assert (move.state, move.cell) == ("won", None)
    move = hill.move(1, 4, Cell(0, 0), [Cell(0, 2)], [Cell(0, 2)])
    assert (move.state, move.cell) == ("lost", None)


def test_a_bad_position_is_an_error_naming_it_and_the_harness_goes_on(hill) -> None:
    with pytest.raises(CnfsweepError, match="off the 1x4 board"):
        hill.move(1, 4, Cell(0, 0), [Cell(0, 2)], [Cell(0, 9)])
    with pytest.raises(CnfsweepError, match="is a mine"):
        hill.move(1, 4, Cell(0, 2), [Cell(0, 2)], [])
    assert hill.move(1, 4, Cell(0, 0), [Cell(0, 2)], []).cell == Cell(0, 3)


def test_the_replay_reaches_our_revealed_board_at_every_guess(hill) -> None:
    level = LEVELS["expert"]
    checked = 0
    for record in play_many(PlayConfig(level, FirstClick.SAFE, "safest"), games=3, seed=2026):
        start = record.moves[0].cell
        for k, move in enumerate(record.moves[1:], start=1):
            if move.certain:
                continue
            clicks = [m.cell for m in record.moves[1:k]]
            ours = Game.from_layout(level.rows, level.cols, record.mines)
            ours.click(start)
            for cell in clicks:
                ours.click(cell)
            answer = hill.move(level.rows, level.cols, start, record.mines, clicks)
            assert answer.state == "playing"
            assert answer.opened == ours.revealed
            assert answer.cell is not None and answer.cell not in ours.revealed
            checked += 1
    assert checked >= 3  # expert games from a corner guess several times
