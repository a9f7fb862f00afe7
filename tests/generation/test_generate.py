"""No-guess boards, checked by an independent replay that never asks the engine."""

from __future__ import annotations

import random

import pytest
from game_oracle import oracle_replay

from cnfsweep import CnfsweepError, TimeLimitExceeded
from cnfsweep.core.board import Cell
from cnfsweep.generation import Logic, opening_area, check_no_guess, sample_uniform
from cnfsweep.play.game import Level


SMALL = Level(5, 5, 4)
CENTRE = Cell(2, 2)


@pytest.mark.parametrize("logic", list(Logic))
def test_replay_agrees_with_the_oracle_on_random_layouts(logic: Logic) -> None:
    rng = random.Random(16)
    free = set(opening_area(SMALL, Cell(0, 0)))
    cells = [Cell(r, c) for r in range(5) for c in range(5) if Cell(r, c) not in free]
    outcomes = []
    for _ in range(60):
        mines = rng.sample(cells, SMALL.mines)
        expected = oracle_replay(SMALL, mines, Cell(0, 0), logic)
        assert check_no_guess(5, 5, mines, Cell(0, 0), logic).solved == expected, mines
        outcomes.append(expected)
    # Both answers occur, or the comparison proves little.
    assert 5 <= sum(outcomes) <= 55


@pytest.mark.parametrize("logic", list(Logic))
def test_every_generated_board_needs_no_guess(logic: Logic) -> None:
    for seed in range(8):
        board = sample_uniform(SMALL, CENTRE, seed, logic)
        assert len(set(board.mine_cells)) == SMALL.mines
        assert not set(board.mine_cells) & set(opening_area(SMALL, CENTRE))
        assert oracle_replay(SMALL, list(board.mine_cells), CENTRE, logic)


def test_the_same_seed_gives_the_same_board() -> None:
    first = sample_uniform(SMALL, CENTRE, 7)
    again = sample_uniform(SMALL, CENTRE, 7)
    assert (first.mine_cells, first.attempts) == (again.mine_cells, again.attempts)
    assert len({sample_uniform(SMALL, CENTRE, seed).mine_cells for seed in range(8)}) > 1


def test_impossible_requests_are_refused() -> None:
    with pytest.raises(CnfsweepError, match="no room for 1 mine outside the opening"):
        sample_uniform(Level(3, 3, 1), Cell(1, 1), 0)
    with pytest.raises(CnfsweepError, match="off the"):
        sample_uniform(SMALL, Cell(9, 9), 0)


def test_a_board_with_no_fair_layout_stops_at_the_time_limit() -> None:
    # One mine beside a 2x2 opening on a 2x3 board is always a 50/50 against the wall.
    with pytest.raises(TimeLimitExceeded, match="no no-guess layout"):
        sample_uniform(Level(2, 3, 1), Cell(0, 0), 0, time_limit=0.2)


def test_uniform_sampling_is_uniform_over_the_fair_layouts() -> None:
    """Chi-square against the full list of no-guess layouts of a small board, listed by the oracle."""
    from collections import Counter
    from itertools import combinations
    from math import sqrt

    level, first = Level(4, 4, 5), Cell(0, 0)
    free = set(opening_area(level, first))
    cells = [Cell(r, c) for r in range(4) for c in range(4) if Cell(r, c) not in free]
    fair = {m for m in combinations(cells, level.mines) if oracle_replay(level, list(m), first, Logic.FULL)}
    everything = sum(1 for _ in combinations(cells, level.mines))
    assert 20 <= len(fair) < everything  # some layouts need a guess: the sampler must avoid them
    draws = 20 * len(fair)
    seen = Counter(sample_uniform(level, first, seed).mine_cells for seed in range(draws))
    assert set(seen) <= fair
    expected = draws / len(fair)
    chi2 = sum((seen[m] - expected) ** 2 / expected for m in fair)
    # The 99.9% point of chi-square with df degrees of freedom (Wilson-Hilferty).
    df = len(fair) - 1
    critical = df * (1 - 2 / (9 * df) + 3.09 * sqrt(2 / (9 * df))) ** 3
    assert chi2 < critical, (chi2, critical)
