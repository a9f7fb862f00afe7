"""An independent check of a reason: enumeration over only the numbers it names.

``forces`` enumerates the layouts of only the cells a reason's numbers see
(plus the cell itself), keeping those that satisfy only the reason's numbers
(and, when the reason uses it, the total's bound on those cells): the fact
follows when no kept layout has the cell the other way round.  Numbers are
read off the board here, with the oracle's own neighbours (for the board's
topology), not the engine's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations

from cnfsweep import Board, Cell
from cnfsweep.core.characters import CellKind
from cnfsweep.explanation import Explainer, HintMove
from oracle import around, reference


def number_rule(board: Board, number: Cell, fixed: Mapping[Cell, bool] | None = None) -> tuple[list[Cell], int]:
    """The covered neighbours of a number and how many mines among them, read off the board here.

    ``fixed`` cells (assumed: ``True`` for a mine) count as flags do, or as nothing when safe.
    """
    fixed = fixed or {}
    need = board.number(number)
    assert need is not None, f"{number} is not a revealed number"
    covered = []
    for nb in around(board, number):
        kind = board.kind(nb)
        if kind is CellKind.FLAG or fixed.get(nb) is True:
            need -= 1
        elif kind is CellKind.COVERED and nb not in fixed:
            covered.append(nb)
    return covered, need


def forces(
    board: Board,
    numbers: Iterable[Cell],
    uses_total: bool,
    cell: Cell,
    mine: bool,
    total: int | None = None,
    fixed: Mapping[Cell, bool] | None = None,
) -> bool:
    """Tell by enumeration whether ``numbers`` (and the total) leave ``cell`` no other value.

    ``fixed`` cells are assumed (``True`` for a mine), as ``hint(..., assume=...)`` assumes labels.
    """
    fixed = fixed or {}
    rules = [number_rule(board, n, fixed) for n in numbers]
    scope = sorted({c for cells, _ in rules for c in cells} | {cell})
    index = {c: i for i, c in enumerate(scope)}
    lo, hi = 0, len(scope)
    if uses_total:
        total = board.total_mines if total is None else total
        assert total is not None
        left = total - len(board.flags) - sum(fixed.values())
        lo, hi = left - (len(board.covered) - len(fixed) - len(scope)), left
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


def assert_valid(
    board: Board, move: HintMove, total: int | None = None, fixed: Mapping[Cell, bool] | None = None
) -> None:
    reason = move.reason
    assert reason is not None and move.certain
    assert all(board.kind(n) is CellKind.NUMBER for n in reason.numbers)
    assert list(reason.numbers) == sorted(set(reason.numbers))
    assert forces(board, reason.numbers, reason.uses_total, move.cell, move.mine, total, fixed), move
    for dropped in reason.numbers:
        rest = [n for n in reason.numbers if n != dropped]
        assert not forces(board, rest, reason.uses_total, move.cell, move.mine, total, fixed), (move, dropped)
    if reason.uses_total:
        every = [c for c in board.numbers]
        assert not forces(board, every, False, move.cell, move.mine, fixed=fixed), move


def smallest_size(board: Board, cell: Cell, mine: bool, fixed: Mapping[Cell, bool] | None = None) -> int | None:
    """The size of a minimum reason by trying every subset of the numbers, or ``None`` if none forces the fact.

    A reason uses the total only when no set of numbers forces the fact alone, as the engine's do.
    """
    numbers = [n for n in board.numbers if number_rule(board, n, fixed)[0]]
    for uses_total in (False, True):
        if uses_total and board.total_mines is None:
            break
        for k in range(len(numbers) + 1):
            if any(forces(board, s, uses_total, cell, mine, fixed=fixed) for s in combinations(numbers, k)):
                return k + int(uses_total)
    return None


def smaller_reason_exists(board: Board, cell: Cell, mine: bool, size: int, uses_total: bool) -> bool:
    """Whether some set of fewer numbers (with the total if the step uses it) forces the fact, by enumeration.

    The numbers tried are those with a covered neighbour, neighbours from ``oracle.around``.
    """
    near = [n for n in board.numbers if any(board.kind(c) is CellKind.COVERED for c in around(board, n))]
    for k in range(size - int(uses_total)):
        for subset in combinations(near, k):
            if k == 0 and not uses_total:
                continue
            if forces(board, subset, uses_total, cell, mine):
                return True
    return False


def explain_and_check(explainer: Explainer, boards: Iterable[Board]) -> int:
    """Explain every certain cell of each board and check each reason; return how many were checked.

    The certain cells must be exactly those the brute-force oracle finds certain.
    """
    checked = 0
    for board in boards:
        ref = reference(board)
        moves = explainer.certain(board)
        certain = {c: p == 1 for c, p in ref.exact.items() if p in (0, 1) and board.kind(c) is CellKind.COVERED}
        assert {m.cell: m.mine for m in moves} == certain, board
        for move in moves:
            assert_valid(board, move)
            checked += 1
    return checked
