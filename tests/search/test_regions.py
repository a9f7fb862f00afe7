"""Enclosed regions: their best move is optimal for the whole game, by a plain game tree."""

from __future__ import annotations

import functools
from collections.abc import Collection
from fractions import Fraction
from itertools import combinations, product

import pytest
from game_oracle import BruteTree, revealed_of
from oracle import around, frontier, reference

from boards import EVERY_TOPOLOGY, position_on

from cnfsweep.engine.analysis import Analysis
from cnfsweep.play import play_game
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import CellKind
from cnfsweep.experiments.campaign import game_seed
from cnfsweep.play.game import Level
from cnfsweep.engine.position import build_position
from cnfsweep.search.endgame import best_move
from cnfsweep.search.regions import Region, best_region_move, cut_region, enclosed_regions
from cnfsweep.search.whatif import Snapshot


def region_points(level: Level, seed: int, games: int) -> list[tuple[Board, Snapshot]]:
    """Positions from real play where the player had to guess and an enclosed region exists."""
    points = []

    def watch(_game: object, analysis: Analysis) -> None:
        if analysis.consistent and not analysis.safe and analysis.solutions:
            snap = Snapshot.of(analysis.position)
            if snap is not None and enclosed_regions(snap):
                points.append((analysis.board, snap))

    for i in range(games):
        play_game(level, game_seed(seed, i), watch=watch)
    return points


@pytest.mark.parametrize("rows, cols, mines, seed", [(4, 5, 4, 31), (3, 8, 4, 32), (4, 6, 4, 33)])
def test_the_region_move_is_optimal_for_the_whole_game(rows, cols, mines, seed):
    tree = BruteTree(rows, cols, mines)
    checked = 0
    for board, snap in region_points(Level(rows, cols, mines), seed, 300):
        found = best_region_move(board, snap, max_layouts=300, node_limit=20_000)
        assert found is not None
        cell, result = found
        region = enclosed_regions(snap)[0]
        assert cell in region.cells and result.layouts == region.layouts
        revealed = revealed_of(board)
        assert tree.move_value(revealed, cell) == tree.value(revealed), (board.grid, cell)
        checked += 1
    assert checked >= 10


# Found by a random search over 4x5 boards with 5 mines: an enclosed region beside other
# unknown cells, which its search never sees, and no safe cell anywhere.
BESIDE_OTHERS = [["01.10", "02220", "13.31", "....."], [".....", "14.41", "02.20", "01110"]]


@pytest.mark.parametrize("rows", BESIDE_OTHERS, ids="/".join)
def test_the_region_move_is_optimal_beside_other_unknown_cells(rows, tree_4x5):
    board = Board.from_rows(rows, total_mines=5)
    snap = Snapshot.of(build_position(board))
    assert snap is not None and not snap.safe_exists
    region = enclosed_regions(snap)[0]
    assert any(snap.unknown(c) and c not in region.cells for c in board.covered)
    found = best_region_move(board, snap, max_layouts=300, node_limit=20_000)
    assert found is not None and found[0] in region.cells
    revealed = revealed_of(board)
    assert tree_4x5.move_value(revealed, found[0]) == tree_4x5.value(revealed)


@pytest.fixture(scope="module")
def tree_4x5() -> BruteTree:
    return BruteTree(4, 5, 5)


def test_a_component_whose_mine_count_varies_is_not_a_region():
    # Enclosed on the left, with 4 or 5 mines: the total ties it to the cells on the right.
    board = Board.from_rows([".*.3.", "**...", ".5.5*", "*...2"], total_mines=11)
    snap = Snapshot.of(build_position(board))
    assert snap is not None and snap.off
    varying = [t for t in snap.tables if len(t.solutions) > 1]
    assert varying and enclosed_regions(snap) == []


# From expert play (seed 2026, game 2523): the numbers under the 2x2 region at the top right
# also see two covered cells below them, whose mines simplification moved to another component.
SPLIT_RULES = [
    "1*113*21*112*****10001..100000",
    "1222**31112*45*5221223..210011",
    "01*34*20003*32*312*3**33*2113*",
    "012*2111113*3223*325*..3..2..*",
    "00122113*22*21*212*3*4*212*23*",
    "1101*22**222212212231333112221",
    "*21233*3223*312*11*102**102*20",
    "*21*2*2101**3*22221102*4202*31",
    "1111212111222122*100123*2112*1",
    "1111111*2111101*21012*33*11221",
    "2*22*112*12*20111123*3*3221*10",
    "*4*21112212*211102**3322*22221",
    "2*21001*101111*212*32*223*12*2",
    "122222211012222*1222112*2123*2",
    "12*3**11111**12221*10011101*21",
    "1*23*311*112211*11110000001110",
]


