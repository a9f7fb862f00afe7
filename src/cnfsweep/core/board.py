"""Immutable board and cell value types.

A :class:`Board` stores the grid in the canonical native characters
(:mod:`cnfsweep.core.characters`): ``'0'``-``'8'`` for revealed numbers, ``'.'``
for a covered cell, ``'*'`` for a known mine (a flag) and any other letter for a
covered cell carrying that letter as a label.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import compress
from pathlib import Path
from typing import NamedTuple

from cnfsweep.core.characters import ALLOWED, COVERED, FLAG, NUMBERS, CellKind, kind_of
from cnfsweep.core.errors import ArgumentError, ArgumentTypeError, OffBoardError, shown
from cnfsweep.core.cell import Cell
from cnfsweep.core.topology import ShapeTables, Topology
from cnfsweep.core.layout import MineLayout, layout_conflict
from cnfsweep.core.topology import Square, make_topology, too_big_number
from cnfsweep.core.words import counted

# Reading text is the formats layer's job, which sits above the core: it puts its
# readers here when imported (as importing cnfsweep does), so Board.parse and
# Board.from_file work without the core importing upwards.
READERS: dict[str, Callable[..., Board]] = {}
# Likewise the writers of boards that no grid of text holds, by topology name (a graph board is a JSON file).
WRITERS: dict[str, Callable[[Board], str]] = {}


class ReadAs(NamedTuple):
    """The text format a board was read from, and whether it was detected rather than named by the caller.

    Examples
    --------
    >>> Board.parse("2x1x1\\n1H\\n").read_as
    ReadAs(format='jsm', detected=True)
    """

    format: str
    detected: bool


# Byte value to 1 where a canonical board character is of that kind, else 0.
_KIND_MASKS = {
    kind: bytes(1 if chr(b) in ALLOWED and kind_of(chr(b)) is kind else 0 for b in range(256)) for kind in CellKind
}


def shape_tables(rows: int, cols: int, deadline: float | None = None) -> ShapeTables:
    """Return the tables of a square board's shape; see :meth:`~cnfsweep.core.topology.GridTopology.tables`.

    Code that has a board asks its topology instead (``board.topology.tables()``).

    Examples
    --------
    >>> cells, around = shape_tables(2, 3)
    >>> cells[4], [cells[i] for i in around[0]]
    (Cell(row=1, col=1), [Cell(row=0, col=1), Cell(row=1, col=0), Cell(row=1, col=1)])
    """
    return Square(rows, cols).tables(deadline)


@lru_cache(maxsize=64)
def _square(rows: int, cols: int) -> Square:
    # Games build a Board per move: one shared Square per shape keeps that as cheap as before.
    return Square(rows, cols)


@dataclass(frozen=True)
class Board:
    """A Minesweeper position as a player sees it.

    Parameters
    ----------
    grid : tuple of str
        One string per row in canonical characters (see the module docstring).
    total_mines : int or None
        Mines on the whole board, flags included; ``None`` when unknown.
    layout : MineLayout or None
        Where every mine lies, for a board that carries its answer (a
        generated one); it must agree with every number and flag.
    read_as : ReadAs or None
        The text format the board was read from (``None`` for a board built
        in Python); ignored when boards are compared.
    topology : Topology or None
        Which cells neighbour each other, of the grid's size (see
        :mod:`cnfsweep.core.topology`); ``None`` is the square.

    Examples
    --------
    >>> b = Board.parse("mines: 2\\n1.\\n..")
    >>> b.rows, b.cols, b.total_mines
    (2, 2, 2)
    >>> b.number(Cell(0, 0)), b.kind(Cell(1, 1))
    (1, <CellKind.COVERED: 'covered'>)
    >>> b.covered
    (Cell(row=0, col=1), Cell(row=1, col=0), Cell(row=1, col=1))
    """

    grid: tuple[str, ...]
    total_mines: int | None = None
    # The hidden answer of a generated board, kept out of repr so printing a board never spoils it.
    layout: MineLayout | None = field(default=None, repr=False)
    # How the text was read: not part of the position, so boards read from two formats are equal.
    read_as: ReadAs | None = field(default=None, repr=False, compare=False)
    # Filled in by __post_init__: never None on a built board.
    topology: Topology = field(default=None, repr=False)  # type: ignore[assignment]

    def __repr__(self) -> str:
        # The square is the default: shown only when it is not, so a square board reads as it always did.
        shape = "" if isinstance(self.topology, Square) else f", topology={self.topology!r}"
        return f"Board(grid={self.grid!r}, total_mines={self.total_mines!r}{shape})"

    def __post_init__(self) -> None:
        # A str is a sequence of one-character rows: refuse it rather than read "1." as two rows.
        if not isinstance(self.grid, tuple) or not all(isinstance(row, str) for row in self.grid):
            raise ArgumentTypeError(
                f"grid must be a tuple of row strings, got {shown(self.grid)} ({type(self.grid).__name__}); "
                "Board.from_rows takes any sequence of rows, Board.parse a board's text"
            )
        if not self.grid or not self.grid[0]:
            raise ArgumentError("a board needs at least one cell")
        width = len(self.grid[0])
        for r, row in enumerate(self.grid):
            if len(row) != width:
                raise ArgumentError(f"row {r} has {counted(len(row), 'cell')}, expected {width}")
            if not ALLOWED.issuperset(row):
                bad = next(ch for ch in row if ch not in ALLOWED)
                raise ArgumentError(f"not a canonical board character: {bad!r}")
        self._check_topology()
        if self.total_mines is not None:
            if not isinstance(self.total_mines, int) or isinstance(self.total_mines, bool):
                raise ArgumentTypeError(
                    f"total_mines must be an integer, got {shown(self.total_mines)} ({type(self.total_mines).__name__})"
                )
            if self.total_mines < 0:
                raise ArgumentError(f"total_mines must be a non-negative integer, got {self.total_mines}")
        if self.layout is not None:
            if not isinstance(self.layout, MineLayout):
                raise ArgumentTypeError(
                    f"layout must be a MineLayout, got {shown(self.layout)} ({type(self.layout).__name__})"
                )
            if self.total_mines is not None and self.total_mines != self.layout.count:
                raise ArgumentError(
                    f"the total says {counted(self.total_mines, 'mine')} but the layout has {self.layout.count}"
                )
            conflict = layout_conflict(self.grid, self.layout, self.topology)
            if conflict is not None:
                raise ArgumentError(f"cell {conflict[0]}: {conflict[1]}")

    def _check_topology(self) -> None:
        rows, cols = len(self.grid), len(self.grid[0])
        topology = self.topology
        if topology is None:
            object.__setattr__(self, "topology", _square(rows, cols))
            return
        if not isinstance(topology, Topology):
            raise ArgumentTypeError(f"topology must be a Topology, got {shown(topology)} ({type(topology).__name__})")
        if (getattr(topology, "rows", rows), getattr(topology, "cols", cols)) != (rows, cols):
            raise ArgumentError(f"the topology {topology!r} does not fit the {rows}x{cols} grid")
        bad = too_big_number(self.grid, topology)
        if bad is not None:
            raise ArgumentError(
                f"cell {bad}: a {topology.name} cell shows at most {topology.max_number}, "
                f"not {self.grid[bad[0]][bad[1]]}"
            )

    # -- construction -------------------------------------------------------

    @classmethod
    def from_checked_grid(cls, grid: tuple[str, ...], total_mines: int, topology: Topology | None = None) -> Board:
        """Build a board from a grid its maker guarantees to be valid: canonical, rectangular, fitting ``topology``.

        For a game showing its view after every move (see :meth:`Game.board
        <cnfsweep.play.game.Game.board>`): the grid was made from checked moves,
        so the checks of the constructor are skipped.  ``None`` is the square.
        The board is equal to ``Board(grid, total_mines, topology=topology)``.

        Examples
        --------
        >>> Board.from_checked_grid(("1.", ".."), 1) == Board(("1.", ".."), 1)
        True
        """
        board = object.__new__(cls)
        put = object.__setattr__
        put(board, "grid", grid)
        put(board, "total_mines", total_mines)
        put(board, "layout", None)
        put(board, "read_as", None)
        put(board, "topology", _square(len(grid), len(grid[0])) if topology is None else topology)
        return board

    @classmethod
    def from_rows(cls, rows: Sequence[str], total_mines: int | None = None, topology: str = "square") -> Board:
        """Build a board from canonical row strings (``'F'`` is read as a flag) on the topology named.

        Examples
        --------
        >>> Board.from_rows(["1.", ".."], topology="hex")
        Board(grid=('1.', '..'), total_mines=None, topology=Hex(rows=2, cols=2))
        """
        if isinstance(rows, str) or not isinstance(rows, Sequence) or not all(isinstance(row, str) for row in rows):
            raise ArgumentTypeError(
                f"rows must be a sequence of row strings, got {shown(rows)}; Board.parse reads a board's text"
            )
        grid = tuple(row.replace("F", FLAG) for row in rows)
        if topology == "square" or not grid:
            return cls(grid, total_mines)
        return cls(grid, total_mines, topology=make_topology(topology, len(grid), len(grid[0])))

    @classmethod
    def parse(
        cls,
        text: str,
        *,
        format: str = "auto",
        source: str = "<string>",
        total_mines: int | None = None,
    ) -> Board:
        """Read a board from text; see :func:`cnfsweep.formats.parse_board`."""
        return READERS["parse"](text, format=format, source=source, total_mines=total_mines)

    @classmethod
    def from_file(cls, path: str | Path, *, format: str = "auto", total_mines: int | None = None) -> Board:
        """Read a board file; see :func:`cnfsweep.formats.read_board`."""
        return READERS["read"](path, format=format, total_mines=total_mines)

    def with_total(self, total_mines: int | None) -> Board:
        """Return the same position with another total mine count."""
        return dataclasses.replace(self, total_mines=total_mines)

    def marked_read_as(self, read_as: ReadAs) -> Board:
        """Return the same position marked as read from text in ``read_as``'s format.

        Nothing the constructor checks changes, so the copy is not checked
        again (on a huge board with a layout that would take a noticeable time).
        """
        marked = copy.copy(self)
        object.__setattr__(marked, "read_as", read_as)
        return marked

    def with_layout(self, layout: MineLayout | None) -> Board:
        """Return the same position carrying ``layout`` (``None`` drops it).

        Examples
        --------
        >>> b = Board.from_rows(["1.", ".."]).with_layout(MineLayout(frozenset({Cell(1, 1)}), Cell(0, 0)))
        >>> print(b.to_text())
        first-click: 0,0
        1.
        ..
        layout:
        ..
        .*
        <BLANKLINE>
        """
        return dataclasses.replace(self, layout=layout)

    def with_char(self, cell: Cell, char: str) -> Board:
        """Return the same position with one cell changed (a number, flag or label).

        Examples
        --------
        >>> Board.from_rows(["..", ".."]).with_char(Cell(0, 1), "1").grid
        ('.1', '..')
        """
        r, c = self.require(cell)
        row = self.grid[r]
        grid = (*self.grid[:r], row[:c] + char + row[c + 1 :], *self.grid[r + 1 :])
        # A changed position is no longer the one the layout was made for.
        return dataclasses.replace(self, grid=grid, layout=None)

    # -- queries --------------------------------------------------------------

    @property
    def rows(self) -> int:
        """Number of rows."""
        return len(self.grid)

    @property
    def cols(self) -> int:
        """Number of columns."""
        return len(self.grid[0])

    @property
    def format(self) -> str | None:
        """The name of the text format the board was read from (see :attr:`read_as`), ``None`` if built in Python."""
        return None if self.read_as is None else self.read_as.format

    def require(self, cell: tuple[int, int]) -> Cell:
        """Return ``cell`` as a :class:`Cell`, or raise if it lies off the board.

        Examples
        --------
        >>> Board.from_rows(["1.", ".."]).require((-1, 0))
        Traceback (most recent call last):
        ...
        cnfsweep.core.errors.OffBoardError: cell (-1, 0) is off the board: rows run 0-1 and columns 0-1
        """
        try:
            r, c = cell
            inside = 0 <= r < len(self.grid) and 0 <= c < len(self.grid[0])
        except (TypeError, ValueError):  # not a pair, or not of numbers
            raise ArgumentTypeError(f"a cell must be a (row, col) pair of integers, got {shown(cell)}") from None
        if not inside:
            raise OffBoardError(
                f"cell ({r}, {c}) is off the board: rows run 0-{self.rows - 1} and columns 0-{self.cols - 1}"
            )
        return Cell(r, c)

    def char(self, cell: Cell) -> str:
        """Return the canonical character at ``cell`` (:class:`~cnfsweep.core.errors.OffBoardError` off the board)."""
        r, c = self.require(cell)
        return self.grid[r][c]

    def kind(self, cell: Cell) -> CellKind:
        """Return what the player sees at ``cell``."""
        return kind_of(self.char(cell))

    def number(self, cell: Cell) -> int | None:
        """Return the revealed number at ``cell``, or ``None`` if it shows none."""
        ch = self.char(cell)
        return int(ch) if ch in NUMBERS else None

    def label(self, cell: Cell) -> str | None:
        """Return the label letter of a covered cell, or ``None``."""
        ch = self.char(cell)
        return ch if ch.isalpha() else None

    def cells(self) -> Iterator[Cell]:
        """Iterate over every cell in row-major order."""
        for r in range(self.rows):
            for c in range(self.cols):
                yield Cell(r, c)

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """Return the cells around ``cell`` (up to eight on a square board), as the board's topology says."""
        return self.topology.neighbours(self.require(cell))

    @cached_property
    def _by_kind(self) -> dict[CellKind, tuple[Cell, ...]]:
        # Analyses of big boards start here: byte masks and compress() keep the
        # scan over a million cells in C.
        shared, _ = self.topology.tables()
        flat = "".join(self.grid).encode("ascii")
        return {kind: tuple(compress(shared, flat.translate(mask))) for kind, mask in _KIND_MASKS.items()}

    @property
    def covered(self) -> tuple[Cell, ...]:
        """Covered cells (labelled ones included), flags excluded."""
        return self._by_kind[CellKind.COVERED]

    @property
    def flags(self) -> tuple[Cell, ...]:
        """Cells marked as known mines."""
        return self._by_kind[CellKind.FLAG]

    @property
    def numbers(self) -> tuple[Cell, ...]:
        """Cells showing a revealed number."""
        return self._by_kind[CellKind.NUMBER]

    def labelled(self, label: str) -> tuple[Cell, ...]:
        """Return the covered cells that carry ``label``."""
        return tuple(c for c in self.covered if self.char(c) == label)

    @cached_property
    def labels(self) -> frozenset[str]:
        """Every label used on the board."""
        return frozenset(self.char(c) for c in self.covered if self.char(c) != COVERED)

    def to_text(self) -> str:
        """Write the board in the native text format.

        Examples
        --------
        >>> print(Board.from_rows(["1.", "*."], total_mines=2).to_text())
        mines: 2
        1.
        *.
        <BLANKLINE>
        """
        writer = WRITERS.get(self.topology.name)
        if writer is not None:  # a graph board: its file, which Board.parse reads back
            return writer(self)
        head = [] if isinstance(self.topology, Square) else [f"topology: {self.topology.name}"]
        if self.total_mines is not None:
            head.append(f"mines: {self.total_mines}")
        tail: list[str] = []
        if self.layout is not None:
            if self.layout.start is not None:
                head.append("first-click: {},{}".format(*self.layout.start))
            mines = self.layout.mines
            tail = ["layout:"] + [
                "".join("*" if (r, c) in mines else "." for c in range(self.cols)) for r in range(self.rows)
            ]
        return "\n".join([*head, *self.grid, *tail]) + "\n"
