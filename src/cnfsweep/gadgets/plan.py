"""Plan a reduction board: which band copies which literal, and which column each variable takes.

A clause of ``k`` literals takes ``k`` copies, each in a band (a row of tiles)
of its own on one side: the east work column, or a mirrored west one, so that a
band may carry two copies, one each way.  A variable owns a column only from
its first copy to its last: variables whose spans do not overlap share one, so
a board is as wide as the most variables alive at once, and a single clause of
``n`` literals takes ``n`` bands of one column (linear in ``n``, where a column
per variable made it quadratic).

Everything here is arithmetic on small tuples, linear in the formula up to a
logarithm, so that a formula too big to draw is refused before any drawing.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from cnfsweep.gadgets.tiles import BAND, NARROW, WIDE

Band = dict[str, tuple[int, str]]
"""A band: side (``"W"``, ``"E"``) to ``(literal, work tile kind)``."""

MAX_CELLS = 2_000_000
"""The largest board :func:`~cnfsweep.gadgets.reduction.reduce_cnf` draws unless told otherwise.

A board of 3.6 million cells (random 3-SAT, 50 variables, 213 clauses) took
30 s and 0.9 GB to draw and write; 2 million take about half of both.
"""

EXACT_PAIRS = 64
"""Two clauses whose literals make at most this many pairs get the closest pair searched for."""


@dataclass
class _Stream:
    """The clause a work column is busy with: its literals ordered by variable."""

    literals: deque[int]
    started: bool = False

    def take(self, lit: int) -> str:
        """Remove ``lit``; return the work tile that handles it."""
        if lit == self.literals[0]:
            self.literals.popleft()
        elif lit == self.literals[-1]:
            self.literals.pop()
        else:
            self.literals.remove(lit)  # only in short clauses (EXACT_PAIRS)
        kind = ("or" if self.started else "load") if self.literals else ("or-true" if self.started else "load-true")
        self.started = True
        return kind


def _pick(west: _Stream | None, east: _Stream | None) -> dict[str, int]:
    """Choose the literals of the next band: a westward and an eastward one whose
    variable is higher when there is such a pair, else one literal.
    """
    w = west.literals if west else deque()
    e = east.literals if east else deque()
    if w and e:
        if len(w) * len(e) <= EXACT_PAIRS:
            pairs = [(abs(r) - abs(x), x, r) for x in w for r in e if abs(x) < abs(r)]
            if pairs:
                # The closest pair keeps low westward and high eastward literals for later bands.
                _, x, r = min(pairs)
                return {"W": x, "E": r}
        elif abs(w[0]) < abs(e[-1]):
            return {"W": w[0], "E": e[-1]}
    if w and len(w) >= len(e):
        return {"W": w[0]}
    return {"E": e[-1]}


def schedule(clauses: Sequence[tuple[int, ...]], sides: str = "WE") -> list[Band]:
    """Plan the bands: each takes one literal to the west work column, one to the east, or both.

    The west column takes clauses over low variables, the east one high ones;
    ``sides="E"`` uses the east work column alone.

    Examples
    --------
    >>> schedule([(1, -2), (5,)])
    [{'W': (-2, 'load'), 'E': (5, 'load-true')}, {'W': (1, 'or-true')}]
    >>> schedule([(1, -2), (5,)], sides="E")
    [{'E': (5, 'load-true')}, {'E': (-2, 'load')}, {'E': (1, 'or-true')}]
    """
    weight = [sum(map(abs, c)) for c in clauses]
    # The lightest clause for the west, the heaviest for the east; each taken once.
    heaps = {"W": [(w, i) for i, w in enumerate(weight)], "E": [(-w, i) for i, w in enumerate(weight)]}
    for heap in heaps.values():
        heapq.heapify(heap)
    taken = [False] * len(clauses)
    left = len(clauses)
    busy: dict[str, _Stream | None] = {"W": None, "E": None}
    bands: list[Band] = []
    while left or busy["W"] or busy["E"]:
        for side in "E" + sides.replace("E", ""):
            if busy[side] is None and left:
                heap = heaps[side]
                while taken[heap[0][1]]:
                    heapq.heappop(heap)
                i = heapq.heappop(heap)[1]
                taken[i], left = True, left - 1
                busy[side] = _Stream(deque(sorted(clauses[i], key=abs)))
        band: Band = {}
        for side, lit in _pick(busy["W"], busy["E"]).items():
            stream = busy[side]
            assert stream is not None
            band[side] = (lit, stream.take(lit))
            if not stream.literals:
                busy[side] = None
        bands.append(band)
    return bands


def uses(bands: Sequence[Band]) -> dict[int, list[int]]:
    """Return, for each variable (from 1) copied somewhere, the bands that copy it, in order."""
    out: dict[int, list[int]] = {}
    for i, band in enumerate(bands):
        for lit, _ in band.values():
            out.setdefault(abs(lit), []).append(i)
    return out


def columns(bands: list[Band], share: bool = True) -> tuple[list[Band], dict[int, int]]:
    """Give each variable a column, shared with others whose spans do not overlap when ``share``.

    Sharing takes as few columns as there are variables alive at once (the
    greedy colouring of intervals); without it the columns follow the
    variables' order.  A band whose westward copy would start right of its
    eastward one is split in two.  Returns the bands and each variable's column.

    Examples
    --------
    >>> columns([{"E": (1, "load")}, {"E": (-2, "or-true")}])
    ([{'E': (1, 'load')}, {'E': (-2, 'or-true')}], {1: 0, 2: 0})
    >>> columns([{"E": (1, "load")}, {"E": (-2, "or-true")}], share=False)[1]
    {1: 0, 2: 1}
    """
    spans = uses(bands)
    column: dict[int, int] = {}
    if not share:
        column = {v: i for i, v in enumerate(sorted(spans))}
    else:
        free: list[int] = []  # columns free again, smallest first
        alive: list[tuple[int, int]] = []  # (last band, column)
        for first, last, v in sorted((u[0], u[-1], v) for v, u in spans.items()):
            while alive and alive[0][0] < first:
                heapq.heappush(free, heapq.heappop(alive)[1])
            column[v] = heapq.heappop(free) if free else len(alive)
            heapq.heappush(alive, (last, column[v]))
    out: list[Band] = []
    for band in bands:
        if "W" in band and "E" in band and column[abs(band["W"][0])] > column[abs(band["E"][0])]:
            out += [{"W": band["W"]}, {"E": band["E"]}]
        else:
            out.append(band)
    return out, column


@dataclass(frozen=True)
class Frame:
    """Where the columns of a board go: optional west pair, variable columns, optional east pair."""

    columns: int
    bands: int
    west: bool
    east: bool

    @property
    def first(self) -> int:
        """Board column where the variable columns start."""
        return 2 * WIDE if self.west else 0

    def left(self, col: int) -> int:
        """Return the board column where variable column ``col`` starts."""
        return self.first + NARROW * col

    @property
    def width(self) -> int:
        return self.first + NARROW * self.columns + (2 * WIDE if self.east else 0)

    @property
    def height(self) -> int:
        # One row more: a clause's known mine sits just below its last band.
        return BAND * self.bands + 1

    @property
    def cells(self) -> int:
        return self.width * self.height

    def sides(self) -> dict[str, tuple[int, int, bool]]:
        """Return, per side, the left columns of its inverter and work columns and whether it is mirrored."""
        east = self.left(self.columns)
        return {"W": (WIDE, 0, True), "E": (east, east + WIDE, False)}


@dataclass(frozen=True)
class Plan:
    """The bands, each variable's column, the frame they fill, and what each variable column draws."""

    bands: list[Band]
    column: dict[int, int]
    frame: Frame
    tiles: list[list[tuple[str, bool]]] = field(default_factory=list)


