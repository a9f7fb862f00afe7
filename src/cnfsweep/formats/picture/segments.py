"""A counter of seven-segment digits that draws its unlit segments too, read by which segments are lit.

JSMinesweeper (and Arbiter) draw the mines counter as seven-segment digits on a black box: all seven
segments of every digit drawn, the lit ones bright red and the unlit ones dark red.  Such a digit needs no
known pictures.  Its cell is the block of red its seven segments make (the unlit ones give it its whole
width, a 1 included), each segment is looked for where the seven-segment layout puts it, on a few short
lines across it, and the digit is the set of segments lit.  A segment is lit where its red is near the
brightest red of the counter's digits, unlit where it is well under that; one between the two leaves the
counter unread, as does a set of segments that is no digit.

A display that leaves its unlit segments undrawn (xdemineur's: bright red on black) is read by its digits'
places instead (:func:`bare_cells`): its digits stand at one pitch, each as wide as a digit that spans its
whole width (a 0, 2, 8 ...) and each with its right upright lit, so a 1, a narrow stroke at its place's
right, is placed by its right side; a segment with no red there is unlit.  A display with no digit as wide
as a digit, strokes at no one pitch, or a stroke that falls in no place, stays unread.  Works on numpy arrays only.
"""

from __future__ import annotations

import numpy as np

from cnfsweep.formats.picture.counter import Counter, _runs

__all__ = ["bare_cells", "display_cells", "read_segments"]

#: The characters a set of lit segments shows (``a`` the top, then clockwise, ``g`` the middle); 6, 7 and 9
#: each in both the shapes displays use (with and without their tail), none of which is another digit.
DIGITS: dict[frozenset[str], str] = {
    frozenset(segments): char
    for segments, char in [
        ("abcdef", "0"),
        ("bc", "1"),
        ("abdeg", "2"),
        ("abcdg", "3"),
        ("bcfg", "4"),
        ("acdfg", "5"),
        ("acdefg", "6"),
        ("cdefg", "6"),
        ("abc", "7"),
        ("abcf", "7"),
        ("abcdefg", "8"),
        ("abcdfg", "9"),
        ("abcfg", "9"),
        ("g", "-"),
        ("", " "),
    ]
}

#: Where each segment is looked for, in shares of its cell's width (u) and height (v): the lines across it
#: (three, at these places along it) and the stretch each line spans.  A horizontal segment is crossed by
#: short columns, an upright one by short rows; each line reaches from the cell's edge (or the middle)
#: past where the segment's strokes lie in the displays seen, and stops short of the other segments.
SCANS: dict[str, tuple[str, tuple[float, float, float], tuple[float, float]]] = {
    "a": ("column", (0.4, 0.5, 0.6), (0.0, 0.2)),
    "g": ("column", (0.4, 0.5, 0.6), (0.38, 0.62)),
    "d": ("column", (0.4, 0.5, 0.6), (0.8, 1.0)),
    "f": ("row", (0.22, 0.27, 0.32), (0.0, 0.4)),
    "b": ("row", (0.22, 0.27, 0.32), (0.6, 1.0)),
    "e": ("row", (0.68, 0.73, 0.78), (0.0, 0.4)),
    "c": ("row", (0.68, 0.73, 0.78), (0.6, 1.0)),
}

#: A segment whose red is at least this share of the digits' brightest red is lit.
LIT = 0.75
#: A segment whose red is at most this share of the digits' brightest red is unlit (JSMinesweeper's: 96 of 255, 0.38).
UNLIT = 0.5
#: Least height in pixels of a digit's cell: smaller, a segment is a pixel or two and cannot be told.
LEAST_HEIGHT = 10
#: A digit's cell is this many times as tall as it is wide, at least and at most.
ASPECT = (1.2, 3.0)
#: Cells of one display: heights and widths within this share of each other, tops within it of a height.
ALIKE = 0.15
#: Cells of one display stand at most this share of their height apart.
GAP = 0.5


def _ink(rgb: np.ndarray) -> np.ndarray:
    """Pixels of a segment, lit or unlit: clearly red, bright or dark (black and dim reds are not)."""
    r, g, b = (rgb[..., i].astype(np.int16) for i in range(3))
    return (r >= 48) & (r - np.maximum(g, b) >= 40)


def _near(x: float, y: float) -> bool:
    """Whether two lengths are within :data:`ALIKE` of the larger."""
    return abs(x - y) <= ALIKE * max(x, y)


