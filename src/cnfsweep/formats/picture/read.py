"""A board read from a picture: find the grid, then name what every cell shows, and how sure that is.

Each cell is shrunk to :data:`SIDE` x :data:`SIDE` colour pixels and compared with the cell pictures
of the known skins (``cells.npz`` beside this module, made by ``python -m benchmarks picture-train`` from
labelled screenshots that the measured corpus does not include).  The picture's skin is the one whose
cells lie nearest overall; each cell takes its nearest picture's class within that skin.  A cell far
from every known picture, or about as near to two classes, is looked at once more by the pixels that an overlay
over it (text, a pointer) leaves visible (:func:`_seen_read`), and through a translucent box over it, the box's
colour and opacity fitted once (:mod:`~cnfsweep.formats.picture.translucent`); where they do not decide it, it
is not guessed: the reading fails naming it.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cnfsweep.core.board import Board
from cnfsweep.core.errors import BoardFormatError
from cnfsweep.formats.picture import is_picture
from cnfsweep.formats.picture.grid import MIN_PITCH, Axis, Edges, Grid
from cnfsweep.formats.picture.hexgrid import ROW, HexGrid

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np


__all__ = [
    "SIDE",
    "ExtraMissing",
    "Reading",
    "Seen",
    "board_box",
    "cell_features",
    "decode",
    "gray_of",
    "grown_hex_grid",
    "hex_board",
    "read_picture",
    "text_counter",
]

#: Each cell is compared as this many pixels square.
SIDE = 12
#: Furthest (root mean square, 0-255) a cell may lie from its nearest known picture and still be read.
FAR = 40.0
#: Least confidence (nearest other class's distance over the sum of both) a cell is read with.
SURE = 0.6
#: The side of the square read inside a hexagon, as a share of its width across the flats (its inner circle's
#: diameter is 1, so a square of 0.7 stays inside it).
HEX_MIDDLE = 0.7
#: What the name of a skin's hexagons ends in (``page-light:hex``): their cells are read from their middles.
HEX = ":hex"
#: The cell pictures of the known skins, made by python -m benchmarks picture-train.
CELLS = Path(__file__).with_name("cells.npz")
INSTALL = "reading a picture needs the optional extra: pip install 'cnfsweep[image]' (Pillow and numpy)"


class ExtraMissing(BoardFormatError):
    """Reading a picture without the optional extra ``image`` installed: the message says what to install.

    A :class:`~cnfsweep.core.errors.BoardFormatError` still, so whoever reads boards reports it as one line; a
    server tells it apart, since the fault is the server's and not the picture's (``POST /api/read`` answers 501).
    """

    def __init__(self) -> None:
        super().__init__(INSTALL)


class Seen(Enum):
    """What a cell of a screenshot shows; its value is the letter label files and ``read`` use."""

    COVERED = "."
    FLAG = "F"
    N0 = "0"
    N1 = "1"
    N2 = "2"
    N3 = "3"
    N4 = "4"
    N5 = "5"
    N6 = "6"
    N7 = "7"
    N8 = "8"
    MINE = "M"
    EXPLODED = "X"
    WRONG_FLAG = "W"
    QUESTION = "?"

    @property
    def board_char(self) -> str:
        """The native board's character: a number, ``*`` for a mine shown or flagged, else ``.`` (covered)."""
        if self.value.isdigit():
            return self.value
        return "*" if self in (Seen.FLAG, Seen.MINE, Seen.EXPLODED) else "."


@dataclass(frozen=True)
class Reading:
    """A picture read: the grid found, each cell's class and confidence (0.5 a coin toss, 1 certain), the skin."""

    grid: Grid | HexGrid
    cells: tuple[tuple[Seen, ...], ...]
    confidence: tuple[tuple[float, ...], ...]
    skin: str
    glued: bool = False
    """Whether the picture marks the board's edges as glued (cnfsweep's page draws a torus so)."""
    counter: int | None = None
    """The mines counter the picture shows (mines less flags), or None where none was read: an LED counter above
    the board, or a skin's text of flags over mines beside it (``Mines: 3/10`` counts 7)."""

    @property
    def total_mines(self) -> int | None:
        """The mines the counter implies: what it shows plus the flags placed (wrong ones too), as the classic game counts.

        None without a counter, or where that total is fewer than the mines and flags shown (a counter not
        of this board).
        """
        if self.counter is None:
            return None
        flags = sum(seen in (Seen.FLAG, Seen.WRONG_FLAG) for row in self.cells for seen in row)
        total = self.counter + flags
        shown = sum(seen.board_char == "*" for row in self.cells for seen in row)
        return total if total >= shown else None

    @property
    def topology(self) -> str:
        """``hex`` for a grid of hexagons, ``torus`` for a square grid whose edges the picture marks glued, else ``square``."""
        if isinstance(self.grid, HexGrid):
            return "hex"
        return "torus" if self.glued else "square"

    def board(self) -> Board:
        """The position the picture shows, as a native board (mines shown and flags both ``*``)."""
        return Board.from_rows(
            ["".join(seen.board_char for seen in row) for row in self.cells],
            total_mines=self.total_mines,
            topology=self.topology,
        )

    def labels(self) -> list[str]:
        """The rows as :class:`Seen` letters."""
        return ["".join(seen.value for seen in row) for row in self.cells]

    def to_dict(self) -> dict[str, object]:
        """The reading as JSON data: size, pitch, skin, each row's letters and board characters, the least sure cell."""
        low = min(
            ((c, r, col) for r, row in enumerate(self.confidence) for col, c in enumerate(row)), default=(1.0, 0, 0)
        )
        grid = self.grid
        if isinstance(grid, Grid):
            pitch = [round(grid.y.pitch, 2), round(grid.x.pitch, 2)]
            origin = [round(grid.y.start, 1), round(grid.x.start, 1)]
        else:
            pitch = [round(grid.width * ROW, 2), round(grid.width, 2)]
            origin = [round(grid.y0, 1), round(grid.x0, 1)]
        return {
            "rows": grid.rows,
            "cols": grid.cols,
            "topology": self.topology,
            "pitch": pitch,
            "origin": origin,
            "skin": self.skin,
            "counter": self.counter,
            "mines": self.total_mines,
            "cells": self.labels(),
            "board": list(self.board().grid),
            "confidence": [[round(c, 3) for c in row] for row in self.confidence],
            "least_confident": {"cell": [low[1], low[2]], "confidence": round(low[0], 3)},
        }


def _libraries() -> tuple[Any, Any]:
    """numpy and Pillow's Image, or the one-line error saying to install the extra."""
    try:
        import numpy as np
        from PIL import Image
    except ImportError:
        raise ExtraMissing from None
    return np, Image


