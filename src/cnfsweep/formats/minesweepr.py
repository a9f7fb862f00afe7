"""mrgriscom/minesweepr ascii: ``.`` a revealed 0, ``x`` covered, ``*`` a mine, no total."""

from __future__ import annotations

from typing import ClassVar

from cnfsweep.core.board import Board
from cnfsweep.core.characters import COVERED, FLAG, NUMBERS
from cnfsweep.formats.lines import HEADER, Err, Sample
from cnfsweep.formats.native import parse_rows

CHARS = frozenset(".12345678x*")
EXPECTED = "'.', 1-8, 'x' or '*'"


def looks_minesweepr(content: list[str]) -> bool:
    if not content or any(HEADER.match(line) for line in content):
        return False
    grid = [line.replace(" ", "").replace("\t", "") for line in content]
    if any(set(row) - CHARS for row in grid):
        return False
    # Each row as two bit masks, of its x's and of its dots (the first cell the highest bit, rows padded to one
    # width), so that "a dot touches an x" is a few operations on integers per row, not per cell.
    width = max(map(len, grid))
    xs = [_mask(row, "x", width) for row in grid]
    dots = [_mask(row, ".", width) for row in grid]
    if not any(xs):
        return False
    wide = [m | m << 1 | m >> 1 for m in xs]  # an x and the cells left and right of it
    for r, dot in enumerate(dots):
        near = wide[r] | (wide[r - 1] if r else 0) | (wide[r + 1] if r + 1 < len(wide) else 0)
        if dot & near:
            return False
    return True


def _mask(row: str, ch: str, width: int) -> int:
    """The bit mask of where ``ch`` is in ``row`` (its first cell the highest of ``width`` bits)."""
    return int(row.ljust(width, "#").translate(_BITS[ch]), 2)


_BITS = {ch: {ord(c): "1" if c == ch else "0" for c in ".12345678x*#"} for ch in "x."}


def minesweepr_cell(ch: str) -> str | None:
    # '0' is not minesweepr output, but reading it as a revealed 0 is harmless.
    return {".": "0", "x": COVERED, FLAG: FLAG}.get(ch, ch if ch in NUMBERS else None)


class MinesweeprFormat:
    """mrgriscom/minesweepr ascii (this module), read by the native reader with its own cell characters."""

    name: ClassVar[str] = "minesweepr"
    description: ClassVar[str] = "mrgriscom/minesweepr ascii: '.' a revealed 0, 'x' covered, '*' a mine, no total"
    suffixes: ClassVar[tuple[str, ...]] = ()
    priority: ClassVar[int] = 40
    labels: ClassVar[bool] = False
    layouts: ClassVar[bool] = False
    writes: ClassVar[bool] = False

    @staticmethod
    def detect(sample: Sample) -> bool:
        """No header, only minesweepr characters, an ``x``, and no ``.`` touching an ``x`` (see :func:`looks_minesweepr`)."""
        return looks_minesweepr(list(sample.content))

    @staticmethod
    def read(text: str, err: Err, deadline: float | None) -> Board:
        """Read minesweepr ascii."""
        return parse_rows(text, err, minesweepr_cell, EXPECTED, deadline)

    @staticmethod
    def write(board: Board) -> str:
        """No writer: minesweepr ascii is only read."""
        raise NotImplementedError("cnfsweep reads minesweepr ascii but does not write it")
