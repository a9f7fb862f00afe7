"""The classic grade for variant puzzles: each step's smallest reasons, on puzzles graded by hand and every rule.

A step settles every cell whose smallest reason is the least (clues alone before the total, then fewer
clues); its size counts clues, plus one for the total; mine rules are always in force and do not count.
"""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.explanation.grade_report import Grade
from cnfsweep.generation.variant_grade import grade_variant_board, grade_variant_layout
from cnfsweep.generation.variants import VariantPuzzle, VariantRequest, generate_variant
from cnfsweep.variants.board import CellState, parse_variant
from cnfsweep.variants.clues import MODIFIERS
from cnfsweep.variants.registry import RULES
from cnfsweep.variants.rule import RuleKind

import variant_oracle as oracle

#: Puzzles graded by hand: their steps' (size, uses the total, cells) and grade.
BY_HAND = [
    # The 1 at (0, 1) alone flags (0, 0).
    ("rules: V\nmines: 1\n. 1 0\n? ? 0\n", [(1, False, 1)], Grade.EASY),
    # The 0 opens (0, 1), which shows 1, which flags (0, 0): two steps of one clue.
    ("rules: V\nmines: 1\n. . 0\n", [(1, False, 1), (1, False, 1)], Grade.EASY),
    # No clue: the total alone says both cells are safe (the total alone is hard, as on a classic board).
    ("rules: V\nmines: 0\n. .\n", [(1, True, 2)], Grade.HARD),
    # 1Q alone: the 2x2's only covered cell is its mine (size 0: the rule is not counted).
    ("rules: 1Q V\nmines: 1\n. ?\n? ?\n", [(0, False, 1)], Grade.EASY),
]


@pytest.mark.parametrize(("text", "steps", "grade"), BY_HAND)
def test_puzzles_graded_by_hand(text: str, steps: list[tuple[int, bool, int]], grade: Grade) -> None:
    report = grade_variant_board(parse_variant(text))
    assert [(s.size, s.uses_total, s.cells) for s in report.steps] == steps
    assert report.grade is grade
    hardest = max(range(len(steps)), key=lambda i: (report.steps[i].difficulty, -i))
    assert report.hardest == hardest
    doc = report.to_dict()
    assert doc["grade"] == grade.value and [s["size"] for s in doc["steps"]] == [s[0] for s in steps]
    assert doc["hardest"]["step"] == hardest


def test_a_layout_decided_only_by_play_is_graded_as_played() -> None:
    # The classic 1-2 against the wall: the 1 at (2, 2) flags (2, 1); the 1 and the 2 in column 1 open (2, 0),
    # whose 1 opens (1, 0), whose 1 flags (0, 0).  The clues shown leave (0, 0) or (1, 0): the clues opened
    # on the way decide, so the layout is given.
    board = parse_variant("rules: V\nmines: 2\n. 1 0 0 0\n. 2 1 0 0\n. . 1 0 0\n")
    report = grade_variant_layout(board, frozenset({Cell(0, 0), Cell(2, 1)}))
    assert [(s.size, s.uses_total, s.cells) for s in report.steps] == [
        (1, False, 1),
        (2, False, 1),
        (1, False, 1),
        (1, False, 1),
    ]
    assert report.grade is Grade.EASY and report.hardest == 1
    assert report.hardest_moves[0].cell == Cell(2, 0) and report.hardest_moves[0].reason is not None
    assert report.hardest_moves[0].reason.clues == (Cell(0, 1), Cell(1, 1))
    with pytest.raises(CnfsweepError, match="more than one layout"):
        grade_variant_board(board)


def test_a_puzzle_without_one_layout_is_refused_in_one_line() -> None:
    with pytest.raises(CnfsweepError, match="more than one layout"):
        grade_variant_board(parse_variant("rules: V\n. . .\n. 1 .\n"))
    with pytest.raises(CnfsweepError, match="no layout"):
        grade_variant_board(parse_variant("rules: V\nmines: 0\n. 1\n"))


def rule_sets() -> list[list[str]]:
    """One rule set a rule of the registry: a mine rule under V, a clue rule alone, a modifier under V."""
    out = []
    for code in RULES:
        rule = RULES[code]
        if rule in MODIFIERS:
            out.append(["V", code])
        elif rule.kind is RuleKind.MINE:
            out.append([code, "V"])
        else:
            out.append([code])
    return out


