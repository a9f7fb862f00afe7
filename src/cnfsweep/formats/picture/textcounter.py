"""The mines counter some skins write as text beside the board: the flags placed over the mines, ``3/10``.

KMines' status bar says "Mines: 3/10", GNOME Mines writes "0/10" under a flag beside the board, Tatham's
Mines' status bar "Marked: 1 / 40": each the flags placed, a slash, and the mines.  Such a counter is
found by its slash: the picture's dark ink on a light ground is cut into its connected blobs (the board
left out), a blob that is one thin stroke leaning right as it rises is a slash, and the number on each
side of it is the run of blobs of one height standing next to it, a word's gap at most from it and each
a digit's gap from the next.  Each digit is compared with the digit pictures learnt (``cells.npz``, made by
``python -m benchmarks picture-train`` from screenshots whose counter is known); a number with a digit like
none of them, or about as near two, is no number, and the counter is not read.  Works on numpy arrays only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cnfsweep.formats.picture.counter import GLYPH
from cnfsweep.formats.picture.shrink import shrink

__all__ = ["Blob", "TextCounter", "blobs", "find_text_counters", "ink_mask", "number_glyphs", "read_text_counter"]

#: Grey (0-255) darker than which a pixel may be ink, and lighter than which it is the ground.
DARK = 195
LIGHT = 215
#: Ink has the ground within this many pixels: a stroke of text does, the inside of a dark area does not.
REACH = 2
#: Fewest and most pixels a digit or slash stands tall: a status bar's text is some 9-12 px tall at 100%.
LOW, HIGH = 6, 60
#: Most a slash leans (its ink's middle moves across per pixel down, leftward) and least.
LEAN = (0.15, 0.7)
#: Widest a slash's stroke is across in a row, a share of its height (a 7's or 4's bar is wider).
STROKE = 0.35
#: Widest gap between the slash and a number's digit next to it, a share of the digits' height: a
#: space's width and the side bearings, "0 / 40" (a space is some 0.45 of a digit's height).
SLASH_GAP = 0.8
#: Widest gap between two digits of a number, and narrowest between a number and a blob not of it:
#: digits stand some 0.1-0.3 of their height apart, words a space apart.
DIGIT_GAP = 0.35
#: Furthest (root mean square, ink shares 0-1) a digit may lie from its nearest known picture and be read.
FAR = 0.15
#: Least confidence (nearest other digit's distance over the sum of both) a digit is read with.
SURE = 0.65


@dataclass(frozen=True)
class Blob:
    """A connected run of ink: its box (left, top, right, bottom, the last two past its end) and its rows' runs."""

    left: int
    top: int
    right: int
    bottom: int
    runs: tuple[tuple[int, int, int], ...]
    """Each run of ink as (row, first column, column past the last)."""

    @property
    def height(self) -> int:
        """Its rows, top to bottom."""
        return self.bottom - self.top

    @property
    def width(self) -> int:
        """Its columns, left to right."""
        return self.right - self.left


@dataclass(frozen=True)
class TextCounter:
    """A text counter read: the flags and the mines it says, its box, and the least sure digit's confidence."""

    flags: int
    mines: int
    box: tuple[int, int, int, int]
    confidence: float

    @property
    def value(self) -> int:
        """What a classic counter would show: the mines less the flags."""
        return self.mines - self.flags


def _grown(mask: np.ndarray, reach: int) -> np.ndarray:
    """``mask`` grown by ``reach`` pixels every way (a square about each True pixel)."""
    out = mask.copy()
    for step in range(1, reach + 1):
        out[:, step:] |= mask[:, :-step]
        out[:, :-step] |= mask[:, step:]
    across = out.copy()
    for step in range(1, reach + 1):
        out[step:] |= across[:-step]
        out[:-step] |= across[step:]
    return out


def ink_mask(gray: np.ndarray) -> np.ndarray:
    """The pixels of dark ink on a light ground: darker than :data:`DARK`, the ground within :data:`REACH`.

    A dark area (a black border, the desktop round a window) is ink only along its edge, in blobs too big
    for text.
    """
    return (gray < DARK) & _grown(gray > LIGHT, REACH)


