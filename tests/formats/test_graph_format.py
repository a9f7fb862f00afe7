"""Graph board files: read, written back the same, detected, and every bad file refused in one line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.errors import BoardFormatError
from cnfsweep.core.graph import Graph
from cnfsweep.core.layout import MineLayout
from cnfsweep.formats import BoardFormat, detect_format, parse_board, read_board, write_board
from cnfsweep.formats.graph import graph_document, write_graph

SQUARE4 = {
    "format": "cnfsweep-graph",
    "cells": ["a", "b", "c", "d"],
    "edges": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]],
    "revealed": {"a": 1},
    "flags": ["b"],
    "mines": 2,
}


def text(**changes: object) -> str:
    """The four-cycle board's file, with keys changed (a value of ``...`` drops the key)."""
    doc = {**SQUARE4, **changes}
    return json.dumps({k: v for k, v in doc.items() if v is not ...})


def test_a_graph_file_reads_as_one_row_of_named_cells() -> None:
    board = parse_board(text())
    assert board.grid == ("1*..",) and board.total_mines == 2
    assert board.topology == Graph(("a", "b", "c", "d"), ((0, 1), (0, 3), (1, 2), (2, 3)))
    assert board.read_as.format == "graph" and board.read_as.detected
    assert board.neighbours(Cell(0, 0)) == (Cell(0, 1), Cell(0, 3))


def test_it_is_detected_by_its_brace_or_its_json_name_and_chosen_by_name(tmp_path: Path) -> None:
    assert detect_format("\n  " + text()) is BoardFormat.GRAPH
    assert detect_format("1.\n", name="b.json") is BoardFormat.GRAPH
    assert parse_board(text(), format="graph") == parse_board(text())
    path = tmp_path / "b.json"
    path.write_text(text())
    assert read_board(path) == parse_board(text())


def test_optional_keys_may_be_left_out() -> None:
    board = parse_board(text(revealed=..., flags=..., mines=...))
    assert board.grid == ("....",) and board.total_mines is None and board.layout is None


def test_layout_and_start_are_read() -> None:
    board = parse_board(text(layout=["b", "c"], start="a"))
    assert board.layout == MineLayout(frozenset({Cell(0, 1), Cell(0, 2)}), Cell(0, 0))


def test_positions_are_kept_for_drawing_but_not_compared() -> None:
    pos = {"a": [0, 0], "b": [1, 0], "c": [1, 1.5], "d": [0, 1]}
    board = parse_board(text(pos=pos))
    assert board.topology.pos == ((0.0, 0.0), (1.0, 0.0), (1.0, 1.5), (0.0, 1.0))
    assert board == parse_board(text())


@st.composite
def graph_boards(draw: st.DrawFn) -> Board:
    """Any small graph board: names of any printable text, edges, numbers within degrees, flags, a layout, positions."""
    names = draw(
        st.lists(
            st.text(
                st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=4
            ).filter(str.isprintable),
            min_size=1,
            max_size=9,
            unique=True,
        )
    )
    n = len(names)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    edges = sorted(draw(st.sets(st.sampled_from(pairs), max_size=12))) if pairs else []
    graph = Graph(
        tuple(names), tuple(edges), draw(st.none() | st.tuples(*[st.tuples(st.floats(-9, 9), st.floats(-9, 9))] * n))
    )
    mines = draw(st.sets(st.integers(0, n - 1)))
    row = []
    for i in range(n):
        near = sum(j in mines for j in graph.tables().around[i])
        if i in mines:
            row.append(draw(st.sampled_from("*.")))
        else:
            row.append(draw(st.sampled_from([str(near), "."])) if near <= 8 else ".")
    safe = [i for i in range(n) if i not in mines]
    with_layout = draw(st.booleans())
    first = draw(st.none() | st.sampled_from(safe)) if safe and with_layout else None
    layout = MineLayout(frozenset(Cell(0, m) for m in mines), None if first is None else Cell(0, first))
    total = draw(st.sampled_from([None, len(mines)]))
    return Board(("".join(row),), total, layout if with_layout else None, topology=graph)


