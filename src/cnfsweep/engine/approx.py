"""Float probabilities with exact facts, for boards too big for exact counting.

:func:`cnfsweep.engine.counting.combine` multiplies big integers that grow with the
board and never finishes on a 1000x1000 one.  :func:`combine_approx` gives its
probabilities as floats, while the facts (consistency, boxes certainly safe or
certainly mines) still come from exact integer supports, never from rounding.
Components are multiplied as polynomials along a balanced tree; each one's
"rest of the board" comes from propagating the binomial weights back down the
same tree (reverse mode), so nothing is divided and nothing multiplied twice.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from cnfsweep.core.constraints import CountTable
from cnfsweep.core.deadline import checked

# Components or tree nodes handled between two deadline checks (each takes microseconds).
_EVERY = 64

_ABOVE_ZERO = math.nextafter(0.0, 1.0)
_BELOW_ONE = math.nextafter(1.0, 0.0)
# Bound on the tilt per mine: centring needs far less (log of the largest ratio of
# neighbouring counts), and exponents under ~1e5 keep exp accurate to ~1e-11.
_MAX_TILT = 1000.0


@dataclass(frozen=True)
class Approximate:
    """Float probabilities and exact facts for a whole board.

    ``consistent``, ``certain`` and ``off_certain`` are exact (0 certainly
    safe, 1 certainly mines, ``None`` otherwise); ``log_solutions`` is the
    natural log of the number of layouts, ``boxes[i][b]`` the mine
    probability of each cell of box ``b`` in component ``i`` and
    ``off_frontier`` that of every cell off the frontier (``None`` without a
    total or without such cells).
    """

    consistent: bool
    log_solutions: float
    boxes: tuple[tuple[float, ...], ...]
    off_frontier: float | None
    certain: tuple[tuple[int | None, ...], ...]
    off_certain: int | None


_INCONSISTENT = Approximate(False, -math.inf, (), None, (), None)


def combine_approx(
    tables: Sequence[CountTable], n_off: int, mines_left: int | None, deadline: float | None = None
) -> Approximate:
    """Weigh component tables against each other and the cells off the frontier, in floats.

    Means the same as :func:`cnfsweep.engine.counting.combine`, in time about
    quadratic in the width of the frontier's polynomial, with no big integers
    beyond the tables' own.

    Parameters
    ----------
    tables : sequence of CountTable
        One per independent component of the frontier.
    n_off : int
        Unknown cells off the frontier.
    mines_left : int or None
        Mines among all unknown cells; ``None`` leaves the components independent.
    deadline : float, optional
        A ``time.perf_counter()`` value; past it
        :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised.

    Returns
    -------
    Approximate
        Probabilities to about 1e-12 relative unless below ~1e-308, facts exact.
        Raises ``FloatingPointError`` if a whole component's weight underflows
        (never seen: the tilt keeps the layouts that matter near every peak).

    Examples
    --------
    Two independent 50/50s and two cells off the frontier, three mines left:

    >>> half = CountTable({1: 2}, {1: (1,)})
    >>> a = combine_approx([half, half], n_off=2, mines_left=3)
    >>> a.consistent, round(math.exp(a.log_solutions)), a.boxes, a.off_frontier
    (True, 8, ((0.5,), (0.5,)), 0.5)

    With one mine left, the total forces both cells off the frontier safe:

    >>> a = combine_approx([half], n_off=2, mines_left=1)
    >>> a.certain, a.off_certain, a.off_frontier
    (((None,),), 0, 0.0)
    """
    supports = [sorted(k for k, c in t.solutions.items() if c > 0) for t in checked(tables, deadline, _EVERY)]
    if not all(supports):
        return _INCONSISTENT
    if mines_left is None:
        return _independent(checked(tables, deadline, _EVERY))
    pairs = _pairs(len(tables))
    # Parents are numbered after their children: walking backwards goes down the tree.
    downward = list(enumerate(pairs, len(tables)))[::-1]
    root = downward[0][0] if pairs else 0
    exact = _feasible(
        supports, checked(pairs, deadline, _EVERY), checked(downward, deadline, _EVERY), n_off, mines_left
    )
    if exact is None:
        return _INCONSISTENT
    feasible, totals = exact

    # The float tree runs on feasible counts only: the others weigh nothing anyway.
    logs = [
        np.array([_log_ratio(t.solutions[k], max(t.solutions.values())) for k in ks])
        for t, ks in checked(zip(tables, feasible, strict=True), deadline, _EVERY)
    ]
    theta = _tilt(logs, feasible, n_off, mines_left)
    leaves = [
        _leaf(table, ks, ell, theta)
        for table, ks, ell in checked(zip(tables, feasible, logs, strict=True), deadline, _EVERY)
    ]
    vecs = [vec for vec, _, _ in leaves] or [np.ones(1)]
    scales = [scale for _, scale, _ in leaves] or [0.0]
    lows = [ks[0] for ks in feasible] or [0]
    for left, right in checked(pairs, deadline, _EVERY):
        # Direct, not FFT: all terms are non-negative, so every entry keeps its relative precision.
        vec = np.convolve(vecs[left], vecs[right])
        peak = vec.max()  # at least 1, as both factors peak at 1
        vecs.append(vec / peak)
        scales.append(scales[left] + scales[right] + math.log(peak))
        lows.append(lows[left] + lows[right])
    big_k = lows[root] + np.arange(len(vecs[root]))
    log_w = _log_binomials(n_off, mines_left, big_k) - theta * (big_k - lows[root])
    shift = log_w.max()
    # adjoint[v][k]: weight of the rest of the board when node v holds k mines, up to a scale.
    # The leaves come first (the tables' order), then the inner nodes.
    adjoint = [np.empty(0)] * len(vecs)
    adjoint[root] = np.exp(log_w - shift)
    for parent, (left, right) in checked(downward, deadline, _EVERY):
        for child, sibling in ((left, right), (right, left)):
            rest = np.correlate(adjoint[parent], vecs[sibling], "valid")
            peak = rest.max()
            adjoint[child] = rest / peak if peak > 0 else rest

    joint = vecs[root] * adjoint[root]
    total = _positive(joint.sum())
    boxes, certain = [], []
    for table, ks, (vec, _, ratio), rest in checked(
        zip(tables, feasible, leaves, adjoint[: len(leaves)], strict=True), deadline, _EVERY
    ):
        at = np.asarray(ks) - ks[0]
        weight = vec[at] * rest[at]
        facts = _facts(table, ks)
        probs = ratio.T @ weight / _positive(weight.sum())
        boxes.append(tuple(_settle(float(p), f) for p, f in zip(probs, facts, strict=True)))
        certain.append(facts)
    off, off_certain = None, None
    if n_off:
        if all(mines_left - k == 0 for k in totals):
            off_certain = 0
        elif all(mines_left - k == n_off for k in totals):
            off_certain = 1
        # C(n - 1, r - 1) = C(n, r) * r / n: weigh each total by its share of mines off the frontier.
        mined = float(joint @ ((mines_left - big_k) / n_off))
        off = _settle(mined / total, off_certain)
    log_solutions = math.log(total) + shift + scales[root]
    return Approximate(True, log_solutions, tuple(boxes), off, tuple(certain), off_certain)


def _pairs(leaves: int) -> list[tuple[int, int]]:
    """A balanced binary tree over leaves ``0..leaves-1``: ``pairs[j]`` are node ``leaves + j``'s children."""
    pairs: list[tuple[int, int]] = []
    level = list(range(leaves))
    while len(level) > 1:
        up = []
        for j in range(0, len(level) - 1, 2):
            pairs.append((level[j], level[j + 1]))
            up.append(leaves + len(pairs) - 1)
        level = up + level[len(level) - len(level) % 2 :]
    return pairs


