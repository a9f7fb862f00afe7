"""One question about a cell as a guarded problem, and its unsatisfiable cores shrunk to a reason's numbers.

Offers :class:`Part` (some numbers, and perhaps the total, encoded once and
asked about one cell at a time), :func:`minimal` (a core shrunk by deletion
until each number is needed) and :func:`minimum` (a smallest core, by
implicit hitting sets).  :class:`~cnfsweep.explanation.reasons.ReasonFinder`
decides which numbers go into a part and turns the chosen ones into a
:class:`~cnfsweep.explanation.reasons.Reason`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from cnfsweep.core.board import Cell
from cnfsweep.core.deadline import check_deadline
from cnfsweep.core.constraints import Constraint, Problem, Rule, TOTAL
from cnfsweep.engine.backends import Backend
from cnfsweep.engine.backends.base import SolverOutcome, Session

__all__ = ["Part", "minimal", "minimum"]


class Part:
    """Some numbers (and perhaps the total) encoded once, asked about one cell at a time.

    Constraint ``i < len(rules)`` is number ``rules[i]``; with a total, the
    last constraint is the total's bound on the encoded cells.
    """

    def __init__(
        self,
        backend: Backend,
        rules: Sequence[Rule],
        extra: Iterable[Cell] = (),
        total: tuple[int, int] | None = None,
        deadline: float | None = None,
    ) -> None:
        self.deadline = deadline
        self.rules = list(rules)
        cells = sorted({c for r in self.rules for c in r.cells}.union(extra))
        self.index = {c: i for i, c in enumerate(cells)}
        constraints = [Constraint.exactly(tuple(self.index[c] for c in r.cells), r.need, r.tag) for r in self.rules]
        self.total: int | None = None
        if total is not None:
            self.total = len(constraints)
            constraints.append(Constraint(tuple(range(len(cells))), total[0], total[1], TOTAL))
        self.numbers = frozenset(range(len(self.rules)))
        # One box per cell: a cell is assumed alone, so no ordering inside boxes may tie it to another.
        problem = Problem(tuple((i,) for i in range(len(cells))), tuple(constraints))
        self.session: Session = backend.open(problem, guarded=True)

    def refute(self, cell: Cell, mine: bool, enabled: Collection[int]) -> SolverOutcome:
        """Look for a layout of the enabled constraints with ``cell`` the other way round."""
        v = self.index[cell]
        check_deadline(self.deadline)
        if mine:
            return self.session.solve(false_vars=(v,), enabled=enabled, deadline=self.deadline)
        return self.session.solve(true_vars=(v,), enabled=enabled, deadline=self.deadline)

    def keep(self) -> frozenset[int]:
        """The constraints never dropped: the total, when encoded."""
        return frozenset() if self.total is None else frozenset({self.total})

    def satisfied(self, model: frozenset[int]) -> set[int]:
        """The numbers a model (its mines, as variables) satisfies."""
        return {i for i, r in enumerate(self.rules) if sum(self.index[c] in model for c in r.cells) == r.need}

    def close(self) -> None:
        self.session.close()


def minimal(part: Part, cell: Cell, mine: bool, core: frozenset[int]) -> frozenset[int]:
    """Shrink an unsatisfiable set of numbers by deletion until each one is needed.

    Numbers far from the cell are tried first, so the argument stays close to it.
    Each drop that keeps the set unsatisfiable shrinks it to the solver's new core.
    """
    keep = part.keep()
    kept = set(core - keep)

    def distance(i: int) -> tuple[int, Cell]:
        tag = part.rules[i].tag
        assert isinstance(tag, Cell)
        return -max(abs(tag.row - cell.row), abs(tag.col - cell.col)), tag

    for i in sorted(kept, key=distance):
        check_deadline(part.deadline)
        if i not in kept:
            continue
        trial = kept - {i}
        out = part.refute(cell, mine, trial | keep)
        if not out.satisfiable:
            kept = (set(out.core) & trial) if out.core is not None else trial
    return frozenset(kept)


def minimum(part: Part, cell: Cell, mine: bool, bound: frozenset[int], cap: int | None = None) -> frozenset[int] | None:
    """Find a smallest unsatisfiable set of numbers, given a minimal one ``bound``.

    Implicit hitting sets: any unsatisfiable set must hit the complement of
    every satisfiable set of numbers.  The smallest set hitting every
    complement found so far is a lower bound; once it is unsatisfiable (or as
    big as ``bound``) it is a minimum.  Once the lower bound passes ``cap``
    numbers, give up and return ``None``: the hitting sets come smallest
    first, so below the cap the answer is the one found without it.
    """
    from pysat.examples.hitman import Hitman

    if len(bound) <= 1:
        return bound
    keep = part.keep()
    candidates = part.numbers
    hitter = Hitman(htype="sorted")
    try:
        while True:
            trial = frozenset(hitter.get() or ())
            if cap is not None and len(trial) > cap:
                return None
            if len(trial) >= len(bound):
                return bound
            out = part.refute(cell, mine, trial | keep)
            if not out.satisfiable:
                return trial
            # Grow the satisfiable set to a maximal one: its complement is a correction set.
            grown = set(trial) | part.satisfied(out.model or frozenset())
            for i in sorted(candidates - grown):
                if i in grown:
                    continue
                found = part.refute(cell, mine, grown | {i} | keep)
                if found.satisfiable:
                    grown |= {i} | part.satisfied(found.model or frozenset())
            correction = candidates - grown
            if not correction:
                raise RuntimeError("internal error: every number together fails to force a certain cell")
            hitter.hit(sorted(correction))
    finally:
        hitter.delete()
