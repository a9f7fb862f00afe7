"""Sample no-guess layouts exactly uniformly, by rejection."""

from __future__ import annotations

import random

from cnfsweep.core.board import Cell
from cnfsweep.engine import Engine
from cnfsweep.generation.fair import Logic, NoGuessCheck
from cnfsweep.generation.result import Generated, Method, draw_until
from cnfsweep.play.game import Level

__all__ = ["sample_uniform"]


def sample_uniform(
    level: Level,
    first_click: Cell,
    seed: int,
    logic: Logic | str = Logic.FULL,
    time_limit: float | None = None,
    engine: Engine | None = None,
) -> Generated:
    """Draw layouts uniformly (the opening kept free) until one needs no guess.

    Every layout with the opening free is equally likely to be drawn, and a
    drawn layout is kept exactly when its replay needs no guess, so the result
    is uniform over the no-guess layouts.  The same ``seed`` gives the same board.

    Raises
    ------
    CnfsweepError
        If the mines do not fit outside the opening.
    TimeLimitExceeded
        If no no-guess layout turned up within ``time_limit`` seconds.

    Examples
    --------
    >>> g = sample_uniform(Level(5, 5, 3), Cell(2, 2), seed=1)
    >>> len(g.mine_cells), Cell(2, 2) in g.mine_cells
    (3, False)
    """
    engine = engine if engine is not None else Engine.for_games()

    def keep(mines: list[Cell], rng: random.Random, deadline: float | None) -> list[Cell] | None:
        check = NoGuessCheck(
            level.rows, level.cols, mines, first_click, logic, engine, topology=level.topology_spec, deadline=deadline
        )
        return mines if check.run(deadline) else None

    return draw_until(level, first_click, seed, logic, time_limit, Method.UNIFORM, keep)
