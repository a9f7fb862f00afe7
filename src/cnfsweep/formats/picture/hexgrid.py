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

from cnfsweep.formats.picture.grid import Edges, _autocorrelation, _peaks, _pitch, _profile, find_axis

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
    down = _pitch(_autocorrelation(ey))
    # Each edge across spread a pixel either way: a side's line is placed to the nearest pixel.
    spread = np.maximum(edges.across, np.pad(edges.across, ((0, 0), (1, 0)))[:, :-1])
    spread = np.maximum(spread, np.pad(edges.across, ((0, 0), (0, 1)))[:, 1:])
    found = _found(spread, ex, ex, down)
    if not found and (ex >= FULL).any():
        # A hexagon's sides stand on a line only down its own rows' middles, a third of the picture's height at
        # most: an edge down nearly all of it is a frame's, and a frame's few lines a few pixels apart can repeat
        # more strongly than a small board's sides (a 4-column board at 125%: its frame's lines 8 px apart, its
        # sides 20).  The width is then looked for without them; the lines are still placed on every edge, the
        # frame's too, which hold the outermost ones in place.  Pointy-top hexagons have no side across at all:
        # the pitch down is looked for without the frame's lines across either, which 15 px apart above a
        # 4-row board at 100% (32 px hexagons) took it for a square grid's 16 px cells.
        bare_down = _pitch(_autocorrelation(np.where(ey >= FULL, 0.0, ey)))
        found = _found(spread, ex, np.where(ex >= FULL, 0.0, ex), bare_down)
    if not found:
        return None
    return max(found, key=lambda score_grid: score_grid[0])[1]


def _found(spread: np.ndarray, ex: np.ndarray, seen: np.ndarray, down: int | None) -> list[tuple[float, HexGrid]]:
    """The grids, each with its score, whose half width the profile ``seen`` repeats at, placed on the profile ``ex``.

    ``spread``: the edges across, each spread a pixel either way.  ``down``: the pitch the edges down repeat
    at, if any.
    """
    ac = _autocorrelation(seen)
    half = _pitch(ac)
    if half is None:
        return []
    found = []
    for pitch, given in _halves(ex, ac, half):
        # Squares repeat alike across and down, found within a pixel of each other (at the pitch the profile
        # across repeats at most: a square cell's bevels may repeat at half of it too).  Hexagons' rows, drawn
        # with little contrast, may not show a pitch down at all, or a chance one (a dense board's digits, 30 px
        # down for 32 px across at 2x): their place comes from the sides' parity below, which square cells,
        # whose lines run down the whole board, never show.
        if down is not None and min(abs(down - pitch), abs(down - half)) <= SQUARE_APART:
            continue
        grid = _hex_at(spread, ex, pitch, given)
        if grid is not None:
            found.append(grid)
    return found


#: Least share of the picture's height an edge across runs down for it to be a frame's line and no hexagon's side.
FULL = 0.8
#: Most pixels the pitch down may lie from the pitch across for the picture to be a square grid's: each is found
#: to a whole pixel (see :data:`~cnfsweep.formats.picture.grid.OTHER_SQUARE`).
SQUARE_APART = 1.0


def _halves(ex: np.ndarray, ac: np.ndarray, half: int) -> list[tuple[float, float | None]]:
    """The half widths the edges across may say, each with the pitch to place the lines at (None: find it too).

    ``half`` itself; and half of it where the profile repeats at that too.  Hexagons a whole odd number of
    pixels wide put one row's sides on whole pixels and the next row's half a pixel off them: the profile
    repeats exactly only at the whole width (25 px for the page's hexagons at 1x on a 16x30 board), and
    more weakly at its half (12 and 13 px).  The lines are then placed half the whole width apart, found
    on the edges that repeat at it (placed at a half width found alone, they drift by pixels across 60).
    """
    out: list[tuple[float, float | None]] = [(float(half), None)]
    low, high = int(np.floor(half / 2)), int(np.ceil(half / 2))
    if any(high >= p >= low for p in _peaks(ac)):
        whole = find_axis(ex, half, middles=False)
        if whole is not None:
            out.append((half / 2, whole.pitch / 2))
    return out


