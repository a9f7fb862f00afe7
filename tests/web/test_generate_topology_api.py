"""``/api/generate`` on torus and hex boards: the same board as ``cnfsweep generate --topology ... --json``.

The board's numbers are checked against neighbours computed here (``oracle.neighbours``),
and the board is replayed without a guess by the independent game oracle.
"""

from __future__ import annotations

import json

import pytest
from game_oracle import oracle_replay
from oracle import neighbours

from cnfsweep.core.board import Cell
from cnfsweep.generation import Logic
from cnfsweep.play import Level

#: What differs between two runs of the same board: how long it took.
TIMING = ("seconds",)


def _same_board(document: dict) -> dict:
    return {key: value for key, value in document.items() if key not in TIMING}


@pytest.mark.parametrize("topology", ["torus", "hex"])
@pytest.mark.parametrize("seed", [1, 7])
def test_generate_on_a_grid_gives_the_clis_board(client, run, topology: str, seed: int) -> None:
    answer = client.post("/api/generate", json={"level": "beginner", "topology": topology, "seed": seed})
    assert answer.status_code == 200, answer.text
    served = answer.json()
    cli = run("generate", "--level", "beginner", "--topology", topology, "--seed", str(seed), "--json")
    assert cli.exit_code == 0, cli.output
    printed = json.loads(cli.output)
    assert served["topology"] == topology
    assert _same_board({k: v for k, v in served.items() if k != "board"}) == _same_board(printed)
    text = run("generate", "--level", "beginner", "--topology", topology, "--seed", str(seed)).output
    assert served["board"] == "".join(line + "\n" for line in text.splitlines() if not line.startswith("#"))


@pytest.mark.parametrize("topology", ["torus", "hex"])
def test_a_generated_grid_board_shows_the_grids_numbers_and_needs_no_guess(client, topology: str) -> None:
    doc = client.post("/api/generate", json={"rows": 8, "cols": 9, "mines": 12, "topology": topology, "seed": 3}).json()
    mines = {Cell(*m) for m in doc["mine_cells"]}
    lines = doc["board"].splitlines()
    assert lines[0] == f"topology: {topology}"
    assert lines[1:3] == ["mines: 12", "first-click: {},{}".format(*doc["start"])]
    grid = lines[3:11]
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch.isdigit():
                assert int(ch) == sum(n in mines for n in neighbours(8, 9, Cell(r, c), topology)), (r, c)
    level = Level(8, 9, 12, topology_name=topology)
    assert oracle_replay(level, mines, Cell(*doc["start"]), Logic.FULL)


def test_the_square_board_is_unchanged_by_naming_its_topology(client) -> None:
    named = client.post("/api/generate", json={"level": "beginner", "topology": "square", "seed": 5}).json()
    default = client.post("/api/generate", json={"level": "beginner", "seed": 5}).json()
    assert _same_board(named) == _same_board(default) and "topology" not in default
    assert not default["board"].startswith("topology:")


def test_an_unknown_topology_is_refused_by_the_schema(client) -> None:
    answer = client.post("/api/generate", json={"level": "beginner", "topology": "graph"})
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("topology: Input should be 'square', 'torus' or 'hex'")
