"""A variant board's levels (the page's Peek) against the oracle: every layout of the board, kept by the rules' definitions.

``full`` must be exactly the cells on which every layout the clues and rules allow agrees, ``total`` exactly
those on which the layouts with the total agree and ``full`` did not decide; an inconsistent board names the
first level with no layout, and a conflict of clues and rules that the oracle finds no layout for.
"""

from __future__ import annotations

import random

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.levels import variant_levels

import variant_oracle as oracle
from variant_puzzles import MODES, SECOND_MODES, Puzzle, random_puzzle

#: Every mine rule of both games, those that read the dye too.
MINE_RULES = sorted([*oracle.MINE_RULES, *oracle.SECOND_MINE_RULES, *oracle.DYED_MINE_RULES])
#: Every clue rule of both games with each modifier it takes.
CLUE_MODES = [(rule, mode) for rule, modes in {**MODES, **SECOND_MODES}.items() for mode in modes]
#: Counting clue rules, whose clues a spoilt board changes by a number.
NUMBERS = ["V", "1X", "1X'", "1K", "1P", "1E", "2D", "2M"]


def agreed(layouts: set[frozenset[Cell]], cells: list[Cell]) -> dict[Cell, bool]:
    """The cells on which every layout agrees, and whether each is a mine there."""
    if not layouts:
        return {}
    return {c: c in next(iter(layouts)) for c in cells if len({c in m for m in layouts}) == 1}


def expected_levels(puzzle: Puzzle) -> dict[Cell, tuple[str, bool]]:
    covered = [Cell(*p) for p in puzzle.covered()]
    full = agreed(puzzle.solutions(total=False), covered)
    out = {c: ("full", mine) for c, mine in full.items()}
    if puzzle.total is not None:
        for c, mine in agreed(puzzle.solutions(), covered).items():
            out.setdefault(c, ("total", mine))
    return out


def assert_levels_agree(puzzle: Puzzle) -> None:
    found = variant_levels(parse_variant(puzzle.text(), "test"))
    covered = [Cell(*p) for p in puzzle.covered()]
    if not puzzle.solutions(total=False):
        level = "full"
    elif puzzle.total is not None and not puzzle.solutions():
        level = "total"
    else:
        assert found.consistent and found.inconsistent_level is None, puzzle.text()
        assert dict(found.decided) == expected_levels(puzzle), puzzle.text()
        assert found.undecided == tuple(c for c in covered if c not in found.decided)
        return
    assert not found.consistent and found.inconsistent_level == level, puzzle.text()
    assert found.conflict is not None and found.conflict_rules is not None
    clues = [(c.row, c.col) for c in found.conflict]
    rules = [r for r in found.conflict_rules if r in puzzle.mine_rules]
    assert not any(
        puzzle.allows(m, clues=clues, rules=rules, total=level == "total")
        for m in oracle.all_layouts(puzzle.rows, puzzle.cols)
    ), puzzle.text()


@pytest.mark.parametrize("mine_rule", MINE_RULES)
def test_each_mine_rules_levels_are_the_oracles(mine_rule: str) -> None:
    rng = random.Random(f"levels {mine_rule}")
    for rows, cols in ((3, 3), (3, 4)):
        for total in (False, True):
            clue_rule = rng.choice(NUMBERS)
            assert_levels_agree(random_puzzle(rng, rows, cols, [mine_rule], clue_rule, "", total))


@pytest.mark.parametrize(("clue_rule", "mode"), CLUE_MODES, ids=lambda x: x or "plain")
def test_each_clue_rules_levels_are_the_oracles(clue_rule: str, mode: str) -> None:
    rng = random.Random(f"levels {clue_rule} {mode}")
    for rows, cols in ((3, 3), (3, 4)):
        for total in (False, True):
            mine_rules = [rng.choice(sorted(oracle.MINE_RULES))] if rng.random() < 0.5 else []
            assert_levels_agree(random_puzzle(rng, rows, cols, mine_rules, clue_rule, mode, total))


@pytest.mark.parametrize("seed", range(24))
def test_a_spoilt_board_names_its_first_level_without_a_layout_and_a_conflict(seed: int) -> None:
    rng = random.Random(f"spoilt levels {seed}")
    puzzle = random_puzzle(rng, 3, 3 + seed % 2, [rng.choice(MINE_RULES)], rng.choice(NUMBERS), "", seed % 3 != 0)
    for p in list(puzzle.clues)[: rng.randint(1, 2)]:
        puzzle.clues[p] = max(0, puzzle.clues[p] + rng.choice((-2, -1, 1, 2)))  # type: ignore[operator]
    if puzzle.total is not None and seed % 3 == 1:
        # A total no layout of the clues has, often; still one the board's text can hold.
        known, covered = len(puzzle.known), len(puzzle.covered())
        puzzle.total = min(max(known, puzzle.total + rng.choice((-2, 2))), known + covered)
    assert_levels_agree(puzzle)
