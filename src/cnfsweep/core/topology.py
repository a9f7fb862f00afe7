"""Board geometries: which cells a board has and which of them are neighbours.

The engine never looks at shapes: a revealed number is a constraint over the
cells its board's :class:`Topology` calls its neighbours (the protocol, with
:class:`ShapeTables`, is here; :class:`Cell` is in :mod:`cnfsweep.core.cell`).  Every layer asks the
board's topology (``board.topology``) for neighbours; nothing else computes a
neighbourhood.  Built in, by name in :data:`TOPOLOGIES`:

- ``square``: the rectangle, up to eight neighbours a cell (the default);
- ``torus``: the rectangle with wrap-around, eight neighbours every cell (at
  least 3x3, so that the eight are distinct);
- ``hex``: hexagonal cells in offset rows, odd rows shifted half a cell right
  ("odd-r"), up to six neighbours a cell;
- ``graph``: any named cells and edges (:class:`~cnfsweep.core.graph.Graph`,
  in its own module), read from a JSON graph file, not made from a size.

A grid topology is a frozen dataclass of its rows and columns whose cells are
``(row, col)`` pairs in row-major order; its neighbour tables are built once
per shape and shared.  A new grid is a subclass of :class:`GridTopology` that
names its offsets, added to :data:`TOPOLOGIES`, or, from a package of your own,
declared in the ``cnfsweep.topologies`` entry-point group
(:mod:`cnfsweep.core.plugins`; :mod:`cnfsweep.core.TEMPLATE` is one to copy).

Examples
--------
>>> Hex(3, 3).neighbours(Cell(1, 1))
(Cell(row=0, col=1), Cell(row=0, col=2), Cell(row=1, col=0), Cell(row=1, col=2), Cell(row=2, col=1), Cell(row=2, col=2))
>>> len(Torus(3, 3).neighbours(Cell(0, 0))), len(Square(3, 3).neighbours(Cell(0, 0)))
(8, 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import repeat
from typing import ClassVar, NamedTuple, Protocol, cast, runtime_checkable

from cnfsweep.core.deadline import checked
from cnfsweep.core.errors import ArgumentError, ArgumentTypeError, OffBoardError, shown
from cnfsweep.core.cell import Cell
from cnfsweep.core.plugins import GROUPS, Registry

__all__ = [
    "DEFAULT_TOPOLOGY",
    "GRAPH",
    "TOPOLOGIES",
    "Cell",
    "GridTopology",
    "Hex",
    "ShapeTables",
    "Square",
    "Topology",
    "Torus",
    "make_topology",
    "too_big_number",
    "topology_names",
]


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


# The tables of the 16 most recently built shapes.  Not functools.lru_cache: the
# deadline must reach the build (a second on a 1000x1000 board) but not the key.
_SHAPES: dict[tuple[str, int, int], ShapeTables] = {}
# The neighbours of each cell as Cells, for Board.neighbours, of as many shapes.
_CELL_TABLES: dict[tuple[str, int, int], tuple[tuple[Cell, ...], ...]] = {}
#: Boards of more cells than this find one cell's neighbours in the shape's tables, without a table of Cells.
_CELL_TABLE_CELLS = 250_000


@dataclass(frozen=True)
class GridTopology:
    """Rows and columns of cells, each neighbouring the cells at its row's offsets.

    A subclass sets ``name``, ``max_number``, ``wraps`` (whether offsets wrap
    around the edges) and :meth:`offsets`; the tables follow from them.
    """

    rows: int
    cols: int

    name: ClassVar[str] = ""
    max_number: ClassVar[int] = 8
    wraps: ClassVar[bool] = False
    min_size: ClassVar[int] = 1

    def __post_init__(self) -> None:
        for what, n in (("rows", self.rows), ("cols", self.cols)):
            if not isinstance(n, int) or isinstance(n, bool):
                raise ArgumentTypeError(f"{what} must be an integer, got {shown(n)} ({type(n).__name__})")
        if min(self.rows, self.cols) < self.min_size:
            raise ArgumentError(
                f"a {self.name} board needs at least {self.min_size} rows and {self.min_size} columns, "
                f"got {self.rows}x{self.cols}"
            )

    @classmethod
    def offsets(cls, row: int) -> tuple[tuple[int, int], ...]:
        """Return the ``(dr, dc)`` steps, each -1, 0 or 1, from a cell of ``row`` to its neighbours.

        They may depend on whether the row is odd, and on nothing else: vectorised
        code (a witness check on a million cells) shifts whole rows of one parity.
        """
        raise NotImplementedError

    @classmethod
    def side_steps(cls, row: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
        """Return the steps from a cell of ``row`` across each side of its shape, opposite sides paired.

        Each step is one of :meth:`offsets`; like them they depend on whether the row is odd.
        """
        raise NotImplementedError

    def sides(self, cell: tuple[int, int]) -> tuple[tuple[Cell, ...], ...]:
        """Return the neighbours across a side of ``cell``, an axis (two opposite sides) a tuple.

        Off the board a side has no neighbour (the axis keeps the other one, or
        is left out); on a torus the sides wrap as the neighbours do.

        Examples
        --------
        >>> Square(3, 3).sides(Cell(0, 0))
        ((Cell(row=0, col=1),), (Cell(row=1, col=0),))
        >>> Torus(3, 4).sides(Cell(0, 0))
        ((Cell(row=0, col=3), Cell(row=0, col=1)), (Cell(row=2, col=0), Cell(row=1, col=0)))
        >>> len(Hex(5, 5).sides(Cell(2, 2)))
        3
        """
        if cell not in self:
            raise OffBoardError(f"cell {tuple(cell)} is off the {self.rows}x{self.cols} {self.name} board")
        cells = self.tables().cells
        axes = (tuple([cells[i] for i in self._reached(cell, axis)]) for axis in self.side_steps(cell[0]))
        return tuple(axis for axis in axes if axis)

    def _reached(self, cell: tuple[int, int], steps: Iterable[tuple[int, int]]) -> list[int]:
        """Return the index of each cell ``steps`` reach from ``cell``, in their order: wrapped, or on the board."""
        rows, cols, (r0, c0) = self.rows, self.cols, cell
        found = []
        for dr, dc in steps:
            r, c = r0 + dr, c0 + dc
            if self.wraps:
                r, c = r % rows, c % cols
            elif not (0 <= r < rows and 0 <= c < cols):
                continue
            found.append(r * cols + c)
        return found

    def __contains__(self, cell: object) -> bool:
        try:
            r, c = cast("tuple[int, int]", cell)  # any pair of integers: a list [r, c] is in too
            return 0 <= r < self.rows and 0 <= c < self.cols
        except (TypeError, ValueError):
            return False

    def tables(self, deadline: float | None = None) -> ShapeTables:
        """Return every cell in row-major order and the neighbours of each, by index.

        Built once per shape, as the engine looks at neighbours on every
        analysis; the Cells are shared, which keeps a 1000x1000 table small.
        Past ``deadline`` (a ``time.perf_counter()`` value) while building a
        new shape's tables, raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

        Examples
        --------
        >>> cells, around = Square(2, 3).tables()
        >>> cells[4], [cells[i] for i in around[0]]
        (Cell(row=1, col=1), [Cell(row=0, col=1), Cell(row=1, col=0), Cell(row=1, col=1)])
        """
        # A plain tuple key: hashing it stays in C, as the engine asks on every analysis.
        key = (self.name, self.rows, self.cols)
        found = _SHAPES.get(key)
        if found is None:
            found = self._build(deadline)
            if len(_SHAPES) >= 16:
                del _SHAPES[next(iter(_SHAPES))]
            _SHAPES[key] = found
        return found

    def neighbours(self, cell: tuple[int, int]) -> tuple[Cell, ...]:
        """Return the neighbours of ``cell`` in row-major order.

        Examples
        --------
        >>> Torus(3, 4).neighbours(Cell(0, 0))[:4]
        (Cell(row=0, col=1), Cell(row=0, col=3), Cell(row=1, col=0), Cell(row=1, col=1))
        """
        if cell not in self:
            raise OffBoardError(f"cell {tuple(cell)} is off the {self.rows}x{self.cols} {self.name} board")
        index = cell[0] * self.cols + cell[1]
        if self.rows * self.cols > _CELL_TABLE_CELLS:
            # The tables cost seconds on a million cells: worth it for boards whose cells are asked about over
            # and over, not to find one cell's neighbours on a huge one (a generation's opening), so they
            # come from the offsets as the tables' build finds them.
            return tuple(Cell(*divmod(i, self.cols)) for i in sorted(set(self._reached(cell, self.offsets(cell[0])))))
        key = (self.name, self.rows, self.cols)
        table = _CELL_TABLES.get(key)
        if table is None:
            cells, around = self.tables()
            table = tuple(tuple(cells[j] for j in idx) for idx in around)
            if len(_CELL_TABLES) >= 16:
                del _CELL_TABLES[next(iter(_CELL_TABLES))]
            _CELL_TABLES[key] = table
        return table[index]

    def cell_text(self, cell: tuple[int, int]) -> str:
        """Write ``cell`` as ``R,C``.

        Examples
        --------
        >>> Hex(2, 2).cell_text(Cell(1, 0))
        '1,0'
        """
        return f"{cell[0]},{cell[1]}"

    def cell_json(self, cell: tuple[int, int]) -> list[int]:
        """Write ``cell`` as ``[r, c]``."""
        return [cell[0], cell[1]]

    def _build(self, deadline: float | None) -> ShapeTables:
        rows, cols = self.rows, self.cols
        ints, cells = _cells(rows, cols, deadline)
        wraps = self.wraps
        around: list[tuple[int, ...]] = []
        for r0 in checked(range(rows), deadline, max(1, 16_384 // cols)):
            steps = self.offsets(r0)
            for c0 in range(cols):
                near = set()
                for dr, dc in steps:
                    r, c = r0 + dr, c0 + dc
                    if wraps:
                        r, c = r % rows, c % cols
                    elif not (0 <= r < rows and 0 <= c < cols):
                        continue
                    near.add(r * cols + c)
                around.append(tuple(ints[j] for j in sorted(near)))
        return ShapeTables(cells, tuple(around))


_EIGHT = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
# A square's sides: left and right, then up and down (diagonal neighbours share only a corner).
_FOUR_SIDES = (((0, -1), (0, 1)), ((-1, 0), (1, 0)))


def _cells(rows: int, cols: int, deadline: float | None) -> tuple[list[int], tuple[Cell, ...]]:
    # Shared int objects keep the tables small: a 1000x1000 board has 8 million neighbour slots.
    ints = list(range(rows * cols))
    col_ints = ints[:cols]
    row_cells: list[Cell] = []
    for r0 in checked(ints[:rows], deadline, max(1, 16_384 // cols)):
        # tuple.__new__ straight from C: a Python-level constructor per cell costs seconds on huge boards.
        row_cells.extend(map(tuple.__new__, repeat(Cell), zip(repeat(r0), col_ints)))
    return ints, tuple(row_cells)


@dataclass(frozen=True)
class Square(GridTopology):
    """The rectangle: up to eight neighbours a cell, numbers 0-8.

    Examples
    --------
    >>> Square(2, 2).neighbours(Cell(0, 0))
    (Cell(row=0, col=1), Cell(row=1, col=0), Cell(row=1, col=1))
    """

    name: ClassVar[str] = "square"

    @classmethod
    def offsets(cls, row: int) -> tuple[tuple[int, int], ...]:
        """Return the eight steps of the king's move."""
        return _EIGHT

    @classmethod
    def side_steps(cls, row: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
        """Return left and right, then up and down."""
        return _FOUR_SIDES

    def _build(self, deadline: float | None) -> ShapeTables:
        # The default board, and the biggest ones: inside the border every cell has the
        # same eight offsets, so most cells need no bounds test (the general build is slower).
        rows, cols = self.rows, self.cols
        ints, cells = _cells(rows, cols, deadline)

        def edge(i: int) -> tuple[int, ...]:
            r0, c0 = divmod(i, cols)
            return tuple(
                ints[r * cols + c]
                for r in range(max(r0 - 1, 0), min(r0 + 2, rows))
                for c in range(max(c0 - 1, 0), min(c0 + 2, cols))
                if (r, c) != (r0, c0)
            )

        around: list[tuple[int, ...]] = [()] * (rows * cols)
        a, b = cols + 1, cols - 1
        for r0 in checked(range(rows), deadline, max(1, 16_384 // cols)):
            start = r0 * cols
            if r0 == 0 or r0 == rows - 1 or cols < 3:
                around[start : start + cols] = [edge(i) for i in range(start, start + cols)]
                continue
            around[start] = edge(start)
            around[start + 1 : start + cols - 1] = [
                (
                    ints[i - a],
                    ints[i - cols],
                    ints[i - b],
                    ints[i - 1],
                    ints[i + 1],
                    ints[i + b],
                    ints[i + cols],
                    ints[i + a],
                )
                for i in range(start + 1, start + cols - 1)
            ]
            around[start + cols - 1] = edge(start + cols - 1)
        return ShapeTables(cells, tuple(around))


@dataclass(frozen=True)
class Torus(GridTopology):
    """The rectangle with wrap-around: every cell has eight neighbours; at least 3x3.

    Examples
    --------
    >>> Torus(3, 3).neighbours(Cell(2, 2))[:3]
    (Cell(row=0, col=0), Cell(row=0, col=1), Cell(row=0, col=2))
    >>> Torus(2, 5)
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: a torus board needs at least 3 rows and 3 columns, got 2x5
    """

    name: ClassVar[str] = "torus"
    wraps: ClassVar[bool] = True
    min_size: ClassVar[int] = 3

    @classmethod
    def offsets(cls, row: int) -> tuple[tuple[int, int], ...]:
        """Return the eight steps of the king's move (wrapping around the edges)."""
        return _EIGHT

    @classmethod
    def side_steps(cls, row: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
        """Return left and right, then up and down."""
        return _FOUR_SIDES


_HEX_EVEN = ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0))
_HEX_ODD = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1))
# Every neighbour of a hexagon is across a side; each pair is a side and the one opposite it.
_HEX_SIDES_EVEN = (((0, -1), (0, 1)), ((-1, -1), (1, 0)), ((-1, 0), (1, -1)))
_HEX_SIDES_ODD = (((0, -1), (0, 1)), ((-1, 0), (1, 1)), ((-1, 1), (1, 0)))


