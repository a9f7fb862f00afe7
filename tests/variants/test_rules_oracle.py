"""Each variant rule's encoding against an enumeration of every layout, filtered by the rule as defined.

The oracle (``variant_oracle``) knows the rules only from their definitions.
On every small board (every shape up to 12 cells) the layouts ``solve``
allows must be exactly those the oracle keeps, with and without the total,
and so must the counts, the certain cells and a check's verdict; rules are
combined (two mine rules, a mine rule with a clue rule, both with the total).
"""

from __future__ import annotations

import random

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.solve import analyze_variant

import variant_oracle as oracle
from sampling import sample
from variant_puzzles import MODES, Puzzle, assert_agrees, assert_minimal_conflict, random_puzzle, rule_on_shape

SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5) if r * c <= 12]


# The suite runs a seeded sample of each crossing below that holds every rule and shape (tests/sampling.py);
# `python -m benchmarks sweeps` runs every case.
MINE_RULE_SHAPES = sample(
    [(r, s) for r in sorted(oracle.MINE_RULES) for s in SHAPES], rule_on_shape, seed="mine rule x shape", keep=0.3
)
MINE_RULE_PAIRS = sample(
    [(a, b) for a in sorted(oracle.MINE_RULES) for b in sorted(oracle.MINE_RULES) if a < b],
    lambda pair: [("rule", pair[0]), ("rule", pair[1])],
    seed="mine rule pairs",
    keep=0.35,
)
CLUE_RULE_MODES = sample(
    [(r, m, seed) for r, modes in MODES.items() for m in modes for seed in range(4)],
    lambda case: [("clue rule and mode", case[:2]), ("seed", case[2])],
    seed="clue rule x mode x seed",
    keep=0.35,
)
MINE_AND_CLUE_RULES = sample(
    [(m, c) for m in sorted(oracle.MINE_RULES) for c in sorted(oracle.CLUE_RULES)],
    lambda case: [("mine rule", case[0]), ("clue rule", case[1])],
    seed="mine rule x clue rule",
    keep=0.35,
)


