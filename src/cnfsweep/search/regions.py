"""Enclosed regions: parts of the board whose play is independent of everything else.

A frontier component whose cells touch no other unknown cell, and whose number
of mines is the same in every layout, is a game of its own: nothing revealed
elsewhere tells anything about it, and nothing revealed in it tells anything
about the rest.  The probability of winning is then the product of the chances
of clearing it and of clearing the rest, so the exact game-tree search of
:mod:`cnfsweep.search.endgame`, run on the region alone, gives its best move at any
point of the game, however many layouts the rest of the board still has.
The region is cut out with the cells around it as a graph board
(:func:`cut_region`), so this works on every topology: a torus's region may
wrap around an edge, a hex grid's has six sides a cell.

Examples
--------
>>> from cnfsweep.core.board import Board
>>> from cnfsweep.engine.position import build_position
>>> from cnfsweep.search.whatif import Snapshot

Two regions, each holding one mine: a pair at the top left and three cells on the right.

>>> board = Board.from_rows(["..*.", "3**3", "2*.."], total_mines=6)
>>> snap = Snapshot.of(build_position(board))
>>> [(r.cells, r.mines, r.layouts) for r in enclosed_regions(snap)][0]
((Cell(row=0, col=0), Cell(row=0, col=1)), 1, 2)
>>> cut = cut_region(board, snap, enclosed_regions(snap)[0])
>>> cut.board.grid, cut.total
(('..*2**',), 4)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import FLAG, NUMBERS
from cnfsweep.core.graph import Graph
from cnfsweep.search.endgame import EndgameResult, best_move
from cnfsweep.search.whatif import Snapshot


@dataclass(frozen=True)
class Region:
    """An enclosed region: its cells, its fixed number of mines and its number of layouts."""

    cells: tuple[Cell, ...]
    mines: int
    layouts: int


def enclosed_regions(snap: Snapshot) -> list[Region]:
    """List the enclosed regions of a position, fewest layouts first.

    A region's cells may touch revealed cells and known mines only, besides
    each other; its component's layouts must all hold the same number of mines.
    """
    tables = snap.topology.tables()
    cells_of = tables.cells
    out = []
    for comp, table in zip(snap.components, snap.tables, strict=True):
        if len(table.solutions) != 1:
            continue
        members = set(comp.cells)
        enclosed = all(
            cells_of[j] in members or not (snap.unknown(cells_of[j]) or cells_of[j] in snap.known_safe)
            for c in comp.cells
            for j in tables.near(c)
        )
        if enclosed:
            ((mines, layouts),) = table.solutions.items()
            out.append(Region(tuple(sorted(comp.cells)), mines, layouts))
    return sorted(out, key=lambda r: (r.layouts, r.cells))


def _outside(snap: Snapshot, number: Cell, inside: set[Cell]) -> int:
    """Count the mines a number next to a region sees among unknown cells outside it.

    Simplification may have split such a number's rule between the region and
    another component; the two being independent, each part holds the same
    number of mines in every layout, so the expected count is that number.
    """
    tables = snap.topology.tables()
    cells = tables.cells
    n = snap.solutions
    outside = [cells[j] for j in tables.near(number)]
    expected = sum(snap.weight(c) for c in outside if c not in inside and snap.unknown(c))
    count, left = divmod(expected, n)
    assert not left, f"the mines {tuple(number)} sees outside its region vary"
    return count


def pocket_cells(snap: Snapshot, cells: Iterable[Cell], most: int) -> frozenset[Cell]:
    """Return those of ``cells`` that lie in a pocket of at most ``most`` cells.

    A cell's pocket is the room a guess there has to open up: the covered cells
    that are not certain mines, reached from it through neighbours of the same
    kind (revealed cells and certain mines bound it).  A guess in a small
    pocket opens little beyond it, and the mines the rest of the board turns
    out to hold may settle the pocket at the end.

    Examples
    --------
    >>> from cnfsweep.core.board import Board
    >>> from cnfsweep.engine.position import build_position

    The right column lies behind numbers and flags; the cells on the left, and
    the one under the middle flag, reach each other:

    >>> board = Board.from_rows(["...*33*3.", "....*.3*.", ".....222."], total_mines=9)
    >>> snap = Snapshot.of(build_position(board))
    >>> column = [Cell(0, 8), Cell(1, 8), Cell(2, 8)]
    >>> [tuple(c) for c in sorted(pocket_cells(snap, [*column, Cell(2, 0), Cell(1, 5)], 3))]
    [(0, 8), (1, 8), (2, 8)]
    >>> pocket_cells(snap, column, 2)
    frozenset()
    """
    tables = snap.topology.tables()
    near, all_cells = tables.near, tables.cells
    n = snap.solutions

    def room(c: Cell) -> bool:
        return (snap.unknown(c) and snap.weight(c) < n) or c in snap.known_safe

    found: set[Cell] = set()
    large: set[Cell] = set()
    for start in cells:
        if start in found or start in large or not room(start):
            continue
        seen = {start}
        todo = [start]
        big = False
        while todo and not big:
            c = todo.pop()
            for j in near(c):
                d = all_cells[j]
                if d in seen or not room(d):
                    continue
                seen.add(d)
                todo.append(d)
                # A pocket reaching a cell already known to lie in a large one is as large.
                if d in large or len(seen) > most:
                    big = True
                    break
        (large if big else found).update(seen)
    return frozenset(c for c in cells if c in found)


@dataclass(frozen=True)
class RegionCut:
    """An enclosed region cut out as a board of its own, on any topology.

    Attributes
    ----------
    board : Board
        A graph board (:class:`~cnfsweep.core.graph.Graph`) of the region's
        cells, covered, and the cells around them: known mines as flags, every
        other one a number counting only the mines of the cut.  Its edges are
        the whole board's topology's, so a torus's wrap or a hexagon's six sides
        come with it.
    cells : tuple of Cell
        Where each cell of the cut lies on the whole board: cell ``i`` of the
        cut is ``cells[i]``.
    total : int
        The mines of the cut: its flags and the region's mines.
    """

    board: Board
    cells: tuple[Cell, ...]
    total: int


def cut_region(board: Board, snap: Snapshot, region: Region) -> RegionCut:
    """Cut a region and the cells around it out of ``board``, whatever its topology.

    Every neighbour of a region cell is a region cell, a revealed number or a
    known mine (that is what enclosed means), so the cut holds each cell a
    region cell's click could show or open.

    Examples
    --------
    >>> from cnfsweep.engine.position import build_position
    >>> board = Board.from_rows(["..*.", "3**3", "2*.."], total_mines=6)
    >>> snap = Snapshot.of(build_position(board))
    >>> cut = cut_region(board, snap, enclosed_regions(snap)[0])
    >>> cut.board.grid, cut.cells[:2], cut.total
    (('..*2**',), (Cell(row=0, col=0), Cell(row=0, col=1)), 4)
    """
    tables = board.topology.tables()
    cells = tables.cells
    inside = set(region.cells)
    kept = sorted(inside | {cells[j] for c in region.cells for j in tables.near(c)})
    index = {c: i for i, c in enumerate(kept)}
    names = [board.topology.cell_text(c) for c in kept]
    edges = [
        (names[i], names[index[cells[j]]]) for i, c in enumerate(kept) for j in tables.near(c) if cells[j] in index
    ]
    row = []
    for cell in kept:
        if cell in inside:
            row.append(".")
        elif cell in snap.known_mines:
            row.append(FLAG)
        else:
            ch = board.grid[cell.row][cell.col]
            assert ch in NUMBERS, f"{tuple(cell)} next to a region is neither a number nor a known mine"
            around = [cells[j] for j in tables.near(cell)]
            # Snapshots count the board's flags among their known mines.
            in_region = int(ch) - sum(c in snap.known_mines for c in around) - _outside(snap, cell, inside)
            row.append(str(in_region + sum(c in snap.known_mines and c in index for c in around)))
    sub = Board(("".join(row),), topology=Graph.from_edges(names, edges))
    return RegionCut(sub, tuple(kept), len(sub.flags) + region.mines)


def best_region_move(
    board: Board, snap: Snapshot, *, max_layouts: int, node_limit: int
) -> tuple[Cell, EndgameResult] | None:
    """Return the best move in the enclosed region of fewest layouts that the search can finish, if any.

    On every topology: the region is searched on its :func:`cut_region`.
    """
    for region in enclosed_regions(snap):
        if region.layouts > max_layouts:
            break
        cut = cut_region(board, snap, region)
        found = best_move(cut.board, cut.total, max_layouts=max_layouts, node_limit=node_limit)
        if found is not None:
            # The cut-out board must hold exactly the region's layouts.
            assert found.layouts == region.layouts, "the region's board does not match its component"
            return cut.cells[found.cell.col], found
    return None
