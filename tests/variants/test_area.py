"""2A (Area): the solver against the oracle's enumeration, the clue the size of the groups of mines beside it.

A group of mines may reach far from its clue, so each clue's encoding follows distances along mines; the
oracle finds the groups by flood fill.  Each test fails on main, which has no 2A rule (the board is refused
as an unknown rule).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations

import pytest
from paths import DATA
from variant_puzzles import Puzzle, assert_agrees, assert_minimal_conflict, random_puzzle

import variant_oracle as oracle
from benchmarks.variants_peer import read

from cnfsweep.core.board import Cell
from cnfsweep.generation.variants import VariantRequest, generate_variant
from cnfsweep.variants.board import CellState, parse_variant
from cnfsweep.variants.game import PuzzleGame, PuzzleState
from cnfsweep.variants.hints import hint_variant
from cnfsweep.variants.solve import analyze_variant, variant_layouts

SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5) if r * c <= 12]


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
    rng = random.Random(f"2A {other}")
    for rows, cols in ((3, 3), (3, 4)):
        for total in (False, True):
            assert_agrees(random_puzzle(rng, rows, cols, [other], "2A", "", total))


@pytest.mark.parametrize("seed", range(6))
def test_a_conflict_of_2a_clues_is_minimal_by_the_oracle(seed: int) -> None:
    rng = random.Random(f"2A conflict {seed}")
    puzzle = random_puzzle(rng, 3, 4, ["1Q"] if seed % 2 else [], "2A", "", bool(seed % 3))
    if puzzle.clues:
        p = rng.choice(sorted(puzzle.clues))
        puzzle.clues[p] = int(puzzle.clues[p]) + rng.choice((1, 2))  # type: ignore[call-overload]
    assert_minimal_conflict(puzzle)


def _certain(puzzle: Puzzle, p: oracle.Pos, mine: bool, used: Iterable[oracle.Pos], with_total: bool) -> bool:
    kept = puzzle.solutions(clues=list(used), total=with_total)
    return bool(kept) and all((Cell(*p) in m) == mine for m in kept)


def _hint_case(seed: int) -> Puzzle:
    """A random 2A board (with 1Q on every fourth seed) that has a certain cell by the oracle."""
    rng = random.Random(f"2A hint {seed}")
    while True:
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 3)])
        puzzle = random_puzzle(rng, rows, cols, ["1Q"] if seed % 4 == 3 else [], "2A", "", bool(seed % 2))
        found = puzzle.solutions()
        if any(len({Cell(*p) in m for m in found}) == 1 for p in puzzle.covered()):
            return puzzle


@pytest.mark.parametrize("seed", range(6))
def test_smallest_reasons_have_the_fewest_clues_by_brute_force(seed: int) -> None:
    puzzle = _hint_case(seed)
    clues = sorted(puzzle.clues)
    result = hint_variant(parse_variant(puzzle.text()), every=True, smallest=True)
    assert any(m.certain for m in result.moves)
    for move in result.moves:
        if not move.certain:
            continue
        assert move.reason is not None
        p, used = (move.cell.row, move.cell.col), {(c.row, c.col) for c in move.reason.clues}
        with_total = not _certain(puzzle, p, move.mine, clues, False)
        least = next(
            k
            for k in range(len(clues) + 1)
            if any(_certain(puzzle, p, move.mine, s, with_total) for s in combinations(clues, k))
        )
        assert (move.reason.uses_total, len(used)) == (with_total, least), (puzzle.text(), move)
        assert _certain(puzzle, p, move.mine, used, with_total)


@pytest.mark.parametrize(("shape", "mines", "seed"), [((4, 4), 5, 1), ((4, 4), 5, 2), ((3, 4), 4, 3), ((4, 3), 4, 4)])
def test_generated_puzzles_have_one_layout_by_the_oracle_and_solve_decides_them(
    shape: tuple[int, int], mines: int, seed: int
) -> None:
    rows, cols = shape
    puzzle = generate_variant(VariantRequest.make(rows, cols, mines, ["2A"], graded=False), seed)
    clues = {(c.row, c.col): v for c, v in puzzle.board.clues.items()}
    assert Puzzle(rows, cols, [], "2A", clues=clues, total=mines).solutions() == {puzzle.answer}
    analysis = analyze_variant(parse_variant(puzzle.text()))
    assert set(analysis.mines) == set(puzzle.answer)
    assert set(analysis.safe) == {Cell(*p) for p in oracle.cells(rows, cols) if p not in clues} - puzzle.answer


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
