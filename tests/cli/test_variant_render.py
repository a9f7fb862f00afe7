"""``cnfsweep render`` on variant boards: a badge a rule, dyed cells marked, the oracle's probabilities, the hint."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.variants.registry import RULES

import variant_oracle as oracle
from variant_puzzles import MODES, random_puzzle


def picture(run, text: str, *options: str) -> ET.Element:
    result = run("render", "-o", "-", *options, "-", stdin=text)
    assert result.exit_code == 0, result.output
    return ET.fromstring(result.output)


def cells(svg: ET.Element) -> dict[tuple[int, int], ET.Element]:
    return {
        (int(e.get("data-row", -1)), int(e.get("data-col", -1))): e
        for e in svg.iter()
        if (e.get("class") or "").split()[:1] == ["cell"]
    }


@pytest.mark.parametrize(("clue_rule", "mode"), [(r, m) for r, modes in MODES.items() for m in modes])
def test_every_rule_has_its_badge_and_every_dyed_cell_is_marked(run, clue_rule: str, mode: str) -> None:
    rng = random.Random(f"render {clue_rule} {mode}")
    mine_rule = rng.choice(sorted(oracle.MINE_RULES))
    puzzle = random_puzzle(rng, 3, 4, [mine_rule], clue_rule, mode, rng.random() < 0.5)
    svg = picture(run, puzzle.text())
    badges = [e for e in svg.iter() if e.get("class") == "rule-badge"]
    assert [b.get("data-rule") for b in badges] == [mine_rule, clue_rule, *mode.split()]
    for badge in badges:
        rule = RULES[badge.get("data-rule")]
        assert badge.findtext("{http://www.w3.org/2000/svg}title") == f"{rule.name} {rule.title}: {rule.definition}"
    drawn = cells(svg)
    assert set(drawn) == set(oracle.cells(3, 4))
    assert {p for p, e in drawn.items() if "dyed" in e.get("class", "").split()} == set(puzzle.dyed)


@pytest.mark.parametrize("rule", sorted(oracle.MINE_RULES))
def test_probabilities_are_the_oracles(run, rule: str) -> None:
    rng = random.Random(f"render p {rule}")
    puzzle = random_puzzle(rng, 3, 4, [rule], "V", "", True)
    expected = puzzle.solutions()
    drawn = cells(picture(run, puzzle.text(), "-p"))
    for p in puzzle.covered():
        mines = sum(Cell(*p) in m for m in expected)
        assert Fraction(drawn[p].get("data-p")) == Fraction(mines, len(expected))


def test_the_hint_rings_its_cell_and_outlines_its_clues(run) -> None:
    svg = picture(run, "rules: 1H\n. . .'\n? 2 ?\n", "--hint")
    move = [(e.get("data-row"), e.get("data-col")) for e in svg.iter() if e.get("class") == "hint-move"]
    reason = [(e.get("data-row"), e.get("data-col")) for e in svg.iter() if e.get("class") == "hint-reason"]
    assert move == [("0", "0")] and reason == [("1", "1")]
    said = [e.text for e in svg.iter() if e.get("class") == "hint"]
    assert " ".join(said) == "(0, 0) is a mine by the 2 at (1, 1) under rules 1H V"


def test_levels_refuses_a_variant_board_in_one_line(run) -> None:
    result = run("render", "--levels", "-o", "-", "-", stdin="rules: 1Q\n. .\n. 3\n")
    assert result.exit_code == 2
    assert " ".join(result.output.split()) == (
        "error: --levels does not take variant boards: consistency levels are of classic numbers"
    )
