"""No-guess boards on torus and hex grids, checked by a replay that plays the game itself (``oracle_replay``).

``oracle_replay`` computes numbers and floods with ``oracle.neighbours`` and
asks only the brute-force oracle which cells are safe: nothing of cnfsweep's
game, view or engine.
"""

from __future__ import annotations

import json
import random

import pytest
from game_oracle import oracle_replay
from oracle import neighbours

from cnfsweep.core.board import Cell
from cnfsweep.formats import read_board
from cnfsweep.generation import Logic, Method, check_no_guess, generate, opening_area
from cnfsweep.play.game import Level

GRIDS = ["torus", "hex"]


# Densities at which both answers are common (a 5x5 torus with 4 mines is nearly always solved).
MINES = {"torus": 10, "hex": 5}


@pytest.mark.parametrize("topology", GRIDS)
@pytest.mark.parametrize("logic", list(Logic))
def test_the_no_guess_check_agrees_with_the_oracle_on_random_layouts(topology: str, logic: Logic) -> None:
    level = Level(5, 5, MINES[topology], topology_name=topology)
    first = Cell(0, 0)
    free = {first, *neighbours(5, 5, first, topology)}
    cells = [Cell(r, c) for r in range(5) for c in range(5) if Cell(r, c) not in free]
    rng = random.Random(23)
    outcomes = []
    for _ in range(50):
        mines = rng.sample(cells, level.mines)
        expected = oracle_replay(level, mines, first, logic)
        assert check_no_guess(5, 5, mines, first, logic, topology=topology).solved == expected, mines
        outcomes.append(expected)
    # Both answers occur, or the comparison proves little.
    assert 3 <= sum(outcomes) <= 47


@pytest.mark.parametrize("topology", GRIDS)
@pytest.mark.parametrize("method", list(Method))
def test_generated_boards_replay_without_a_guess(topology: str, method: Method) -> None:
    level = Level(6, 6, 9, topology_name=topology)
    for seed in range(6):
        g = generate(level, seed=seed, method=method)
        first = g.start
        # The opening is the grid's own: the first click and its neighbours on this topology.
        assert not set(g.mine_cells) & {first, *neighbours(6, 6, first, topology)}
        assert set(opening_area(level, first)) == {first, *neighbours(6, 6, first, topology)}
        assert len(set(g.mine_cells)) == level.mines
        assert oracle_replay(level, list(g.mine_cells), first, g.logic), (seed, g.mine_cells)
        board = g.board()
        assert board.topology.name == topology and board.layout is not None
        assert g.to_dict()["topology"] == topology


@pytest.mark.parametrize("topology", GRIDS)
def test_local_logic_boards_need_neither_a_guess_nor_the_total(topology: str) -> None:
    level = Level(6, 7, 10, topology_name=topology)
    for seed in range(4):
        g = generate(level, seed=seed, logic="local")
        assert oracle_replay(level, list(g.mine_cells), g.start, Logic.LOCAL)


def test_square_generation_json_has_no_topology_key() -> None:
    assert "topology" not in generate("beginner", seed=3).to_dict()


@pytest.mark.parametrize("topology", GRIDS)
def test_the_cli_writes_boards_of_the_grid_that_replay_without_a_guess(run, tmp_path, topology: str) -> None:
    out = tmp_path / "board.txt"
    result = run("generate", "--topology", topology, "--size", "6x7", "--mines", "9", "--seed", "4", "-o", str(out))
    assert result.exit_code == 0, result.output
    board = read_board(out)
    assert board.topology.name == topology
    level = Level(6, 7, 9, topology_name=topology)
    assert board.layout is not None and board.layout.start is not None
    assert oracle_replay(level, sorted(board.layout.mines), Cell(*board.layout.start), Logic.FULL)
    lines = run("generate", "--topology", topology, "--level", "beginner", "--count", "2", "--seed", "1", "--json")
    assert lines.exit_code == 0, lines.output
    docs = [json.loads(line) for line in lines.stdout.splitlines()]
    assert [d["topology"] for d in docs] == [topology, topology]
    for d in docs:
        assert oracle_replay(
            Level(9, 9, 10, topology_name=topology), [Cell(*m) for m in d["mine_cells"]], Cell(*d["start"]), Logic.FULL
        )


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["--topology", "sphere"], "unknown topology 'sphere': expected square, torus or hex"),
        (["--topology", "torus", "--size", "2x5", "--mines", "1"], "a torus board needs at least 3 rows and 3 columns"),
    ],
)
def test_a_bad_topology_is_one_line_and_exit_2(run, args: list[str], phrase: str) -> None:
    for command in ("generate", "play"):
        result = run(command, *args)
        assert result.exit_code == 2, result.output
        assert result.output.startswith("error: ") and result.output.count("\n") == 1 and phrase in result.output
