"""A topology to copy: four neighbours a cell, a working example of a grid topology.

Copy this file into your own package, rename the class and ``name``, and give
your grid's :meth:`Cross.offsets` and :meth:`Cross.side_steps`.  Then declare the
class in your package's ``pyproject.toml``::

    [project.entry-points."cnfsweep.topologies"]
    cross = "my_package.cross:Cross"

The entry point's name must be the class's ``name``.  Once your package is
installed, ``--topology cross`` (``play``, ``generate``, ``grade``), a board's
``topology: cross`` header and the API's ``topology`` know it; the neighbour
tables, the engine, the game and the witness checks all follow from the offsets
(:class:`~cnfsweep.core.topology.GridTopology` says what each attribute means).
The page and ``render`` draw square, torus and hex cells only; a board on
another grid is drawn as squares.

Each offset is a step of -1, 0 or 1 in rows and columns, and may depend only on
whether the row is odd: vectorised code shifts whole rows of one parity.

Examples
--------
>>> from cnfsweep.core.cell import Cell
>>> Cross(3, 3).neighbours(Cell(1, 1))
(Cell(row=0, col=1), Cell(row=1, col=0), Cell(row=1, col=2), Cell(row=2, col=1))
>>> Cross(3, 3).sides(Cell(0, 0))
((Cell(row=0, col=1),), (Cell(row=1, col=0),))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cnfsweep.core.topology import GridTopology

__all__ = ["Cross"]

_FOUR = ((-1, 0), (0, -1), (0, 1), (1, 0))  # in row-major order, as the tables list neighbours
_SIDES = (((0, -1), (0, 1)), ((-1, 0), (1, 0)))  # left and right, then up and down


@dataclass(frozen=True)
class Cross(GridTopology):
    """Square cells that neighbour only across a side: up to four neighbours a cell, numbers 0-4."""

    name: ClassVar[str] = "cross"  # what --topology takes and a board's topology: header says
    max_number: ClassVar[int] = 4  # a number above it on a board is an error naming the cell
    wraps: ClassVar[bool] = False  # True: the offsets wrap around the edges, as on a torus
    min_size: ClassVar[int] = 1  # the fewest rows and columns a board may have

    @classmethod
    def offsets(cls, row: int) -> tuple[tuple[int, int], ...]:
        """Return the steps to the four cells across a side, the same in every row."""
        return _FOUR

    @classmethod
    def side_steps(cls, row: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
        """Return the steps across each side, opposite sides paired (what likely 50/50s are made of)."""
        return _SIDES