@cache
def _known() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The known cell pictures (float rows), their classes' letters and their skins."""
    np, _ = _libraries()
    with np.load(CELLS) as data:
        return data["features"].astype(np.float32), data["labels"], data["skins"]


@cache
def _known_digits() -> tuple[np.ndarray, np.ndarray]:
    """The known pictures of a counter's digits (ink shares 0-1, one row each) and their characters."""
    np, _ = _libraries()
    with np.load(CELLS) as data:
        if "digits" not in data.files:
            return np.zeros((0, 0), dtype=np.float32), np.asarray([], dtype=str)
        return data["digits"].astype(np.float32) / 255.0, data["digit_labels"]


@cache
def _known_text_digits() -> tuple[np.ndarray, np.ndarray, frozenset[str]]:
    """The known pictures of text counters' digits (ink shares 0-1, one row each), their characters, and the skins
    they were learnt from (those that write their counter as text)."""
    np, _ = _libraries()
    with np.load(CELLS) as data:
        if "text_digits" not in data.files:
            return np.zeros((0, 0), dtype=np.float32), np.asarray([], dtype=str), frozenset()
        skins = frozenset(data["text_digit_skins"].astype(str).tolist())
        return data["text_digits"].astype(np.float32) / 255.0, data["text_digit_labels"], skins


def board_box(grid: Grid) -> tuple[int, int, int, int]:
    """A square grid's box in whole pixels: left, top, right, bottom (the last two past its last cells)."""
    np, _ = _libraries()
    return (
        int(np.floor(grid.x.line(0))),
        int(np.floor(grid.y.line(0))),
        int(np.ceil(grid.x.line(grid.cols))),
        int(np.ceil(grid.y.line(grid.rows))),
    )


def text_counter(gray: np.ndarray, grid: Grid, skin: str, cells: tuple[tuple[Seen, ...], ...]) -> int | None:
    """The mines counter a skin writes as text, flags over mines (``3/10``), as mines less flags; None if unread.

    Looked for only in a skin whose text counter was learnt; read against every text counter's digits learnt,
    since the games that write one write it in the desktop's one font (each digit learnt of KMines, GNOME Mines or
    Tatham's Mines lies nearer the same digit of another of them than any other digit of theirs).
    Given only where the flags it says are the flags the cells show: otherwise the text or the cells were
    misread, and a wrong counter is worse than none.
    """
    glyphs, labels, skins = _known_text_digits()
    if skin not in skins:
        return None
    from cnfsweep.formats.picture.textcounter import read_text_counter

    read = read_text_counter(gray, board_box(grid), glyphs, labels)
    flags = sum(seen in (Seen.FLAG, Seen.WRONG_FLAG) for row in cells for seen in row)
    if read is None or read.flags != flags:
        return None
    return read.value


@cache
def _known_shapes() -> dict[str, np.ndarray]:
    """The shapes of the known square skins' digits (:func:`~cnfsweep.formats.picture.generic.digit_shape`), by digit."""
    np, _ = _libraries()
    from cnfsweep.formats.picture.generic import digit_shape

    known, labels, skins = _known()
    square = ~np.char.endswith(skins.astype(str), HEX)
    out: dict[str, list[Any]] = {}
    for cell, label in zip(known[square], labels[square], strict=True):
        shape = digit_shape(cell.reshape(SIDE, SIDE, 3)) if str(label) in set("12345678") else None
        if shape is not None:
            out.setdefault(str(label), []).append(shape)
    return {k: np.asarray(v) for k, v in out.items()}


def decode(data: bytes, source: str) -> Any:
    """Decode a picture's bytes into a Pillow RGB image."""
    _, Image = _libraries()
    try:
        with Image.open(io.BytesIO(data)) as im:
            rgb = im.convert("RGB")
    except Exception as exc:  # Pillow raises many kinds on a broken file; each is one bad picture
        raise BoardFormatError(
            f"not a picture that can be read ({type(exc).__name__}): expected a PNG, JPEG or BMP screenshot",
            source=source,
        ) from None
    return rgb


def cell_features(image: Any, grid: Grid) -> np.ndarray:
    """Every cell shrunk to :data:`SIDE` squared RGB pixels (area means), one row each, in row-major order.

    One shrinking of the board to :data:`SIDE` pixels a cell, by area (:mod:`~cnfsweep.formats.picture.shrink`),
    each cell between its own lines: each pixel the mean of the picture's area it covers, fractions of pixels
    included, so a pitch of 21.25 pixels shrinks as evenly as one of 20, and a grid found a fraction of a
    pixel off shrinks to nearly the same.
    """
    np, _ = _libraries()
    from cnfsweep.formats.picture.shrink import shrink_between

    small = shrink_between(np.asarray(image), grid.x.places(SIDE), grid.y.places(SIDE))
    cells = small.reshape(grid.rows, SIDE, grid.cols, SIDE, 3)
    return cells.transpose(0, 2, 1, 3, 4).reshape(grid.rows * grid.cols, SIDE * SIDE * 3)


def hex_features(image: Any, grid: HexGrid) -> np.ndarray:
    """Every hexagon's middle (a square :data:`HEX_MIDDLE` of its width across, all inside it) shrunk as a square cell is."""
    np, _ = _libraries()
    from cnfsweep.formats.picture.shrink import shrink

    pixels = np.asarray(image)
    half = HEX_MIDDLE * grid.width / 2
    feats = np.empty((grid.rows * grid.cols, SIDE * SIDE * 3), dtype=np.float32)
    for r in range(grid.rows):
        for c in range(grid.cols):
            x, y = grid.centre(r, c)
            box = (x - half, y - half, x + half, y + half)
            feats[r * grid.cols + c] = shrink(pixels, box, (SIDE, SIDE)).reshape(-1)
    return feats


def gray_of(image: Any) -> np.ndarray:
    """A picture's brightness, 0-255, as floats (rows x columns): what the grid is found in."""
    np, _ = _libraries()
    return np.asarray(image.convert("L"), dtype=np.float32)


def _shaped_unlearnt(feats: np.ndarray, read: list[str], classes: list[str]) -> np.ndarray:
    """Which cells read as a number are shaped like a number the skin's pictures lack, more than like their own.

    A skin learnt without a number (Tatham's Mines' 5, none of whose pictures showed one) reads that number
    as the nearest it has: its 5, dark red, as a 3, red, the shapes apart but the colours near.  The shape of
    each number read is compared with the known skins' shapes of every number (:func:`_known_shapes`); a cell
    nearer (by :data:`~cnfsweep.formats.picture.generic.SHAPE_GAP`) a number its skin lacks is not read.
    """
    np, _ = _libraries()
    missing = [k for k in "12345678" if k not in classes]
    out = np.zeros(len(read), dtype=bool)
    if not missing:
        return out
    from cnfsweep.formats.picture.generic import SHAPE_GAP, digit_shape

    shapes = _known_shapes()
    for i, label in enumerate(read):
        if label not in shapes or not label.isdigit() or label == "0":
            continue
        seen = digit_shape(feats[i].reshape(SIDE, SIDE, 3))
        if seen is None:
            continue
        near = {k: float(np.sqrt(((v - seen) ** 2).sum(axis=1)).min()) for k, v in shapes.items() if len(v)}
        lacking = [near[k] for k in missing if k in near]
        out[i] = bool(lacking) and near[label] - min(lacking) > SHAPE_GAP
    return out


