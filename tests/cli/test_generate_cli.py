"""``cnfsweep generate`` and the games it feeds (``play --board``, ``play --no-guess``), as a user runs them."""

from __future__ import annotations

import json

import pytest
from game_oracle import oracle_replay

from cnfsweep import Board
from cnfsweep.core.board import Cell
from cnfsweep.generation import Logic
from cnfsweep.play.game import Level

KEYS = {"rows", "cols", "mines", "start", "mine_cells", "seed", "method", "logic", "attempts", "seconds"}


def test_json_prints_one_object_per_board(run):
    args = ["generate", "--size", "6x7", "--mines", "9", "--count", "3", "--seed", "4", "--json"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    boards = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(boards) == 3 and all(set(b) == KEYS for b in boards)
    for b in boards:
        assert (b["rows"], b["cols"], b["mines"], b["start"]) == (6, 7, 9, [3, 3])
        assert oracle_replay(Level(6, 7, 9), [Cell(*m) for m in b["mine_cells"]], Cell(3, 3), Logic.FULL)
    again = run(*args, "--workers", "2")
    assert [json.loads(line)["mine_cells"] for line in again.stdout.splitlines()] == [b["mine_cells"] for b in boards]


def test_the_written_board_carries_its_layout_and_plays_back(run, tmp_path):
    path = tmp_path / "fair.txt"
    result = run(
        "generate",
        "--size",
        "6x8",
        "--mines",
        "12",
        "--start",
        "2,3",
        "--logic",
        "local",
        "--method",
        "uniform",
        "--seed",
        "1",
        "-o",
        str(path),
    )
    assert result.exit_code == 0, result.output
    board = Board.from_file(path)
    assert board.layout is not None and board.layout.start == (2, 3) and board.layout.count == 12
    assert oracle_replay(Level(6, 8, 12), sorted(board.layout.mines), Cell(2, 3), Logic.LOCAL)
    solved = run("solve", str(path), "--json")
    assert solved.exit_code == 0 and json.loads(solved.stdout)["consistent"]
    played = run("play", "--board", str(path), "--json")
    assert played.exit_code == 0, played.output
    game = json.loads(played.stdout)
    assert game["won"] and all(m["certain"] for m in game["moves"])


def test_count_writes_numbered_files_and_jsm_says_it_drops_the_layout(run, tmp_path):
    result = run("generate", "-l", "beginner", "-n", "2", "-s", "3", "-f", "jsm", "-o", str(tmp_path / "b.jsm"))
    assert result.exit_code == 0, result.output
    for name in ("b-1.jsm", "b-2.jsm"):
        text = (tmp_path / name).read_text()
        assert "9x9x10" in text and "no place for the layout" in text
        assert Board.parse(text).layout is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "3x3", "--mines", "1"], "no room for 1 mine outside the opening"),
        (["--start", "16,0"], "first click (16, 0) is off the 16x30 board"),
        (["--start", "8;15"], "--start expects ROW,COL"),
        (["--level", "expert", "--size", "9x9", "--mines", "3"], "either --level or --size"),
        (["--backend", "nosuch"], "nosuch"),
    ],
)
def test_impossible_requests_exit_2_with_one_line(run, args, message):
    result = run("generate", *args)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1


def test_no_fair_layout_in_time_exits_3(run):
    result = run("generate", "--size", "3x2", "--mines", "1", "--start", "0,0", "--time-limit", "0.3")
    assert result.exit_code == 3
    assert "no no-guess layout of 1 mine on 3x2 found within the time limit of 0.3 s" in result.stderr


def test_play_board_refuses_a_board_without_layout(run, tmp_path):
    path = tmp_path / "plain.txt"
    path.write_text("mines: 1\n1.\n..\n")
    result = run("play", "--board", str(path))
    assert result.exit_code == 2 and "carries no layout" in result.stderr


@pytest.mark.parametrize("logic", ["full", "local"])
def test_the_autoplayer_wins_every_no_guess_game(run, logic):
    result = run("play", "--no-guess", "--logic", logic, "--level", "expert", "--games", "12", "--seed", "9", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["no_guess"] == logic and doc["wins"] == doc["games"] == 12 and doc["guesses_per_game"] == 0
