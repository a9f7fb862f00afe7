"""A variant rule to copy: no two mines one above the other, a working example of a local mine rule.

Copy this file into your own package, rename the class, give it a code
(``name``, what a board's ``rules:`` header writes; no spaces), a title and a
one-line definition, and state the rule in :meth:`Vertical.constraints`.  Then
declare the class in your package's ``pyproject.toml``::

    [project.entry-points."cnfsweep.rules"]
    VT = "my_package.vertical:Vertical"

The entry point's name must be the class's ``name``.  Once your package is
installed, ``rules: VT`` on a board applies it in ``solve`` and ``check``.

A local rule states everything as :class:`~cnfsweep.variants.rule.Sum`
constraints (a weighted count of mines in a set of allowed values; unit
weights and an interval are the cardinality constraints the engine counts
with) or :class:`~cnfsweep.variants.rule.AnyOf` (one of a few partial
layouts), and returns no cuts.  A global rule (``local = False``) also says,
for a whole layout, which constraints that layout breaks and every obeying
layout keeps (:meth:`Vertical.cuts`); the solver adds them until the rule holds.
A clue rule instead has ``kind = RuleKind.CLUE``, ``counts``, ``takes(value)``
and ``clue(grid, cell, values, weight)`` (see :mod:`cnfsweep.variants.clues`);
optionally ``expects``, what its clue tokens are when they are neither numbers
nor run lengths (the one line a wrong token gets), and ``uses_dye = True`` if
its clues read dyed cells, so generated puzzles dye some (see 2X in
:mod:`cnfsweep.variants.second`).

Examples
--------
>>> from cnfsweep.variants.rule import Grid
>>> [s.cells for s in Vertical().constraints(Grid(2, 2))]
[(Cell(row=0, col=0), Cell(row=1, col=0)), (Cell(row=0, col=1), Cell(row=1, col=1))]
"""

from __future__ import annotations

from typing import ClassVar

from cnfsweep.core.board import Cell
from cnfsweep.variants.rule import Grid, Layout, RuleKind, Statement, Sum

__all__ = ["Vertical"]


class Vertical:
    """VT: no two mines are vertically adjacent."""

    name: ClassVar[str] = "VT"  # the code a board's rules: header writes
    title: ClassVar[str] = "Vertical"
    definition: ClassVar[str] = "no two mines are vertically adjacent"
    kind: ClassVar[RuleKind] = RuleKind.MINE
    local: ClassVar[bool] = True  # False for a rule that needs cuts on whole layouts

    def constraints(self, grid: Grid) -> tuple[Statement, ...]:
        """At most one mine in each pair of cells one above the other."""
        pairs = ((Cell(r, c), Cell(r + 1, c)) for r in range(grid.rows - 1) for c in range(grid.cols))
        return tuple(Sum(pair, (1, 1), frozenset({0, 1}), self.name) for pair in pairs)

    def cuts(self, grid: Grid, layout: Layout) -> tuple[Statement, ...]:
        """A local rule: its constraints say everything, so no layout needs cutting off."""
        return ()
