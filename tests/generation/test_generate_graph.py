"""No-guess boards, grades and games on graph boards, checked from first principles.

The graphs are written here as JSON files and their edges read back from the
JSON by the test itself; ``oracle_replay`` plays each generated layout with
numbers and floods counted from those edges and asks only the brute-force
oracle which cells are safe: nothing of cnfsweep's game, view or engine.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from game_oracle import oracle_replay
from oracle import graph_neighbours, reference

from cnfsweep.core.board import Cell
from cnfsweep.core.graph import Graph
from cnfsweep.explanation import grade_board
from cnfsweep.formats import read_board
from cnfsweep.generation import Logic, Method, check_no_guess, generate
from cnfsweep.play.level import Level


def circulant(n: int, steps: tuple[int, ...]) -> dict:
    """Cells 0..n-1 on a ring, each joined to the cells ``steps`` away either way: a graph file's JSON."""
    names = [f"n{i}" for i in range(n)]
    edges = sorted({tuple(sorted((i, (i + s) % n))) for i in range(n) for s in steps})
    return {"format": "cnfsweep-graph", "cells": names, "edges": [[names[i], names[j]] for i, j in edges]}


def prism(n: int) -> dict:
    """Two rings of ``n`` cells, each cell joined to its ring neighbours and to three cells of the other ring."""
    names = [f"{side}{i}" for side in "ab" for i in range(n)]
    edges = set()
    for i in range(n):
        for side in "ab":
            edges.add((f"{side}{i}", f"{side}{(i + 1) % n}"))
        for d in (-1, 0, 1):
            edges.add((f"a{i}", f"b{(i + d) % n}"))
    return {"format": "cnfsweep-graph", "cells": names, "edges": [list(e) for e in sorted(edges)]}


# Mine counts at which both answers of the no-guess check are common on each graph.
GRAPHS = {
    "circulant-12": (circulant(12, (1, 2)), 4),
    "circulant-14": (circulant(14, (1, 3)), 4),
    "prism-7": (prism(7), 4),
}


def index_edges(doc: dict) -> tuple[tuple[int, int], ...]:
    """The file's edges as sorted index pairs, read from its JSON here, not by cnfsweep."""
    at = {name: i for i, name in enumerate(doc["cells"])}
    return tuple(sorted({tuple(sorted((at[a], at[b]))) for a, b in doc["edges"]}))


@pytest.fixture(params=sorted(GRAPHS))
def graph_case(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, dict, Level]:
    """A small graph written to a file, its JSON, and the level of its mines on the graph read from the file."""
    doc, mines = GRAPHS[request.param]
    path = tmp_path / f"{request.param}.json"
    path.write_text(json.dumps(doc))
    graph = read_board(path).topology
    assert isinstance(graph, Graph) and graph.edges == index_edges(doc)
    return path, doc, Level.on_graph(graph, mines)


@pytest.mark.parametrize("logic", list(Logic))
def test_the_no_guess_check_agrees_with_the_oracle_on_random_graph_layouts(graph_case, logic: Logic) -> None:
    _, doc, level = graph_case
    edges = index_edges(doc)
    first = Cell(0, 0)
    free = {first, *graph_neighbours(edges, first)}
    cells = [Cell(0, i) for i in range(level.cols) if Cell(0, i) not in free]
    rng = random.Random(5)
    outcomes = []
    for _ in range(30):
        mines = rng.sample(cells, level.mines)
        expected = oracle_replay(level, mines, first, logic, edges)
        assert check_no_guess(1, level.cols, mines, first, logic, topology=level.graph).solved == expected, mines
        outcomes.append(expected)
    # Both answers occur, or the comparison proves little.
    assert 0 < sum(outcomes) < len(outcomes)


@pytest.mark.parametrize("method", list(Method))
def test_generated_graph_boards_replay_without_a_guess(graph_case, method: Method) -> None:
    _, doc, level = graph_case
    edges = index_edges(doc)
    for seed in range(4):
        g = generate(level, start=Cell(0, 1), seed=seed, method=method)
        assert g.start == Cell(0, 1)
        assert not set(g.mine_cells) & {g.start, *graph_neighbours(edges, g.start)}
        assert len(set(g.mine_cells)) == level.mines
        assert oracle_replay(level, list(g.mine_cells), g.start, g.logic, edges), (seed, g.mine_cells)


def test_generate_cli_writes_graph_boards_that_replay_without_a_guess(run, graph_case, tmp_path: Path) -> None:
    path, doc, level = graph_case
    edges = index_edges(doc)
    mines_ = str(level.mines)
    for seed in range(3):
        out = tmp_path / f"out{seed}.json"
        result = run(
            "generate",
            "--graph",
            str(path),
            "--mines",
            mines_,
            "--start",
            doc["cells"][2],
            "--seed",
            str(seed),
            "-o",
            str(out),
        )
        assert result.exit_code == 0, result.output
        written = json.loads(out.read_text())
        # The written file is the same graph, by name, with its layout and first click named.
        assert written["cells"] == doc["cells"] and index_edges(written) == edges
        assert written["start"] == doc["cells"][2] and written["mines"] == level.mines
        at = {name: i for i, name in enumerate(doc["cells"])}
        mines = [Cell(0, at[name]) for name in written["layout"]]
        assert oracle_replay(level, mines, Cell(0, at[written["start"]]), Logic.FULL, edges)
        # The revealed numbers are the file's first click's flood: each counts its mines by the edges.
        for name, shown in written["revealed"].items():
            assert shown == sum(n in mines for n in graph_neighbours(edges, Cell(0, at[name])))


