"""Likely 50/50s: guesses that also settle a coin flip the game would force later.

Two side-by-side cells ``t`` and ``u`` whose other neighbours ("caps", the
cells next to one of them but not the other) are all mines can never be told
apart: every other cell shows the same number whichever of them holds the
mine.  In the layouts where ``t`` is the mine of such a pair, a player who
guesses elsewhere still has to take that 50/50 later and wins at most half of
them; in the mirror layouts where ``u`` is the mine, clicking ``t`` now
survives and settles the pair.  Scoring ``t`` only by its own safety therefore
undervalues it by about the number of layouts where it is the mine of a likely
50/50: its *influence*.

Examples
--------
>>> from cnfsweep.board import Board, Cell
>>> from cnfsweep.problem import position
>>> from cnfsweep.search.whatif import Snapshot
>>> snap = Snapshot.of(position(Board.from_rows(["..", "11"], total_mines=1)))
>>> influence(snap, Cell(0, 0)), snap.weight(Cell(0, 0)), snap.solutions
(1, 1, 2)
"""

from __future__ import annotations

from cnfsweep.board import Cell, shape_tables
from cnfsweep.search.whatif import Snapshot

# Patterns with more caps still to prove mines are rare and costly to count.
MAX_OPEN_CAPS = 2


def influence(snap: Snapshot, cell: Cell) -> int:
    """Count the layouts in which ``cell`` is the mine of a likely 50/50 with a side neighbour.

    For each direction (left/right, up/down) the partner giving the most
    layouts counts; the two directions add up, capped at the layouts where
    ``cell`` is a mine and at those where it is safe.  Cells off the frontier
    have no influence.
    """
    cells, around = shape_tables(snap.rows, snap.cols)
    rows, cols, n = snap.rows, snap.cols, snap.solutions
    r, c = cell
    mine_layouts = snap.weight(cell)
    # Off the frontier such patterns are guesses about unexplored ground, which later
    # reveals around them will usually settle: only the frontier's count.
    if not 0 < mine_layouts < n or cell not in snap.box_of:
        return 0
    mine_here = set(around[r * cols + c])
    total = 0
    for partners in (((r, c - 1), (r, c + 1)), ((r - 1, c), (r + 1, c))):
        best = 0
        for pr, pc in partners:
            if not (0 <= pr < rows and 0 <= pc < cols):
                continue
            partner = cells[pr * cols + pc]
            if not snap.unknown(partner) or not 0 < snap.weight(partner) < n:
                continue
            caps = [cells[j] for j in mine_here.symmetric_difference(around[pr * cols + pc])]
            caps = [x for x in caps if x != cell and x != partner]
            # A cap that is or will be revealed tells the two cells apart.
            if any(not (x in snap.known_mines or snap.unknown(x)) for x in caps):
                continue
            open_caps = [x for x in caps if x not in snap.known_mines and snap.weight(x) < n]
            if len(open_caps) > MAX_OPEN_CAPS:
                continue
            values = {cell: True, partner: False, **dict.fromkeys(open_caps, True)}
            after = snap.condition(values)
            if after is not None:
                best = max(best, after.solutions)
        total += best
    return min(total, mine_layouts, n - mine_layouts)
