"""Find a no-guess layout quickly by moving the mines that force a guess.

Start from a uniformly random layout with the opening free and replay it.
Where the replay gets stuck, pick a revealed number that still has covered
neighbours and make those neighbours settle: move their mines elsewhere (so
the number needs no more mines) or move mines in (so it needs all of them),
whichever takes fewer moves, taking mines from or to covered cells off the
frontier where there are any, so the numbers already shown change little.
Then carry on.  Moving mines changes numbers the check has already used, so
a board finished this way is replayed again from its first click; only a
board that replay solves is handed out, and otherwise the same repair goes
on from where that replay got stuck.
"""

from __future__ import annotations

import random

from cnfsweep.core.board import Cell
from cnfsweep.core.deadline import check_deadline, checked
from cnfsweep.engine import Engine
from cnfsweep.generation.fair import Logic, NoGuessCheck
from cnfsweep.generation.result import Generated, Method, draw_until
from cnfsweep.play.game import Level

__all__ = ["sample_fast"]

# Repairs of one layout before starting afresh; a repair that keeps failing
# its check is more likely circling than converging.
_ROUNDS = 12


def sample_fast(
    level: Level,
    first_click: Cell,
    seed: int,
    logic: Logic | str = Logic.FULL,
    time_limit: float | None = None,
    engine: Engine | None = None,
) -> Generated:
    """Return a no-guess layout, repairing random layouts where they force a guess.

    Every board returned was replayed from its first click without a guess;
    the boards are not uniform over the no-guess layouts (the documentation's
    "Performance and records" says how far they are).  The same ``seed`` gives the same board.

    Raises
    ------
    CnfsweepError
        If the mines do not fit outside the opening.
    TimeLimitExceeded
        If no no-guess layout was found within ``time_limit`` seconds.

    Examples
    --------
    >>> g = sample_fast(Level(9, 9, 30), Cell(4, 4), seed=1)
    >>> len(g.mine_cells), Cell(4, 4) in g.mine_cells
    (30, False)
    """
    logic = Logic(logic)
    engine = engine if engine is not None else Engine.for_games()

    def keep(mines: list[Cell], rng: random.Random, deadline: float | None) -> list[Cell] | None:
        return _repair(level, mines, first_click, logic, engine, rng, deadline)

    return draw_until(level, first_click, seed, logic, time_limit, Method.FAST, keep)


def _repair(
    level: Level,
    mines: list[Cell],
    first: Cell,
    logic: Logic,
    engine: Engine,
    rng: random.Random,
    deadline: float | None,
) -> list[Cell] | None:
    """Repair one layout until a fresh replay solves it; ``None`` if it will not converge."""
    for _ in range(_ROUNDS):
        check = NoGuessCheck(
            level.rows, level.cols, mines, first, logic, engine, topology=level.topology_spec, deadline=deadline
        )
        if check.run(deadline):
            return mines
        # Repair from where the honest check stuck, then check the result from the start.
        while not check.run(deadline):
            if not _settle_one(check, rng, deadline):
                return None
        cells = check.cells
        mines = [cells[i] for i, m in enumerate(check.mine_flags) if m]
    return None


def _settle_one(check: NoGuessCheck, rng: random.Random, deadline: float | None = None) -> bool:
    """Move mines so that one revealed number settles its covered neighbours; ``False`` if none can."""
    # Each step below reads every cell: a fraction of a second on a 1000x1000 board, so the clock is read between them.
    live = check.live_numbers()
    check_deadline(deadline)
    mine, cells = check.mine_flags, check.cells
    # The covered cells beside a revealed number: exactly those some live number still sees.
    seen = set().union(*live.values())
    covered = check.covered()
    numbers = sorted(live)
    rng.shuffle(numbers)
    for number in numbers:
        check_deadline(deadline)
        unknown = live[number]
        inside = sorted(unknown)
        has = [i for i in inside if mine[i]]
        lacks = [i for i in inside if not mine[i]]
        # Cells elsewhere: covered, unsettled, not around this number; off the frontier first.
        others = [i for i in checked(covered, deadline, 1 << 16) if i not in unknown]
        off = [i for i in others if i not in seen]
        on = [i for i in others if i in seen]
        rng.shuffle(off)
        rng.shuffle(on)
        elsewhere = off + on
        spare_safe = [i for i in elsewhere if not mine[i]]
        spare_mines = [i for i in elsewhere if mine[i]]
        options = []
        if len(spare_safe) >= len(has):
            options.append((len(has), has, spare_safe[: len(has)]))  # clear the number's cells
        if len(spare_mines) >= len(lacks):
            options.append((len(lacks), spare_mines[: len(lacks)], lacks))  # fill them
        if not options:
            continue
        _, sources, targets = min(options, key=lambda option: option[0])
        check.move_mines([cells[i] for i in sources], [cells[i] for i in targets])
        return True
    return _open_wall(check, rng, deadline)


def _open_wall(check: NoGuessCheck, rng: random.Random, deadline: float | None = None) -> bool:
    """Free a certain mine between the open cells and covered ones, its mine going to a covered safe cell.

    Dense boards wall the open region in with certain mines: no number sees
    a covered cell, so none can be settled.  The freed cell is safe, and the
    numbers around it, which needed no more mines, now settle it.
    """
    wall = check.flagged_on_edge(deadline)
    mine, cells = check.mine_flags, check.cells
    check_deadline(deadline)
    safe = [i for i in check.covered() if not mine[i]]
    if not wall or not safe:
        return False
    check.release(cells[rng.choice(wall)], cells[rng.choice(safe)], deadline)
    return True
