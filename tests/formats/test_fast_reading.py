"""Reading rows a line at a time (translate, sets, bit masks) reads what reading them a character at a time did.

The references below are the character-by-character readers the fast ones
replaced; every grid line of any characters must give the same row, or the
same error at the same column, and format detection the same answer.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cnfsweep.core.errors import BoardFormatError
from cnfsweep.formats import parse_board
from cnfsweep.formats.lines import SEP, HEADER, unexpected
from cnfsweep.formats.minesweepr import CHARS, looks_minesweepr
from cnfsweep.formats.native import EXPECTED, native_cell


def reference_row(line: str) -> str | tuple[int, str]:
    """The row a native grid line reads as, or the column and message of its first bad character."""
    cells = []
    for i, ch in enumerate(line):
        if ch in SEP:
            continue
        canonical = native_cell(ch)
        if canonical is None:
            return i + 1, unexpected(ch, EXPECTED)
        cells.append(canonical)
    return "".join(cells)


def reference_looks_minesweepr(content: list[str]) -> bool:
    if not content or any(HEADER.match(line) for line in content):
        return False
    grid = [line.replace(" ", "").replace("\t", "") for line in content]
    if any(set(row) - CHARS for row in grid):
        return False
    cells = [(r, c, ch) for r, row in enumerate(grid) for c, ch in enumerate(row)]
    xs = {(r, c) for r, c, ch in cells if ch == "x"}
    near_x = {(r + dr, c + dc) for r, c in xs for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    return bool(xs) and not any(ch == "." and (r, c) in near_x for r, c, ch in cells)


grid_chars = st.sampled_from(list("012345678.*Fab xX\t9#-é"))
lines = st.text(grid_chars, min_size=1, max_size=12).filter(
    lambda line: line.strip(SEP) and not line.lstrip(SEP).startswith("#")
)


@settings(max_examples=400, deadline=None)
@given(lines)
def test_a_native_grid_line_reads_as_it_did_cell_by_cell(line: str) -> None:
    expected = reference_row(line)
    if HEADER.match(line):
        return  # a 'key: value' line, not a grid row
    try:
        board = parse_board(line + "\n", format="native", source="b")
    except BoardFormatError as exc:
        assert isinstance(expected, tuple), exc
        assert (exc.line, exc.column, exc.message) == (1, *expected)
    else:
        assert board.grid == (expected,)


@settings(max_examples=200, deadline=None)
@given(st.lists(lines, min_size=2, max_size=5))
def test_rows_of_a_native_grid_read_as_they_did(rows: list[str]) -> None:
    if any(HEADER.match(line) for line in rows):
        return
    read = [reference_row(line) for line in rows]
    try:
        board = parse_board("\n".join(rows), format="native", source="b")
    except BoardFormatError as exc:
        bad = next((n for n, r in enumerate(read, 1) if isinstance(r, tuple)), None)
        widths = {len(r) for r in read if isinstance(r, str)}
        assert bad is not None or len(widths) > 1, exc
        if bad is not None and exc.line == bad:
            assert (exc.column, exc.message) == read[bad - 1]
    else:
        assert list(board.grid) == read


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.text(st.sampled_from(list(".12x* ")), min_size=1, max_size=8).filter(str.strip), min_size=1, max_size=6)
)
def test_minesweepr_detection_decides_as_it_did(content: list[str]) -> None:
    assert looks_minesweepr(content) == reference_looks_minesweepr(content)
