"""Count a component's models exactly by dynamic programming, without enumerating them.

Boxes are assigned one at a time along an elimination order.  Between box
``i - 1`` and box ``i`` only the constraints that have boxes on both sides
matter, and only through how many mines they still need: that tuple is the
DP state.  A forward pass counts, for every state, the weighted ways to fill
the boxes before the cut (as a polynomial in the number of mines); a backward
pass does the same for the boxes after it.  Joining the two at each box gives
the per-box tallies.  The cost grows with the number of constraints cut at
once (the width of the order), not with the number of cells or of models.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from cnfsweep.core.deadline import check_deadline, checked
from cnfsweep.core.errors import ComponentTooLarge
from cnfsweep.core.constraints import CountTable, Problem
from cnfsweep.engine.counting import _mul

Poly = list[int]


def box_constraints(problem: Problem) -> list[tuple[tuple[int, ...], int, int]]:
    """Express every constraint over boxes: ``(boxes, lo, hi)``."""
    box_of = problem.box_of
    out = []
    for con in problem.constraints:
        boxes = tuple(sorted({box_of[v] for v in con.vars}))
        out.append((boxes, con.lo, con.hi))
    return out


def _members(problem: Problem) -> tuple[list[tuple[int, ...]], list[list[int]]]:
    cons = [boxes for boxes, _, _ in box_constraints(problem)]
    member: list[list[int]] = [[] for _ in problem.boxes]
    for j, boxes in enumerate(cons):
        for b in boxes:
            member[b].append(j)
    return cons, member


def _far_end(start: int, cons: list[tuple[int, ...]], member: list[list[int]]) -> int:
    """Return a box farthest from ``start`` (breadth-first over shared constraints)."""
    seen, frontier, last = {start}, [start], start
    while frontier:
        last = frontier[-1]
        nxt = []
        for b in frontier:
            for j in member[b]:
                for other in cons[j]:
                    if other not in seen:
                        seen.add(other)
                        nxt.append(other)
        frontier = nxt
    return last


def _greedy_from(
    start: int, cons: list[tuple[int, ...]], member: list[list[int]], deadline: float | None = None
) -> list[int]:
    left = [len(boxes) for boxes in cons]
    opened: set[int] = set()
    order: list[int] = []
    todo = set(range(len(member)))
    candidates: set[int] = set()
    b = start
    while True:
        # Each step weighs every candidate: check the clock every time.
        check_deadline(deadline)
        todo.discard(b)
        candidates.discard(b)
        order.append(b)
        for j in member[b]:
            left[j] -= 1
            if left[j]:
                opened.add(j)
                candidates.update(x for x in cons[j] if x in todo)
            else:
                opened.discard(j)
        if not todo:
            return order

        def score(x: int) -> tuple[int, int, int]:
            closes = sum(1 for j in member[x] if left[j] == 1)
            opens = sum(1 for j in member[x] if j not in opened and left[j] > 1)
            # Among equals, stay close to what is open, so the order follows the component.
            touches = sum(1 for j in member[x] if j in opened)
            return (opens - closes, -touches, x)

        b = min(candidates or todo, key=score)


def elimination_order(problem: Problem, deadline: float | None = None) -> list[int]:
    """Order boxes so that few constraints are open at any cut.

    Greedy: from each end of a longest breadth-first path (a pseudo-peripheral
    box), repeatedly take the box that opens the fewest constraints net of
    those it closes; keep the order of smaller width.  Past ``deadline`` raise
    :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    >>> from cnfsweep.engine.position import Constraint
    >>> p = Problem(((0,), (1,), (2,)), (Constraint.exactly((0, 1), 1, "a"), Constraint.exactly((1, 2), 1, "b")))
    >>> elimination_order(p)
    [2, 1, 0]
    """
    cons, member = _members(problem)
    if not member:
        return []
    one = _far_end(0, cons, member)
    other = _far_end(one, cons, member)
    orders = [_greedy_from(one, cons, member, deadline), _greedy_from(other, cons, member, deadline)]
    return min(orders, key=lambda order: width(problem, order))


def width(problem: Problem, order: Sequence[int] | None = None) -> int:
    """Return the most constraints open at once along ``order`` (the DP's width)."""
    order = list(order) if order is not None else elimination_order(problem)
    pos = {b: i for i, b in enumerate(order)}
    # Constraint j is open at the cuts first+1 .. last: count them with a difference array.
    delta = [0] * (len(order) + 2)
    for boxes, _, _ in box_constraints(problem):
        if boxes:
            first, last = min(pos[b] for b in boxes), max(pos[b] for b in boxes)
            delta[first + 1] += 1
            delta[last + 1] -= 1
    best = running = 0
    for d in delta:
        running += d
        best = max(best, running)
    return best


DP_NUMBERS = 20_000_000
"""The most numbers (state keys and polynomial coefficients) one DP may keep.

Every state of every cut stays in memory until the tallies are read, so this
bounds the DP's memory: on a circuit reduction the tables took about 19 bytes
a number (380 MB at the bound; bigger counts take more), and a component that
needs more raises :class:`~cnfsweep.core.errors.ComponentTooLarge` instead of
exhausting the machine.
"""


def _accumulate(layer: dict[tuple[int, ...], list], key: tuple[int, ...], low: int, coeffs: Poly, factor: int) -> int:
    """Add ``factor * x**low * coeffs`` to ``layer[key]``; return how many numbers the layer grew by.

    A polynomial is kept as ``[low, coeffs]``: its lowest degree and the
    coefficients from there.  The mines placed before a cut are nearly fixed by
    the state on circuits, so this keeps a few coefficients where a dense list
    would keep one per mine of the component.

    Examples
    --------
    >>> layer = {}
    >>> _accumulate(layer, (1,), 3, [1, 2], 1), _accumulate(layer, (1,), 2, [5], 2), layer
    (4, 1, {(1,): [2, [10, 1, 2]]})
    """
    entry = layer.get(key)
    if entry is None:
        layer[key] = [low, [x * factor for x in coeffs]]
        return len(key) + len(coeffs) + 1
    grew = 0
    target = entry[1]
    if low < entry[0]:
        grew += entry[0] - low
        target[:0] = [0] * (entry[0] - low)
        entry[0] = low
    offset = low - entry[0]
    if offset + len(coeffs) > len(target):
        grew += offset + len(coeffs) - len(target)
        target.extend([0] * (offset + len(coeffs) - len(target)))
    for k, x in enumerate(coeffs):
        if x:
            target[offset + k] += x * factor
    return grew


def _cuts(first: Sequence[int], last: Sequence[int], n: int, deadline: float | None) -> list[tuple[int, ...]]:
    """Return, for each cut ``0..n``, the constraints open there (boxes on both sides), in index order.

    One sweep over the constraints' first and last positions: linear in their
    number and in the sizes of the answers.

    Examples
    --------
    >>> _cuts([0, 1, 2], [2, 1, 3], 4, None)
    [(), (0,), (0,), (2,), ()]
    """
    opens: list[list[int]] = [[] for _ in range(n + 1)]
    closes: list[list[int]] = [[] for _ in range(n + 1)]
    for j, (a, b) in enumerate(zip(first, last, strict=True)):
        if a < b:
            opens[a + 1].append(j)
            closes[b + 1].append(j)
    current: set[int] = set()
    out = []
    for i in checked(range(n + 1), deadline):
        current.difference_update(closes[i])
        current.update(opens[i])
        out.append(tuple(sorted(current)))
    return out


def count_dp(problem: Problem, deadline: float | None = None, max_numbers: int | None = None) -> CountTable:
    """Count models by number of mines, with per-box tallies, by dynamic programming.

    Every constraint must be exact (``lo == hi``), as revealed numbers are.
    Past ``deadline`` raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`
    (checked for every state); once the tables hold more than ``max_numbers``
    numbers (default :data:`DP_NUMBERS`) raise
    :class:`~cnfsweep.core.errors.ComponentTooLarge`.

    Examples
    --------
    >>> from cnfsweep.engine.position import Constraint
    >>> p = Problem(((0, 1), (2,)), (Constraint.exactly((0, 1, 2), 2, "t"),))
    >>> t = count_dp(p)
    >>> t.solutions, t.tallies
    ({2: 3}, {2: (2, 2)})
    >>> count_dp(p, max_numbers=3)
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ComponentTooLarge: the DP's tables passed 3 numbers (2 states) on a component of 2 boxes
    """
    limit = DP_NUMBERS if max_numbers is None else max_numbers
    exact = box_constraints(problem)
    if any(lo != hi for _, lo, hi in exact):
        raise ValueError("count_dp needs exact constraints")
    if any(not boxes and lo != 0 for boxes, lo, _ in exact):
        return CountTable({}, {})
    cons = [boxes for boxes, _, _ in exact if boxes]
    need = [lo for boxes, lo, _ in exact if boxes]
    order = elimination_order(problem, deadline)
    n = len(order)
    sizes = [problem.box_sizes[b] for b in order]
    pos = {b: i for i, b in enumerate(order)}
    # touching[i]: (constraint, its cells after position i, its cells before it) for the box at i.
    touching: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    first, last = [], []
    for j, boxes in enumerate(checked(cons, deadline)):
        at = sorted(pos[b] for b in boxes)
        first.append(at[0])
        last.append(at[-1])
        room, before = sum(sizes[i] for i in at), 0
        for i in at:
            touching[i].append((j, room - before - sizes[i], before))
            before += sizes[i]
    # open_at[i]: constraints cut between positions i - 1 and i.
    open_at = _cuts(first, last, n, deadline)
    weights = [[comb(size, c) for c in range(size + 1)] for size in sizes]
    kept = states = 0

    def keep(numbers: int, new_states: int = 0) -> None:
        nonlocal kept, states
        kept += numbers
        states += new_states
        if kept > limit:
            raise ComponentTooLarge(
                f"the DP's tables passed {limit:,} numbers ({states:,} states) on a component of {n:,} boxes"
            )

    def step(have: dict[int, int], i: int, c: int, forward: bool) -> dict[int, int] | None:
        """Put ``c`` mines in the box at position ``i``; ``None`` if a constraint breaks."""
        now = dict(have)
        for j, after, before in touching[i]:
            got = now.get(j, 0) + c
            if got > need[j] or got + (after if forward else before) < need[j]:
                return None
            now[j] = got
        return now

    def layer_from(source: dict[tuple[int, ...], list], i: int, forward: bool) -> dict[tuple[int, ...], list]:
        """Extend every state of one cut by the box at position ``i``, towards the other cut."""
        here, there = (open_at[i], open_at[i + 1]) if forward else (open_at[i + 1], open_at[i])
        layer: dict[tuple[int, ...], list] = {}
        for state, (low, coeffs) in source.items():
            check_deadline(deadline)
            have = dict(zip(here, state, strict=True))
            for c in range(sizes[i] + 1):
                now = step(have, i, c, forward)
                if now is not None:
                    key = tuple(now[j] for j in there)
                    before = len(layer)
                    keep(_accumulate(layer, key, low + c, coeffs, weights[i][c]), len(layer) - before)
        return layer

    # Forward: state = mines already placed in each open constraint.
    forward: list[dict[tuple[int, ...], list]] = [{(): [0, [1]]}]
    for i in range(n):
        forward.append(layer_from(forward[i], i, True))
    # Backward: state = mines the boxes from position i on put in each open constraint.
    backward: list[dict[tuple[int, ...], list]] = [{} for _ in range(n)] + [{(): [0, [1]]}]
    for i in range(n - 1, -1, -1):
        backward[i] = layer_from(backward[i + 1], i, False)

    if () not in backward[0]:
        return CountTable({}, {})
    low, coeffs = backward[0][()]
    solutions = {low + k: x for k, x in enumerate(coeffs) if x}
    keep(len(solutions) * n)
    tallies: dict[int, list[int]] = {k: [0] * n for k in solutions}
    for i in range(n):
        b, size = order[i], sizes[i]
        for state, (flow, fco) in forward[i].items():
            check_deadline(deadline)
            placed = dict(zip(open_at[i], state, strict=True))
            for c in range(1, size + 1):
                now = step(placed, i, c, True)
                if now is None:
                    continue
                # What the boxes before the cut placed, those after it must complete.
                rest = backward[i + 1].get(tuple(need[j] - now[j] for j in open_at[i + 1]))
                if rest is None:
                    continue
                blow, bco = rest
                # One given cell of the box is a mine in C(size - 1, c - 1) of its C(size, c) fillings.
                w, base = comb(size - 1, c - 1), flow + c + blow
                for k, x in enumerate(_mul(fco, bco)):
                    if x:
                        tallies[base + k][b] += x * w
    return CountTable(solutions, {k: tuple(v) for k, v in tallies.items()})
