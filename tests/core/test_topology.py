"""Topologies: neighbours against an independent definition, boards that carry one, and their text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import neighbours

from boards import layout_board
from cnfsweep.core import TOPOLOGIES, ArgumentError, Board, BoardFormatError, Cell, Hex, Square, Torus, make_topology
from cnfsweep.core.layout import MineLayout, layout_conflict
from cnfsweep.core import topology as topology_module
from cnfsweep.core.topology import Topology
from cnfsweep.engine.witness import layout_problems
from cnfsweep.formats import parse_board

# The oracle defines the built-in grids; every registered one (plug-ins too) keeps the contract of
# test_topology_contract.py, checked against its own offsets.
NAMES = sorted(TOPOLOGIES.builtins)


@st.composite
def shapes(draw: st.DrawFn, name: str | None = None) -> tuple[str, int, int]:
    name = draw(st.sampled_from(NAMES)) if name is None else name
    least = 3 if name == "torus" else 1
    return name, draw(st.integers(least, 9)), draw(st.integers(least, 9))


@given(shapes(), st.data())
def test_neighbours_match_the_definition_and_are_symmetric(shape, data) -> None:
    name, rows, cols = shape
    topology = make_topology(name, rows, cols)
    assert isinstance(topology, Topology) and topology.name == name
    cell = Cell(data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    near = topology.neighbours(cell)
    assert list(near) == list(neighbours(rows, cols, cell, name))  # row-major, as the rules list them
    assert cell not in near and len(near) <= topology.max_number
    assert all(cell in topology.neighbours(n) for n in near)
    cells, around = topology.tables()
    assert tuple(cells[j] for j in around[cells.index(cell)]) == near


@given(shapes("torus"))
def test_every_torus_cell_has_eight_neighbours(shape) -> None:
    _, rows, cols = shape
    assert {len(near) for near in Torus(rows, cols).tables().around} == {8}


def test_hex_neighbours_follow_odd_r() -> None:
    hex_ = Hex(4, 4)
    assert hex_.neighbours(Cell(2, 2)) == tuple(map(Cell._make, [(1, 1), (1, 2), (2, 1), (2, 3), (3, 1), (3, 2)]))
    assert hex_.neighbours(Cell(1, 2)) == tuple(map(Cell._make, [(0, 2), (0, 3), (1, 1), (1, 3), (2, 2), (2, 3)]))


@pytest.mark.parametrize("name", ["sphere", "", "Squares"])
def test_an_unknown_topology_is_refused_naming_the_known_ones(name: str) -> None:
    with pytest.raises(ArgumentError, match=r"unknown topology .*: expected square, torus or hex"):
        make_topology(name, 3, 3)


@pytest.mark.parametrize(("rows", "cols"), [(2, 3), (3, 2), (1, 9)])
def test_a_torus_needs_three_rows_and_columns(rows: int, cols: int) -> None:
    with pytest.raises(ArgumentError, match=f"a torus board needs at least 3 rows and 3 columns, got {rows}x{cols}"):
        Torus(rows, cols)


def test_a_board_is_square_unless_it_says_otherwise() -> None:
    square = Board.from_rows(["1.", ".."])
    assert square.topology == Square(2, 2) and square == Board(square.grid, topology=Square(2, 2))
    assert repr(square) == "Board(grid=('1.', '..'), total_mines=None)"
    hex_ = Board.from_rows(["1.", ".."], topology="hex")
    assert hex_ != square and len({hex_, square}) == 2
    assert repr(hex_).endswith("topology=Hex(rows=2, cols=2))")
    assert hex_.with_total(1).topology == Hex(2, 2) and hex_.with_char(Cell(1, 1), "2").topology == Hex(2, 2)


def test_a_board_refuses_a_topology_of_another_size_or_a_number_it_cannot_show() -> None:
    with pytest.raises(ArgumentError, match="does not fit the 2x2 grid"):
        Board(("1.", ".."), topology=Hex(3, 2))
    with pytest.raises(ArgumentError, match=r"cell \(1, 0\): a hex cell shows at most 6, not 7"):
        Board.from_rows(["1.", "7."], topology="hex")


@settings(max_examples=60)
@given(shapes(), st.data())
def test_true_numbers_pass_the_layout_checks(shape, data) -> None:
    name, rows, cols = shape
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    mines = frozenset(data.draw(st.sets(st.sampled_from(cells), max_size=len(cells) // 2)))
    revealed = data.draw(st.sets(st.sampled_from([c for c in cells if c not in mines] or cells)))
    revealed -= mines
    board = layout_board(rows, cols, mines, revealed, topology=name)
    assert layout_conflict(board.grid, MineLayout(mines), board.topology) is None
    assert layout_problems(board, sorted(mines)) == []
    if board.numbers and mines:
        # One mine fewer: every number that saw it now counts one too many (the vectorised check
        # and the plain one must both notice, on whatever grid).
        gone = min(mines)
        seeing = [n for n in board.numbers if gone in neighbours(rows, cols, n, name)]
        problems = layout_problems(board, sorted(mines - {gone}))
        assert len([p for p in problems if "sees" in p]) == len(seeing)
        assert (layout_conflict(board.grid, MineLayout(mines - {gone}), board.topology) is None) == (not seeing)


# -- text ------------------------------------------------------------------------


@settings(max_examples=60)
@given(shapes(), st.data())
def test_text_round_trips_on_every_topology(shape, data) -> None:
    name, rows, cols = shape
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    mines = frozenset(data.draw(st.sets(st.sampled_from(cells), max_size=len(cells) // 2)))
    revealed = [c for c in cells if c not in mines and data.draw(st.booleans())]
    board = layout_board(rows, cols, mines, revealed, with_total=data.draw(st.booleans()), topology=name)
    if revealed:
        board = board.with_layout(MineLayout(mines, revealed[0]))
    text = board.to_text()
    assert text.startswith("topology: ") == (name != "square")
    again = parse_board(text)
    assert again == board and again.topology == board.topology and again.layout == board.layout


def test_hex_rows_may_be_indented_by_half_a_cell() -> None:
    plain = parse_board("topology: hex\n1..\n.6.\n...\n")
    assert parse_board("topology: HEX\n1..\n .6.\n...\n") == plain
    assert plain.to_text() == "topology: hex\n1..\n.6.\n...\n"


@pytest.mark.parametrize(
    ("text", "line", "column", "phrase"),
    [
        ("topology: sphere\n1.\n", 1, 11, "unknown topology 'sphere': expected square, torus or hex"),
        ("# a torus\ntopology:torus\n1..\n...\n", 2, 10, "a torus board needs at least 3 rows and 3 columns, got 2x3"),
        ("topology: hex\n1..\n.7.\n", 3, 2, "number 7 is above 6, the most a hex cell can show"),
        ("topology: hex\n1 . 8\n", 2, 5, "number 8 is above 6"),
        ("topology: hex\ntopology: hex\n1.\n", 2, 1, "duplicate 'topology:' header (first on line 1)"),
        ("1.\ntopology: hex\n", 2, 1, "header 'topology:' after the board rows"),
    ],
)
def test_topology_errors_name_line_and_column(text: str, line: int, column: int, phrase: str) -> None:
    with pytest.raises(BoardFormatError) as info:
        parse_board(text, source="b.txt")
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert phrase in info.value.message


def test_a_layout_is_checked_against_the_boards_own_neighbours() -> None:
    # On a torus the 1 in the corner sees the far corner's mine; on a square it does not.
    grid = "1..\n...\n...\nlayout:\n...\n...\n..*\n"
    assert parse_board("topology: torus\n" + grid).layout == MineLayout(frozenset({Cell(2, 2)}))
    with pytest.raises(BoardFormatError, match=r"cell \(0, 0\): the 1 has 0 mines around it in the layout"):
        parse_board(grid)


@pytest.mark.parametrize("kind", [Square, Torus, Hex])
@pytest.mark.parametrize(("rows", "cols"), [(1, 5), (3, 3), (4, 7), (7, 4), (5, 6)])
def test_one_cells_neighbours_on_a_huge_board_are_its_neighbours_in_the_tables(
    kind, rows: int, cols: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Past _CELL_TABLE_CELLS one cell's neighbours come from the offsets, without the tables: lowering the
    # threshold takes that path on small boards, where the tables are the reference.
    if rows < kind.min_size or cols < kind.min_size:
        pytest.skip(f"a {kind.name} board is at least {kind.min_size} cells a side")
    topology = kind(rows, cols)
    cells, around = topology.tables()
    monkeypatch.setattr(topology_module, "_CELL_TABLE_CELLS", 0)
    for i, cell in enumerate(cells):
        assert topology.neighbours(cell) == tuple(cells[j] for j in around[i])
