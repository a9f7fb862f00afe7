"""cnfsweep's own text format: ``key: value`` headers, ``#`` comments, one character a cell.

``0``-``8`` revealed numbers, ``.`` covered, ``*`` or ``F`` a flag, any other
ASCII letter a covered cell labelled with that letter; spaces and tabs between
cells are ignored.  Headers: ``mines: N``, the total, ``first-click: R,C`` and
``topology: square|torus|hex`` (see :mod:`cnfsweep.core.topology`; square when
none is named).  Hex rows are written one character a cell like any other;
an odd row may be indented by the half cell it is shifted, as spaces are ignored.

A board may carry its answer, as ``cnfsweep generate`` writes it: after the
grid, a line ``layout:`` and then one row per grid row, ``*`` for a mine and
``.`` for none.  The layout must agree with every number and flag, and
``first-click`` (row and column from 0) names the cell that was opened
first, a safe cell of the layout (a replay starts there even when the board
shows it covered); it needs a layout.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import ClassVar

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import FLAG, NUMBERS
from cnfsweep.core.deadline import checked
from cnfsweep.core.errors import ArgumentError
from cnfsweep.core.layout import MineLayout, layout_conflict
from cnfsweep.core.topology import DEFAULT_TOPOLOGY, GRAPH, TOPOLOGIES, make_topology, topology_names
from cnfsweep.core.words import counted
from cnfsweep.core.checks import read_cell
from cnfsweep.formats.lines import HEADER, SEP, Err, Sample, count_value, is_comment, split_lines, unexpected

#: Header keys of the native format (and of minesweepr text, read by the same code).
KNOWN_HEADERS = ("mines", "first-click", "topology")
EXPECTED = "0-8, '.', '*', 'F' or a letter"
LAYOUT = "layout"
_LAYOUT_CHARS = frozenset("*." + SEP)
_NO_SEP = {ord(ch): "" for ch in SEP}


def native_cell(ch: str) -> str | None:
    if ch == "F":
        return FLAG
    return ch if ch in NUMBERS or ch in ".*" or (ch.isascii() and ch.isalpha()) else None


def _columns(line: str) -> list[int]:
    """The 1-based column of each cell of a grid line (spaces and tabs between cells are no cells)."""
    return [i + 1 for i, ch in enumerate(line) if ch not in SEP]


class _Cells:
    """A format's cell characters, learnt as they turn up: what each stands for, and a table to translate rows."""

    def __init__(self, cell: Callable[[str], str | None]) -> None:
        self.cell = cell
        self.known: dict[str, str | None] = {ch: None for ch in SEP}
        self.table: dict[int, str] = {ord(ch): "" for ch in SEP}

    def row(self, line: str) -> str | None:
        """The line's cells in canonical characters, or ``None`` if some character is no cell."""
        chars = set(line)
        for ch in chars.difference(self.known):
            self.known[ch] = canonical = self.cell(ch)
            if canonical is not None and canonical != ch:
                self.table[ord(ch)] = canonical
        if any(self.known[ch] is None for ch in chars.difference(SEP)):
            return None
        return line.translate(self.table)


