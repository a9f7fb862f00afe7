"""Settle cells that need no search and subset-reduce the numbers' rules."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from cnfsweep.core.board import Cell
from cnfsweep.core.deadline import check_deadline, checked
from cnfsweep.core.constraints import Rule


def simplify(
    rules: Sequence[Rule], deadline: float | None = None
) -> tuple[list[Rule], dict[Cell, bool], Cell | str | None]:
    """Settle what needs no search, keeping the rules equivalent.

    Repeats until nothing changes: a rule needing no mine (or all its cells)
    forces its cells; forced cells leave every rule; a rule whose cells are a
    subset of another's is subtracted from it (``{A, B}`` and ``{A, B - A}``
    allow the same layouts).  Past ``deadline`` (a ``time.perf_counter()``
    value) raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Cells may be :class:`Cell` objects or integer indices (the engine's
    position uses indices): every step walks cells and rules in ascending
    order, so cells and indices that sort alike give the same answer, forced
    cells in the same order, and ``cnfsweep.engine._position.simplify_rules``
    takes the same steps in C.

    Returns
    -------
    rules, forced, contradiction
        The remaining rules, the forced cells (``True`` for a mine) and the tag
        of a rule found impossible, or ``None``.

    Examples
    --------
    >>> a, b, c = Cell(0, 0), Cell(0, 1), Cell(0, 2)
    >>> rules, forced, bad = simplify([Rule(Cell(1, 0), (a, b), 1), Rule(Cell(1, 1), (a, b, c), 2)])
    >>> rules, forced, bad
    ([Rule(tag=Cell(row=1, col=0), cells=(Cell(row=0, col=0), Cell(row=0, col=1)), need=1)], {Cell(row=0, col=2): True}, None)
    """
    # A work list, so that each change only revisits the rules it touches: on
    # long wires one settled cell settles the next, thousands of times over.
    # Every loop below walks cells and rules in ascending order (never a set's own
    # order), so the steps, and with them the rules kept, follow from the rules
    # alone: integer cell indices and the board's cells (row-major, so sorted alike)
    # take the same steps, and a compiled version can take them too.
    cells_of: dict[int, set[Cell]] = {}
    need_of: dict[int, int] = {}
    tag_of: dict[int, Cell | str] = {}
    holding: dict[Cell, set[int]] = defaultdict(set)
    for i, (tag, seen, need) in enumerate(checked(rules, deadline, 4096)):
        cells_of[i], need_of[i], tag_of[i] = set(seen), need, tag
        for c in seen:
            holding[c].add(i)
    forced: dict[Cell, bool] = {}
    todo = list(reversed(cells_of))
    queued = set(todo)

    def drop(i: int) -> None:
        for c in cells_of.pop(i):
            holding[c].discard(i)
        del need_of[i]

    def shrink(i: int, gone: set[Cell], mines: int) -> None:
        cells_of[i] -= gone
        need_of[i] -= mines
        for c in gone:
            holding[c].discard(i)
        if i not in queued:
            queued.add(i)
            todo.append(i)

    steps = 0
    while todo:
        if deadline is not None:
            # A clock reading per thousand rules: free next to the set operations below.
            if not steps % 1024:
                check_deadline(deadline)
            steps += 1
        i = todo.pop()
        queued.discard(i)
        if i not in cells_of:
            continue
        cells, need = cells_of[i], need_of[i]
        if not 0 <= need <= len(cells):
            return [], forced, tag_of[i]
        if not cells:
            drop(i)
            continue
        if need in (0, len(cells)):
            value = need > 0
            settled = sorted(cells)
            drop(i)
            for c in settled:
                forced[c] = value
                for j in sorted(holding[c]):
                    shrink(j, {c}, int(value))
            continue
        # Every rule comparable with this one shares its rarest cell (the first such cell).
        ordered = sorted(cells)
        pivot = min(ordered, key=lambda c: len(holding[c]))
        for j in sorted(holding[pivot]):
            if j == i or j not in cells_of or i not in cells_of:
                continue
            other = cells_of[j]
            if other == cells_of[i]:
                if need_of[j] != need_of[i]:
                    return [], forced, tag_of[i]
                drop(j)
            elif cells_of[i] < other:
                shrink(j, set(cells_of[i]), need_of[i])
        if i not in cells_of:
            continue
        # Rules strictly inside this one hold all their cells among its cells.
        for c in ordered:
            for j in sorted(holding[c]):
                if j != i and j in cells_of and i in cells_of and cells_of[j] < cells_of[i]:
                    shrink(i, set(cells_of[j]), need_of[j])
    kept = sorted(cells_of)
    return [Rule(tag_of[i], tuple(sorted(cells_of[i])), need_of[i]) for i in kept], forced, None
