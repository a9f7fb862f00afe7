"""Cells read through a translucent box laid over part of a board, such as a page's hover box with its text.

A box drawn at opacity ``a`` in colour ``C`` turns every pixel ``T`` below it into ``a C + (1 - a) T``: one
:class:`Blend` for the whole box.  It is fitted once per box (:func:`blend_fit`), from the cells around it read for
sure, whose pixels below are the picture's own cell of their class (the median of its other cells of that class:
drawn at its own scale, they match its cells to a level or two, where pictures learnt from other screenshots
stray by 10 to 20).  The box's extent is then the rectangle (:func:`box_extent`) where the picture departs from
those cells the way the blend says.  Each cell left unread under it is compared with every picture of the skin as
the box would show it (blended inside the box, as drawn outside it, anything between the two along the box's
edge and corners, where a shrunk pixel is covered in part), leaving out the pixels the blend cannot make (the
box's opaque text) and those far from every picture; it is read only where the nearest class is near and every
other well further off (:func:`_decide`), else it stays unread.  A group of unread cells with no box found is
compared so with the pictures as drawn, its cells read only where that decides them.

Fitting each cell's blend on its own lets a wrong class find some blend that fits; one blend for the box, held
by the cells read without it, leaves a cell no such freedom.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cnfsweep.formats.picture.grid import Grid
from cnfsweep.formats.picture.shrink import shrink_between

__all__ = ["Blend", "blend_fit", "box_extent", "read_through_boxes"]

#: Most share of a board's cells that may be unread for a box to be looked for over them.
MOST = 0.2
#: How many cells beyond the unread ones a box may reach, each way.
REACH = 3
#: Least (root mean square, 0-255) by which a pixel of a cell read for sure must depart from its known picture
#: to be taken as perhaps under the box when the blend is fitted.
DEPART = 5.0
#: Furthest (root mean square, 0-255) a pixel may lie from what the blend makes of its known picture and fit it.
FITS = 16.0
#: The fit's tries at the share of the picture below that shows through (one less the box's opacity).
THROUGH = np.arange(0.05, 0.951, 0.025)
#: Most pixels over one colour below (32 levels a colour) that count towards a blend's fit.
VOUCH = 8
#: Least pixels that must fit one blend for a box to be taken as there.
FIT_PIXELS = 24
#: Least cells of a class, read and not beside an unread cell, that make the picture's own picture of it.
OWN = 2
#: Least spread (standard deviation of brightness, 0-255) of the known pictures below the fitted pixels: a blend
#: over one flat colour says the box's colour times its opacity, not the two apart.
FIT_SPREAD = 10.0
#: Least difference in brightness (0-255) between two colours below that fix a blend on their own (a box over open
#: cells and the grid lines between them): a pair as far apart as the least spread (:data:`FIT_SPREAD`) of many.
LEVELS = 2 * FIT_SPREAD
#: Least evidence (pixels that fit the blend and not the picture drawn bare, less those the other way) a box must
#: gather.
EVIDENCE = 24
#: Least (root mean square, 0-255) by which a pixel must lie nearer its picture boxed than bare, or the other way,
#: to say whether the box covers it.
APART = 6.0
#: What a pixel that says nothing of the box counts against it.
UNSAID = 0.05
#: How far (0-255 on any colour) a pixel may lie outside what the blend can make of any colour below it and still
#: be taken for the box: further, and it is the box's own opaque drawing (its text).
GAMUT = 24.0
#: Shrunk pixels each side of the box's edge whose cover is not known: a shrunk pixel there may be covered in part.
EDGE = 1
#: Shrunk pixels from each of the box's corners, along both sides, whose cover is not known (rounded corners).
CORNER = 4
#: Furthest (root mean square over its colours, 0-255) a cell's pixel may lie from a known picture's, as the box
#: shows it, and be drawn like it (as :data:`~cnfsweep.formats.picture.read.LIKE`).
LIKE = 30.0
#: Furthest (root mean square over the pixels left, 0-255) a cell may lie from its class's picture and be read.
NEAR = 20.0
#: Least (root mean square over the pixels left, 0-255) by which every other class must lie further off.
GAP = 8.0
#: Least share of a cell's pixels the box and its text must leave to be compared.
SEEN = 0.15
#: Most share of the pixels left that the class read may fail to draw.
MISS = 0.05
#: Least confidence (the runner-up class's distance over the sum of both) a cell is read with.
SURE = 0.75
#: Least share of the pixels left, in a cell read for sure beside an unread one under the box, that its own class's
#: picture must draw as the box shows it: where the cells read say the box is not what was found, none is read.
HOLDS = 0.9


@dataclass(frozen=True)
class Blend:
    """A translucent box: what it adds to each colour (``lift``, its colour times its opacity) and the share of the
    picture below that shows through (``through``, one less its opacity): a pixel ``T`` under it shows
    ``lift + through * T``."""

    lift: tuple[float, float, float]
    through: float

    def over(self, below: np.ndarray) -> np.ndarray:
        """What the box shows over ``below`` (colours last)."""
        return np.asarray(self.lift, dtype=np.float32) + self.through * below

    def foreign(self, seen: np.ndarray, slack: float = GAMUT) -> np.ndarray:
        """Which pixels of ``seen`` (colours last) the box cannot show over any colour: its own opaque drawing."""
        lift = np.asarray(self.lift, dtype=np.float32)
        return np.asarray(((seen < lift - slack) | (seen > lift + self.through * 255.0 + slack)).any(axis=-1))


def _rms(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Root mean square over the last axis (the colours)."""
    return np.asarray(np.sqrt(((a - b) ** 2).mean(axis=-1)))