@pytest.mark.parametrize(("rule", "shape"), MINE_RULE_SHAPES, ids=[f"{r}-{s[0]}x{s[1]}" for r, s in MINE_RULE_SHAPES])
def test_each_mine_rule_allows_exactly_its_layouts(rule: str, shape: tuple[int, int]) -> None:
    rows, cols = shape
    assert_agrees(Puzzle(rows, cols, [rule]))
    totals = range(rows * cols + 1) if rows * cols <= 6 else (rows * cols // 3, rows * cols // 2)
    for total in totals:
        assert_agrees(Puzzle(rows, cols, [rule], total=total))


@pytest.mark.parametrize("pair", MINE_RULE_PAIRS, ids=" ".join)
def test_two_mine_rules_combine(pair: tuple[str, str]) -> None:
    for rows, cols in ((3, 3), (3, 4)):
        assert_agrees(Puzzle(rows, cols, list(pair)))
        assert_agrees(Puzzle(rows, cols, list(pair), total=rows * cols // 3))


@pytest.mark.parametrize(("clue_rule", "mode", "seed"), CLUE_RULE_MODES)
def test_each_clue_rule_allows_exactly_its_layouts(clue_rule: str, mode: str, seed: int) -> None:
    rng = random.Random(f"{clue_rule}{mode}{seed}")
    for rows, cols in ((2, 3), (3, 3), (3, 4), (4, 3)):
        for total in (False, True):
            assert_agrees(random_puzzle(rng, rows, cols, [], clue_rule, mode, total))


@pytest.mark.parametrize(("mine_rule", "clue_rule"), MINE_AND_CLUE_RULES)
def test_a_mine_rule_and_a_clue_rule_combine(mine_rule: str, clue_rule: str) -> None:
    rng = random.Random(f"{mine_rule}/{clue_rule}")
    for rows, cols in ((3, 3), (3, 4)):
        for total in (False, True):
            assert_agrees(random_puzzle(rng, rows, cols, [mine_rule], clue_rule, "", total))


#: The rules a spoilt board is drawn from: the first game's, then the second game's (mine rules, number clue rules).
GAMES = {
    "first": (sorted(oracle.MINE_RULES), ["V", "1X", "1X'", "1K", "1P", "1E"]),
    "second": (sorted([*oracle.SECOND_MINE_RULES, *oracle.DYED_MINE_RULES]), ["2D", "2M"]),
}


def spoilt_board_rules(game: str, seed: int) -> tuple[random.Random, str, str]:
    """The generator of a spoilt board of ``game`` drawn by ``seed``, once it has drawn its mine and clue rule."""
    rng = random.Random(seed if game == "first" else f"{game} {seed}")
    mine_rules, clue_rules = GAMES[game]
    return rng, rng.choice(mine_rules), rng.choice(clue_rules)


SPOILT_BOARDS = sample(
    [(game, seed) for game in sorted(GAMES) for seed in range(40)],
    # Each game's every mine rule and clue rule that a seed draws, and both sizes of board.
    lambda case: [(case[0], rule) for rule in spoilt_board_rules(*case)[1:]] + [("columns", 3 + case[1] % 2)],
    seed="spoilt boards",
    keep=0.35,
)


@pytest.mark.parametrize(("game", "seed"), SPOILT_BOARDS)
def test_check_names_a_minimal_conflict_the_oracle_confirms(game: str, seed: int) -> None:
    rng, mine_rule, clue_rule = spoilt_board_rules(game, seed)
    puzzle = random_puzzle(rng, 3, 3 + seed % 2, [mine_rule], clue_rule, "", rng.random() < 0.5)
    for p in list(puzzle.clues)[: rng.randint(1, 2)]:  # spoil a clue or two
        puzzle.clues[p] = max(0, puzzle.clues[p] + rng.choice((-2, -1, 1, 2)))  # type: ignore[operator]
    assert_minimal_conflict(puzzle)


@pytest.mark.parametrize("seed", range(6))
def test_classic_rules_count_as_the_engine_does_on_bigger_boards(seed: int) -> None:
    # A `rules: V` board is a classic one: its exact probabilities are the engine's, on boards no enumeration reaches.
    from cnfsweep.engine import Engine
    from cnfsweep.formats import parse_board

    rng = random.Random(seed)
    rows, cols, total = 9, 9, 10
    mines = set(rng.sample(oracle.cells(rows, cols), total))
    opened = {p for p in oracle.cells(rows, cols) if p not in mines and rng.random() < 0.35}
    grid = [
        "".join(
            str(oracle.CLUE_RULES["V"]((r, c), frozenset(mines), rows, cols, frozenset(), ""))
            if (r, c) in opened
            else "."
            for c in range(cols)
        )
        for r in range(rows)
    ]
    classic = Engine.create().analyze(parse_board(f"mines: {total}\n" + "\n".join(grid) + "\n"))
    variant = analyze_variant(parse_variant(f"rules: V\nmines: {total}\n" + "\n".join(grid) + "\n"))
    assert variant.layouts == classic.solutions
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in opened:
                assert variant.probability(Cell(r, c)) == classic.exact(Cell(r, c))


@pytest.mark.parametrize("rule", sorted(oracle.MINE_RULES) + sorted(oracle.SECOND_MINE_RULES))
def test_past_the_count_limit_solve_still_gives_every_certain_cell(rule: str) -> None:
    # With a limit of a few layouts nothing is counted: the certain cells come from asking each cell the other way round.
    rng = random.Random(rule)
    for rows, cols in ((3, 4), (4, 3)):
        for total in (False, True):
            puzzle = random_puzzle(rng, rows, cols, [rule], "V", "", total)
            expected = puzzle.solutions()
            # profile_states=0: no profile count either, so that the certain cells are found the other way
            analysis = analyze_variant(parse_variant(puzzle.text()), limit=2, profile_states=0)
            covered = [Cell(*p) for p in puzzle.covered()]
            if analysis.layouts is not None:
                assert analysis.layouts == len(expected)
            else:  # past the limit: the answer says why, naming a global rule
                assert analysis.counts is None and analysis.uncounted
                assert rule in analysis.uncounted
            assert analysis.layouts is None or len(expected) <= 2
            assert set(analysis.safe) == {c for c in covered if expected and all(c not in m for m in expected)}
            assert set(analysis.mines) == {c for c in covered if expected and all(c in m for m in expected)}
