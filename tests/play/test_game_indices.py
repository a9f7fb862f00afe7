"""A game's moves by cell index are its moves by cell, on every topology."""

from __future__ import annotations

import random

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import ArgumentError, CnfsweepError, OffBoardError
from cnfsweep.play.game import Game, GameState, Level

LEVELS = {
    "square": Level(8, 10, 14),
    "torus": Level(8, 10, 16).on("torus"),
    "hex": Level(8, 10, 12).on("hex"),
}


def twin_games(level: Level, seed: int) -> tuple[Game, Game, list[int]]:
    """Two games on one random layout, both past the same first click, and the layout's mines by index."""
    rng = random.Random(seed)
    cells = level.topology.tables().cells
    mines = rng.sample(range(len(cells)), level.mines)
    first = rng.choice([i for i in range(len(cells)) if i not in mines])
    games = []
    for _ in range(2):
        game = Game.from_layout(level.rows, level.cols, [cells[i] for i in mines], level.topology_spec)
        game.click(cells[first])
        games.append(game)
    return games[0], games[1], mines


def state(game: Game) -> tuple[object, ...]:
    return bytes(game.view), game.state, game.clicks, game.revealed, game.exploded


@pytest.mark.parametrize("topology", list(LEVELS))
@pytest.mark.parametrize("seed", range(6))
def test_moves_by_index_are_moves_by_cell(topology: str, seed: int) -> None:
    level = LEVELS[topology]
    by_cell, by_index, mines = twin_games(level, seed)
    cells = by_cell.cells
    rng = random.Random(seed)
    while by_cell.state is GameState.PLAYING:
        covered = [i for i in range(len(cells)) if by_cell.view[i] == ord(".")]
        batch = rng.sample(covered, min(len(covered), 3))
        if rng.random() < 0.3:
            flagged = by_cell.flag_cells([cells[i] for i in batch if i in mines])
            assert by_index.flag_indices([i for i in batch if i in mines]) == [
                c[0] * level.cols + c[1] for c in flagged
            ]
        else:
            # Safe cells, a revealed one among them, and now and then a mine: the batch stops there.
            batch = [i for i in batch if i not in mines or rng.random() < 0.1] + rng.sample(range(len(cells)), 1)
            batch = [i for i in batch if by_cell.view[i] != ord("*")]
            clicked, opened = by_cell.open_cells([cells[i] for i in batch])
            assert by_index.open_indices(batch) == ([c[0] * level.cols + c[1] for c in clicked], opened)
        assert state(by_index) == state(by_cell)


def test_moves_by_index_refuse_what_moves_by_cell_refuse() -> None:
    game = Game.from_layout(2, 3, [(0, 2)])
    with pytest.raises(CnfsweepError, match="after the first click"):
        game.open_indices([0])
    game.click(Cell(1, 0))
    with pytest.raises(OffBoardError, match="cell index 6 is outside the board's 6 cells"):
        game.open_indices([6])
    with pytest.raises(OffBoardError, match="cell index -1 is outside"):
        game.flag_indices([-1])
    game.flag_indices([2])
    with pytest.raises(ArgumentError, match="flagged"):
        game.open_indices([2])
