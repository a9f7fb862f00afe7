"""Finding a board's grid in a picture: its cell pitch, where its first cell starts, how many rows and columns.

A grid of cells shows as edges that repeat: summed down every column of pixels (and along every row),
the brightness steps peak on the lines between cells, one pitch apart, and nowhere else at that
spacing.  The pitch is the first strong peak of the profile's autocorrelation, refined to a fraction
of a pixel (a browser at 125% draws a 17 px cell 21.25 px wide) by fitting the lines it predicts (on
the edges, or on the middle of each line's edges where a tile's bevels let the fit on the edges
slide); the board is the longest run of lines that are all strong.  Square cells take one pitch both
ways, and each line is then placed where the picture draws it (a game may size its cells a pixel
unevenly).

Works on numpy arrays only: the picture is decoded by :mod:`cnfsweep.formats.picture.read`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

__all__ = ["Axis", "Grid", "cut_sides", "find_axis", "find_grid"]

#: Smallest and largest cell pitch read, in pixels: below 7 px a digit is not legible; a board of
#: one or two huge cells is no screenshot of a game.
MIN_PITCH = 7
MAX_PITCH = 300


@dataclass(frozen=True)
class Axis:
    """Where the cells lie along one axis: the first line, the pitch (fractional), the number of cells.

    ``lines``, where given, are the places of the ``count + 1`` lines themselves, each found in the
    picture: a game that sizes its cells in whole pixels makes some a pixel wider than others (GNOME
    Mines at 1.5x: 34 px cells, then 33 px ones), and an even pitch strays from them by pixels towards
    the board's far side.  Empty, the lines stand evenly ``pitch`` apart from ``start``.
    """

    start: float
    pitch: float
    count: int
    lines: tuple[float, ...] = ()

    def line(self, k: int) -> float:
        """Where line ``k`` stands (line ``k`` starts cell ``k``; line ``count`` ends the last cell)."""
        if self.lines and 0 <= k <= self.count:
            return self.lines[k]
        return self.start + k * self.pitch

    def bounds(self, i: int) -> tuple[int, int]:
        """Pixel span ``[lo, hi)`` of cell ``i`` along this axis."""
        return round(self.line(i)), round(self.line(i + 1))

    def part(self, first: int, count: int) -> Axis:
        """The cells ``first`` to ``first + count - 1`` alone, as a board of their own.

        Its inner lines are kept; its two outermost ones are placed as :func:`_placed` places a board's
        (a line found between a board's cells and what lies beside it is no line between two cells).
        """
        if not self.lines:
            return Axis(start=self.line(first), pitch=self.pitch, count=count)
        return _outermost(Axis(self.line(first), self.pitch, count, self.lines[first : first + count + 1]))

    def places(self, side: int) -> np.ndarray:
        """The edges of ``side`` equal parts of every cell, in order (``count * side + 1`` places)."""
        lines = np.asarray([self.line(k) for k in range(self.count + 1)])
        steps = np.arange(side) / side
        inner = lines[:-1, None] + (lines[1:] - lines[:-1])[:, None] * steps[None, :]
        return np.append(inner.reshape(-1), lines[-1])

    @property
    def end(self) -> float:
        """Where the last cell ends."""
        return self.line(self.count)


@dataclass(frozen=True)
class Grid:
    """A rectangular board's grid: its columns (``x``) and rows (``y``)."""

    x: Axis
    y: Axis

    @property
    def rows(self) -> int:
        """Rows of cells."""
        return self.y.count

    @property
    def cols(self) -> int:
        """Columns of cells."""
        return self.x.count


#: A step in brightness (0-255) that counts as an edge: a cell's outline, not a gradient or JPEG noise.
STEP = 6.0


@dataclass(frozen=True)
class Edges:
    """Where a picture's brightness steps by :data:`STEP` or more: ``across`` between columns, ``down`` between rows."""

    across: np.ndarray
    down: np.ndarray

    @classmethod
    def of(cls, gray: np.ndarray) -> Edges:
        """The edges of a grey picture."""
        return cls(np.abs(np.diff(gray, axis=1)) > STEP, np.abs(np.diff(gray, axis=0)) > STEP)


def _profile(edges: Edges, axis: int, lo: int = 0, hi: int | None = None) -> np.ndarray:
    """The share of pixels (from ``lo`` to ``hi`` across) with an edge there: one value per line between pixels along ``axis``.

    A share, not a sum of contrasts: a line between cells is an edge all along the board whatever its
    contrast, while a frame's or a counter's edges run only part of the way.
    """
    if axis == 0:
        return edges.across[lo:hi].mean(axis=0)
    return edges.down[:, lo:hi].mean(axis=1)


def _spread(e: np.ndarray) -> np.ndarray:
    """Each value the largest of itself and its two neighbours, so a line drawn one pixel off still counts."""
    padded = np.pad(e, 1)
    return np.maximum(np.maximum(padded[:-2], padded[1:-1]), padded[2:])


def _autocorrelation(e: np.ndarray) -> np.ndarray:
    """The profile's autocorrelation, 1 at lag 0 (all 0 for a flat profile)."""
    n = len(e)
    centred = e - e.mean()
    spectrum = np.fft.rfft(centred, 2 * n)
    ac = np.fft.irfft(spectrum * np.conj(spectrum))[:n]
    return ac / ac[0] if ac[0] > 0 else np.zeros(n)


def _peaks(ac: np.ndarray) -> list[int]:
    """The lags (whole pixels, shortest first) at which an autocorrelation peaks clearly: the pitches it may say."""
    high = min(MAX_PITCH, len(ac) // 3)
    if high <= MIN_PITCH:
        return []
    lags = range(MIN_PITCH, high)
    return [lag for lag in lags if ac[lag] >= ac[lag - 1] and ac[lag] >= ac[lag + 1] and ac[lag] > 0.15]


def _pitch(ac: np.ndarray) -> int | None:
    """The cell pitch an autocorrelation says (whole pixels), or None when nothing repeats."""
    peaks = _peaks(ac)
    if not peaks:
        return None

    # A pitch repeats: its multiples are peaks too, where a chance distance (a counter to the board's
    # edge) has none.  Each candidate is scored on its first three multiples.
    def harmonics(p: int) -> float:
        return float(np.mean([ac[max(0, k * p - 1) : k * p + 2].max() for k in (1, 2, 3) if k * p + 2 <= len(ac)]))

    scores = {p: harmonics(p) for p in peaks}
    best = max(scores.values())
    # The fundamental, not a multiple: the first candidate nearly as good as the best.
    return next(p for p in peaks if scores[p] >= 0.8 * best)


def _sample(e: np.ndarray, at: np.ndarray) -> np.ndarray:
    """The profile at fractional positions, linearly between its values (0 off its ends)."""
    lo = np.floor(at).astype(int)
    t = at - lo
    inside = lambda k: np.where((k >= 0) & (k < len(e)), e[np.clip(k, 0, len(e) - 1)], 0.0)  # noqa: E731
    return (1 - t) * inside(lo) + t * inside(lo + 1)


#: The bell the edge profile is smoothed by, a standard deviation of this share of the pitch: a line's
#: edges within a few pixels of it (a bevel each side, a rule two pixels wide) merge into one bump.
BELL = 1 / 7
#: Least the sharp and the smoothed fits' lines may part (pixels), across a board's inner lines or at any one of
#: them, for the smoothed fit's to stand: less is the two fits agreeing.
SLID = 1.0
#: Least share of the sharp fit's score the smoothed fit's lines must keep for them to stand: lines on
#: the picture's edges keep most of it (JSMinesweeper's 0.84 to 0.87), lines in the gaps between tiles
#: little (GNOME Mines' unevenly sized cells, 0.16 to 0.40).
ON_EDGES = 0.75


def _smoothed(e: np.ndarray, pitch: float) -> np.ndarray:
    """The profile smoothed by a bell :data:`BELL` of a pitch wide (its standard deviation)."""
    sigma = max(1.0, BELL * pitch)
    half = int(np.ceil(3 * sigma))
    bell = np.exp(-0.5 * (np.arange(-half, half + 1) / sigma) ** 2)
    return np.convolve(e, bell / bell.sum(), mode="same")


def _best_lines(
    score: Callable[[np.ndarray], np.ndarray], offsets: np.ndarray, pitch: float, centre: float, given: float | None
) -> tuple[float, float]:
    """The pitch (``given``, or near ``pitch``) and middle line (near ``centre``) whose lines score best.

    ``score`` gives the profile's score at each place of an array; the lines stand ``offsets`` pitches from the
    middle one.  Coarse, then fine around the best, at a tenth of the work of the fine search alone.
    """
    slope = pitch
    for (p_span, p_step), (c_span, c_step) in (((0.6, 0.1), (2.0, 0.25)), ((0.1, 0.02), (0.25, 0.05))):
        pitches = np.arange(slope - p_span, slope + p_span + 1e-9, p_step) if given is None else np.asarray([given])
        centres = np.arange(centre - c_span, centre + c_span + 1e-9, c_step)
        at = centres[None, :, None] + offsets[None, None, :] * pitches[:, None, None]
        scores = score(at).sum(axis=2)
        i, j = np.unravel_index(int(np.argmax(scores)), scores.shape)
        slope, centre = float(pitches[i]), float(centres[j])
    return slope, centre


def find_axis(
    e: np.ndarray, whole: int, floor: float = 0.0, pitch: float | None = None, middles: bool = True
) -> Axis | None:
    """The cells along one axis from its edge profile ``e`` (``e[i]``: steps between pixels ``i`` and ``i + 1``),
    their pitch near ``whole`` pixels, or ``pitch`` itself where given.

    With ``middles``, a line drawn as several edges (a raised tile's bevels each side of the step between
    tiles) is placed at their middle where the fit on the edges alone slides along them (see
    :data:`SLID`); hexagons' sides, whose slanted edges fill the profile between them, are found without.
    """
    given = pitch
    wide = _spread(e)
    n = len(e)
    # Every (pitch, phase) at once: the lines each predicts, the mean edge share on them.
    pitches = np.arange(whole - 1.0, whole + 1.0001, 0.05)
    phases = np.arange(0.0, whole + 1.0, 0.5)
    k = np.arange(0, int(n / (whole - 1.0)) + 1)
    at = np.round(phases[None, :, None] + k[None, None, :] * pitches[:, None, None]).astype(int)
    valid = (at < n) & (phases[None, :, None] < pitches[:, None, None])
    scores = np.where(valid, wide[np.minimum(at, n - 1)], 0.0).sum(axis=2) / np.maximum(valid.sum(axis=2), 1)
    i, j = np.unravel_index(int(np.argmax(scores)), scores.shape)
    pitch, phase = float(pitches[i]), float(phases[j])
    k = np.arange(0, int((n - phase) / pitch) + 1)
    idx = np.round(phase + k * pitch).astype(int)
    keep = idx < n
    k, idx = k[keep], idx[keep]
    # A board's outer lines may be a frame drawn a few pixels off the cells' own: within a sixth of a
    # pitch still counts.
    reach = max(1, round(pitch / 6))
    padded = np.pad(e, reach)
    strength = np.max([padded[idx + reach + d] for d in range(-reach, reach + 1)], axis=0)
    top = np.sort(strength)[len(strength) // 2 :]
    threshold = max(floor, 0.3 * float(np.median(top)), 0.075 * float(strength.max()))
    strong = strength >= threshold
    # The board: the longest run of strong lines in a row.
    run, run_from, best_run, best_first = 0, 0, 0, 0
    for pos, is_strong in enumerate(strong.tolist()):
        if is_strong:
            if run == 0:
                run_from = pos
            run += 1
            if run > best_run:
                best_run, best_first = run, run_from
        else:
            run = 0
    if best_run < 2:
        return None
    lines = idx[best_first : best_first + best_run]
    # Then the pitch and phase to a tenth of a pixel, on the board's inner lines alone (its outer ones
    # are often a frame some pixels thick): the edges read between pixels, and each line counted as
    # the edges within half a pixel of it, so a tile's dark and light sides a pixel apart both count.
    count = len(lines) - 1
    inner = np.arange(1, count) if count >= 3 else np.arange(0, count + 1)
    # Lines placed from the middle one out, so that a change of pitch leaves the middle where it is.
    mid = float(inner.mean())
    offsets = inner - mid
    if given is not None:
        pitch = given
    first = float(lines[0]) + mid * pitch

    def sharp(at: np.ndarray) -> np.ndarray:
        return _sample(e, at - 0.5) + _sample(e, at) + _sample(e, at + 0.5)

    slope, centre = _best_lines(sharp, offsets, pitch, first, given)
    if middles and given is None and count >= 3:
        # The sharp fit can slide along a line drawn as several edges: a raised tile's bevel is two edges
        # a pixel or two each side of the step between tiles, and lines can drift from the step on one
        # side of the board to a bevel's far edge on the other (JSMinesweeper's 20 px tiles in a whole
        # window: 20.24 px for 20), or stand on one bevel all along where the other scores the same (its
        # 24 px tiles at 1x: the two edges of the dark bevel before the step or of the light one after it,
        # 2.5 px either side of it, whichever the board's open cells favour; a board found 2.5 px off both
        # ways is read as no cells).  The same fit on the profile smoothed by a bell counts each line's
        # edges as one bump at their middle, which a bevel on both sides leaves where it is.  Its lines
        # stand where the two fits part by a pixel or more, and only where they lie on
        # the picture's edges (not in the gaps between tiles that GNOME Mines sizes a pixel unevenly,
        # where neither even pitch fits and the middles fall between the edges).
        smooth = _smoothed(e, pitch)
        s_slope, s_centre = _best_lines(lambda at: _sample(smooth, at), offsets, pitch, first, None)
        # Apart by their pitches across the board, or by their lines' places at any one line.
        spread = abs(s_slope - slope) * float(offsets.max() - offsets.min())
        apart = max(spread, float(np.abs((s_centre + offsets * s_slope) - (centre + offsets * slope)).max()))
        on_edges = float(sharp(s_centre + offsets * s_slope).sum()) >= ON_EDGES * float(
            sharp(centre + offsets * slope).sum()
        )
        if apart >= SLID and on_edges:
            slope, centre = s_slope, s_centre
    intercept = centre - mid * slope
    # e[i] is the step between pixels i and i + 1: the cell starts at i + 1.
    return Axis(start=intercept + 1.0, pitch=slope, count=count)


def find_grid(gray: np.ndarray, edges: Edges | None = None) -> Grid | None:
    """The grid of square cells in a grey picture (rows x columns of floats), or None when none shows.

    Where the pitch the whole picture repeats at most gives no board three cells each way (a small board
    in a screenshot of a whole window, whose menus and buttons repeat at pitches of their own), each
    other pitch the picture repeats at is tried, and the board of most cells is kept whose two axes
    found the same pitch apart (:data:`OTHER_SQUARE`): a grid of square cells shows so, a list of
    buttons or lines of text does not.  That board's grid is then found again in the picture around it
    alone (:data:`AROUND` cells each side), where the window no longer pulls its pitch.
    """
    edges = Edges.of(gray) if edges is None else edges
    ex, ey = _profile(edges, 0), _profile(edges, 1)
    # Square cells repeat alike across and down: both profiles' autocorrelations, added, say the pitch
    # more surely than either (a counter above the board repeats down only).
    n = min(len(ex), len(ey))
    ac = _autocorrelation(ex)[:n] + _autocorrelation(ey)[:n]
    whole = _pitch(ac)
    if whole is None:
        return None
    found = _grid_at(edges, ex, ey, whole)
    grid = None if found is None else found[0]
    if grid is not None and min(grid.rows, grid.cols) >= FEW:
        return grid
    best: tuple[int, Grid] | None = None
    for pitch in _peaks(ac):
        other = _grid_at(edges, ex, ey, pitch) if pitch != whole else None
        if other is None or other[1] > OTHER_SQUARE or min(other[0].rows, other[0].cols) < FEW:
            continue
        cells = other[0].rows * other[0].cols
        if best is None or cells > best[0]:
            best = (cells, other[0])
    if best is None:
        return grid
    return _again_around(gray, best[1]) or best[1]


def _again_around(gray: np.ndarray, grid: Grid) -> Grid | None:
    """The grid found again in the part of the picture around ``grid`` alone, placed back in the whole picture.

    None where the part shows no grid three cells each way (the caller keeps the one it had).
    """
    reach = AROUND * max(grid.x.pitch, grid.y.pitch)
    x0, y0 = max(0, int(grid.x.start - reach)), max(0, int(grid.y.start - reach))
    x1, y1 = min(gray.shape[1], int(np.ceil(grid.x.end + reach))), min(gray.shape[0], int(np.ceil(grid.y.end + reach)))
    part = gray[y0:y1, x0:x1]
    edges = Edges.of(part)
    ex, ey = _profile(edges, 0), _profile(edges, 1)
    n = min(len(ex), len(ey))
    whole = _pitch(_autocorrelation(ex)[:n] + _autocorrelation(ey)[:n])
    found = None if whole is None else _grid_at(edges, ex, ey, whole)
    if found is None or min(found[0].rows, found[0].cols) < FEW:
        return None
    return Grid(x=_moved(found[0].x, x0), y=_moved(found[0].y, y0))


def _moved(axis: Axis, by: float) -> Axis:
    """The axis moved ``by`` pixels along itself."""
    return Axis(axis.start + by, axis.pitch, axis.count, tuple(v + by for v in axis.lines))


#: Cells of the picture each side of a board found at another pitch that its grid is found again in (fewer cut
#: a 9x9 board of JSMinesweeper in its whole window a row short).
AROUND = 3
#: Fewest cells each way of a board found at the pitch the picture repeats at most, before others are tried.
FEW = 3
#: Most two pitches found apart on a grid's two axes (pixels) may differ for a grid at another pitch to stand: a
#: board in a whole window is found within a pixel (32.67 and 32 px, the window's own lines pulling one),
#: buttons and text lines further apart or too few to make three cells each way.
OTHER_SQUARE = 1.0


def _grid_at(edges: Edges, ex: np.ndarray, ey: np.ndarray, whole: int) -> tuple[Grid, float] | None:
    """The grid at a pitch near ``whole`` pixels, and how far apart the pitches its two axes found on their own were."""
    x = find_axis(ex, whole)
    y = find_axis(ey, whole)
    if x is None or y is None or x.count < 1 or y.count < 1:
        return None
    # Again with each axis's edges counted only across the board the other axis found: the rest of
    # the picture (a frame, a counter, a window's title) no longer adds its own lines.
    y0, y1 = max(0, int(y.start)), int(np.ceil(y.end))
    x0, x1 = max(0, int(x.start)), int(np.ceil(x.end))
    # A line between cells is an edge along most of the board; a little under half of it is a safe floor.
    x2 = find_axis(_profile(edges, 0, y0, y1), whole, floor=0.45)
    y2 = find_axis(_profile(edges, 1, x0, x1), whole, floor=0.45)
    if x2 is None or y2 is None or x2.count < 1 or y2.count < 1:
        return None
    ex, ey = _profile(edges, 0, y0, y1), _profile(edges, 1, x0, x1)
    apart = abs(x2.pitch - y2.pitch)
    if apart > SQUARE:
        x2, y2 = _one_pitch(ex, ey, whole, x2, y2)
    x3 = _placed(ex, x2)
    y3 = _placed(ey, y2)
    grid = _lined(edges, Grid(x=x3, y=y3))
    if (grid.rows, grid.cols) != (y3.count, x3.count) and min(grid.rows, grid.cols) >= FEW:
        # Rows or columns without lines were dropped (a window's bars above a board, whose lines ran on at
        # nearly its pitch): their lines pulled the pitch the board's were fitted at (KMines at 1x: 29.6 px for
        # 29).  Fitted again on the board's own lines alone.
        again = _refit(edges, whole, grid)
        if again is not None and _same_cells(again, grid):
            return again, apart
    return grid, apart


def _same_cells(a: Grid, b: Grid) -> bool:
    """Whether two grids hold the same cells: as many each way, their outer lines within an eighth of a cell."""
    if (a.rows, a.cols) != (b.rows, b.cols):
        return False
    return all(
        abs(p.start - q.start) <= q.pitch / 8 and abs(p.end - q.end) <= q.pitch / 8 for p, q in ((a.x, b.x), (a.y, b.y))
    )


def _refit(edges: Edges, whole: int, grid: Grid) -> Grid | None:
    """The grid's axes found again from the edges inside it alone (half a cell around it), or None where none is."""

    def inside(e: np.ndarray, axis: Axis) -> np.ndarray:
        lo, hi = int(axis.start - axis.pitch / 2), int(np.ceil(axis.end + axis.pitch / 2))
        out = np.zeros_like(e)
        out[max(0, lo) : max(0, hi)] = e[max(0, lo) : max(0, hi)]
        return out

    y0, y1 = max(0, int(grid.y.start)), int(np.ceil(grid.y.end))
    x0, x1 = max(0, int(grid.x.start)), int(np.ceil(grid.x.end))
    ex, ey = inside(_profile(edges, 0, y0, y1), grid.x), inside(_profile(edges, 1, x0, x1), grid.y)
    x = find_axis(ex, whole, floor=0.45)
    y = find_axis(ey, whole, floor=0.45)
    if x is None or y is None or x.count < 1 or y.count < 1:
        return None
    if abs(x.pitch - y.pitch) > SQUARE:
        x, y = _one_pitch(ex, ey, whole, x, y)
    return _lined(edges, Grid(x=_placed(ex, x), y=_placed(ey, y)))


#: Most two pitches of a grid of square cells, found apart on its two axes, may differ (pixels) and both stand.
SQUARE = 0.02


def _fit(e: np.ndarray, axis: Axis) -> float:
    """How strongly the profile shows the axis's inner lines: the mean edge share on and half a pixel beside them."""
    at = axis.start - 1.0 + np.arange(1, max(2, axis.count)) * axis.pitch
    return float((_sample(e, at - 0.5) + _sample(e, at) + _sample(e, at + 0.5)).mean())


def _one_pitch(ex: np.ndarray, ey: np.ndarray, whole: int, x: Axis, y: Axis) -> tuple[Axis, Axis]:
    """Both axes at the one of their two pitches whose lines both profiles show more strongly.

    Square cells are as wide as they are tall; an axis whose tiles have bevels (Minesweeper Arbiter's
    raised tiles, a light and a dark edge two pixels each) shows edges all along its lines' sides, and its
    own fitted pitch can stray (16.19 pixels against 16 across, three pixels off by the board's far side).
    Each axis's share is taken relative to its own best, so that a sharp axis does not outweigh a soft one.
    """
    best: tuple[float, Axis, Axis] | None = None
    own = (_fit(ex, x), _fit(ey, y))
    for pitch in (x.pitch, y.pitch):
        x2 = x if pitch == x.pitch else find_axis(ex, whole, floor=0.45, pitch=pitch)
        y2 = y if pitch == y.pitch else find_axis(ey, whole, floor=0.45, pitch=pitch)
        if x2 is None or y2 is None or (x2.count, y2.count) != (x.count, y.count):
            continue
        score = _fit(ex, x2) / max(own[0], 1e-9) + _fit(ey, y2) / max(own[1], 1e-9)
        if best is None or score > best[0]:
            best = (score, x2, y2)
    return (x, y) if best is None else (best[1], best[2])


def _placed(e: np.ndarray, axis: Axis) -> Axis:
    """The axis with each of its lines placed where the picture draws it, near where the pitch puts it.

    A line between cells shows in the edge profile as a pattern (a tile's two sides a gap apart, an open
    cell's one rule) that repeats at every line; the pattern is the profile's mean around the lines the
    even pitch puts.  The middle line is placed first, where the profile matches the pattern best near
    where the even pitch puts it, then each next line outwards near a pitch from the one placed before it:
    a pixel more or less per cell adds up over a board, a pitch found from all the lines stays within a
    pixel of any one.  A board's outermost lines are often a frame drawn off the cells' own: they are
    placed as far beyond their neighbours as the cells next to them are wide.
    """
    if axis.count < 3:
        return axis
    step = 0.25
    reach = max(1.0, axis.pitch / 8)
    shifts = np.arange(-reach, reach + step / 2, step)
    around = np.arange(-axis.pitch / 4, axis.pitch / 4 + step / 2, step)
    inner = np.arange(1, axis.count)
    at = axis.start + inner * axis.pitch - 1.0  # e[i] is the step between pixels i and i + 1
    pattern = _sample(e, at[:, None] + around[None, :]).mean(axis=0)
    pattern = pattern - pattern.mean()
    if not np.any(pattern > 0):
        return axis

    def place(near: float) -> float:
        scores = _sample(e, near + shifts[:, None] + around[None, :]) @ pattern
        i = int(np.argmax(scores))
        if 0 < i < len(shifts) - 1:
            # Between the shifts tried: the top of the parabola through the best and its two neighbours.
            left, mid, right = scores[i - 1], scores[i], scores[i + 1]
            bend = left - 2 * mid + right
            return near + shifts[i] + (0.5 * (left - right) / bend * step if bend < 0 else 0.0)
        return near + shifts[i]

    moved = np.empty(len(at))
    middle = len(at) // 2
    moved[middle] = place(at[middle])
    for j in range(middle + 1, len(at)):
        moved[j] = place(moved[j - 1] + axis.pitch)
    for j in range(middle - 1, -1, -1):
        moved[j] = place(moved[j + 1] - axis.pitch)
    moved += 1.0
    # Lines that stray from one even pitch by under :data:`EVEN` are its lines moved by the cells' own looks
    # (a raised tile's light and dark sides pull the match a pixel off an open cell's rule), not a game sizing
    # its cells unevenly: the even pitch through them all places them better.
    k = np.arange(1, axis.count)
    pitch, start = np.polyfit(k, moved, 1)
    if float(np.abs(moved - (start + k * pitch)).max()) < EVEN:
        return Axis(start=float(start), pitch=float(pitch), count=axis.count)
    # A game sizing its cells unevenly draws each within a pixel of the pitch (GNOME Mines' 34 px, then 33 px); a
    # step between two lines placed further off is a line misplaced: a run of open cells beside covered ones
    # matches the pattern of the lines a pixel off at the line between them (JSMinesweeper's 24 px tiles: 1.1 px
    # either way at two lines, cells 23 and 26 px tall).  Two such lines at most, where the rest stand even.
    if float(np.abs(np.diff(moved) - axis.pitch).max()) > EVEN and len(k) >= OUTLIERS + 4:
        inliers = np.ones(len(k), dtype=bool)
        for _ in range(OUTLIERS):
            pitch, start = np.polyfit(k[inliers], moved[inliers], 1)
            off = np.where(inliers, np.abs(moved - (start + k * pitch)), -1.0)
            inliers[int(np.argmax(off))] = False
        pitch, start = np.polyfit(k[inliers], moved[inliers], 1)
        if float(np.abs(moved[inliers] - (start + k[inliers] * pitch)).max()) < EVEN / 2:
            return Axis(start=float(start), pitch=float(pitch), count=axis.count)
    lines = (0.0, *moved.tolist(), 0.0)
    return _outermost(Axis(start=0.0, pitch=axis.pitch, count=axis.count, lines=lines))


#: Most placed lines that may stray from an even pitch the others stand on within half of :data:`EVEN`, for the
#: lines to stand even all the same.
OUTLIERS = 2
#: Least a placed line may stray from the even pitch through all of them (pixels) for the lines to stand as
#: placed: GNOME Mines at 1.5x and 2x sizes its cells a pixel unevenly, its lines straying 1.3 to 3.7 px;
#: JSMinesweeper's raised tiles pull the lines beside them up to 0.9 px off the even pitch its canvas draws.
EVEN = 1.0


def _outermost(axis: Axis) -> Axis:
    """The axis with its two outermost lines placed as far beyond the next ones in as the cells beside them are wide.

    A board's outermost lines are often a frame drawn off the cells' own, or blurred into what lies
    beside the board: its inner lines say better where its outer cells end.
    """
    if axis.count < 3 or not axis.lines:
        return axis
    inner = axis.lines[1:-1]
    lines = (2 * inner[0] - inner[1], *inner, 2 * inner[-1] - inner[-2])
    return Axis(start=lines[0], pitch=axis.pitch, count=axis.count, lines=lines)


def _lined(edges: Edges, grid: Grid) -> Grid:
    """The grid less its outer rows and columns that have no lines between their cells.

    Every row of a board has a line (a tile's edge, an open cell's rule) between each two of its
    cells; a band beside the board that happens to lie a pitch away (the gap under a counter) has none,
    however much its plain colour looks like an open cell's.
    """

    def lines_across(axis: Axis, other: Axis, profile_axis: int) -> list[float]:
        shares = []
        for i in range(axis.count):
            lo, hi = axis.bounds(i)
            inset = max(1, (hi - lo) // 5)
            if hi - inset <= lo + inset:
                shares.append(0.0)
                continue
            wide = _spread(_profile(edges, profile_axis, max(0, lo + inset), max(0, hi - inset)))
            at = [round(other.line(k)) - 1 for k in range(1, other.count)]
            at = [k for k in at if 0 <= k < len(wide)]
            shares.append(float(np.mean([wide[k] > 0.5 for k in at])) if at else 1.0)
        return shares

    rows = lines_across(grid.y, grid.x, 0)
    cols = lines_across(grid.x, grid.y, 1)
    top, bottom = 0, grid.rows
    while bottom - top > 1 and rows[top] < 0.5:
        top += 1
    while bottom - top > 1 and rows[bottom - 1] < 0.5:
        bottom -= 1
    left, right = 0, grid.cols
    while right - left > 1 and cols[left] < 0.5:
        left += 1
    while right - left > 1 and cols[right - 1] < 0.5:
        right -= 1
    return Grid(x=grid.x.part(left, right - left), y=grid.y.part(top, bottom - top))


def cut_sides(gray: np.ndarray, grid: Grid) -> list[str]:
    """The sides of the picture that cut the board: where the lines between its cells run on past its last cells.

    Beyond a whole board's edge there is a frame or a background; beyond a board the picture cuts,
    its rows' (or columns') lines go on into the strip up to the picture's edge.
    """
    sides = []
    ys = [round(grid.y.line(k)) - 1 for k in range(1, grid.rows)]
    xs = [round(grid.x.line(k)) - 1 for k in range(1, grid.cols)]
    strips = {
        "left": (gray[:, : max(0, int(grid.x.start) - 2)], ys, 1),
        "right": (gray[:, int(np.ceil(grid.x.end)) + 2 :], ys, 1),
        "top": (gray[: max(0, int(grid.y.start) - 2), :], xs, 0),
        "bottom": (gray[int(np.ceil(grid.y.end)) + 2 :, :], xs, 0),
    }
    for side, (strip, lines, axis) in strips.items():
        if strip.shape[axis] < 2 or not lines:
            continue
        steps = np.abs(np.diff(strip, axis=1 - axis)) > STEP
        share = steps.mean(axis=axis)
        share = _spread(share)
        # Only the strip across the board: beside it the picture holds anything.
        lo, hi = (grid.y.start, grid.y.end) if axis == 1 else (grid.x.start, grid.x.end)
        on = [share[k] for k in lines if 0 <= k < len(share)]
        off = [
            share[int(v)]
            for v in np.arange(lo + 0.5 * (hi - lo) / max(1, len(lines) + 1), hi, (hi - lo) / max(1, len(lines) + 1))
            if 0 <= int(v) < len(share)
        ]
        if on and float(np.median(on)) > 0.6 and float(np.median(on)) > 2 * float(np.median(off) if off else 0.0):
            sides.append(side)
    return sides
