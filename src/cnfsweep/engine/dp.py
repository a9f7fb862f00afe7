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

from cnfsweep.core.model import CountTable
from cnfsweep.engine.counting import _mul
from cnfsweep.core.errors import check_deadline
from cnfsweep.core.model import Problem

Poly = list[int]


def _add_shifted(target: Poly, source: Poly, shift: int, factor: int) -> None:
    if len(target) < len(source) + shift:
        target.extend([0] * (len(source) + shift - len(target)))
    for k, x in enumerate(source):
        if x:
            target[k + shift] += x * factor


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


def _greedy_from(start: int, cons: list[tuple[int, ...]], member: list[list[int]]) -> list[int]:
    left = [len(boxes) for boxes in cons]
    opened: set[int] = set()
    order: list[int] = []
    todo = set(range(len(member)))
    candidates: set[int] = set()
    b = start
    while True:
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


def elimination_order(problem: Problem) -> list[int]:
    """Order boxes so that few constraints are open at any cut.

    Greedy: from each end of a longest breadth-first path (a pseudo-peripheral
    box), repeatedly take the box that opens the fewest constraints net of
    those it closes; keep the order of smaller width.

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
    orders = [_greedy_from(one, cons, member), _greedy_from(other, cons, member)]
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


def count_dp(problem: Problem, deadline: float | None = None) -> CountTable:
    """Count models by number of mines, with per-box tallies, by dynamic programming.

    Every constraint must be exact (``lo == hi``), as revealed numbers are.

    Examples
    --------
    >>> from cnfsweep.engine.position import Constraint
    >>> p = Problem(((0, 1), (2,)), (Constraint.exactly((0, 1, 2), 2, "t"),))
    >>> t = count_dp(p)
    >>> t.solutions, t.tallies
    ({2: 3}, {2: (2, 2)})
    """
    cons = box_constraints(problem)
    if any(lo != hi for _, lo, hi in cons):
        raise ValueError("count_dp needs exact constraints")
    if any(not boxes and lo != 0 for boxes, lo, _ in cons):
        return CountTable({}, {})
    cons = [(boxes, lo) for boxes, lo, _ in cons if boxes]
    order = elimination_order(problem)
    n = len(order)
    sizes = problem.box_sizes
    pos = {b: i for i, b in enumerate(order)}
    first = [min(pos[b] for b in boxes) for boxes, _ in cons]
    last = [max(pos[b] for b in boxes) for boxes, _ in cons]
    # open_at[i]: constraints cut between positions i - 1 and i, in a fixed order.
    open_at = [tuple(j for j in range(len(cons)) if first[j] < i <= last[j]) for i in range(n + 1)]
    touching = [[j for j, (boxes, _) in enumerate(cons) if b in boxes] for b in order]
    # room_after[j][i] / room_before[j][i]: cells of constraint j at positions >= i / < i.
    room_after = [[0] * (n + 1) for _ in cons]
    room_before = [[0] * (n + 1) for _ in cons]
    for j, (boxes, _) in enumerate(cons):
        for i in range(n - 1, -1, -1):
            room_after[j][i] = room_after[j][i + 1] + (sizes[order[i]] if order[i] in boxes else 0)
        for i in range(1, n + 1):
            room_before[j][i] = room_before[j][i - 1] + (sizes[order[i - 1]] if order[i - 1] in boxes else 0)
    weights = [[comb(sizes[b], c) for c in range(sizes[b] + 1)] for b in order]

    def step(have: dict[int, int], i: int, c: int, room: list[list[int]], at: int) -> dict[int, int] | None:
        """Put ``c`` mines in the box at position ``i``; ``None`` if a constraint breaks."""
        now = dict(have)
        for j in touching[i]:
            got = now.get(j, 0) + c
            if got > cons[j][1] or got + room[j][at] < cons[j][1]:
                return None
            now[j] = got
        return now

    # Forward: state = mines already placed in each open constraint.
    forward: list[dict[tuple[int, ...], Poly]] = [{(): [1]}]
    for i in range(n):
        check_deadline(deadline)
        layer: dict[tuple[int, ...], Poly] = {}
        for state, poly in forward[i].items():
            placed = dict(zip(open_at[i], state))
            for c in range(sizes[order[i]] + 1):
                now = step(placed, i, c, room_after, i + 1)
                if now is not None:
                    key = tuple(now[j] for j in open_at[i + 1])
                    _add_shifted(layer.setdefault(key, []), poly, c, weights[i][c])
        forward.append(layer)

    # Backward: state = mines the boxes from position i on put in each open constraint.
    backward: list[dict[tuple[int, ...], Poly]] = [{} for _ in range(n)] + [{(): [1]}]
    for i in range(n - 1, -1, -1):
        check_deadline(deadline)
        layer = {}
        for state, poly in backward[i + 1].items():
            added = dict(zip(open_at[i + 1], state))
            for c in range(sizes[order[i]] + 1):
                now = step(added, i, c, room_before, i)
                if now is not None:
                    key = tuple(now[j] for j in open_at[i])
                    _add_shifted(layer.setdefault(key, []), poly, c, weights[i][c])
        backward[i] = layer

    total = backward[0].get((), [])
    solutions = {k: x for k, x in enumerate(total) if x}
    tallies: dict[int, list[int]] = {k: [0] * n for k in solutions}
    for i in range(n):
        b, size = order[i], sizes[order[i]]
        for state, poly in forward[i].items():
            placed = dict(zip(open_at[i], state))
            for c in range(1, size + 1):
                now = step(placed, i, c, room_after, i + 1)
                if now is None:
                    continue
                # What the boxes before the cut placed, those after it must complete.
                rest = backward[i + 1].get(tuple(cons[j][1] - now[j] for j in open_at[i + 1]))
                if rest is None:
                    continue
                shifted = [0] * c + [x * comb(size - 1, c - 1) for x in poly]
                for k, x in enumerate(_mul(shifted, rest)):
                    if x:
                        tallies[k][b] += x
    return CountTable(solutions, {k: tuple(v) for k, v in tallies.items()})