def _trim(grid: Grid, readable: np.ndarray) -> tuple[Grid, np.ndarray]:
    """Leave out outer rows and columns of which no cell can be read; return the grid kept and which cells it keeps.

    A band beside the board (the gap under a counter, a frame) can repeat the pitch closely enough to
    be taken for one more row; its cells say it is none.
    """
    from dataclasses import replace

    np, _ = _libraries()
    near = readable.reshape(grid.rows, grid.cols)
    top, bottom, left, right = 0, grid.rows, 0, grid.cols
    while bottom - top > 1 and not near[top, left:right].any():
        top += 1
    while bottom - top > 1 and not near[bottom - 1, left:right].any():
        bottom -= 1
    while right - left > 1 and not near[top:bottom, left].any():
        left += 1
    while right - left > 1 and not near[top:bottom, right - 1].any():
        right -= 1
    keep = np.zeros((grid.rows, grid.cols), dtype=bool)
    keep[top:bottom, left:right] = True
    return replace(grid, x=grid.x.part(left, right - left), y=grid.y.part(top, bottom - top)), keep.reshape(-1)


#: How cnfsweep's page marks a torus: its top and bottom edges in this purple, its sides in this orange
#: (``#board.torus`` in the page's style sheet), drawn right against the cells.
GLUED = ((123, 63, 181), (217, 112, 11))
#: Least share of a mark's tint (along the mark's own) a strip beside the board must carry to be that mark.
TINT = 0.4


def _glued(image: Any, grid: Grid) -> bool:
    """Whether the board's edges carry the page's marks of a torus, all four of them.

    Each mark is looked for in a strip two pixels wide against the board's side, and, where the grid
    is found a little off the board (a JPEG's ringing beside the lines draws the fitted pitch by pixels), in
    the strips up to a sixteenth of a cell further out or in.
    """
    np, _ = _libraries()
    rgb = np.asarray(image, dtype=np.int16)
    height, width = rgb.shape[:2]
    x0, x1, y0, y1 = round(grid.x.start), round(grid.x.end), round(grid.y.start), round(grid.y.end)
    slack = max(1, round(min(grid.x.pitch, grid.y.pitch) / 16))
    if x0 < 3 + slack or y0 < 3 + slack or x1 + 3 + slack > width or y1 + 3 + slack > height:
        return False
    mx, my = (x1 - x0) // 10, (y1 - y0) // 10

    def strips(d: int) -> tuple[tuple[Any, tuple[int, int, int]], ...]:
        return (
            (rgb[y0 - 3 - d : y0 - 1 - d, x0 + mx : x1 - mx], GLUED[0]),
            (rgb[y1 + 1 + d : y1 + 3 + d, x0 + mx : x1 - mx], GLUED[0]),
            (rgb[y0 + my : y1 - my, x0 - 3 - d : x0 - 1 - d], GLUED[1]),
            (rgb[y0 + my : y1 - my, x1 + 1 + d : x1 + 3 + d], GLUED[1]),
        )

    def tinted(strip: Any, colour: tuple[int, int, int]) -> bool:
        # By the strip's tint, not its pixels' exact colours: a JPEG blurs a 2-pixel line's colour into its
        # neighbours', halving its tint, while a grey frame has none.  The tint is the colour less its grey.
        if strip.size == 0:
            return False
        mean = strip.reshape(-1, 3).mean(axis=0)
        tint, want = mean - mean.mean(), np.asarray(colour, dtype=float) - np.mean(colour)
        return float(tint @ want) >= TINT * float(want @ want)

    found = [False] * 4
    for d in range(-slack, slack + 1):
        found = [seen or tinted(strip, colour) for seen, (strip, colour) in zip(found, strips(d), strict=True)]
    return all(found)


def _distances(feats: np.ndarray, known: np.ndarray) -> np.ndarray:
    """Distances (root mean square, 0-255) from every cell to every known picture, by ||a||² + ||b||² - 2ab."""
    np, _ = _libraries()
    d2 = (feats**2).sum(1)[:, None] + (known**2).sum(1)[None, :] - 2.0 * feats @ known.T
    return np.sqrt(np.maximum(d2, 0.0) / feats.shape[1])


