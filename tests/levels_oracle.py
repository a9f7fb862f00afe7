"""Consistency levels by brute force, straight from the definition (issue 27), independent of the engine.

Only the :class:`~cnfsweep.core.board.Board` accessors are used.  Each number
is a constraint on its covered neighbours (flags subtracted).  For m = 1, 2,
... every subset of at most m constraints is listed with
:func:`itertools.combinations`, kept when its graph (constraints joined when
their scopes share a covered cell) is connected, and its joint solutions
are enumerated as every 0/1 assignment of its undecided cells; cells with one
value in every solution are decided at once, and the pass repeats until
nothing changes.  A cell's level is the first m whose quiescence decides it;
a subset without a solution makes the position inconsistent at that m.

Examples
--------
>>> from cnfsweep.core.board import Board, Cell
>>> ref = brute_levels(Board.from_rows(["...", "121"]), 3)
>>> sorted(ref.decided.items())
[(Cell(row=0, col=0), (2, True)), (Cell(row=0, col=1), (2, False)), (Cell(row=0, col=2), (2, True))]
>>> ref.inconsistent_level is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import CellKind
from oracle import around as oracle_around


@dataclass(frozen=True)
class BruteLevels:
    """The numeric levels of a position: each decided cell's level and value, or where it breaks."""

    decided: dict[Cell, tuple[int, bool]]
    inconsistent_level: int | None


def constraints(board: Board) -> list[tuple[Cell, frozenset[Cell], int]]:
    """Every number as ``(its cell, its covered neighbours, mines among them)``."""
    out = []
    for n in board.numbers:
        around = oracle_around(board, n)  # the oracle's own neighbours, for the board's topology
        flags = sum(board.kind(c) is CellKind.FLAG for c in around)
        out.append((n, frozenset(c for c in around if board.kind(c) is CellKind.COVERED), board.number(n) - flags))
    return out


def connected(scopes: list[frozenset[Cell]]) -> bool:
    """Whether the constraints with these scopes form one connected graph (joined by a shared cell)."""
    reached, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j, scope in enumerate(scopes):
            if j not in reached and scopes[i] & scope:
                reached.add(j)
                todo.append(j)
    return len(reached) == len(scopes)


def solutions(
    subset: list[tuple[Cell, frozenset[Cell], int]], value: dict[Cell, bool]
) -> tuple[list[Cell], list[tuple[bool, ...]]]:
    """Return the undecided cells of the constraints' scopes and every joint solution over them."""
    free = sorted({c for _, scope, _ in subset for c in scope if c not in value})
    sols = []
    for bits in product((False, True), repeat=len(free)):
        mine = dict(zip(free, bits, strict=True))
        if all(sum(mine[c] if c in mine else value[c] for c in scope) == need for _, scope, need in subset):
            sols.append(bits)
    return free, sols


def brute_levels(board: Board, max_level: int) -> BruteLevels:
    """Run the definition for m = 1 .. ``max_level``."""
    cons = constraints(board)
    value: dict[Cell, bool] = {}
    level: dict[Cell, int] = {}
    for m in range(1, max_level + 1):
        changed = True
        while changed:
            changed = False
            for k in range(1, m + 1):
                for subset in combinations(cons, k):
                    if not connected([scope for _, scope, _ in subset]):
                        continue
                    free, sols = solutions(list(subset), value)
                    if not sols:
                        return BruteLevels({c: (level[c], value[c]) for c in value}, m)
                    for i, cell in enumerate(free):
                        seen = {s[i] for s in sols}
                        if len(seen) == 1:
                            value[cell] = seen.pop()
                            level[cell] = m
                            changed = True
    return BruteLevels({c: (level[c], value[c]) for c in value}, None)
