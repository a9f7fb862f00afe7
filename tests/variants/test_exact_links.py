"""The exact encodings of the global rules (``links``) against the oracle's flood fills.

A generator only asks whether some layout exists, so the global rules 1C, 1O
and 1S may state themselves exactly with auxiliary ranks (``exact=True``):
the layouts such a model allows, found one by one with each found one ruled
out (``variant_witnesses``), must be exactly those the oracle keeps on every
small board, with and without the total and under clues; and each
:class:`~cnfsweep.variants.rule.Linked` fact must hold on a layout exactly when
its rule, as the oracle reads its definition, does.
"""

from __future__ import annotations

import random

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.registry import RULES
from cnfsweep.variants.rule import Grid
from cnfsweep.variants.solve import variant_witnesses

import variant_oracle as oracle
from sampling import sample
from variant_puzzles import Puzzle, random_puzzle, rule_on_shape

GLOBAL = ("1C", "1O", "1S")
SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5) if r * c <= 12]
#: Finding layouts one by one is slower than the oracle's flood fills: boards up to 9 cells.
SMALL = [s for s in SHAPES if s[0] * s[1] <= 9]

# The suite runs a seeded sample of the two slow crossings below that holds every rule, shape and clue rule
# (tests/sampling.py); `python -m benchmarks sweeps` runs every case.
EXACT_RULE_SHAPES = sample([(r, s) for r in GLOBAL for s in SMALL], rule_on_shape, seed="exact model x shape", keep=0.4)
EXACT_UNDER_CLUES = sample(
    [(r, c) for r in GLOBAL for c in ("V", "1E", "1X'")],
    lambda case: [("rule", case[0]), ("clue rule", case[1])],
    seed="exact model x clue rule",
    keep=0.35,
)


def exact_layouts(puzzle: Puzzle) -> set[frozenset[Cell]]:
    board = parse_variant(puzzle.text())
    found = variant_witnesses(board, limit=1 << 13, exact=True)
    assert len(set(found)) == len(found)  # each layout once
    return set(found)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rule", GLOBAL)
def test_the_links_hold_exactly_on_the_layouts_the_rule_allows(rule: str, shape: tuple[int, int]) -> None:
    rows, cols = shape
    grid = Grid(rows, cols)
    links = RULES[rule]().links(grid)  # type: ignore[attr-defined]
    local = RULES[rule]().constraints(grid)
    for m in oracle.all_layouts(rows, cols):
        layout = {c: (c.row, c.col) in m for c in grid.cells}
        stated = all(s.holds(layout) for s in (*links, *local))
        assert stated == oracle.MINE_RULES[rule](m, rows, cols), (rule, sorted(m))


@pytest.mark.parametrize(("rule", "shape"), EXACT_RULE_SHAPES, ids=[f"{r}-{s[0]}x{s[1]}" for r, s in EXACT_RULE_SHAPES])
def test_an_exact_model_allows_exactly_the_oracles_layouts(rule: str, shape: tuple[int, int]) -> None:
    rows, cols = shape
    assert exact_layouts(Puzzle(rows, cols, [rule])) == Puzzle(rows, cols, [rule]).solutions()
    for total in (rows * cols // 3, rows * cols // 2):
        puzzle = Puzzle(rows, cols, [rule], total=total)
        assert exact_layouts(puzzle) == puzzle.solutions()


@pytest.mark.parametrize(("rule", "clue_rule"), EXACT_UNDER_CLUES)
def test_an_exact_model_under_clues_and_a_second_rule_allows_the_oracles_layouts(rule: str, clue_rule: str) -> None:
    rng = random.Random(f"{rule}/{clue_rule}")
    for rows, cols in ((3, 3), (3, 4)):
        for total in (False, True):
            puzzle = random_puzzle(rng, rows, cols, [rule], clue_rule, "", total)
            assert exact_layouts(puzzle) == puzzle.solutions()
    for other in ("1Q", "1H"):
        puzzle = random_puzzle(rng, 3, 4, [rule, other], clue_rule, "", True)
        assert exact_layouts(puzzle) == puzzle.solutions()