def smallest_cells(literals: int, spare: int) -> int:
    """Return a number of cells below which no board of ``literals`` copies and ``spare`` free pieces goes.

    Two copies share a band at best, across a variable column, an inverter and
    a work column; a free piece fills a slot of one band and one column.

    Examples
    --------
    >>> smallest_cells(3, 0), smallest_cells(0, 2)
    (1188, 324)
    """
    copies = BAND * -(-literals // 2) * (NARROW + 2 * WIDE)
    return max(copies, BAND * NARROW * spare)


def plan(clauses: Sequence[tuple[int, ...]], spare: int, limit: int) -> Plan | Frame:
    """Plan the board for ``clauses`` and ``spare`` free pieces (variables used nowhere, an empty clause).

    Of the plans with one work column or two, with shared columns or not,
    keep the smallest.  Returns a frame instead, the smallest one, when even
    that has more than ``limit`` cells: nothing bigger is worked out.
    """
    plans = []
    for sides, share in (("E", True), ("WE", True), ("WE", False)):
        bands, column = columns(schedule(clauses, sides), share)
        count = max(column.values(), default=-1) + 1
        plans.append(
            Plan(
                bands,
                column,
                Frame(
                    max(count, 1 if spare else 0),
                    len(bands),
                    any("W" in b for b in bands),
                    any("E" in b for b in bands),
                ),
            )
        )
    best = min(plans, key=lambda p: p.frame.cells)
    if best.frame.cells > limit:
        return best.frame
    rows = tiles(best.bands, best.column, best.frame.columns)
    empty = sum(kind == "empty" for row in rows for kind, _ in row)
    # Free pieces that find no empty slot get bands of their own, a row of them each.
    more = -(-max(spare - empty, 0) // max(best.frame.columns, 1))
    bands = best.bands + [{} for _ in range(more)]
    rows += [[("empty", False)] * best.frame.columns for _ in range(more)]
    frame = Frame(best.frame.columns, len(bands), best.frame.west, best.frame.east)
    return frame if frame.cells > limit else Plan(bands, best.column, frame, rows)


def tiles(bands: Sequence[Band], column: dict[int, int], width: int) -> list[list[tuple[str, bool]]]:
    """Return, per band, each variable column's tile and whether it is mirrored (westward).

    A variable's first copy starts its wire (``tee-start``, or ``tee-once`` if
    it is also its last), its last ends it (``tee-end``); columns between a
    copy and its work column are crossed (``cross``, or ``span`` where no
    variable is alive), the others go straight down (``var``) or hold nothing.

    Examples
    --------
    >>> tiles([{"E": (1, "load")}, {"E": (-2, "or-true")}], {1: 0, 2: 0}, 1)
    [[('tee-once', False)], [('tee-once', False)]]
    """
    spans = uses(bands)
    first = {v: u[0] for v, u in spans.items()}
    last = {v: u[-1] for v, u in spans.items()}
    starting: dict[int, list[int]] = {}
    for v, i in first.items():
        starting.setdefault(i, []).append(v)
    occupant: dict[int, int] = {}
    out = []
    for i, band in enumerate(bands):
        for var in starting.get(i, ()):
            occupant[column[var]] = var
        w = column[abs(band["W"][0])] if "W" in band else -1
        e = column[abs(band["E"][0])] if "E" in band else width
        row = []
        for col in range(width):
            held = occupant.get(col)
            if col in (w, e):
                assert held is not None
                starts, ends = first[held] == i, last[held] == i
                kind = "tee-once" if starts and ends else "tee-start" if starts else "tee-end" if ends else "tee"
                row.append((kind, col == w))
            elif col < w or col > e:
                row.append(("cross" if held is not None else "span", col < w))
            else:
                row.append(("var" if held is not None else "empty", False))
        for lit, _ in band.values():
            if last[abs(lit)] == i:
                del occupant[column[abs(lit)]]
        out.append(row)
    return out