def _classify(dist: np.ndarray, labels: np.ndarray, classes: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each cell's distance to its nearest class, its confidence, and the classes by nearness.

    The confidence says how much nearer the nearest class is than the runner-up: 0.5 as near as it,
    1 the runner-up infinitely far.
    """
    np, _ = _libraries()
    per_class = np.stack([dist[:, labels == k].min(axis=1) for k in classes], axis=1)
    order = np.argsort(per_class, axis=1)
    best = np.take_along_axis(per_class, order[:, :1], axis=1)[:, 0]
    if len(classes) > 1:
        other = np.take_along_axis(per_class, order[:, 1:2], axis=1)[:, 0]
    else:
        other = np.full_like(best, np.inf)
    with np.errstate(divide="ignore", invalid="ignore"):
        confidence = np.where(np.isfinite(other) & (best + other > 0), other / (best + other), 1.0)
    return best, confidence, order


#: How far (a share of the hexagon's width) from where the grid puts a side an edge may stand and count as the
#: side: the grid's lines run down the gaps between hexagons, while a board's outermost sides stand on the
#: hexagon's own edge, half a gap (some 3% of a width) off the line, and the pitch is found to a pixel.
SLACK = 0.06


def _hex_beyond(edges: Edges, grid: HexGrid, cells: Callable[[HexGrid], bool] | None = None) -> list[str]:
    """The sides past which the hexagons go on: a grid placed short of the board, or a board the picture cuts.

    A hexagon shows as its two vertical sides, a width apart, down the middle of its height; the
    places one cell beyond the grid are looked at for them, and where half of a side's places have
    both, the grid found is not the whole board.  A place the picture cuts is not looked at: hexagons
    cut by the picture's edge are :func:`~cnfsweep.formats.picture.hexgrid.cut_sides`' to find.

    A column beyond the left or right shows its sides on even and odd rows alike.  Where it shows them on
    half of one parity's places but not on both parities, the sides may be a line beside the board (the frame,
    half a width out from the outermost sides of one parity) and not hexagons; or a column whose own outer
    sides are faint (dark tiles), found by its inner sides and a frame.  Given ``cells`` (whether a band
    of places reads as the skin's cells), such a column counts only where its places read as cells.
    """
    np, _ = _libraries()
    height, width = edges.across.shape
    ring = HexGrid(grid.x0 - grid.width, grid.y0 - 2 * ROW * grid.width, grid.width, grid.rows + 4, grid.cols + 2)
    sides: dict[str, list[tuple[int, int]]] = {
        "top": [(1, c) for c in range(1, grid.cols + 1)],
        "bottom": [(grid.rows + 2, c) for c in range(1, grid.cols + 1)],
        "left": [(r, 0) for r in range(2, grid.rows + 2)],
        "right": [(r, grid.cols + 1) for r in range(2, grid.rows + 2)],
    }
    reach = grid.width / 4
    slack = max(1, round(SLACK * grid.width))

    def side_at(x: float, y: float) -> bool:
        lo, hi, col = round(y - reach), round(y + reach), round(x) - 1
        if lo < 0 or hi > height or col < slack or col + slack >= width:
            return False
        return bool(edges.across[lo:hi, col - slack : col + slack + 1].any(axis=1).mean() > 0.6)

    beyond = []
    for side, places in sides.items():
        found = [
            side_at(x - grid.width / 2, y) and side_at(x + grid.width / 2, y)
            for x, y in (ring.centre(r, c) for r, c in places)
        ]
        if not found:
            continue
        if cells is not None and side in ("left", "right"):
            # found[k] is row k of the grid, alternately even and odd.  A column that shows on one parity's rows
            # alone is looked at by its cells even where that is under half of all its places: a board's
            # outermost sides on its longer rows can be missed (the page's at 2x), and a board with a row more
            # of the one parity than the other then shows the column on fewer than half.
            shown = [np.mean(part) >= 0.5 for part in (found[0::2], found[1::2]) if part]
            column = grid.x0 - grid.width if side == "left" else grid.x0 + grid.cols * grid.width
            if not any(shown) or (not all(shown) and not cells(HexGrid(column, grid.y0, grid.width, grid.rows, 1))):
                continue
        elif np.mean(found) < 0.5:
            continue
        beyond.append(side)
    return beyond


def _hex_cells(image: Any, known: np.ndarray, labels: np.ndarray, classes: list[str]) -> Callable[[HexGrid], bool]:
    """Whether a band of hexagons beside a grid reads as the skin's cells, as a band beside a square grid must.

    Only its places wholly inside the picture are read (none: it does not); at least :data:`BESIDE` of them must
    lie within half of :data:`FAR` of a known cell with a confidence of :data:`BESIDE_SURE`.  The page's
    board background beside its hexagons reads as no cell so (light: 37 to 42 from the nearest; dark: 17 to
    19 from a ``0``, at a confidence of 0.68 to 0.74), the hexagons of a column missed as their cells do.
    """
    np, _ = _libraries()
    width, height = image.size

    def cells(band: HexGrid) -> bool:
        half = HEX_MIDDLE * band.width / 2
        places = [band.centre(r, c) for r in range(band.rows) for c in range(band.cols)]
        inside = np.asarray([half <= x <= width - half and half <= y <= height - half for x, y in places])
        if not inside.any():
            return False
        best, confidence, _ = _classify(_distances(hex_features(image, band)[inside], known), labels, classes)
        return float(np.mean((best <= FAR / 2) & (confidence >= BESIDE_SURE))) >= BESIDE

    return cells


#: A row or column beside a square grid is cells of the board when at least this share of its cells lie
#: within half of :data:`FAR` of a known cell, with a confidence of :data:`BESIDE_SURE`: beside the boards of
#: the corpus none does, beside a grid found a row short (lines lost in a JPEG) all do.
BESIDE = 0.5
BESIDE_SURE = 0.8
#: Or, read with no more than :data:`SURE`, as at least this many different classes.
BESIDE_KINDS = 3
#: As many, beside a board some of whose cells were read only by what an overlay left visible: such a board is held
#: to be the whole board more strictly, since a grid found short and an overlay together would read a wrong board.
OVERLAID_KINDS = 2


def _square_beyond(
    image: Any, grid: Grid, known: np.ndarray, labels: np.ndarray, classes: list[str], kinds: int = BESIDE_KINDS
) -> list[str]:
    """The sides of a square grid beside which a whole row or column reads as the skin's cells: a grid found short.

    ``kinds``: how many classes a band read unsure must show to be cells (:data:`BESIDE_KINDS` unless told).
    """
    from dataclasses import replace

    np, _ = _libraries()
    width, height = image.size
    x, y = grid.x, grid.y

    # A band a cell wide beside the grid: as wide as the cells next to it.
    def beside(lo: float, hi: float, pitch: float) -> Axis:
        return Axis(lo, pitch, 1, (lo, hi))

    ring = {
        "top": replace(grid, y=beside(2 * y.start - y.line(1), y.start, y.pitch)),
        "bottom": replace(grid, y=beside(y.end, 2 * y.end - y.line(y.count - 1), y.pitch)),
        "left": replace(grid, x=beside(2 * x.start - x.line(1), x.start, x.pitch)),
        "right": replace(grid, x=beside(x.end, 2 * x.end - x.line(x.count - 1), x.pitch)),
    }
    sides = []
    for side, band in ring.items():
        if band.x.start < 0 or band.y.start < 0 or band.x.end > width or band.y.end > height:
            continue  # off the picture: whether the picture cuts the board there is cut_sides' to say
        best, confidence, order = _classify(_distances(cell_features(image, band), known), labels, classes)
        near = best <= FAR / 2
        if float(np.mean(near & (confidence >= BESIDE_SURE))) >= BESIDE:
            sides.append(side)
            continue
        # A JPEG blurs a row's cells below BESIDE_SURE, yet a band of the board still reads as many classes
        # where a band of background (a dark page beside the board) reads as one, all "0".
        readable = near & (confidence >= SURE)
        if float(np.mean(readable)) >= BESIDE and len(set(order[readable, 0].tolist())) >= kinds:
            sides.append(side)
    return sides


#: Most times a hex grid found short of its board is grown, by a column or row on each side short.
GROW = 32


def grown_hex_grid(edges: Edges, grid: HexGrid, cells: Callable[[HexGrid], bool] | None = None) -> HexGrid:
    """The grid grown by a column or row wherever whole hexagons stand beyond it, up to :data:`GROW` times.

    The outermost sides of a hex board stand on every other row only, and faint ones (dark tiles)
    can be missed when the grid is found: the hexagons beyond the grid say where it stopped short.
    Above row 0 rows are added two at a time: row 0 is one that stands half a width left of the next,
    and so is the row two above it.  What still stands beyond the grid afterwards is refused by the
    caller, and a row added where the board has none holds no cell that can be read.  ``cells``: as
    :func:`_hex_beyond` takes it.
    """
    from dataclasses import replace

    for _ in range(GROW):
        beyond = _hex_beyond(edges, grid, cells)
        if not beyond:
            break
        if "top" in beyond:
            grid = replace(grid, y0=grid.y0 - 2 * ROW * grid.width, rows=grid.rows + 2)
        if "left" in beyond:
            grid = replace(grid, x0=grid.x0 - grid.width, cols=grid.cols + 1)
        if "right" in beyond:
            grid = replace(grid, cols=grid.cols + 1)
        if "bottom" in beyond:
            grid = replace(grid, rows=grid.rows + 1)
    return grid


#: Share of a cell's pixels, the farthest from its background, whose mean is its ink: a number's colour.
INK = 0.06
#: Furthest (root mean square, 0-255) a cell's ink may lie from a number's and decide the cell for it: ink
#: drawn small blends with the background and drifts, and a drifted ink decides nothing.
INK_NEAR = 10.0
#: Least confidence by ink (the other number's ink distance over the sum of both) that decides a cell: the
#: two colours must stand well apart, three times as far from the other as from the one.
INK_SURE = 0.75


def _ink(feats: np.ndarray) -> np.ndarray:
    """Each cell's ink: the mean colour of its :data:`INK` share of pixels farthest from its median colour."""
    np, _ = _libraries()
    px = feats.reshape(len(feats), -1, 3)
    far = np.abs(px - np.median(px, axis=1, keepdims=True)).sum(axis=2)
    cut = np.quantile(far, 1 - INK, axis=1, keepdims=True)
    chosen = far >= cut
    return (px * chosen[..., None]).sum(axis=1) / chosen.sum(axis=1)[:, None]


def _by_ink(
    feats: np.ndarray,
    known: np.ndarray,
    labels: np.ndarray,
    classes: list[str],
    order: np.ndarray,
    confidence: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Cells about as near two numbers decided by their ink, where the skin draws the two in different colours.

    Two digits drawn small can lie about as near each other as a cell's own noise (3 and 5 differ in
    two strokes), while the skin's colours for them stand far apart.  The cell's ink is compared with
    each number's ink over the skin's pictures of it; the confidence is then the ink's, and a cell
    whose ink is not near one (:data:`INK_NEAR`) and far from the other (:data:`INK_SURE`) stays unread.
    """
    np, _ = _libraries()
    order, confidence = order.copy(), confidence.copy()
    numbers = [i for i, k in enumerate(classes) if k.isdigit() and k != "0"]
    unsure = np.flatnonzero((confidence < SURE) & np.isin(order[:, 0], numbers) & np.isin(order[:, 1], numbers))
    if len(unsure) == 0:
        return order, confidence
    inks = {i: _ink(known[labels == classes[i]]).mean(axis=0) for i in numbers}
    seen = _ink(feats[unsure])
    for j, cell in enumerate(unsure):
        a, b = order[cell, 0], order[cell, 1]
        da, db = (float(np.sqrt(((seen[j] - inks[k]) ** 2).mean())) for k in (a, b))
        if db < da:
            a, b, da, db = b, a, db, da
        by_ink = db / (da + db) if da + db > 0 else 0.5
        if da <= INK_NEAR and by_ink >= INK_SURE:
            order[cell, 0], order[cell, 1] = a, b
            confidence[cell] = by_ink
    return order, confidence


#: Pairs of numbers drawn alike but for one stroke of the upper bowl, and told apart by it where nearness leaves
#: them unsure: a 3 has its upper stroke on the right, a 5 on the left.
SHAPE_PAIRS = (frozenset({"3", "5"}),)
#: Least confidence by shape (the other number's nearest lean over the sum of both) that decides a cell.
SHAPE_SURE = 0.75
#: Share of a cell's greatest departure from its background below which a pixel counts as no ink.
SHAPE_INK = 0.3


def _spans(lo: float, hi: float) -> np.ndarray:
    """How much of each of the :data:`SIDE` pixels (0-1) the span from ``lo`` to ``hi`` covers."""
    np, _ = _libraries()
    at = np.arange(SIDE, dtype=float)
    return np.clip(np.minimum(at + 1, hi) - np.maximum(at, lo), 0.0, 1.0)


def upper_lean(feats: np.ndarray) -> np.ndarray:
    """Each cell's upper-bowl lean: its ink in the right third of the digit less the left third's, over both, -1 to 1.

    The upper band runs from an eighth to under half of the digit's height (between its top and middle
    bars).  Measured against the digit's own ink box, not the cell, so a digit drawn off centre leans
    alike; and by the ink's mass, which JPEG's blur smears but does not move across the digit.
    """
    np, _ = _libraries()
    px = feats.reshape(len(feats), SIDE, SIDE, 3).astype(float)
    far = np.abs(px - np.median(px.reshape(len(feats), -1, 3), axis=1)[:, None, None, :]).sum(axis=3)
    lean = np.zeros(len(feats))
    for i, cell in enumerate(far):
        if cell.max() <= 0:
            continue
        ink = np.where(cell >= SHAPE_INK * cell.max(), cell, 0.0)
        rows, cols = ink.sum(axis=1), ink.sum(axis=0)
        ys, xs = np.flatnonzero(rows >= 0.2 * rows.max()), np.flatnonzero(cols >= 0.2 * cols.max())
        top, height = ys[0], ys[-1] + 1 - ys[0]
        left, right = xs[0], xs[-1] + 1
        third = (right - left) / 3
        band = (ink * _spans(top + 0.12 * height, top + 0.45 * height)[:, None]).sum(axis=0)
        a, b = float(band @ _spans(left, left + third)), float(band @ _spans(right - third, right))
        lean[i] = (b - a) / (a + b) if a + b > 0 else 0.0
    return lean


def _by_shape(
    feats: np.ndarray,
    known: np.ndarray,
    labels: np.ndarray,
    classes: list[str],
    order: np.ndarray,
    confidence: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Cells still about as near a 3 as a 5 decided by where their upper bowl's stroke stands (:func:`upper_lean`).

    A JPEG blurs both the digit's strokes and its colour, so neither nearness nor ink may tell a 3 from a
    5 drawn small; the side of the upper stroke survives.  Only in a skin whose own pictures of the two
    lean apart (every 3's lean above every 5's); a cell is decided by its lean's nearness to each number's
    nearest known lean, three times nearer one (:data:`SHAPE_SURE`) and within that number's known leans, or
    stays unread.
    """
    np, _ = _libraries()
    order, confidence = order.copy(), confidence.copy()
    for pair in SHAPE_PAIRS:
        if not pair <= set(classes):
            continue
        ids = [classes.index(k) for k in sorted(pair)]
        ends = order[:, :2]
        unsure = np.flatnonzero((confidence < SURE) & np.isin(ends[:, 0], ids) & np.isin(ends[:, 1], ids))
        if len(unsure) == 0:
            continue
        leans = {k: upper_lean(known[labels == classes[k]]) for k in ids}
        low, high = sorted(ids, key=lambda k: float(np.median(leans[k])))
        if leans[low].max() >= leans[high].min():
            continue  # the skin's own pictures overlap: the lean decides nothing in it
        for cell, lean in zip(unsure, upper_lean(feats[unsure]), strict=True):
            near = {k: float(np.abs(leans[k] - lean).min()) for k in ids}
            a, b = sorted(ids, key=near.__getitem__)
            sure = near[b] / (near[a] + near[b]) if near[a] + near[b] > 0 else 0.5
            # A lean beyond every lean the skin draws the number with is none of its: a torus's mark bleeding
            # into a blurred top row stretches the ink box, and a 3 so leaned left of its 3s, and of its 5s too.
            inside = float(leans[a].min()) <= lean <= float(leans[a].max())
            if sure >= SHAPE_SURE and inside:
                order[cell, 0], order[cell, 1] = a, b
                confidence[cell] = sure
    return order, confidence


