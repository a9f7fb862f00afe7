"""An independent check of a reason: enumeration over only the numbers it names.

``forces`` enumerates the layouts of only the cells a reason's numbers see
(plus the cell itself), keeping those that satisfy only the reason's numbers
(and, when the reason uses it, the total's bound on those cells): the fact
follows when no kept layout has the cell the other way round.  Numbers are
read off the board here, with the oracle's own neighbours (for the board's
topology), not the engine's.
"""

from __future__ import annotations

from collections.abc import Iterable

from cnfsweep import Board, Cell
from cnfsweep.core.board import CellKind
from cnfsweep.explanation import Move
from oracle import around


def number_rule(board: Board, number: Cell) -> tuple[list[Cell], int]:
    """The covered neighbours of a number and how many mines among them, read off the board here."""
    need = board.number(number)
    assert need is not None, f"{number} is not a revealed number"
    covered = []
    for nb in around(board, number):
        kind = board.kind(nb)
        if kind is CellKind.FLAG:
            need -= 1
        elif kind is CellKind.COVERED:
            covered.append(nb)
    return covered, need


def forces(board: Board, numbers: Iterable[Cell], uses_total: bool, cell: Cell, mine: bool, total: int | None = None) -> bool:
    """Tell by enumeration whether ``numbers`` (and the total) leave ``cell`` no other value."""
    rules = [number_rule(board, n) for n in numbers]
    scope = sorted({c for cells, _ in rules for c in cells} | {cell})
    index = {c: i for i, c in enumerate(scope)}
    lo, hi = 0, len(scope)
    if uses_total:
        total = board.total_mines if total is None else total
        assert total is not None
        left = total - len(board.flags)
        lo, hi = left - (len(board.covered) - len(scope)), left
    value = [0] * len(scope)
    value[index[cell]] = 0 if mine else 1  # the other way round
    free = [i for i in range(len(scope)) if scope[i] != cell]
    compiled = [([index[c] for c in cells], need) for cells, need in rules]

    def fits(placed: int) -> bool:
        # Checked as cells are placed: a partial layout is cut as soon as a number is overdone
        # or can no longer be reached.  ``placed`` free cells are set, the rest still 0.
        settled = set(free[:placed]) | {index[cell]}
        for vars_, need in compiled:
            have = sum(value[v] for v in vars_)
            open_ = sum(v not in settled for v in vars_)
            if have > need or have + open_ < need:
                return False
        return True

    def search(k: int) -> bool:  # True when a layout with the cell the other way round exists
        if not fits(k):
            return False
        if k == len(free):
            return lo <= sum(value) <= hi
        for bit in (0, 1):
            value[free[k]] = bit
            if search(k + 1):
                value[free[k]] = 0
                return True
        value[free[k]] = 0
        return False

    return not search(0)


def assert_valid(board: Board, move: Move, total: int | None = None) -> None:
    reason = move.reason
    assert reason is not None and move.certain
    assert all(board.kind(n) is CellKind.NUMBER for n in reason.numbers)
    assert list(reason.numbers) == sorted(set(reason.numbers))
    assert forces(board, reason.numbers, reason.uses_total, move.cell, move.mine, total), move
    for dropped in reason.numbers:
        rest = [n for n in reason.numbers if n != dropped]
        assert not forces(board, rest, reason.uses_total, move.cell, move.mine, total), (move, dropped)
    if reason.uses_total:
        every = [c for c in board.numbers]
        assert not forces(board, every, False, move.cell, move.mine), move