def _roots(count: int, upper: np.ndarray, lower: np.ndarray) -> np.ndarray:
    """Each of ``count`` nodes' component, as its least member, joined along the edges ``upper``-``lower``.

    Hooks each edge's two roots to the lesser, then follows pointers to the roots, until nothing moves:
    a few rounds, each a handful of array operations, where a loop over the runs would take a Python
    step for each of tens of thousands.
    """
    label = np.arange(count)
    while True:
        a, b = label[upper], label[lower]
        least = np.minimum(a, b)
        hooked = label.copy()
        np.minimum.at(hooked, a, least)
        np.minimum.at(hooked, b, least)
        while True:
            deeper = hooked[hooked]
            if np.array_equal(deeper, hooked):
                break
            hooked = deeper
        if np.array_equal(hooked, label):
            return label
        label = hooked


def blobs(mask: np.ndarray, least: int = LOW, most: int = HIGH, origin: tuple[int, int] = (0, 0)) -> list[Blob]:
    """The blobs of ``mask`` from ``least`` to ``most`` pixels tall and at most twice ``most`` wide.

    A blob is the runs of True along rows, joined where runs in rows next to each other overlap.  Its places
    are given from ``origin`` (the row and column of the mask's first pixel in a larger picture).
    """
    height, width = mask.shape
    # Only the rows with ink, and each edge of a run found once: most of a screenshot is ground.
    inked = np.flatnonzero(mask.any(axis=1))
    if len(inked) == 0:
        return []
    padded = np.zeros((len(inked), width + 2), dtype=bool)
    padded[:, 1:-1] = mask[inked]
    row, at = np.nonzero(padded[:, 1:] != padded[:, :-1])
    # Edges alternate along a row, a start then an end: the even ones start runs, the odd ones end them.
    ys, starts, ends = inked[row[0::2]], at[0::2], at[1::2]
    # A run overlaps the runs of the next row from the first that ends past its start to the last that
    # starts before its end: both found at once by searching the runs' places numbered row by row.
    line = width + 2
    start_key, end_key = ys * line + starts, ys * line + ends
    first = np.searchsorted(end_key, (ys + 1) * line + starts, side="right")
    last = np.searchsorted(start_key, (ys + 1) * line + ends, side="left")
    many = np.maximum(last - first, 0)
    upper = np.repeat(np.arange(len(ys)), many)
    lower = np.repeat(first, many) + (np.arange(many.sum()) - np.repeat(np.cumsum(many) - many, many))
    label = _roots(len(ys), upper, lower)
    top = np.full(len(ys), height)
    bottom = np.zeros(len(ys), dtype=np.int64)
    left = np.full(len(ys), width)
    right = np.zeros(len(ys), dtype=np.int64)
    np.minimum.at(top, label, ys)
    np.maximum.at(bottom, label, ys + 1)
    np.minimum.at(left, label, starts)
    np.maximum.at(right, label, ends)
    tall = bottom - top
    kept = np.flatnonzero((tall >= least) & (tall <= most) & (right - left <= 2 * most) & (tall > 0))
    keep = np.zeros(len(ys), dtype=bool)
    keep[kept] = True
    members = np.flatnonzero(keep[label])
    order = members[np.argsort(label[members], kind="stable")]
    groups = np.split(order, np.flatnonzero(np.diff(label[order])) + 1) if len(order) else []
    dy, dx = origin
    out = []
    for group in groups:
        root = int(label[group[0]])
        runs = zip((ys[group] + dy).tolist(), (starts[group] + dx).tolist(), (ends[group] + dx).tolist(), strict=True)
        out.append(
            Blob(
                left=int(left[root]) + dx,
                top=int(top[root]) + dy,
                right=int(right[root]) + dx,
                bottom=int(bottom[root]) + dy,
                runs=tuple(runs),
            )
        )
    return out


