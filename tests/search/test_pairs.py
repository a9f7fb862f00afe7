"""Influence of likely 50/50s, counted again by brute force on small boards."""

from __future__ import annotations

from fractions import Fraction

import pytest
from oracle import around, frontier, reference
from positions import SMALL, guess_points

from boards import EVERY_TOPOLOGY, position_on
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.topology import Square
from cnfsweep.engine import Engine
from cnfsweep.search.pairs import MAX_OPEN_CAPS, forced_pair, influence
from cnfsweep.engine.position import position
from cnfsweep.search.whatif import Snapshot


def _cube(cell: Cell) -> tuple[int, int, int]:
    """Cube coordinates of a hex cell in odd-r offset rows: opposite sides are opposite vectors."""
    x = cell.col - (cell.row - (cell.row & 1)) // 2
    return x, -x - cell.row, cell.row


HEX_AXES = [((1, -1, 0), (-1, 1, 0)), ((1, 0, -1), (-1, 0, 1)), ((0, 1, -1), (0, -1, 1))]


def side_axes(board: Board, cell: Cell) -> list[list[Cell]]:
    """The neighbours across a side of ``cell``, by axis, worked out here from each shape's geometry.

    A square's sides are left/right and up/down (a torus's wrap around); a
    hexagon's six neighbours pair off as opposite cube vectors; a graph has
    no shape, so all its neighbours form one axis.
    """
    name, rows, cols = board.topology.name, board.rows, board.cols
    if name == "graph":
        near = list(around(board, cell))
        return [near] if near else []
    if name == "hex":
        t = _cube(cell)
        offset = {tuple(a - b for a, b in zip(_cube(n), t, strict=True)): n for n in around(board, cell)}
        axes = [[offset[d] for d in pair if d in offset] for pair in HEX_AXES]
        assert sum(map(len, axes)) == len(offset)
        return [a for a in axes if a]
    r, c = cell
    axes = []
    for steps in (((0, -1), (0, 1)), ((-1, 0), (1, 0))):
        axis = []
        for dr, dc in steps:
            pr, pc = r + dr, c + dc
            if name == "torus":
                pr, pc = pr % rows, pc % cols
            if 0 <= pr < rows and 0 <= pc < cols:
                axis.append(Cell(pr, pc))
        if axis:
            axes.append(axis)
    return axes


def brute_influence(board: Board, total: int, cell: Cell) -> int:
    """The same definition, with every count from the brute-force oracle and neighbours from ``oracle.around``."""
    ref = reference(board, total_mines=total)
    n = ref.solutions
    mine_layouts = ref.exact[cell] * n
    on_frontier = any(board.char(x).isdigit() for x in around(board, cell))
    if not 0 < mine_layouts < n or not on_frontier:
        return 0
    total_influence = 0
    for partners in side_axes(board, cell):
        best = 0
        for partner in partners:
            p = ref.exact[partner]
            if board.char(partner) != "." or p is None or not 0 < p < 1:
                continue
            caps = set(around(board, cell)) ^ set(around(board, partner))
            caps -= {cell, partner}
            if any(board.char(x) not in ".*" or ref.exact[x] == 0 for x in caps):
                continue
            open_caps = [x for x in caps if board.char(x) == "." and ref.exact[x] != 1]
            if len(open_caps) > MAX_OPEN_CAPS:
                continue
            marked, assume = board, {}
            for label, x, value in zip("abcd", [cell, partner, *open_caps], [True, False, True, True], strict=False):
                marked = marked.with_char(x, label)
                assume[label] = value
            best = max(best, reference(marked, total_mines=total, assume=assume).solutions)
        total_influence += best
    return min(total_influence, int(mine_layouts), int(n - mine_layouts))


def test_influence_matches_brute_force_on_small_boards():
    checked = positive = 0
    for analysis in guess_points(SMALL, 44, 40):
        if len(analysis.board.covered) > 14:
            continue
        snap = Snapshot.of(analysis.position)
        for cell in analysis.board.covered:
            if not snap.unknown(cell):
                continue
            expected = brute_influence(analysis.board, analysis.total_mines, cell)
            assert influence(snap, cell) == expected, (analysis.board.grid, cell)
            checked += 1
            positive += expected > 0
    assert checked >= 50 and positive >= 5


