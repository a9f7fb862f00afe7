"""``cnfsweep levels``: the view, the JSON document, exit statuses and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from paths import EXAMPLES, ROOT
from test_readme import fenced_blocks

from cnfsweep import Board, levels

PAIRS = str(EXAMPLES / "peek_pairs.txt")


def test_the_view_marks_each_cell_with_its_level(run):
    result = run("levels", PAIRS, "--steps")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1].split() == ["0", "s2", "s2", "1", "M2"]
    assert "GAC (one number): 0   2-RC (pairs): 6 safe, 5 mines" in result.output
    assert "step 1, 2-RC (pairs): mines (2, 1), (2, 2)" in result.output


def test_the_json_is_the_library_document(run):
    doc = json.loads(run("levels", str(EXAMPLES / "peek_circle.txt"), "--json", "--steps").output)
    expected = levels(Board.from_file(EXAMPLES / "peek_circle.txt"), steps=True).to_dict()
    assert doc.pop("seconds") >= 0 and doc.pop("backend").startswith("pysat")
    del expected["seconds"], expected["backend"]
    assert doc == expected
    assert list(doc["levels"]) == ["1", "2", "3", "full", "total"] and len(doc["levels"]["3"]["mines"]) == 8
    assert doc["steps"][0] == {
        "level": 3,
        "phase": 3,
        "safe": [[0, 0], [0, 4], [2, 2], [4, 0], [4, 4]],
        "mines": [[0, 1], [0, 3], [1, 0], [1, 4], [3, 0], [3, 4], [4, 1], [4, 3]],
    }
    assert "steps" not in json.loads(run("levels", PAIRS, "--json").output)


def test_max_level_changes_what_is_decided(run):
    doc = json.loads(run("levels", str(EXAMPLES / "peek_circle.txt"), "--json", "--max-level", "2").output)
    assert list(doc["levels"]) == ["1", "2", "full", "total"] and len(doc["levels"]["full"]["safe"]) == 9


@pytest.mark.parametrize("bad", ["0", "9", "-1"])
def test_max_level_out_of_range_is_one_line(run, bad):
    result = run("levels", PAIRS, "--max-level", bad)
    assert result.exit_code == 2
    assert result.output.strip() == f"error: --max-level {bad}: expected a level from 1 (GAC: one number) to 8"


def test_mines_overrides_the_header(run, tmp_path: Path):
    path = tmp_path / "b.txt"
    path.write_text("mines: 1\n1..\n...\n...\n")
    header = json.loads(run("levels", str(path), "--json").output)
    assert header["total_mines"] == 1 and len(header["levels"]["total"]["safe"]) == 5
    over = json.loads(run("levels", str(path), "--json", "--mines", "8").output)
    assert over["total_mines"] == 8 and over["levels"]["total"] == {"safe": [], "mines": []}


def test_an_inconsistent_position_exits_1_as_check(run):
    result = run("levels", str(EXAMPLES / "inconsistent.txt"), "--json")
    assert result.exit_code == run("check", str(EXAMPLES / "inconsistent.txt")).exit_code == 1
    doc = json.loads(result.output)
    assert doc["consistent"] is False and doc["inconsistent_level"] == "2" and len(doc["conflict"]) == 1
    words = run("levels", str(EXAMPLES / "inconsistent.txt"))
    assert words.exit_code == 1 and "inconsistent: level 2, 2-RC (pairs), finds no layout" in words.output


def test_a_time_limit_is_unknown_exit_3(run):
    result = run("levels", str(EXAMPLES / "expert_midgame.txt"), "--time-limit", "0", "--json")
    assert result.exit_code == 3 and json.loads(result.output)["status"] == "unknown"


def test_an_unknown_backend_is_one_line(run):
    result = run("levels", PAIRS, "--backend", "nosuch")
    assert result.exit_code == 2 and result.output.startswith("error: unknown backend")


def test_the_docs_show_what_the_command_prints(run):
    blocks = fenced_blocks((ROOT / "docs" / "explanation" / "consistency-levels.md").read_text())
    where = next(
        i
        for i, (_, language, body) in enumerate(blocks)
        if language == "sh" and body.strip() == "cnfsweep levels examples/peek_pairs.txt --steps"
    )
    shown = blocks[where + 1][2]
    printed = run("levels", PAIRS, "--steps").output
    assert [line.rstrip() for line in printed.splitlines()] == shown.rstrip("\n").splitlines()