#: Furthest (root mean square over its colours, 0-255) a cell's pixel may lie from a known picture's pixel at the
#: same place and be drawn like it.
LIKE = 30.0
#: Least by which a pixel must lie nearer one class's picture than another's to side with it: an overlay drawn
#: translucent over a cell moves its pixels between two classes' colours, and such a pixel says nothing.
SIDES = 50.0
#: Most share of a cell an overlay may hide and leave the rest to be read: the class read draws at least the rest.
THIN = 0.5
#: Least pixels that must side with the class read against each other class.
TELL = 4
#: Least share of the pixels siding with either of two classes that must side with the class read, against each other class.
SEEN_SURE = 0.75


def _rim() -> np.ndarray:
    """Which of a shrunk cell's pixels lie on its rim, the outermost ring (row-major, a flat mask)."""
    np, _ = _libraries()
    rim = np.ones((SIDE, SIDE), dtype=bool)
    rim[1:-1, 1:-1] = False
    return rim.reshape(-1)


def _seen_read(cell: np.ndarray, known: np.ndarray, labels: np.ndarray, classes: list[str]) -> tuple[int, float] | None:
    """The class a cell shows by the pixels an overlay (text, a pointer, a translucent box) leaves visible, and how sure.

    The overlay is what no known picture of the skin draws: an overlay lies across cells, so some of it
    must stand on the cell's rim (a drawing wholly inside the cell that no picture matches, a number the
    skin's pictures lack, is the cell's own, not an overlay over some other class).  Each class is held to
    its picture that draws most pixels like the cell's (:data:`LIKE`); the class read draws most, at least
    half the cell (:data:`THIN`).  Against each other class, the pixels that side with one of the two (drawn
    like it, and :data:`SIDES` nearer it than the other) decide: at least :data:`TELL` of them, and
    :data:`SEEN_SURE` of them, must side with the class read, and fewer than half of those in the overlay's
    colour (the median of its pixels', within :data:`LIKE`), since a box painted in a class's colour would
    side with that class.  So an overlay over what tells two classes apart leaves the cell unread (None).
    The confidence is the least such share, drawn towards 0.5 by the share of the cell hidden.
    """
    np, _ = _libraries()
    pixels = SIDE * SIDE
    px = cell.reshape(pixels, 3)
    off = np.sqrt(((known.reshape(len(known), pixels, 3) - px[None]) ** 2).mean(axis=2))
    like = off <= LIKE
    over = ~like.any(axis=0)
    if not (over & _rim()).any():
        return None  # nothing comes in over the cell's edge
    painted = np.sqrt(((px - np.median(px[over], axis=0)) ** 2).mean(axis=1)) <= LIKE
    pick = [np.flatnonzero(labels == k)[int(np.argmax(like[labels == k].sum(axis=1)))] for k in classes]
    off, like = off[pick], like[pick]
    drawn = like.sum(axis=1)
    best = int(np.argmax(drawn))
    if drawn[best] < (1 - THIN) * pixels:
        return None
    sure = 1.0
    for other in range(len(classes)):
        if other == best:
            continue
        sides = like[best] & (off[other] >= off[best] + SIDES)
        mine, theirs = int(sides.sum()), int((like[other] & (off[best] >= off[other] + SIDES)).sum())
        if mine < TELL or (sides & painted).sum() * 2 >= mine:
            return None
        sure = min(sure, mine / (mine + theirs))
    if sure < SEEN_SURE:
        return None
    return best, 0.5 + (sure - 0.5) * float(drawn[best]) / pixels