def parse_rows(
    text: str, err: Err, cell: Callable[[str], str | None], expected: str, deadline: float | None = None
) -> Board:
    """Parse header lines, comments, one-character-per-cell rows and an optional layout section.

    Past ``deadline`` (a ``time.perf_counter()`` value) raise
    :class:`~cnfsweep.core.errors.TimeLimitExceeded`; the clock is read every few dozen lines.
    """
    rows: list[str] = []
    places: list[tuple[int, str]] = []  # each row's line number and text (for the columns of its cells)
    layout_rows: list[str] = []
    layout_line = first_row_line = mines_line = first_line = topology_line = topology_col = 0
    mines = first = None
    shape = DEFAULT_TOPOLOGY
    highest = "8"
    cells_of = _Cells(cell)
    for n, line in checked(enumerate(split_lines(text), 1), deadline, 64):
        if not line.strip(SEP) or is_comment(line):
            continue
        head = HEADER.match(line)
        if head and head[1].lower() == LAYOUT and not line[head.end() :].strip():
            if not rows:
                raise err(
                    "'layout:' before the board rows: the layout section follows the grid",
                    line=n,
                    column=head.start(1) + 1,
                )
            if layout_line:
                raise err(
                    f"duplicate 'layout:' section (first on line {layout_line})", line=n, column=head.start(1) + 1
                )
            layout_line = n
            continue
        if layout_line:
            layout_rows.append(_layout_row(line, n, len(rows[0]), len(layout_rows), len(rows), err))
            continue
        if head:
            key_col = head.start(1) + 1
            key = head[1].lower()
            if rows:
                raise err(
                    f"header '{head[1]}:' after the board rows: put 'key: value' lines before the grid",
                    line=n,
                    column=key_col,
                )
            if key not in KNOWN_HEADERS:
                # A misspelt key ('mine: 10') silently ignored would change the answer.
                *others, last = (f"'{k}:'" for k in KNOWN_HEADERS)
                known = f"{', '.join(others)} or {last}"
                raise err(
                    f"unknown header '{head[1]}:': expected {known} (write notes as '#' comments)",
                    line=n,
                    column=key_col,
                )
            seen = {"mines": mines_line, "first-click": first_line, "topology": topology_line}[key]
            if seen:
                raise err(f"duplicate '{key}:' header (first on line {seen})", line=n, column=key_col)
            value = line[head.end() :].rstrip()
            if key == "topology":
                shape = value.strip().lower()
                if shape == GRAPH:  # a graph's cells are no grid of characters
                    raise err(
                        f"a text board's topology is {topology_names()}: a graph board is a JSON file "
                        "('format': 'cnfsweep-graph', see cnfsweep.formats.graph)",
                        line=n,
                        column=head.end() + 1,
                    )
                if shape not in TOPOLOGIES:
                    raise err(
                        f"unknown topology {value.strip()!r}: expected {topology_names()}",
                        line=n,
                        column=head.end() + 1,
                    )
                highest = str(TOPOLOGIES[shape].max_number)
                topology_line, topology_col = n, head.end() + 1
            elif key == "mines":
                mines = count_value(value, "mines", err, n, head.end() + 1)
                mines_line = n
            else:
                first = read_cell(value, "'first-click:'", error=partial(err, line=n, column=head.end() + 1))
                first_line = n
            continue
        row = cells_of.row(line)
        if row is None:
            i, ch = next((i, ch) for i, ch in enumerate(line) if ch not in SEP and cell(ch) is None)
            raise err(unexpected(ch, expected), line=n, column=i + 1)
        if (
            highest != "8"
            and (j := next((j for j, ch in enumerate(row) if ch in NUMBERS and ch > highest), None)) is not None
        ):
            raise err(
                f"number {row[j]} is above {highest}, the most a {shape} cell can show",
                line=n,
                column=_columns(line)[j],
            )
        if rows and len(row) != len(rows[0]):
            width = len(rows[0])
            cols = _columns(line)
            col = cols[width] if len(row) > width else cols[-1] + 1
            raise err(
                f"row has {counted(len(row), 'cell')}, expected {width} (as in line {first_row_line})",
                line=n,
                column=col,
            )
        first_row_line = first_row_line or n
        rows.append(row)
        places.append((n, line))
    if not rows:
        raise err("no board rows found")
    try:
        topology = make_topology(shape, len(rows), len(rows[0]))
    except ArgumentError as e:  # a shape too small for its topology
        raise err(str(e), line=topology_line, column=topology_col) from None
    if not layout_line:
        if first_line:
            raise err("'first-click:' needs a 'layout:' section after the grid", line=first_line, column=1)
        return Board(tuple(rows), mines, topology=topology)
    if len(layout_rows) != len(rows):
        raise err(
            f"the layout has {counted(len(layout_rows), 'row')}, expected {len(rows)} (as the grid)",
            line=layout_line,
            column=1,
        )
    layout = MineLayout(
        frozenset(Cell(r, c) for r, row in enumerate(layout_rows) for c, ch in enumerate(row) if ch == "*"), first
    )
    if mines is not None and mines != layout.count:
        raise err(f"'mines: {mines}' but the layout has {counted(layout.count, 'mine')}", line=mines_line, column=1)
    conflict = layout_conflict(rows, layout, topology)
    if conflict is not None:
        (r, c), why = conflict
        if first is not None and (r, c) == tuple(first) and "first click" in why:
            raise err(
                f"'first-click:' names ({r}, {c}), which {why.removeprefix('the first click ')}",
                line=first_line,
                column=1,
            )
        n, line = places[r]
        raise err(f"cell ({r}, {c}): {why}", line=n, column=_columns(line)[c])
    return Board(tuple(rows), mines, layout, topology=topology)


def _layout_row(line: str, n: int, width: int, index: int, height: int, err: Err) -> str:
    """Read one row of a layout section: ``*`` a mine, ``.`` none."""
    if index == height:
        raise err(f"the layout has more rows than the grid's {height}", line=n, column=1)
    if not _LAYOUT_CHARS.issuperset(line):
        i, ch = next((i, ch) for i, ch in enumerate(line) if ch not in _LAYOUT_CHARS)
        raise err(unexpected(ch, "'*' (a mine) or '.' in the layout"), line=n, column=i + 1)
    cells = line.translate(_NO_SEP)
    if len(cells) != width:
        raise err(f"layout row has {counted(len(cells), 'cell')}, expected {width} (as the grid)", line=n, column=1)
    return cells


class NativeFormat:
    """cnfsweep's own text (this module): asked last in detection, as it reads any text left."""

    name: ClassVar[str] = "native"
    description: ClassVar[str] = "cnfsweep's own text: headers, comments, one character a cell, labels, a layout"
    suffixes: ClassVar[tuple[str, ...]] = ()
    priority: ClassVar[int] = 100
    labels: ClassVar[bool] = True
    layouts: ClassVar[bool] = True
    writes: ClassVar[bool] = True

    @staticmethod
    def detect(sample: Sample) -> bool:
        """Claim every text: the fallback."""
        return True

    @staticmethod
    def read(text: str, err: Err, deadline: float | None) -> Board:
        """Read native text (see :func:`parse_rows`)."""
        return parse_rows(text, err, native_cell, EXPECTED, deadline)

    @staticmethod
    def write(board: Board) -> str:
        """Write ``board`` as :meth:`Board.to_text <cnfsweep.core.board.Board.to_text>` does."""
        return board.to_text()