def display_cells(rgb: np.ndarray) -> list[list[tuple[int, int, int, int]]]:
    """The displays of red digit cells in a picture, left to right, each its cells' boxes left to right.

    A cell is a run of columns with red in a band of rows with red, cut to its own red rows, as tall as
    :data:`LEAST_HEIGHT` and shaped as a digit (:data:`ASPECT`); cells alike in size, level with each other and
    close together make one display.
    """
    ink = _ink(rgb)
    cells = []
    for top, bottom in _runs(ink.sum(axis=1) > 0, LEAST_HEIGHT):
        band = ink[top:bottom]
        for left, right in _runs(band.sum(axis=0) > 0, 1):
            rows = np.flatnonzero(band[:, left:right].any(axis=1))
            y0, y1 = top + int(rows[0]), top + int(rows[-1]) + 1
            height, width = y1 - y0, right - left
            if height >= LEAST_HEIGHT and ASPECT[0] <= height / width <= ASPECT[1]:
                cells.append((left, y0, right, y1))
    displays: list[list[tuple[int, int, int, int]]] = []
    for cell in sorted(cells):
        last = displays[-1][-1] if displays else None
        if last is not None and _same_display(last, cell):
            displays[-1].append(cell)
        else:
            displays.append([cell])
    return displays


def _same_display(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Whether cell ``b`` is the next digit after cell ``a`` on one display."""
    height = max(a[3] - a[1], b[3] - b[1])
    return (
        _near(a[3] - a[1], b[3] - b[1])
        and _near(a[2] - a[0], b[2] - b[0])
        and abs(a[1] - b[1]) <= ALIKE * height
        and 0 <= b[0] - a[2] <= GAP * height
    )


#: Most a stroke may stand outside the place the display's pitch gives it (pixels).
SLACK = 1


def bare_cells(rgb: np.ndarray) -> list[list[tuple[int, int, int, int] | None]]:
    """The displays of red digits whose unlit segments are undrawn, left to right, each its digits' places.

    A place is the box a digit fills (None for a place with no red: a blank).  The strokes of red in a band
    of rows make a display where they stand level, alike in height and at most a height apart; its pitch is
    the least step between their right sides, every step a whole number of it, and each stroke must fall
    in one place (:data:`SLACK`).  A display where that fails, or with red level with it just before its
    first digit (a minus sign), is left out.
    """
    ink = _ink(rgb)
    out: list[list[tuple[int, int, int, int] | None]] = []
    for top, bottom in _runs(ink.sum(axis=1) > 0, LEAST_HEIGHT):
        band = ink[top:bottom]
        strokes = []
        for left, right in _runs(band.sum(axis=0) > 0, 1):
            rows = np.flatnonzero(band[:, left:right].any(axis=1))
            strokes.append((left, top + int(rows[0]), right, top + int(rows[-1]) + 1))
        groups: list[list[tuple[int, int, int, int]]] = []
        for stroke in strokes:
            last = groups[-1][-1] if groups else None
            height = stroke[3] - stroke[1]
            if (
                last is not None
                and _near(last[3] - last[1], height)
                and abs(last[1] - stroke[1]) <= ALIKE * height
                and stroke[0] - last[2] <= max(height, last[3] - last[1])
            ):
                groups[-1].append(stroke)
            else:
                groups.append([stroke])
        for group in groups:
            places = _places(group)
            found = [place for place in places or [] if place is not None]
            if places is None or len(found) < 2:
                continue
            left, y0, y1 = found[0][0], found[0][1], found[0][3]
            # Red within a digit's height before the first digit, level with it: a minus sign (the middle segment
            # alone, too short to be a digit), which the display would be read without.
            if any(
                s not in group and left - (y1 - y0) <= s[2] <= left + SLACK and s[1] < y1 and s[3] > y0 for s in strokes
            ):
                continue
            out.append(places)
    return sorted(out, key=lambda places: min(p[0] for p in places if p is not None))


def _places(strokes: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int] | None] | None:
    """The places of a display's digits from its strokes (see :func:`bare_cells`), or None where they give none.

    By the strokes' right sides: every digit but a blank has a right upright lit (a 3 or a 1 lacks its left
    ones), so its right side is its place's; the places are as wide as the widest stroke.
    """
    width = max(s[2] - s[0] for s in strokes)
    top, bottom = min(s[1] for s in strokes), max(s[3] for s in strokes)
    if bottom - top < LEAST_HEIGHT or not ASPECT[0] <= (bottom - top) / width <= ASPECT[1]:
        return None  # no stroke as wide as a digit: nothing says where the segments lie
    rights = [s[2] for s in strokes]
    steps = np.diff(rights)
    if len(steps) == 0 or steps.min() < width:
        return None  # strokes closer than a digit's width: two of them belong to one digit
    pitch = float(steps.min())
    if np.abs(steps / pitch - np.round(steps / pitch)).max() * pitch > SLACK:
        return None
    taken: dict[int, tuple[int, int, int, int]] = {}
    for left, _, right, _ in strokes:
        k = round((right - rights[0]) / pitch)
        place = (round(rights[0] + k * pitch) - width, top, round(rights[0] + k * pitch), bottom)
        if left < place[0] - SLACK or abs(right - place[2]) > SLACK:
            return None
        taken[k] = place
    return [taken.get(k) for k in range(max(taken) + 1)]


def _segment_reds(red: np.ndarray, cell: tuple[int, int, int, int], bare: bool = False) -> dict[str, float] | None:
    """Each segment's red in a cell (the middle of its lines' brightest red pixels), or None where one has no red.

    ``red`` is the picture's red where a segment's colours are (:func:`_ink`), 0 elsewhere.  With ``bare``
    (a display whose unlit segments are undrawn), a segment with no red is unlit: 0.
    """
    left, top, right, bottom = cell
    width, height = right - left, bottom - top
    found = {}
    for segment, (kind, places, (start, end)) in SCANS.items():
        lines = []
        for place in places:
            if kind == "column":
                x = left + min(width - 1, int(place * width))
                line = red[
                    top + int(start * height) : top + max(int(start * height) + 1, int(np.ceil(end * height))), x
                ]
            else:
                y = top + min(height - 1, int(place * height))
                line = red[y, left + int(start * width) : left + max(int(start * width) + 1, int(np.ceil(end * width)))]
            lines.append(float(line.max()))
        found[segment] = float(np.median(lines))
        if found[segment] <= 0 and not bare:
            return None  # no red where a segment belongs: its unlit segments are not drawn, or no digit is
    return found


def read_segments(rgb: np.ndarray, above: float) -> Counter | None:
    """The mines counter as seven-segment digits: the leftmost display of two or more digits wholly above ``above``.

    None where there is no such display, or its digits cannot be read surely (see the module's notes).
    The confidence is 1 where every lit segment is as bright as the brightest and every unlit one black,
    and falls to 0.5 as the segment nearest the line between lit and unlit nears it.
    """
    region = rgb[: max(0, int(above))]
    displays = [cells for cells in display_cells(region) if len(cells) >= 2]
    # The segments' red once for the region, not once a digit.
    red = np.where(_ink(region), region[..., 0], 0).astype(np.float32)
    places: list[tuple[int, int, int, int] | None] = list(displays[0]) if displays else []
    reds = [_segment_reds(red, cell) if cell is not None else None for cell in places]
    bare = not places or any(found is None for found in reds)
    if bare:
        # A segment with no red: a display that leaves its unlit segments undrawn, read by its digits' places.
        undrawn = bare_cells(region)
        if not undrawn:
            return None
        places = undrawn[0]
        reds = [_segment_reds(red, cell, bare=True) if cell is not None else {} for cell in places]
    if any(found is None for found in reds):
        return None
    values = [value for found in reds if found is not None for value in found.values()]
    brightest = max(values, default=0.0)
    if brightest <= 0 or (not bare and min(values) >= LIT * brightest):
        return None  # no segment unlit: nothing shows what unlit looks like, so lit cannot be told from it
    text, margin = "", 1.0
    for found in reds:
        assert found is not None
        if not found:
            text += " "  # a place with no red: a blank
            continue
        lit = frozenset(s for s, value in found.items() if value >= LIT * brightest)
        if any(UNLIT * brightest < value < LIT * brightest for value in found.values()):
            return None  # a segment neither lit nor unlit
        char = DIGITS.get(lit)
        if char is None:
            return None
        text += char
        for value in found.values():
            share = value / brightest
            margin = min(margin, (share - LIT) / (1 - LIT) if share >= LIT else (UNLIT - share) / UNLIT)
    shown = text.lstrip(" ")
    if not (shown.isdigit() or (shown[:1] == "-" and shown[1:].isdigit())):
        return None  # a blank between digits, a minus sign after one, or nothing lit
    cells = [cell for cell in places if cell is not None]
    left, top = min(c[0] for c in cells), min(c[1] for c in cells)
    right, bottom = max(c[2] for c in cells), max(c[3] for c in cells)
    return Counter(value=int(shown), box=(left, top, right, bottom), confidence=0.5 + 0.5 * margin)
