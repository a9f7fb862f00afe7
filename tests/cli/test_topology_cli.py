"""`solve` and `check` on torus and hex boards: exact answers; a bad grid is one line naming where.

(`grade`, `generate` and `play` on them: tests/cli/test_play_topologies_cli.py and the generation and explanation tests.)
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from oracle import reference

from paths import EXAMPLES
from cnfsweep import analyze
from cnfsweep.core.board import Cell
from cnfsweep.formats import read_board

GRIDS = sorted((EXAMPLES / "grids").glob("*.txt"))


@pytest.mark.parametrize("path", GRIDS, ids=lambda p: p.stem)
def test_solve_json_is_the_oracles_answer(run, path) -> None:
    board = read_board(path)
    assert board.topology.name == path.stem  # the example is of the grid it is named after
    result = run("solve", str(path), "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    ref = reference(board)
    assert answer["consistent"] and int(answer["solutions"]) == ref.solutions
    assert sorted(map(tuple, answer["safe"])) == sorted(c for c, p in ref.exact.items() if p == 0)
    assert sorted(map(tuple, answer["mines"])) == sorted(c for c, p in ref.exact.items() if p == 1)
    for r, row in enumerate(answer["exact"]):
        for c, p in enumerate(row):
            assert (None if p is None else Fraction(p)) == ref.exact[Cell(r, c)]
    # The same grid read as a square board is another position (the engine is checked against the oracle
    # on square boards elsewhere; the oracle takes seconds on these).
    square = board.__class__(board.grid, board.total_mines)
    assert analyze(square).to_dict()["exact"] != answer["exact"]


@pytest.mark.parametrize("path", GRIDS, ids=lambda p: p.stem)
def test_check_finds_a_witness_of_the_boards_own_grid(run, path) -> None:
    result = run("check", str(path), "--json")
    assert result.exit_code == 0, result.output
    board = read_board(path)
    mines = {Cell(*m) for m in json.loads(result.output)["witness_mines"]}
    assert len(mines) == board.total_mines
    # Every number sees its count of the witness's mines among the neighbours its grid gives it.
    assert all(sum(n in mines for n in board.neighbours(c)) == board.number(c) for c in board.numbers)


def test_check_names_a_conflict_on_a_hex_board(run) -> None:
    # (0, 0) has two hex neighbours, and (1, 1) six: the 6 takes both of the 1's, one too many.
    result = run("check", "-", "--json", stdin="topology: hex\n1..\n.6.\n...\n")
    assert result.exit_code == 1, result.output
    assert json.loads(result.output)["conflict"] == [[0, 0], [1, 1]]


@pytest.mark.parametrize(
    ("text", "where", "phrase"),
    [
        ("topology: sphere\n1..\n", "<stdin>:1:11", "unknown topology 'sphere'"),
        ("topology: hex\n1..\n..7\n", "<stdin>:3:3", "number 7 is above 6"),
        ("topology: torus\n1.\n..\n", "<stdin>:1:11", "a torus board needs at least 3 rows and 3 columns"),
    ],
)
@pytest.mark.parametrize("command", ["solve", "check"])
def test_bad_grids_are_one_line_naming_where(run, command: str, text: str, where: str, phrase: str) -> None:
    result = run(command, "-", stdin=text)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith(f"error: {where}: ") and phrase in result.output
