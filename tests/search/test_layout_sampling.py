"""Layouts drawn by ``sample_layouts`` against every consistent layout listed by brute force.

Each board is small enough to list its layouts with
:func:`~cnfsweep.search.endgame.enumerate_layouts` (an independent search over
cells, not parts); thousands of draws with a fixed seed must fit the uniform
distribution over that list by a chi-square bound that samplers with a known
mistake fail (shown below by breaking one weight at a time).
"""

from __future__ import annotations

import random
from collections import Counter
from math import sqrt

import pytest

import cnfsweep.search.sampling as sampling
from cnfsweep.core.board import Board
from cnfsweep.engine.position import build_position
from cnfsweep.search.endgame import enumerate_layouts
from cnfsweep.search.sampling import sample_layouts
from cnfsweep.search.whatif import Snapshot

BOARDS = {
    # Two parts in opposite corners, each with one mine, and ten cells off the frontier.
    "two corners": (["1....", ".....", "....1", "....."], 3),
    # Boxes of several cells (the 0's neighbours are open, the 2 sees a box of two).
    "boxes": (["01...", "12...", ".....", "....."], 3),
    # A flag, counted in the total and returned in every layout.
    "flag": (["1.1..", "F....", "....."], 4),
    "one number": (["2....", ".....", "....."], 3),
    # Parts whose mine counts vary, with many cells off the frontier: the binomial over those cells matters.
    "binomial": ([".....", ".....", "...3.", ".1..."], 4),
    # Models with as many mines but on boxes of other sizes: their layouts differ.
    "box sizes": ([".....", ".2.2.", ".4...", "....."], 6),
    "both": (["1....", "..4.3", ".....", "....."], 6),
}

DRAWS_PER_LAYOUT = 150


def chi_square_bound(df: int, z: float = 4.75) -> float:
    """The chi-square quantile of ``df`` degrees of freedom at the normal quantile ``z`` (Wilson-Hilferty).

    ``z = 4.75`` is a one-sided tail of about 1e-6: a right sampler fails once in a million seeds.
    """
    a = 2 / (9 * df)
    return df * (1 - a + z * sqrt(a)) ** 3


def chi_square(board: Board, total: int, seed: int = 2026) -> tuple[float, float]:
    """Draw from ``board``'s snapshot and return the chi-square statistic against uniform, and its bound."""
    layouts = [layout | frozenset(board.flags) for layout in enumerate_layouts(board)]
    assert len(set(layouts)) == len(layouts)
    snap = Snapshot.of(build_position(board))
    assert snap is not None and snap.solutions == len(layouts)
    draws = DRAWS_PER_LAYOUT * len(layouts)
    seen = Counter(sample_layouts(snap, draws, random.Random(seed)))
    # Every draw is a consistent layout: nothing outside the list.
    assert set(seen) <= set(layouts), sorted(map(sorted, set(seen) - set(layouts)))[:3]
    expected = draws / len(layouts)
    statistic = sum((seen[layout] - expected) ** 2 / expected for layout in layouts)
    return statistic, chi_square_bound(len(layouts) - 1)


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_draws_are_uniform_over_the_consistent_layouts(name: str) -> None:
    rows, total = BOARDS[name]
    statistic, bound = chi_square(Board.from_rows(rows, total_mines=total), total)
    assert statistic < bound


def test_a_sampler_ignoring_the_off_frontier_binomial_fails_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each number of mines off the frontier counted as one way: the parts' mine counts come out wrong.
    monkeypatch.setattr(sampling, "_off_layouts", lambda cells, mines: int(0 <= mines <= cells))
    for name in ("binomial", "both"):
        rows, total = BOARDS[name]
        statistic, bound = chi_square(Board.from_rows(rows, total_mines=total), total)
        assert statistic > 10 * bound, name


def test_a_sampler_ignoring_box_sizes_fails_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each canonical model counted as one layout, whatever its boxes' binomials.
    monkeypatch.setattr(sampling, "prod", lambda factors: 1)
    for name in ("box sizes", "both"):
        rows, total = BOARDS[name]
        statistic, bound = chi_square(Board.from_rows(rows, total_mines=total), total)
        assert statistic > 10 * bound, name


def test_the_same_seed_draws_the_same_layouts_and_a_negative_count_is_refused() -> None:
    rows, total = BOARDS["two corners"]
    snap = Snapshot.of(build_position(Board.from_rows(rows, total_mines=total)))
    assert snap is not None
    assert sample_layouts(snap, 20, random.Random(1)) == sample_layouts(snap, 20, random.Random(1))
    with pytest.raises(ValueError, match="count must not be negative"):
        sample_layouts(snap, -1, random.Random(1))
