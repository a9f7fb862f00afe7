"""``generate --rules``: every puzzle has exactly one layout by the brute-force oracle, and it is the generator's answer."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest
from typer.testing import CliRunner

from cnfsweep.cli import app
from cnfsweep.core.board import Cell
from cnfsweep.generation.variants import VariantPuzzle, VariantRequest, generate_variant, generate_variants
from cnfsweep.variants.board import CellState, RuleSet, parse_variant
from cnfsweep.variants.puzzle import Puzzle, draw_layout, shown_clues
from cnfsweep.variants.rule import Grid
from cnfsweep.variants.solve import variant_layouts
import variant_oracle as oracle

SIZE = 4


def oracle_layouts(puzzle: VariantPuzzle) -> list[frozenset[tuple[int, int]]]:
    """Every layout of the total that the oracle's reading of the rules and the clues allows."""
    board = puzzle.board
    rows, cols = board.rows, board.cols
    rules = board.rules
    mode = "1M" if "1M" in rules.modifiers else "1N" if "1N" in rules.modifiers else ""
    liar = "1L" in rules.modifiers
    dyed = frozenset((c.row, c.col) for c in board.grid.dyed)
    # A 1W clue of one run is written as its length; the oracle reads runs as a tuple.
    wall = rules.clue.name == "1W"
    clues = {(c.row, c.col): (v,) if wall and isinstance(v, int) and v else v for c, v in board.clues.items()}
    free = [(c.row, c.col) for c in board.where(CellState.COVERED)]
    out = []
    for chosen in combinations(free, board.total):
        m = frozenset(chosen)
        if not all(oracle.obeys(r.name, m, rows, cols, dyed) for r in rules.mine):
            continue
        if all(oracle.shows(rules.clue.name, mode, liar, p, m, rows, cols, dyed, v) for p, v in clues.items()):
            out.append(m)
    return out


# Every rule of the first game: each mine rule with V, each clue rule, and each modifier.
RULE_SETS = [
    *([code, "V"] for code in ("1Q", "1C", "1T", "1O", "1D", "1S", "1H", "1A")),
    ["1B", "V"],
    *([code] for code in ("1X", "1X'", "1K", "1W", "1P", "1E")),
    ["V", "1M"],
    ["V", "1N"],
    ["V", "1L"],
    ["1T", "1X"],
    # The second game's: each mine rule with V, each clue rule, one of each.
    *([code, "V"] for code in ("2H", "2T", "2S", "2F", "2C", "2G")),
    ["2D"],
    ["2M"],
    ["2X"],
    ["2D", "1M"],
    ["2G", "2M"],
]


def total_for(codes: list[str]) -> int:
    """A total every rule set of ``codes`` allows layouts of on the test board (1B, 1D and 2G want fewer mines)."""
    return 4 if {"1B", "1D", "2G"} & set(codes) else 5


@pytest.mark.parametrize("codes", RULE_SETS, ids=" ".join)
def test_each_puzzle_has_one_layout_by_the_oracle(codes: list[str]) -> None:
    total = total_for(codes)
    request = VariantRequest.make(SIZE, SIZE, total, codes, graded=False)
    for seed in (1, 2):
        puzzle = generate_variant(request, seed)
        truth = frozenset((c.row, c.col) for c in puzzle.answer)
        assert oracle_layouts(puzzle) == [truth]
        # The text is what solve reads back.
        back = parse_variant(puzzle.text())
        assert back.cells == puzzle.board.cells and back.rules.codes == puzzle.board.rules.codes
        assert back.total == total


@pytest.mark.parametrize("codes", RULE_SETS, ids=" ".join)
def test_uniqueness_questions_skip_presolve_exactly_under_local_mine_rules(codes: list[str]) -> None:
    # Presolving each of a puzzle's many small questions costs more than the search under local rules; the
    # oracle test above checks the puzzles made that way.  Global rules' cuts still gain from presolve.
    rules = RuleSet.from_codes(codes)
    grid = Grid(SIZE, SIZE)
    answer = draw_layout(rules, grid, total_for(codes), random.Random(1))
    assert answer is not None
    puzzle = Puzzle(rules, grid, total_for(codes), shown_clues(rules, grid, answer, random.Random(1)), answer)
    local = all(rule.local for rule in rules.mine)
    assert puzzle.model.solver().parameters.cp_model_presolve is not local


