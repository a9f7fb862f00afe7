"""``cnfsweep grade`` and ``generate --grade`` as a user runs them."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cnfsweep import Board, Cell, generate
from cnfsweep.explanation import Grade, HintMove, Reason
from paths import EXAMPLES, ROOT
from reason_oracle import assert_valid

GUESS = "mines: 1\nfirst-click: 1,0\n01.\n01.\nlayout:\n..*\n...\n"


@pytest.fixture(scope="module")
def expert_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("grade") / "expert.txt"
    path.write_text(generate("expert", seed=7).board().to_text())
    return path


def test_grade_shows_the_grade_the_steps_and_the_hardest_step(run, expert_file):
    result = run("grade", str(expert_file))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("grade: ") and lines[0].split()[1] in {g.value for g in Grade}
    assert lines[1] == "16x30, 99 mines, first click (8, 15), the player uses the total mine count"
    assert "the numbers each step's smallest reason needs, in order: 1 " in lines[2]
    assert lines[3].startswith("steps by size: 1: ")
    assert lines[4].startswith("hardest: step ")
    assert any(">s" in line or ">M" in line for line in lines) and "force" in result.output


def test_grade_json_has_every_step_and_a_valid_hardest_reason(run, expert_file):
    result = run("grade", str(expert_file), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert set(doc) == {
        "rows",
        "cols",
        "mines",
        "start",
        "uses_total",
        "grade",
        "needs_guess",
        "steps",
        "histogram",
        "hardest",
        "guess",
        "seconds",
    }
    assert doc["grade"] in {g.value for g in Grade} and not doc["needs_guess"] and doc["guess"] is None
    assert sum(h["steps"] for h in doc["histogram"]) == len(doc["steps"])
    hardest = doc["hardest"]
    assert doc["steps"][hardest["step"]] == {k: hardest[k] for k in ("size", "uses_total", "cells", "level", "levels")}
    board = Board.from_rows(hardest["board"], total_mines=99)
    move, reason = hardest["move"], hardest["reason"]
    assert reason["size"] == hardest["size"] == max(s["size"] for s in doc["steps"])
    assert_valid(
        board,
        HintMove(
            Cell(*move["cell"]),
            move["mine"],
            True,
            None,
            Reason(tuple(Cell(*n) for n in reason["numbers"]), reason["uses_total"], ()),
        ),
    )


def test_grade_draws_the_hardest_step(run, expert_file, tmp_path):
    out = tmp_path / "hardest.svg"
    result = run("grade", str(expert_file), "-o", str(out), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    svg = ET.fromstring(out.read_text())
    ringed = [e for e in svg.iter() if e.get("class") == "hint-move"]
    assert [[int(ringed[0].get("data-row")), int(ringed[0].get("data-col"))]] == [doc["hardest"]["move"]["cell"]]
    outlined = sorted(
        [int(e.get("data-row")), int(e.get("data-col"))] for e in svg.iter() if e.get("class") == "hint-reason"
    )
    assert outlined == sorted(doc["hardest"]["reason"]["numbers"])
    assert f"hardest step {doc['hardest']['step'] + 1} of {len(doc['steps'])}" in out.read_text()
    standard = run("grade", str(expert_file), "-o", "-")
    assert standard.exit_code == 0 and standard.stdout.startswith("<svg")


def test_a_board_that_needs_a_guess_exits_1_and_says_where(run, tmp_path):
    path = tmp_path / "guess.txt"
    path.write_text(GUESS)
    result = run("grade", str(path))
    assert result.exit_code == 1
    assert "needs a guess after 0 steps" in result.output and "stuck at step 1: nothing is certain" in result.output
    assert "forced guess: take it now: (0, 2), mine probability 1/2" in result.output
    doc = json.loads(run("grade", str(path), "--json").stdout)
    assert doc["grade"] is None and doc["needs_guess"] and doc["guess"]["board"] == ["01.", "01."]
    assert doc["guess"]["move"]["cell"] == [0, 2] and not doc["guess"]["move"]["certain"]
    picture = tmp_path / "guess.svg"
    assert run("grade", str(path), "-o", str(picture)).exit_code == 1
    assert "needs a guess at step 1" in picture.read_text()


@pytest.mark.parametrize(
    ("text", "args", "message"),
    [
        ("1.\n..\n", (), "carries no layout"),
        ("mines: 1\n1.\n.9\n", (), ":3:2: number 9 is above 8"),
        ("mines: 1\nfirst-click: 0,0\n1.\n..\nlayout:\n.*\n*.\n", (), ":1:1: 'mines: 1' but the layout has 2 mines"),
        ("mines: 1\nfirst-click: 0,0\n2.\n..\nlayout:\n..\n.*\n", (), ":3:1: "),
        (
            "mines: 1\nfirst-click: 1,1\n1.\n..\nlayout:\n..\n.*\n",
            (),
            ":2:1: 'first-click:' names (1, 1), which is on a mine",
        ),
        (GUESS, ("--backend", "brute"), "reports no unsatisfiable cores"),
        (GUESS, ("-o", "out.jpg"), "expected a file name ending in .svg or .png"),
    ],
)
def test_bad_input_exits_2_with_one_line(run, tmp_path, text, args, message):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    result = run("grade", str(path), *args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr


def test_missing_file_exits_2(run, tmp_path):
    result = run("grade", str(tmp_path / "nothing.txt"))
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_grade_reads_standard_input(run):
    result = run("grade", "-", "--json", stdin=GUESS)
    assert result.exit_code == 1 and json.loads(result.stdout)["needs_guess"]


def test_generate_by_grade_writes_boards_of_that_grade(run, tmp_path):
    args = ["generate", "-l", "intermediate", "--grade", "hard", "-n", "2", "-s", "5", "--json"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    boards = [json.loads(line) for line in result.stdout.splitlines()]
    assert [b["grade"] for b in boards] == ["hard", "hard"] and all(b["candidates"] >= 1 for b in boards)
    # Board i of a seed is the same board on any number of workers.
    again = [json.loads(line) for line in run(*args, "--workers", "2").stdout.splitlines()]
    assert [(b["mine_cells"], b["seed"], b["candidates"]) for b in again] == [
        (b["mine_cells"], b["seed"], b["candidates"]) for b in boards
    ]
    path = tmp_path / "hard.txt"
    written = run("generate", "-l", "intermediate", "--grade", "hard", "-s", "5", "-o", str(path))
    assert written.exit_code == 0
    assert "grade hard" in path.read_text().splitlines()[0]
    graded = run("grade", str(path), "--json")
    assert graded.exit_code == 0 and json.loads(graded.stdout)["grade"] == "hard"


def test_generate_by_grade_exits_3_when_none_turns_up(run):
    result = run(
        "generate", "--size", "3x3", "--mines", "1", "--start", "0,0", "--grade", "evil", "--time-limit", "0.3"
    )
    assert result.exit_code == 3
    assert "no evil no-guess layout of 1 mine on 3x3 found within the time limit of 0.3 s" in result.stderr
    refused = run("generate", "-l", "beginner", "--grade", "evil", "--backend", "brute")
    assert refused.exit_code == 2 and "no unsatisfiable cores" in refused.stderr
    unknown = run("generate", "--grade", "brutal")
    assert unknown.exit_code == 2


def test_the_docs_show_what_grade_prints(run):
    readme = (ROOT / "docs" / "reference" / "commands.md").read_text()
    command = "cnfsweep grade examples/grade_demo.txt"
    shown = readme.split(command + "\n```\n\n```text\n", 1)[1].split("```", 1)[0]
    result = run("grade", str(EXAMPLES / "grade_demo.txt"))
    assert result.exit_code == 0
    assert [line.rstrip() for line in result.output.splitlines()] == shown.splitlines()


def test_the_demo_board_is_what_generate_writes(run):
    # The docs say the demo comes from this command: the same board, the same grade.
    result = run("generate", "-l", "beginner", "--grade", "evil", "--seed", "1")
    assert result.exit_code == 0
    assert result.stdout == (EXAMPLES / "grade_demo.txt").read_text()


# A board whose first click is still covered: the docs say the replay starts there whatever
# the board shows, so grade and play --board open it first instead of refusing the board.
COVERED_FIRST = "mines: 2\nfirst-click: 2,0\n....\n....\n....\nlayout:\n*...\n....\n...*\n"


def test_grade_starts_at_a_first_click_the_board_shows_covered(run, tmp_path):
    path = tmp_path / "covered.txt"
    path.write_text(COVERED_FIRST)
    shown = run("grade", str(path), "--json")
    assert shown.exit_code == 0, shown.output
    opened = tmp_path / "opened.txt"
    opened.write_text(COVERED_FIRST.replace("....\n....\n....\nlayout", "....\n111.\n001.\nlayout"))
    doc, same = json.loads(shown.stdout), json.loads(run("grade", str(opened), "--json").stdout)
    assert doc["start"] == [2, 0] and doc["grade"] == same["grade"] and doc["steps"] == same["steps"]


def test_play_board_starts_at_a_first_click_the_board_shows_covered(run, tmp_path):
    path = tmp_path / "covered.txt"
    path.write_text(COVERED_FIRST)
    result = run("play", "--board", str(path), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["start"] == [2, 0] and doc["moves"][0]["cell"] == [2, 0] and doc["won"]
