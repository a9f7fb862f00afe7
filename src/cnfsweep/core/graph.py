"""The ``graph`` topology: any named cells and any undirected adjacency.

Minesweeper needs no rectangle: a number counts the mines among the cells it
touches, whatever touches means.  A :class:`Graph` names its cells and lists
its edges; its cells are ``Cell(0, i)``, a board of one row of ``n``
characters, so the engine, the consistency check, the hints and the game use
it as they use any grid (its :meth:`Graph.tables` come from the edges).  Cells
are written by name in text and JSON (:meth:`Graph.cell_text`,
:meth:`Graph.cell_json`), and asked about by name: :meth:`Graph.cell_named`
looks one up (``board.topology.cell_named("v0")``), and :func:`cell_of`, the
one lookup every public per-cell question uses (``analysis.exact("v0")``,
``explain(board, "v0")``, ``generate(level, start="v0")``), takes a name or a
``(row, col)`` pair alike.

A graph board is read from a JSON file (:mod:`cnfsweep.formats.graph`), never
from a text header: ``topology: graph`` names no shape a grid of characters
can hold.  Numbers are one character a cell, so a cell with more than eight
neighbours still shows at most 8 (a known limit: a 3D cell of 26 neighbours
cannot show 9 or more).  A :class:`~cnfsweep.core.board.Board` checks its
numbers against :attr:`Graph.max_number`, the largest degree; the file reader
checks each against its own cell's degree and names the cell.

Examples
--------
>>> g = Graph.from_edges(["a", "b", "c"], [("a", "b"), ("b", "c")])
>>> g.neighbours(g.cell_named("b"))
(Cell(row=0, col=0), Cell(row=0, col=2))
>>> g.cell_json(Cell(0, 2)), g.degree(Cell(0, 1)), g.max_number
('c', 2, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, TypeGuard, cast

from cnfsweep.core.errors import ArgumentError, ArgumentTypeError, OffBoardError, shown
from cnfsweep.core.cell import Cell
from cnfsweep.core.topology import ShapeTables

__all__ = ["CellLike", "Graph", "cell_of", "is_graph", "json_cell"]

#: How a caller names a cell: a ``(row, col)`` pair (a :class:`Cell` is one), or on a graph board the cell's name.
CellLike = tuple[int, int] | str


@dataclass(frozen=True)
class Graph:
    """Named cells and the undirected edges between them; cell ``i`` is ``Cell(0, i)``.

    Parameters
    ----------
    names : tuple of str
        Each cell's name, distinct and non-empty, in the order of the cells.
    edges : tuple of (int, int)
        Pairs of cell indices ``(i, j)`` with ``i < j``, each once, sorted
        (:meth:`from_edges` builds them from names in any order).
    pos : tuple of (float, float) or None
        Where to draw each cell; ignored when graphs are compared.

    Examples
    --------
    >>> Graph(("a", "b"), ((0, 1),)).tables()
    ShapeTables(cells=(Cell(row=0, col=0), Cell(row=0, col=1)), around=((1,), (0,)))
    >>> Graph(("a", "b"), ((1, 1),))
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: edge ('b', 'b') is a self-loop: a cell is not its own neighbour
    """

    names: tuple[str, ...]
    edges: tuple[tuple[int, int], ...]
    # Drawing only: two graphs of the same cells and edges are one topology wherever they are drawn.
    pos: tuple[tuple[float, float], ...] | None = field(default=None, compare=False, repr=False)

    name: ClassVar[str] = "graph"
    rows: ClassVar[int] = 1

    def __post_init__(self) -> None:
        names, edges = self.names, self.edges
        if not isinstance(names, tuple) or not names:
            raise ArgumentError(f"a graph needs a tuple of at least one cell name, got {shown(names)}")
        seen: set[str] = set()
        for name in names:
            if not isinstance(name, str) or not name:
                raise ArgumentTypeError(f"a cell name must be a non-empty string, got {shown(name)}")
            if name in seen:
                raise ArgumentError(f"duplicate cell {name!r}")
            seen.add(name)
        if not isinstance(edges, tuple):
            raise ArgumentTypeError(f"edges must be a tuple of index pairs, got {shown(edges)}")
        n = len(names)
        previous = (-1, -1)
        for edge in edges:
            if (
                not isinstance(edge, tuple)
                or len(edge) != 2
                or not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < n for i in edge)
            ):
                raise ArgumentError(f"an edge must be a pair of cell indices 0-{n - 1}, got {shown(edge)}")
            i, j = edge
            if i == j:
                raise ArgumentError(f"edge {(names[i], names[j])!r} is a self-loop: a cell is not its own neighbour")
            if i > j or edge <= previous:
                raise ArgumentError(
                    "edges must be (i, j) pairs with i < j, sorted and each once; "
                    "Graph.from_edges takes them in any order"
                )
            previous = edge
        if self.pos is not None and (len(self.pos) != n or not all(len(p) == 2 for p in self.pos)):
            raise ArgumentError(f"pos must give an (x, y) pair for each of the {n} cells")

    @classmethod
    def from_edges(
        cls,
        names: Sequence[str],
        edges: Iterable[tuple[str, str]],
        pos: Mapping[str, tuple[float, float]] | None = None,
    ) -> Graph:
        """Build a graph from cell names and edges between names, in any order; an edge given twice counts once.

        Raises
        ------
        ArgumentError
            For a duplicate or empty name, an edge to an unknown cell, or a self-loop.

        Examples
        --------
        >>> Graph.from_edges(["x", "y", "z"], [("z", "x"), ("x", "z")]).edges
        ((0, 2),)
        >>> Graph.from_edges(["x"], [("x", "w")])
        Traceback (most recent call last):
        ...
        cnfsweep.core.errors.ArgumentError: edge ('x', 'w') names an unknown cell 'w'
        """
        names = tuple(names)
        index = {name: i for i, name in enumerate(names)}
        pairs = set()
        for a, b in edges:
            for end in (a, b):
                if end not in index:
                    raise ArgumentError(f"edge {(a, b)!r} names an unknown cell {end!r}")
            i, j = sorted((index[a], index[b]))
            pairs.add((i, j))
        where = None if pos is None else tuple((float(pos[n][0]), float(pos[n][1])) for n in names)
        return cls(names, tuple(sorted(pairs)), where)

    # -- the Topology protocol ----------------------------------------------------

    @property
    def cols(self) -> int:
        """Number of cells: the board is one row of them."""
        return len(self.names)

    @cached_property
    def _tables(self) -> ShapeTables:
        near: list[list[int]] = [[] for _ in self.names]
        for i, j in self.edges:
            near[i].append(j)
            near[j].append(i)
        cells = tuple(Cell(0, i) for i in range(len(self.names)))
        return ShapeTables(cells, tuple(tuple(sorted(n)) for n in near))

    def tables(self, deadline: float | None = None) -> ShapeTables:
        """Return every cell in order and the indices of each one's neighbours (built once per graph)."""
        return self._tables

    @cached_property
    def _neighbours(self) -> tuple[tuple[Cell, ...], ...]:
        cells, around = self._tables
        return tuple(tuple(cells[j] for j in idx) for idx in around)

    def neighbours(self, cell: tuple[int, int]) -> tuple[Cell, ...]:
        """Return the cells joined to ``cell`` by an edge, in the order of the cells."""
        if cell not in self:
            raise OffBoardError(f"cell {shown(cell)} is not a cell of the {len(self.names)}-cell graph")
        return self._neighbours[cell[1]]

    def sides(self, cell: tuple[int, int]) -> tuple[tuple[Cell, ...], ...]:
        """Return every neighbour of ``cell`` as one axis: a graph's cells have no shape to tell directions apart.

        Examples
        --------
        >>> Graph.from_edges(["a", "b", "c"], [("a", "b"), ("b", "c")]).sides(Cell(0, 1))
        ((Cell(row=0, col=0), Cell(row=0, col=2)),)
        """
        near = self.neighbours(cell)
        return (near,) if near else ()

    def degree(self, cell: tuple[int, int]) -> int:
        """Return how many neighbours ``cell`` has: the most its number can be."""
        return len(self.neighbours(cell))

    @property
    def max_number(self) -> int:
        """The largest number a cell can show: its most neighbours (numbers are one digit, so at most 8)."""
        return min(8, max(map(len, self._tables.around)))

    def __contains__(self, cell: object) -> bool:
        try:
            r, c = cast("tuple[int, int]", cell)  # any pair of integers: a list [r, c] is in too
            return r == 0 and 0 <= c < len(self.names)
        except (TypeError, ValueError):
            return False

    def cell_text(self, cell: tuple[int, int]) -> str:
        """Write ``cell`` as its name."""
        return self.names[cell[1]]

    def cell_json(self, cell: tuple[int, int]) -> str:
        """Write ``cell`` as JSON answers give it: its name."""
        return self.names[cell[1]]

    # -- names ----------------------------------------------------------------------

    @cached_property
    def index(self) -> dict[str, int]:
        """Each cell's index by its name."""
        return {name: i for i, name in enumerate(self.names)}

    def cell_named(self, name: str) -> Cell:
        """Return the cell called ``name``.

        Examples
        --------
        >>> Graph(("a", "b"), ()).cell_named("c")
        Traceback (most recent call last):
        ...
        cnfsweep.core.errors.OffBoardError: no cell is named 'c' (the graph's cells: 'a', 'b')
        """
        i = self.index.get(name)
        if i is None:
            some = ", ".join(repr(n) for n in self.names[:5]) + (", ..." if len(self.names) > 5 else "")
            raise OffBoardError(f"no cell is named {shown(name)} (the graph's cells: {some})")
        return Cell(0, i)


