"""Shrinking part of a picture to a few pixels by area: each new pixel the mean of the area it covers, fractions included.

A cell of a 21 px pitch shrunk to 12 px spans 1.75 of the picture's pixels per new pixel, and where the
grid is found to a fraction of a pixel its boxes start between pixels.  Pillow's box filter decides each
source pixel whole, in or out of a new pixel by where its centre falls, so a grid found 0.02 px further
on moves a whole line of a cell's black outline from one new pixel into the next: the same cell then
lies some 35 (root mean square, 0-255) from its own learnt picture.  Weighted by the share of each source
pixel a new pixel covers, the shrunk cell moves as little as the grid did.  Works on numpy arrays only.
"""

from __future__ import annotations

import numpy as np

__all__ = ["area_taps", "shrink", "shrink_between"]


def area_taps(edges: np.ndarray, length: int) -> tuple[np.ndarray, np.ndarray]:
    """Which source pixels each new pixel from ``edges[i]`` to ``edges[i + 1]`` covers along one axis, and how much.

    Returns the pixels' indices and weights (a row per new pixel, a few columns each), each row of weights
    summing to 1: a new pixel partly off the picture is the mean of its part on it, one wholly off it the
    nearest edge pixel (a picture's border carries on past it).
    """
    edges = np.asarray(edges, dtype=np.float64)
    taps = int(np.ceil(float(np.max(np.diff(edges))))) + 1
    first = np.floor(edges[:-1]).astype(int)
    pixel = first[:, None] + np.arange(taps)[None, :]
    covered = np.minimum(edges[1:, None], pixel + 1.0) - np.maximum(edges[:-1, None], pixel)
    weights = np.where((pixel >= 0) & (pixel < length), np.clip(covered, 0.0, None), 0.0)
    index = np.clip(pixel, 0, length - 1)
    off = weights.sum(axis=1) <= 0
    weights[off, 0] = 1.0  # index clipped to the nearest edge pixel
    return index, (weights / weights.sum(axis=1, keepdims=True)).astype(np.float32)


def _along_rows(data: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """``data`` (rows first) shrunk down its rows to the spans between ``edges``, by area."""
    index, weights = area_taps(edges, data.shape[0])
    out = np.zeros((len(index), *data.shape[1:]), dtype=np.float32)
    for tap in range(index.shape[1]):
        out += weights[:, tap, None, None] * data[index[:, tap]]
    return out


def shrink_between(pixels: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """``pixels`` (rows x columns [x channels]) shrunk by area to one new pixel between each two neighbours
    of ``xs`` (across) and of ``ys`` (down), fractional places, as float32 with the channels kept."""
    data = pixels.reshape(*pixels.shape[:2], -1)
    down = _along_rows(data, ys)  # new rows x columns x channels
    across = _along_rows(down.transpose(1, 0, 2), xs)  # new columns x new rows x channels
    return across.transpose(1, 0, 2).reshape((len(ys) - 1, len(xs) - 1, *pixels.shape[2:]))


def shrink(pixels: np.ndarray, box: tuple[float, float, float, float], size: tuple[int, int]) -> np.ndarray:
    """The part ``box`` (left, top, right, bottom; fractional) of ``pixels`` shrunk to ``size`` (width, height)
    new pixels by area (see :func:`shrink_between`)."""
    x0, y0, x1, y1 = box
    width, height = size
    return shrink_between(pixels, np.linspace(x0, x1, width + 1), np.linspace(y0, y1, height + 1))