def test_a_region_whose_numbers_also_see_another_component():
    board = Board.from_rows(SPLIT_RULES, total_mines=99)
    snap = Snapshot.of(build_position(board))
    region = next(r for r in enclosed_regions(snap) if (0, 22) in r.cells)
    cut = cut_region(board, snap, region)
    # The 2x2 region and the ten cells around it: the numbers count only the mines of the cut.
    assert cut.cells == tuple(Cell(r, c) for r in range(3) for c in range(21, 25))
    assert cut.board.grid == ("1..12..2*22*",) and cut.total == 4
    found = best_region_move(board, snap, max_layouts=300, node_limit=20_000)
    assert found is not None and found[1].layouts == region.layouts


# -- every topology -------------------------------------------------------------------------


def _certain_mines(board: Board, ref) -> set[Cell]:
    return set(board.flags) | {c for c, p in ref.exact.items() if p == 1}


def brute_regions(board: Board) -> list[tuple[Cell, ...]]:
    """Regions from the definition, by brute force: the smallest non-empty sets of uncertain frontier cells that
    touch only each other, numbers and certain mines, whose mine count is the same in every layout, and whose
    layouts combine freely with those of the other uncertain cells.

    Certain and uncertain, and the layouts, are the numbers' alone, as a snapshot's components are: the
    total does not settle cells or counts here.  Every subset of the uncertain cells is tried.
    """
    board = board.with_total(None)
    ref = reference(board)
    mines = _certain_mines(board, ref)
    uncertain = [c for c in frontier(board) if 0 < ref.exact[c] < 1]
    models = _models(board, mines, uncertain)
    found: list[frozenset[Cell]] = []
    for size in range(1, len(uncertain) + 1):
        for cells in map(frozenset, combinations(uncertain, size)):
            if not any(f < cells for f in found) and _on_its_own(board, mines, models, cells):
                found.append(cells)
    return sorted(tuple(sorted(f)) for f in found)


def _models(board: Board, mines: set[Cell], free: list[Cell]) -> list[frozenset[Cell]]:
    """Every set of ``free`` cells that, with ``mines``, makes each number right."""
    checks = [(board.number(n), around(board, n)) for n in board.numbers]
    out = []
    for bits in product((False, True), repeat=len(free)):
        placed = mines | {c for c, b in zip(free, bits, strict=True) if b}
        if all(sum(x in placed for x in near) == k for k, near in checks):
            out.append(frozenset(c for c, b in zip(free, bits, strict=True) if b))
    return out


def _region_layouts(models: list[frozenset[Cell]], mines: set[Cell], cells: tuple[Cell, ...]) -> set[frozenset[Cell]]:
    """The layouts of a region's cells: the position's layouts seen through them (certain mines among them kept)."""
    return {(m | mines) & set(cells) for m in models}


def _on_its_own(board: Board, mines: set[Cell], models: list[frozenset[Cell]], cells: frozenset[Cell]) -> bool:
    """Whether ``cells`` touch only each other, numbers and certain mines, hold the same count of mines in every
    layout, and their layouts combine freely with the rest's."""
    if not all(n in cells or n in mines or board.kind(n) is CellKind.NUMBER for c in cells for n in around(board, c)):
        return False
    inside = {m & cells for m in models}
    outside = {m - cells for m in models}
    return len({len(m) for m in inside}) == 1 and len(inside) * len(outside) == len(models)


def brute_region_value(
    board: Board, cells: tuple[Cell, ...], layouts: Collection[frozenset[Cell]]
) -> tuple[Fraction, dict[Cell, Fraction]]:
    """The best chance of clearing a region, and each first click's, by a plain game tree over its layouts.

    A click shows its number (the region's mines and the certain mines around it);
    a 0 opens its neighbours in the region, as the game floods.
    """
    ref = reference(board)
    outside = _certain_mines(board, ref)
    inside = set(cells)
    near = {c: around(board, c) for c in cells}

    def opened(cell: Cell, layout: frozenset[Cell]) -> frozenset[tuple[Cell, int]]:
        shown, todo = {}, [cell]
        while todo:
            c = todo.pop()
            if c in shown:
                continue
            shown[c] = sum(n in layout or n in outside for n in near[c])
            if shown[c] == 0:
                todo.extend(n for n in near[c] if n in inside)
        return frozenset(shown.items())

    @functools.cache
    def value(revealed: frozenset[Cell], alive: frozenset[frozenset[Cell]]) -> Fraction:
        if all(c in revealed or c in m for m in alive for c in cells):
            return Fraction(1)
        return max(move(revealed, alive, c) for c in cells if c not in revealed and any(c not in m for m in alive))

    def move(revealed: frozenset[Cell], alive: frozenset[frozenset[Cell]], cell: Cell) -> Fraction:
        outcomes: dict[frozenset, set[frozenset[Cell]]] = {}
        for m in alive:
            if cell not in m:
                outcomes.setdefault(opened(cell, m), set()).add(m)
        return sum(
            (
                Fraction(len(group), len(alive)) * value(revealed | {c for c, _ in seen}, frozenset(group))
                for seen, group in outcomes.items()
            ),
            Fraction(0),
        )

    alive = frozenset(layouts)
    best = value(frozenset(), alive)
    return best, {c: move(frozenset(), alive, c) for c in cells if any(c not in m for m in alive)}