def _to_segment(seen: np.ndarray, bare: np.ndarray, boxed: np.ndarray) -> np.ndarray:
    """Root mean square distance of each pixel from the colours between ``bare`` and ``boxed`` (a box covering part)."""
    step = boxed - bare
    length = (step**2).sum(axis=-1)
    t = np.where(length > 0, ((seen - bare) * step).sum(axis=-1) / np.where(length > 0, length, 1.0), 0.0)
    t = np.clip(t, 0.0, 1.0)
    return _rms(seen, bare + t[..., None] * step)


def blend_fit(seen: np.ndarray, below: np.ndarray) -> Blend | None:
    """The one blend most of the pixels ``seen`` (n x 3) make of what lies ``below`` them (n x 3), or None.

    Each share shown through is tried (:data:`THROUGH`) with the lift the pixels' median gives, and the one most
    pixels fit within :data:`FITS` is refined by least squares on those: pixels of the box's text and of
    cells not under it at all fit no blend and are left out.  None where too few pixels fit, or where those
    lie over too few colours to tell the box's colour from its opacity (:data:`FIT_SPREAD`): three colours below
    each vouching in full, or two far apart (:func:`_two_levels`, a box over open cells and the grid lines
    between them).
    """
    if len(seen) < FIT_PIXELS:
        return None
    # Over one colour below, every share shown through fits with some lift: a blend is told by how many colours
    # below it fits, each counted up to VOUCH pixels, so a wide flat tile under the box does not outvote the rest.
    # A pixel fits a blend only where the blend says it better than the picture below bare does: a blend that
    # shows nearly all through would otherwise fit every pixel a little off its picture.
    bare = _rms(seen, below)
    colour = np.floor(below / 32.0).astype(np.int64) @ np.asarray([64, 8, 1])
    best: tuple[float, float, np.ndarray, np.ndarray] = (0.0, 0.0, np.zeros(3), np.zeros(len(seen)))
    for through in THROUGH:
        lift = _mode(seen - through * below, colour)
        boxed = _rms(seen, lift + through * below)
        fits = (boxed <= FITS) & (boxed <= bare - APART)
        # Each pixel vouches by how much nearer the blend brings it than bare, up to a blend's worth (FITS).
        gain = np.where(fits, np.minimum(bare - boxed, 2 * FITS), 0.0)
        score = float(np.minimum(np.bincount(colour, weights=gain, minlength=512), VOUCH * FITS).sum())
        if score > best[0]:
            best = (score, float(through), lift, gain)
    if best[0] < FIT_PIXELS * FITS and not _two_levels(below, colour, best[3]):
        return None
    _, through, lift, _ = best
    for near in (FITS, FITS, FITS / 2, FITS / 2):
        boxed = _rms(seen, lift + through * below)
        inliers = (boxed <= near) & (boxed <= bare - APART)
        if inliers.sum() < FIT_PIXELS or below[inliers].mean(axis=1).std() < FIT_SPREAD:
            return None
        # seen = lift + through * below, each colour its own lift and one through: least squares on the inliers.
        # Each colour below weighs as much as VOUCH pixels at most, as in the search: else a flat tile's many pixels,
        # which say only lift + through * its colour, would pull the share through any way the few others let them.
        s, b = seen[inliers], below[inliers]
        counts = np.bincount(colour[inliers], minlength=512)[colour[inliers]]
        weight = np.sqrt(np.minimum(1.0, VOUCH / counts))
        rows = np.zeros((3 * len(s), 4))
        for c in range(3):
            rows[c::3, c] = weight
            rows[c::3, 3] = b[:, c] * weight
        solved = np.linalg.lstsq(rows, (s * weight[:, None]).reshape(-1), rcond=None)[0]
        lift, through = solved[:3], float(solved[3])
    if not THROUGH[0] <= through <= THROUGH[-1]:
        return None
    return Blend(lift=(float(lift[0]), float(lift[1]), float(lift[2])), through=through)


