"""Which cells of a hypothetical position a look-ahead weighs, how safe the best two are, and what a cell can show.

:meth:`Snapshot.candidates <cnfsweep.search.whatif.Snapshot.candidates>` answers with :func:`candidates`
(the safest cells, and a few of the cells off the frontier),
:meth:`Snapshot.safety_pair <cnfsweep.search.whatif.Snapshot.safety_pair>` with :func:`safety_pair`,
and :meth:`Snapshot.number_range <cnfsweep.search.whatif.Snapshot.number_range>` with :func:`number_range`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import chain
from fractions import Fraction
from typing import Any

import cnfsweep.search.splitting as splitting
from cnfsweep.core.board import Cell
from cnfsweep.core.topology import ShapeTables

__all__ = [
    "candidates",
    "dead_safe",
    "expected_settled",
    "living_safety_pair",
    "more_off_cells",
    "number_range",
    "numbers_shown",
    "safety_pair",
]

# A Snapshot of cnfsweep.search.whatif, which imports this module: typed loosely here.
Snapshot = Any


def candidates(snap: Snapshot, tolerance: float, limit: int, off_cells: int = 2) -> list[Cell]:
    """Return up to ``limit`` cells whose safety is within ``tolerance`` (relative) of the best.

    Safest first, then fewest neighbours left to open, then row-major;
    cells off the frontier are alike but for their neighbourhood, so
    ``off_cells`` of them (those with fewest neighbours left to open)
    stand for all.
    """
    n, w = snap.solutions, snap.weights
    if snap.lowest == n:
        return []
    # Safety within the window: n - x >= (n - best) * (1 - tolerance).
    ceiling = n - (n - snap.lowest) * (1 - tolerance)
    near: list[tuple[int, Cell]] = []
    for part, row in zip(snap.parts, w.boxes, strict=True):
        for box, x in zip(part.boxes, row, strict=True):
            if x <= ceiling and x < n:
                near.extend((x, c) for c in box)
    near.sort()
    # Only cells as safe as the limit-th one can make the cut: count neighbours for those alone.
    if len(near) > limit:
        near = [(x, c) for x, c in near if x <= near[limit - 1][0]]
    tables = snap.topology.tables()
    cells, box_of, boxes = tables.cells, snap.box_of, w.boxes
    known_safe, off = snap.known_safe, snap.off
    # A neighbour left to open: certainly safe, or covered and not a certain mine (as snap.weight says).
    off_open = bool(off) and (w.off_frontier or 0) < n

    def to_open(c: Cell) -> int:
        count = 0
        for j in tables.near(c):
            nb = cells[j]
            if nb in known_safe:
                count += 1
            else:
                found = box_of.get(nb)
                if found is not None:
                    count += boxes[found[0]][found[1]] < n
                elif off_open and nb in off:
                    count += 1
        return count

    count_open = getattr(splitting.kernel, "open_counts", None)
    counted = (
        NotImplemented
        if count_open is None
        else count_open([c for _, c in near], tables.around, cells, known_safe, box_of, boxes, n, off, off_open)
    )
    if counted is NotImplemented:
        counted = [to_open(c) for _, c in near]
    ranked = [(x, k, c) for (x, c), k in zip(near, counted, strict=True)]
    if off and w.off_frontier is not None and w.off_frontier <= ceiling:
        ranked.extend((w.off_frontier, k, c) for k, c in _open_off_cells(snap, off_cells))
    return [c for _, _, c in sorted(ranked)[:limit]]


# Every cell of a shape by its number of neighbours, then row-major, per shape's tables (kept alive
# here), for the 16 most recent shapes as the topology keeps its tables.
_ORDERS: dict[int, tuple[ShapeTables, tuple[Cell, ...]]] = {}


def _by_neighbours(tables: ShapeTables) -> tuple[Cell, ...]:
    """Return every cell of the shape, fewest neighbours first, then row-major: sorted once per shape."""
    found = _ORDERS.get(id(tables))
    if found is None or found[0] is not tables:
        if len(_ORDERS) >= 16:
            del _ORDERS[next(iter(_ORDERS))]
        found = _ORDERS[id(tables)] = (tables, tuple(sorted(tables.cells, key=lambda c: (len(tables.near(c)), c))))
    return found[1]


# No certain mine next to any cell: what _open_off_cells counts where the frontier's boxes hold none.
_NONE_NEAR: Counter[int] = Counter()


def _open_off_cells(snap: Snapshot, count: int) -> list[tuple[int, Cell]]:
    """Return the ``count`` cells off the frontier with fewest neighbours left to open, with that number.

    No number sees a cell off the frontier, so every neighbour of one is
    covered: it is left to open unless it is a certain mine.  Away from
    certain mines the count is the plain number of neighbours (corners,
    then edges), so the ``count`` first of those by that number, and the
    cells next to a certain mine, hold the ``count`` best.
    """
    tables = snap.topology.tables()
    cells = tables.cells
    n = snap.solutions
    tree = snap.tree
    # Certain mines next to each cell: the known ones are the same all over the tree, so counted once.
    found_known = tree.mines_near.get(snap.known_mines)
    if found_known is None:
        counts = Counter(chain.from_iterable(map(tables.near, snap.known_mines)))
        found_known = tree.mines_near[snap.known_mines] = (counts, frozenset(cells[j] for j in counts))
    known, beside = found_known
    # Certain mines among the frontier's boxes: most positions have none (told by a search of each row in C),
    # and then no list nor Counter is made.
    rows = snap.weights.boxes
    certain = (
        [
            box
            for part, row in zip(snap.parts, rows, strict=True)
            for box, x in zip(part.boxes, row, strict=True)
            if x == n
        ]
        if any(n in row for row in rows)
        else []
    )
    more = Counter(chain.from_iterable(map(tables.near, chain.from_iterable(certain)))) if certain else _NONE_NEAR
    off = snap.off
    near_mine = beside & off
    if more:
        near_mine |= {cells[j] for j in more} & off
    found: list[tuple[int, Cell]] = []
    for c in _by_neighbours(tables):
        if len(found) == count:
            break
        if c in off and c not in near_mine:
            found.append((len(tables.near(c)), c))
    index = tables.index
    if more:
        found.extend((len(tables.near(c)) - known[index(c)] - more[index(c)], c) for c in near_mine)
        return sorted(found)[:count]
    root_off = tree.root_off
    if root_off is None:
        found.extend((len(tables.near(c)) - known[index(c)], c) for c in near_mine)
        return sorted(found)[:count]
    # With no certain mine on the frontier, the cells next to known ones count their neighbours less those
    # mines, the same all over the tree: sorted once (those off the frontier of the tree's first position, of
    # which every position's are some), the first ``count`` of them off the frontier here are the least of
    # them all (the same ``count`` least of everything as counting each of them).
    ordered = tree.off_order.get(snap.known_mines)
    if ordered is None:
        ordered = tree.off_order[snap.known_mines] = sorted(
            (len(tables.near(c)) - known[index(c)], c) for c in beside & root_off
        )
    taken = 0
    for pair in ordered:
        if taken == count:
            break
        if pair[1] in off:
            found.append(pair)
            taken += 1
    return sorted(found)[:count]


def more_off_cells(
    snap: Snapshot,
    numbers: Iterable[Cell],
    *,
    two_steps: bool = False,
    all_below: int = 0,
    few_covered: int = 0,
) -> list[Cell]:
    """Return the cells off the frontier worth weighing beside :func:`candidates`' few, row-major.

    Parameters
    ----------
    snap : Snapshot
        The position.
    numbers : iterable of Cell
        Its revealed numbers.
    two_steps : bool
        Every cell off the frontier two steps in a straight line from a number:
        past a neighbour across one of the number's sides, on the same axis
        (``(r, c +- 2)`` and ``(r +- 2, c)`` on a square).  Clicked, such a cell
        often tells the frontier cell between them apart.
    all_below : int
        Every cell off the frontier while fewer than this many are left (0: none).
    few_covered : int
        Every cell off the frontier with at most this many neighbours left to
        open (covered and not a certain mine; 0: none).

    Examples
    --------
    >>> from cnfsweep.core.board import Board
    >>> from cnfsweep.engine.position import build_position
    >>> from cnfsweep.search.whatif import Snapshot
    >>> board = Board.from_rows(["1....", ".....", "....."], total_mines=3)
    >>> snap = Snapshot.of(build_position(board))
    >>> more_off_cells(snap, board.numbers, two_steps=True)
    [Cell(row=0, col=2), Cell(row=2, col=0)]
    """
    off = snap.off
    if not off:
        return []
    found: set[Cell] = set()
    topology = snap.topology
    if two_steps:
        for z in numbers:
            for axis in topology.sides(z):
                for y in axis:
                    # The axis of y that holds z runs on through y: its other cells lie straight past y.
                    for through in topology.sides(y):
                        if z in through:
                            found.update(x for x in through if x != z and x in off)
    if len(off) < all_below:
        found |= off
    if few_covered:
        tables = topology.tables()
        cells = tables.cells
        n = snap.solutions
        for c in off:
            left = sum(
                1
                for j in tables.near(c)
                if cells[j] in snap.known_safe or (snap.unknown(cells[j]) and snap.weight(cells[j]) < n)
            )
            if left <= few_covered:
                found.add(c)
    return sorted(found)


def safety_pair(snap: Snapshot) -> tuple[Fraction, Fraction]:
    """Return the best and second-best safety of a covered cell of ``snap`` that may still be clicked.

    See :meth:`Snapshot.safety_pair <cnfsweep.search.whatif.Snapshot.safety_pair>`.
    """
    n, w = snap.solutions, snap.weights
    ones = len(snap.known_safe)
    pool: list[tuple[int, int]] = []  # (mine weight, how many cells)
    for k, part in enumerate(snap.parts):
        for b, box in enumerate(part.boxes):
            x = w.boxes[k][b]
            if x < n:
                pool.append((x, len(box)))
    if snap.off and w.off_frontier is not None and w.off_frontier < n:
        pool.append((w.off_frontier, len(snap.off)))
    if not pool and not ones:
        return Fraction(1), Fraction(1)
    pool.sort()
    best: list[Fraction] = [Fraction(1)] * min(ones, 2)
    for x, size in pool:
        if len(best) >= 2:
            break
        best.extend([Fraction(n - x, n)] * min(size, 2 - len(best)))
    best.extend([Fraction(0)] * (2 - len(best)))
    return best[0], best[1]


def living_safety_pair(snap: Snapshot, full: bool = False) -> tuple[Fraction, Fraction]:
    """Return the best and second-best safety of a cell of ``snap`` worth guessing: plainly dead cells left out.

    As :func:`safety_pair`, but a covered cell whose neighbours are all
    settled (it can show one number only, :func:`number_range`) is not
    counted: guessing it tells nothing.  Certain safe cells count as 1
    whatever they show.  With no living cell, :func:`safety_pair`'s values.
    With ``full``, a cell is also dead when its neighbours may be unsettled
    but it shows the same number in every layout where it is safe
    (:func:`numbers_shown`): a pair of neighbours holding one mine between
    them, say.

    Examples
    --------
    >>> from cnfsweep.core.board import Board
    >>> from cnfsweep.engine.position import build_position
    >>> from cnfsweep.search.whatif import Snapshot
    >>> snap = Snapshot.of(build_position(Board.from_rows(["...", "233", "1.."], total_mines=3)))
    >>> safety_pair(snap)  # (2, 1) is safe; (2, 2) is a mine half the time, and can show only a 3
    (Fraction(1, 1), Fraction(1, 2))
    >>> living_safety_pair(snap)
    (Fraction(1, 1), Fraction(0, 1))
    """
    n, w = snap.solutions, snap.weights
    if snap.safe_exists:
        first_two = safety_pair(snap)
        if first_two[1] == 1:
            return first_two
    pool: list[tuple[int, Cell]] = []
    for k, part in enumerate(snap.parts):
        for b, box in enumerate(part.boxes):
            x = w.boxes[k][b]
            if x < n:
                pool.extend((x, c) for c in box)
    pool.extend((0, c) for c in snap.known_safe)
    if snap.off and w.off_frontier is not None and w.off_frontier < n:
        pool.extend((w.off_frontier, c) for c in snap.off)
    pool.sort()
    best: list[Fraction] = []
    for x, c in pool:
        if len(best) == 2:
            break
        low, high = number_range(snap, c) if x else (0, 1)
        if low < high and not (full and x and len(numbers_shown(snap, c)) == 1):
            best.append(Fraction(n - x, n))
    if not best:
        return safety_pair(snap)
    best.extend([Fraction(0)] * (2 - len(best)))
    return best[0], best[1]


def dead_safe(snap: Snapshot) -> tuple[list[tuple[Cell, int]], int] | None:
    """Return the certain-safe cells of ``snap`` with the number each shows, where every one of them is dead.

    A certain-safe cell is dead when it shows the same number in every layout
    (:func:`numbers_shown`): opening it changes no layout's count, so it
    tells nothing, and the move after it is the same guess as before it.
    The answer comes with that guess's loss: the fewest layouts with a mine
    on a cell neither certainly safe nor certainly a mine, 0 when no such
    cell is left (opening the safe cells wins).  ``None`` when no cell is
    certainly safe, or when one of them is living (it can show two numbers).

    Examples
    --------
    >>> from cnfsweep.core.board import Board
    >>> from cnfsweep.engine.position import build_position
    >>> from cnfsweep.search.whatif import Snapshot
    >>> # The mine is (0, 1) or (1, 1): (1, 0) and (1, 2) are safe, and each shows 1 either way.
    >>> snap = Snapshot.of(build_position(Board.from_rows(["1.1", "..."], total_mines=1)))
    >>> dead_safe(snap)
    ([(Cell(row=1, col=0), 1), (Cell(row=1, col=2), 1)], 1)
    >>> dead_safe(Snapshot.of(build_position(Board.from_rows(["1..", "..."], total_mines=1)))) is None
    True
    """
    n, w = snap.solutions, snap.weights
    if not snap.safe_exists:
        return None
    safe: list[Cell] = sorted(snap.known_safe)
    for k, part in enumerate(snap.parts):
        for b, box in enumerate(part.boxes):
            if w.boxes[k][b] == 0:
                safe.extend(box)
    if snap.off and w.off_frontier == 0:
        safe.extend(sorted(snap.off))
    shown: list[tuple[Cell, int]] = []
    for c in safe:
        # The leaf kernel's count of each number, where it answers, is the fast exact test.
        counts = snap.leaf(c)
        if counts is not None:
            numbers = {counts[0] + i for i, (k, _) in enumerate(counts[1]) if k}
        else:
            low, high = number_range(snap, c)
            numbers = {low} if low == high else set(numbers_shown(snap, c))
        if len(numbers) != 1:
            return None
        shown.append((c, numbers.pop()))
    risks = [x for row in w.boxes for x in row if 0 < x < n]
    if snap.off and w.off_frontier is not None and 0 < w.off_frontier < n:
        risks.append(w.off_frontier)
    return shown, min(risks, default=0)


def number_range(snap: Snapshot, cell: Cell) -> tuple[int, int]:
    """Return the smallest and largest number ``cell`` of ``snap`` could show if it is safe.

    See :meth:`Snapshot.number_range <cnfsweep.search.whatif.Snapshot.number_range>`.
    """
    tables = snap.topology.tables()
    cells = tables.cells
    n = snap.solutions
    low = high = 0
    for j in tables.near(cell):
        nb = cells[j]
        if nb in snap.known_mines:
            low += 1
            high += 1
        elif snap.unknown(nb):
            x = snap.weight(nb)
            if x == n:
                low += 1
            if x:
                high += 1
    return low, high


def numbers_shown(snap: Snapshot, cell: Cell) -> frozenset[int]:
    """Return every number covered ``cell`` of ``snap`` shows in some layout where it is safe.

    Exact where the parts next to ``cell`` list their models (mines per box):
    in a model, a box with ``m`` mines, ``inside`` of its cells next to
    ``cell`` and ``outside`` elsewhere (``cell`` itself, which is safe, left
    out) puts from ``max(0, m - outside)`` to ``min(m, inside)`` mines next to
    it, and any count between; the cells off the frontier take the mines the
    frontier leaves, as many next to ``cell`` as the rest allows.  Parts not
    next to ``cell`` only take mines.  Where a part next to ``cell`` has too
    many models to list, :func:`number_range`'s numbers (a superset).  Empty
    when ``cell`` is a mine in every layout.

    Examples
    --------
    >>> from cnfsweep.core.board import Board
    >>> from cnfsweep.engine.position import build_position
    >>> from cnfsweep.search.whatif import Snapshot
    >>> snap = Snapshot.of(build_position(Board.from_rows(["1.1", "...", "..."], total_mines=1)))
    >>> number_range(snap, Cell(1, 1)), numbers_shown(snap, Cell(1, 1))  # (0, 1) or (1, 1): always one mine next
    ((0, 1), frozenset({1}))
    """
    n = snap.solutions
    if snap.weight(cell) == n:
        return frozenset()
    tables = snap.topology.tables()
    cells = tables.cells
    near = {cells[j] for j in tables.near(cell)} - {cell}
    fixed = sum(1 for c in near if c in snap.known_mines)
    box_of = snap.box_of
    touching = {box_of[c][0] for c in near if c in box_of}
    home = box_of.get(cell)
    if home is not None:
        touching.add(home[0])
    # Mines on the frontier -> the numbers of mines next to the cell those layouts can put there.
    reach: dict[int, set[int]] = {0: {0}}
    for k, part in enumerate(snap.parts):
        if k in touching:
            models = part.models
            if models is None:
                low, high = number_range(snap, cell)
                return frozenset(range(low, high + 1))
            shown = _part_numbers(part.boxes, models, near, cell, home[1] if home and home[0] == k else None)
        else:
            shown = {m: {0} for m, ways in enumerate(part.polynomial) if ways}
        reach = _combine(reach, shown)
    off = snap.off - {cell}
    off_near = len(off & near)
    off_rest = len(off) - off_near
    out: set[int] = set()
    for mines, counts in reach.items():
        left = snap.mines_left - mines
        if not 0 <= left <= len(off):
            continue
        extra = range(max(0, left - off_rest), min(left, off_near) + 1)
        out.update(fixed + x + y for x in counts for y in extra)
    return frozenset(out)


def _part_numbers(
    boxes: tuple[tuple[Cell, ...], ...],
    models: Iterable[tuple[int, ...]],
    near: set[Cell],
    cell: Cell,
    home: int | None,
) -> dict[int, set[int]]:
    """Return, by a part's mines, the mines its models can put next to ``cell`` (box ``home`` holds the safe cell)."""
    inside = [sum(1 for c in box if c in near) for box in boxes]
    outside = [len(box) - i - (b == home) for b, (box, i) in enumerate(zip(boxes, inside, strict=True))]
    out: dict[int, set[int]] = {}
    for model in models:
        if home is not None and model[home] > len(boxes[home]) - 1:
            continue  # the cell is a mine in this model
        low = sum(max(0, m - o) for m, o in zip(model, outside, strict=True))
        high = sum(min(m, i) for m, i in zip(model, inside, strict=True))
        out.setdefault(sum(model), set()).update(range(low, high + 1))
    return out


