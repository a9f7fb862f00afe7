"""Enclosed regions: parts of the board whose play is independent of everything else.

A frontier component whose cells touch no other unknown cell, and whose number
of mines is the same in every layout, is a game of its own: nothing revealed
elsewhere tells anything about it, and nothing revealed in it tells anything
about the rest.  The probability of winning is then the product of the chances
of clearing it and of clearing the rest, so the exact game-tree search of
:mod:`cnfsweep.search.endgame`, run on the region alone, gives its best move at any
point of the game, however many layouts the rest of the board still has.

Examples
--------
>>> from cnfsweep.core.board import Board
>>> from cnfsweep.engine.position import position
>>> from cnfsweep.search.whatif import Snapshot

Two regions, each holding one mine: a pair at the top left and three cells on the right.

>>> board = Board.from_rows(["..*.", "3**3", "2*.."], total_mines=6)
>>> snap = Snapshot.of(position(board))
>>> [(r.cells, r.mines, r.layouts) for r in enclosed_regions(snap)][0]
((Cell(row=0, col=0), Cell(row=0, col=1)), 1, 2)
>>> sub, offset, total = region_board(board, snap, enclosed_regions(snap)[0])
>>> sub.grid, offset, total
(('..*', '2**'), (0, 0), 4)
"""

from __future__ import annotations

from dataclasses import dataclass

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import FLAG, NUMBERS
from cnfsweep.core.topology import Square
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
    for comp, table in zip(snap.components, snap.tables):
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


def region_board(board: Board, snap: Snapshot, region: Region) -> tuple[Board, tuple[int, int], int]:
    """Cut a region out of ``board`` as a board of its own.

    Returns the small board (the region's cells covered, known mines as flags,
    every other cell a number counting only the mines of the small board), the
    row and column of its top-left cell on ``board``, and its total of mines.
    """
    rows = [c.row for c in region.cells]
    cols = [c.col for c in region.cells]
    r0, r1 = max(min(rows) - 1, 0), min(max(rows) + 1, board.rows - 1)
    c0, c1 = max(min(cols) - 1, 0), min(max(cols) + 1, board.cols - 1)
    inside = set(region.cells)
    tables = board.topology.tables()
    cells = tables.cells

    def mines_around(cell: Cell, within_cut: bool) -> int:
        # Snapshots count the board's flags among their known mines.
        return sum(
            1 for j in tables.near(cell)
            if cells[j] in snap.known_mines and (not within_cut or (r0 <= cells[j][0] <= r1 and c0 <= cells[j][1] <= c1))
        )

    grid = []
    for r in range(r0, r1 + 1):
        row = []
        for c in range(c0, c1 + 1):
            cell = cells[r * board.cols + c]
            if cell in inside:
                row.append(".")
            elif cell in snap.known_mines:
                row.append(FLAG)
            else:
                ch = board.grid[r][c]
                in_region = 0
                if ch in NUMBERS and any(cells[j] in inside for j in tables.near(cell)):
                    in_region = int(ch) - mines_around(cell, False) - _outside(snap, cell, inside)
                row.append(str(in_region + mines_around(cell, True)))
        grid.append("".join(row))
    sub = Board(tuple(grid))
    return sub, (r0, c0), len(sub.flags) + region.mines


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


def best_region_move(
    board: Board, snap: Snapshot, *, max_layouts: int, node_limit: int
) -> tuple[Cell, EndgameResult] | None:
    """Return the best move in the enclosed region of fewest layouts that the search can finish, if any.

    Square boards only (``None`` on others): the region is cut out as a
    rectangle, whose neighbours are a square's, not a torus's or a hex grid's.
    """
    if not isinstance(board.topology, Square):
        return None
    for region in enclosed_regions(snap):
        if region.layouts > max_layouts:
            break
        sub, (dr, dc), total = region_board(board, snap, region)
        found = best_move(sub, total, max_layouts=max_layouts, node_limit=node_limit)
        if found is not None:
            # The cut-out board must hold exactly the region's layouts.
            assert found.layouts == region.layouts, "the region's board does not match its component"
            return Cell(found.cell.row + dr, found.cell.col + dc), found
    return None