def _feasible(
    supports: list[list[int]], pairs: Iterable, downward: Iterable, n_off: int, mines_left: int
) -> tuple | None:
    """Exactly: each component's mine counts that some whole layout has, and the frontier totals.

    ``None`` when no layout exists.  Supports are ints, bit ``j`` standing for
    ``low + j`` mines, so no rounding can make a count appear or vanish.
    """
    lows = [s[0] for s in supports] or [0]
    bits = [sum(1 << (k - s[0]) for k in s) for s in supports] or [1]
    for left, right in pairs:
        lows.append(lows[left] + lows[right])
        bits.append(_sumset(bits[left], bits[right]))
    root = len(bits) - 1
    low = lows[root]
    first, last = max(mines_left - n_off, low), min(mines_left, low + bits[root].bit_length() - 1)
    if first > last or not bits[root] >> (first - low) & ((1 << (last - first + 1)) - 1):
        return None
    # wanted[v]: the counts of node v that the rest of the board can complete.
    wanted = [0] * len(bits)
    wanted[root] = ((1 << (last - first + 1)) - 1) << (first - low)
    for parent, (left, right) in downward:
        for child, sibling in ((left, right), (right, left)):
            wanted[child] = _unshift(wanted[parent], bits[sibling], bits[child].bit_length())
    feasible = [[lows[i] + j for j in _bits(bits[i] & wanted[i])][::-1] for i in range(len(supports))]
    return feasible, [low + j for j in _bits(bits[root] & wanted[root])]


