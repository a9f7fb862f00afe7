"""The incremental frontier equals reading the whole board again, move after move."""

from __future__ import annotations

import random

import pytest
from oracle import reference, within_reach

from cnfsweep.core.board import Cell
from cnfsweep.play.frontier import Frontier
from cnfsweep.play.game import LEVELS, Game, GameState, Level
from cnfsweep.engine import Engine
from cnfsweep.engine.position import build_position


def shape(pos):
    """The parts of a position that do not depend on how it was built."""
    comps = sorted((c.cells, c.problem) for c in pos.components)
    return comps, pos.off_frontier, pos.mines_left, dict(pos.forced), pos.contradiction


def random_walk(level: Level, seed: int):
    """Click random covered cells (flagging a few true mines) and yield each state."""
    rng = random.Random(seed)
    game = Game.new(level, seed)
    seen = Frontier(level.rows, level.cols, level.mines)
    first = Cell(rng.randrange(level.rows), rng.randrange(level.cols))
    for cell in game.click(first).opened:
        seen.reveal(cell, game.number(cell))
    while game.state is GameState.PLAYING:
        yield game, seen
        covered = [Cell(*c) for c in game.board().covered]
        cell = rng.choice(covered)
        if cell in game.mines:
            game.flag(cell)
            seen.flag(cell)
            continue
        for opened in game.click(cell).opened:
            seen.reveal(opened, game.number(opened))


@pytest.mark.parametrize("level", [LEVELS["beginner"], Level(8, 12, 20, "dense")], ids=lambda lv: lv.name)
@pytest.mark.parametrize("seed", range(6))
def test_frontier_position_equals_a_fresh_reading(level, seed):
    engine = Engine.for_games()
    steps = 0
    for game, seen in random_walk(level, seed):
        board = game.board()
        assert shape(seen.position(board)) == shape(build_position(board))
        # Reusing groups built before: unsimplified, the same components in the same order; simplified group
        # by group, the same analysis.
        again, fresh = seen.position(board, simplified=False, reuse=True), build_position(board, simplified=False)
        assert (again.components, shape(again)) == (fresh.components, shape(fresh))
        mine, theirs = engine.analyze_position(seen.position(board, reuse=True)), engine.analyze(board)
        assert (mine.safe, mine.mines, mine.count, dict(mine.frontier_exact), mine.off_frontier_exact) == (
            theirs.safe,
            theirs.mines,
            theirs.count,
            dict(theirs.frontier_exact),
            theirs.off_frontier_exact,
        )
        steps += 1
    assert steps > 3


@pytest.mark.parametrize(("rule", "mines"), [("settled", 9), ("paired", 11)])
@pytest.mark.parametrize("seed", range(8))
def test_settled_cells_are_certain(rule, mines, seed):
    """What single numbers (``settled``) or two numbers together (``paired``) settle holds in every
    layout the exact oracle allows."""
    level = Level(6, 7, mines, "small")
    found = 0
    for game, seen in random_walk(level, seed):
        safe, mined = getattr(seen, rule)()
        board = game.board()
        if (not safe and not mined) or not within_reach(board, 12):
            continue
        ref = reference(board).exact
        assert all(ref[c] == 0 for c in safe) and all(ref[c] == 1 for c in mined), (board.grid, safe, mined)
        found += len(safe) + len(mined)
        if rule == "settled":  # handed out once: asking again without a move gives nothing
            assert seen.settled() == ([], [])
    assert found > 0
