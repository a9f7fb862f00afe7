"""Influence of likely 50/50s, counted again by brute force on small boards."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from game_oracle import BruteTree, revealed_of, small_game_positions
from oracle import around, frontier, layouts, reference
from positions import SMALL, guess_points

from boards import EVERY_TOPOLOGY, position_on
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.topology import Square
from cnfsweep.engine import Engine
from cnfsweep.play.policy import GuessRule
from cnfsweep.play.strong import StrongPolicy
from cnfsweep.search.pairs import MAX_OPEN_CAPS, forced_pair, influence, pseudo_fifty
from cnfsweep.engine.position import build_position
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
        snap = Snapshot.of(build_position(board))
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
    snap = Snapshot.of(build_position(Board.from_rows(["..", "11"], total_mines=1)))
    assert [influence(snap, Cell(0, c)) for c in range(2)] == [1, 1]


def test_cells_off_the_frontier_have_no_influence():
    snap = Snapshot.of(build_position(Board.from_rows(["..", "**"], total_mines=3)))
    assert influence(snap, Cell(0, 0)) == 0


# -- pseudo 50/50s (issue 38) --------------------------------------------------------------


def living_in(snap: Snapshot) -> Callable[[Cell], bool]:
    """Whether a cell of ``snap`` can show more than one number (as strong tells dead cells)."""
    return lambda c: len(snap.outcomes(c)) > 1


def brute_pseudo(board: Board) -> Cell | None:
    """The first covered cell (row-major) that is a mine only as one side of a 50/50 with a side neighbour,
    whose caps are mines or covered with at most one not yet a certain mine, and that can show two numbers:
    every count from the whole list of layouts."""
    every = layouts(board)
    n = len(every)

    def count(x: Cell) -> int:
        return sum(x in layout for layout in every)

    for t in sorted(c for c in board.covered if board.char(c) == "."):
        with_t = [layout for layout in every if t in layout]
        if not 0 < len(with_t) < n:
            continue
        shown = {sum(x in layout for x in around(board, t)) for layout in every if t not in layout}
        if len(shown) < 2:
            continue
        for axis in side_axes(board, t):
            hit = False
            for u in axis:
                if board.char(u) != "." or not 0 < count(u) < n:
                    continue
                apart = (set(around(board, t)) ^ set(around(board, u))) - {t, u}
                if any(board.char(x) not in ".*" for x in apart):
                    continue
                if sum(1 for x in apart if board.char(x) == "." and count(x) < n) > 1:
                    continue
                if all(
                    u not in layout and all(x in layout or board.char(x) == "*" for x in apart) for layout in with_t
                ):
                    hit = True
            if hit:
                return t
    return None


@pytest.mark.parametrize("topology", EVERY_TOPOLOGY)
def test_pseudo_fifty_fifties_are_found_as_brute_force_finds_them(topology):
    found = 0
    # The pattern is rare on hexagons: they get more positions.
    for seed in range(1000 if topology == "hex" else 400):
        board = position_on(topology, seed, max_frontier=10, with_total=True, flags=seed % 3 == 0).board
        if not reference(board).consistent or len(board.covered) > 16:
            continue
        snap = Snapshot.of(build_position(board))
        expected = brute_pseudo(board)
        assert pseudo_fifty(snap, living_in(snap)) == expected, board.grid
        found += expected is not None
    assert found >= 1


def test_a_pseudo_fifty_fifty_can_lose_value_so_exact_search_comes_first():
    """Clicking a pseudo 50/50 at once is a heuristic, not a theorem: the exact game value says so.

    Every layout with a mine on the cell is half of a coin flip, but a player who waits may win the other
    half of such a pair by clicking the partner instead, and learn more on the way: on 4x4 boards with
    4 mines the exact game tree finds positions where the click loses value.  ``strong`` searches such
    small positions exactly before it looks for pseudo 50/50s, so there the rule never decides.
    """
    tree = BruteTree(4, 4, 4)
    policy, engine = StrongPolicy(pseudo_pairs=True), Engine.create()
    seen = lost = 0
    for board in small_game_positions(4, 4, 4, 3000, 1):
        snap = Snapshot.of(build_position(board))
        t = pseudo_fifty(snap, living_in(snap))
        if t is None:
            continue
        seen += 1
        revealed = revealed_of(board)
        value = tree.value(revealed)
        lost += tree.move_value(revealed, t) < value
        analysis = engine.analyze(board)
        if not analysis.safe:
            assert tree.move_value(revealed, policy.choose(analysis, engine).cell) == value, board.grid
    assert seen >= 10 and lost >= 1


def test_strong_takes_a_pseudo_fifty_fifty_only_when_switched_on():
    # With the exact searches off, a pseudo 50/50 in the top right corner (see the test above).
    board = Board.from_rows(["....", ".2..", "....", ".1.2"], total_mines=4)
    engine = Engine.create()
    analysis = engine.analyze(board)
    snap = Snapshot.of_analysis(analysis, engine)
    t = pseudo_fifty(snap, living_in(snap))
    assert t is not None and brute_pseudo(board) == t
    on = StrongPolicy(pseudo_pairs=True, endgame=False, regions=False).choose(analysis, engine)
    assert (on.cell, on.rule) == (t, GuessRule.PSEUDO)
    off = StrongPolicy(endgame=False, regions=False).choose(analysis, engine)
    assert off.rule is not GuessRule.PSEUDO


# -- forced pairs capped by the total (issue 38) ---------------------------------------------


def brute_forced_pair_total(board: Board) -> tuple[Cell, Cell] | None:
    """As :func:`brute_forced_pair`, but a cap anywhere that is a mine in every layout counts."""
    ref = reference(board)
    on_frontier = set(frontier(board))
    halves = sorted(c for c in on_frontier if ref.exact[c] == Fraction(1, 2))
    for i, a in enumerate(halves):
        for b in halves[i + 1 :]:
            near_a, near_b = set(around(board, a)), set(around(board, b))
            if b not in near_a and near_a.isdisjoint(near_b):
                continue
            caps = (near_a ^ near_b) - {a, b}
            if not all(board.char(x) == "*" or ref.exact[x] == 1 for x in caps):
                continue
            marked = board.with_char(a, "a").with_char(b, "b")
            if all(reference(marked, assume={"a": v, "b": v}).solutions == 0 for v in (True, False)):
                return a, b
    return None


@pytest.mark.parametrize("topology", EVERY_TOPOLOGY)
def test_forced_pairs_capped_by_the_total_are_found_as_brute_force_finds_them(topology):
    engine = Engine.create()
    found = differ = 0
    for seed in range(300):
        board = position_on(topology, seed, max_frontier=10, with_total=True, flags=seed % 3 == 0).board
        if not reference(board).consistent:
            continue
        expected = brute_forced_pair_total(board)
        assert forced_pair(engine.analyze(board), engine, total_caps=True) == expected, board.grid
        found += expected is not None
        differ += expected != brute_forced_pair(board)
    assert found >= 3


def test_a_cap_the_total_makes_a_mine_counts_only_when_asked():
    # (0, 3) and (1, 3) hold one mine; their cap (2, 3) touches no number and is a mine only because
    # the total leaves one more mine for it.
    board = Board.from_rows(["122.", "*...", ".4*."], total_mines=6)
    engine = Engine.create()
    analysis = engine.analyze(board)
    assert brute_forced_pair(board) is None
    assert forced_pair(analysis, engine) is None
    assert forced_pair(analysis, engine, total_caps=True) == brute_forced_pair_total(board) is not None