def is_graph(topology: object) -> TypeGuard[Graph]:
    """Say whether ``topology`` is a :class:`Graph`, whose cells are written by name.

    Examples
    --------
    >>> from cnfsweep.core.topology import Square
    >>> is_graph(Graph(("a",), ())), is_graph(Square(1, 1))
    (True, False)
    """
    return isinstance(topology, Graph)


def cell_of(topology: object, cell: CellLike, what: str = "cell") -> tuple[int, int]:
    """Return the ``(row, col)`` of ``cell``: a graph cell's name looked up, a pair as it is.

    Whether a pair lies on the board is the board's question
    (:meth:`~cnfsweep.core.board.Board.require`); text on a grid is refused, since
    only a graph's cells have names.

    Raises
    ------
    OffBoardError
        If no cell of the graph has the name.
    ArgumentTypeError
        If ``cell`` is text and ``topology`` is not a graph.

    Examples
    --------
    >>> g = Graph.from_edges(["a", "b"], [("a", "b")])
    >>> cell_of(g, "b"), cell_of(g, (0, 0))
    (Cell(row=0, col=1), (0, 0))
    >>> from cnfsweep.core.topology import Square
    >>> cell_of(Square(2, 2), "b")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentTypeError: cell must be a (row, col) pair of integers, got 'b' (str): only a graph board's cells have names
    """
    if not isinstance(cell, str):
        return cell
    if isinstance(topology, Graph):
        return topology.cell_named(cell)
    raise ArgumentTypeError(
        f"{what} must be a (row, col) pair of integers, got {shown(cell)} (str): only a graph board's cells have names"
    )


def json_cell(topology: object) -> Callable[[tuple[int, int]], Any]:
    """Return how a JSON answer writes a cell of ``topology``: ``[r, c]`` on a grid, the name on a graph.

    On a grid it is :class:`list` itself, so documents of grid boards are
    written as fast, and as they always were.

    Examples
    --------
    >>> from cnfsweep.core.topology import Square
    >>> json_cell(Square(2, 2))(Cell(1, 0)), json_cell(Graph(("a", "b"), ()))(Cell(0, 1))
    ([1, 0], 'b')
    """
    return topology.cell_json if isinstance(topology, Graph) else list
