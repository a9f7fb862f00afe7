"""The solver-level model: cardinality constraints over numbered cells, their counts, and rules.

Everything here is independent of boards and solvers: a :class:`Problem` is
what every backend solves, a :class:`CountTable` what it counts, and a
:class:`Rule` what a revealed number says about the cells around it.

May import nothing from cnfsweep but the core's own modules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from cnfsweep.core.lazy import lazy
from math import comb
from typing import Any, NamedTuple

from cnfsweep.core.board import Cell
from cnfsweep.core.frozen import direct_init

__all__ = ["TOTAL", "Constraint", "CountTable", "Problem", "Rule"]


class Rule(NamedTuple):
    """What one number says: exactly ``need`` of ``cells`` are mines.

    ``tag`` is the number's cell (or :data:`TOTAL`), which a conflict names.

    Examples
    --------
    >>> Rule(Cell(0, 0), (Cell(0, 1), Cell(1, 1)), 1).cells
    (Cell(row=0, col=1), Cell(row=1, col=1))
    """

    tag: Cell | str
    cells: tuple[Cell, ...]
    need: int


TOTAL = "total"
"""Tag of the global mine-count constraint in a :class:`Problem`."""


@direct_init
@dataclass(frozen=True)
class Constraint:
    """Between ``lo`` and ``hi`` of the variables ``vars`` are mines.

    A revealed number has ``lo == hi``.  ``tag`` says where the constraint comes
    from: the :class:`Cell` of a revealed number, or :data:`TOTAL`.

    Examples
    --------
    >>> c = Constraint((0, 1), 1, 1, TOTAL)
    >>> c, c == Constraint.exactly((0, 1), 1, TOTAL)
    (Constraint(vars=(0, 1), lo=1, hi=1, tag='total'), True)
    """

    vars: tuple[int, ...]
    lo: int
    hi: int
    tag: Cell | str

    @classmethod
    def exactly(cls, vars: tuple[int, ...], count: int, tag: Cell | str) -> Constraint:
        """Build a constraint with exactly ``count`` mines."""
        return cls(vars, count, count, tag)

    def feasible(self) -> bool:
        """Tell whether some assignment of ``vars`` can satisfy it on its own."""
        return self.lo <= self.hi and self.lo <= len(self.vars) and self.hi >= 0


@direct_init
@dataclass(frozen=True)
class Problem:
    """A solver-independent cardinality problem over variables ``0..num_vars-1``.

    Variables of a box are consecutive and interchangeable: every constraint
    that mentions one of them mentions all of them.  Backends may therefore add
    ``x[i] >= x[i+1]`` inside each box, which leaves one canonical model per
    assignment of box counts.

    Examples
    --------
    >>> p = Problem(boxes=((0, 1), (2,)), constraints=(Constraint.exactly((0, 1, 2), 1, TOTAL),))
    >>> p.num_vars, p.box_sizes
    (3, (2, 1))
    """

    boxes: tuple[tuple[int, ...], ...]
    constraints: tuple[Constraint, ...]

    @lazy
    def num_vars(self) -> int:
        """Number of variables."""
        return sum(len(b) for b in self.boxes)

    @lazy
    def box_sizes(self) -> tuple[int, ...]:
        """Number of cells in each box."""
        return tuple(len(b) for b in self.boxes)

    @lazy
    def shape(self) -> tuple[Any, ...]:
        """The problem without its tags: boxes and each constraint's variables and bounds.

        Problems met anywhere on any board with the same shape have the same models
        (the engine's component cache is keyed by it).
        """
        return self.boxes, tuple((c.vars, c.lo, c.hi) for c in self.constraints)

    @lazy
    def box_of(self) -> tuple[int, ...]:
        """Box index of every variable."""
        out = [0] * self.num_vars
        for i, box in enumerate(self.boxes):
            for v in box:
                out[v] = i
        return tuple(out)

    def box_counts(self, true_vars: frozenset[int] | set[int]) -> tuple[int, ...]:
        """Count the mines of a model in each box."""
        counts = [0] * len(self.boxes)
        for v in true_vars:
            counts[self.box_of[v]] += 1
        return tuple(counts)


@direct_init
@dataclass(frozen=True)
class CountTable:
    """Exact model counts of one problem, split by number of mines.

    ``solutions[k]`` is the number of cell-level models with ``k`` mines and
    ``tallies[k][b]`` how many of those put a mine on one given cell of box
    ``b`` (all cells of a box are alike).
    """

    solutions: dict[int, int]
    tallies: dict[int, tuple[int, ...]]

    @classmethod
    def from_box_counts(cls, problem: Problem, assignments: Iterable[Sequence[int]]) -> CountTable:
        """Weigh canonical models, given as mines per box, by their binomials.

        A box of ``s`` cells holding ``c`` mines stands for ``C(s, c)`` layouts, of
        which ``C(s - 1, c - 1)`` put a mine on any one of its cells.

        Examples
        --------
        >>> p = Problem(boxes=((0, 1), (2,)), constraints=())
        >>> t = CountTable.from_box_counts(p, [(1, 0), (2, 1)])
        >>> t.solutions, t.tallies
        ({1: 2, 3: 1}, {1: (1, 0), 3: (1, 1)})
        """
        return cls.from_models(problem.box_sizes, assignments)

    @classmethod
    def from_models(cls, sizes: Sequence[int], assignments: Iterable[Sequence[int]]) -> CountTable:
        """Weigh canonical models over boxes of ``sizes`` cells (see :meth:`from_box_counts`).

        Examples
        --------
        >>> CountTable.from_models((2, 1), [(1, 0), (2, 1)]).solutions
        {1: 2, 3: 1}
        """
        solutions: dict[int, int] = {}
        tallies: dict[int, list[int]] = {}
        for counts in assignments:
            weights = [comb(s, c) for s, c in zip(sizes, counts, strict=True)]
            total = 1
            for w in weights:
                total *= w
            k = sum(counts)
            solutions[k] = solutions.get(k, 0) + total
            row = tallies.setdefault(k, [0] * len(sizes))
            for b, (s, c) in enumerate(zip(sizes, counts, strict=True)):
                if c:
                    # total / C(s, c) * C(s-1, c-1) == total * c / s, exactly.
                    row[b] += total * c // s
        return cls(solutions, {k: tuple(v) for k, v in tallies.items()})
