"""Two JSMinesweeper boards whose grids were found wrong (issue 40), from fresh captures outside ``corpus/``.

Both are crops of ``python -m benchmarks picture-corpus jsm --seed 4071`` screenshots (JSMinesweeper, MIT
licence: see tests/data/formats/README.md), labelled from the page's own tiles.  Both were refused before,
never read wrong: the first found 2.5 px off both ways on its tiles' bevels, the second a row too tall.  A
third, a whole window of seed 4070, is read wrong if its lines are placed line by line.
"""

from __future__ import annotations

import re

import pytest

from tests.paths import ROOT

pytest.importorskip("PIL.Image", reason="Pillow is not installed (extra image)")

from cnfsweep.core.errors import BoardFormatError
from cnfsweep.formats.picture.grid import find_grid
from cnfsweep.formats.picture.read import decode, gray_of, read_picture

PICTURES = ROOT / "tests" / "data" / "formats" / "pictures"


def labels(name: str) -> list[str]:
    """The label rows beside a picture."""
    lines = (PICTURES / name).with_suffix(".txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_a_grid_of_raised_tiles_stands_on_the_steps_between_them_not_on_a_bevel() -> None:
    # 24 px tiles at 1x, nearly all covered: a line between two tiles is the dark bevel's two edges, the step to
    # the next tile, and the light bevel's two edges.  Fitted on the edges alone, the lines scored as much on
    # either bevel and stood on one, 2.5 px off the step: here the light one across and the dark one down, and
    # every cell, cut 2.5 px off both ways, read as no known cell.  The step is where the tiles meet: 188 and
    # 173 in the window, 38 and 83 in this crop of it.
    name = "jsm-1x-24px-on-a-bevel.png"
    data = (PICTURES / name).read_bytes()
    grid = find_grid(gray_of(decode(data, name)))
    assert grid is not None and (grid.rows, grid.cols) == (9, 9)
    assert abs(grid.x.start - 38) < 0.5 and abs(grid.y.start - 83) < 0.5
    assert abs(grid.x.pitch - 24) < 0.05 and abs(grid.y.pitch - 24) < 0.05
    reading = read_picture(data, name)
    assert reading.labels() == labels(name)
    assert reading.skin == "jsminesweeper"


def test_a_band_trimmed_off_a_board_leaves_its_last_row_cut_at_the_boards_own_pitch() -> None:
    # 20 px tiles at 1.25x (25 px): the links under the board ("Save position", underlined) repeat its lines a
    # pitch below it, and were found as a tenth row; the line between it and the board was placed on the board's
    # frame, 3 px low, and the ninth row read 28 px tall.  The tenth row reads as no cell and is trimmed off; the
    # board's last line then stands a pitch past the one before it, and its last row is cut again there.
    name = "jsm-1.25x-link-below.png"
    data = (PICTURES / name).read_bytes()
    reading = read_picture(data, name)
    assert reading.labels() == labels(name)
    assert (reading.grid.rows, reading.grid.cols) == (9, 9)
    last = reading.grid.y.line(9) - reading.grid.y.line(8)
    assert abs(last - 25) < 0.5


def test_two_lines_a_pixel_off_where_open_cells_meet_covered_ones_leave_the_grid_even() -> None:
    # 24 px tiles at 1x (the whole window, seed 4070): the pattern of the lines, matched line by line, stood 1.1 px
    # off either way at the two lines where the bottom rows' open cells meet the covered ones, and the rows were
    # cut unevenly (23 and 26 px); the cell under the pointer's box was then read by what the box left visible as
    # a 0, where the game has it covered.  The other lines stand on one even pitch: so do those two, and the
    # cells under the box are read through it as the game has them (a refusal naming one of them would be
    # right too, a wrong read never).
    name = "jsm-1x-24px-open-below-covered.png"
    data = (PICTURES / name).read_bytes()
    grid = find_grid(gray_of(decode(data, name)))
    assert grid is not None and (grid.rows, grid.cols) == (9, 9)
    assert grid.y.lines == () and abs(grid.y.pitch - 24) < 0.05 and abs(grid.y.start - 173) < 0.5
    hidden = {
        tuple(int(v) for v in cell.split(","))
        for line in (PICTURES / name).with_suffix(".txt").read_text(encoding="utf-8").splitlines()
        if line.startswith("# hidden:")
        for cell in line.split(":", 1)[1].split()
    }
    try:
        reading = read_picture(data, name)
    except BoardFormatError as refused:
        found = re.search(r"row (\d+), column (\d+)", str(refused))
        assert found is not None and (int(found[1]) - 1, int(found[2]) - 1) in hidden
    else:
        assert reading.labels() == labels(name)
