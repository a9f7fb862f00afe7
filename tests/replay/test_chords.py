"""A reviewed chord is judged on the cells the game's chord opens, on every grid.

The review asks the game which cells a chord will open (:meth:`Game.chord_cells
<cnfsweep.play.game.Game.chord_cells>`) and judges the chance that one of them is a mine.
Here the rule is written again from its definition, with neighbours computed here
(``oracle.neighbours``): a chord on a number with exactly as many flags around it opens its
covered, unflagged neighbours.  Every judged chord must have chosen those cells, and the
game must have opened them first (or lost on one of them).
"""

from __future__ import annotations

import pytest
from oracle import neighbours
from replays import random_game

from cnfsweep.formats.game_records import ClickKind
from cnfsweep.replay import Label, review_game

GRIDS = ["square", "torus", "hex"]


@pytest.mark.parametrize("topology", GRIDS)
def test_a_judged_chord_chose_the_covered_unflagged_neighbours_of_a_satisfied_number(topology: str) -> None:
    chords = fatal = 0
    for seed in range(120):
        game = random_game(seed, 5, 6, 6, topology=topology, reckless=0.1, honest=0.7)
        review = review_game(game, positions=True)
        for click, board, flags in zip(review.clicks, review.positions, review.flags, strict=True):
            if click.kind is not ClickKind.CHORD:
                continue
            around = neighbours(review.rows, review.cols, click.cell, topology)
            assert sum(n in flags for n in around) == board.number(click.cell)
            assert set(click.chosen) == {n for n in around if board.char(n) == "." and n not in flags}
            if click.label is Label.FATAL:
                assert click.exploded in click.chosen and not click.opened
                fatal += 1
            else:
                assert click.opened[: len(click.chosen)] == click.chosen
            chords += 1
    assert chords >= 20 and fatal  # the games met chords, and chords on a wrong flag
