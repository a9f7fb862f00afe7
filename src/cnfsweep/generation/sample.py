"""Sample no-guess layouts exactly uniformly, by rejection."""

from __future__ import annotations

import random
import time

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import TimeLimitExceeded, deadline_after
from cnfsweep.engine import Engine
from cnfsweep.generation.fair import Logic, Replayer
from cnfsweep.generation.result import Generated, Method, free_cells, gave_up
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
    start = time.perf_counter()
    deadline = deadline_after(time_limit, start)
    cells = free_cells(level, first_click)
    engine = engine if engine is not None else Engine.for_games()
    rng = random.Random(seed)
    attempts = 0
    while True:
        attempts += 1
        mines = sorted(rng.sample(cells, level.mines))
        try:
            solved = Replayer(level.rows, level.cols, mines, first_click, logic, engine).run(deadline)
        except TimeLimitExceeded:
            raise TimeLimitExceeded(gave_up(level, time_limit, attempts)) from None
        if solved:
            return Generated(level, Cell(*first_click), tuple(mines), attempts, time.perf_counter() - start,
                             seed, Method.UNIFORM, Logic(logic))