@pytest.mark.parametrize("topology", EVERY_TOPOLOGY)
def test_influence_matches_brute_force_on_every_topology(topology):
    checked = positive = 0
    for seed in range(400):
        board = position_on(topology, seed, max_frontier=10, with_total=True, flags=seed % 3 == 0).board
        if not reference(board).consistent:
            continue
        snap = Snapshot.of(position(board))
        for cell in board.covered:
            if not snap.unknown(cell):
                continue
            expected = brute_influence(board, board.total_mines, cell)
            assert influence(snap, cell) == expected, (board.grid, cell)
            checked += 1
            positive += expected > 0
    assert checked >= 200 and positive >= 10


def test_sides_are_the_geometry_s_on_every_topology():
    # The topology's sides are neighbours from its own tables, grouped as the geometry says.
    for topology in EVERY_TOPOLOGY:
        for seed in range(20):
            board = position_on(topology, seed).board
            tables = board.topology.tables()
            for cell in board.cells():
                sides = board.topology.sides(cell)
                assert sorted(map(sorted, sides)) == sorted(map(sorted, side_axes(board, cell)))
                assert all(
                    tables.cells[tables.index(x)] == x and tables.index(x) in tables.near(cell)
                    for axis in sides
                    for x in axis
                )


def test_on_a_square_the_sides_are_the_old_arithmetic():
    # Square play must not change: the partners are exactly those of the old row and column steps.
    for rows, cols in [(1, 1), (1, 5), (4, 1), (2, 2), (5, 7)]:
        shape = Square(rows, cols)
        for r in range(rows):
            for c in range(cols):
                old = [
                    [Cell(pr, pc) for pr, pc in partners if 0 <= pr < rows and 0 <= pc < cols]
                    for partners in (((r, c - 1), (r, c + 1)), ((r - 1, c), (r + 1, c)))
                ]
                assert [list(a) for a in shape.sides(Cell(r, c))] == [a for a in old if a]


def brute_forced_pair(board: Board) -> tuple[Cell, Cell] | None:
    """The first pair (row-major) of frontier cells at 1/2 that touch or share a neighbour, whose caps are
    all flags or certain mines on the frontier, and that hold exactly one mine in every layout: all by the
    brute-force oracle.  (A cap off the frontier that the total makes a mine does not count: ``forced_pair``
    leaves such pairs out, and counting them would change square games.)"""
    ref = reference(board)
    on_frontier = set(frontier(board))
    halves = sorted(c for c in on_frontier if ref.exact[c] == Fraction(1, 2))
    for i, a in enumerate(halves):
        for b in halves[i + 1 :]:
            near_a, near_b = set(around(board, a)), set(around(board, b))
            if b not in near_a and near_a.isdisjoint(near_b):
                continue
            caps = (near_a ^ near_b) - {a, b}
            if not all(board.char(x) == "*" or (x in on_frontier and ref.exact[x] == 1) for x in caps):
                continue
            marked = board.with_char(a, "a").with_char(b, "b")
            if all(reference(marked, assume={"a": v, "b": v}).solutions == 0 for v in (True, False)):
                return a, b
    return None


@pytest.mark.parametrize("topology", EVERY_TOPOLOGY)
def test_forced_pairs_are_found_as_brute_force_finds_them(topology):
    engine = Engine.create()
    found = 0
    for seed in range(300):
        # Conditioning on a cell (to confirm a pair) needs the total.
        board = position_on(topology, seed, max_frontier=10, with_total=True, flags=seed % 3 == 0).board
        if not reference(board).consistent:
            continue
        expected = brute_forced_pair(board)
        assert forced_pair(engine.analyze(board), engine) == expected, board.grid
        found += expected is not None
    assert found >= 3


def test_a_pair_under_two_ones_is_a_full_50_50():
    snap = Snapshot.of(position(Board.from_rows(["..", "11"], total_mines=1)))
    assert [influence(snap, Cell(0, c)) for c in range(2)] == [1, 1]


def test_cells_off_the_frontier_have_no_influence():
    snap = Snapshot.of(position(Board.from_rows(["..", "**"], total_mines=3)))
    assert influence(snap, Cell(0, 0)) == 0