def test_a_clue_rule_that_reads_the_dye_gets_dyed_cells() -> None:
    # 2X counts mines on dyed and undyed cells apart: with nothing dyed, it would be V with a 0 beside.
    puzzle = generate_variant(VariantRequest.make(SIZE, SIZE, 5, ["2X"], graded=False), 1)
    assert 0 < len(puzzle.board.grid.dyed) < SIZE * SIZE


def test_the_clue_range_is_kept_and_each_clue_left_is_needed() -> None:
    request = VariantRequest.make(SIZE, SIZE, 5, ["1Q", "V"], clues=(6, 8), graded=False)
    puzzle = generate_variant(request, 3)
    assert 6 <= puzzle.clues <= 8
    minimal = generate_variant(VariantRequest.make(SIZE, SIZE, 5, ["1Q", "V"], graded=False), 3)
    for cell in minimal.board.clues:
        fewer = dict(minimal.board.clues)
        del fewer[cell]
        board = minimal.board
        cells = tuple(
            tuple(v if Cell(r, c) != cell else type(v)(CellState.COVERED, dyed=v.dyed) for c, v in enumerate(row))
            for r, row in enumerate(board.cells)
        )
        smaller = type(board)(board.rules, cells, board.total)
        assert len(oracle_layouts(type(minimal)(minimal.request, 0, smaller, minimal.answer, (), 1))) > 1


@pytest.mark.parametrize("seed", [2, 3])
def test_a_2p_puzzle_of_8x8_keeps_only_clues_it_needs(seed: int) -> None:
    # 2P's clues make models of thousands of constraints whose easy questions take more than QUESTION_LIMIT alone:
    # these two seeds kept all 48 clues.  Each clue left is needed, by the exact solve of the board without it.
    puzzle = generate_variant(VariantRequest.make(8, 8, 16, ["2P"], graded=False), seed)
    assert puzzle.clues <= 24
    board = puzzle.board
    for cell in board.clues:
        cells = tuple(
            tuple(v if Cell(r, c) != cell else type(v)(CellState.COVERED, dyed=v.dyed) for c, v in enumerate(row))
            for r, row in enumerate(board.cells)
        )
        # More than two layouts is None (past the limit): the clue is needed either way.
        layouts = variant_layouts(type(board)(board.rules, cells, board.total), limit=2)
        assert layouts is None or len(layouts) == 2, cell


def test_the_same_seed_gives_the_same_puzzles_and_rounds_cover_the_board() -> None:
    request = VariantRequest.make(SIZE, SIZE, 5, ["1H", "V"])
    first = list(generate_variants(request, 3, 7))
    again = list(generate_variants(request, 3, 7))
    assert [p.text() for p in first] == [p.text() for p in again]
    assert len({p.answer for p in first}) > 1
    for p in first:
        assert sum(r.cells for r in p.steps) == SIZE * SIZE - p.clues


runner = CliRunner()


def test_the_cli_writes_board_text_and_json() -> None:
    text = runner.invoke(app, ["generate", "--rules", "1Q V", "--size", "4x4/5", "--seed", "1"])
    assert text.exit_code == 0, text.output
    board = parse_variant(text.output)
    assert board.rules.codes == ("1Q", "V") and board.total == 5
    lines = runner.invoke(app, ["generate", "--rules", "1Q V", "--size", "4x4/5", "--seed", "1", "-n", "2", "--json"])
    docs = [json.loads(line) for line in lines.output.splitlines()]
    assert len(docs) == 2 and docs[0]["board"] == text.output.split("\n", 1)[1]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--rules", "1Z V", "--size", "4x4/5"], "unknown rule '1Z'"),
        (["--rules", "1Q V", "--size", "1x4/1"], "2x2 up to"),
        (["--rules", "1Q V", "--size", "4x4/16"], "takes 0 to 15 mines"),
        (["--rules", "1Q V", "--size", "4x4/0"], "no layout of 4x4/0"),
        (["--rules", "1Q V", "--size", "4x4"], "needs the total"),
        (["--rules", "V", "--size", "4x4/5", "--clues", "12-14"], "expected at most 11 clues"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["generate", *args])
    assert result.exit_code == 2
    assert words in result.output and len(result.output.strip().splitlines()) == 1