def is_slash(blob: Blob) -> bool:
    """Whether a blob is a slash: a thin stroke, one run a row, its middle moving left as it goes down."""
    h = blob.height
    if not LOW <= h <= HIGH or not 0.2 * h <= blob.width <= 0.8 * h or len(blob.runs) != h:
        return False  # a row without ink or with two strokes across it: no single stroke
    runs = np.asarray(sorted(blob.runs), dtype=float)
    if runs[:, 0].tolist() != list(range(blob.top, blob.bottom)):
        return False
    if (runs[:, 2] - runs[:, 1]).max() > max(3.0, STROKE * h):
        return False
    ys, middles = runs[:, 0] - runs[:, 0].mean(), (runs[:, 1] + runs[:, 2]) / 2
    slope = float((ys * (middles - middles.mean())).sum() / (ys * ys).sum())
    return LEAN[0] <= -slope <= LEAN[1]


def _same_line(a: Blob, b: Blob, tolerance: float) -> bool:
    """Whether two blobs stand on one line at one height: their tops and bottoms within ``tolerance``."""
    return abs(a.top - b.top) <= tolerance and abs(a.bottom - b.bottom) <= tolerance


def _overlap_rows(a: Blob, b: Blob) -> int:
    """How many rows two blobs share."""
    return min(a.bottom, b.bottom) - max(a.top, b.top)


def _gap(edge: Blob, b: Blob, leftward: bool) -> int:
    """How far blob ``b`` stands past ``edge`` on the left (or the right)."""
    return edge.left - b.right if leftward else b.left - edge.right


def _number(slash: Blob, others: list[Blob], leftward: bool) -> list[Blob] | None:
    """The digits of the number beside a slash (on its left or right), left to right; None if there is none.

    The blob nearest the slash on that side, a word's gap at most away, sets the digits' height; the
    number runs on while the next blob stands at that height a digit's gap away.  None where the next
    blob past the number stands nearer than a word's gap but not at that height: the number would be part
    of a longer word.
    """
    reach = 0.25 * slash.height  # a slash's foot or head may reach over its neighbour's side
    side = [
        b
        for b in others
        if b is not slash
        and _overlap_rows(b, slash) >= 0.5 * b.height
        and (b.right <= slash.left + reach if leftward else b.left >= slash.right - reach)
    ]
    if not side:
        return None
    first = min(side, key=lambda b: _gap(slash, b, leftward))
    height = first.height
    if not (LOW <= height <= slash.height + 2) or _gap(slash, first, leftward) > SLASH_GAP * height:
        return None
    tolerance = max(1.0, 0.1 * height)
    number = [first]
    while True:
        edge = number[-1]
        near = [
            b
            for b in others
            if b is not slash and b not in number and _overlap_rows(b, edge) > 0 and _gap(edge, b, leftward) >= -1
        ]
        if not near:
            break
        nxt = min(near, key=lambda b: _gap(edge, b, leftward))
        if _gap(edge, nxt, leftward) > DIGIT_GAP * height:
            break
        if not _same_line(nxt, first, tolerance):
            return None  # a blob a digit's gap on that is no digit: the number is part of a word
        number.append(nxt)
    return sorted(number, key=lambda b: b.left)


def find_text_counters(gray: np.ndarray, board: tuple[int, int, int, int]) -> list[tuple[list[Blob], list[Blob]]]:
    """The numbers either side of each slash in the picture outside ``board`` (left, top, right, bottom)."""
    # Only where there is light ground: a screenshot of the whole screen is mostly the desktop round a window.
    light = gray > LIGHT
    rows, cols = np.flatnonzero(light.any(axis=1)), np.flatnonzero(light.any(axis=0))
    if len(rows) == 0:
        return []
    y0, y1, x0, x1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
    mask = (gray[y0:y1, x0:x1] < DARK) & _grown(light[y0:y1, x0:x1], REACH)
    left, top, right, bottom = board
    mask[max(0, top - y0) : max(0, bottom - y0), max(0, left - x0) : max(0, right - x0)] = False
    every = blobs(mask, origin=(y0, x0))
    out = []
    for slash in (b for b in every if is_slash(b)):
        near = [
            b for b in every if abs(b.top - slash.top) <= slash.height and abs(b.left - slash.left) <= 8 * slash.height
        ]
        flags, mines = _number(slash, near, leftward=True), _number(slash, near, leftward=False)
        if flags is not None and mines is not None:
            out.append((flags, mines))
    return out


