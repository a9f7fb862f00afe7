"""``cnfsweep solve`` and ``check`` on variant boards: the oracle's answers, minimal conflicts, one-line errors."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import variant_oracle as oracle
from variant_puzzles import BAD_BOARDS


def brute(rows: int, cols: int, rule: str, clues: dict[oracle.Pos, int], total: int | None) -> list[oracle.Mines]:
    return [
        m
        for m in oracle.all_layouts(rows, cols)
        if not m & set(clues)
        and (total is None or len(m) == total)
        and oracle.MINE_RULES[rule](m, rows, cols)
        and all(oracle.CLUE_RULES["V"](p, m, rows, cols, frozenset(), "") == v for p, v in clues.items())
    ]


@pytest.mark.parametrize("total", [None, 4])
@pytest.mark.parametrize("rule", ["1Q", "1C", "1T"])
def test_solve_json_gives_the_enumerations_exact_probabilities(run, rule: str, total: int | None) -> None:
    text = f"rules: {rule}\n" + (f"mines: {total}\n" if total is not None else "") + ". . . .\n. 3 . .\n. . 2 .\n"
    result = run("solve", "--json", "-", stdin=text)
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    layouts = brute(3, 4, rule, {(1, 1): 3, (2, 2): 2}, total)
    assert answer["solutions"] == str(len(layouts)) and answer["rules"] == [rule, "V"]
    for r in range(3):
        for c in range(4):
            if (r, c) in ((1, 1), (2, 2)):
                assert answer["exact"][r][c] is None
            else:
                assert Fraction(answer["exact"][r][c]) == Fraction(sum((r, c) in m for m in layouts), len(layouts))


def test_solve_text_marks_certain_cells(run) -> None:
    result = run("solve", "-", stdin="rules: 1Q\n. .\n. 3\n")
    assert result.exit_code == 0
    assert result.output.splitlines()[1:3] == ["M  M", "M  3"] and "consistent layouts: 1" in result.output


def test_check_names_the_clues_and_rules_of_a_conflict(run) -> None:
    result = run("check", "--json", "-", stdin="rules: 1H\n3 .\n. .\n")
    assert result.exit_code == 1
    assert json.loads(result.output)["conflict"] == {"clues": [[0, 0]], "rules": ["1H", "V"]}
    text = run("check", "-", stdin="rules: 1H\n3 .\n. .\n")
    assert (
        text.exit_code == 1
        and text.output.strip() == "inconsistent: clues 3 at (0, 0); rules 1H V allow no layout together"
    )
    assert run("check", "-", stdin="rules: 1H\n2 . .\n. . .\n").exit_code == 0


@pytest.mark.parametrize(("text", "message"), BAD_BOARDS)
@pytest.mark.parametrize("command", ["solve", "check", "hint"])
def test_bad_variant_boards_are_one_line_and_exit_2(run, command: str, text: str, message: str) -> None:
    result = run(command, "-", stdin=text)
    assert result.exit_code == 2
    # One line as fail() prints it; the test runner's narrow terminal may wrap it, so compare words.
    assert " ".join(result.output.split()).startswith("error: " + message)


def test_a_rules_board_written_one_character_a_cell_reads_as_tokens_do(run) -> None:
    tokens = run("solve", "--json", "-", stdin="rules: 1T\nmines: 3\n. . .\n. 2 .\n")
    chars = run("solve", "--json", "-", stdin="rules: 1T\nmines: 3\n...\n.2.\n")
    assert tokens.exit_code == chars.exit_code == 0 and tokens.output == chars.output


@pytest.mark.parametrize("command", ["solve", "check", "hint"])
def test_a_variant_board_past_its_time_limit_says_unknown_as_a_classic_one_does(run, command: str) -> None:
    variant = run(command, "--json", "--time-limit", "0", "-", stdin="rules: 1C\n. . .\n. 3 .\n")
    classic = run(command, "--json", "--time-limit", "0", "-", stdin=". . .\n. 3 .\n")
    assert variant.exit_code == classic.exit_code != 0
    assert json.loads(variant.output)["status"] == json.loads(classic.output)["status"] == "unknown"


def test_the_fan_generators_title_line_and_cells_read_as_a_rules_header(run) -> None:
    fan = run("solve", "--json", "-", stdin="[1Q][V]2x2\n___\t___\n___\t3\n")
    ours = run("solve", "--json", "-", stdin="rules: 1Q V\n. .\n. 3\n")
    assert fan.exit_code == ours.exit_code == 0 and fan.output == ours.output
    bad = run("solve", "-", stdin="[1Q][1Z]2x2\n___\t___\n___\t3\n")
    assert bad.exit_code == 2 and " ".join(bad.output.split()).startswith("error: <stdin>:1:6: unknown rule '1Z'")


@pytest.mark.parametrize("command", [["play", "--board"]])
def test_commands_that_take_no_variant_board_yet_say_so_in_one_line(run, command: list[str]) -> None:
    result = run(*command, "-", stdin="rules: 1Q\n. .\n. 3\n")
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert " ".join(result.output.split()).endswith(
        "<stdin>: a board with variant rules (a 'rules:' header) is read by solve, check, hint, levels, grade and "
        "render only"
    )


def test_a_conflict_of_clues_names_the_rules_that_read_them() -> None:
    from cnfsweep.variants.board import parse_variant
    from cnfsweep.variants.solve import check_variant

    # Under 1L a 0 means 1 mine, and every cell around it is revealed safe.
    result = check_variant(parse_variant("rules: 1L\n0 ?\n? ?\n"))
    assert not result.consistent and result.rules == ("V", "1L") and [tuple(c) for c in result.clues] == [(0, 0)]


def test_mines_on_the_command_line_is_the_total_as_a_header_gives_it(run) -> None:
    header = run("solve", "--json", "-", stdin="rules: 1T\nmines: 3\n. . .\n. 2 .\n")
    option = run("solve", "--json", "--mines", "3", "-", stdin="rules: 1T\n. . .\n. 2 .\n")
    assert header.exit_code == option.exit_code == 0 and header.output == option.output
    assert json.loads(option.output)["total_mines"] == 3


def test_hint_names_the_cell_its_clues_and_its_rules(run) -> None:
    text = "rules: 1H\n. . .'\n? 2 ?\n"
    answer = run("hint", "--json", "-", stdin=text)
    assert answer.exit_code == 0, answer.output
    document = json.loads(answer.output)
    assert document["move"] == {"cell": [0, 0], "mine": True, "certain": True, "probability": "1"}
    assert document["reason"] == {"clues": [[1, 1]], "rules": ["1H", "V"], "uses_total": False, "size": 1}
    shown = run("hint", "-", stdin=text)
    assert shown.exit_code == 0
    assert shown.output.splitlines() == [
        "rules: 1H V",
        " >M    .   .'",
        "  ?  [2]    ?",
        "(0, 0) is a mine by the 2 at (1, 1) under rules 1H V",
    ]
    every = json.loads(run("hint", "--all", "--json", "-", stdin=text).output)["moves"]
    assert [m["move"]["cell"] for m in every] == [[0, 0], [0, 1], [0, 2]]
    one = run("hint", "--json", "--cell", "0,1", "-", stdin=text)
    assert json.loads(one.output)["move"]["mine"] is False


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--cell", "1,1"], "error: cell (1, 1) is not covered"),
        (["--cell", "4,0"], "error: cell (4, 0) is off the 2x3 board"),
        (["--cell", "x"], "error: --cell"),
    ],
)
def test_hint_on_a_variant_board_refuses_what_it_cannot_do_in_one_line(run, options: list[str], message: str) -> None:
    result = run("hint", *options, "-", stdin="rules: 1H\n. . .\n? 2 ?\n")
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert " ".join(result.output.split()).startswith(message)


def test_the_solve_text_shows_the_rule_set_and_every_dyed_cell(run) -> None:
    text = "rules: 1Q 1M\nmines: 3\n.' 2' . .\n. . 1 .'\n"
    shown = run("solve", "-", stdin=text)
    assert shown.exit_code == 0
    lines = shown.output.splitlines()
    assert lines[0] == "rules: 1Q V 1M   mines: 3"
    dyed = {(r, c) for r, line in enumerate(lines[1:3]) for c, token in enumerate(line.split()) if token.endswith("'")}
    assert dyed == {(0, 0), (0, 1), (1, 3)}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("rules: 1H\nmines: 2\n. . .\n? ? ?\n", "(0, 0) is a mine by the total of 2 mines under rule 1H"),
        ("rules: 1Q\n. ?\n? ?\n", "(0, 0) is a mine by rule 1Q alone"),
        ("rules: V\nmines: 0\n. .\n", "(0, 0) is safe by the total of 0 mines"),
    ],
)
def test_a_reason_without_clues_says_what_it_uses(run, text: str, said: str) -> None:
    result = run("hint", "-", stdin=text)
    assert result.exit_code == 0 and result.output.splitlines()[-1] == said
