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
from functools import partial

from cnfsweep.core.deadline import check_deadline
from cnfsweep.core.constraints import CountTable, Problem
from cnfsweep.engine.kernels import load

# The same search in C where the install built it (see cnfsweep.engine.kernels); None sends
# every search through the Python reference, as tests do to compare the two.
kernel = load("cnfsweep.engine._boxsearch")


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

    The C kernel answers where it is built, else :func:`search_python`:
    the same models in the same order, ``None`` at the same node.

    Parameters
    ----------
    problem : Problem
    node_limit : int, optional
        Give up (return ``None``) after this many search nodes.
    deadline : float, optional
        A ``time.perf_counter()`` value; past it
        :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised.

    Returns
    -------
    list of tuple of int or None
        One tuple of box counts per canonical model (empty when the problem
        has no model), or ``None`` when the node budget ran out.

    Examples
    --------
    Two boxes of two cells each, one number on both that needs two mines and
    one on the first box only that needs one:

    >>> from cnfsweep.engine.position import Constraint
    >>> p = Problem(boxes=((0, 1), (2, 3)),
    ...             constraints=(Constraint.exactly((0, 1, 2, 3), 2, "a"), Constraint.exactly((0, 1), 1, "b")))
    >>> search_box_models(p)
    [(1, 1)]
    >>> search_box_models(p, node_limit=1) is None
    True
    """
    if kernel is None:
        return search_python(problem, node_limit, deadline)
    check = None if deadline is None else partial(check_deadline, deadline)
    return kernel.box_models(problem.box_sizes, problem.box_of, problem.constraints, node_limit, check)


def box_solve(
    problem: Problem, node_limit: int | None = None, deadline: float | None = None
) -> tuple[dict[int, int], dict[int, int], dict[int, tuple[int, ...]]] | list[tuple[int, ...]] | None:
    """:func:`search_box_models`, then :func:`kernel_table`'s count where it can, in one call to the C kernel.

    Returns ``None`` past the node limit; the models (empty: no model) where
    the kernel did not count them (no kernel, or a count past its integers);
    else the kernel's ``(forced, solutions, tallies)``.  A cold analysis asks
    this of every component: one call instead of two, and no list of models
    handed back to Python.
    """
    if kernel is None:
        return search_python(problem, node_limit, deadline)
    check = None if deadline is None else partial(check_deadline, deadline)
    found: tuple[dict[int, int], dict[int, int], dict[int, tuple[int, ...]]] | list[tuple[int, ...]] | None
    found = kernel.box_solve(problem.box_sizes, problem.box_of, problem.constraints, node_limit, check)
    return found


def kernel_table(problem: Problem, models: list[tuple[int, ...]]) -> tuple[dict[int, int], CountTable] | None:
    """Return the forced boxes and the count table of a non-empty list of models, from the C kernel.

    The same dicts in the same order as the Python code in
    :mod:`cnfsweep.engine.components` finds; ``None`` where it must find them
    itself (no kernel, or a count past the kernel's integers).
    """
    if kernel is None:
        return None
    found = kernel.box_table(problem.box_sizes, models)
    if found is NotImplemented:
        return None
    forced, solutions, tallies = found
    return forced, CountTable(solutions, tallies)


def search_python(
    problem: Problem, node_limit: int | None = None, deadline: float | None = None
) -> list[tuple[int, ...]] | None:
    """:func:`search_box_models` in Python: the reference the C kernel follows step by step."""
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
    if node_limit is not None and depth > node_limit:
        return None  # every model passes through each box: the budget cannot be enough
    counts = [0] * len(sizes)
    chosen = [0] * depth  # the count tried at each level
    highest = [0] * depth  # the largest count allowed there
    models: list[tuple[int, ...]] = []
    nodes = 0
    # An explicit stack, not recursion: wires from circuit reductions run to thousands of boxes.
    i, forward = 0, True
    while True:
        if forward:
            if i == depth:
                models.append(tuple(counts))
                i, forward = i - 1, False
                continue
            nodes += 1
            if node_limit is not None and nodes > node_limit:
                return None
            if nodes % 4096 == 0:
                check_deadline(deadline)
            b, size, cons = steps[i]
            # The count must leave each constraint reachable by its boxes still open.
            least, most = 0, size
            for j in cons:
                rest = room[j] - size
                least = max(least, lo[j] - rest)
                most = min(most, hi[j])
            if least > most:
                i, forward = i - 1, False
                continue
            for j in cons:
                room[j] -= size
            c, highest[i] = least, most
        else:
            if i < 0:
                return models
            b, size, cons = steps[i]
            c = chosen[i]
            for j in cons:
                lo[j] += c
                hi[j] += c
            if c == highest[i]:
                for j in cons:
                    room[j] += size
                i -= 1
                continue
            c += 1
        for j in cons:
            lo[j] -= c
            hi[j] -= c
        chosen[i] = counts[b] = c
        i, forward = i + 1, True
