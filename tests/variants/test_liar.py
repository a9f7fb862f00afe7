"""2L (Liar): the solver against the oracle's enumeration over layouts and every choice of liars.

One safe cell of every row and column lies (one off); which ones is a hidden choice the mines do not fix,
so a layout that several choices fit is still one layout.  Each test fails on main, which has no 2L rule
(the board is refused as an unknown rule).
"""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import product

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

from cnfsweep.generation.variant_grade import grade_variant_board
from cnfsweep.generation.variants import VariantRequest, generate_variant
from cnfsweep.variants.board import CellState, parse_variant
from cnfsweep.variants.game import PuzzleGame, PuzzleState
from cnfsweep.variants.solve import analyze_variant, variant_layouts


@pytest.mark.parametrize("side", [1, 2, 3])
def test_every_clue_of_every_value_on_every_small_square_board(side: int) -> None:
    """Each cell showing each value up to 4 alone, and each two cells of the first row and column, with and
    without a total."""
    every = oracle.cells(side, side)
    rng = random.Random(f"2L {side}")
    for p, v in product(every, range(5)):
        assert_agrees(Puzzle(side, side, [], "2L", clues={p: v}))
        assert_agrees(Puzzle(side, side, [], "2L", clues={p: v}, total=rng.randint(0, side * side - 1)))
    for p, q in product(every[:side], every[::side]):
        if p != q:
            clues = {p: rng.randint(0, 4), q: rng.randint(0, 4)}
            assert_agrees(Puzzle(side, side, [], "2L", clues=clues, total=rng.choice([None, side])))


@pytest.mark.parametrize("seed", range(8))
def test_2l_agrees_with_the_oracle_on_random_boards(seed: int) -> None:
    """Clues read off a random layout under a random choice of liars (some cells hidden or known)."""
    rng = random.Random(f"2L random {seed}")
    for side in (3, 3, 4) if seed < 2 else (3, 3):
        for total in (False, True):
            assert_agrees(random_puzzle(rng, side, side, [], "2L", "", total))


def test_a_layout_that_several_choices_of_liars_fit_is_counted_once() -> None:
    # No clue on 2x2: a layout is allowed when one diagonal is safe, 4 + 4 - 1 = 7; (layout, liars) pairs are 8.
    board = parse_variant("rules: 2L\n. .\n. .\n")
    assert analyze_variant(board).layouts == 7
    assert len(variant_layouts(board) or ()) == 7


@pytest.mark.parametrize("other", ["1Q", "2H", "1C"])
def test_2l_combines_with_a_mine_rule(other: str) -> None:
    assert_combines_with("2L", other, [(3, 3)], each=3)


@pytest.mark.parametrize("seed", range(6))
def test_a_conflict_of_2l_clues_is_minimal_by_the_oracle(seed: int) -> None:
    rng = random.Random(f"2L conflict {seed}")
    puzzle = random_puzzle(rng, 3, 3, ["1Q"] if seed % 2 else [], "2L", "", bool(seed % 3))
    if puzzle.clues:
        p = rng.choice(sorted(puzzle.clues))
        puzzle.clues[p] = int(puzzle.clues[p]) + rng.choice((2, 3))  # type: ignore[call-overload]
    assert_minimal_conflict(puzzle)


def test_two_clues_one_off_in_one_row_conflict() -> None:
    # Both 1s see no mine (their row's third cell is safe and shown), so both lie: a row has one liar.
    puzzle = Puzzle(3, 3, [], "2L", clues={(0, 0): 1, (0, 2): 1, (0, 1): 0}, hidden=[(1, 0), (1, 1), (1, 2)])
    assert not puzzle.solutions()
    assert_minimal_conflict(puzzle)


def _hint_case(seed: int, kind: str) -> Puzzle:
    """A random 3x3 2L board (with 1Q on every fourth seed) that has a certain cell by the oracle."""
    return with_a_certain_cell(random.Random(f"2L {kind} {seed}"), [(3, 3)], ["1Q"] if seed % 4 == 3 else [], "2L")


