"""2A (Area): the solver against the oracle's enumeration, the clue the size of the groups of mines beside it.

A group of mines may reach far from its clue, so each clue's encoding follows distances along mines; the
oracle finds the groups by flood fill.  Each test fails on main, which has no 2A rule (the board is refused
as an unknown rule).
"""

from __future__ import annotations

import random

import pytest
from paths import DATA
from variant_puzzles import (
    assert_combines_with,
    Puzzle,
    assert_agrees,
    assert_generated_puzzle_is_unique,
    assert_hint_reasons_are_minimal,
    assert_minimal_conflict,
    assert_smallest_reasons_have_the_fewest_clues,
    random_puzzle,
    with_a_certain_cell,
)

import variant_oracle as oracle
from benchmarks.variants_peer import read

from cnfsweep.generation.variants import VariantRequest, generate_variant
from cnfsweep.variants.board import CellState, parse_variant
from cnfsweep.variants.game import PuzzleGame, PuzzleState
from cnfsweep.variants.solve import analyze_variant, variant_layouts

SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5) if r * c <= 12]
#: The shapes of the boards the hint tests draw.
HINT_SHAPES = [(3, 3), (3, 4), (4, 3)]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_clue_of_every_value_on_every_small_board(shape: tuple[int, int]) -> None:
    """Each cell showing each area a layout gives it, and one more, with and without a total."""
    rows, cols = shape
    rng = random.Random(f"2A {shape}")
    every = oracle.cells(rows, cols)
    # On the boards of more than 9 cells, four cells a seed picks (the corners and sides alike are on smaller ones).
    for p in every if len(every) <= 9 else rng.sample(every, 4):
        values = {oracle.area(p, m, rows, cols, frozenset(), "") for m in oracle.all_layouts(rows, cols) if p not in m}
        for v in [*sorted(values), max(values) + 1]:
            assert_agrees(Puzzle(rows, cols, [], "2A", clues={p: v}))
            assert_agrees(Puzzle(rows, cols, [], "2A", clues={p: v}, total=rng.randint(0, rows * cols - 1)))


@pytest.mark.parametrize("mode", ["", "1L"], ids=lambda m: m or "plain")
@pytest.mark.parametrize("shape", [(3, 3), (3, 4), (4, 3), (2, 5), (4, 4)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_2a_agrees_with_the_oracle_on_random_boards(shape: tuple[int, int], mode: str) -> None:
    rows, cols = shape
    rng = random.Random(f"2A {shape} {mode}")
    for _ in range(3):
        for total in (False, True):
            assert_agrees(random_puzzle(rng, rows, cols, [], "2A", mode, total))


def test_a_group_that_winds_away_from_its_clue_is_counted_whole() -> None:
    # The clue sees one group of six mines that runs round the corner and back along the bottom row to the cell
    # below its own, which is safe: 6, and no other value, whatever the cells far from it.
    for value in range(8):
        board = parse_variant(f"rules: 2A\n{value} * * ?\n? ? * ?\n* * * ?\n")
        assert analyze_variant(board).consistent == (value == 6)


@pytest.mark.parametrize("other", ["1Q", "2H", "1C", "2G"])
def test_2a_combines_with_a_mine_rule(other: str) -> None:
    assert_combines_with("2A", other, [(3, 3), (3, 4)])


@pytest.mark.parametrize("seed", range(6))
def test_a_conflict_of_2a_clues_is_minimal_by_the_oracle(seed: int) -> None:
    rng = random.Random(f"2A conflict {seed}")
    puzzle = random_puzzle(rng, 3, 4, ["1Q"] if seed % 2 else [], "2A", "", bool(seed % 3))
    if puzzle.clues:
        p = rng.choice(sorted(puzzle.clues))
        puzzle.clues[p] = int(puzzle.clues[p]) + rng.choice((1, 2))  # type: ignore[call-overload]
    assert_minimal_conflict(puzzle)


@pytest.mark.parametrize("seed", range(6))
def test_every_hint_reason_is_certain_and_minimal_by_the_oracle(seed: int) -> None:
    rng = random.Random(f"2A hint {seed}")
    assert_hint_reasons_are_minimal(with_a_certain_cell(rng, HINT_SHAPES, ["1Q"] if seed % 4 == 3 else [], "2A"))


@pytest.mark.parametrize("seed", range(6))
def test_smallest_reasons_have_the_fewest_clues_by_brute_force(seed: int) -> None:
    rng = random.Random(f"2A smallest {seed}")
    puzzle = with_a_certain_cell(rng, HINT_SHAPES, ["1Q"] if seed % 4 == 3 else [], "2A")
    assert_smallest_reasons_have_the_fewest_clues(puzzle)


@pytest.mark.parametrize(("shape", "mines", "seed"), [((4, 4), 5, 1), ((4, 4), 5, 2), ((3, 4), 4, 3), ((4, 3), 4, 4)])
def test_generated_puzzles_have_one_layout_by_the_oracle_and_solve_decides_them(
    shape: tuple[int, int], mines: int, seed: int
) -> None:
    assert_generated_puzzle_is_unique(*shape, mines, "2A", seed)


@pytest.mark.parametrize("seed", range(1, 4))
def test_cells_opened_in_play_show_their_areas(seed: int) -> None:
    made = generate_variant(VariantRequest.make(4, 4, 5, ["2A"], graded=False), seed)
    game = PuzzleGame(made.board, made.answer, made.seed, lives=99)
    safe = [c for c in made.board.where(CellState.COVERED) if c not in made.answer]
    for n, cell in enumerate(safe):
        assert game.open(cell) is (PuzzleState.WON if n == len(safe) - 1 else PuzzleState.PLAYING)
    m = frozenset((c.row, c.col) for c in made.answer)
    for r, row in enumerate(game.view()["cells"]):
        for c, token in enumerate(row):
            if token.isdigit():
                assert int(token) == oracle.area((r, c), m, 4, 4, frozenset(), "")


@pytest.mark.parametrize("name", ["2A_8_5", "2A_6x6_10_1", "2A_8x8_16_1"])
def test_solve_finds_the_peers_one_answer(name: str) -> None:
    text, truth = read(DATA / "variants-peer" / name / "demo.txt")
    board = parse_variant(text)
    layouts = variant_layouts(board)
    assert layouts is not None and len(layouts) == 1 and set(layouts[0]) == truth
    analysis = analyze_variant(board)
    covered = len(board.where(CellState.COVERED))
    assert set(analysis.mines) == truth and len(analysis.safe) + len(analysis.mines) == covered
