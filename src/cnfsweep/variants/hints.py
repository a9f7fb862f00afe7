"""Hints on a variant board: the next certain cell, and a minimal reason that names its clues and its rules.

A reason is a set of clues, mine rules and (perhaps) the total under which the
cell is certain; it is subset-minimal: without any one of them the cell is no
longer certain.  It is found as a conflict is (:func:`~cnfsweep.variants.solve.check_variant`):
each clue, each mine rule and the total sit behind a literal of their own in one
CP-SAT model, the cell is assumed the other way round, CP-SAT's core of
assumptions is the first candidate, and deletion shrinks it.  The clue rule and
1M, 1N, 1L are named with the clues, since they say what the clues mean.

The easiest hint is the certain cell with the smallest reason (then the first
in reading order) among those whose first core (CP-SAT's, before shrinking) is
no larger than that reason; with nothing certain it is the covered cell least
likely a mine, where the layouts were counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cnfsweep.core.board import Cell
from cnfsweep.core.deadline import deadline_after, time_left
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.variants.board import CellState, VariantBoard
from cnfsweep.variants.reasons import VariantMove, VariantReason
from cnfsweep.variants.solve import COUNT_LIMIT, TOTAL, VariantModel, analyze_variant

__all__ = ["VariantHint", "VariantMove", "VariantReason", "hint_variant"]


@dataclass(frozen=True)
class VariantHint:
    """The answer of :func:`hint_variant`: the moves, easiest first (every certain one with ``every``).

    ``moves`` is empty for a board with no layout, with no covered cell left, or with nothing
    certain and its layouts not counted (``uncounted`` then says why).
    """

    board: VariantBoard
    consistent: bool
    moves: tuple[VariantMove, ...]
    every: bool = False
    uncounted: str | None = None

    @property
    def move(self) -> VariantMove | None:
        """The easiest move, if any."""
        return self.moves[0] if self.moves else None

    def to_dict(self) -> dict[str, Any]:
        """The document ``cnfsweep hint --json`` prints for a variant board."""
        out: dict[str, Any] = {"consistent": self.consistent, "rules": list(self.board.rules.codes)}
        if self.every:
            out["moves"] = [m.to_dict() for m in self.moves]
        else:
            out.update(self.move.to_dict() if self.move else {"move": None, "reason": None})
        out["total_mines"] = self.board.total
        out["uncounted"] = self.uncounted
        return out


class _Reasons:
    """One guarded model of a board, asked again and again which clues and rules keep a cell certain."""

    def __init__(self, board: VariantBoard, deadline: float | None) -> None:
        self.board = board
        self.m = VariantModel(board, guarded=True, deadline=deadline)
        self.keys: list[object] = list(self.m.guards)
        self.by_index = {lit.Index(): key for key, lit in self.m.guards.items()}
        self.rule_keys = {rule.name for rule in board.rules.mine}

    def certain(self, cell: Cell, mine: bool, active: Sequence[object]) -> bool:
        """Whether ``cell`` is certainly ``mine`` under the clues, rules and total in ``active`` alone."""
        other = ~self.m.x[cell] if mine else self.m.x[cell]
        rules = {k for k in active if isinstance(k, str)}
        return self.m.solve([other, *(self.m.guards[k] for k in active)], rules) is None

    def shrunk(self, active: Sequence[object]) -> list[object]:
        """What of ``active`` the last refutation's core used, in ``active``'s order; ``active`` if it gave none.

        Every clause of the model is a clue's, a rule's (cuts too) or the total's behind its literal, so the
        literals of a core hold the whole refutation: the facts of a core keep the cell certain.
        """
        used = {self.by_index[i] for i in self.m.last_core if i in self.by_index}
        kept = [k for k in active if k in used]
        return kept if used else list(active)

    def move(self, cell: Cell, mine: bool) -> VariantMove:
        """The certain move on ``cell`` with its reason."""
        return VariantMove(cell, mine, True, Fraction(int(mine)), self.reason(cell, mine))

    def easiest(self, certain: Sequence[tuple[Cell, bool]]) -> VariantMove:
        """The move of smallest reason among the cells whose first core is no larger than it.

        Shrinking a reason can take many solves (a global rule under few clues needs many cuts), so
        the cells are taken in order of the size of the core CP-SAT gives first, and no further once
        a core is larger than the smallest reason found: a reason is never larger than its core.
        """
        cores = []
        for cell, mine in certain:
            if not self.certain(cell, mine, self.keys):
                raise CnfsweepError(f"({cell.row}, {cell.col}) is not certain")
            # A reason's size counts clues and the total, never mine rules: so does the core's.
            cores.append((sum(1 for k in self.shrunk(self.keys) if k not in self.rule_keys), cell, mine))
        best: VariantMove | None = None
        for size, cell, mine in sorted(cores):
            if best is not None and best.reason is not None and size > best.reason.size:
                break
            move = self.move(cell, mine)
            if best is None or _size(move) < _size(best):
                best = move
        assert best is not None, "easiest() is asked only when some cell is certain"
        return best

    def reason(self, cell: Cell, mine: bool) -> VariantReason:
        """A subset-minimal reason for ``cell`` being ``mine``: CP-SAT's core, shrunk by deletion."""
        if not self.certain(cell, mine, self.keys):
            raise CnfsweepError(f"({cell.row}, {cell.col}) is not certain")
        core = self.shrunk(self.keys)
        # A core is only a candidate: CP-SAT may give none, or one that is not enough on its own.
        if not self.certain(cell, mine, core):
            core = list(self.keys)
        needed: set[object] = set()
        while len(needed) < len(core):
            key = next(k for k in core if k not in needed)
            rest = [k for k in core if k != key]
            if self.certain(cell, mine, rest):
                # Still certain without it: what CP-SAT used of the rest is enough, and often far less.
                core = self.shrunk(rest)
            else:
                needed.add(key)
        clues = tuple(sorted(k for k in core if isinstance(k, Cell)))
        codes = self.board.rules.codes
        used = {k for k in core if isinstance(k, str) and k != TOTAL}
        reading = (self.board.rules.clue.name, *sorted(self.board.rules.modifiers, key=codes.index)) if clues else ()
        return VariantReason(clues, tuple(c for c in codes if c in used), reading, TOTAL in core)