@given(board=graph_boards())
@settings(max_examples=150, deadline=None)
def test_write_then_read_gives_the_board_back(board: Board) -> None:
    written = write_graph(board)
    back = parse_board(written)
    assert back == board and back.layout == board.layout and back.topology.pos == board.topology.pos
    assert board.to_text() == written and write_board(board, "graph") == written
    assert json.loads(written)["format"] == "cnfsweep-graph"


def test_a_grid_board_written_as_a_graph_keeps_its_neighbours() -> None:
    board = Board.from_rows(["1*.", "...", "..."], total_mines=1, topology="torus")
    graph = parse_board(write_graph(board))
    names = graph.topology.names
    assert names == ("0,0", "0,1", "0,2", "1,0", "1,1", "1,2", "2,0", "2,1", "2,2")
    for cell in board.cells():
        i = cell.row * 3 + cell.col
        assert {names[n.col] for n in graph.neighbours(Cell(0, i))} == {f"{r},{c}" for r, c in board.neighbours(cell)}
    assert graph_document(board)["flags"] == ["0,1"]


# -- bad files: one line naming what and where ----------------------------------------------------------------

BAD = [
    ('{"format": "cnfsweep-graph", "cells": ["a"],\n "edges": [["a" "b"]]}', 2, 17, "not JSON: Expecting ','"),
    (text(edges=[["a", "b"], ["b", "z"]]), None, None, "edges[1]: edge ['b', 'z'] names an unknown cell 'z'"),
    (text(edges=[["a", "b"], ["c", "c"]]), None, None, "edges[1]: edge ['c', 'c'] is a self-loop"),
    (text(cells=["a", "b", "a", "d"]), None, None, "cells[2]: duplicate cell 'a' (first as cells[0])"),
    (text(edges=[["a", "b"], ["b", "a"]]), None, None, "edges[1]: duplicate edge ['b', 'a'] (first as edges[0])"),
    (text(revealed={"a": 3}), None, None, "revealed[\"a\"]: 3 is above the 2 neighbours of cell 'a'"),
    (text(revealed={"a": 1.0}), None, None, 'revealed["a"]: expected a number 0-8, got a number 1.0'),
    (text(revealed={"a": True}), None, None, 'revealed["a"]: expected a number 0-8, got true'),
    (text(revealed={"q": 1}), None, None, "revealed[\"q\"]: unknown cell 'q'"),
    (text(colour="red"), None, None, "unknown key 'colour': expected format, cells, edges"),
    (
        text(format="cnfsweep-grid"),
        None,
        None,
        "'format' is a string 'cnfsweep-grid': expected 'format': \"cnfsweep-graph\"",
    ),
    (text(format=...), None, None, "no 'format' key"),
    (text(edges=...), None, None, "no 'edges' key"),
    (text(cells="abcd"), None, None, "cells: expected a non-empty list of cell names, got a string 'abcd'"),
    (text(cells=["a", "b", 3, "d"]), None, None, "cells[2]: a cell name must be a non-empty string, got a number 3"),
    (text(cells=["a", "b\n", "c", "d"]), None, None, "cells[1]: cell name 'b\\n' has a control character"),
    (text(edges=[["a", "b", "c"]]), None, None, "edges[0]: expected a pair of cell names"),
    (text(flags="b"), None, None, "flags: expected a list of cell names, got a string 'b'"),
    (text(flags=["a"]), None, None, "flags: cell 'a' is both revealed and flagged"),
    (text(flags=["b", "b"]), None, None, "flags[1]: cell 'b' is listed twice (first as flags[0])"),
    (text(mines=-1), None, None, "mines: expected a whole number of mines (or null), got a number -1"),
    (text(mines="2"), None, None, "mines: expected a whole number of mines (or null), got a string '2'"),
    (text(layout=["b", "d"]), None, None, "layout: cell 'a': the 1 has 2 mines around it in the layout"),
    (text(layout=["c"]), None, None, "mines: 2 but the layout has 1 mine"),
    (text(layout=["c", "d"]), None, None, "layout: cell 'b': a flag where the layout has no mine"),
    (text(layout=["b", "c"], start="c"), None, None, "start: 'c' is on a mine of the layout"),
    (text(start="c"), None, None, "start: needs a 'layout'"),
    (text(pos={"a": [0, 0]}), None, None, "pos: no position for cell 'b'"),
    (text(pos={"a": [0, "x"], "b": [0, 0], "c": [0, 0], "d": [0, 0]}), None, None, 'pos["a"]: expected [x, y]'),
    (
        '{"format": "cnfsweep-graph", "format": "cnfsweep-graph", "cells": ["a"], "edges": []}',
        None,
        None,
        "duplicate key 'format' in an object",
    ),
    ("[1, 2]", None, None, "expected a JSON object with 'format'"),
    ('{"format": "cnfsweep-graph", "cells": ["a"], "edges": [], "mines": NaN}', None, None, "NaN is not a JSON number"),
    (
        '{"format": "cnfsweep-graph", "cells": ["a"], "edges": [], "mines": 1' + "0" * 5000 + "}",
        None,
        None,
        "not JSON that can be read",
    ),
    ("[" * 100_000, None, None, "JSON nested too deeply"),
]