def _hex_at(spread: np.ndarray, ex: np.ndarray, half: float, given: float | None) -> tuple[float, HexGrid] | None:
    """The hexagons whose vertical sides stand ``half`` (near it, or ``given``) apart across, and how well their rows alternate.

    The run of lines found across may start a line early, on a frame beside the board that happens to stand
    on the pitch: each line's parity is then the wrong one, and the board's first row, which stands on the
    even lines, is taken for an odd one and left out.  Such a first line shows edges down the middles of
    the rows whose side it is not (:func:`_foreign`), where beside a board's outermost side there stand
    none; the rows are placed again from the next line, and that placing kept where it holds more rows that
    alternate.
    """
    across = find_axis(ex, round(half), pitch=given, middles=False)
    if across is None or across.count < 3:
        return None
    x0, pitch, count = across.start, across.pitch, across.count
    found = _rows(spread, x0, pitch, count)
    if found is None:
        return None
    if _foreign(spread, x0, pitch, found[1], found[2]):
        again = _rows(spread, x0 + pitch, pitch, count - 1)
        if again is not None and again[0] > found[0]:
            x0, count, found = x0 + pitch, count - 1, again
    score, y0, rows = found
    return score, HexGrid(x0=x0, y0=y0, width=2 * pitch, rows=rows, cols=(count - 1) // 2)


#: Least share of the middles of the rows whose side a board's first line is not that show an edge on it, for
#: the line to be some other line (a frame down the picture): beside the board's outermost side there stand none.
FOREIGN = 0.5
#: Most share of the middles of the rows of either parity that may show an edge on a first line that shows none:
#: placed on the pitch in the margin left of a board, where no side stands.
BARE = 0.1


def _foreign(spread: np.ndarray, x0: float, pitch: float, y0: float, rows: int) -> bool:
    """Whether the first line across, at ``x0``, is no side of the rows found: edges down the odd rows' middles, or none.

    A line with edges down the middles of the odd rows, which it is no side of, is some other line (a frame).
    A line with edges down neither parity's middles, or off the picture, is a place on the pitch where the
    picture shows no line at all (a run of lines found from the picture's margin, half a width left of the
    board's first side, takes that side for an odd row's).
    """
    height, width = spread.shape
    col = round(x0) - 1
    if not 0 <= col < width:
        return True
    step = ROW * 2 * pitch
    # The middle half of each row's height, even rows' and odd rows', where their vertical sides stand.
    middles = [(round(y0 + r * step + 0.6 * pitch), round(y0 + r * step + 1.7 * pitch)) for r in range(rows)]
    bands = [[(lo, hi) for lo, hi in middles[first::2] if 0 <= lo < hi <= height] for first in (0, 1)]

    def share(first: int, at: int) -> float | None:
        shares = [float(spread[lo:hi, at].mean()) for lo, hi in bands[first]]
        return float(np.mean(shares)) if shares else None

    odd = share(1, col)
    if odd is None:
        return False
    if odd >= FOREIGN:
        return True
    # The lines are placed on the pitch found over the whole run, and the first may lie a pixel or two off the
    # side it stands for (2 px at 150%, beyond the spread of a pixel): it is bare only where no column within a
    # quarter of the pitch shows a side, while a place in the margin lies a whole pitch from the board's side.
    # A column beside it with edges down both parities' middles is a frame's line, no side (a frame 1 px from
    # a place in the margin at 200%).
    reach = round(pitch / 4)
    seen = []
    for at in range(max(0, col - reach), min(width, col + reach + 1)):
        shares = [value for value in (share(0, at), share(1, at)) if value is not None]
        if shares and (at == col or min(shares) < FOREIGN):
            seen.append(max(shares))
    return bool(seen) and max(seen) <= BARE


def _rows(spread: np.ndarray, x0: float, pitch: float, count: int) -> tuple[float, float, int] | None:
    """The rows of hexagons whose sides stand on lines ``pitch`` apart from ``x0``: their score, top of row 0, rows.

    Edges on even and odd lines, row of pixels by row of pixels: a row's sides stand on its own half of them.
    """
    width = 2 * pitch
    # Each line a pixel left of its edge's place; a line off the picture keeps its parity, counted as no edge.
    at = np.round(x0 + np.arange(count + 1) * pitch).astype(int) - 1
    inside = (at >= 0) & (at < spread.shape[1])
    lines = np.arange(count + 1)
    even_at, odd_at = at[inside & (lines % 2 == 0)], at[inside & (lines % 2 == 1)]
    even = spread[:, even_at].mean(axis=1) if len(even_at) else np.zeros(spread.shape[0])
    odd = spread[:, odd_at].mean(axis=1) if len(odd_at) else np.zeros(spread.shape[0])
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
    score, y0, rows = best
    if rows < 2 or count < 3:
        return None
    return score, y0, rows


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
