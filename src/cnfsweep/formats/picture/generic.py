"""A skin-independent reading of one cell: by its structure and the classic game's conventions.

Meant for cells that no known skin's picture matches.  A raised tile (light top and left edges, dark
bottom and right) is covered; a flat or sunken tile is opened, empty (0) without ink; a number is named by its
ink's colour against the classic colours (1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 teal) blended into
the tile's.  Black or grey ink (a 7, an 8 or a mine: a mine is drawn in greys), a red tile, marks on a
raised tile (a flag) and anything between two readings are refused: the caller names the cell, since a
wrong read is worse than none.  A number named by its colour is checked against its shape too (where the
caller gives the known skins' digits, :func:`digit_shape`): a skin that draws its 1 in the classic 4's navy
(KMines) draws it still as a 1.  The reader uses it for a whole board that no known skin reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["CLASSIC", "digit_shape", "numbers_fit", "read_board", "read_cell", "shape_fits"]

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
#: The side of the square a digit's ink is shrunk to for its shape (:func:`digit_shape`).
SHAPE_SIDE = 8
#: Share of a cell's greatest departure from its background below which a pixel is no part of the digit.
SHAPE_INK = 0.3
#: Most by which the shape of the digit a colour names may lie farther than the nearest known digit's shape
#: (distance between unit vectors, 0-2) and stand.  Measured on the known skins' digits, each skin against
#: the others': a digit's own shape lies at most 0.22 farther than the nearest (all but 8 of 447 within 0.15:
#: GNOME Mines' 3, the page's 5s and 6s), a 1's shape at least 0.16 farther from every 4 than from the nearest.
SHAPE_GAP = 0.15


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
    # The tile's own colour from a ring just inside its edges, where a digit drawn bold (its median is ink) seldom reaches.
    ring = np.concatenate([px[1, 1:-1], px[-2, 1:-1], px[1:-1, 1], px[1:-1, -2]])
    back = np.median(ring, axis=0)
    depart = np.abs(inner - back).sum(axis=1)
    ink = inner[depart >= DEPART]
    inked = len(ink) >= INKED * len(inner)
    if back[0] - max(back[1], back[2]) >= RED:
        return None  # a red tile: an exploded mine, never a number
    if light - dark >= BEVEL:
        # A raised tile: covered when bare; a flag or a question mark on it is refused.  Its ring is bevel, so its
        # bareness is judged against its middle's own colour.
        marks = np.abs(inner - np.median(inner, axis=0)).sum(axis=1) >= DEPART
        return None if marks.sum() >= INKED * len(inner) else "."
    # A sunken tile (the classic game's opened cell, dark lines at its top and left) is opened as a flat one is.
    if light - dark > FLAT:
        return None
    if not inked:
        return "0"
    colour = ink.mean(axis=0)
    if colour.max() - colour.min() < 60:
        return None  # black or grey ink: a 7, an 8 or a mine
    names = sorted(CLASSIC)
    # Ink drawn thin shrinks to a blend of its colour with the tile's: each classic colour is blended with
    # the tile's by the share that fits the ink best, and the number is the one whose blend lies nearest.
    dist = np.asarray([_blend_distance(colour, back, np.asarray(CLASSIC[k], dtype=float)) for k in names])
    order = np.argsort(dist)
    a, b = dist[order[0]], dist[order[1]]
    sure = b / (a + b) if a + b > 0 else 0.5
    return names[order[0]] if sure >= COLOUR_SURE else None


def _blend_distance(ink: np.ndarray, back: np.ndarray, colour: np.ndarray) -> float:
    """How far (root mean square) ``ink`` lies from the nearest blend of ``colour`` into ``back`` (a share of at least a tenth)."""
    import numpy as np

    way = colour - back
    norm = float(way @ way)
    share = float(np.clip((ink - back) @ way / norm, 0.1, 1.0)) if norm > 0 else 1.0
    return float(np.sqrt(((ink - back - share * way) ** 2).mean()))


def digit_shape(cell: np.ndarray) -> np.ndarray | None:
    """A cell's digit as its ink's shape: a unit vector of :data:`SHAPE_SIDE` squared ink shares, or None without ink.

    The ink is each pixel's departure from the tile's colour (its ring's median), past :data:`SHAPE_INK` of
    the greatest; its box, made square about its middle by its height, is shrunk by area.  So a digit's
    shape is compared whatever its size in the cell and its colour, and a narrow 1 stays narrow.
    """
    import numpy as np

    from cnfsweep.formats.picture.shrink import shrink

    px = np.asarray(cell, dtype=float)
    ring = np.concatenate([px[1, 1:-1], px[-2, 1:-1], px[1:-1, 1], px[1:-1, -2]])
    far = np.abs(px - np.median(ring, axis=0)).sum(axis=2)
    far[0, :] = far[-1, :] = far[:, 0] = far[:, -1] = 0.0  # the lines between cells are no ink
    if far.max() <= 0:
        return None
    ink = np.where(far >= SHAPE_INK * far.max(), far / far.max(), 0.0)
    rows, cols = ink.sum(axis=1), ink.sum(axis=0)
    ys, xs = np.flatnonzero(rows >= 0.2 * rows.max()), np.flatnonzero(cols >= 0.2 * cols.max())
    top, height, middle = float(ys[0]), float(ys[-1] + 1 - ys[0]), (xs[0] + xs[-1] + 1) / 2
    box = (middle - height / 2, top, middle + height / 2, top + height)
    out = shrink(ink[:, :, None], box, (SHAPE_SIDE, SHAPE_SIDE)).reshape(-1).astype(float)
    norm = float(np.linalg.norm(out))
    return out / norm if norm > 0 else None


def shape_fits(cell: np.ndarray, label: str, shapes: dict[str, np.ndarray]) -> bool:
    """Whether the cell's digit is shaped like the known ``shapes`` of ``label`` (:data:`SHAPE_GAP`).

    ``shapes`` holds each digit's known shapes (:func:`digit_shape` of known skins' cells, one row each).
    A digit without known shapes is not checked.
    """
    import numpy as np

    if label not in shapes:
        return True
    seen = digit_shape(cell)
    if seen is None:
        return False
    near = {k: float(np.sqrt(((v - seen) ** 2).sum(axis=1)).min()) for k, v in shapes.items() if len(v)}
    return near[label] - min(near.values()) <= SHAPE_GAP


def read_board(cells: np.ndarray, cols: int, shapes: dict[str, np.ndarray] | None = None) -> list[str | None]:
    """Every cell's label by :func:`read_cell` (row-major, ``cols`` a row), a flat bare tile trusted as 0 only where the game allows.

    A skin that draws its covered tiles flat (gnome-mines, or a thin bevel lost in shrinking) makes a bare
    covered tile and an opened 0 look alike by structure.  The game's rule tells them apart without the
    skin: a 0's neighbours are all opened, so a 0 stands only where every neighbour reads as a number
    or 0, and only on a board that draws covered tiles raised somewhere.  With ``shapes`` (each digit's
    known shapes, see :func:`shape_fits`), a number whose shape is another digit's is refused.
    """
    labels = [read_cell(cell) for cell in cells]
    if shapes is not None:
        labels = [
            None if label is not None and label in CLASSIC and not shape_fits(cell, label, shapes) else label
            for cell, label in zip(cells, labels, strict=True)
        ]
    if "." not in labels:
        return [None if label == "0" else label for label in labels]
    rows = len(labels) // cols
    out = list(labels)
    changed = True
    while changed:  # a 0 refused no longer vouches for its neighbours: until none changes
        changed = False
        opened = [label is not None and label.isdigit() for label in out]
        for i, label in enumerate(out):
            if label != "0":
                continue
            r, c = divmod(i, cols)
            near = (
                opened[rr * cols + cc]
                for rr in range(max(0, r - 1), min(rows, r + 2))
                for cc in range(max(0, c - 1), min(cols, c + 2))
            )
            if not all(near):
                out[i] = None
                changed = True
    return out


def numbers_fit(labels: list[str | None], cols: int) -> bool:
    """Whether every number of a board read here (row-major, ``cols`` a row) has at least that many covered neighbours.

    Numbers are named by the classic colours, so a skin that draws one number in another's colour is read
    wrong: a dark blue 1 is the classic navy 4 (KMines).  Such numbers mostly ask for more mines than their
    covered neighbours can hold, and a board where one does is refused rather than answered (Arbiter's
    picture with its 1s redrawn dark blue: 29 of its 4s).  A wrong reading that asks for no more than that
    is not caught.

    Examples
    --------
    >>> numbers_fit(list("1." "00"), 2), numbers_fit(list("4." ".."), 2)
    (True, False)
    """
    rows = len(labels) // cols
    for i, label in enumerate(labels):
        if label is None or not label.isdigit():
            continue
        r, c = divmod(i, cols)
        covered = sum(
            labels[rr * cols + cc] == "."
            for rr in range(max(0, r - 1), min(rows, r + 2))
            for cc in range(max(0, c - 1), min(cols, c + 2))
            if (rr, cc) != (r, c)
        )
        if int(label) > covered:
            return False
    return True
