"""The easiest certain move, found without explaining every certain cell.

The ranking is :meth:`~cnfsweep.explanation.answers.HintMove.rank`'s: the reason
:class:`~cnfsweep.explanation.reasons.ReasonFinder` gives each certain cell,
smallest first, then fewest cells involved, then row-major.  Every reason the
finder gives has at least as many facts as a smallest reason of its cell, so
cells are searched by how small a reason they could have, cheapest first:

1. cells one number settles (none of its cells, or all of them, are mines):
   the finder's reason for them needs no solver, and nothing beats one number;
2. otherwise, cells some pair of numbers, or one number and the total, could
   settle: told apart by counting alone (:func:`two_fact_cells`).  Any other
   cell's reason has three facts or more, so when one of these cells has a
   reason of two, the best of them is the move;
3. otherwise every certain cell, as before; with ``smallest``, each minimum
   search stops once it can no longer beat the best reason found so far.

Only when the total alone settles the board (no mine left, or only mines)
does the search start at step 3: then a reason may be the total by itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cnfsweep.core.board import Cell
from cnfsweep.core.deadline import checked
from cnfsweep.core.constraints import Rule
from cnfsweep.explanation.reasons import Reason, ReasonFinder

__all__ = ["Found", "easiest", "rank", "two_fact_cells"]

#: A certain cell, whether it is a mine, and its reason.
Found = tuple[Cell, bool, Reason]


def rank(found: Found) -> tuple[int, int, Cell]:
    """Sort key: smallest reason first, then fewest cells involved, then row-major.

    Examples
    --------
    >>> cell = Cell(0, 0)
    >>> rank((cell, True, Reason((Cell(1, 0),), False, (cell, Cell(0, 1)))))
    (1, 2, Cell(row=0, col=0))
    """
    cell, _, reason = found
    return reason.size, len(reason.cells), cell


def _pair_forces(a: Rule, b: Rule) -> Iterable[Cell]:
    """Yield the cells two numbers settle together, by counting the mines they share.

    With ``s`` the cells both see, ``p`` and ``q`` the rest of each, the mines
    in ``s`` range over an interval; a part is all mines, or all safe, when
    every count in the interval makes it so.

    Examples
    --------
    >>> c = [Cell(0, i) for i in range(3)]
    >>> sorted(_pair_forces(Rule(Cell(1, 1), tuple(c), 2), Rule(Cell(1, 2), tuple(c[1:]), 1)))
    [Cell(row=0, col=0)]
    """
    shared = set(a.cells).intersection(b.cells)
    p = [c for c in a.cells if c not in shared]
    q = [c for c in b.cells if c not in shared]
    lo = max(0, a.need - len(p), b.need - len(q))
    hi = min(len(shared), a.need, b.need)
    if lo > hi:
        return  # the two cannot both hold: the analysis says so
    for part, need in ((p, a.need), (q, b.need)):
        if part and (need - hi == len(part) or need - lo == 0):
            yield from part
    if shared and (lo == len(shared) or hi == 0):
        yield from shared


def two_fact_cells(finder: ReasonFinder, cells: Iterable[Cell], deadline: float | None = None) -> set[Cell]:
    """Return the cells of ``cells`` that may have a reason of at most two facts (a superset of them).

    Two numbers force only cells they see and only when they share a cell;
    one number and the total force the cells it does not see when it holds
    every mine left, or leaves every other cell a mine.  Counting settles both
    without a solver.

    Examples
    --------
    >>> from cnfsweep import Board
    >>> from cnfsweep.engine import Engine
    >>> finder = ReasonFinder(Board.from_rows(["...", "121"]), Engine.create())
    >>> sorted(two_fact_cells(finder, [Cell(0, 0), Cell(0, 1), Cell(0, 2)]))
    [Cell(row=0, col=0), Cell(row=0, col=2)]
    """
    wanted = set(cells)
    found: set[Cell] = set()
    left, unknown = finder.mines_left, finder.unknown
    if left is not None and any(r.need == left or left - r.need == unknown - len(r.cells) for r in finder.rules):
        return wanted
    rules_at = finder.rules_at
    seen: set[tuple[int, int]] = set()
    for cell in checked(wanted, deadline, 1024):
        near = rules_at.get(cell, ())
        # The numbers that see this cell, and every number sharing a cell with one of them.
        for a in near:
            for other in a.cells:
                for b in rules_at[other]:
                    pair = (id(a), id(b)) if id(a) < id(b) else (id(b), id(a))
                    if a is b or pair in seen:
                        continue
                    seen.add(pair)
                    found.update(_pair_forces(a, b))
    return found & wanted


def easiest(
    finder: ReasonFinder, facts: Sequence[tuple[Cell, bool]], smallest: bool = False, deadline: float | None = None
) -> Found | None:
    """Return the best-ranked of ``facts`` (certain cells) with its reason, asking the finder about as few as it can.

    The answer is the one that ranking every fact's reason would give (see the module's docstring).
    Past ``deadline`` raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    >>> from cnfsweep import Board
    >>> from cnfsweep.engine import Engine
    >>> finder = ReasonFinder(Board.from_rows(["...", "121"]), Engine.create())
    >>> cell, mine, reason = easiest(finder, [(Cell(0, 1), False), (Cell(0, 0), True), (Cell(0, 2), True)])
    >>> cell, mine, reason.numbers
    (Cell(row=0, col=0), True, (Cell(row=1, col=1), Cell(row=1, col=2)))
    >>> finder.close()
    """
    if not facts:
        return None
    if not finder.total_alone():
        ones = [(c, m, r) for c, m in checked(facts, deadline, 4096) if (r := finder.single(c, m)) is not None]
        if ones:
            return min(ones, key=rank)
        two = two_fact_cells(finder, (c for c, _ in facts), deadline)
        best = min(((c, m, finder.reason(c, m, smallest)) for c, m in facts if c in two), key=rank, default=None)
        if best is not None and best[2].size <= 2:
            return best
    every = sorted(((c, m, finder.reason(c, m)) for c, m in facts), key=rank)
    if not smallest:
        return every[0]
    # Each cell's subset-minimal reason bounds its minimum from above, so the likely best are searched
    # first, and each later search stops once it can neither beat nor tie the best found.
    found: Found | None = None
    for c, m, _ in every:
        reason = finder.reason_within(c, m, True, None if found is None else found[2].size)
        if reason is not None and (found is None or rank((c, m, reason)) < rank(found)):
            found = (c, m, reason)
    return found