@pytest.mark.parametrize("topology", EVERY_TOPOLOGY)
def test_regions_and_their_best_moves_are_as_brute_force_finds_them(topology):
    regions = moves = 0
    for seed in range(1000):
        board = position_on(topology, seed, max_frontier=10, with_total=True, flags=seed % 3 == 0).board
        if not reference(board).consistent:
            continue
        snap = Snapshot.of(build_position(board))
        found = enclosed_regions(snap)
        brute = brute_regions(board)
        bare = board.with_total(None)
        exact = reference(bare).exact
        mines = _certain_mines(bare, reference(bare))
        uncertain = [c for c in frontier(bare) if 0 < exact[c] < 1]
        models = _models(bare, mines, uncertain)
        components = [set(comp.cells) for comp in snap.components]
        for region in found:
            # What the engine calls a region is one: on its own, its count fixed (certain mines, and
            # certain safe cells the simplification kept in its component, are part of it as they are).
            assert _on_its_own(bare, mines - set(region.cells), models, frozenset(region.cells)), (board.grid, region)
            ways = _region_layouts(models, mines, region.cells)
            assert {len(m) for m in ways} == {region.mines} and len(ways) == region.layouts
        for r in brute:
            # Each region of the definition is found, alone or within a bigger one (a component whose numbers
            # join parts that are independent all the same: still a game of its own), but for the known limit:
            # a region the simplified numbers split into several components, none of them enclosed alone.
            parts = [comp for comp in components if comp & set(r)]
            assert any(set(r) <= set(f.cells) for f in found) or (
                len(parts) > 1 and all(comp <= set(r) for comp in parts)
            ), (board.grid, r)
        regions += len(found)
        move = best_region_move(board, snap, max_layouts=300, node_limit=20_000)
        # Regions of mines only have no move: the first region with a safe cell is searched.
        playable = [r for r in found if r.layouts > 1 or len(r.cells) > r.mines]
        if not playable or playable[0].layouts > 300:
            continue
        assert move is not None, board.grid
        cell, result = move
        assert cell in playable[0].cells
        best, by_cell = brute_region_value(board, playable[0].cells, _region_layouts(models, mines, playable[0].cells))
        assert result.win_probability == best == by_cell[cell], (board.grid, cell)
        moves += 1
    assert regions >= 10 and moves >= 8


def rectangle_cut(board: Board, snap: Snapshot, region: Region) -> tuple[Board, tuple[int, int], int]:
    """The cut a square board's region had before every topology had one: the rectangle around it, numbers
    counting only the mines inside the rectangle (kept here to show square play is unchanged)."""
    cells = region.cells
    r0, r1 = max(min(c.row for c in cells) - 1, 0), min(max(c.row for c in cells) + 1, board.rows - 1)
    c0, c1 = max(min(c.col for c in cells) - 1, 0), min(max(c.col for c in cells) + 1, board.cols - 1)
    inside = set(cells)

    def in_cut(c: Cell) -> bool:
        return r0 <= c.row <= r1 and c0 <= c.col <= c1

    grid = []
    for r in range(r0, r1 + 1):
        row = ""
        for c in range(c0, c1 + 1):
            cell = Cell(r, c)
            if cell in inside:
                row += "."
            elif cell in snap.known_mines:
                row += "*"
            else:
                near = board.neighbours(cell)
                in_region = 0
                if any(n in inside for n in near):
                    unknown_out = [n for n in near if n not in inside and snap.unknown(n)]
                    expected = sum(snap.weight(n) for n in unknown_out) // snap.solutions
                    in_region = board.number(cell) - sum(n in snap.known_mines for n in near) - expected
                row += str(in_region + sum(n in snap.known_mines and in_cut(n) for n in near))
        grid.append(row)
    sub = Board(tuple(grid))
    return sub, (r0, c0), len(sub.flags) + region.mines


@pytest.mark.parametrize("rows, cols, mines, seed", [(4, 5, 4, 41), (5, 6, 6, 42), (8, 8, 12, 43)])
def test_on_squares_the_cut_plays_as_the_old_rectangle(rows, cols, mines, seed):
    compared = 0
    for board, snap in region_points(Level(rows, cols, mines), seed, 200):
        for region in enclosed_regions(snap):
            if region.layouts > 300:
                break
            sub, (dr, dc), total = rectangle_cut(board, snap, region)
            old = best_move(sub, total, max_layouts=300, node_limit=20_000)
            cut = cut_region(board, snap, region)
            new = best_move(cut.board, cut.total, max_layouts=300, node_limit=20_000)
            assert old is not None and new is not None
            assert (Cell(old.cell.row + dr, old.cell.col + dc), old.win_probability, old.layouts, old.nodes) == (
                cut.cells[new.cell.col],
                new.win_probability,
                new.layouts,
                new.nodes,
            )
            compared += 1
    assert compared >= 10
