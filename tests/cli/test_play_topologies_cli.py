"""``cnfsweep play`` on torus and hex boards: ``--topology`` with levels or sizes, ``--board`` on their files.

Traces name the topology (square traces do not, as before); every number a
replayed trace shows is checked against neighbours computed here.
"""

from __future__ import annotations

import json

import pytest
from oracle import neighbours

from cnfsweep.core.board import Cell
from cnfsweep.generation import generate
from cnfsweep.play import Level, boards_after_clicks


def _check_trace(trace: dict, topology: str) -> None:
    rows, cols = trace["rows"], trace["cols"]
    mines = {Cell(*m) for m in trace["mines"]}
    clicks = [m["cell"] for m in trace["moves"]]
    final = boards_after_clicks(rows, cols, mines, clicks, topology)[-1]
    for cell in final.numbers:
        assert final.number(cell) == sum(n in mines for n in neighbours(rows, cols, cell, topology))
    assert trace["won"] == (len(final.numbers) == rows * cols - len(mines))


@pytest.mark.parametrize("topology", ["torus", "hex"])
def test_play_topology_writes_traces_that_name_it(run, tmp_path, topology: str) -> None:
    trace = tmp_path / "t.jsonl"
    result = run(
        "play",
        "--topology",
        topology,
        "--level",
        "beginner",
        "--games",
        "4",
        "--seed",
        "3",
        "--trace",
        str(trace),
        "--json",
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["topology"] == topology
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert len(lines) == 4
    for line in lines:
        assert line["topology"] == topology
        _check_trace(line, topology)


def test_play_topology_takes_a_size_and_no_guess(run, tmp_path) -> None:
    trace = tmp_path / "t.jsonl"
    result = run(
        "play",
        "--topology",
        "hex",
        "--size",
        "7x8",
        "--mines",
        "10",
        "--games",
        "3",
        "--no-guess",
        "--trace",
        str(trace),
    )
    assert result.exit_code == 0, result.output
    for line in map(json.loads, trace.read_text().splitlines()):
        assert line["topology"] == "hex" and line["won"]  # no-guess boards are won without a guess
        assert all(m["certain"] for m in line["moves"])
        _check_trace(line, "hex")


def test_square_runs_say_no_topology(run, tmp_path) -> None:
    trace = tmp_path / "t.jsonl"
    result = run("play", "--level", "beginner", "--games", "2", "--trace", str(trace), "--json")
    assert result.exit_code == 0, result.output
    assert "topology" not in json.loads(result.stdout)
    assert all("topology" not in json.loads(line) for line in trace.read_text().splitlines())


@pytest.mark.parametrize("topology", ["torus", "hex"])
def test_play_board_plays_a_generated_board_of_the_grid(run, tmp_path, topology: str) -> None:
    path = tmp_path / "board.txt"
    path.write_text(generate(Level(7, 8, 11, topology_name=topology), seed=6).board().to_text())
    result = run("play", "--board", str(path), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["topology"] == topology and doc["won"]
    _check_trace(doc, topology)


def test_play_board_takes_the_topology_from_the_file(run, tmp_path) -> None:
    path = tmp_path / "board.txt"
    path.write_text("topology: hex\nmines: 1\nfirst-click: 0,0\n01.\n...\nlayout:\n..*\n...\n")
    result = run("play", "--board", str(path), "--topology", "torus")
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert run("play", "--board", str(path)).exit_code == 0
