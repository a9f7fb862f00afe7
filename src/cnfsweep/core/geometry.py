"""What every board geometry offers: its :class:`Cell` values, its :class:`ShapeTables` and the :class:`Topology` protocol.

The geometries that meet the protocol are the grids of
:mod:`cnfsweep.core.topology` (:class:`~cnfsweep.core.topology.Square`,
:class:`~cnfsweep.core.topology.Torus`, :class:`~cnfsweep.core.topology.Hex`)
and :class:`~cnfsweep.core.graph.Graph`.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol, runtime_checkable

__all__ = ["Cell", "ShapeTables", "Topology"]


class Cell(NamedTuple):
    """A board position: row and column, both from 0 at the top-left."""

    row: int
    col: int


class ShapeTables(NamedTuple):
    """Every cell of a board shape in order, and the indices of each cell's neighbours.

    For a grid topology the order is row-major, so a cell's index is
    ``row * cols + col``.

    Examples
    --------
    >>> from cnfsweep.core.topology import Square
    >>> tables = Square(2, 3).tables()
    >>> tables.index(Cell(1, 1)), [tables.cells[i] for i in tables.near(Cell(0, 0))]
    (4, [Cell(row=0, col=1), Cell(row=1, col=0), Cell(row=1, col=1)])
    """

    cells: tuple[Cell, ...]
    around: tuple[tuple[int, ...], ...]

    # Shadows tuple.index on purpose: a cell's index in the tables, which is what every caller asks.
    def index(self, cell: tuple[int, int]) -> int:  # type: ignore[override]
        """Return the row-major index of ``cell``."""
        return cell[0] * (self.cells[-1][1] + 1) + cell[1]

    def near(self, cell: tuple[int, int]) -> tuple[int, ...]:
        """Return the indices of the neighbours of ``cell``."""
        return self.around[cell[0] * (self.cells[-1][1] + 1) + cell[1]]


@runtime_checkable
class Topology(Protocol):
    """What a board's geometry tells every layer: its cells and their neighbours.

    ``name`` is what a board's text header ``topology:`` says;
    ``max_number`` the largest number a cell can show (its most neighbours).
    """

    # Read-only: a grid's are class constants, a graph's largest number is computed from its edges (a property).
    @property
    def name(self) -> str:
        """What a board's text header ``topology:`` says."""
        ...

    @property
    def max_number(self) -> int:
        """The largest number a cell can show."""
        ...

    @property
    def rows(self) -> int:
        """How many rows the cells lie in (a graph's cells are one row)."""
        ...

    @property
    def cols(self) -> int:
        """How many columns: the most cells a row has."""
        ...

    def tables(self, deadline: float | None = None) -> ShapeTables:
        """Return every cell and the indices of each one's neighbours."""
        ...

    def neighbours(self, cell: tuple[int, int]) -> tuple[Cell, ...]:
        """Return the neighbours of ``cell``, in the order of :meth:`tables`."""
        ...

    def sides(self, cell: tuple[int, int]) -> tuple[tuple[Cell, ...], ...]:
        """Return the neighbours across a side of ``cell``'s shape, grouped by axis (opposite sides together).

        Two cells sharing a side can be told apart only by the few cells next to
        one of them but not the other (:func:`cnfsweep.search.pairs.caps`).
        """
        ...

    def __contains__(self, cell: object) -> bool:
        """Say whether ``cell`` is a cell of this topology."""
        ...

    def cell_text(self, cell: tuple[int, int]) -> str:
        """Write ``cell`` as text (``R,C`` on a grid), as ``first-click:`` and ``--cell`` read it."""
        ...

    def cell_json(self, cell: tuple[int, int]) -> list[int] | str:
        """Write ``cell`` as JSON answers give it (``[r, c]`` on a grid, its name on a graph)."""
        ...