@pytest.mark.parametrize("codes", rule_sets(), ids=" ".join)
def test_every_rule_of_the_registry_grades_a_generated_puzzle(codes: list[str]) -> None:
    total = 4 if {"1B", "1D", "2G", "2B"} & set(codes) else 5  # 1B, 1D, 2G and 2B keep 4 mines on 4x4, not 5
    puzzle = generate_variant(VariantRequest.make(4, 4, total, codes, graded=False), seed=7)
    report = grade_variant_board(puzzle.board)
    assert report.answer == puzzle.answer
    assert sum(s.cells for s in report.steps) == len(puzzle.board.where(CellState.COVERED))
    assert report.grade is Grade.of_steps(report.steps)
    # The hardest step's first move is right by the answer.
    move = report.hardest_moves[0]
    assert move.mine == (move.cell in puzzle.answer)


def test_the_cli_grades_a_variant_puzzle_file(run) -> None:  # type: ignore[no-untyped-def]
    text = BY_HAND[1][0]
    result = run("grade", "--json", "-", stdin=text)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["rules"] == ["V"] and doc["grade"] == "easy" and [s["size"] for s in doc["steps"]] == [1, 1]
    assert doc["hardest"]["move"]["cell"] == [0, 1] and doc["hardest"]["reason"]["clues"] == [[0, 2]]
    shown = run("grade", "-", stdin=text)
    assert shown.exit_code == 0 and shown.output.startswith("grade: easy (2 steps; sizes 1 1)")


@pytest.mark.parametrize(
    ("args", "text", "words"),
    [
        ([], "rules: V\n. . .\n. 1 .\n", "more than one layout"),
        ([], "rules: V\nmines: 0\n. 1\n", "no layout"),
        (["--output", "x.svg"], BY_HAND[0][0], "--output draws classic boards only"),
        (["--logic", "local"], BY_HAND[0][0], "--logic local is for classic boards"),
    ],
)
def test_bad_input_is_one_line(run, args: list[str], text: str, words: str) -> None:  # type: ignore[no-untyped-def]
    result = run("grade", *args, "-", stdin=text)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in result.output


def test_a_mine_found_by_rules_alone_is_a_step_of_size_zero() -> None:
    report = grade_variant_board(parse_variant(BY_HAND[3][0]))
    assert report.hardest_moves[0].cell == Cell(0, 0) and report.hardest_moves[0].reason is not None
    assert report.hardest_moves[0].reason.mine_rules == ("1Q",) and report.hardest_moves[0].reason.clues == ()


def test_hint_smallest_on_a_variant_board_gives_the_fewest_clues(run) -> None:  # type: ignore[no-untyped-def]
    # The 1-1 against the wall: (0, 2) is safe by both 1s, and by no clue alone.
    text = "rules: V\n. . .\n1 1 ?\n"
    result = run("hint", "--smallest", "--json", "--cell", "0,2", "-", stdin=text)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["move"]["mine"] is False and doc["reason"]["size"] == len(doc["reason"]["clues"]) == 2


@pytest.mark.parametrize(("codes", "grade"), [("1Q V", "hard"), ("V", "easy"), ("V 1L", "easy")])
def test_generate_rules_grade_writes_puzzles_that_grade_says_are_of_that_grade(run, codes: str, grade: str) -> None:  # type: ignore[no-untyped-def]
    result = run("generate", "--rules", codes, "--size", "5x5/7", "--seed", "3", "--grade", grade, "-n", "2", "--json")
    assert result.exit_code == 0, result.output
    for line in result.output.splitlines():
        doc = json.loads(line)
        assert doc["grade"] == grade
        again = grade_variant_board(parse_variant(doc["board"]))
        assert again.grade.value == grade and [s.to_dict() for s in again.steps] == doc["grade_steps"]
        assert again.answer == {Cell(r, c) for r, c in doc["mines"]}


