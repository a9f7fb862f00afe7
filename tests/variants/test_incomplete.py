"""2I (Incomplete): the solver against the oracle's enumeration over the eight directions a clue may leave out.

The direction is one hidden choice shared by every clue, so a layout that
several directions keep is still one layout: counts are over layouts, never
(layout, direction) pairs.  Each test fails on main, which has no 2I rule (the
board is refused as an unknown rule).
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from paths import DATA
from variant_puzzles import (
    assert_combines_with,
    SECOND_MODES,
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

from cnfsweep.core.board import Cell
from cnfsweep.generation.variants import VariantRequest, generate_variant
from cnfsweep.variants.board import CellState, parse_variant
from cnfsweep.variants.game import PuzzleGame, PuzzleState
from cnfsweep.variants.solve import COUNT_LIMIT, _count_each_way, analyze_variant, variant_layouts

SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5) if r * c <= 12]
#: The shapes of the boards the hint tests draw.
HINT_SHAPES = [(3, 3), (3, 4), (4, 3)]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_one_or_two_clues_of_every_value_on_every_small_board(shape: tuple[int, int]) -> None:
    """Each cell, and each two cells, showing each value they could (and one past it), with and without a total."""
    rows, cols = shape
    every = oracle.cells(rows, cols)
    rng = random.Random(f"2I {shape}")
    places = [(p,) for p in every] + rng.sample(
        list(combinations(every, 2)), k=min(6, len(every) * (len(every) - 1) // 2)
    )
    for place in places:
        for values in rng.sample(
            [v for v in ((a, b) for a in range(5) for b in range(5))], k=4 if len(place) == 2 else 5
        ):
            clues = dict(zip(place, values, strict=False))
            total = rng.choice([None, rng.randint(0, rows * cols - len(place))])
            assert_agrees(Puzzle(rows, cols, [], "2I", clues=clues, total=total))


@pytest.mark.parametrize("mode", SECOND_MODES["2I"], ids=lambda m: m or "plain")
@pytest.mark.parametrize("shape", [(2, 3), (3, 3), (3, 4), (4, 3), (2, 5)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_2i_agrees_with_the_oracle_on_random_boards(shape: tuple[int, int], mode: str) -> None:
    """Clues read off a random layout under a random direction (some cells hidden, known or dyed)."""
    rows, cols = shape
    rng = random.Random(f"2I {shape} {mode}")
    for _ in range(4):
        for total in (False, True):
            assert_agrees(random_puzzle(rng, rows, cols, [], "2I", mode, total))


def test_a_layout_that_several_directions_keep_is_counted_once() -> None:
    # A 0 in a corner: at most one of its three neighbours is a mine (the one left out), the two cells past them
    # free: 4 x 4 = 16 layouts.  Counting (layout, direction) pairs would give 5 x 4 + 3 x 8 = 44.
    board = parse_variant("rules: 2I\n0 . .\n. . .\n")
    assert analyze_variant(board).layouts == 16
    assert len(variant_layouts(board) or ()) == 16


@pytest.mark.parametrize("other", ["1Q", "2H", "1C"])
def test_2i_combines_with_a_mine_rule(other: str) -> None:
    assert_combines_with("2I", other, [(3, 3), (3, 4)], each=3)


@pytest.mark.parametrize("seed", range(6))
def test_a_conflict_of_2i_clues_is_minimal_by_the_oracle(seed: int) -> None:
    rng = random.Random(f"2I conflict {seed}")
    puzzle = random_puzzle(rng, 3, 4, ["1Q"] if seed % 2 else [], "2I", "", bool(seed % 3))
    if puzzle.clues:
        p = rng.choice(sorted(puzzle.clues))
        puzzle.clues[p] = int(puzzle.clues[p]) + rng.choice((1, 2))  # type: ignore[call-overload]
    assert_minimal_conflict(puzzle)


def test_two_clues_that_agree_only_under_different_directions_conflict() -> None:
    # The 0 must leave out the mine to its right, the 1 must count the mine to its right: no one direction does both.
    known, hidden = [(0, 1), (2, 1)], [(1, 0), (1, 1)]
    puzzle = Puzzle(3, 2, [], "2I", clues={(0, 0): 0, (2, 0): 1}, hidden=hidden, known=known)
    assert not puzzle.solutions()
    for p, v in puzzle.clues.items():
        assert Puzzle(3, 2, [], "2I", clues={p: v}, hidden=hidden, known=known).solutions()
    assert_minimal_conflict(puzzle)


def _hint_case(seed: int) -> Puzzle:
    """A random 2I board (with 1Q on every fourth seed) that has a certain cell by the oracle."""
    return with_a_certain_cell(random.Random(f"2I hint {seed}"), HINT_SHAPES, ["1Q"] if seed % 4 == 3 else [], "2I")


@pytest.mark.parametrize("seed", range(8))
def test_every_hint_reason_is_certain_and_minimal_by_the_oracle(seed: int) -> None:
    assert_hint_reasons_are_minimal(_hint_case(seed))


@pytest.mark.parametrize("seed", range(8))
def test_smallest_reasons_have_the_fewest_clues_by_brute_force(seed: int) -> None:
    # A clue alone may hold under one direction and a second clue only under another: the fewest clues that
    # force a cell are found over layouts and directions together.
    assert_smallest_reasons_have_the_fewest_clues(_hint_case(seed))


@pytest.mark.parametrize(("shape", "mines", "seed"), [((4, 4), 5, 1), ((4, 4), 5, 2), ((4, 5), 6, 3), ((3, 4), 4, 4)])
def test_generated_puzzles_have_one_layout_by_the_oracle_and_solve_decides_them(
    shape: tuple[int, int], mines: int, seed: int
) -> None:
    assert_generated_puzzle_is_unique(*shape, mines, "2I", seed)


@pytest.mark.parametrize("name", ["2I_8_5", "2I_6x6_8_1", "2I_8x8_16_1"])
def test_solve_finds_the_peers_one_answer(name: str) -> None:
    """The fan generator's own 2I puzzles (its direction on a 3x3 board of its own, which the reader skips)."""
    text, truth = read(DATA / "variants-peer" / name / "demo.txt")
    board = parse_variant(text)
    layouts = variant_layouts(board)
    assert layouts is not None and len(layouts) == 1 and set(layouts[0]) == truth
    analysis = analyze_variant(board)
    assert set(analysis.mines) == truth and len(analysis.safe) + len(analysis.mines) == len(
        board.where(CellState.COVERED)
    )