@pytest.mark.parametrize("seed", range(8))
def test_every_hint_reason_is_certain_and_minimal_by_the_oracle(seed: int) -> None:
    assert_hint_reasons_are_minimal(_hint_case(seed, "hint"))


@pytest.mark.parametrize("seed", range(8))
def test_smallest_reasons_have_the_fewest_clues_by_brute_force(seed: int) -> None:
    # A layout breaks a set of clues under each choice of liars: the fewest clues that force a cell are found
    # over layouts and liars together (each layout kept with the liars it was found with).
    assert_smallest_reasons_have_the_fewest_clues(_hint_case(seed, "smallest"))


def test_the_fan_generators_puzzle_is_graded_step_by_step() -> None:
    # Each step's reasons are found as the grade plays the puzzle: clues shown later join the liars.
    text, truth = read(DATA / "variants-peer" / "2L_8_5" / "demo.txt")
    board = parse_variant(text)
    report = grade_variant_board(board)
    assert report.answer == frozenset(truth)
    assert sum(s.cells for s in report.steps) == len(board.where(CellState.COVERED))


@pytest.mark.parametrize(("side", "mines", "seed"), [(4, 5, 1), (4, 5, 2), (4, 6, 3), (3, 3, 4)])
def test_generated_puzzles_have_one_layout_by_the_oracle_and_solve_decides_them(
    side: int, mines: int, seed: int
) -> None:
    assert_generated_puzzle_is_unique(side, side, mines, "2L", seed)


@pytest.mark.parametrize("seed", range(1, 5))
def test_cells_opened_in_play_read_under_one_choice_of_liars_with_the_puzzles_clues(seed: int) -> None:
    made = generate_variant(VariantRequest.make(4, 4, 5, ["2L"], graded=False), seed)
    game = PuzzleGame(made.board, made.answer, made.seed, lives=99)
    safe = [c for c in made.board.where(CellState.COVERED) if c not in made.answer]
    for n, cell in enumerate(safe):
        assert game.open(cell) is (PuzzleState.WON if n == len(safe) - 1 else PuzzleState.PLAYING)
    shown = {(r, c): int(t) for r, row in enumerate(game.view()["cells"]) for c, t in enumerate(row) if t.isdigit()}
    assert len(shown) == 16 - 5
    assert oracle.liars(shown, frozenset((c.row, c.col) for c in made.answer), 4, 4)


@pytest.mark.parametrize("name", ["2L_8_5", "2L_6x6_10_1", "2L_8x8_16_1"])
def test_solve_finds_the_peers_one_answer(name: str) -> None:
    """The fan generator's own 2L puzzles: its liars on a board of their own (which the reader skips), and a
    safe cell with no clue printed as X."""
    text, truth = read(DATA / "variants-peer" / name / "demo.txt")
    board = parse_variant(text)
    layouts = variant_layouts(board)
    assert layouts is not None and len(layouts) == 1 and set(layouts[0]) == truth
    analysis = analyze_variant(board)
    covered = len(board.where(CellState.COVERED))
    assert set(analysis.mines) == truth and len(analysis.safe) + len(analysis.mines) == covered


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rules: 2L\n1 . .\n. . .\n", "<stdin>: 2L has a liar in every row and every column, so its board is square"),
        ("rules: 2L 1M\n1 .\n. .\n", "<stdin>:1:11: 2L says which clues lie and by how much: it takes no 1M"),
        ("rules: 2L 1L\n1 .\n. .\n", "<stdin>:1:11: 2L says which clues lie and by how much: it takes no 1L"),
        ("rules: 2L\n1 .\n. 1,2\n", "<stdin>:3:3: '1,2' is a list of run lengths, a 1W clue"),
    ],
)
def test_bad_2l_boards_get_one_line_and_exit_2(text: str, message: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cnfsweep", "solve", "-"], input=text, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], done.stderr
