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
``first-click`` (row and column from 0) names the revealed cell that was
opened first; it needs a layout.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from cnfsweep.core.board import FLAG, NUMBERS, Board, Cell
from cnfsweep.core.errors import ArgumentError
from cnfsweep.core.layout import MineLayout, layout_conflict
from cnfsweep.core.topology import DEFAULT_TOPOLOGY, TOPOLOGIES, make_topology, topology_names
from cnfsweep.core.values import read_cell
from cnfsweep.formats.lines import HEADER, SEP, Err, count_value, is_comment, split_lines, unexpected

#: Header keys of the native format (and of minesweepr text, read by the same code).
KNOWN_HEADERS = ("mines", "first-click", "topology")
EXPECTED = "0-8, '.', '*', 'F' or a letter"
LAYOUT = "layout"


def native_cell(ch: str) -> str | None:
    if ch == "F":
        return FLAG
    return ch if ch in NUMBERS or ch in ".*" or (ch.isascii() and ch.isalpha()) else None


def parse_rows(text: str, err: Err, cell: Callable[[str], str | None], expected: str) -> Board:
    """Parse header lines, comments, one-character-per-cell rows and an optional layout section."""
    rows: list[str] = []
    places: list[tuple[int, list[int]]] = []  # each row's line and the column of each cell
    layout_rows: list[str] = []
    layout_line = first_row_line = mines_line = first_line = topology_line = topology_col = 0
    mines = first = None
    shape = DEFAULT_TOPOLOGY
    highest = "8"
    for n, line in enumerate(split_lines(text), 1):
        if not line.strip(SEP) or is_comment(line):
            continue
        head = HEADER.match(line)
        if head and head[1].lower() == LAYOUT and not line[head.end():].strip():
            if not rows:
                raise err("'layout:' before the board rows: the layout section follows the grid",
                          line=n, column=head.start(1) + 1)
            if layout_line:
                raise err(f"duplicate 'layout:' section (first on line {layout_line})",
                          line=n, column=head.start(1) + 1)
            layout_line = n
            continue
        if layout_line:
            layout_rows.append(_layout_row(line, n, len(rows[0]), len(layout_rows), len(rows), err))
            continue
        if head:
            key_col = head.start(1) + 1
            key = head[1].lower()
            if rows:
                raise err(f"header '{head[1]}:' after the board rows: "
                          "put 'key: value' lines before the grid", line=n, column=key_col)
            if key not in KNOWN_HEADERS:
                # A misspelt key ('mine: 10') silently ignored would change the answer.
                *others, last = (f"'{k}:'" for k in KNOWN_HEADERS)
                known = f"{', '.join(others)} or {last}"
                raise err(f"unknown header '{head[1]}:': expected {known} (write notes as '#' comments)",
                          line=n, column=key_col)
            seen = {"mines": mines_line, "first-click": first_line, "topology": topology_line}[key]
            if seen:
                raise err(f"duplicate '{key}:' header (first on line {seen})", line=n, column=key_col)
            value = line[head.end():].rstrip()
            if key == "topology":
                shape = value.strip().lower()
                if shape not in TOPOLOGIES:
                    raise err(f"unknown topology {value.strip()!r}: expected {topology_names()}",
                              line=n, column=head.end() + 1)
                highest = str(TOPOLOGIES[shape].max_number)
                topology_line, topology_col = n, head.end() + 1
            elif key == "mines":
                mines = count_value(value, "mines", err, n, head.end() + 1)
                mines_line = n
            else:
                first = read_cell(value, "'first-click:'", error=partial(err, line=n, column=head.end() + 1))
                first_line = n
            continue
        cells: list[str] = []
        cols: list[int] = []
        for i, ch in enumerate(line):
            if ch in SEP:
                continue
            canonical = cell(ch)
            if canonical is None:
                raise err(unexpected(ch, expected), line=n, column=i + 1)
            if canonical in NUMBERS and canonical > highest:
                raise err(f"number {canonical} is above {highest}, the most a {shape} cell can show",
                          line=n, column=i + 1)
            cells.append(canonical)
            cols.append(i + 1)
        if rows and len(cells) != len(rows[0]):
            width = len(rows[0])
            col = cols[width] if len(cells) > width else cols[-1] + 1
            raise err(f"row has {len(cells)} cells, expected {width} (as in line {first_row_line})",
                      line=n, column=col)
        first_row_line = first_row_line or n
        rows.append("".join(cells))
        places.append((n, cols))
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
        raise err(f"the layout has {len(layout_rows)} rows, expected {len(rows)} (as the grid)",
                  line=layout_line, column=1)
    layout = MineLayout(
        frozenset(Cell(r, c) for r, row in enumerate(layout_rows) for c, ch in enumerate(row) if ch == "*"), first
    )
    if mines is not None and mines != layout.count:
        raise err(f"'mines: {mines}' but the layout has {layout.count} mine{'' if layout.count == 1 else 's'}",
                  line=mines_line, column=1)
    conflict = layout_conflict(rows, layout, topology)
    if conflict is not None:
        (r, c), why = conflict
        if first is not None and (r, c) == tuple(first) and "first click" in why:
            raise err(f"'first-click:' names ({r}, {c}), which {why.removeprefix('the first click ')}",
                      line=first_line, column=1)
        n, cols = places[r]
        raise err(f"cell ({r}, {c}): {why}", line=n, column=cols[c])
    return Board(tuple(rows), mines, layout, topology=topology)


def _layout_row(line: str, n: int, width: int, index: int, height: int, err: Err) -> str:
    """Read one row of a layout section: ``*`` a mine, ``.`` none."""
    if index == height:
        raise err(f"the layout has more rows than the grid's {height}", line=n, column=1)
    cells = []
    for i, ch in enumerate(line):
        if ch in SEP:
            continue
        if ch not in "*.":
            raise err(unexpected(ch, "'*' (a mine) or '.' in the layout"), line=n, column=i + 1)
        cells.append(ch)
    if len(cells) != width:
        raise err(f"layout row has {len(cells)} cells, expected {width} (as the grid)", line=n, column=1)
    return "".join(cells)
