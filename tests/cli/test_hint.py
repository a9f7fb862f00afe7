"""``cnfsweep hint`` and ``render --hint`` through typer's CliRunner."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cnfsweep import Board, Cell
from cnfsweep.cli import app
from paths import EXAMPLES
from reason_oracle import assert_valid


@pytest.fixture
def run():
    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args))


@pytest.fixture
def wall(tmp_path: Path) -> str:
    path = tmp_path / "wall.txt"
    path.write_text("...\n121\n")
    return str(path)


def test_hint_shows_the_move_and_says_why(run, wall):
    result = run("hint", wall)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[1].split() == ["0", ">M", ".", "."]
    assert lines[2].split() == ["1", "1", "[2]", "[1]"]
    assert "(0, 0) is a mine: the 2 at (1, 1) and the 1 at (1, 2) force it" in result.output


def test_hint_json_has_the_issues_shape_and_a_valid_reason(run, wall):
    doc = json.loads(run("hint", wall, "--json").output)
    assert doc["move"] == {"cell": [0, 0], "mine": True, "certain": True, "probability": "1", "forced": False}
    assert doc["reason"] == {"numbers": [[1, 1], [1, 2]], "uses_total": False, "size": 2}
    assert isinstance(doc["seconds"], float) and doc["consistent"]


def test_hint_all_lists_every_certain_cell_each_with_a_valid_reason(run):
    path = str(EXAMPLES / "expert_midgame.txt")
    board = Board.from_file(path)
    doc = json.loads(run("hint", path, "--all", "--json").output)
    assert len(doc["moves"]) >= 2
    sizes = [m["reason"]["size"] for m in doc["moves"]]
    assert sizes == sorted(sizes)
    for entry in doc["moves"]:
        from cnfsweep.explanation import HintMove, Reason

        move, reason = entry["move"], entry["reason"]
        numbers = tuple(Cell(*n) for n in reason["numbers"])
        assert_valid(
            board, HintMove(Cell(*move["cell"]), move["mine"], True, None, Reason(numbers, reason["uses_total"], ()))
        )


def test_hint_smallest_is_never_bigger(run):
    path = str(EXAMPLES / "expert_midgame.txt")
    plain = json.loads(run("hint", path, "--all", "--json").output)["moves"]
    small = json.loads(run("hint", path, "--all", "--smallest", "--json").output)["moves"]
    size = {tuple(m["move"]["cell"]): m["reason"]["size"] for m in plain}
    assert {tuple(m["move"]["cell"]) for m in small} == set(size)
    assert all(m["reason"]["size"] <= size[tuple(m["move"]["cell"])] for m in small)


def test_hint_without_a_certain_cell_gives_the_best_guess(run, tmp_path):
    path = tmp_path / "b.txt"
    path.write_text("mines: 1\n1.\n..\n")
    doc = json.loads(run("hint", str(path), "--json").output)
    assert doc["move"] == {"cell": [0, 1], "mine": False, "certain": False, "probability": "1/3", "forced": False}
    assert doc["reason"] is None
    assert "nothing is certain: the best guess is (0, 1), mine probability 1/3" in run("hint", str(path)).output


def test_hint_on_an_inconsistent_position_exits_1(run, tmp_path):
    path = tmp_path / "b.txt"
    path.write_text("4.\n..\n")
    result = run("hint", str(path))
    assert result.exit_code == 1 and "inconsistent" in result.output
    assert json.loads(run("hint", str(path), "--json").output)["move"] is None


def test_hint_cell_explains_one_cell_or_says_it_is_not_certain(run, wall, tmp_path):
    doc = json.loads(run("hint", wall, "--cell", "0,1", "--json").output)
    assert doc["move"]["cell"] == [0, 1] and not doc["move"]["mine"]
    assert doc["reason"]["numbers"] == [[1, 0], [1, 1], [1, 2]]
    path = tmp_path / "b.txt"
    path.write_text("1.\n..\n")
    for cell, phrase in [
        ("1,1", "(1, 1) is not certain: its mine probability is 1/3"),
        ("0,0", "is a revealed number"),
        ("7,7", "off the board"),
        ("x", "--cell expects ROW,COL"),
    ]:
        result = run("hint", str(path), "--cell", cell)
        assert result.exit_code == 2 and phrase in result.output and "Traceback" not in result.output


def test_render_hint_rings_the_move_and_outlines_its_numbers(run, wall):
    result = run("render", wall, "--hint", "-o", "-")
    assert result.exit_code == 0
    svg = ET.fromstring(result.output)
    marks = {
        (e.get("class"), e.get("data-row"), e.get("data-col"))
        for e in svg.iter()
        if e.get("class", "").startswith("hint-")
    }
    assert marks == {("hint-move", "0", "0"), ("hint-reason", "1", "1"), ("hint-reason", "1", "2")}
    words = " ".join(e.text or "" for e in svg.iter() if e.get("class") == "hint")
    assert "(0, 0) is a mine" in words


def test_the_docs_show_what_hint_prints(run):
    from paths import ROOT

    readme = (ROOT / "docs" / "reference" / "commands.md").read_text()
    command = "cnfsweep hint examples/hint_demo.txt --all"
    shown = readme.split(command + "\n```\n\n```text\n", 1)[1].split("```", 1)[0]
    result = run("hint", str(EXAMPLES / "hint_demo.txt"), "--all")
    assert result.exit_code == 0
    assert [line.rstrip() for line in result.output.splitlines()] == shown.splitlines()


def test_hint_refuses_a_backend_without_cores(run, wall):
    result = run("hint", wall, "--backend", "brute")
    assert result.exit_code == 2 and "reports no unsatisfiable cores" in result.output


def test_a_forced_guess_says_take_it_now_and_names_the_safest_cell(run, tmp_path):
    # (0, 2) and (1, 2) hold one mine that no reveal can tell apart (flags wall them off); the
    # twelve cells right of the flags hold the last mine, each at 1/12: safer, as solve says.
    path = tmp_path / "forced.txt"
    path.write_text("mines: 4\n01.F......\n01.F......\n")
    doc = json.loads(run("hint", str(path), "--json").output)
    solved = json.loads(run("solve", str(path), "--json").output)
    move = doc["move"]
    assert move["forced"] and move["cell"] in ([0, 2], [1, 2]) and move["probability"] == "1/2"
    assert move["safest"] == {"cell": solved["best_guess"], "probability": "1/12"}
    text = run("hint", str(path)).output
    assert f"forced guess: take it now: ({move['cell'][0]}, {move['cell'][1]}), mine probability 1/2" in text
    assert "the best guess" not in text
    r, c = solved["best_guess"]
    assert f"the safest cell is ({r}, {c}), mine probability 1/12 = 8.33%" in text
    assert " 8%" in text.splitlines()[1 + r]  # the safest cell is marked on the board too


def test_a_guess_that_is_not_forced_has_no_safest_field(run, tmp_path):
    path = tmp_path / "b.txt"
    path.write_text("mines: 4\n1.F......\n..F......\n")
    move = json.loads(run("hint", str(path), "--json").output)["move"]
    assert not move["forced"] and "safest" not in move


@pytest.mark.parametrize("extra", [[], ["--all"], ["--smallest"], ["--cell", "0,1"]])
def test_hint_past_its_time_limit_says_what_solve_says_and_exits_3(run, wall, extra):
    for json_flag in ([], ["--json"]):
        said = run("hint", wall, *extra, "--time-limit", "0", *json_flag)
        solve = run("solve", wall, "--time-limit", "0", *json_flag)
        assert said.exit_code == solve.exit_code == 3
        assert said.output == solve.output
    doc = json.loads(run("hint", wall, *extra, "--time-limit", "0", "--json").output)
    assert doc == {"status": "unknown", "reason": "time limit", "time_limit": 0.0}
    assert run("hint", wall, *extra, "--time-limit", "60").exit_code == 0


def test_hint_assumes_labels_as_solve_does(run, tmp_path):
    path = tmp_path / "b.txt"
    path.write_text("a..\n121\n")
    doc = json.loads(run("hint", str(path), "--assume", "a=mine", "--json").output)
    # The 1 at (1, 0) has its mine: (0, 1) is safe by that number alone.
    assert doc["move"]["cell"] == [0, 1] and doc["move"]["mine"] is False
    assert doc["reason"]["numbers"] == [[1, 0]] and doc["assume"] == {"a": "mine"}
    said = run("hint", str(path), "--assume", "a=mine")
    assert said.exit_code == 0 and "(assuming a is a mine)" in said.output
    assert "assume" not in json.loads(run("hint", str(path), "--json").output)
    assumed = run("hint", str(path), "--assume", "a=mine", "--cell", "0,0")
    assert assumed.exit_code == 2 and "(0, 0) is assumed, not found" in assumed.output
    for bad, phrase in [("a=maybe", "expected LABEL=mine or LABEL=safe"), ("b=mine", "no cell is labelled 'b'")]:
        result = run("hint", str(path), "--assume", bad)
        assert result.exit_code == 2 and phrase in result.output and "Traceback" not in result.output
    # Safe, the 1 at (1, 0) puts its mine at (0, 1), the 2 one at (0, 2) too: too many for the 1 at (1, 2).
    inconsistent = run("hint", str(path), "--assume", "a=safe", "--json")
    assert inconsistent.exit_code == 1 and json.loads(inconsistent.output)["move"] is None
