"""Combine per-component model counts into exact probabilities.

With a total of ``M`` mines left and ``n`` unknown cells off the frontier, a
choice of frontier layouts with ``k`` mines in all extends to
``C(n, M - k)`` whole-board layouts.  Components are independent apart from
that shared count, so their tables are multiplied as polynomials in ``k``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from cnfsweep.backends.base import CountTable


def _comb(n: int, k: int) -> int:
    return comb(n, k) if 0 <= k <= n else 0


def _poly(table: CountTable) -> list[int]:
    size = max(table.solutions, default=-1) + 1
    out = [0] * size
    for k, count in table.solutions.items():
        out[k] = count
    return out


def _mul(a: Sequence[int], b: Sequence[int]) -> list[int]:
    if not a or not b:
        return []
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@dataclass(frozen=True)
class Combined:
    """Exact answer for a whole board.

    ``solutions`` is the number of consistent layouts (of the frontier only
    when there is no total).  ``boxes[i][b]`` is the mine probability of each
    cell of box ``b`` in component ``i``; ``off_frontier`` that of every cell
    off the frontier, ``None`` without a total or without such cells.
    """

    solutions: int
    boxes: tuple[tuple[Fraction, ...], ...]
    off_frontier: Fraction | None


def combine(tables: Sequence[CountTable], n_off: int, mines_left: int | None) -> Combined:
    """Weigh component tables against each other and the cells off the frontier.

    Examples
    --------
    Two independent 50/50s and two cells off the frontier, three mines left:

    >>> half = CountTable({1: 2}, {1: (1,)})
    >>> c = combine([half, half], n_off=2, mines_left=3)
    >>> c.solutions, c.boxes, c.off_frontier
    (8, ((Fraction(1, 2),), (Fraction(1, 2),)), Fraction(1, 2))
    """
    polys = [_poly(t) for t in tables]
    if mines_left is None:
        totals = [sum(p) for p in polys]
        solutions = 1
        for t in totals:
            solutions *= t
        if solutions == 0:
            return Combined(0, (), None)
        boxes = tuple(
            tuple(Fraction(sum(row[b] for row in t.tallies.values()), total) for b in range(_width(t)))
            for t, total in zip(tables, totals)
        )
        return Combined(solutions, boxes, None)

    # prefix[i] is the product of the first i polynomials, suffix[i] of those from i on.
    prefix = [[1]]
    for p in polys:
        prefix.append(_mul(prefix[-1], p))
    suffix = [[1]]
    for p in reversed(polys):
        suffix.append(_mul(p, suffix[-1]))
    suffix.reverse()
    everything = prefix[-1]
    solutions = sum(c * _comb(n_off, mines_left - k) for k, c in enumerate(everything))
    if solutions == 0:
        return Combined(0, (), None)
    boxes = []
    for i, table in enumerate(tables):
        others = _mul(prefix[i], suffix[i + 1])
        # rest[k]: layouts of everything but component i, given that i holds k mines.
        rest = {
            k: sum(c * _comb(n_off, mines_left - k - j) for j, c in enumerate(others))
            for k in table.tallies
        }
        boxes.append(
            tuple(
                Fraction(sum(row[b] * rest[k] for k, row in table.tallies.items()), solutions)
                for b in range(_width(table))
            )
        )
    off = None
    if n_off:
        mined = sum(c * _comb(n_off - 1, mines_left - k - 1) for k, c in enumerate(everything))
        off = Fraction(mined, solutions)
    return Combined(solutions, tuple(boxes), off)


def _width(table: CountTable) -> int:
    return len(next(iter(table.tallies.values()), ()))