def hint_variant(
    board: VariantBoard,
    *,
    every: bool = False,
    cell: Cell | None = None,
    smallest: bool = False,
    limit: int = COUNT_LIMIT,
    time_limit: float | None = None,
) -> VariantHint:
    """The easiest next move on a variant board, with a minimal reason naming its clues and rules.

    The move is a certain cell of smallest reason among those whose first core is no larger (see the
    module's words).  With ``every``, every certain cell with its reason, smallest first; with ``cell``, that cell, which must be
    covered and certain.  Reasons are subset-minimal; with ``smallest``, of minimum size
    (:class:`~cnfsweep.variants.smallest.SmallestReasons`: the fewest clues, clues alone before the total),
    and the move is then the first in reading order of the least size.

    Raises
    ------
    CnfsweepError
        When ``cell`` is off the board, not covered, or not certain.
    TimeLimitExceeded
        Past ``time_limit`` seconds.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> h = hint_variant(parse_variant("rules: 1H\\n. . .\\n? 2 ?\\n"))
    >>> h.move.cell, h.move.mine, h.move.reason.rules
    (Cell(row=0, col=0), True, ('1H', 'V'))
    """
    deadline = deadline_after(time_limit)
    if cell is not None and not (0 <= cell.row < board.rows and 0 <= cell.col < board.cols):
        raise CnfsweepError(f"cell ({cell.row}, {cell.col}) is off the {board.rows}x{board.cols} board")
    if cell is not None and board.cell(cell).state is not CellState.COVERED:
        raise CnfsweepError(f"cell ({cell.row}, {cell.col}) is not covered: only a covered cell can be explained")
    analysis = analyze_variant(board, limit=limit, time_limit=time_left(deadline))
    if not analysis.consistent:
        return VariantHint(board, False, (), every)
    certain = [(c, False) for c in analysis.safe] + [(c, True) for c in analysis.mines]
    if cell is not None:
        certain = [(c, mine) for c, mine in certain if c == cell]
        if not certain:
            p = analysis.probability(cell)
            chance = "" if p is None else f" (mine probability {p})"
            raise CnfsweepError(
                f"cell ({cell.row}, {cell.col}) is not certain{chance}: only a certain cell has a reason"
            )
    if not certain:
        covered = board.where(CellState.COVERED)
        if analysis.counts is None or not covered:
            return VariantHint(board, True, (), every, analysis.uncounted)
        best = min(covered, key=lambda c: (analysis.probability(c), c))
        return VariantHint(board, True, (VariantMove(best, False, False, analysis.probability(best)),), every)
    if smallest:
        from cnfsweep.variants.smallest import SmallestReasons

        finder = SmallestReasons(board, deadline)
        if not every and cell is None:
            return VariantHint(board, True, (min(finder.easiest(certain), key=_size),), every)
        moves = sorted((finder.move(c, mine) for c, mine in certain), key=_rank)
        return VariantHint(board, True, tuple(moves), every)
    reasons = _Reasons(board, deadline)
    if not every and cell is None:
        return VariantHint(board, True, (reasons.easiest(certain),), every)
    moves = sorted((reasons.move(c, mine) for c, mine in certain), key=_size)
    return VariantHint(board, True, tuple(moves), every)


def _size(move: VariantMove) -> tuple[int, Cell]:
    return (move.reason.size if move.reason is not None else 0, move.cell)


def _rank(move: VariantMove) -> tuple[bool, int, Cell]:
    """Reasons of clues alone first, then fewest facts, then reading order."""
    reason = move.reason
    return (reason.uses_total, reason.size, move.cell) if reason is not None else (False, 0, move.cell)
