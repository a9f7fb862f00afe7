"""What a game is played on: a :class:`Level` (cells, mines, topology) and the first-click rules.

A grid level names its topology (``square``, ``torus``, ``hex``) and is made
from its size; a graph level carries its :class:`~cnfsweep.core.graph.Graph`
itself (:meth:`Level.on_graph`), as a graph is read from a file, not made
from a size.

A size is rows x columns everywhere: ``16x30`` is expert's, ``16x30/99``
with its mines, and a graph's is its cells, ``162 cells/22 mines``.
:func:`format_size` writes every size cnfsweep prints and :func:`parse_size`
reads every size it is given (``--size``, a campaign's level list).

Examples
--------
>>> LEVELS["beginner"]
Level(rows=9, cols=9, mines=10, name='beginner')
>>> Level(9, 9, 10, topology_name="hex").max_mines(FirstClick.OPENING, Cell(4, 4))
74
>>> from cnfsweep.core.graph import Graph
>>> Level.on_graph(Graph.from_edges("abc", [("a", "b"), ("b", "c")]), 1)
Level(rows=1, cols=3, mines=1, name='graph', topology_name='graph')
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import ArgumentError, ArgumentTypeError, clip, shown
from cnfsweep.core.graph import Graph
from cnfsweep.core.topology import Topology
from cnfsweep.core.topology import DEFAULT_TOPOLOGY, GridTopology, make_topology
from cnfsweep.core.checks import whole_number
from cnfsweep.core.words import counted

__all__ = ["LEVELS", "FirstClick", "Level", "TopologySpec", "format_size", "parse_size"]

#: How a caller names the topology of a board it builds a game on: a grid
#: topology's name, or the topology itself (a graph has no name to be made from).
TopologySpec = str | Topology

#: Numbers are one character: a cell shows at most 8 whatever its neighbours.
_MOST_SHOWN = 8
_SIZE = re.compile(r"\s*(\d+)\s*[xX]\s*(\d+)\s*(?:/\s*(\d+)\s*)?", flags=re.ASCII)


def format_size(rows: int, cols: int, mines: int | None = None, *, graph: bool = False) -> str:
    """Write a board's size as cnfsweep writes every size: rows x columns, then ``/`` and the mines if given.

    A graph's board is one row of its cells: its size is the number of cells (``graph``).

    Examples
    --------
    >>> format_size(16, 30), format_size(16, 30, 99), format_size(1, 162, 22, graph=True)
    ('16x30', '16x30/99', '162 cells/22 mines')
    """
    if graph:
        cells = counted(cols, "cell")
        return cells if mines is None else f"{cells}/{counted(mines, 'mine')}"
    return f"{rows}x{cols}" + ("" if mines is None else f"/{mines}")


def parse_size(text: str, what: str = "size") -> tuple[int, int, int | None]:
    """Read a size as :func:`format_size` writes a grid's: ``ROWSxCOLS``, maybe ``/MINES``; return rows, columns, mines.

    ``what`` names the text in the error (``--size``, ``level 8x8/10``).

    Examples
    --------
    >>> parse_size("16x30"), parse_size(" 5 x 9 / 4 ")
    ((16, 30, None), (5, 9, 4))
    >>> parse_size("30 by 16", "--size")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: --size must be ROWSxCOLS (or ROWSxCOLS/MINES) such as 16x30, got '30 by 16'
    """
    match = _SIZE.fullmatch(text)
    if match is None:
        raise ArgumentError(f"{what} must be ROWSxCOLS (or ROWSxCOLS/MINES) such as 16x30, got {clip(text)}")
    rows = whole_number(match[1], f"{what} ROWS", minimum=1)
    cols = whole_number(match[2], f"{what} COLS", minimum=1)
    mines = None if match[3] is None else whole_number(match[3], f"{what} MINES")
    return rows, cols, mines


class FirstClick(Enum):
    """Say what the first click is guaranteed not to hit."""

    SAFE = "safe"  # the clicked cell is never a mine
    OPENING = "opening"  # neither it nor its neighbours, as in modern clients
    ANY = "any"  # no guarantee, as in the original PGMS


@dataclass(frozen=True, repr=False)
class Level:
    """A board size, mine count and topology (by name, ``square`` by default, or a graph).

    A graph level (made with :meth:`on_graph`) is one row of the graph's
    cells and carries the :class:`~cnfsweep.core.graph.Graph` in ``graph``.

    Examples
    --------
    >>> LEVELS["expert"]
    Level(rows=16, cols=30, mines=99, name='expert')
    >>> LEVELS["expert"].on("torus")
    Level(rows=16, cols=30, mines=99, name='expert', topology_name='torus')
    >>> Level.parse_size("16x30", mines=99), Level.parse_size("5x9/4")
    (Level(rows=16, cols=30, mines=99, name='custom'), Level(rows=5, cols=9, mines=4, name='custom'))
    >>> LEVELS["expert"].size_text
    '16x30/99'
    >>> Level(3, 3, 9).max_mines(FirstClick.OPENING, Cell(1, 1))
    0
    >>> Level(2, 2, 1, topology_name="torus")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: a torus board needs at least 3 rows and 3 columns, got 2x2
    """

    rows: int
    cols: int
    mines: int
    name: str = "custom"
    topology_name: str = DEFAULT_TOPOLOGY
    graph: Graph | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        for name in ("rows", "cols", "mines"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ArgumentTypeError(f"level {name} must be an integer, got {shown(value)}")
        if self.rows < 1 or self.cols < 1:
            raise ArgumentError(f"a level needs at least 1 row and 1 column, got {format_size(self.rows, self.cols)}")
        if not 0 <= self.mines <= self.cells:
            on = (
                counted(self.cells, "cell")
                if self.graph is not None
                else f"{format_size(self.rows, self.cols)} = {counted(self.cells, 'cell')}"
            )
            raise ArgumentError(f"{counted(self.mines, 'mine')} {'does' if self.mines == 1 else 'do'} not fit on {on}")
        if self.graph is not None:
            self._check_graph(self.graph)
        # The canonical name (any case is read), and the topology's own checks (a torus is at least 3x3).
        object.__setattr__(self, "topology_name", self.topology.name)

    def _check_graph(self, graph: Graph) -> None:
        if not isinstance(graph, Graph):
            raise ArgumentTypeError(f"a level's graph must be a Graph, got {shown(graph)}")
        if (self.rows, self.cols) != (1, graph.cols):
            raise ArgumentError(
                f"a graph level is one row of its {counted(graph.cols, 'cell')}, "
                f"got {format_size(self.rows, self.cols)}"
            )
        # A number is one character: a cell of more than 8 neighbours could see more mines than it can show.
        most = max(map(len, graph.tables().around))
        if self.mines > _MOST_SHOWN and most > _MOST_SHOWN:
            raise ArgumentError(
                f"{counted(self.mines, 'mine')} could put more than {_MOST_SHOWN} around a cell of "
                f"{most} neighbours, and numbers are one digit: use at most {_MOST_SHOWN} mines on this graph"
            )

    @classmethod
    def on_graph(cls, graph: Graph, mines: int, name: str = "graph") -> Level:
        """Return the level of ``mines`` mines on the cells and edges of ``graph``.

        Examples
        --------
        >>> g = Graph.from_edges("abc", [("a", "b")])
        >>> Level.on_graph(g, 1).topology is g
        True
        >>> Level.on_graph(g, 4)
        Traceback (most recent call last):
        ...
        cnfsweep.core.errors.ArgumentError: 4 mines do not fit on 3 cells
        """
        return cls(1, graph.cols, mines, name, graph.name, graph)

    @classmethod
    def of(cls, rows: int, cols: int, mines: int, topology: TopologySpec = DEFAULT_TOPOLOGY) -> Level:
        """Return a custom level on ``topology``: a grid topology's name, a grid topology, or a graph.

        Examples
        --------
        >>> Level.of(2, 3, 1, "hex"), Level.of(1, 2, 0, Graph(("a", "b"), ())).topology_name
        (Level(rows=2, cols=3, mines=1, name='custom', topology_name='hex'), 'graph')
        """
        if isinstance(topology, Graph):
            return cls(1, graph_cols(topology, rows, cols), mines, topology_name=topology.name, graph=topology)
        return cls(rows, cols, mines, topology_name=topology if isinstance(topology, str) else topology.name)

    def __repr__(self) -> str:
        # Square levels print as they did before levels had a topology.
        shape = "" if self.topology_name == DEFAULT_TOPOLOGY else f", topology_name={self.topology_name!r}"
        return f"Level(rows={self.rows}, cols={self.cols}, mines={self.mines}, name={self.name!r}{shape})"

    @property
    def cells(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    @property
    def size_text(self) -> str:
        """The level's size and mines as every size is written (:func:`format_size`): ``16x30/99``, ``162 cells/22 mines``."""
        return format_size(self.rows, self.cols, self.mines, graph=self.graph is not None)

    @property
    def topology(self) -> GridTopology | Graph:
        """Which cells are neighbours."""
        if self.graph is not None:
            return self.graph
        return make_topology(self.topology_name, self.rows, self.cols)

    @property
    def topology_spec(self) -> TopologySpec:
        """The topology as :meth:`of` and the games built on a layout take it: a grid's name, or the graph."""
        return self.topology_name if self.graph is None else self.graph

    def on(self, topology_name: str) -> Level:
        """Return this level (same size, mines and name) on the grid topology called ``topology_name``."""
        return dataclasses.replace(self, topology_name=topology_name, graph=None)

    def area(self, cell: Cell) -> list[Cell]:
        """Return ``cell`` and its neighbours, in the order of the topology's cells.

        Examples
        --------
        >>> Level(2, 3, 1).area(Cell(0, 0))
        [Cell(row=0, col=0), Cell(row=0, col=1), Cell(row=1, col=0), Cell(row=1, col=1)]
        """
        return sorted((cell, *self.topology.neighbours(cell)))

    def area_sizes(self) -> tuple[int, int]:
        """Return the fewest and the most cells any cell's area (it and its neighbours) has.

        Examples
        --------
        >>> Level(9, 9, 10).area_sizes(), Level(9, 9, 10, topology_name="hex").area_sizes()
        ((4, 9), (3, 7))
        """
        sizes = {len(near) for near in self.topology.tables().around}
        return min(sizes) + 1, max(sizes) + 1

    @classmethod
    def parse_size(
        cls,
        size: str,
        mines: int | None = None,
        name: str = "custom",
        topology_name: str = DEFAULT_TOPOLOGY,
        what: str = "size",
    ) -> Level:
        """Read a ``ROWSxCOLS`` size (rows first, as ``--size`` takes it) with ``mines``, or a ``ROWSxCOLS/MINES`` one.

        ``what`` names the size in errors (``--size``).
        """
        rows, cols, given = parse_size(size, what)
        if given is not None and mines is not None and given != mines:
            raise ArgumentError(
                f"{what} {clip(size)} says {counted(given, 'mine')} and the mines say {mines}: give them once"
            )
        if given is None and mines is None:
            raise ArgumentError(f"{what} {clip(size)} needs a mine count: ROWSxCOLS/MINES, or the mines given apart")
        return cls(rows, cols, given if given is not None else mines, name, topology_name)  # type: ignore[arg-type]

    @staticmethod
    def named(name: str, otherwise: str = "") -> Level:
        """Return the level called ``name`` in :data:`LEVELS`; ``otherwise`` ends the error's list of choices.

        Examples
        --------
        >>> Level.named("beginner")
        Level(rows=9, cols=9, mines=10, name='beginner')
        """
        if name not in LEVELS:
            raise ArgumentError(f"unknown level {shown(name)}; choose one of {', '.join(LEVELS)}{otherwise}")
        return LEVELS[name]

    def max_mines(self, rule: FirstClick, first: Cell | None = None) -> int:
        """Return the most mines ``rule`` leaves room for when ``first`` is clicked first.

        Without ``first``, assume the most lenient first click (the cell with the
        fewest neighbours for :attr:`FirstClick.OPENING`, a corner on a square
        board), so the answer says whether any first click can work.
        """
        if rule is FirstClick.ANY:
            return self.cells
        if rule is FirstClick.SAFE:
            return self.cells - 1
        if first is None:
            return self.cells - self.area_sizes()[0]
        return self.cells - len(self.area(first))


def graph_cols(graph: Graph, rows: int, cols: int) -> int:
    """Return the graph's number of cells, checking that ``rows`` by ``cols`` is its one row of them."""
    if (rows, cols) != (1, graph.cols):
        raise ArgumentError(
            f"a graph board is one row of its {counted(graph.cols, 'cell')}, got {format_size(rows, cols)}"
        )
    return graph.cols


LEVELS: Mapping[str, Level] = MappingProxyType(
    {
        "beginner": Level(9, 9, 10, "beginner"),
        "intermediate": Level(16, 16, 40, "intermediate"),
        "expert": Level(16, 30, 99, "expert"),
    }
)