@dataclass(frozen=True)
class Hex(GridTopology):
    """Hexagonal cells in offset rows, odd rows shifted half a cell right ("odd-r"); numbers 0-6.

    Examples
    --------
    >>> Hex(3, 3).neighbours(Cell(2, 0))
    (Cell(row=1, col=0), Cell(row=2, col=1))
    """

    name: ClassVar[str] = "hex"
    max_number: ClassVar[int] = 6

    @classmethod
    def offsets(cls, row: int) -> tuple[tuple[int, int], ...]:
        """Return the six steps from a cell of ``row``: they depend on whether the row is odd."""
        return _HEX_ODD if row % 2 else _HEX_EVEN

    @classmethod
    def side_steps(cls, row: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
        """Return the three axes of a hexagon's six sides: they depend on whether the row is odd."""
        return _HEX_SIDES_ODD if row % 2 else _HEX_SIDES_EVEN


#: Every grid topology by name: the built-ins (a new one goes here), then those of the
#: ``cnfsweep.topologies`` entry-point group.  A plug-in is a :class:`GridTopology`: boards,
#: games and the API make it from a size, and vectorised code shifts its rows by its offsets.
TOPOLOGIES: Registry[type[GridTopology]] = Registry(
    GROUPS["topology"],
    "topology",
    (Square, Torus, Hex),
    check=lambda obj: isinstance(obj, type) and issubclass(obj, GridTopology),
    expected="a grid topology (a subclass of cnfsweep.core.topology.GridTopology)",
)

DEFAULT_TOPOLOGY = "square"
"""The topology of a board that names none."""

GRAPH = "graph"
"""The name of :class:`~cnfsweep.core.graph.Graph`, the topology of any cells and edges, not made from a size."""
GRAPH_FROM_FILE = "a graph board is read from a JSON graph file ('format': 'cnfsweep-graph'), not made from a size"


def topology_names() -> str:
    """Return the known topology names as an "a, b or c" phrase.

    Examples
    --------
    >>> topology_names()
    'square, torus or hex'
    """
    names = list(TOPOLOGIES)
    return ", ".join(names[:-1]) + " or " + names[-1]


def make_topology(name: str, rows: int, cols: int) -> GridTopology:
    """Return the topology called ``name`` (any case) of ``rows`` by ``cols`` cells.

    Examples
    --------
    >>> make_topology("Hex", 2, 3)
    Hex(rows=2, cols=3)
    >>> make_topology("sphere", 2, 3)
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: unknown topology 'sphere': expected square, torus or hex
    >>> make_topology("graph", 1, 3)
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: a graph board is read from a JSON graph file ('format': 'cnfsweep-graph'), not made from a size
    """
    if not isinstance(name, str):
        raise ArgumentTypeError(f"a topology name must be a string, got {shown(name)} ({type(name).__name__})")
    kind = TOPOLOGIES.get(name.strip().lower())  # a plug-in that cannot be loaded says so here
    if kind is None and name.strip().lower() == GRAPH:
        raise ArgumentError(GRAPH_FROM_FILE)
    if kind is None:
        raise ArgumentError(f"unknown topology {shown(name)}: expected {topology_names()}")
    return kind(rows, cols)


def too_big_number(grid: Iterable[str], topology: Topology) -> tuple[int, int] | None:
    """Return the first cell of ``grid`` showing a number above ``topology.max_number``, or ``None``.

    Examples
    --------
    >>> too_big_number(["16", "2."], Hex(2, 2)), too_big_number(["16", "2."], Square(2, 2))
    (None, None)
    >>> too_big_number(["1.", ".7"], Hex(2, 2))
    (1, 1)
    """
    if topology.max_number >= 8:
        return None
    bad = "".join(str(n) for n in range(topology.max_number + 1, 9))
    for r, row in enumerate(grid):
        if any(ch in row for ch in bad):
            return r, next(c for c, ch in enumerate(row) if ch in bad)
    return None
