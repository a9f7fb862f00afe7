"""The mines counter above a board: an LED box (dark red, bright red digits) found by its colours, its digits read.

cnfsweep's page draws the classic game's two counters above the board, mines left at the left and the
time at the right, each a dark red box with bright red digits.  Such a box is found as a block of
pixels that are all of the LED's colours (dark red to bright red, little green or blue), above the
grid; the leftmost one is the mines counter.  Its digits are split by the columns without ink between
them and each is compared with the digit pictures of ``cells.npz`` (made by ``python -m benchmarks
picture-train`` from screenshots whose counter is known).  Works on numpy arrays only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cnfsweep.formats.picture.shrink import shrink

__all__ = ["GLYPH", "Counter", "digit_glyphs", "find_counter", "led_boxes", "read_counter"]

#: A digit is compared as this many pixels wide and tall (its share of ink in each).
GLYPH = (8, 12)
#: Furthest (root mean square, ink shares 0-1) a digit may lie from its nearest known picture and be read.
FAR = 0.2
#: Least confidence (nearest other digit's distance over the sum of both) a digit is read with.
SURE = 0.6
#: Narrowest run of inked columns (a share of the digits' height) that is a glyph: a 1's stem is some 0.3.
NARROW = 0.12
#: Widest run of inked columns (a share of the digits' height) that is one glyph: the page's digits are
#: 0.6-0.7 of their height wide and stand 0.8-0.87 apart, so two run together are some 1.5.
WIDE = 0.85
#: Least share of a box's rows and columns that are LED colours all along for the box to be a counter.
SOLID = 0.9


@dataclass(frozen=True)
class Counter:
    """A counter read: its value, its box (left, top, right, bottom in pixels) and the least sure digit's confidence."""

    value: int
    box: tuple[int, int, int, int]
    confidence: float


def _led(rgb: np.ndarray) -> np.ndarray:
    """Pixels of an LED's colours: red from dark to bright, with little green or blue."""
    r, g, b = (rgb[..., i].astype(np.int16) for i in range(3))
    # A compressed picture's dark red drifts towards grey (26,0,0 to 25,13,17): a margin of 6 keeps it, greys drop.
    return (r >= 12) & (r - np.maximum(g, b) >= 6) & (np.maximum(g, b) <= 90)


def _runs(on: np.ndarray, least: int) -> list[tuple[int, int]]:
    """The runs ``[start, end)`` of True at least ``least`` long."""
    padded = np.concatenate([[False], on, [False]]).astype(np.int8)
    steps = np.flatnonzero(np.diff(padded))
    return [(int(a), int(b)) for a, b in zip(steps[0::2], steps[1::2], strict=True) if b - a >= least]


def led_boxes(rgb: np.ndarray, least: int = 12) -> list[tuple[int, int, int, int]]:
    """The LED boxes in a picture, left to right: blocks of LED pixels at least ``least`` pixels each way."""
    led = _led(rgb)
    boxes = []
    # Rows with at least ``least`` LED pixels; bands of such rows; in a band, the columns LED nearly all down it.
    for top, bottom in _runs(led.sum(axis=1) >= least, least):
        band = led[top:bottom]
        for left, right in _runs(band.mean(axis=0) >= SOLID, least):
            block = band[:, left:right]
            if block.mean() >= SOLID:
                boxes.append((left, top, right, bottom))
    # A box split by a column of blurred ink is one box: its parts stand side by side, a few pixels apart.
    merged: list[tuple[int, int, int, int]] = []
    for box in sorted(boxes):
        last = merged[-1] if merged else None
        if last is not None and _beside(last, box):
            merged[-1] = (last[0], min(last[1], box[1]), box[2], max(last[3], box[3]))
        else:
            merged.append(box)
    return merged


def _beside(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Whether box ``b`` continues box ``a`` to its right: rows nearly all shared, the gap under a quarter of a height."""
    height = max(a[3] - a[1], b[3] - b[1])
    shared = min(a[3], b[3]) - max(a[1], b[1])
    return shared >= 0.8 * height and 0 <= b[0] - a[2] <= 0.25 * height


def digit_glyphs(rgb: np.ndarray, box: tuple[int, int, int, int]) -> list[np.ndarray]:
    """The glyphs in an LED box, left to right, each its ink share over :data:`GLYPH` pixels.

    Ink is the red channel's height between the box's background and its brightest pixel.  All the
    glyphs share the box's band of inked rows, so a minus sign stays a bar in the middle; each is cut a
    width of 0.8 of that band about its middle, as wide as a monospaced digit.
    """
    left, top, right, bottom = box
    red = rgb[top:bottom, left:right, 0].astype(np.float32)
    lo, hi = float(np.median(red)), float(red.max())
    if hi - lo < 40:
        return []
    ink = np.clip((red - lo) / (hi - lo), 0.0, 1.0)
    inked_rows = _runs(ink.max(axis=1) > 0.5, 1)
    if not inked_rows:
        return []
    y0, y1 = inked_rows[0][0], inked_rows[-1][1]
    if ink[:, :2].max() > 0.5 or ink[:, -2:].max() > 0.5:
        return []  # ink against the box's side: the box was found short of a glyph, no telling what it cut off
    height = y1 - y0
    half = 0.4 * height
    # Padded by a glyph's half width each side, so that a glyph against the box's edge is cut whole.
    pad = int(np.ceil(half)) + 1
    window = np.pad(ink[y0:y1], ((0, 0), (pad, pad)))
    glyphs = []
    for a, b in _runs(ink[y0:y1].max(axis=0) > 0.5, 1):
        if b - a < NARROW * height:
            continue  # a speck (a compressed picture's ringing), no stroke of a digit
        if b - a > WIDE * height:
            return []  # digits run together (a blurred picture): no telling how many, so none is read
        middle = pad + (a + b) / 2
        glyphs.append(shrink(window, (middle - half, 0, middle + half, height), GLYPH).reshape(-1))
    return glyphs


def read_counter(
    rgb: np.ndarray, box: tuple[int, int, int, int], known: np.ndarray, labels: np.ndarray
) -> Counter | None:
    """The number an LED box shows, or None where a glyph is like no known digit or about as near two."""
    glyphs = digit_glyphs(rgb, box)
    if not glyphs or len(known) == 0:
        return None
    text, least = "", 1.0
    classes = sorted(set(labels.tolist()))
    for glyph in glyphs:
        dist = np.sqrt(((known - glyph) ** 2).mean(axis=1))
        per_class = sorted((float(dist[labels == k].min()), k) for k in classes)
        best, letter = per_class[0]
        other = per_class[1][0] if len(per_class) > 1 else float("inf")
        confidence = other / (best + other) if best + other > 0 else 1.0
        if best > FAR or confidence < SURE:
            return None
        text += letter
        least = min(least, confidence)
    if not (text.isdigit() or (text[:1] == "-" and text[1:].isdigit())):
        return None
    return Counter(value=int(text), box=box, confidence=least)


def find_counter(rgb: np.ndarray, above: float, known: np.ndarray, labels: np.ndarray) -> Counter | None:
    """The mines counter: the leftmost LED box wholly above ``above`` (the board's top), read; None if none is."""
    boxes = [box for box in led_boxes(rgb[: max(0, int(above))]) if box[3] <= above]
    if not boxes:
        return None
    return read_counter(rgb, boxes[0], known, labels)
