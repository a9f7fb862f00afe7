"""The second game's rules against the oracle's enumeration, as the first game's are in ``test_rules_oracle``.

Each rule (2H, 2T, 2S, 2C, 2G; 2D, 2M, 2X) alone on every small board, with and
without the total; each with every mine rule and with a rule of the other
kind; past the count limit; and its bad tokens.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import variant_oracle as oracle
from sampling import sample
from variant_puzzles import SECOND_MODES, Puzzle, assert_agrees, random_puzzle, rule_on_shape

from cnfsweep.core.board import Cell
from cnfsweep.variants import RULES
from cnfsweep.variants.board import parse_variant

SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5) if r * c <= 12]

# The suite runs a seeded sample of each crossing below that holds every rule and shape (tests/sampling.py);
# `python -m benchmarks sweeps` runs every case.
SECOND_RULE_SHAPES = sample(
    [(r, s) for r in sorted(oracle.SECOND_MINE_RULES) for s in SHAPES],
    rule_on_shape,
    seed="second game mine rule x shape",
    keep=0.3,
)
SECOND_AND_ANY_MINE_RULE = sample(
    [(r, o) for r in sorted(oracle.SECOND_MINE_RULES) for o in sorted(oracle.EVERY_MINE_RULE)],
    lambda case: [("rule", case[0]), ("other", case[1])],
    seed="second game mine rule x mine rule",
    keep=0.35,
)
SECOND_CLUE_RULE_MODES = sample(
    [(r, m, seed) for r, modes in SECOND_MODES.items() for m in modes for seed in range(6)],
    lambda case: [("clue rule and mode", case[:2]), ("seed", case[2])],
    seed="second game clue rule x mode x seed",
    keep=0.35,
)
RULES_OF_BOTH_KINDS = sample(
    # Pairs of first-game rules only are test_rules_oracle's.
    [
        (m, c)
        for m in sorted(oracle.EVERY_MINE_RULE)
        for c in sorted(oracle.EVERY_CLUE_RULE)
        if m in oracle.SECOND_MINE_RULES or c in oracle.SECOND_CLUE_RULES
    ],
    lambda case: [("mine rule", case[0]), ("clue rule", case[1])],
    seed="second game mine rule x clue rule",
    keep=0.35,
)


def test_every_second_game_rule_is_registered_with_its_code() -> None:
    codes = [*oracle.SECOND_MINE_RULES, *oracle.DYED_MINE_RULES, *oracle.SECOND_CLUE_RULES]
    assert set(codes) <= set(RULES.builtins)
    for code in codes:
        assert RULES[code].name == code and RULES[code].definition


@pytest.mark.parametrize(
    ("rule", "shape"), SECOND_RULE_SHAPES, ids=[f"{r}-{s[0]}x{s[1]}" for r, s in SECOND_RULE_SHAPES]
)
def test_each_second_game_mine_rule_allows_exactly_its_layouts(rule: str, shape: tuple[int, int]) -> None:
    rows, cols = shape
    assert_agrees(Puzzle(rows, cols, [rule]))
    for total in range(rows * cols + 1):
        assert_agrees(Puzzle(rows, cols, [rule], total=total))


def dye_patterns(rows: int, cols: int, seed: str) -> list[frozenset[tuple[int, int]]]:
    """Every cell dyed, none, and a few random halves: what 2F is tested on."""
    rng = random.Random(seed)
    every = oracle.cells(rows, cols)
    return [frozenset(every), frozenset()] + [frozenset(rng.sample(every, len(every) // 2)) for _ in range(3)]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_2f_allows_exactly_its_layouts_on_every_dye(shape: tuple[int, int]) -> None:
    rows, cols = shape
    for dyed in dye_patterns(rows, cols, f"2F {shape}"):
        assert_agrees(Puzzle(rows, cols, ["2F"], dyed=dyed))
        for total in range(0, rows * cols + 1, 2):
            assert_agrees(Puzzle(rows, cols, ["2F"], dyed=dyed, total=total))


@pytest.mark.parametrize("other", sorted(oracle.EVERY_MINE_RULE))
def test_2f_combines_with_any_mine_rule(other: str) -> None:
    for rows, cols in ((3, 3), (3, 4)):
        for dyed in dye_patterns(rows, cols, f"2F {other}")[::2]:
            assert_agrees(Puzzle(rows, cols, ["2F", other], dyed=dyed))
            assert_agrees(Puzzle(rows, cols, ["2F", other], dyed=dyed, total=rows * cols // 3))


@pytest.mark.parametrize("clue_rule", sorted(oracle.EVERY_CLUE_RULE))
def test_2f_combines_with_each_clue_rule(clue_rule: str) -> None:
    rng = random.Random(f"2F/{clue_rule}")
    for rows, cols in ((3, 3), (3, 4)):
        for total in (False, True):
            assert_agrees(random_puzzle(rng, rows, cols, ["2F"], clue_rule, "", total))


@pytest.mark.parametrize(("rule", "other"), SECOND_AND_ANY_MINE_RULE)
def test_a_second_game_mine_rule_combines_with_any_mine_rule(rule: str, other: str) -> None:
    for rows, cols in ((3, 3), (3, 4), (4, 3)):
        assert_agrees(Puzzle(rows, cols, [rule, other]))
        assert_agrees(Puzzle(rows, cols, [rule, other], total=rows * cols // 2))


@pytest.mark.parametrize(("clue_rule", "mode", "seed"), SECOND_CLUE_RULE_MODES)
def test_each_second_game_clue_rule_allows_exactly_its_layouts(clue_rule: str, mode: str, seed: int) -> None:
    rng = random.Random(f"{clue_rule}{mode}{seed}")
    for rows, cols in ((2, 3), (3, 3), (3, 4), (4, 3)):
        for total in (False, True):
            assert_agrees(random_puzzle(rng, rows, cols, [], clue_rule, mode, total))


@pytest.mark.parametrize(("mine_rule", "clue_rule"), RULES_OF_BOTH_KINDS)
def test_second_game_rules_combine_with_a_rule_of_the_other_kind(mine_rule: str, clue_rule: str) -> None:
    rng = random.Random(f"{mine_rule}/{clue_rule}")
    for rows, cols in ((3, 3), (3, 4)):
        for total in (False, True):
            assert_agrees(random_puzzle(rng, rows, cols, [mine_rule], clue_rule, "", total))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "rules: 2D\n1 .\n. 1,2\n",
            "<stdin>:3:3: '1,2' is a list of run lengths, a 1W clue; the rules 2D take whole numbers",
        ),
        ("rules: 2M 1N\n1 .\n", "<stdin>:1:11: 1N changes what counting clues count"),
        ("rules: 2D 1X\n1 .\n", "<stdin>:1:11: rules 2D and 1X both say what a clue means: give one of them"),
        ("rules: 2S 2Z\n1 .\n", "<stdin>:1:11: unknown rule '2Z'"),
        ("rules: 2X\n. 3\n", "<stdin>:2:3: '3' is no 2X clue; the rules 2X take two counts joined by ',' (1,2)"),
        ("rules: 2X\n1,2,3 .\n", "<stdin>:2:1: '1,2,3' is no 2X clue; the rules 2X take two counts"),
        ("rules: 2X 1L\n1,2 .\n", "<stdin>:1:11: 1L makes every clue one off, and 2X clues are no numbers"),
        ("rules: 2X 1M\n1,2 .\n", "<stdin>:1:11: 1M changes what counting clues count"),
        ("rules: 2P\n. 2√x\n", "<stdin>:2:3: unexpected '2√x': expected '.', '?', '*', a whole number"),
        ("rules: 2P\n. √0\n", "<stdin>:2:3: unexpected '√0'"),
        ("rules: 2P\n0 .\n", "<stdin>:2:1: '0' is no 2P clue; the rules 2P take a product of distances"),
        ("rules: 2P\n. 1,2\n", "<stdin>:2:3: '1,2' is no 2P clue"),
        ("rules: V\n. √2\n", "<stdin>:2:3: '√2' is a square root, a 2P clue; the rules V take whole numbers"),
        ("rules: 2P 1L\n√2 .\n", "<stdin>:1:11: 1L makes every clue one off, and 2P clues are no numbers"),
        ("rules: 1W\n. √2\n", "<stdin>:2:3: '√2' is a square root, a 2P clue; the rules 1W take whole numbers"),
        ("rules: 2P 1M\n√2 .\n", "<stdin>:1:11: 1M changes what counting clues count"),
    ],
)
def test_bad_second_game_boards_get_one_line_and_exit_2(text: str, message: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cnfsweep", "solve", "-"], input=text, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], done.stderr


@pytest.mark.parametrize("grid", [".'\n.\n*'\n", ".' \n. \n*'\n", ".'.*'\n"])
def test_a_dye_mark_goes_with_its_cell_in_a_grid_of_one_column_or_one_character_a_cell(grid: str) -> None:
    board = parse_variant("rules: 2F\n" + grid)
    assert [(c.state.value, c.dyed) for row in board.cells for c in row] == [
        ("covered", True),
        ("covered", False),
        ("mine", True),
    ]


@pytest.mark.parametrize("shape", [(3, 3), (3, 4), (4, 3), (2, 5)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_2p_clues_on_every_cell_allow_exactly_the_oracles_layouts(shape: tuple[int, int]) -> None:
    """Each cell in turn shows each product a layout gives it (the far corners' long distances included)."""
    rows, cols = shape
    rng = random.Random(f"2P {shape}")
    every = oracle.cells(rows, cols)
    for p in every:
        values = {
            oracle.distance_product(p, m, rows, cols, frozenset(), "")
            for m in oracle.all_layouts(rows, cols)
            if p not in m
        }
        for value in sorted(v for v in values if v is not None):
            assert_agrees(Puzzle(rows, cols, [], "2P", clues={p: value}, total=rng.choice([None, 3])))


@pytest.mark.parametrize(
    ("token", "square", "written"),
    [
        ("1", 1, "1"),
        ("3", 9, "3"),
        ("√2", 2, "√2"),
        ("2√5", 20, "2√5"),
        ("√8", 8, "2√2"),
        ("12√7", 1008, "12√7"),
        ("√9", 9, "3"),
    ],
)
def test_2p_tokens_read_and_write_back(token: str, square: int, written: str) -> None:
    board = parse_variant(f"rules: 2P\n. {token}\n")
    value = board.clues[Cell(0, 1)]
    assert (value * value if isinstance(value, int) else value.square) == square  # type: ignore[union-attr]
    # A root with a square factor is written with it taken out (√8 is 2√2), and reads back the same.
    assert board.text().split()[-1] == written
    again = parse_variant(board.text())
    assert again.cells == board.cells and again.text() == board.text()
