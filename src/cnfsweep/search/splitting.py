"""Split the touched parts' models by a new number: the Python reference, and the switch to its C kernel.

:func:`split_python` is what :func:`cnfsweep.search.merge.split_models`
does, in Python.  The C extension ``cnfsweep.search._merge``, built by the
install where a compiler is at hand, does the same loops over the models,
and also weighs a merged part's models (:class:`~cnfsweep.search.parts.Part`);
it gives the same boxes, models (in the same order) and numbers, and gives up
at the same limit.  Where a number would not fit its 128-bit integers, or an
input is out of the ordinary, it returns ``NotImplemented`` and the Python
code answers.

:data:`kernel` is the extension, or ``None`` where it is not built or the
environment asks for Python (:mod:`cnfsweep.search.kernels`); setting it to
``None`` sends all this work through the Python code.

Examples
--------
>>> from cnfsweep.core.board import Cell
>>> a, b, c = Cell(0, 0), Cell(0, 1), Cell(1, 0)
>>> split_python([((a, b),)], [[(1,)]], c, {a}, (), limit=4096)[1]
{0: [((0, 1), 1, 1)], 1: [((1, 0), 1, 1)]}
>>> split_python([((a, b),)], [[(1,)]], c, {a}, (), limit=1) is None
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from itertools import product
from math import comb, prod
from operator import itemgetter

from cnfsweep.core.board import Cell
from cnfsweep.search.kernels import load

__all__ = ["Models", "Weighed", "kernel", "split_python"]

Models = Sequence[tuple[int, ...]]
# A model of a merged component: mines per box, mines in all, and the layouts it stands for.
Weighed = tuple[tuple[int, ...], int, int]


kernel = load("_merge")
"""The compiled kernel, or ``None``: then every split and weighing runs in Python."""


def split_python(
    boxes: Sequence[Sequence[Sequence[Cell]]],
    models: Sequence[Models],
    cell: Cell,
    seen: Collection[Cell],
    fresh: Sequence[Cell],
    limit: int,
) -> tuple[tuple[tuple[Cell, ...], ...], dict[int, list[Weighed]]] | None:
    """List the models of the component a revealed ``cell`` makes, in Python (see :func:`~cnfsweep.search.merge.split_models`)."""
    whole: list[tuple[Cell, ...]] = []
    halves: list[tuple[Cell, ...]] = []
    plans = []
    for part_boxes, part_models in zip(boxes, models, strict=True):
        kept: list[int] = []  # boxes left whole: all seen or none seen
        inside: list[int] = []  # their positions among those, for the seen ones
        tables: list[list[int]] = []  # C(size, m) by m, for each of them
        split: list[tuple[int, int, int]] = []  # (box, seen cells, others)
        holder, room = -1, 0  # the box that held the revealed cell, and its cells left
        for b, box in enumerate(part_boxes):
            seen_half = tuple(x for x in box if x in seen)
            other_half = tuple(x for x in box if x not in seen and x != cell)
            if len(seen_half) + len(other_half) < len(box):
                holder, room = b, len(box) - 1
            if seen_half and other_half:
                split.append((b, len(seen_half), len(other_half)))
                halves.extend((seen_half, other_half))
            elif seen_half or other_half:
                if seen_half:
                    inside.append(len(kept))
                kept.append(b)
                half = seen_half or other_half
                whole.append(half)
                tables.append([comb(len(half), m) for m in range(len(half) + 1)])
        plans.append(_plan(part_models, kept, inside, tables, split, holder, room))
    boxes_out = (*whole, *halves, *((tuple(fresh),) if fresh else ()))
    fresh_options = [((j,), j, comb(len(fresh), j)) for j in range(len(fresh) + 1)]
    by_need: dict[int, list[Weighed]] = {}
    listed = 0
    for combo in product(*plans):
        if len(combo) == 1:
            ((start, options),) = combo
            rows = [start]
        else:
            counts: tuple[int, ...] = ()
            need = mines = 0
            weight = 1
            options = []
            for (part_counts, part_need, part_mines, part_weight), part_options in combo:
                counts += part_counts
                need += part_need
                mines += part_mines
                weight *= part_weight
                options = options + part_options
            rows = [(counts, need, mines, weight)]
        # Each split box shares its mines between its halves in every way it can.
        for choices in options:
            rows = [(c + more, n + j, k, w * f) for c, n, k, w in rows for more, j, f in choices]
        if fresh:
            rows = [(c + more, n + j, k + j, w * f) for c, n, k, w in rows for more, j, f in fresh_options]
        for c, n, k, w in rows:
            found = by_need.get(n)
            if found is None:
                by_need[n] = [(c, k, w)]
            else:
                found.append((c, k, w))
        listed += len(rows)
        if listed > limit:
            return None
    return boxes_out, by_need


Plan = tuple[tuple[tuple[int, ...], int, int, int], list[list[tuple[tuple[int, int], int, int]]]]


def _plan(
    models: Models,
    kept: list[int],
    inside: list[int],
    tables: list[list[int]],
    split: list[tuple[int, int, int]],
    holder: int,
    room: int,
) -> list[Plan]:
    """Read each model of a touched part as its whole boxes' counts, mines seen, mines and layouts, and its splits."""
    pick = itemgetter(*kept) if len(kept) > 1 else (lambda counts: (counts[kept[0]],)) if kept else (lambda counts: ())
    # Each split box's ways to share its mines, by its number of mines.
    shares = [(b, [_shares(s_in, s_out, m) for m in range(s_in + s_out + 2)]) for b, s_in, s_out in split]
    out = []
    for counts in models:
        if holder >= 0 and counts[holder] > room:
            continue  # the revealed cell would be a mine
        fixed = pick(counts)
        weight = prod(map(list.__getitem__, tables, fixed))
        need = sum(map(fixed.__getitem__, inside))
        out.append(((fixed, need, sum(counts), weight), [ways[counts[b]] for b, ways in shares]))
    return out


@lru_cache(maxsize=1024)
def _shares(seen: int, others: int, mines: int) -> list[tuple[tuple[int, int], int, int]]:
    """Return every way ``mines`` mines split between ``seen`` and ``others`` cells: (counts, mines seen, layouts)."""
    return [
        ((j, mines - j), j, comb(seen, j) * comb(others, mines - j))
        for j in range(max(0, mines - others), min(mines, seen) + 1)
    ]
