"""Sample no-guess layouts exactly uniformly, by rejection."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError, TimeLimitExceeded
from cnfsweep.engine import Engine
from cnfsweep.generate.fair import Logic, replay_without_guessing
from cnfsweep.play.game import Level

__all__ = ["Generated", "opening_area", "sample_uniform"]


@dataclass(frozen=True)
class Generated:
    """One no-guess board: its layout, the first click that opens it, and what it took to find."""

    level: Level
    first_click: Cell
    mine_cells: tuple[Cell, ...]
    attempts: int
    seconds: float


def opening_area(level: Level, first_click: Cell) -> list[Cell]:
    """Return the first click and its neighbours: the cells no mine may take."""
    r0, c0 = first_click
    if not (0 <= r0 < level.rows and 0 <= c0 < level.cols):
        raise CnfsweepError(f"first click ({r0}, {c0}) is off the {level.cols}x{level.rows} board")
    return [
        Cell(r, c)
        for r in range(max(r0 - 1, 0), min(r0 + 2, level.rows))
        for c in range(max(c0 - 1, 0), min(c0 + 2, level.cols))
    ]


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
    free = set(opening_area(level, first_click))
    cells = [Cell(r, c) for r in range(level.rows) for c in range(level.cols) if Cell(r, c) not in free]
    if level.mines > len(cells):
        raise CnfsweepError(
            f"{level.mines} mines do not fit outside the opening at {tuple(first_click)}: {len(cells)} cells are left"
        )
    engine = engine if engine is not None else Engine.for_games()
    rng = random.Random(seed)
    attempts = 0
    while True:
        attempts += 1
        mines = sorted(rng.sample(cells, level.mines))
        if replay_without_guessing(level.rows, level.cols, mines, first_click, logic, engine).solved:
            return Generated(level, Cell(*first_click), tuple(mines), attempts, time.perf_counter() - start)
        if time_limit is not None and time.perf_counter() - start > time_limit:
            raise TimeLimitExceeded(f"no no-guess layout found in {attempts} attempts within {time_limit} s")
