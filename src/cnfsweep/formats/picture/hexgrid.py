"""Finding a grid of pointy-top hexagons in a picture: their width across the flats, where row 0 starts, rows, columns.

Hexagons side by side put their vertical sides every half a hexagon across (a row's sides at whole
widths, the next row's half a width further): the edges across the picture repeat at half a width,
and the rows repeat down at 0.866 of one, so the two pitches are √3 apart where a square grid's are
equal.  A row's sides stand only in the middle half of its height, on its own half of the columns:
the difference between the edges on even and odd columns, down the picture, changes sign row by row,
which places the rows.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cnfsweep.formats.picture.grid import Edges, _autocorrelation, _pitch, _profile, find_axis

__all__ = ["ROW", "HexGrid", "cut_sides", "find_hex_grid", "outline"]

#: Rows of pointy-top hexagons are this many widths apart; a hexagon is 2/√3 widths tall.
ROW = 0.8660254
TALL = 1.1547005


@dataclass(frozen=True)
class HexGrid:
    """Hexagons in rows, odd rows half a width to the right: the left side of row 0's first, its top, the width."""

    x0: float
    y0: float
    width: float
    rows: int
    cols: int

    def centre(self, r: int, c: int) -> tuple[float, float]:
        """The centre of cell ``(r, c)`` in pixels ``(x, y)``."""
        return (
            self.x0 + (c + (r % 2) / 2 + 0.5) * self.width,
            self.y0 + r * ROW * self.width + TALL * self.width / 2,
        )


def find_hex_grid(gray: np.ndarray, edges: Edges | None = None) -> HexGrid | None:
    """The hexagons of a board in a grey picture, or None when the picture shows no hexagons."""
    edges = Edges.of(gray) if edges is None else edges
    ex, ey = _profile(edges, 0), _profile(edges, 1)
    half = _pitch(_autocorrelation(ex))
    down = _pitch(_autocorrelation(ey))
    # Squares repeat alike across and down.  Hexagons' rows, drawn with little contrast, may not show
    # a pitch down at all (or a fraction of one): their place comes from the sides' parity below.
    if half is None or (down is not None and 0.8 <= down / half <= 1.25):
        return None
    # Without placing lines at their edges' middles: a hexagon's slanted sides put edges all along between its
    # vertical ones, and smoothed, they pull the pitch (page-hex-light-1x-1: 15.84 px for 16).
    across = find_axis(ex, half, middles=False)
    if across is None or across.count < 3:
        return None
    width = 2 * across.pitch
    cols = (across.count - 1) // 2
    x0 = across.start
    # Edges on even and odd half-columns, row of pixels by row of pixels.
    spread = np.maximum(edges.across, np.pad(edges.across, ((0, 0), (1, 0)))[:, :-1])
    spread = np.maximum(spread, np.pad(edges.across, ((0, 0), (0, 1)))[:, 1:])
    at = np.round(x0 + np.arange(across.count + 1) * across.pitch).astype(int) - 1
    at = at[(at >= 0) & (at < spread.shape[1])]
    even = spread[:, at[0::2]].mean(axis=1) if len(at[0::2]) else np.zeros(spread.shape[0])
    odd = spread[:, at[1::2]].mean(axis=1) if len(at[1::2]) else np.zeros(spread.shape[0])
    sign = even - odd
    total = np.concatenate([[0.0], np.cumsum(sign)])
    height = len(sign)
    step = ROW * width

    def band(top: float) -> float:
        lo, hi = round(top + 0.3 * width), round(top + 0.85 * width)
        if lo < 0 or hi > height or hi <= lo:
            return 0.0
        return float((total[hi] - total[lo]) / (hi - lo))

    best: tuple[float, float, int] = (0.0, 0.0, 0)
    for phase in np.arange(0.0, 2 * step, 0.5):
        values = [band(phase + j * step) * (1 if j % 2 == 0 else -1) for j in range(int((height - phase) / step) + 1)]
        # The board: the longest run of rows whose sides stand where their parity says, from an even row.
        j = 0
        while j < len(values):
            if j % 2 == 0 and values[j] > 0.3:
                k = j
                while k < len(values) and values[k] > 0.3:
                    k += 1
                score = float(sum(values[j:k]))
                if score > best[0]:
                    best = (score, phase + j * step, k - j)
                j = k + (k % 2 == 1)
            else:
                j += 1
    _, y0, rows = best
    if rows < 2 or cols < 1:
        return None
    return HexGrid(x0=x0, y0=y0, width=width, rows=rows, cols=cols)


#: Share of a strip's pixels along a line parallel to the board's side that may differ from the line's
#: middle value (by more than :data:`~cnfsweep.formats.picture.grid.STEP`) and the line still count as plain.
PLAIN = 0.08
#: Fewest pixels between a hex board's outline and the picture's edge: a narrower margin cannot show whether
#: the picture cut a column or row of hexagons away there.
MARGIN = 2


def outline(grid: HexGrid) -> tuple[float, float, float, float]:
    """The box the grid's hexagons fill: left, top, right, bottom in pixels (odd rows reach half a width further)."""
    reach = grid.cols + (0.5 if grid.rows > 1 else 0.0)
    return (
        grid.x0,
        grid.y0,
        grid.x0 + reach * grid.width,
        grid.y0 + ((grid.rows - 1) * ROW + TALL) * grid.width,
    )


def cut_sides(gray: np.ndarray, grid: HexGrid) -> list[str]:
    """The sides where the picture's edge may have cut hexagons of the board away.

    Hexagons of a column or row beyond the grid, cut by the picture, lie in the strip between the
    grid's outline and the picture's edge, and that strip is less than a cell wide (a whole cell
    there is :func:`~cnfsweep.formats.picture.read` 's to find).  Beside a whole board the strip holds
    the page's background and frame: lines parallel to the side, each plain along its length.  Cut
    hexagons break every such line (hexagons and the gaps between them alternate along it).  A strip
    too narrow to tell counts as cut: a board read smaller than it is would be a silent error.
    """
    from cnfsweep.formats.picture.grid import STEP

    height, width = gray.shape
    left, top, right, bottom = outline(grid)
    across, down = grid.width, ROW * grid.width
    # The outline is found to a pixel or two and the hexagons' corners are drawn soft: the strip
    # starts a little off it.
    pad = max(2, round(0.1 * grid.width))
    strips = {
        # (pixels between the outline and the edge, the strip, lines along axis 0 (columns) or 1 (rows))
        "left": (left, gray[round(top) : round(bottom), : max(0, round(left) - pad)], 0),
        "right": (width - right, gray[round(top) : round(bottom), round(right) + pad :], 0),
        "top": (top, gray[: max(0, round(top) - pad), round(left) : round(right)], 1),
        "bottom": (height - bottom, gray[round(bottom) + pad :, round(left) : round(right)], 1),
    }
    sides = []
    for side, (gap, strip, axis) in strips.items():
        cell = across if side in ("left", "right") else down
        if gap >= cell:
            continue
        if gap < pad + MARGIN or strip.size == 0:
            sides.append(side)
            continue
        middle = np.median(strip, axis=axis, keepdims=True)
        broken = (np.abs(strip - middle) > STEP).mean(axis=axis)
        if float(broken.max()) > PLAIN:
            sides.append(side)
    return sides
