"""The position's fast paths give what the general ones give, on every topology.

The engine reads only the numbers that say something and splits small
positions without networkx; both must leave every answer as it was.
"""

from __future__ import annotations

import random

import pytest
from boards import HAND_CASES, Case, layout_board, random_cases, random_graph_cases
from oracle import fixed_cells

from cnfsweep.core.board import Board, Cell
from cnfsweep.engine.position import (
    SMALL_SPLIT,
    number_constraints,
    position,
    split_networkx,
    split_small,
)
from cnfsweep.engine.simplify import simplify

TOPOLOGIES = ("square", "torus", "hex")


def _big_board(seed: int, topology: str, size: int = 40) -> Board:
    """A square-shaped board, a fifth mines, most safe cells open: about 0.6 rules a cell."""
    rng = random.Random(seed)
    cells = [Cell(r, c) for r in range(size) for c in range(size)]
    mines = frozenset(rng.sample(cells, len(cells) // 5))
    revealed = [c for c in cells if c not in mines and rng.random() < 0.8]
    flagged = [m for m in sorted(mines) if rng.random() < 0.1]
    return layout_board(size, size, mines, revealed, flagged, with_total=True, topology=topology)


CASES = [
    *HAND_CASES,
    *(case for t in TOPOLOGIES for case in random_cases(topology=t)),
    *random_graph_cases(),
    *(Case(f"{t}-big-{seed}", _big_board(seed, t)) for t in TOPOLOGIES for seed in range(2)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_the_numbers_that_say_something_give_every_other_rule(case: Case) -> None:
    fixed = fixed_cells(case.board, case.assume)
    every = number_constraints(case.board, fixed)
    assert [rule.tag for rule in every] == list(case.board.numbers)
    assert number_constraints(case.board, fixed, every=False) == [r for r in every if r.cells or r.need]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_both_splits_find_the_same_components(case: Case) -> None:
    rules = [r for r in number_constraints(case.board, fixed_cells(case.board, case.assume)) if r.cells]
    simplified, _, contradiction = simplify(rules)
    for some in (rules, [r for r in simplified if r.cells] if contradiction is None else []):
        assert split_small(some) == split_networkx(some)


def test_big_positions_are_split_by_networkx_and_agree() -> None:
    board = _big_board(7, "square", 64)
    rules = [r for r in number_constraints(board, {}) if r.cells]
    assert len(rules) > SMALL_SPLIT
    assert split_small(rules) == split_networkx(rules)
    assert sorted(c for comp in position(board, simplified=False).components for c in comp.cells) == sorted(
        {c for r in rules for c in r.cells})