def test_generate_json_names_cells(run, graph_case) -> None:
    path, doc, level = graph_case
    result = run("generate", "--graph", str(path), "--mines", str(level.mines), "--seed", "1", "-n", "2", "--json")
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert len(lines) == 2
    for line in lines:
        assert line["topology"] == "graph" and line["start"] in doc["cells"]
        assert len(line["mine_cells"]) == level.mines and set(line["mine_cells"]) <= set(doc["cells"])


@pytest.mark.parametrize("name", ["circulant-12", "circulant-14"])  # a prism's no-guess boards open whole
def test_every_graded_step_is_certain_under_the_oracle(run, name: str, tmp_path: Path) -> None:
    doc, mines = GRAPHS[name]
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(doc))
    level = Level.on_graph(read_board(path).topology, mines)
    checked = 0
    for seed in range(6):
        out = tmp_path / f"board{seed}.json"
        assert (
            run(
                "generate", "--graph", str(path), "--mines", str(level.mines), "--seed", str(seed), "-o", str(out)
            ).exit_code
            == 0
        )
        report = grade_board(read_board(out), trace=True)
        assert not report.needs_guess
        for step in report.steps:
            assert step.board is not None
            ref = reference(step.board)
            for move in step.moves:
                assert ref.exact[move.cell] == (1 if move.mine else 0), (seed, step, move)
                checked += 1
        result = run("grade", str(out), "--json")
        assert result.exit_code == 0, result.output
        graded = json.loads(result.output)
        # Cells are named as the file names them.
        assert graded["topology"] == "graph" and graded["start"] == json.loads(out.read_text())["start"]
        if graded["hardest"] is not None:
            assert graded["hardest"]["move"]["cell"] in doc["cells"]
            assert set(graded["hardest"]["reason"]["numbers"]) <= set(doc["cells"])
    # Some boards need steps after the opening, or nothing was checked.
    assert checked


def test_play_board_plays_a_graph_file(run, graph_case, tmp_path: Path) -> None:
    path, _, level = graph_case
    out = tmp_path / "board.json"
    assert (
        run("generate", "--graph", str(path), "--mines", str(level.mines), "--seed", "2", "-o", str(out)).exit_code == 0
    )
    result = run("play", "--board", str(out), "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    # A no-guess board is won without a guess by the default player; cells are written by name.
    assert record["won"] is True and all(move["certain"] for move in record["moves"]), record
    written = json.loads(out.read_text())
    assert record["start"] == written["start"] and sorted(record["mines"]) == sorted(written["layout"])


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--mines", "99"], "do not fit"),
        (["--mines", "3", "--start", "nowhere"], "no cell is named 'nowhere'"),
        (["--level", "beginner"], "--graph and --level cannot be used together"),
        ([], "gives no total of mines"),
        (["--mines", "3", "--count", "2"], "writes one JSON file a board: give -o PATH"),
    ],
)
def test_generate_graph_errors_are_one_line(run, graph_case, args: list[str], says: str) -> None:
    path, _, _ = graph_case
    result = run("generate", "--graph", str(path), *args)
    assert result.exit_code == 2, result.output
    assert says in result.output and len(result.output.strip().splitlines()) == 1, result.output


def test_too_many_mines_for_one_digit_numbers_are_refused(run, tmp_path: Path) -> None:
    # A hub of 9 neighbours could see 9 mines, which no one-character number shows.
    names = ["hub", *(f"l{i}" for i in range(10))]
    doc = {"format": "cnfsweep-graph", "cells": names, "edges": [["hub", n] for n in names[1:]]}
    path = tmp_path / "star.json"
    path.write_text(json.dumps(doc))
    result = run("generate", "--graph", str(path), "--mines", "9", "--start", "l0")
    assert result.exit_code == 2 and "numbers are one digit" in result.output, result.output


def test_several_graph_boards_go_to_numbered_files(run, graph_case, tmp_path: Path) -> None:
    path, doc, level = graph_case
    result = run(
        "generate",
        "--graph",
        str(path),
        "--mines",
        str(level.mines),
        "--start",
        doc["cells"][2],
        "--count",
        "2",
        "--seed",
        "4",
        "-o",
        str(tmp_path / "b-{i}.json"),
    )
    assert result.exit_code == 0, result.output
    boards = [read_board(tmp_path / f"b-{i}.json") for i in (1, 2)]
    assert all(b.topology.name == "graph" and b.layout is not None for b in boards)
