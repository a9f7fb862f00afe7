"""Every document and value that holds the cell clicked first calls it ``start`` (vocabulary decision 2).

``first_click`` names the first-click rule.  The grade report (its attribute and ``grade --json``),
the generation request (``GenerateConfig``), ``grade_layout``'s argument and the graph board file
held the start cell under ``first_click``: each now holds it as ``start``, writes only ``start``, and
still reads the old name for one release with a ``DeprecationWarning``.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from cnfsweep import generate, grade_board, write_board
from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.graph import Graph
from cnfsweep.experiments import GenerateConfig
from cnfsweep.explanation import grade_layout
from cnfsweep.formats import parse_board
from cnfsweep.generation import graph_request
from cnfsweep.play.level import Level

RING = Graph.from_edges([f"v{i}" for i in range(8)], [(f"v{i}", f"v{(i + 1) % 8}") for i in range(8)])
TOPOLOGIES = {"square": "square", "hex": "hex", "graph": RING}


@pytest.fixture(params=sorted(TOPOLOGIES))
def written(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, Cell, bool]:
    """A generated board with its layout, written to a file as ``generate -o`` writes it; its start; graph or not."""
    topology = TOPOLOGIES[request.param]
    graph = isinstance(topology, Graph)
    made = generate(Level(3, 4, 2), seed=4, topology=topology, start=(0, 1))
    path = tmp_path / ("board.json" if graph else "board.txt")
    path.write_text(write_board(made.board(), "graph" if graph else "native"))
    return path, made.start, graph


def test_grade_json_writes_the_start_cell_as_start_only(run, written: tuple[Path, Cell, bool]) -> None:
    path, start, graph = written
    result = run("grade", str(path), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert "first_click" not in doc
    assert doc["start"] == (RING.names[start.col] if graph else list(start))


def test_a_grade_report_reads_its_start_under_the_old_name_with_a_warning(written: tuple[Path, Cell, bool]) -> None:
    path, start, _ = written
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report = grade_board(parse_board(path.read_text()))
    assert report.start == start
    with pytest.warns(DeprecationWarning, match=r"^GradeReport\.first_click is deprecated: use GradeReport\.start"):
        assert report.first_click == start


def test_grade_layout_takes_start_and_still_the_old_keyword() -> None:
    mines = [(0, 0), (2, 1)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        new = grade_layout(3, 5, mines, start=(0, 2))
    with pytest.warns(DeprecationWarning, match=r"^first_click= \(the cell clicked first\) is deprecated: give start="):
        old = grade_layout(3, 5, mines, first_click=(0, 2))
    assert old.start == new.start == Cell(0, 2) and old.steps == new.steps
    with pytest.warns(DeprecationWarning), pytest.raises(CnfsweepError, match="give start, not both"):
        grade_layout(3, 5, mines, (0, 2), first_click=(0, 2))


def test_a_generate_config_holds_start_and_reads_the_old_name_with_a_warning() -> None:
    config = GenerateConfig(Level(9, 9, 10), Cell(4, 4))
    assert config.start == Cell(4, 4)
    with pytest.warns(
        DeprecationWarning, match=r"^GenerateConfig\.first_click is deprecated: use GenerateConfig\.start"
    ):
        assert config.first_click == config.start


def graph_file(**keys: object) -> str:
    doc = {
        "format": "cnfsweep-graph",
        "cells": list(RING.names),
        "edges": [[RING.names[a], RING.names[b]] for a, b in RING.edges],
    }
    return json.dumps({**doc, "mines": 1, "layout": ["v4"], **keys})


def test_a_graph_file_writes_start_and_still_reads_first_click_with_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        new = parse_board(graph_file(start="v1"))
        written = json.loads(write_board(new, "graph"))
    assert new.layout is not None and new.layout.start == (0, 1)
    assert written["start"] == "v1" and "first_click" not in written
    with pytest.warns(DeprecationWarning, match="'first_click' .* is deprecated: write 'start'"):
        old = parse_board(graph_file(first_click="v1"))
    assert old == new and old.layout == new.layout


def test_a_graph_file_with_both_names_is_a_one_line_error() -> None:
    with pytest.raises(CnfsweepError, match=r"first_click.*give the cell clicked first once, as 'start'") as caught:
        parse_board(graph_file(start="v1", first_click="v1"))
    assert "\n" not in str(caught.value)


def test_graph_request_takes_the_start_cell_by_name_and_still_the_old_keyword() -> None:
    board = parse_board(graph_file(start="v1"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        new = graph_request(board, 1, "v3")
    with pytest.warns(DeprecationWarning, match=r"^first_click= \(the cell clicked first\) is deprecated: give start="):
        old = graph_request(board, 1, first_click="v3")
    assert old == new and new[1] == Cell(0, 3)
    with pytest.warns(DeprecationWarning), pytest.raises(CnfsweepError, match="give start, not both"):
        graph_request(board, 1, "v3", first_click="v3")