def _overlaid(
    image: Any,
    grid: Grid | HexGrid,
    feats: np.ndarray,
    known: np.ndarray,
    labels: np.ndarray,
    classes: list[str],
    order: np.ndarray,
    confidence: np.ndarray,
    unread: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The ``unread`` cells read again by what an overlay leaves visible (:func:`_seen_read`) and through a translucent
    box (:func:`~cnfsweep.formats.picture.translucent.read_through_boxes`); those read leave ``unread``.

    Unless a square grid's side has a band beside it that may be cells (:data:`OVERLAID_KINDS`): then none is.
    """
    np, _ = _libraries()
    order, confidence, still = order.copy(), confidence.copy(), unread.copy()
    for cell in np.flatnonzero(unread):
        found = _seen_read(feats[cell], known, labels, classes)
        if found is not None:
            order[cell, 0], confidence[cell] = found
            still[cell] = False
    if isinstance(grid, Grid):
        from cnfsweep.formats.picture.translucent import read_through_boxes

        # A cell read through a translucent box is read so: the box's blend says what its pixels are made of, where
        # the pixels left visible alone can mistake a covered tile seen through grey for an open one.  A cell the
        # box pass leaves undecided stays unread, whatever the pixels left visible say: a flag under a green box
        # at 0.65 (drawn over a fresh capture) was read covered by them alone.
        through = read_through_boxes(np.asarray(image), grid, feats, known, labels, classes, order, unread, SIDE)
        for cell, verdict in through.items():
            if verdict is None:
                still[cell] = True
            else:
                order[cell, 0], confidence[cell] = verdict
                still[cell] = False
    if isinstance(grid, Grid) and _square_beyond(image, grid, known, labels, classes, OVERLAID_KINDS):
        return order, confidence, unread
    return order, confidence, still


def _no_board(width: int, height: int, source: str, more: str = "") -> BoardFormatError:
    return BoardFormatError(
        f"no board found in the picture ({width}x{height} pixels): {more}expected a screenshot of a minesweeper grid",
        source=source,
    )


def _find_board(gray: np.ndarray, edges: Edges, source: str) -> Grid | HexGrid:
    """The grid a picture's lines make, a hexagonal one first (as found: :func:`hex_board` grows it)."""
    from cnfsweep.formats.picture.grid import find_grid
    from cnfsweep.formats.picture.hexgrid import find_hex_grid

    height, width = gray.shape
    # Hexagons first: their pitches across and down are √3 apart, which a square grid's never are.
    grid: Grid | HexGrid | None = find_hex_grid(gray, edges)
    if grid is None:
        grid = find_grid(gray, edges)
    if grid is None or grid.rows * grid.cols < 4:
        raise _no_board(width, height, source)
    return grid


def hex_board(image: Any, gray: np.ndarray, edges: Edges, grid: HexGrid, source: str) -> HexGrid:
    """A hex grid grown to its whole board, its cells read by the skin the grid found shows; refused where cut."""
    return _hex_board(image, gray, edges, grid, source)[0]


def _hex_board(
    image: Any, gray: np.ndarray, edges: Edges, grid: HexGrid, source: str
) -> tuple[HexGrid, np.ndarray, tuple[str, np.ndarray, np.ndarray, np.ndarray]]:
    """:func:`hex_board`'s grid, with its cells' features and :func:`_skin_of` them.

    Most grids are found whole: their cells, read to grow the grid, are not read again.
    """
    from cnfsweep.formats.picture.hexgrid import cut_sides

    feats = hex_features(image, grid)
    skin = _skin_of(feats, True, source)
    _, known, labels, _ = skin
    grown = grown_hex_grid(edges, grid, _hex_cells(image, known, labels, sorted(set(labels.tolist()))))
    # Before the cells are cut out: a grid the picture's edge cuts has cells partly off the picture.
    off = cut_sides(gray, grown)
    if off:
        raise BoardFormatError(
            f"hexagons of the board may run off the picture's {' and '.join(off)} edge: "
            "expected the whole board in the screenshot, with the margin around it",
            source=source,
        )
    if grown != grid:
        feats = hex_features(image, grown)
        skin = _skin_of(feats, True, source)
    return grown, feats, skin


def _ranked(
    feats: np.ndarray, dist: np.ndarray, known: np.ndarray, labels: np.ndarray, classes: list[str]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_classify` by the distances, then looked at again by ink (:func:`_by_ink`) and shape (:func:`_by_shape`)."""
    best, confidence, order = _classify(dist, labels, classes)
    order, confidence = _by_ink(feats, known, labels, classes, order, confidence)
    order, confidence = _by_shape(feats, known, labels, classes, order, confidence)
    return best, confidence, order


def _squares_kept(
    image: Any,
    gray: np.ndarray,
    grid: Grid,
    feats: np.ndarray,
    known: np.ndarray,
    labels: np.ndarray,
    classes: list[str],
    ranked: tuple[np.ndarray, np.ndarray, np.ndarray],
    source: str,
) -> tuple[Grid, np.ndarray, list[str]]:
    """A square grid trimmed to the rows and columns that read as cells, checked whole; which cells it keeps; cut sides.

    ``feats`` and ``ranked`` (best, confidence, order) are updated in place where the kept cells are cut again.
    """
    from cnfsweep.formats.picture.grid import cut_sides

    best, confidence, order = ranked
    width, height = image.size
    grid, keep = _trim(grid, (best <= FAR) & (confidence >= SURE))
    if not keep.all() and min(grid.rows, grid.cols) >= 2:
        # The trimmed grid's outermost lines stand as far out as its cells beside them are wide (Axis.part):
        # the band trimmed off may have pulled the line between it and the board onto the board's frame (a
        # link's underline a pitch below JSMinesweeper's board).  Its cells are cut again between them.
        feats[keep] = again = cell_features(image, grid)
        best[keep], confidence[keep], order[keep] = _ranked(again, _distances(again, known), known, labels, classes)
    if min(grid.rows, grid.cols) < 2:
        # A board has two cells each way at least: a strip of one that reads as cells is a band of some
        # other picture (a hex board whose grid was not found, a column of grey buttons), never a board.
        raise _no_board(width, height, source, f"the cells read make a {grid.rows}x{grid.cols} strip; ")
    beyond = _square_beyond(image, grid, known, labels, classes)
    if beyond:
        raise BoardFormatError(
            f"cells go on past the {grid.rows}x{grid.cols} grid found, at its {' and '.join(beyond)}: "
            "expected a screenshot whose grid lines show (a blurred or heavily compressed picture hides them)",
            source=source,
        )
    # Cut only now: a band the trimming left out is no part of the board, a board's own row is, and
    # its lines run on past the cells kept, which says the picture was cut there.
    return grid, keep, cut_sides(gray, grid)


def _unknown_skin(
    feats: np.ndarray, grid: Grid, source: str
) -> tuple[str, list[str], np.ndarray, np.ndarray, np.ndarray] | None:
    """A board of no known skin read whole by structure and the classic colours: skin, classes, best, confidence, order.

    None where those do not read it whole; an error naming the cell where the colours read it and a number's
    shape does not.
    """
    np, _ = _libraries()
    from cnfsweep.formats.picture.generic import numbers_fit, read_board

    cells = feats.reshape(-1, SIDE, SIDE, 3)
    named = read_board(cells, grid.cols, _known_shapes())
    if all(label is not None for label in named) and numbers_fit(named, grid.cols):
        classes = sorted({label for label in named if label is not None})
        order = np.asarray([[classes.index(label or "")] for label in named])
        return "generic", classes, np.zeros(len(named)), np.full(len(named), SURE), order
    by_colour = read_board(cells, grid.cols)
    if all(label is not None for label in by_colour) and numbers_fit(by_colour, grid.cols):
        # The colours alone read the board; a number's shape said otherwise.  That number is the cell to
        # name: the known skins' cells, none of them this skin's, say nothing of it.
        i = next(i for i, (a, b) in enumerate(zip(by_colour, named, strict=True)) if b is None and a != "0")
        r, c = divmod(i, grid.cols)
        raise BoardFormatError(
            f"cannot read the cell at row {r + 1}, column {c + 1} of a {grid.rows}x{grid.cols} board "
            f"(no known skin; its ink's colour is the classic {by_colour[i]}'s, its shape is not a {by_colour[i]})",
            source=source,
        )
    return None


def _rows_read(
    grid: Grid | HexGrid,
    classes: list[str],
    ranked: tuple[np.ndarray, np.ndarray, np.ndarray],
    unread: np.ndarray,
    shaped: np.ndarray,
    source: str,
) -> tuple[tuple[tuple[Seen, ...], ...], tuple[tuple[float, ...], ...]]:
    """The cells read and their confidence, row by row; the first cell unread is an error naming it and why."""
    np, _ = _libraries()
    best, confidence, order = ranked
    for i in np.flatnonzero(unread)[:1]:
        r, c = divmod(int(i), grid.cols)
        why = (
            "like no cell of a known skin"
            if best[i] > FAR
            else f"a {classes[order[i, 0]]} by its colours, shaped like a number its skin's pictures lack"
            if shaped[i]
            else f"between {Seen(classes[order[i, 0]]).name.lower()} and {Seen(classes[order[i, 1]]).name.lower()}"
        )
        raise BoardFormatError(
            f"cannot read the cell at row {r + 1}, column {c + 1} of a {grid.rows}x{grid.cols} board ({why}, confidence {confidence[i]:.2f})",
            source=source,
        )
    cols = grid.cols
    rows = tuple(tuple(Seen(classes[k]) for k in order[r * cols : (r + 1) * cols, 0]) for r in range(grid.rows))
    sure = tuple(tuple(float(v) for v in confidence[r * cols : (r + 1) * cols]) for r in range(grid.rows))
    return rows, sure


def _counter_read(
    image: Any, gray: np.ndarray, grid: Grid | HexGrid, skin: str, rows: tuple[tuple[Seen, ...], ...]
) -> int | None:
    """The mines counter the picture shows, as mines less flags; None where it shows none that reads."""
    np, _ = _libraries()
    from cnfsweep.formats.picture.counter import find_counter
    from cnfsweep.formats.picture.segments import read_segments

    top = grid.y0 if isinstance(grid, HexGrid) else grid.y.start
    # The page's LED box by its known digits; failing that, a seven-segment display by its lit segments.
    counter = find_counter(np.asarray(image), top, *_known_digits()) or read_segments(np.asarray(image), top)
    if counter is not None and counter.value is not None:
        return counter.value
    if isinstance(grid, Grid):
        # No counter drawn as digits above the board: a skin that writes its count as text, beside it.
        return text_counter(gray, grid, skin, rows)
    return None


def _skin_of(feats: np.ndarray, hexes: bool, source: str) -> tuple[str, np.ndarray, np.ndarray, np.ndarray]:
    """The known skin whose pictures lie nearest the cells, all told; its pictures, their labels, and each cell's distances to them."""
    np, _ = _libraries()
    known, labels, skins = _known()
    # A hexagon's middle is compared with hexagons' middles only, a square cell with square cells.
    shape = np.char.endswith(skins.astype(str), HEX) == hexes
    if not shape.any():
        raise BoardFormatError(f"no known skin draws {'hexagons' if hexes else 'square cells'}", source=source)
    known, labels, skins = known[shape], labels[shape], skins[shape]
    dist = _distances(feats, known)
    skin_names = sorted(set(skins.tolist()))
    totals = [dist[:, skins == s].min(axis=1).sum() for s in skin_names]
    skin = skin_names[int(np.argmin(totals))]
    mine = skins == skin
    return skin, known[mine], labels[mine], dist[:, mine]


def read_picture(data: bytes, source: str = "<picture>") -> Reading:
    """Read the board a screenshot shows.

    Raises
    ------
    BoardFormatError
        In one line, naming ``source``: for bytes that are no PNG, JPEG or BMP; without the ``image`` extra
        (:class:`ExtraMissing`); for a file that is no picture; for a
        picture with no board in it, or a board cut off at its edge; for a cell that cannot be read
        (naming its row and column, from 1).
    """
    if not is_picture(data):
        raise BoardFormatError(
            "not a picture: expected a PNG, JPEG or BMP screenshot (text boards need no reading)", source=source
        )
    np, _ = _libraries()
    image = decode(data, source)
    width, height = image.size
    if min(width, height) < 2 * MIN_PITCH:  # a board has two cells each way at least, each MIN_PITCH wide or more
        raise _no_board(width, height, source)
    gray = gray_of(image)
    edges = Edges.of(gray)
    grid = _find_board(gray, edges, source)
    if isinstance(grid, HexGrid):
        grid, feats, (skin, known, labels, dist) = _hex_board(image, gray, edges, grid, source)
    else:
        feats = cell_features(image, grid)
        skin, known, labels, dist = _skin_of(feats, False, source)
    classes = sorted(set(labels.tolist()))
    best, confidence, order = _ranked(feats, dist, known, labels, classes)
    if isinstance(grid, HexGrid):
        keep = np.ones(len(best), dtype=bool)
        cut = _hex_beyond(edges, grid, _hex_cells(image, known, labels, classes))
        if cut:
            raise BoardFormatError(
                f"hexagons go on past the {grid.rows}x{grid.cols} grid found, at its {' and '.join(cut)}: "
                "expected the whole board in the screenshot, its grid found whole",
                source=source,
            )
    else:
        grid, keep, cut = _squares_kept(
            image, gray, grid, feats, known, labels, classes, (best, confidence, order), source
        )
    if cut:
        raise BoardFormatError(
            f"the board runs off the picture's {' and '.join(cut)} edge: expected the whole board in the screenshot",
            source=source,
        )
    best, confidence, order = best[keep], confidence[keep], order[keep]
    unread = (best > FAR) | (confidence < SURE)
    shaped = np.zeros(len(unread), dtype=bool)
    if isinstance(grid, Grid):
        shaped = _shaped_unlearnt(feats[keep], [classes[k] for k in order[:, 0]], classes) & ~unread
        unread |= shaped
    if unread.any() and isinstance(grid, Grid) and keep.all():
        # A skin not known: read by structure and the classic colours instead, whole or not at all; only on the
        # grid as found, since trimming it by the known skins' cells says nothing of an unknown skin's board.
        generic = _unknown_skin(feats, grid, source)
        if generic is not None:
            skin, classes, best, confidence, order = generic
            unread = np.zeros(len(best), dtype=bool)
    if unread.any():
        # Not an unknown skin's board, or not one its conventions read whole: cells something lies over, maybe.
        order, confidence, unread = _overlaid(
            image, grid, feats[keep], known, labels, classes, order, confidence, unread
        )
    rows, sure = _rows_read(grid, classes, (best, confidence, order), unread, shaped, source)
    return Reading(
        grid=grid,
        cells=rows,
        confidence=sure,
        skin=str(skin),
        glued=isinstance(grid, Grid) and _glued(image, grid),
        counter=_counter_read(image, gray, grid, str(skin), rows),
    )
