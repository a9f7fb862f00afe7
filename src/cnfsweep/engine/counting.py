"""Combine per-component model counts into exact probabilities.

With a total of ``M`` mines left and ``n`` unknown cells off the frontier, a
choice of frontier layouts with ``k`` mines in all extends to
``C(n, M - k)`` whole-board layouts.  Components are independent apart from
that shared count, so their tables are multiplied as polynomials in ``k``.

On big boards these numbers run to hundreds of thousands of digits and a
single product takes milliseconds, so every loop here takes an optional
``deadline`` (a ``time.perf_counter()`` value) and checks it every few
products, raising :class:`~cnfsweep.core.errors.TimeLimitExceeded` once past it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from operator import mul

from cnfsweep.core.constraints import CountTable
from cnfsweep.core.deadline import check_deadline, checked
from cnfsweep.core.frozen import direct_init
from cnfsweep.engine.kernels import load

# combine's weighing in C where the install built it (see cnfsweep.engine.kernels); None sends
# every table through the Python reference, as tests do to compare the two.
kernel = load("cnfsweep.engine._weigh")

# Products of huge integers between deadline checks: on a 1000x1000 board each
# one takes up to a few milliseconds.
_CHUNK = 16


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


def combine(
    tables: Sequence[CountTable], n_off: int, mines_left: int | None, deadline: float | None = None
) -> Combined:
    """Weigh component tables against each other and the cells off the frontier.

    Past ``deadline`` raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    Two independent 50/50s and two cells off the frontier, three mines left:

    >>> half = CountTable({1: 2}, {1: (1,)})
    >>> c = combine([half, half], n_off=2, mines_left=3)
    >>> c.solutions, c.boxes, c.off_frontier
    (8, ((Fraction(1, 2),), (Fraction(1, 2),)), Fraction(1, 2))
    """
    if mines_left is None:
        totals = [sum(_poly(t)) for t in tables]
        solutions = 1
        for t in totals:
            solutions *= t
        if solutions == 0:
            return Combined(0, (), None)
        boxes = tuple(
            tuple(Fraction(sum(row[b] for row in t.tallies.values()), total) for b in range(_width(t)))
            for t, total in zip(tables, totals, strict=True)
        )
        return Combined(solutions, boxes, None)
    found = weigh_scaled(tables, n_off, mines_left, deadline)
    return Combined(0, (), None) if found is None else found.fractions(deadline)


@direct_init
@dataclass(frozen=True)
class Scaled:
    """:func:`combine`'s answer with a total, as integers over two common denominators.

    ``boxes[i][b] / scale`` is the mine probability of each cell of box ``b``
    of component ``i``, ``off / off_scale`` that of every cell off the frontier
    (``None`` without such cells); ``solutions`` is the exact number of layouts.
    The scale is the number of layouts, or a smaller one where the C kernel
    weighed (see :func:`weigh_scaled`).
    """

    solutions: int
    scale: int
    boxes: tuple[tuple[int, ...], ...]
    off: int | None
    off_scale: int

    def fractions(self, deadline: float | None = None) -> Combined:
        """Return the probabilities as Fractions; past ``deadline`` raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

        Examples
        --------
        >>> Scaled(8, 4, ((2, 4),), 3, 8).fractions()
        Combined(solutions=8, boxes=((Fraction(1, 2), Fraction(1, 1)),), off_frontier=Fraction(3, 8))
        """
        scale = self.scale
        # Each fraction reduces two huge integers by their gcd: check before every one (before every
        # thousand while the counts have fewer than a thousand digits, when a fraction takes microseconds).
        every = 1 if scale.bit_length() > 1 << 12 else 1 << 10
        boxes = tuple(tuple(Fraction(n, scale) for n in checked(row, deadline, every)) for row in self.boxes)
        off = None if self.off is None else Fraction(self.off, self.off_scale)
        return Combined(self.solutions, boxes, off)


def weigh_scaled(
    tables: Sequence[CountTable],
    n_off: int,
    mines_left: int,
    deadline: float | None = None,
    *,
    declined: bool = False,
) -> Scaled | None:
    """Weigh the tables against the total: :func:`combine`'s answer as integers, ``None`` if no layout fits.

    The C kernel weighs where the install built it, with integers proportional
    to the binomials ``C(n_off, r)``, small enough for 128 bits where the
    binomials are not (see ``_weigh.c``): the probabilities are the same
    reduced fractions, and the number of layouts is scaled back exactly,
    ``scaled * C(n_off, r_top) / top``.  Without the kernel, or past its
    integers, :func:`weigh` counts the layouts themselves (``declined``: the
    caller's kernel already declined these tables, so it is not asked again).  Past ``deadline``
    raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    >>> half = CountTable({1: 2}, {1: (1,)})
    >>> found = weigh_scaled([half, half], n_off=2, mines_left=3)
    >>> found.solutions, 2 * found.boxes[0][0] == found.scale, 2 * found.off == found.off_scale
    (8, True, True)
    """
    if kernel is not None and not declined:
        found = kernel.weigh(tables, n_off, mines_left)
        if found is not NotImplemented:
            scaled, rows, off, top, r_top = found
            return Scaled(scaled * comb(n_off, r_top) // top, scaled, rows, off, n_off * scaled)
    weights = _weigh_python(tables, n_off, mines_left, deadline=deadline)
    solutions = weights.solutions
    if solutions == 0:
        return None
    return Scaled(solutions, solutions, weights.boxes, weights.off_frontier, solutions)


@dataclass(frozen=True)
class Weights:
    """The layout counts behind :class:`Combined`, all over the common denominator ``solutions``.

    ``boxes[i][b]`` counts the layouts with a mine on one given cell of box
    ``b`` of component ``i``; ``off_frontier`` those with a mine on one given
    cell off the frontier (``None`` without such cells).  Integers compare
    faster than fractions, which matters to a policy weighing many outcomes.
    """

    solutions: int
    boxes: tuple[tuple[int, ...], ...]
    off_frontier: int | None

    def lowest(self) -> int:
        """Return the fewest layouts with a mine on one cell not certainly a mine (``solutions`` if all are).

        A certain mine counts ``solutions``, the most any cell can, so a
        smaller count is always a cell that may be safe.

        Examples
        --------
        >>> Weights(8, ((4, 8), (2,)), 3).lowest(), Weights(8, ((8,),), None).lowest()
        (2, 8)
        """
        low = self.solutions
        for row in self.boxes:
            if row:
                least = min(row)
                low = min(low, least)
        if self.off_frontier is not None and self.off_frontier < low:
            low = self.off_frontier
        return low


def mine_polynomial(table: CountTable) -> list[int]:
    """Return a table's layout counts by number of mines, as a list indexed by that number.

    Examples
    --------
    >>> mine_polynomial(CountTable({1: 2, 3: 1}, {1: (1,), 3: (1,)}))
    [0, 2, 0, 1]
    """
    return _poly(table)


def multiply(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Multiply two polynomials given lowest degree first: the layouts of two independent parts.

    Examples
    --------
    >>> multiply([0, 2], [1, 1])
    [0, 2, 2]
    """
    return _mul(a, b)


def off_frontier_ways(n_off: int, mines_left: int, length: int) -> list[int]:
    """Return, for ``k`` below ``length``, the ways to put the other mines off the frontier when it holds ``k``.

    Examples
    --------
    >>> off_frontier_ways(5, 3, 5)
    [10, 10, 5, 1, 0]
    """
    return _binomials(n_off, mines_left, length)


def count_layouts(product: Sequence[int], n_off: int, mines_left: int, ways: Sequence[int] | None = None) -> int:
    """Count the whole-board layouts, given the product of the components' mine polynomials.

    ``ways``, when given, is :func:`off_frontier_ways` for ``n_off`` and
    ``mines_left``, at least as long as ``product``.

    Examples
    --------
    >>> count_layouts(multiply([0, 2], [0, 2]), n_off=2, mines_left=3)
    8
    """
    return _dot(product, _binomials(n_off, mines_left, len(product)) if ways is None else ways)


def weigh(
    tables: Sequence[CountTable],
    n_off: int,
    mines_left: int,
    polys: Sequence[Sequence[int]] | None = None,
    deadline: float | None = None,
    product: Sequence[int] | None = None,
    ways: Sequence[int] | None = None,
    off_ways: Sequence[int] | None = None,
) -> Weights:
    """Count the whole-board layouts, and those with a mine on each box's cells and off the frontier.

    ``product``, when given, is the product of the tables' mine polynomials
    (see :func:`multiply`), and ``ways`` is :func:`off_frontier_ways` at
    least as long, both worked out already; ``off_ways``, when given, is
    :func:`off_frontier_ways` for one cell and one mine fewer (the rest of
    the board once a given cell off the frontier holds a mine), as long.
    Past ``deadline`` raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    >>> half = CountTable({1: 2}, {1: (1,)})
    >>> weigh([half, half], n_off=2, mines_left=3)
    Weights(solutions=8, boxes=((4,), (4,)), off_frontier=4)
    >>> weigh([half, half], 2, 3, off_ways=off_frontier_ways(1, 2, 3)).off_frontier
    4
    """
    found = _weigh_compiled(tables, n_off, mines_left, ways) if deadline is None else None
    if found is not None:
        scaled, rows, off, factor = found
        boxes = tuple(tuple(map(factor.__mul__, row)) for row in rows)
        return Weights(scaled * factor, boxes, None if off is None else off * factor // n_off)
    return _weigh_python(tables, n_off, mines_left, polys, deadline, product, ways, off_ways)


def least_weight(
    tables: Sequence[CountTable],
    n_off: int,
    mines_left: int,
    polys: Sequence[Sequence[int]] | None = None,
    product: Sequence[int] | None = None,
    ways: Sequence[int] | None = None,
    off_ways: Sequence[int] | None = None,
) -> tuple[int, int]:
    """Return :func:`weigh`'s ``solutions`` and ``lowest()`` (the same arguments), without every other count.

    A look-ahead's last move asks only these two numbers of most positions it
    reaches; with the C kernel they are found on its small integers and one
    is scaled back, instead of every box's count. Without ``product``, ``ways``
    may be any :func:`off_frontier_ways` list of the same counts as long as the
    product would be (``off_ways`` is then unused).

    Examples
    --------
    >>> half = CountTable({1: 2}, {1: (1,)})
    >>> least_weight([half, CountTable({1: 3}, {1: (1, 2)})], n_off=2, mines_left=3)
    (12, 4)
    """
    found = _weigh_compiled(tables, n_off, mines_left, ways)
    if found is None:
        if product is None:
            # ``ways`` and ``off_ways`` were for a product worked out here: work them out with it.
            ways = off_ways = None
        w = _weigh_python(tables, n_off, mines_left, polys, None, product, ways, off_ways)
        return w.solutions, w.lowest()
    scaled, rows, off, factor = found
    low = min([scaled, *(min(row) for row in rows if row)])
    # A cell off the frontier counts off / n_off on the same scale: compared without dividing.
    if off is not None and off < low * n_off:
        return scaled * factor, off * factor // n_off
    return scaled * factor, low * factor


def _weigh_compiled(
    tables: Sequence[CountTable], n_off: int, mines_left: int, ways: Sequence[int] | None
) -> tuple[int, tuple[tuple[int, ...], ...], int | None, int] | None:
    """The C kernel's weighing as ``(solutions, boxes, off, factor)``: every count is its integer times ``factor``.

    The kernel weighs with the primitive integer vector proportional to the
    binomials (see :func:`weigh_scaled`), so the ratio ``C(n_off, r_top) / top``
    is a whole number (the binomials' gcd), ``factor``; a cell off the
    frontier counts ``off * factor / n_off`` layouts, an exact division.
    ``ways``, when given, is :func:`off_frontier_ways` for the same counts, the
    binomial read from it. ``None`` where the kernel is not built or declines.
    """
    if kernel is None:
        return None
    found = kernel.weigh(tables, n_off, mines_left)
    if found is NotImplemented:
        return None
    scaled, rows, off, top, r_top = found
    k = mines_left - r_top
    whole = ways[k] if ways is not None and 0 <= k < len(ways) else comb(n_off, r_top)
    factor, left = divmod(whole, top)
    if left:  # not the primitive vector the kernel promises: count in Python rather than guess
        return None
    return scaled, rows, off, factor


def _weigh_python(
    tables: Sequence[CountTable],
    n_off: int,
    mines_left: int,
    polys: Sequence[Sequence[int]] | None = None,
    deadline: float | None = None,
    product: Sequence[int] | None = None,
    ways: Sequence[int] | None = None,
    off_ways: Sequence[int] | None = None,
) -> Weights:
    """:func:`weigh` in Python alone: the reference, and the way past the kernel's integers or a deadline."""
    if polys is None:
        polys = [_poly(t) for t in tables]
    if product is not None:
        everything = list(product)
    else:
        everything = [1]
        for p in checked(polys, deadline, _CHUNK):
            everything = _mul(everything, p)
    # weight[k]: ways to put the other mines off the frontier when the frontier holds k.
    weight = _binomials(n_off, mines_left, len(everything), deadline) if ways is None else ways
    solutions = _dot(everything, weight, deadline)
    if solutions == 0:
        return Weights(0, (), None)
    boxes = []
    # Components with the same mine-count polynomial (many small ones on big
    # boards) see the same rest of the board: work it out once for each.
    rests: dict[tuple[int, ...], dict[int, int]] = {}
    for i, table in checked(enumerate(tables), deadline, _CHUNK):
        if len(table.solutions) == 1:
            # Its mines never vary: the whole product is its count times the rest's.
            ((k, count),) = table.solutions.items()
            boxes.append(tuple(map((solutions // count).__mul__, table.tallies[k])))
            continue
        key = tuple(polys[i])
        if key not in rests:
            # Dividing the full product is linear in its length; re-multiplying
            # the others would be quadratic, too slow with hundreds of components.
            others = _divide(everything, polys[i], deadline)
            # rest[k]: layouts of everything but this component, given that it holds k mines.
            rests[key] = {k: _dot(others, weight[k:], deadline) for k in table.solutions}
        rest = rests[key]
        # Column sums of each mine count's row scaled by the rest.
        scaled = [map(rest[k].__mul__, row) for k, row in table.tallies.items()]
        boxes.append(tuple(map(sum, zip(*scaled, strict=True))))
    off = None
    if n_off and off_ways is not None:
        off = _dot(everything, off_ways, deadline)
    elif n_off:
        # C(n-1, r-1) = C(n, r) * r / n, summed and divided once, exactly.
        left = [w * (mines_left - k) for k, w in checked(enumerate(weight), deadline, _CHUNK)]
        off = _dot(everything, left, deadline) // n_off
    return Weights(solutions, tuple(boxes), off)


def _dot(a: Sequence[int], b: Sequence[int], deadline: float | None = None) -> int:
    """Return ``sum(x * y for x, y in zip(a, b))``, checking ``deadline`` every few products.

    Examples
    --------
    >>> _dot([1, 2, 3], [4, 5])
    14
    """
    if deadline is None:
        return sum(map(mul, a, b))
    total = 0
    for start in range(0, min(len(a), len(b)), _CHUNK):
        check_deadline(deadline)
        total += sum(map(mul, a[start : start + _CHUNK], b[start : start + _CHUNK]))
    return total


def _binomials(n: int, m: int, length: int, deadline: float | None = None) -> list[int]:
    """Return ``[C(n, m - k) for k in range(length)]``, each from its neighbour.

    Examples
    --------
    >>> _binomials(5, 3, 5) == [10, 10, 5, 1, 0]
    True
    """
    out = [0] * length
    k = max(0, m - n)  # the first k with m - k <= n
    if k >= length or m - k < 0:
        return out
    value = comb(n, m - k)
    first = k
    while k < length and m - k >= 0:
        if deadline is not None and not (k - first) % 256:
            check_deadline(deadline)
        out[k] = value
        r = m - k
        # C(n, r - 1) = C(n, r) * r / (n - r + 1), exactly.
        value = value * r // (n - r + 1)
        k += 1
    return out


def _divide(num: Sequence[int], den: Sequence[int], deadline: float | None = None) -> list[int]:
    """Divide polynomials exactly (``den`` divides ``num``), lowest degree first.

    Examples
    --------
    >>> _divide([0, 2, 5, 2], [0, 1, 2])
    [2, 1]
    """
    low = next(i for i, x in enumerate(den) if x)
    den, rest = den[low:], list(num[low:])
    out = [0] * (len(rest) - len(den) + 1)
    for i in checked(range(len(out)), deadline, 256):
        coef, left = divmod(rest[i], den[0])
        if left:
            raise ArithmeticError("inexact polynomial division")
        out[i] = coef
        if coef:
            for j, y in enumerate(den):
                rest[i + j] -= coef * y
    if any(rest[len(out) :]):
        raise ArithmeticError("inexact polynomial division")
    return out


def _width(table: CountTable) -> int:
    return len(next(iter(table.tallies.values()), ()))
