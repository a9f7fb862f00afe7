"""A skin-independent reading of one cell: by its structure and the classic game's conventions.

Meant for cells that no known skin's picture matches.  A raised tile (light top and left edges, dark
bottom and right) is covered; a flat tile is opened, empty (0) without ink; a number is named by its ink's
colour against the classic colours (1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 teal).  Black or grey
ink (a 7, an 8 or a mine: a mine is drawn in greys), red ink on a raised tile (a flag) and anything between two readings are refused: the
caller names the cell, since a wrong read is worse than none.  Not hooked into the normal reading yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["CLASSIC", "read_board", "read_cell"]

#: The classic game's ink colours of the numbers; 7 (black) and 8 (grey) are left out, a mine is drawn in both.
CLASSIC = {
    "1": (0, 0, 255),
    "2": (0, 128, 0),
    "3": (255, 0, 0),
    "4": (0, 0, 128),
    "5": (128, 0, 0),
    "6": (0, 128, 128),
}
#: Least brightness by which a raised tile's top and left edges stand above its bottom and right ones.
BEVEL = 40.0
#: Most such difference of a flat tile.
FLAT = 12.0
#: Least share of pixels departing from the background (by :data:`DEPART`) that makes a cell inked.
INKED = 0.04
#: Least departure (sum over RGB, 0-765) of an ink pixel from the cell's median colour.
DEPART = 120.0
#: Least share by which a tile's red stands above its green and blue to make it a red tile (an exploded mine).
RED = 60.0
#: Least confidence (the runner-up colour's distance over the sum of both) that names a number.
COLOUR_SURE = 0.7


def read_cell(cell: np.ndarray) -> str | None:
    """The label (``.``, ``0`` to ``8``) of one cell shrunk to ``side x side x 3``, or None where unsure."""
    import numpy as np

    px = np.asarray(cell, dtype=float)
    side = px.shape[0]
    gray = px.mean(axis=2)
    edge = max(1, side // 12)
    light = np.concatenate([gray[:edge, 1:-1].ravel(), gray[1:-1, :edge].ravel()]).mean()
    dark = np.concatenate([gray[-edge:, 1:-1].ravel(), gray[1:-1, -edge:].ravel()]).mean()
    inner = px[2:-2, 2:-2].reshape(-1, 3)
    back = np.median(inner, axis=0)
    depart = np.abs(inner - back).sum(axis=1)
    ink = inner[depart >= DEPART]
    inked = len(ink) >= INKED * len(inner)
    if back[0] - max(back[1], back[2]) >= RED:
        return None  # a red tile: an exploded mine, never a number
    if light - dark >= BEVEL:
        # A raised tile: covered when bare; a flag or a question mark on it is refused.
        return None if inked else "."
    if abs(light - dark) > FLAT:
        return None
    if not inked:
        return "0"
    colour = ink.mean(axis=0)
    if colour.max() - colour.min() < 60:
        return None  # black or grey ink: a 7, an 8 or a mine
    names = sorted(CLASSIC)
    dist = np.asarray([np.sqrt(((colour - np.asarray(CLASSIC[k])) ** 2).mean()) for k in names])
    order = np.argsort(dist)
    a, b = dist[order[0]], dist[order[1]]
    sure = b / (a + b) if a + b > 0 else 0.5
    return names[order[0]] if sure >= COLOUR_SURE else None


def read_board(cells: np.ndarray) -> list[str | None]:
    """Every cell's label by :func:`read_cell`, an empty flat tile trusted as 0 only on a board with raised tiles.

    A skin that draws its covered tiles flat (gnome-mines) makes a bare covered tile and an opened 0
    look alike by structure; only where the board draws covered tiles raised does a flat one say opened.
    """
    labels = [read_cell(cell) for cell in cells]
    if "." not in labels:
        labels = [None if label == "0" else label for label in labels]
    return labels
