"""JSMinesweeper text: a ``WxHxM`` size line, then rows of ``H`` (covered), ``F`` (flag) and ``0``-``8``."""

from __future__ import annotations

import re
from functools import partial
from typing import ClassVar

from cnfsweep.core.board import Board
from cnfsweep.core.characters import COVERED, FLAG, NUMBERS
from cnfsweep.core.deadline import checked
from cnfsweep.core.errors import clip
from cnfsweep.core.checks import whole_number
from cnfsweep.core.words import counted
from cnfsweep.formats.lines import SEP, Err, Sample, check_row, is_comment, split_lines, unexpected
from cnfsweep.formats.native import native_cell

SIZE = re.compile(r"\s*([0-9]+)x([0-9]+)x([0-9]+)\s*")
# A line that starts as a size line does: 'WxH', perhaps with more after it ('3x3', '3x3x', '3x3x-1').
_SIZE_START = re.compile(r"\s*[0-9]+x[0-9]+(\s*|x.*)")
_SIZE_WITHOUT_COUNT = re.compile(r"\s*[0-9]+x[0-9]+\s*")
_ROW = frozenset("012345678HF")


def looks_jsm(content: list[str]) -> bool:
    """Say whether lines ``content`` (comments dropped) are JSMinesweeper text, perhaps with a broken size line.

    A first line ``WxHxM`` says so. A first line that only starts as one does
    (``3x3``, the mine count left out) says so when it cannot be a native row
    (a ``9`` or a ``-`` in it), or when every line below it is a JSM row of
    ``H``, ``F`` and ``0``-``8`` with an ``H``: read natively that would be a
    board of cells labelled ``H``, and the missing count would go unnoticed.

    Examples
    --------
    >>> looks_jsm(["3x3", "HHH", "H1H", "HHH"]), looks_jsm(["1x1", ".x."]), looks_jsm(["9x9"])
    (True, False, True)
    """
    if not content:
        return False
    first = content[0]
    if SIZE.fullmatch(first):
        return True
    if not _SIZE_START.fullmatch(first):
        return False
    if any(native_cell(ch) is None for ch in first if ch not in SEP):
        return True
    rows = [line.strip() for line in content[1:]]
    return bool(rows) and all(_ROW.issuperset(row) for row in rows) and any("H" in row for row in rows)


def parse_jsm(text: str, err: Err, deadline: float | None = None) -> Board:
    """Parse JSMinesweeper text: ``WxHxM`` then ``H`` rows of ``W`` characters, within ``deadline``."""
    numbered = [(n, line.rstrip()) for n, line in enumerate(split_lines(text), 1) if line.strip()]
    while numbered and is_comment(numbered[0][1]):
        numbered.pop(0)
    if not numbered or not (size := SIZE.fullmatch(numbered[0][1])):
        line = numbered[0][0] if numbered else None
        if line is not None and _SIZE_WITHOUT_COUNT.fullmatch(first := numbered[0][1]):
            raise err(
                f"the size line {clip(first.strip())} has no mine count: expected 'WxHxM' such as '{first.strip()}x10'",
                line=line,
                column=len(first) + 1,
            )
        raise err("expected a 'WxHxM' size line such as '5x5x8'", line=line, column=1 if line else None)
    size_line = numbered[0][0]
    width, height, mines = (
        whole_number(size[i], what, error=partial(err, line=size_line, column=size.start(i) + 1))
        for i, what in enumerate(("the size line's width", "the size line's height", "the size line's mine count"), 1)
    )
    if width < 1 or height < 1:
        raise err(f"board size {width}x{height} has no cells", line=size_line, column=size.start(1) + 1)
    body = numbered[1:]
    if len(body) != height:
        n, col = (body[height][0], 1) if len(body) > height else (size_line, size.start(2) + 1)
        raise err(
            f"found {counted(len(body), 'row')}, expected {height} (from the size line {size_line})", line=n, column=col
        )
    rows = []
    table: dict[int, str] = {}
    for n, row in checked(body, deadline, 64):
        check_row(row, width, n, err, f"from the size line {size_line}")
        chars = set(row)
        # JSMinesweeper reads unknown characters as covered; whitespace and
        # 9 are surely typos, so they are reported rather than guessed.
        if "9" in chars or any(ch.isspace() for ch in chars):
            i, ch = next((i, ch) for i, ch in enumerate(row) if ch == "9" or ch.isspace())
            raise err(unexpected(ch, "0-8, 'H' or 'F'"), line=n, column=i + 1)
        for ch in chars:
            if ch not in NUMBERS:
                table[ord(ch)] = FLAG if ch == "F" else COVERED
        rows.append(row.translate(table))
    return Board(tuple(rows), mines)


def to_jsm(board: Board) -> str:
    """Write a board as JSMinesweeper text (which has no place for a layout or labels).

    Examples
    --------
    >>> print(to_jsm(Board(("01.", "0*."), 1)), end="")
    3x2x1
    01H
    0FH
    """
    total = board.total_mines if board.total_mines is not None else len(board.flags)
    rows = ["".join(ch if ch in NUMBERS else "F" if ch == FLAG else "H" for ch in row) for row in board.grid]
    return "\n".join([f"{board.cols}x{board.rows}x{total}", *rows]) + "\n"


class JsmFormat:
    """JSMinesweeper text (this module)."""

    name: ClassVar[str] = "jsm"
    description: ClassVar[str] = "JSMinesweeper text: a WxHxM line, then rows of H (covered), F (flag) and 0-8"
    suffixes: ClassVar[tuple[str, ...]] = (".jsm",)
    priority: ClassVar[int] = 30
    labels: ClassVar[bool] = False
    layouts: ClassVar[bool] = False
    writes: ClassVar[bool] = True

    @staticmethod
    def detect(sample: Sample) -> bool:
        """A first content line ``WxHxM``, or one that starts as one (see :func:`looks_jsm`)."""
        return looks_jsm(list(sample.content))

    @staticmethod
    def read(text: str, err: Err, deadline: float | None) -> Board:
        """Read JSMinesweeper text (see :func:`parse_jsm`)."""
        return parse_jsm(text, err, deadline)

    @staticmethod
    def write(board: Board) -> str:
        """Write ``board`` as JSMinesweeper text (see :func:`to_jsm`)."""
        return to_jsm(board)