@pytest.mark.parametrize(("bad", "line", "column", "phrase"), BAD, ids=[p[:40] for _, _, _, p in BAD])
def test_a_bad_graph_file_is_one_error_naming_what_and_where(
    bad: str, line: int | None, column: int | None, phrase: str
) -> None:
    with pytest.raises(BoardFormatError) as caught:
        parse_board(bad, source="g.json")
    error = caught.value
    assert phrase in error.message, error.message
    assert (error.line, error.column) == (line, column)
    assert "\n" not in str(error) and str(error).startswith("g.json")


def test_a_huge_number_is_refused_even_while_python_converts_any() -> None:
    # A program using cnfsweep may lift Python's process-wide digit guard (its own business):
    # the reader must bound numbers itself.
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        with pytest.raises(BoardFormatError, match="a number of 5,001 digits"):
            parse_board(text(mines=...)[:-1] + ', "mines": 1' + "0" * 5000 + "}", source="g.json")
        with pytest.raises(BoardFormatError, match="a number of 41 digits"):
            parse_board(text(mines=...)[:-1] + ', "mines": ' + "9" * 41 + "}", source="g.json")
        # As many digits as a seed may need are read (a total beyond the cells is an inconsistent board).
        assert parse_board(text(mines=...)[:-1] + ', "mines": ' + "9" * 40 + "}").total_mines == int("9" * 40)
    finally:
        sys.set_int_max_str_digits(old)


@pytest.mark.parametrize(("bad", "line", "column", "phrase"), BAD, ids=[p[:40] for _, _, _, p in BAD])
def test_the_cli_says_it_in_one_line_and_exits_2(
    run, tmp_path: Path, bad: str, line: int | None, column: int | None, phrase: str
) -> None:
    path = tmp_path / "g.json"
    path.write_text(bad)
    for command in ("solve", "check", "hint", "levels"):
        result = run(command, str(path))
        assert result.exit_code == 2, result.output
        assert result.output.startswith("error: ") and result.output.count("\n") == 1, result.output
        assert phrase in " ".join(result.output.split()) and "Traceback" not in result.output
        where = f"{path}:{line}:{column}: " if line is not None else f"{path}: "
        assert where in result.output.replace("\n", "")


def test_a_non_json_file_named_json_says_where_json_broke(run, tmp_path: Path) -> None:
    path = tmp_path / "board.json"
    path.write_text("mines: 1\n1.\n")
    result = run("solve", str(path))
    assert result.exit_code == 2
    assert result.output == f"error: {path}:1:1: not JSON: Expecting value\n"


def test_format_graph_on_a_text_board_is_refused(run, tmp_path: Path) -> None:
    path = tmp_path / "b.txt"
    path.write_text("1.\n..\n")
    result = run("check", str(path), "--format", "graph")
    assert result.exit_code == 2 and result.output == f"error: {path}:1:2: not JSON: Extra data\n"


def test_write_board_refuses_a_format_without_a_writer() -> None:
    with pytest.raises(Exception, match="does not write them"):
        write_board(Board.from_rows(["1."]), "minesweepr")


def test_a_text_header_cannot_name_the_graph_topology() -> None:
    with pytest.raises(BoardFormatError) as caught:
        parse_board("topology: graph\n1.\n", source="b.txt")
    assert str(caught.value) == (
        "b.txt:1:11: a text board's topology is square, torus or hex: a graph board is a "
        "JSON file ('format': 'cnfsweep-graph', see cnfsweep.formats.graph)"
    )
