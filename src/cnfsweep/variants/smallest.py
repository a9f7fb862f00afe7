"""Reasons of minimum size on a variant board: the fewest clues (and perhaps the total) that force a cell.

A reason's **size** counts its clues, plus one for the total, as a classic
reason counts numbers and the total (:class:`~cnfsweep.explanation.Grade`'s
scale).  Mine rules do not count: they hold on every cell of every puzzle, as
"a number counts its eight neighbours" does on a classic board, so they are
always in force; a reason still names the mine rules it needs (a
subset-minimal set of them, for its clues).  Known mines and opened cells are
facts of the position, free as flags are in a classic grade.  Reasons from
clues alone come before reasons that need the total, as in the classic grade.

The minimum is found exactly by implicit hitting sets: a set of clues forces
the cell unless some layout obeys the rules, those clues and has the cell the
other way round; each such layout breaks some clues, and every reason must
hold one of them.  A smallest set holding one clue of every set met so far
(CP-SAT, exact) is tried next; the first one that forces the cell is a
smallest reason.  Each layout found is first made to keep as many clues as
one pass can (a minimal correction set), which keeps the loop short.  The
size found does not depend on the solver; which clues of that size it names
may.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from ortools.sat.python import cp_model

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.variants.board import VariantBoard
from cnfsweep.variants.reasons import VariantMove, VariantReason
from cnfsweep.variants.solve import TOTAL, VariantModel, statements

__all__ = ["SmallestReasons"]


class SmallestReasons:
    """One guarded model of a board, asked for each certain cell's reason of minimum size.

    Parameters
    ----------
    board
        The position: its clues, known mines, rules and total.
    deadline
        A ``time.perf_counter()`` value past which a solve raises
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> finder = SmallestReasons(parse_variant("rules: V\\n. . 1\\n? ? ?\\n"))
    >>> move = finder.move(Cell(0, 1), True)
    >>> move.reason.clues, move.reason.size   # the 1 alone: (0, 1) is its only covered neighbour
    ((Cell(row=0, col=2),), 1)
    """

    def __init__(self, board: VariantBoard, deadline: float | None = None) -> None:
        self.board = board
        # Every question asks whether a layout exists: global rules stated by their exact links too need no cut
        # rounds (cuts learnt in one position would be lost with the model anyway).
        self.m = VariantModel(board, guarded=True, deadline=deadline, exact=True)
        # Many small questions under assumptions: presolve costs more than it saves under local rules.
        self.m.presolve = not all(rule.local for rule in board.rules.mine)
        self.said = {s.clue: s for s in statements(board) if s.clue is not None}
        self.clues = tuple(sorted(self.said))
        self.rules = tuple(rule.name for rule in board.rules.mine)

    def _solve(self, cell: Cell, mine: bool, clues: Iterable[Cell], total: bool, rules: Sequence[str]) -> Any:
        """A layout with ``cell`` the other way under ``rules``, ``clues`` and perhaps the total, or ``None``."""
        g = self.m.guards
        x = self.m.x[cell]
        assume = [~x if mine else x, *(g[r] for r in rules), *(g[c] for c in clues)]
        if total:
            assume.append(g[TOTAL])
        return self.m.solve(assume, rules)

    def certain(self, cell: Cell, mine: bool, total: bool) -> bool:
        """Whether every clue and rule (and the total, if ``total``) force ``cell`` to be ``mine``."""
        if total and self.board.total is None:
            return False
        return self._solve(cell, mine, self.clues, total, self.rules) is None

    def _broken(self, layout: Any) -> set[Cell]:
        return {c for c in self.clues if not self.said[c].holds(layout)}

    def _correction(self, cell: Cell, mine: bool, chosen: set[Cell], total: bool, layout: Any) -> frozenset[Cell]:
        """The clues ``layout`` breaks, after one pass keeping each of them where some layout still allows it."""
        broken = self._broken(layout)
        for clue in sorted(broken):
            if clue not in broken:
                continue  # a later layout kept it
            kept = [c for c in self.clues if c not in broken] + [clue]
            found = self._solve(cell, mine, kept, total, self.rules)
            if found is not None:
                broken = self._broken(found)
        return frozenset(broken)

    def clues_needed(self, cell: Cell, mine: bool, total: bool, most: int | None = None) -> tuple[Cell, ...] | None:
        """A smallest set of clues that forces ``cell`` (with the rules, and the total if ``total``).

        ``None`` when every such set has more than ``most`` clues.  The cell must be certain with every clue.
        """
        sets: list[frozenset[Cell]] = []
        while True:
            chosen = _hitting_set(sets, most)
            if chosen is None:
                return None
            layout = self._solve(cell, mine, chosen, total, self.rules)
            if layout is None:
                return tuple(sorted(chosen))
            found = self._correction(cell, mine, chosen, total, layout)
            if not found:
                raise CnfsweepError(f"({cell.row}, {cell.col}) is not certain")
            sets.append(found)

    def reason(self, cell: Cell, mine: bool, most: tuple[bool, int] | None = None) -> VariantReason | None:
        """A reason of minimum size for ``cell`` being ``mine``: clues alone if they can, else with the total.

        ``most`` bounds ``(uses_total, size)`` (reasons from clues alone first): ``None`` when every reason is
        beyond it.

        Raises
        ------
        CnfsweepError
            When the cell is not certain.
        """
        total = not self.certain(cell, mine, False)
        if total and not self.certain(cell, mine, True):
            raise CnfsweepError(f"({cell.row}, {cell.col}) is not certain")
        bound: int | None = None
        if most is not None:
            if (total, 0) > (most[0], most[1]):
                return None
            bound = most[1] - int(total) if total == most[0] else None
            if bound is not None and bound < 0:
                return None
        clues = self.clues_needed(cell, mine, total, bound)
        if clues is None:
            return None
        # The mine rules it needs, for its clues: none counts toward its size, each is named.
        rules = list(self.rules)
        for rule in self.rules:
            rest = [r for r in rules if r != rule]
            if self._solve(cell, mine, clues, total, rest) is None:
                rules = rest
        codes = self.board.rules.codes
        reading = (self.board.rules.clue.name, *sorted(self.board.rules.modifiers, key=codes.index)) if clues else ()
        return VariantReason(clues, tuple(rules), reading, total)

    def move(self, cell: Cell, mine: bool) -> VariantMove:
        """The certain move on ``cell`` with a reason of minimum size."""
        reason = self.reason(cell, mine)
        return VariantMove(cell, mine, True, Fraction(int(mine)), reason)

    def easiest(self, certain: Sequence[tuple[Cell, bool]]) -> list[VariantMove]:
        """Every move of ``certain`` whose smallest reason is the least (clues alone first, then fewest facts)."""
        best: tuple[bool, int] | None = None
        found: list[VariantMove] = []
        for cell, mine in certain:
            reason = self.reason(cell, mine, best)
            if reason is None:
                continue
            key = (reason.uses_total, reason.size)
            if best is None or key < best:
                best, found = key, []
            found.append(VariantMove(cell, mine, True, Fraction(int(mine)), reason))
        return found


def _hitting_set(sets: Sequence[frozenset[Cell]], most: int | None) -> set[Cell] | None:
    """A smallest set of cells holding one of each of ``sets`` (exactly, by CP-SAT); ``None`` if it needs more than ``most``."""
    if not sets:
        return set() if most is None or most >= 0 else None
    cells = sorted(set().union(*sets))
    model = cp_model.CpModel()
    pick = {c: model.new_bool_var(f"h{c.row}_{c.col}") for c in cells}
    for s in sets:
        model.add_bool_or([pick[c] for c in s])
    if most is not None:
        model.add(sum(pick.values()) <= most)
    model.minimize(sum(pick.values()))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return None
    if status != cp_model.OPTIMAL:
        raise CnfsweepError("internal error: the smallest hitting set was not found")
    return {c for c in cells if solver.value(pick[c])}
