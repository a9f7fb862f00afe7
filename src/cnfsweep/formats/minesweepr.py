"""mrgriscom/minesweepr ascii: ``.`` a revealed 0, ``x`` covered, ``*`` a mine, no total."""

from __future__ import annotations

from cnfsweep.core.board import COVERED, FLAG, NUMBERS
from cnfsweep.core.topology import Square
from cnfsweep.formats.lines import HEADER

CHARS = frozenset(".12345678x*")
EXPECTED = "'.', 1-8, 'x' or '*'"


def looks_minesweepr(content: list[str]) -> bool:
    if not content or any(HEADER.match(line) for line in content):
        return False
    grid = [line.replace(" ", "").replace("\t", "") for line in content]
    if any(set(row) - CHARS for row in grid):
        return False
    cells = [(r, c, ch) for r, row in enumerate(grid) for c, ch in enumerate(row)]
    xs = {(r, c) for r, c, ch in cells if ch == "x"}
    # minesweepr boards are square ones; rows may still differ in length here, before they are read.
    shape = Square(len(grid), max(map(len, grid)))
    near_x = {n for x in xs for n in shape.neighbours(x)}
    return bool(xs) and not any(ch == "." and (r, c) in near_x for r, c, ch in cells)


def minesweepr_cell(ch: str) -> str | None:
    # '0' is not minesweepr output, but reading it as a revealed 0 is harmless.
    return {".": "0", "x": COVERED, FLAG: FLAG}.get(ch, ch if ch in NUMBERS else None)