def number_glyphs(gray: np.ndarray, digits: list[Blob]) -> list[np.ndarray]:
    """Each digit's picture: its ink share (0-1) over :data:`~cnfsweep.formats.picture.counter.GLYPH` pixels.

    Ink is the grey's depth below the ground, the darkest pixel of the number being all ink, over the
    digit's own blob and a pixel round it (a neighbour's ink left out); each is cut the number's height
    tall and 0.9 of it wide about its middle, so a 1 keeps its width against a 0's.
    """
    top = min(b.top for b in digits)
    bottom = max(b.bottom for b in digits)
    height = bottom - top
    half = 0.45 * height
    pad = int(np.ceil(half)) + 2
    y0, y1 = max(0, top - 1), min(gray.shape[0], bottom + 1)
    x0, x1 = max(0, digits[0].left - pad), min(gray.shape[1], digits[-1].right + pad)
    area = gray[y0:y1, x0:x1].astype(np.float32)
    ground, deepest = float(np.percentile(area, 75)), float(area.min())
    if ground - deepest < 40:
        return []
    ink = np.clip((ground - area) / (ground - deepest), 0.0, 1.0)
    out = []
    for blob in digits:
        own = np.zeros(area.shape, dtype=bool)
        for y, a, b in blob.runs:
            own[y - y0, a - x0 : b - x0] = True
        # A pixel round the blob: the antialiased edge of its strokes, lighter than the ink threshold.
        grown = own.copy()
        grown[1:] |= own[:-1]
        grown[:-1] |= own[1:]
        grown[:, 1:] |= grown[:, :-1].copy()
        grown[:, :-1] |= grown[:, 1:].copy()
        mine = np.pad(ink * grown, ((0, 0), (pad, pad)))
        middle = pad + (blob.left + blob.right) / 2 - x0
        glyph = shrink(mine, (middle - half, top - y0, middle + half, bottom - y0), GLYPH)
        out.append(glyph.reshape(-1))
    return out


def _read_number(glyphs: list[np.ndarray], known: np.ndarray, labels: np.ndarray) -> tuple[int, float] | None:
    """The number the glyphs spell and the least sure digit's confidence, or None for a glyph like no digit."""
    if not glyphs:
        return None
    classes = sorted(set(labels.tolist()))
    text, least = "", 1.0
    for glyph in glyphs:
        dist = np.sqrt(((known - glyph) ** 2).mean(axis=1))
        per_class = sorted((float(dist[labels == k].min()), str(k)) for k in classes)
        best, letter = per_class[0]
        other = per_class[1][0] if len(per_class) > 1 else None
        confidence = 1.0 if other is None or best + other == 0 else other / (best + other)
        if best > FAR or confidence < SURE or not letter.isdigit():
            return None
        text += letter
        least = min(least, confidence)
    return int(text), least


def read_text_counter(
    gray: np.ndarray, board: tuple[int, int, int, int], known: np.ndarray, labels: np.ndarray
) -> TextCounter | None:
    """The text counter beside the board, read against the known digits; None unless exactly one reads.

    ``board`` is the grid's box (left, top, right, bottom), left out of the search: its numbers are cells.
    """
    if len(known) == 0:
        return None
    read = []
    for flags, mines in find_text_counters(gray, board):
        a = _read_number(number_glyphs(gray, flags), known, labels)
        b = _read_number(number_glyphs(gray, mines), known, labels)
        if a is None or b is None or a[0] > b[0]:
            continue
        box = (flags[0].left, min(x.top for x in flags + mines), mines[-1].right, max(x.bottom for x in flags + mines))
        read.append(TextCounter(flags=a[0], mines=b[0], box=box, confidence=min(a[1], b[1])))
    return read[0] if len(read) == 1 else None