def _two_levels(below: np.ndarray, colour: np.ndarray, gain: np.ndarray) -> bool:
    """Whether two colours below, :data:`LEVELS` apart in brightness, each vouch a full :data:`VOUCH` pixels' worth
    (``gain``, as the fit counts it) for a blend.

    A box over one class of cell alone (open cells, their grid lines showing through it as the cell's rim) lies
    over two colours only: two levels, each seen through the box, fix its colour and opacity as surely as three
    (two equations, two unknowns a colour), where they lie far enough apart.
    """
    full = []
    for bin_ in np.flatnonzero(np.bincount(colour, weights=gain, minlength=512) >= VOUCH * FITS):
        mine = (colour == bin_) & (gain > 0)
        full.append(float(below[mine].mean()))
    return len(full) >= 2 and max(full) - min(full) >= LEVELS


def _mode(lifts: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """The lift most of ``lifts`` (n x 3) lie near, over most colours below (``colour``, a bin each): the middle of
    the cube of :data:`FITS` on a side whose pixels, each colour below counted up to :data:`VOUCH`, are most.

    Not their median: the box's text and the cells beside the box may be most of the pixels, and the box's
    own pixels, all of one lift, a minority.  Nor the fullest cube: the edge of a tile drawn against another
    is one colour below and one colour seen all along it, one lift for any share shown through.
    """
    keys = np.floor(lifts / FITS).astype(np.int64)
    best, most = keys[0], -1.0
    # Each cube of two bins a side (so a lift near a bin's edge counts with its neighbours), its pixels counted.
    for shift in np.ndindex(2, 2, 2):
        cubes = np.floor_divide(keys - np.asarray(shift), 2)
        found, where = np.unique(cubes, axis=0, return_inverse=True)
        pairs, counts = np.unique(np.stack([where.reshape(-1), colour]), axis=1, return_counts=True)
        score = np.bincount(pairs[0], weights=np.minimum(counts, VOUCH), minlength=len(found))
        k = int(np.argmax(score))
        if score[k] > most:
            most = float(score[k])
            best = found[k] * 2 + np.asarray(shift)
    inside = ((keys >= best) & (keys <= best + 1)).all(axis=1)
    return np.asarray(np.median(lifts[inside], axis=0))


def box_extent(evidence: np.ndarray) -> tuple[int, int, int, int, float]:
    """The rectangle (top, bottom, left, right; half open) of ``evidence`` (a 2-d array) whose sum is greatest, and that sum.

    Every pair of top and bottom rows at once: the columns' sums between them, then the best run of columns
    by the least prefix sum before each end.
    """
    h, w = evidence.shape
    prefix = np.vstack([np.zeros((1, w)), np.cumsum(evidence, axis=0)])
    tops, bottoms = np.triu_indices(h + 1, k=1)
    cols = prefix[bottoms] - prefix[tops]  # pairs x columns
    runs = np.hstack([np.zeros((len(cols), 1)), np.cumsum(cols, axis=1)])
    lows = np.minimum.accumulate(runs, axis=1)
    gain = runs[:, 1:] - lows[:, :-1]
    pair, right = np.unravel_index(int(np.argmax(gain)), gain.shape)
    left = int(np.argmin(runs[pair, : right + 1]))
    return int(tops[pair]), int(bottoms[pair]), left, int(right) + 1, float(gain[pair, right])


def _rim(side: int) -> np.ndarray:
    """Which pixels of a cell shrunk to ``side`` square lie on its rim, the outermost ring."""
    rim = np.zeros((side, side), dtype=bool)
    rim[[0, -1], :] = True
    rim[:, [0, -1]] = True
    return rim


def _clusters(unread: np.ndarray, rows: int, cols: int) -> list[list[int]]:
    """The unread cells in groups, each cell within two cells (either way) of another of its group."""
    left = {int(i) for i in np.flatnonzero(unread)}
    groups: list[list[int]] = []
    while left:
        first = min(left)
        left.discard(first)
        group, todo = [first], [first]
        while todo:
            r, c = divmod(todo.pop(), cols)
            for rr in range(max(0, r - 2), min(rows, r + 3)):
                for cc in range(max(0, c - 2), min(cols, c + 3)):
                    if rr * cols + cc in left:
                        left.discard(rr * cols + cc)
                        group.append(rr * cols + cc)
                        todo.append(rr * cols + cc)
        groups.append(sorted(group))
    return groups


@dataclass(frozen=True)
class _Scene:
    """What every group of unread cells of one picture is read against (see :func:`read_through_boxes`).

    The first ``own`` of ``known`` are the picture's own cell pictures (:func:`_own_pictures`).
    """

    image: np.ndarray
    grid: Grid
    feats: np.ndarray
    known: np.ndarray
    labels: np.ndarray
    classes: list[str]
    order: np.ndarray
    unread: np.ndarray
    side: int
    own: int


def read_through_boxes(
    image: np.ndarray,
    grid: Grid,
    feats: np.ndarray,
    known: np.ndarray,
    labels: np.ndarray,
    classes: list[str],
    order: np.ndarray,
    unread: np.ndarray,
    side: int,
) -> dict[int, tuple[int, float] | None]:
    """The ``unread`` cells under a translucent box, each with its class's index and confidence, or None where the
    box leaves it undecided; with no box found, the cells the pictures as drawn decide (see the module's text).

    ``image`` is the picture's pixels (rows x columns x 3), ``feats`` every cell shrunk to ``side`` pixels square
    (row-major), ``known`` and ``labels`` the skin's known pictures and their classes, ``order`` each cell's
    classes by nearness (the first is the class of a cell read).  Each group of unread cells near one another
    is one box's, found and fitted on its own.
    """
    if unread.sum() > MOST * unread.size:
        return {}  # a board mostly unread is a skin not known, not a board a box lies over
    own, own_labels = _own_pictures(feats, classes, order, unread, grid)
    known, labels = np.vstack([own, known]), np.concatenate([own_labels, labels])
    scene = _Scene(image, grid, feats, known, labels, classes, order, unread, side, len(own))
    read: dict[int, tuple[int, float] | None] = {}
    for group in _clusters(unread, grid.rows, grid.cols):
        read.update(_read_group(scene, group))
    return read


def _own_pictures(
    feats: np.ndarray, classes: list[str], order: np.ndarray, unread: np.ndarray, grid: Grid
) -> tuple[np.ndarray, np.ndarray]:
    """The picture's own cell pictures: each class's cells read, not beside an unread cell, their median pixel by
    pixel (a box over some of them moves the median little), where :data:`OWN` of them are; and their classes.

    Drawn at the picture's own scale and place in the cell, they lie nearer its cells than pictures learnt from
    other screenshots, whose pixels stray by 10 to 20 where a tile's edge falls between shrunk pixels differently.
    """
    rows, cols = grid.rows, grid.cols
    near = np.zeros((rows, cols), dtype=bool)
    for i in np.flatnonzero(unread):
        r, c = divmod(int(i), cols)
        near[max(0, r - 1) : r + 2, max(0, c - 1) : c + 2] = True
    away = ~near.reshape(-1)
    pictures, names = [], []
    for k, name in enumerate(classes):
        mine = away & (order[:, 0] == k)
        if mine.sum() >= OWN:
            pictures.append(np.median(feats[mine], axis=0))
            names.append(name)
    width = feats.shape[1]
    return np.asarray(pictures, dtype=np.float32).reshape(-1, width), np.asarray(names, dtype=str)


def _read_group(scene: _Scene, group: list[int]) -> dict[int, tuple[int, float] | None]:
    """One group of unread cells read through the box over them (see :func:`read_through_boxes`)."""
    image, grid, feats, known, labels = scene.image, scene.grid, scene.feats, scene.known, scene.labels
    classes, order, unread, side, own = scene.classes, scene.order, scene.unread, scene.side, scene.own
    cols = grid.cols
    r0 = max(0, min(i // cols for i in group) - REACH)
    r1 = min(grid.rows, max(i // cols for i in group) + REACH + 1)
    c0 = max(0, min(i % cols for i in group) - REACH)
    c1 = min(cols, max(i % cols for i in group) + REACH + 1)
    h, w = r1 - r0, c1 - c0
    cells = [r * cols + c for r in range(r0, r1) for c in range(c0, c1)]
    seen = feats[cells].reshape(h, w, side, side, 3).transpose(0, 2, 1, 3, 4).reshape(h * side, w * side, 3)
    # Below each cell read for sure: its class's own picture.  A class the picture has too few cells of to make one
    # is left out: the known pictures of it, drawn from other screenshots, stray from this one's cells by 10 to 20
    # a pixel, as far as a box's blend moves some.
    below = np.zeros_like(seen)
    sure = np.zeros(seen.shape[:2], dtype=bool)
    pictures = known.reshape(len(known), side, side, 3)
    for k, i in enumerate(cells):
        mine = np.flatnonzero(labels == classes[order[i, 0]])
        if unread[i] or mine[0] >= own:
            continue
        r, c = divmod(k, w)
        below[r * side : (r + 1) * side, c * side : (c + 1) * side] = pictures[mine[0]]
        sure[r * side : (r + 1) * side, c * side : (c + 1) * side] = True
    bare = _rms(seen, below)
    rim = np.tile(_rim(side), (h, w))
    chosen = sure & (bare > DEPART)
    blend = blend_fit(seen[chosen], below[chosen])
    if blend is None:
        return _bare_read(seen, pictures, labels, classes, unread, cells, w, side)
    boxed = _rms(seen, blend.over(below))
    unread_pixels = np.zeros(seen.shape[:2], dtype=bool)
    # Below an unread cell any known picture may lie: the nearest bare and the nearest boxed speak for it.
    for k, i in enumerate(cells):
        if unread[i]:
            r, c = divmod(k, w)
            ys, xs = slice(r * side, (r + 1) * side), slice(c * side, (c + 1) * side)
            unread_pixels[ys, xs] = True
            boxed[ys, xs] = _rms(seen[None, ys, xs], blend.over(pictures)).min(axis=0)
            bare[ys, xs] = _rms(seen[None, ys, xs], pictures).min(axis=0)
    evidence = _evidence(seen, bare, boxed, blend, sure, unread_pixels, rim)
    top, bottom, left, right, gathered = box_extent(evidence)
    if gathered < EVIDENCE:
        return _bare_read(seen, pictures, labels, classes, unread, cells, w, side)
    cover, reach = _cover(evidence, top, bottom, left, right)
    hidden = _text(image, grid, blend, (r0, c0), reach, side, seen.shape[:2])
    # Every known picture as the box would show it here: (pictures) x height x width shrunk pixels.
    read: dict[int, tuple[int, float] | None] = {}
    checks = []
    for k, i in enumerate(cells):
        r, c = divmod(k, w)
        ys, xs = slice(r * side, (r + 1) * side), slice(c * side, (c + 1) * side)
        if not (cover[ys, xs] != 0).any():
            continue
        off = _offs(seen[ys, xs], pictures, blend, cover[ys, xs])
        left_seen = ~hidden[ys, xs] & ~(off > LIKE).all(axis=0)
        if unread[i]:
            read[i] = _decide(off, left_seen, labels, classes, side)
        else:
            checks.append((i, off, left_seen))
    for i, off, left_seen in checks:
        # The cells read for sure under the box must still be read so through it: else the box found is not the box.
        mine = labels == classes[order[i, 0]]
        if left_seen.sum() and (off[mine][:, left_seen] <= LIKE).mean(axis=1).max() < HOLDS:
            return {}
    return read


def _evidence(
    seen: np.ndarray,
    bare: np.ndarray,
    boxed: np.ndarray,
    blend: Blend,
    sure: np.ndarray,
    unread_pixels: np.ndarray,
    rim: np.ndarray,
) -> np.ndarray:
    """Each shrunk pixel's say on whether the box lies over it: 1 in, -1 out, ``-UNSAID`` a little against.

    ``bare`` and ``boxed`` are each pixel's distance to the picture below it as drawn and as the box would show it.
    """
    # A pixel nearer its picture boxed than bare is in the box, nearer it bare outside; the box's own drawing is in
    # it.  A pixel that says neither counts a little against the box: the box found is the least the pixels that
    # speak need, never grown over pixels that do not.
    speaks = (np.minimum(bare, boxed) <= FITS) & (np.abs(bare - boxed) >= APART)
    evidence = np.where(speaks, np.sign(bare - boxed), -UNSAID)
    # Nor does a tile's rim: its edge is drawn as its neighbours are (the board's frame beside the last column),
    # which no one picture of it says, and a whole side of a cell so drawn would outweigh a box's corner.
    evidence[rim | (~sure & ~unread_pixels)] = -UNSAID
    # In an unread cell some picture of all may fit a pixel bare by chance (the box's dark text, a mine's): only
    # the cells read say where the box is not.
    evidence[unread_pixels & (evidence < 0)] = -UNSAID
    # A pixel no picture below explains and the blend cannot make is the box's own drawing, in it: where the picture
    # below is known (a cell read, of a class the picture has its own picture of) or any may lie (a cell unread).
    evidence[(sure | unread_pixels) & ~rim & ~speaks & (bare > FITS) & blend.foreign(seen)] = 1.0
    return evidence


def _cover(
    evidence: np.ndarray, top: int, bottom: int, left: int, right: int
) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """Which shrunk pixels the box found covers whole (1), not at all (0), or perhaps in part (-1: the edge, the
    corners); and the rows and columns its edge reaches (top, bottom, left, right, the ends past it).

    The edge reaches out over every row and column beside the box that no pixel says is outside it (a tile's rim).
    """
    outside = evidence <= -1
    up, down, before, after = top - EDGE, bottom + EDGE, left - EDGE, right + EDGE
    while up > 0 and not outside[up - 1, left:right].any():
        up -= 1
    while down < len(outside) and not outside[down, left:right].any():
        down += 1
    while before > 0 and not outside[top:bottom, before - 1].any():
        before -= 1
    while after < outside.shape[1] and not outside[top:bottom, after].any():
        after += 1
    cover = np.zeros(evidence.shape, dtype=np.int8)
    cover[max(0, up) : down, max(0, before) : after] = -1
    cover[top + EDGE : bottom - EDGE, left + EDGE : right - EDGE] = 1
    for y in (range(top, min(bottom, top + CORNER)), range(max(top, bottom - CORNER), bottom)):
        for x in (range(left, min(right, left + CORNER)), range(max(left, right - CORNER), right)):
            cover[y.start : y.stop, x.start : x.stop] = -1
    return cover, (max(0, up), down, max(0, before), after)


def _bare_read(
    seen: np.ndarray,
    pictures: np.ndarray,
    labels: np.ndarray,
    classes: list[str],
    unread: np.ndarray,
    cells: list[int],
    w: int,
    side: int,
) -> dict[int, tuple[int, float] | None]:
    """With no box found, the unread cells of a region read against the pictures as drawn, the picture's own among
    them, leaving out the pixels far from every picture (something opaque over the cell); only the cells so read."""
    read: dict[int, tuple[int, float] | None] = {}
    for k, i in enumerate(cells):
        if not unread[i]:
            continue
        r, c = divmod(k, w)
        off = _rms(seen[None, r * side : (r + 1) * side, c * side : (c + 1) * side], pictures)
        found = _decide(off, np.asarray(~(off > LIKE).all(axis=0)), labels, classes, side)
        if found is not None:
            read[i] = found
    return read


def _offs(seen: np.ndarray, pictures: np.ndarray, blend: Blend, cover: np.ndarray) -> np.ndarray:
    """Each known picture's distance from a cell's pixels, pixel by pixel, as the box shows it (pictures x side x side)."""
    bare = _rms(seen[None], pictures)
    boxed_pictures = blend.over(pictures)
    boxed = _rms(seen[None], boxed_pictures)
    part = _to_segment(seen[None], pictures, boxed_pictures)
    return np.where(cover[None] == 1, boxed, np.where(cover[None] == 0, bare, part))


def _decide(
    off: np.ndarray, left_seen: np.ndarray, labels: np.ndarray, classes: list[str], side: int
) -> tuple[int, float] | None:
    """A cell's class by the pixels the box leaves (``left_seen``), and how sure; None where they do not decide it.

    Each class is held to its picture nearest the pixels left (root mean square over them).  The nearest class
    must lie within :data:`NEAR` of them and draw all but :data:`MISS` of them like it (:data:`LIKE`), and every
    other class lie :data:`GAP` further off and :data:`SURE` as sure (the other's distance over the sum of both).
    """
    pixels = side * side
    count = int(left_seen.sum())
    if count < SEEN * pixels:
        return None
    off = off[:, left_seen]
    rms = np.sqrt((off**2).mean(axis=1))
    pick = [np.flatnonzero(labels == k)[int(np.argmin(rms[labels == k]))] for k in classes]
    rms, off = rms[pick], off[pick]
    ranked = np.argsort(rms)
    best, other = int(ranked[0]), int(ranked[1])
    if rms[best] > NEAR or (off[best] > LIKE).mean() > MISS or rms[other] - rms[best] < GAP:
        return None
    sure = float(rms[other] / (rms[best] + rms[other]))
    if sure < SURE:
        return None
    return best, 0.5 + (sure - 0.5) * count / pixels


def _text(
    image: np.ndarray,
    grid: Grid,
    blend: Blend,
    corner: tuple[int, int],
    box: tuple[int, int, int, int],
    side: int,
    shape: tuple[int, int],
) -> np.ndarray:
    """Which shrunk pixels of the region (from cell ``corner``) any of the box's own opaque drawing touches.

    Looked for in the picture's own pixels, within the box and a shrunk pixel around it: a pixel the blend cannot
    make, and the pixels next to it (its smoothed edge, part drawing and part box), make each shrunk pixel they
    fall in unknown.
    """
    r0, c0 = corner
    top, bottom, left, right = box
    xs = grid.x.places(side)[c0 * side : c0 * side + shape[1] + 1]
    ys = grid.y.places(side)[r0 * side : r0 * side + shape[0] + 1]
    lo_y, hi_y = int(np.floor(ys[top])), int(np.ceil(ys[min(shape[0], bottom)]))
    lo_x, hi_x = int(np.floor(xs[left])), int(np.ceil(xs[min(shape[1], right)]))
    height, width = image.shape[:2]
    lo_y, lo_x, hi_y, hi_x = max(0, lo_y), max(0, lo_x), min(height, hi_y), min(width, hi_x)
    drawn = np.zeros(image.shape[:2], dtype=np.float32)
    own = blend.foreign(image[lo_y:hi_y, lo_x:hi_x].astype(np.float32))
    grown = own.copy()
    grown[1:] |= own[:-1]
    grown[:-1] |= own[1:]
    grown[:, 1:] |= grown[:, :-1].copy()
    grown[:, :-1] |= grown[:, 1:].copy()
    drawn[lo_y:hi_y, lo_x:hi_x] = grown
    # Only the region's span of the picture is shrunk: the places run from its first cell's lines.
    y_lo, y_hi = int(np.floor(ys[0])), int(np.ceil(ys[-1])) + 1
    x_lo, x_hi = int(np.floor(xs[0])), int(np.ceil(xs[-1])) + 1
    part = drawn[max(0, y_lo) : y_hi, max(0, x_lo) : x_hi]
    shrunk = shrink_between(part, xs - max(0, x_lo), ys - max(0, y_lo))
    return np.asarray(shrunk > 0)
