"""cnfsweep's own text format: ``key: value`` headers, ``#`` comments, one character a cell.

``0``-``8`` revealed numbers, ``.`` covered, ``*`` or ``F`` a flag, any other
ASCII letter a covered cell labelled with that letter; spaces and tabs between
cells are ignored.  The only header is ``mines: N``, the total.
"""

from __future__ import annotations

from collections.abc import Callable

from cnfsweep.core.board import FLAG, NUMBERS, Board
from cnfsweep.formats.lines import HEADER, SEP, Err, count_value, is_comment, split_lines, unexpected

#: Header keys of the native format (and of minesweepr text, read by the same code).
KNOWN_HEADERS = ("mines",)
EXPECTED = "0-8, '.', '*', 'F' or a letter"


def native_cell(ch: str) -> str | None:
    if ch == "F":
        return FLAG
    return ch if ch in NUMBERS or ch in ".*" or (ch.isascii() and ch.isalpha()) else None


def parse_rows(text: str, err: Err, cell: Callable[[str], str | None], expected: str) -> Board:
    """Parse header lines, comments and one-character-per-cell rows."""
    rows: list[str] = []
    first_row_line = mines_line = 0
    mines = None
    for n, line in enumerate(split_lines(text), 1):
        if not line.strip(SEP) or is_comment(line):
            continue
        head = HEADER.match(line)
        if head:
            key_col = head.start(1) + 1
            if rows:
                raise err(f"header '{head[1]}:' after the board rows: "
                          "put 'key: value' lines before the grid", line=n, column=key_col)
            if head[1].lower() not in KNOWN_HEADERS:
                # A misspelt key ('mine: 10') silently ignored would change the answer.
                known = " or ".join(f"'{k}:'" for k in KNOWN_HEADERS)
                raise err(f"unknown header '{head[1]}:': expected {known} (write notes as '#' comments)",
                          line=n, column=key_col)
            if head[1].lower() == "mines":
                if mines_line:
                    raise err(f"duplicate 'mines:' header (first on line {mines_line})",
                              line=n, column=key_col)
                mines = count_value(line[head.end():].rstrip(), "mines", err, n, head.end() + 1)
                mines_line = n
            continue
        cells: list[str] = []
        cols: list[int] = []
        for i, ch in enumerate(line):
            if ch in SEP:
                continue
            canonical = cell(ch)
            if canonical is None:
                raise err(unexpected(ch, expected), line=n, column=i + 1)
            cells.append(canonical)
            cols.append(i + 1)
        if rows and len(cells) != len(rows[0]):
            width = len(rows[0])
            col = cols[width] if len(cells) > width else cols[-1] + 1
            raise err(f"row has {len(cells)} cells, expected {width} (as in line {first_row_line})",
                      line=n, column=col)
        first_row_line = first_row_line or n
        rows.append("".join(cells))
    if not rows:
        raise err("no board rows found")
    return Board(tuple(rows), mines)