def _bits(x: int) -> list[int]:
    """Positions of the set bits of ``x``, highest first.

    Examples
    --------
    >>> _bits(0b10110)
    [4, 2, 1]
    """
    digits = bin(x)[2:]
    top = len(digits) - 1
    return [top - i for i, d in enumerate(digits) if d == "1"]


def _sumset(a: int, b: int) -> int:
    """``{x + y}`` over the set bits ``x`` of ``a`` and ``y`` of ``b``."""
    if a.bit_count() > b.bit_count():
        a, b = b, a
    out = 0
    for x in _bits(a):
        out |= b << x
    return out


def _unshift(target: int, other: int, length: int) -> int:
    """``{x < length : x + y in target for some y in other}``.

    Examples
    --------
    >>> bin(_unshift(0b1000, 0b101, 4))  # 3 = 3 + 0 and 1 = 1 + 2
    '0b1010'
    """
    out = 0
    if other.bit_count() <= target.bit_count():
        for y in _bits(other):
            out |= target >> y
    else:
        # x = t - y: copies of ``other`` mirrored, one ending at each t.
        top = other.bit_length() - 1
        mirror = int(bin(other)[:1:-1], 2)
        for t in _bits(target):
            out |= mirror << (t - top) if t >= top else mirror >> (top - t)
    return out & ((1 << length) - 1)


def _log_ratio(a: int, b: int) -> float:
    """``log(a / b)`` for positive ints, accurate for tiny ratios and huge ints alike."""
    r = a / b  # correctly rounded, where subtracting two big logs would cancel
    return math.log(r) if r > 1e-300 else math.log(a) - math.log(b)


def _tilt(logs: list[np.ndarray], feasible: list[list[int]], n: int, m: int) -> float:
    """Pick ``theta`` so that weighing ``k`` mines by ``exp(theta * k)`` centres every polynomial.

    The tilt cancels between the frontier and the binomial weights, so it
    changes nothing; but without it the layouts that matter can sit more than
    1e-308 below a polynomial's peak and underflow.  The saddle point balances
    the tilted frontier's mean against the total where ``C(n, m - K)`` falls
    by ``exp(-theta)`` per mine, ``K = m - n * expit(theta)``.
    """
    if not logs:
        return 0.0
    ell = np.concatenate(logs)
    rel = np.concatenate([np.asarray(ks, dtype=float) - ks[0] for ks in feasible])
    sizes = [len(ks) for ks in feasible]
    starts = np.cumsum([0, *sizes[:-1]])
    base = sum(ks[0] for ks in feasible)

    def excess(theta: float) -> float:
        x = ell + theta * rel
        e = np.exp(x - np.repeat(np.maximum.reduceat(x, starts), sizes))
        mean = base + (np.add.reduceat(e * rel, starts) / np.add.reduceat(e, starts)).sum()
        expit = 1 / (1 + math.exp(-theta)) if theta >= 0 else 1 - 1 / (1 + math.exp(theta))
        return mean - (m - n * expit)

    low, high = -_MAX_TILT, _MAX_TILT
    if excess(low) >= 0:
        return low
    if excess(high) <= 0:
        return high
    for _ in range(60):  # close enough: the centre need not be exact
        mid = (low + high) / 2
        low, high = (mid, high) if excess(mid) < 0 else (low, mid)
    return (low + high) / 2


