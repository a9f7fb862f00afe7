"""Directions and the dihedral group of the square, acting on grid cells."""

from __future__ import annotations

from enum import Enum

Coord = tuple[int, int]


class Direction(Enum):
    """A side of a gadget, as the step ``(drow, dcol)`` that leaves it."""

    _value_: tuple[int, int]

    N = (-1, 0)
    E = (0, 1)
    S = (1, 0)
    W = (0, -1)

    @property
    def opposite(self) -> Direction:
        """Return the direction pointing the other way.

        Examples
        --------
        >>> Direction.N.opposite
        <Direction.S: (1, 0)>
        """
        return Direction((-self.value[0], -self.value[1]))

    @property
    def horizontal(self) -> bool:
        """Tell whether the direction runs along a row."""
        return self.value[0] == 0


class Orientation(Enum):
    """An element of the dihedral group of the square, acting on grids.

    The value is the matrix that maps a step ``(drow, dcol)``; ``rot90`` turns
    clockwise and ``flip-h`` mirrors left and right.

    Examples
    --------
    >>> Orientation.ROT90.direction(Direction.N)
    <Direction.E: (0, 1)>
    >>> Orientation.ROT90.then(Orientation.ROT90) is Orientation.ROT180
    True
    >>> Orientation.ROT90.cell((0, 0), 2, 3)
    (0, 1)
    """

    IDENTITY = "id"
    ROT90 = "rot90"
    ROT180 = "rot180"
    ROT270 = "rot270"
    FLIP_H = "flip-h"
    FLIP_V = "flip-v"
    TRANSPOSE = "transpose"
    ANTITRANSPOSE = "antitranspose"

    @property
    def matrix(self) -> tuple[int, int, int, int]:
        """Return ``(a, b, c, d)`` with ``row' = a*row + b*col``, ``col' = c*row + d*col``."""
        return _MATRICES[self]

    def step(self, dr: int, dc: int) -> Coord:
        """Map a step (a difference of two cells)."""
        a, b, c, d = self.matrix
        return a * dr + b * dc, c * dr + d * dc

    def shape(self, rows: int, cols: int) -> Coord:
        """Return the ``(rows, cols)`` of a transformed ``rows`` x ``cols`` grid."""
        return (cols, rows) if self.matrix[0] == 0 else (rows, cols)

    def cell(self, cell: Coord, rows: int, cols: int) -> Coord:
        """Map a cell of a ``rows`` x ``cols`` grid; cells outside the grid map too."""
        corners = [self.step(r, c) for r in (0, rows - 1) for c in (0, cols - 1)]
        top = min(r for r, _ in corners)
        left = min(c for _, c in corners)
        r, c = self.step(*cell)
        return r - top, c - left

    def direction(self, d: Direction) -> Direction:
        """Map a direction."""
        return Direction(self.step(*d.value))

    def then(self, other: Orientation) -> Orientation:
        """Return the orientation that applies ``self`` first and ``other`` second."""
        a, b, c, d = self.matrix
        p, q, r, s = other.matrix
        product = (p * a + q * c, p * b + q * d, r * a + s * c, r * b + s * d)
        return next(o for o, m in _MATRICES.items() if m == product)


_MATRICES = {
    Orientation.IDENTITY: (1, 0, 0, 1),
    Orientation.ROT90: (0, 1, -1, 0),
    Orientation.ROT180: (-1, 0, 0, -1),
    Orientation.ROT270: (0, -1, 1, 0),
    Orientation.FLIP_H: (1, 0, 0, -1),
    Orientation.FLIP_V: (-1, 0, 0, 1),
    Orientation.TRANSPOSE: (0, 1, 1, 0),
    Orientation.ANTITRANSPOSE: (0, -1, -1, 0),
}
