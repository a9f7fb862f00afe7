"""Where a picture's cells are cut and how they are shrunk (issue 40): the same cell shrinks to the same picture
wherever the grid is found to a fraction of a pixel, and every cell is cut between its own lines.

Checked against answers worked out here: exact area means by brute force, the lines a synthetic picture is
drawn with.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

Image = pytest.importorskip("PIL.Image", reason="Pillow is not installed (extra image)")

from cnfsweep.formats.picture.grid import Axis, Grid, find_grid  # noqa: E402
from cnfsweep.formats.picture.read import SIDE, cell_features  # noqa: E402
from cnfsweep.formats.picture.shrink import shrink  # noqa: E402


def area_means(pixels: np.ndarray, box: tuple[float, float, float, float], size: tuple[int, int]) -> np.ndarray:
    """Each new pixel's mean by brute force: every source pixel weighted by the area of it the new pixel covers."""
    x0, y0, x1, y1 = box
    width, height = size
    out = np.zeros((height, width, pixels.shape[2]))
    for j in range(height):
        ya, yb = y0 + (y1 - y0) * j / height, y0 + (y1 - y0) * (j + 1) / height
        for i in range(width):
            xa, xb = x0 + (x1 - x0) * i / width, x0 + (x1 - x0) * (i + 1) / width
            total, weight = np.zeros(pixels.shape[2]), 0.0
            for y in range(pixels.shape[0]):
                for x in range(pixels.shape[1]):
                    w = max(0.0, min(y + 1, yb) - max(y, ya)) * max(0.0, min(x + 1, xb) - max(x, xa))
                    total, weight = total + w * pixels[y, x], weight + w
            out[j, i] = total / weight
    return out


@pytest.mark.parametrize(
    "box", [(3.3, 5.7, 41.9, 30.2), (0.0, 0.0, 60.0, 40.0), (10.25, 2.5, 13.75, 6.0), (-2.5, -1.0, 20.0, 10.0)]
)
def test_a_box_shrinks_to_the_area_means_of_the_pixels_it_covers(box: tuple[float, float, float, float]) -> None:
    # Fractional boxes, one wider than the new pixels and one narrower, one partly off the picture.
    pixels = np.random.default_rng(7).integers(0, 256, (40, 60, 3)).astype(np.uint8)
    assert np.allclose(shrink(pixels, box, (7, 5)), area_means(pixels, box, (7, 5)), atol=1e-3)


def outlined_cells(pitch: int, rows: int, cols: int, margin: int) -> np.ndarray:
    """A picture of grey cells ``pitch`` apart, each outlined in a black line one pixel wide (xdemineur's look)."""
    size = (2 * margin + rows * pitch + 1, 2 * margin + cols * pitch + 1)
    pixels = np.full((*size, 3), 179, dtype=np.uint8)
    for k in range(rows + 1):
        pixels[margin + k * pitch, margin : margin + cols * pitch + 1] = 0
    for k in range(cols + 1):
        pixels[margin : margin + rows * pitch + 1, margin + k * pitch] = 0
    return pixels


@pytest.mark.parametrize("pitch", [21, 25, 34])
def test_a_grid_found_a_fraction_of_a_pixel_off_shrinks_its_cells_alike(pitch: int) -> None:
    # xdemineur's cells are 21 pixels apart; a grid found 0.44 and one found 0.56 past a line once cut the
    # one-pixel black outline into different shrunk pixels (a whole line in or out), so that the same cell lay
    # some 35 (root mean square, 0-255) from its own learnt picture and two pictures were refused.
    image = Image.fromarray(outlined_cells(pitch, 3, 4, 10))
    offsets = np.arange(0.3, 0.71, 0.02)
    feats = [
        cell_features(image, Grid(x=Axis(10 + s, pitch + 0.01, 4), y=Axis(10 + s, pitch - 0.01, 3))) for s in offsets
    ]
    for a, b in itertools.pairwise(feats):
        # 0.02 pixel further on moves the share of a shrunk pixel a black line covers by 0.02 / (pitch / SIDE)
        # at most, at each of its two sides.
        assert np.abs(a - b).max() <= 179 * 2 * 0.02 * SIDE / pitch + 1e-3


def uneven_tiles(sizes: list[int], gap: int, margin: int) -> tuple[np.ndarray, list[int]]:
    """Grey tiles a ``gap`` apart on a light ground, ``sizes[k]`` from one tile's start to the next (both ways),
    as GNOME Mines draws cells sized in whole pixels; and where each cell (a tile and half a gap each side) starts."""
    starts = [margin + sum(sizes[:k]) for k in range(len(sizes) + 1)]
    side = 2 * margin + sum(sizes)
    pixels = np.full((side, side, 3), 240, dtype=np.uint8)
    for top, bottom in itertools.pairwise(starts):
        for left, right in itertools.pairwise(starts):
            pixels[top + gap // 2 : bottom - gap // 2, left + gap // 2 : right - gap // 2] = (150, 160, 150)
    return pixels, starts


@pytest.mark.parametrize(
    "sizes", [[34] * 10 + [33] * 6, [47] * 9 + [46] * 7, [33] * 6 + [34] * 10, [46] * 12 + [47] * 18], ids=str
)
def test_cells_sized_in_whole_pixels_are_each_cut_between_their_own_lines(sizes: list[int]) -> None:
    # GNOME Mines at 1.5x draws 34-pixel cells, then 33-pixel ones: an even pitch strayed from the lines by
    # up to 3 pixels towards the board's far side, and the cells there read some 15 from their learnt pictures.
    pixels, starts = uneven_tiles(sizes, 4, 30)
    grid = find_grid(pixels.mean(axis=2).astype(np.float32))
    assert grid is not None and (grid.rows, grid.cols) == (len(sizes), len(sizes))
    for axis in (grid.x, grid.y):
        # Wherever the finder puts a line relative to a tile (its start, its gap), it puts it alike for every tile.
        found = np.asarray([axis.bounds(k)[0] for k in range(len(sizes))]) - np.asarray(starts[:-1])
        assert found.max() - found.min() <= 1, found
        widths = [axis.bounds(k)[1] - axis.bounds(k)[0] for k in range(len(sizes))]
        assert all(abs(w - s) <= 1 for w, s in zip(widths, sizes, strict=True)), widths


def test_a_grid_of_bevelled_tiles_is_found_as_square_as_it_is() -> None:
    # Minesweeper Arbiter's raised tiles (ms-toollib's exp.png, in the corpus) have a light and a dark bevel two
    # pixels each, so down the board there are edges all along each line's sides: the pitch fitted down strayed to
    # 16.19 pixels where it is 16, three pixels off by the last row, and the rows cut that way read as no cell.
    from cnfsweep.formats.picture.read import decode, gray_of
    from tests.paths import ROOT

    path = ROOT / "corpus" / "public" / "arbiter-exp.png"
    grid = find_grid(gray_of(decode(path.read_bytes(), str(path))))
    assert grid is not None and (grid.rows, grid.cols) == (16, 30)
    # The tiles stand 16 pixels apart both ways, the first row's top at 116 and the first column's left at 176.5.
    assert all(abs(grid.y.bounds(k)[0] - (116 + 16 * k)) <= 1 for k in range(grid.rows + 1))
    assert all(abs(grid.x.bounds(k)[0] - (176.5 + 16 * k)) <= 1 for k in range(grid.cols + 1))
