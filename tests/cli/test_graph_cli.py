"""`solve`, `check`, `hint` and `levels` on graph board files: cells by name, in JSON and in the text for people."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from boards import perturbed, random_graph_position
from oracle import reference, satisfiable, witness_problems

from paths import EXAMPLES, SCRIPTS
from cnfsweep.core.board import Board, Cell
from cnfsweep.formats import read_board
from cnfsweep.formats.graph import write_graph

EXAMPLE_GRAPHS = sorted((EXAMPLES / "graphs").glob("*.json"))


@pytest.fixture(params=[3, 4, 6, 11, 16], ids=lambda s: f"seed-{s}")
def graph_file(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, Board]:
    """A random small graph board (half with a total), written to a .json file."""
    seed = request.param
    board = random_graph_position(seed, with_total=seed % 2 == 0, flags=seed % 3 == 0).board
    path = tmp_path / f"g{seed}.json"
    path.write_text(write_graph(board))
    return path, board


def cell(board: Board, name: str) -> Cell:
    return board.topology.cell_named(name)


def test_solve_json_names_cells_and_is_the_oracles_answer(run, graph_file) -> None:
    path, board = graph_file
    result = run("solve", str(path), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    ref = reference(board)
    names = board.topology.names
    assert list(doc["exact"]) == list(names) == list(doc["probabilities"])
    assert {cell(board, n): None if p is None else Fraction(p) for n, p in doc["exact"].items()} == ref.exact
    assert [cell(board, n) for n in doc["safe"]] == [c for c, p in ref.exact.items() if p == 0]
    assert [cell(board, n) for n in doc["mines"]] == [c for c, p in ref.exact.items() if p == 1]
    assert doc["best_guess"] is None or doc["best_guess"] in names


def test_check_json_names_a_witness_or_a_minimal_conflict(run, graph_file) -> None:
    path, board = graph_file
    for chosen in (board, perturbed(board, 0) if board.numbers else board):
        path.write_text(write_graph(chosen))
        result = run("check", str(path), "--json")
        doc = json.loads(result.output)
        if doc["consistent"]:
            assert result.exit_code == 0
            mines = [cell(chosen, n) for n in doc["witness_mines"]]
            assert witness_problems(chosen, mines, total=chosen.total_mines) == []
        else:
            assert result.exit_code == 1
            conflict = [cell(chosen, n) for n in doc["conflict"]]
            total = chosen.total_mines if doc["total_in_conflict"] else None
            assert not satisfiable(chosen, conflict, total=total)
            assert all(satisfiable(chosen, [c for c in conflict if c != d], total=total) for d in conflict)


def test_hint_names_its_move_and_its_numbers_and_takes_cell_by_name(run, graph_file) -> None:
    path, board = graph_file
    ref = reference(board)
    certain = {c: p for c, p in ref.exact.items() if p in (0, 1) and c in board.covered}
    doc = json.loads(run("hint", str(path), "--json").output)
    if not certain or not ref.consistent:
        return
    move = doc["move"]
    assert certain[cell(board, move["cell"])] == int(move["mine"])
    assert all(cell(board, n) in board.numbers for n in doc["reason"]["numbers"])
    target, p = next(iter(certain.items()))
    name = board.topology.cell_text(target)
    text = run("hint", str(path), "--cell", name)
    assert text.exit_code == 0, text.output
    assert f"cell {name} is {'a mine' if p == 1 else 'safe'}:" in text.output


def test_levels_json_names_cells(run, graph_file) -> None:
    path, board = graph_file
    doc = json.loads(run("levels", str(path), "--json", "--steps").output)
    said = [n for level in doc["levels"].values() for n in level["safe"] + level["mines"]] + doc["undecided"]
    assert all(isinstance(n, str) and n in board.topology.names for n in said)


def test_the_text_lists_cells_by_name_with_their_neighbours(run, graph_file) -> None:
    path, board = graph_file
    for command in ("solve", "check", "hint", "levels"):
        out = run(command, str(path)).output
        assert out.count("next to") == 1 and "row 0" not in out and "(0, " not in out, out
        for name, near in zip(board.topology.names, board.topology.tables().around, strict=True):
            line = next(line for line in out.splitlines() if line.split()[:1] == [name])
            assert line.endswith(", ".join(board.topology.names[j] for j in near))


def test_an_unknown_cell_name_is_one_line(run, graph_file) -> None:
    path, _ = graph_file
    result = run("hint", str(path), "--cell", "nowhere")
    assert result.exit_code == 2
    assert (
        result.output.startswith("error: no cell is named 'nowhere' (the graph's cells: ")
        and result.output.count("\n") == 1
    )


@pytest.mark.parametrize("path", EXAMPLE_GRAPHS, ids=lambda p: p.stem)
def test_the_examples_are_consistent_partly_open_boards_with_a_layout(run, path: Path) -> None:
    board = read_board(path)  # reading checks every number against the layout
    assert board.layout is not None and board.layout.start is not None
    assert board.numbers and len(board.covered) > board.total_mines  # opened, with safe cells left to find
    assert run("check", str(path)).exit_code == 0
    doc = json.loads(run("solve", str(path), "--json").output)
    assert doc["consistent"] and doc["format"] == "graph"
    # The answer the file carries is one of the layouts the analysis counts.
    mines = {board.topology.cell_text(c) for c in board.layout.mines}
    assert all(n in mines for n in doc["mines"]) and not mines & set(doc["safe"])


def test_the_examples_are_what_the_script_writes() -> None:
    assert {p.stem for p in EXAMPLE_GRAPHS} == {"cube", "sphere"}
    done = subprocess.run([sys.executable, str(SCRIPTS / "make_graph_examples.py"), "--check"], capture_output=True)
    assert done.returncode == 0, done.stderr
