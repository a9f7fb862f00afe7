"""Enumerate a small component's models by backtracking over box counts.

Most components met in play have a handful of boxes and a few dozen models.
Opening a SAT solver, asking it one entailment question per box and then
enumerating costs far more than listing those models directly, so the
``auto`` counting mode tries this search first and hands the component to a
solver only when the search grows past a node budget.

The search assigns a mine count to one box at a time, in breadth-first order
along shared constraints so that each constraint closes soon after it opens,
and bounds every count by what the box's constraints still need and still
allow.  One pass gives both the count table and the forced boxes.
"""

from __future__ import annotations

from collections import deque

from cnfsweep.errors import check_deadline
from cnfsweep.problem import Problem


class _OverBudget(Exception):
    """The search visited more nodes than it was allowed."""


def _box_order(problem: Problem, members: list[list[int]]) -> list[int]:
    """Order boxes breadth-first along the constraints they share."""
    touching: list[list[int]] = [[] for _ in problem.boxes]
    for j, boxes in enumerate(members):
        for b in boxes:
            touching[b].append(j)
    seen = [False] * len(problem.boxes)
    order: list[int] = []
    for start in range(len(problem.boxes)):
        if seen[start]:
            continue
        seen[start] = True
        queue = deque([start])
        while queue:
            b = queue.popleft()
            order.append(b)
            for j in touching[b]:
                for other in members[j]:
                    if not seen[other]:
                        seen[other] = True
                        queue.append(other)
    return order


def search_box_models(
    problem: Problem, node_limit: int | None = None, deadline: float | None = None
) -> list[tuple[int, ...]] | None:
    """List every canonical model of ``problem`` as its mines per box.

    Parameters
    ----------
    problem : Problem
    node_limit : int, optional
        Give up (return ``None``) after this many search nodes.
    deadline : float, optional
        A ``time.perf_counter()`` value; past it
        :class:`~cnfsweep.errors.TimeLimitExceeded` is raised.

    Returns
    -------
    list of tuple of int or None
        One tuple of box counts per canonical model (empty when the problem
        has no model), or ``None`` when the node budget ran out.

    Examples
    --------
    Two boxes of two cells each, one number on both that needs two mines and
    one on the first box only that needs one:

    >>> from cnfsweep.problem import Constraint
    >>> p = Problem(boxes=((0, 1), (2, 3)),
    ...             constraints=(Constraint.exactly((0, 1, 2, 3), 2, "a"), Constraint.exactly((0, 1), 1, "b")))
    >>> search_box_models(p)
    [(1, 1)]
    >>> search_box_models(p, node_limit=1) is None
    True
    """
    sizes = problem.box_sizes
    box_of = problem.box_of
    members = [sorted({box_of[v] for v in con.vars}) for con in problem.constraints]
    lo = [con.lo for con in problem.constraints]
    hi = [con.hi for con in problem.constraints]
    room = [len(con.vars) for con in problem.constraints]
    if any(lo[j] > room[j] or hi[j] < 0 or lo[j] > hi[j] for j in range(len(lo))):
        return []
    order = _box_order(problem, members)
    watch: list[list[int]] = [[] for _ in sizes]
    for j, boxes in enumerate(members):
        for b in boxes:
            watch[b].append(j)
    steps = [(b, sizes[b], watch[b]) for b in order]
    depth = len(steps)
    counts = [0] * len(sizes)
    models: list[tuple[int, ...]] = []
    budget = [node_limit if node_limit is not None else -1]

    def place(i: int) -> None:
        if i == depth:
            models.append(tuple(counts))
            return
        budget[0] -= 1
        if budget[0] == 0:
            raise _OverBudget
        if budget[0] % 4096 == 0:
            check_deadline(deadline)
        b, size, cons = steps[i]
        # The count must leave each constraint reachable by its boxes still open.
        least, most = 0, size
        for j in cons:
            rest = room[j] - size
            if lo[j] - rest > least:
                least = lo[j] - rest
            if hi[j] < most:
                most = hi[j]
        if least > most:
            return
        for j in cons:
            room[j] -= size
        for c in range(least, most + 1):
            for j in cons:
                lo[j] -= c
                hi[j] -= c
            counts[b] = c
            place(i + 1)
            for j in cons:
                lo[j] += c
                hi[j] += c
        for j in cons:
            room[j] += size

    try:
        place(0)
    except _OverBudget:
        return None
    return models