def test_generate_rules_grade_refuses_what_it_cannot_do_in_one_line(run) -> None:  # type: ignore[no-untyped-def]
    both = run("generate", "--rules", "V", "--size", "4x4/4", "--grade", "easy", "--no-grade")
    assert both.exit_code == 2 and both.output.strip() == (
        "error: --grade and --no-grade contradict each other: --grade grades every puzzle"
    )
    none = run("generate", "--rules", "V", "--size", "4x4/4", "--seed", "3", "--grade", "evil")
    assert none.exit_code == 1 and len(none.output.strip().splitlines()) == 1
    assert "no evil puzzle of 4x4/4 under V in 40 puzzles drawn" in none.output


def brute_force_steps(puzzle: VariantPuzzle, rule: str) -> list[tuple[int, bool, int]]:
    """The grade's steps of a V puzzle under ``rule``, from the definitions alone: every clue subset tried."""
    board, rows, cols = puzzle.board, puzzle.board.rows, puzzle.board.cols
    answer = {(c.row, c.col) for c in puzzle.answer}
    layouts = [m for m in oracle.all_layouts(rows, cols) if oracle.obeys(rule, m, rows, cols)]

    def shows(p: oracle.Pos, m: oracle.Mines) -> int:
        return sum(q in m for q in oracle._near(p, oracle.KING, rows, cols))

    clues = {(c.row, c.col): v for c, v in board.clues.items()}
    known = {(c.row, c.col): True for c in board.where(CellState.MINE)}
    known |= {(c.row, c.col): False for c in board.where(CellState.HIDDEN)}
    covered = [(c.row, c.col) for c in board.where(CellState.COVERED)]
    steps = []
    while any(p not in known for p in covered):
        facts = [m for m in layouts if all((p in m) == v for p, v in known.items()) and all(p not in m for p in clues)]

        def size(p: oracle.Pos, total: bool, facts: list[oracle.Mines] = facts) -> int | None:
            pool = [m for m in facts if not total or len(m) == board.total]
            for k in range(len(clues) + 1):
                for chosen in combinations(sorted(clues), k):
                    kept = [m for m in pool if all(shows(q, m) == clues[q] for q in chosen)]
                    if all((p in m) == (p in answer) for m in kept):
                        return k + int(total)
            return None

        left = [p for p in covered if p not in known]
        for total in (False, True):
            sizes = {p: s for p in left if (s := size(p, total)) is not None}
            if sizes:
                break
        least = min(sizes.values())
        settled = [p for p, s in sizes.items() if s == least]
        steps.append((least, total, len(settled)))
        for p in settled:
            known[p] = p in answer
            if p not in answer:
                clues[p] = shows(p, answer)
    return steps


@pytest.mark.parametrize("rule", ["1C", "1S"])
@pytest.mark.parametrize("seed", range(3))
def test_a_global_rules_grade_has_the_steps_of_brute_force(rule: str, seed: int) -> None:
    # Global rules are answered by their links and by their cuts, taking turns: the sizes do not depend on which.
    puzzle = generate_variant(VariantRequest.make(3, 4, 4, [rule, "V"], graded=False), seed=seed)
    report = grade_variant_layout(puzzle.board, puzzle.answer)
    assert [(s.size, s.uses_total, s.cells) for s in report.steps] == brute_force_steps(puzzle, rule)


#: A 6x6/9 2E puzzle (``generate --rules 2E --size 6x6/9 --seed 27``), among the slowest of 160 seeds to grade.
SLOW_2E = "rules: 2E\nmines: 9\n. F . . . .\nF . . B . .\n. B . F . F\n. A . . D .\nA . . B . .\n. . B . D .\n"


def test_a_6x6_2e_grade_asks_cp_sat_for_fewer_layouts(monkeypatch: pytest.MonkeyPatch) -> None:
    # Guards SmallestReasons' preference for layouts that keep the clues they are not held to (each guard hinted
    # true): on main this grade asked CP-SAT for 1,743 layouts (40-63 s on a busy two-core machine); now about 750
    # (3-4 s).  A count of questions, not seconds, so that it does not depend on the machine.
    from cnfsweep.variants import solve

    asked = [0]
    real = solve.VariantModel.solve

    def counted(self: solve.VariantModel, *args: object, **kwargs: object) -> object:
        asked[0] += 1
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(solve.VariantModel, "solve", counted)
    grade_variant_board(parse_variant(SLOW_2E))
    assert asked[0] < 1_000
