"""``cnfsweep levels`` on variant boards: the library's document, the oracle's levels in the text, one-line errors.

A variant board's levels are ``full`` (what every layout its clues and rules allow agrees on) and ``total``
(what the layouts with the total agree on besides); the oracle enumerates every layout of the small board
itself, from the rules' definitions.
"""

from __future__ import annotations

import json
import random

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.levels import variant_levels

import variant_oracle as oracle
from variant_puzzles import BAD_BOARDS, Puzzle, random_puzzle

#: One puzzle a case: a mine rule (or none) with a counting clue rule, with and without the total.
CASES = [
    (rule, clue, total)
    for rule, clue in [("1Q", "V"), ("1C", "1X"), ("1T", "V"), ("", "1K"), ("1B", "V"), ("1O", "V")]
    for total in (False, True)
]


def puzzle_for(rule: str, clue: str, total: bool) -> Puzzle:
    return random_puzzle(
        random.Random(f"cli levels {rule} {clue} {total}"), 3, 4, [rule] if rule else [], clue, "", total
    )


def oracle_levels(puzzle: Puzzle) -> dict[Cell, tuple[str, bool]] | str:
    """Each decided covered cell's level and whether it is a mine, by enumeration; or the first level with no layout."""
    covered = [Cell(*p) for p in puzzle.covered()]
    decided: dict[Cell, tuple[str, bool]] = {}
    for name, layouts in (("full", puzzle.solutions(total=False)), ("total", puzzle.solutions())):
        if name == "total" and puzzle.total is None:
            break
        if not layouts:
            return name
        one = next(iter(layouts))
        for c in covered:
            if len({c in m for m in layouts}) == 1:
                decided.setdefault(c, (name, c in one))
    return decided


def without_seconds(document: dict) -> dict:
    assert document.pop("seconds") >= 0
    return document


@pytest.mark.parametrize(("rule", "clue", "total"), CASES)
def test_the_json_is_the_librarys_document_and_the_oracles_levels(run, rule: str, clue: str, total: bool) -> None:
    puzzle = puzzle_for(rule, clue, total)
    result = run("levels", "--json", "-", stdin=puzzle.text())
    expected = oracle_levels(puzzle)
    assert result.exit_code == (1 if isinstance(expected, str) else 0), result.output
    document = json.loads(result.output)
    assert without_seconds(document) == without_seconds(variant_levels(parse_variant(puzzle.text())).to_dict())
    if isinstance(expected, str):
        assert not document["consistent"] and document["inconsistent_level"] == expected
        return
    found = {
        Cell(*c): (name, kind == "mines")
        for name, level in document["levels"].items()
        for kind, cells in level.items()
        for c in cells
    }
    assert found == expected, puzzle.text()
    assert [Cell(*c) for c in document["undecided"]] == [Cell(*p) for p in puzzle.covered() if Cell(*p) not in found]


@pytest.mark.parametrize(("rule", "clue", "total"), CASES)
def test_the_text_marks_each_cell_with_the_oracles_level(run, rule: str, clue: str, total: bool) -> None:
    puzzle = puzzle_for(rule, clue, total)
    result = run("levels", "-", stdin=puzzle.text())
    expected = oracle_levels(puzzle)
    assert result.exit_code == (1 if isinstance(expected, str) else 0), result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"rules: {' '.join([rule, clue] if rule else [clue])}")
    grid = [line.split() for line in lines[1 : 1 + puzzle.rows]]
    for r, c in puzzle.covered():
        # A decided cell reads s (safe) or M (mine) and its level's mark, f or t; the rest stay covered.
        found = expected.get(Cell(r, c)) if isinstance(expected, dict) else None
        mark = "." if found is None else ("M" if found[1] else "s") + found[0][0]
        assert grid[r][c].rstrip("'") == mark, result.output
    if isinstance(expected, str):
        words = {"full": "the clues and rules", "total": "the total"}[expected]
        assert lines[-1].startswith(f"inconsistent at {words}: ") and lines[-1].endswith("allow no layout together")


def test_a_board_with_no_layout_names_its_level_and_a_conflict_the_oracle_finds_no_layout_for(run) -> None:
    # A 1 with 1Q: each 2x2 around it needs a mine, and no one neighbour is in all four.
    puzzle = Puzzle(3, 3, ["1Q"], clues={(1, 1): 1})
    text = run("levels", "-", stdin=puzzle.text())
    document = json.loads(run("levels", "--json", "-", stdin=puzzle.text()).output)
    assert text.exit_code == 1 and document["inconsistent_level"] == oracle_levels(puzzle) == "full"
    clues = [tuple(c) for c in document["conflict"]]
    rules = [r for r in document["conflict_rules"] if r in oracle.EVERY_MINE_RULE]
    assert not puzzle.solutions(clues=clues, rules=rules, total=False)
    assert text.output.splitlines()[-1] == (
        "inconsistent at the clues and rules: the 1 at (1, 1) under rules 1Q V allow no layout together"
    )


@pytest.mark.parametrize(("text", "message"), BAD_BOARDS)
def test_a_bad_variant_board_is_one_line(run, text: str, message: str) -> None:
    result = run("levels", "-", stdin=text)
    assert result.exit_code == 2
    assert " ".join(result.output.split()).startswith(f"error: {message}")
    assert len(result.output.strip().splitlines()) <= 2 and "Traceback" not in result.output


def test_steps_take_classic_boards_only(run) -> None:
    result = run("levels", "--steps", "-", stdin="rules: 1Q\n. .\n. 3\n")
    assert result.exit_code == 2
    assert " ".join(result.output.split()) == (
        "error: --steps takes classic boards only: a variant board's clues and rules decide its cells together, "
        "in no rounds"
    )