@pytest.mark.parametrize(("seed", "mode"), [(s, "") for s in range(1, 7)] + [(s, "1L") for s in range(1, 4)])
def test_cells_opened_in_play_read_under_the_puzzles_own_direction(seed: int, mode: str) -> None:
    # The clues opened and the puzzle's own are read under one direction, by the oracle: a direction drawn afresh
    # for each opening could show a count the puzzle's clues contradict.  Under 1L every clue is one off it.
    made = generate_variant(VariantRequest.make(4, 4, 5, ["2I", *mode.split()], graded=False), seed)
    game = PuzzleGame(made.board, made.answer, made.seed, lives=99)
    safe = [c for c in made.board.where(CellState.COVERED) if c not in made.answer]
    for n, cell in enumerate(safe):
        assert game.open(cell) is (PuzzleState.WON if n == len(safe) - 1 else PuzzleState.PLAYING)
    shown = {(r, c): int(t) for r, row in enumerate(game.view()["cells"]) for c, t in enumerate(row) if t.isdigit()}
    assert len(shown) == 16 - 5
    m = frozenset((c.row, c.col) for c in made.answer)
    assert oracle.incomplete(shown, m, 4, 4, frozenset(), mode)


@pytest.mark.parametrize("mode", ["", "1M", "1L"], ids=lambda m: m or "plain")
@pytest.mark.parametrize("seed", range(4))
def test_past_the_count_limit_the_ways_are_counted_by_inclusion_and_exclusion(seed: int, mode: str) -> None:
    # A limit of 2 layouts stops every enumeration: each set of ways is then counted as a board of plain sums
    # (along a profile), and the union of the ways' layouts by inclusion and exclusion.
    rng = random.Random(f"2I past the limit {seed} {mode}")
    for rows, cols in ((3, 3), (3, 4), (4, 4)):
        for total in (False, True):
            puzzle = random_puzzle(rng, rows, cols, ["1Q"] if seed == 3 else [], "2I", mode, total)
            expected = puzzle.solutions()
            analysis = analyze_variant(parse_variant(puzzle.text()), limit=2)
            assert analysis.layouts == len(expected)
            if expected:
                assert analysis.counts == {Cell(*p): sum(Cell(*p) in m for m in expected) for p in puzzle.covered()}


