"""Sound propagation: the cells a board's statements decide one statement at a time, without CP-SAT.

Each statement is asked on its own which values of its undecided cells it can
still take given the cells decided so far; a cell left with one value is
decided, and the statements over it are asked again, until nothing changes.
Every layout that keeps every statement agrees with each decision, so the
decisions are facts; they are not all the facts (two statements together may
decide more), and a statement this does not read (:class:`Linked`) decides
nothing.  When every cell is decided and the one layout left keeps every
statement (and every global rule), it is the board's only layout.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from cnfsweep.core.board import Cell
from cnfsweep.variants.rule import AnyOf, Sight, Statement, Sum

__all__ = ["propagate"]

#: A sum over more distinct weights than this is not read (its reachable totals could grow large); sound to skip.
MAX_WEIGHTS = 4


class Contradiction(Exception):
    """A statement allows no value of its cells given those decided."""


def _sums(counts: Mapping[int, int]) -> set[int]:
    """Every total of a choice of cells, ``counts[w]`` of them weighing ``w``."""
    reach = {0}
    for w, n in counts.items():
        reach = {r + w * k for r in reach for k in range(n + 1)}
    return reach


def _sum(statement: Sum, value: dict[Cell, bool]) -> list[tuple[Cell, bool]]:
    """The cells a sum decides, as (cell, mine); raises :class:`Contradiction` when it cannot hold."""
    fixed = 0
    weight: dict[Cell, int] = {}
    for c, w in zip(statement.cells, statement.weights, strict=True):
        v = value.get(c)
        if v is None:
            weight[c] = weight.get(c, 0) + w
        elif v:
            fixed += w
    allowed = statement.allowed
    when = statement.when
    guard = True if when is None else value.get(when)
    if guard is False:
        return []
    counts: dict[int, int] = {}
    for w in weight.values():
        counts[w] = counts.get(w, 0) + 1
    if len(counts) > MAX_WEIGHTS:
        return []
    if guard is None:
        # Guarded by an undecided cell: the guard is safe when the sum cannot hold at all.
        # (The guard counts as free even where it is one of the cells: that only allows more.)
        if any(fixed + r in allowed for r in _sums(counts)):
            return []
        return [(when, False)]  # type: ignore[list-item]  # a guard is undecided only where there is one
    out: list[tuple[Cell, bool]] = []
    if not weight:
        if fixed not in allowed:
            raise Contradiction
        return out
    can: dict[int, tuple[bool, bool]] = {}
    for w in counts:
        others = dict(counts)
        others[w] -= 1
        reach = _sums(others)
        can[w] = (any(fixed + r in allowed for r in reach), any(fixed + w + r in allowed for r in reach))
    for c, w in weight.items():
        safe, mine = can[w]
        if not (safe or mine):
            raise Contradiction
        if safe != mine:
            out.append((c, mine))
    return out


def _any_of(statement: AnyOf, value: dict[Cell, bool]) -> list[tuple[Cell, bool]]:
    """The cells every case still possible agrees on."""
    alive = [case for case in statement.cases if all(value.get(c, v) == v for c, v in case)]
    if not alive:
        raise Contradiction
    agreed = {c: v for c, v in alive[0] if c not in value}
    for case in alive[1:]:
        here = dict(case)
        agreed = {c: v for c, v in agreed.items() if here.get(c) == v}
        if not agreed:
            break
    return list(agreed.items())


def _sight(statement: Sight, value: dict[Cell, bool]) -> list[tuple[Cell, bool]]:
    """The cells of the rays a sight decides: each ray's possible runs of safe cells, given the others'."""
    runs: list[list[int]] = []
    for ray in statement.rays:
        possible = []
        for k in range(len(ray) + 1):
            # A run of k safe cells: the first k are not mines, and the next (if any) is not safe.
            if k and value.get(ray[k - 1]) is True:
                break
            if k == len(ray) or value.get(ray[k]) is not False:
                possible.append(k)
        runs.append(possible)
    out: list[tuple[Cell, bool]] = []
    for i, ray in enumerate(statement.rays):
        reach = {0}
        for j, possible in enumerate(runs):
            if j != i:
                reach = {r + k for r in reach for k in possible}
        kept = [k for k in runs[i] if any(1 + k + r in statement.allowed for r in reach)]
        if not kept:
            raise Contradiction
        for j, c in enumerate(ray):
            if c in value:
                continue
            # Cell j is a mine when the run stops at it, safe when the run passes it, either past the run's end.
            mine = any(k <= j for k in kept)
            safe = any(k != j for k in kept)
            if safe != mine:
                out.append((c, mine))
    return out


def _cells(statement: Statement) -> Iterable[Cell]:
    if isinstance(statement, Sum):
        return (*statement.cells, *((statement.when,) if statement.when is not None else ()))
    if isinstance(statement, Sight):
        return (c for ray in statement.rays for c in ray)
    if isinstance(statement, AnyOf):
        return (c for case in statement.cases for c, _ in case)
    return ()


def propagate(parts: Sequence[Statement], known: Mapping[Cell, bool]) -> dict[Cell, bool] | None:
    """``known`` with every cell ``parts`` decide one statement at a time; ``None`` if one of them cannot hold.

    Examples
    --------
    >>> from cnfsweep.variants.rule import Sum
    >>> a, b, c = Cell(0, 0), Cell(0, 1), Cell(0, 2)
    >>> sorted(propagate([Sum((a, b), (1, 1), frozenset({2}), "V"), Sum((b, c), (1, 1), frozenset({1}), "V")], {}).items())
    [(Cell(row=0, col=0), True), (Cell(row=0, col=1), True), (Cell(row=0, col=2), False)]
    """
    value = dict(known)
    over: dict[Cell, list[int]] = {}
    for i, statement in enumerate(parts):
        for c in set(_cells(statement)):
            over.setdefault(c, []).append(i)
    todo = list(range(len(parts)))
    queued = [True] * len(parts)
    try:
        while todo:
            i = todo.pop()
            queued[i] = False
            statement = parts[i]
            if isinstance(statement, Sum):
                found = _sum(statement, value)
            elif isinstance(statement, AnyOf):
                found = _any_of(statement, value)
            elif isinstance(statement, Sight):
                found = _sight(statement, value)
            else:
                continue
            for c, mine in found:
                if c in value:
                    if value[c] != mine:
                        raise Contradiction
                    continue
                value[c] = mine
                for j in over[c]:
                    if not queued[j]:
                        queued[j] = True
                        todo.append(j)
    except Contradiction:
        return None
    return value
