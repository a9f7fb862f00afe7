"""The cells off the frontier the look-ahead weighs: those with fewest neighbours left to open, by definition."""

from __future__ import annotations

import random

from positions import guess_points

from cnfsweep.core.board import Cell
from cnfsweep.play.game import LEVELS
from cnfsweep.search.ranking import _open_off_cells
from cnfsweep.search.whatif import Snapshot


def fewest_left(snap: Snapshot, count: int) -> list[tuple[int, Cell]]:
    """Every cell off the frontier with its neighbours that are not a certain mine, the ``count`` least."""
    n = snap.solutions

    def certain_mine(c: Cell) -> bool:
        return c in snap.known_mines or (c in snap.box_of and snap.weight(c) == n)

    ranked = sorted((sum(not certain_mine(nb) for nb in snap.topology.neighbours(c)), c) for c in snap.off)
    return ranked[:count]


def test_the_fewest_left_to_open_on_expert_positions() -> None:
    # Positions one and two reveals deep share their known mines (the order of the cells next to them is kept
    # once per set of mines): each position still gets its own answer.
    rng = random.Random(21)
    checked = 0
    for analysis in guess_points(LEVELS["expert"], 61, 4)[:25]:
        snap = Snapshot.of_analysis(analysis)
        positions = [snap]
        for cell in rng.sample(sorted(snap.off), min(2, len(snap.off))) + snap.candidates(0.2, 2):
            for after in snap.outcomes(cell).values():
                positions += [after, *(a for c in after.candidates(0.2, 1) for a in after.outcomes(c).values())]
        for position in positions:
            for count in (1, 2, 5):
                assert _open_off_cells(position, count) == fewest_left(position, count)
                checked += 1
    assert checked > 300