def test_a_board_past_the_count_limit_is_counted_as_listing_every_layout_counts_it() -> None:
    # Six clues of a generated 6x6 puzzle: 122,800 layouts in the part the shared direction joins, past the
    # 20,000 listed by default; listed up to a million instead (the route the oracle tests check), the same.
    board = parse_variant((DATA / "variants" / "2I-6x6-sparse.txt").read_text())
    assert variant_layouts(board) is None
    by_ways = analyze_variant(board)
    listed = analyze_variant(board, limit=10**6)
    assert by_ways.layouts == listed.layouts == 122_800 and by_ways.counts == listed.counts


def _each_way(puzzle: Puzzle) -> tuple[int, dict[Cell, int]] | None:
    board = parse_variant(puzzle.text())
    return _count_each_way(board, COUNT_LIMIT, 0, None)


@pytest.mark.parametrize("total", [False, True], ids=["no-total", "total"])
def test_counting_way_by_way_is_the_oracles_count(total: bool) -> None:
    # The main path of a 2I solve (issue 39): the union of the directions' layouts by inclusion and exclusion,
    # each set of directions a board of plain sums.  Random boards give consistent and inconsistent ones alike.
    rng = random.Random(f"2I each way {total}")
    seen_empty = seen_some = 0
    for rows, cols in ((2, 3), (3, 3), (3, 4), (4, 3)):
        for _ in range(6):
            puzzle = random_puzzle(rng, rows, cols, [], "2I", "", total)
            expected = puzzle.solutions()
            counted = _each_way(puzzle)
            assert counted is not None
            n, counts = counted
            assert n == len(expected)
            if expected:
                seen_some += 1
                assert counts == {Cell(*p): sum(Cell(*p) in m for m in expected) for p in puzzle.covered()}
            else:
                seen_empty += 1
    assert seen_some


@pytest.mark.parametrize(
    ("puzzle", "consistent"),
    [
        # A corner 0: three directions allow layouts, and they overlap.
        (Puzzle(2, 3, [], "2I", clues={(0, 0): 0}), True),
        (Puzzle(2, 3, [], "2I", clues={(0, 0): 0}, total=2), True),
        # Five neighbours, 2 of them mines: every direction allows layouts.
        (Puzzle(2, 3, [], "2I", clues={(0, 1): 2}), True),
        # Three neighbours, two counted at most: no direction allows a 4, nor a 1 with no mine.
        (Puzzle(2, 2, [], "2I", clues={(0, 0): 4}), False),
        (Puzzle(2, 2, [], "2I", clues={(0, 0): 1}, total=0), False),
    ],
    ids=["corner-0", "corner-0-total", "edge-2", "corner-4", "corner-1-no-mines"],
)
def test_way_by_way_with_several_or_no_directions(puzzle: Puzzle, consistent: bool) -> None:
    expected = puzzle.solutions()
    assert bool(expected) == consistent
    counted = _each_way(puzzle)
    assert counted is not None and counted[0] == len(expected)
    covered = [Cell(*p) for p in puzzle.covered()]
    if expected:
        assert counted[1] == {c: sum(c in m for m in expected) for c in covered}
    analysis = analyze_variant(parse_variant(puzzle.text()))
    assert analysis.consistent == consistent and analysis.layouts == len(expected)