def _leaf(table: CountTable, ks: list[int], ell: np.ndarray, theta: float) -> tuple:
    """A component's tilted counts on its feasible range (peak 1), their log scale, and tallies / solutions."""
    x = ell + theta * (np.asarray(ks) - ks[0])
    peak = x.max()
    vec = np.zeros(ks[-1] - ks[0] + 1)
    vec[np.asarray(ks) - ks[0]] = np.exp(x - peak)
    width = _width(table)
    rows = [[t / table.solutions[k] for t in table.tallies.get(k, (0,) * width)] for k in ks]
    ratio = np.array(rows, dtype=float).reshape(len(ks), width)
    return vec, peak + math.log(max(table.solutions.values())), ratio


def _log_binomials(n: int, m: int, ks: np.ndarray) -> np.ndarray:
    """``log C(n, m - k)`` for increasing consecutive ``ks`` (``-inf`` where zero).

    Built from one lgamma and the exact ratios of neighbours, so no two huge
    logs are ever subtracted from each other along the way.

    Examples
    --------
    >>> np.exp(_log_binomials(5, 3, np.arange(5))).round(9).tolist()
    [10.0, 10.0, 5.0, 1.0, 0.0]
    """
    out = np.full(len(ks), -np.inf)
    ok = (m - ks >= 0) & (m - ks <= n)
    if not ok.any():
        return out
    r = (m - ks[ok]).astype(float)
    start = int(m - ks[ok][0])
    head = math.lgamma(n + 1) - math.lgamma(start + 1) - math.lgamma(n - start + 1)
    # C(n, r - 1) = C(n, r) * r / (n - r + 1).
    steps = np.log(r[:-1]) - np.log(n - r[:-1] + 1)
    out[ok] = head + np.concatenate(([0.0], np.cumsum(steps)))
    return out


def _facts(table: CountTable, ks: list[int]) -> tuple[int | None, ...]:
    """Exact: 0 where no feasible count puts a mine on the box, 1 where every one fills it."""
    rows = [(table.tallies.get(k, (0,) * _width(table)), table.solutions[k]) for k in ks]
    empty = [all(row[b] == 0 for row, _ in rows) for b in range(_width(table))]
    full = [all(row[b] == s for row, s in rows) for b in range(_width(table))]
    return tuple(0 if e else 1 if f else None for e, f in zip(empty, full, strict=True))


def _positive(x: float) -> float:
    if not x > 0:
        raise FloatingPointError("the weight of every layout of a component underflowed")
    return float(x)


def _settle(p: float, fact: int | None) -> float:
    if fact is not None:
        return float(fact)
    # Not certain, so the true value is strictly inside (0, 1) even when rounding
    # or underflow says otherwise: keep it there so it is never read as a fact.
    return min(max(p, _ABOVE_ZERO), _BELOW_ONE)


def _independent(tables: Iterable[CountTable]) -> Approximate:
    """No total: each component on its own, straight from its integers."""
    boxes, certain, log_solutions = [], [], 0.0
    for table in tables:
        total = sum(c for c in table.solutions.values() if c > 0)
        log_solutions += math.log(total)
        sums = [sum(row[b] for row in table.tallies.values()) for b in range(_width(table))]
        facts = tuple(0 if s == 0 else 1 if s == total else None for s in sums)
        boxes.append(tuple(_settle(s / total, f) for s, f in zip(sums, facts, strict=True)))
        certain.append(facts)
    return Approximate(True, log_solutions, tuple(boxes), None, tuple(certain), None)


def _width(table: CountTable) -> int:
    return len(next(iter(table.tallies.values()), ()))