def _combine(a: dict[int, set[int]], b: dict[int, set[int]]) -> dict[int, set[int]]:
    """Add two independent parts' (mines, numbers) pairs."""
    out: dict[int, set[int]] = {}
    for ma, xa in a.items():
        for mb, xb in b.items():
            out.setdefault(ma + mb, set()).update(x + y for x in xa for y in xb)
    return out


def unsettled(snap: Snapshot) -> int:
    """Return how many covered cells of ``snap`` are a mine in some layouts but not in all."""
    n, w = snap.solutions, snap.weights
    count = sum(
        len(box)
        for part, row in zip(snap.parts, w.boxes, strict=True)
        for box, x in zip(part.boxes, row, strict=True)
        if 0 < x < n
    )
    if snap.off and w.off_frontier is not None and 0 < w.off_frontier < n:
        count += len(snap.off)
    return count


def expected_settled(snap: Snapshot, cell: Cell) -> Fraction:
    """Return the cells a click on ``cell`` settles, on average over every layout (none where it is a mine).

    A cell is settled when it is a mine in every layout left or in none;
    ``cell`` itself, once open, is not counted.  Where ``cell`` is safe and
    shows ``v``, the cells settled are those unsettled now, less ``cell``,
    less those still unsettled after ``v``; each number weighs by its layouts.

    Examples
    --------
    >>> from cnfsweep.core.board import Board
    >>> from cnfsweep.engine.position import build_position
    >>> from cnfsweep.search.whatif import Snapshot
    >>> snap = Snapshot.of(build_position(Board.from_rows(["1..", "..."], total_mines=1)))
    >>> # (0, 2) is safe; it shows 1 in 2 layouts of 3, settling (1, 0), and 0 in the last, settling all three
    >>> expected_settled(snap, Cell(0, 2))
    Fraction(5, 3)
    """
    n = snap.solutions
    before = unsettled(snap) - (1 if 0 < snap.weight(cell) < n else 0)
    total = sum(after.solutions * (before - unsettled(after)) for after in snap.outcomes(cell).values())
    return Fraction(total, n)
