"""Seven-segment mines counters read from screenshots (issue 40): JSMinesweeper's, by which segments are lit.

JSMinesweeper draws its counter as seven-segment digits, the unlit segments dark red: the reader
(``formats/picture/segments.py``) needs no known pictures of them, so every corpus picture of it is unseen.
The counters are checked against the game's own ``board.bombs_left`` (each label's ``# counter:``) and the
totals they imply against the mines the game was made with (its ``# made:`` line), never against an
earlier reading.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from tests.paths import ROOT

Image = pytest.importorskip("PIL.Image", reason="Pillow is not installed (extra image)")
np = pytest.importorskip("numpy", reason="numpy is not installed (extra image)")

from cnfsweep.core.errors import BoardFormatError  # noqa: E402
from cnfsweep.formats.picture.grid import find_grid  # noqa: E402
from cnfsweep.formats.picture.read import gray_of, read_picture  # noqa: E402
from cnfsweep.formats.picture.segments import read_segments  # noqa: E402

JSM = ROOT / "corpus" / "jsminesweeper"
JSM_ALL = sorted(p.stem for p in JSM.glob("*.png"))


def label_lines(png: Path) -> list[str]:
    """The lines of a corpus picture's label file."""
    return png.with_suffix(".txt").read_text(encoding="utf-8").splitlines()


def counter_label(png: Path) -> int | None:
    """What a label file says the counter shows (``# counter: N``), or None where it says nothing."""
    said = [line.split(":", 1)[1].strip() for line in label_lines(png) if line.startswith("# counter:")]
    return int(said[0]) if said and said[0] != "none" else None


def made_mines(png: Path) -> int:
    """The mines the game was made with, from its label's ``# made:`` line (``16x30/99``, or Tatham's ``30x16n99``)."""
    made = next(line for line in label_lines(png) if line.startswith("# made:"))
    found = re.search(r"\d+x\d+[/n](\d+)", made)
    assert found is not None, made
    return int(found.group(1))


def rgb_of(png: Path) -> np.ndarray:
    """A picture's pixels."""
    with Image.open(png) as im:
        return np.asarray(im.convert("RGB"))


def board_top(rgb: np.ndarray) -> float:
    """Where the board found in a picture starts, as the reader finds it."""
    grid = find_grid(gray_of(Image.fromarray(rgb)))
    assert grid is not None
    return float(grid.y.start)


def png_bytes(rgb: np.ndarray) -> bytes:
    """Pixels as PNG bytes."""
    out = io.BytesIO()
    Image.fromarray(rgb).save(out, format="PNG")
    return out.getvalue()


@pytest.mark.parametrize("name", JSM_ALL)
def test_every_jsminesweeper_counter_is_read(name: str) -> None:
    # Those with the page's box over cells are refused as boards (a hidden cell), so the counter is looked
    # for above the board found, as the reader does.
    png = JSM / f"{name}.png"
    rgb = rgb_of(png)
    counter = read_segments(rgb, board_top(rgb))
    assert counter is not None and counter.value == counter_label(png)
    assert 0.5 <= counter.confidence <= 1


@pytest.mark.parametrize(
    "name", [n for n in JSM_ALL if not any(x.startswith("# hidden:") for x in label_lines(JSM / f"{n}.png"))]
)
def test_a_jsminesweeper_screenshot_gives_its_games_mines(name: str) -> None:
    # The counter shows mines less flags: with the flags read, the total is the game's own mine count.
    png = JSM / f"{name}.png"
    reading = read_picture(png.read_bytes(), name)
    assert reading.counter == counter_label(png)
    assert reading.total_mines == made_mines(png)


def test_without_its_counter_a_jsminesweeper_screenshot_gives_none() -> None:
    png = JSM / "jsm-1.25x-0.png"
    rgb = rgb_of(png)
    top = int(board_top(rgb))
    reading = read_picture(png_bytes(rgb[top - 4 :]), "cut")
    assert reading.counter is None and reading.total_mines is None
    assert len(reading.cells) == 9 and len(reading.cells[0]) == 9  # the board itself still read


def unlit_blacked(rgb: np.ndarray) -> np.ndarray:
    """A picture with its dark red (JSMinesweeper's unlit segments, and their rims) painted black."""
    out = rgb.copy()
    r, g, b = (rgb[..., i].astype(int) for i in range(3))
    out[(r < 200) & (r - np.maximum(g, b) >= 40)] = 0
    return out


def test_undrawn_unlit_segments_are_read_by_the_digits_places() -> None:
    # As xdemineur draws its counter: the 1 is then a narrow stroke, placed by its right side at the pitch of the
    # 0s beside it (it was left unread before, issue 40).
    png = JSM / "jsm-1x-1.png"  # shows 010
    rgb = rgb_of(png)
    counter = read_segments(unlit_blacked(rgb), board_top(rgb))
    assert counter is not None and counter.value == counter_label(png) == 10


XDEMINEUR = sorted((ROOT / "corpus" / "xdemineur").glob("*.png"))


@pytest.mark.parametrize("png", XDEMINEUR, ids=lambda p: p.stem)
def test_xdemineurs_counter_is_read(png: Path) -> None:
    # Its unlit segments undrawn: unread before (issue 40).  Each label's counter was read by eye, and is the
    # game's mines (its ``# made:`` line) less the flags labelled.
    reading = read_picture(png.read_bytes(), png.name)
    flags = sum(row.count("F") for row in reading.labels())
    assert reading.counter == counter_label(png) == made_mines(png) - flags
    assert reading.total_mines == made_mines(png)


def strokes(places: list[tuple[int, int]]) -> np.ndarray:
    """A black picture with red digits 26 pixels tall, each ``(left, width)``, and a grey board below.

    A digit 4 pixels wide is a 1 (a solid stroke); a wider one a 0 (a frame 3 pixels thick, its middle
    segment undrawn, as a display draws it that leaves unlit segments out); a negative width a minus sign
    that wide (a middle segment alone).
    """
    rgb = np.zeros((120, 200, 3), dtype=np.uint8)
    for left, width in places:
        if width < 0:
            rgb[21:25, left : left - width] = (255, 0, 0)
            continue
        rgb[10:36, left : left + width] = (255, 0, 0)
        if width > 4:
            rgb[13:33, left + 3 : left + width - 3] = 0
    rgb[60:, :] = 180
    return rgb


def test_drawn_digits_at_one_pitch_are_read() -> None:
    # The pictures the next test alters: 0, 1, 0 at a pitch of 20 pixels.
    counter = read_segments(strokes([(20, 16), (52, 4), (60, 16)]), 60.0)
    assert counter is not None and counter.value == 10


@pytest.mark.parametrize(
    ("what", "places"),
    [
        ("only 1s: nothing as wide as a digit", [(32, 4), (52, 4)]),
        ("digits at no one pitch", [(20, 16), (52, 4), (63, 16)]),
        ("a 1 in no place", [(20, 16), (46, 4), (60, 16)]),
        ("a minus sign, which would be read 10 without it", [(0, -16), (20, 16), (52, 4), (60, 16)]),
    ],
)
def test_undrawn_segments_with_no_places_leave_the_counter_unread(what: str, places: list[tuple[int, int]]) -> None:
    assert read_segments(strokes(places), 60.0) is None, what


def test_a_segment_neither_lit_nor_unlit_leaves_the_counter_unread() -> None:
    png = JSM / "jsm-1.25x-0.png"  # shows 008
    rgb = rgb_of(png)
    top = board_top(rgb)
    counter = read_segments(rgb, top)
    assert counter is not None
    left, ctop, right, bottom = counter.box

    def dimmed(to: int) -> np.ndarray:
        """The picture with the last digit's (an 8's, all lit) bright red dimmed to ``to``."""
        out = rgb.copy()
        last = out[ctop:bottom, left + 2 * (right - left) // 3 : right]
        last[..., 0] = np.where(last[..., 0] > 200, to, last[..., 0])
        return out

    assert getattr(read_segments(dimmed(230), top), "value", None) == 8  # some 0.9 of the brightest: lit still
    assert read_segments(dimmed(150), top) is None  # some 0.6: neither


def test_arbiters_counter_is_read_by_the_same_rules() -> None:
    # A skin the reader was not written from: Arbiter's public screenshot shows 099, read by eye.
    png = ROOT / "corpus" / "public" / "arbiter-exp.png"
    reading = read_picture(png.read_bytes(), "arbiter")
    assert reading.counter == counter_label(png) == 99


@pytest.mark.parametrize("skin", ["xdemineur", "gnome-mines", "sgt-mines"])
def test_no_other_skins_counter_is_read_wrong(skin: str) -> None:
    # xdemineur shows a counter whose unlit segments are undrawn, the others show none: a counter read is
    # one that gives the game's own mines with the flags, or none is.
    for png in sorted((ROOT / "corpus" / skin).glob("*.png")):
        try:
            reading = read_picture(png.read_bytes(), png.name)
        except BoardFormatError:
            continue
        assert reading.counter is None or reading.total_mines == made_mines(png), png.name


def altered(rgb: np.ndarray, how: str) -> np.ndarray:
    """A picture saved as a JPEG of some quality (``q75``) or scaled by some factor (``x0.8``), bilinear."""
    image = Image.fromarray(rgb)
    if how.startswith("q"):
        out = io.BytesIO()
        image.save(out, format="JPEG", quality=int(how[1:]))
        with Image.open(io.BytesIO(out.getvalue())) as jpeg:
            return np.asarray(jpeg.convert("RGB"))
    factor = float(how[1:])
    return np.asarray(image.resize((round(image.width * factor), round(image.height * factor)), Image.BILINEAR))


@pytest.mark.parametrize("how", ["q75", "q60", "x0.8"])
@pytest.mark.parametrize("name", JSM_ALL)
def test_a_blurred_counter_is_read_right_or_not_at_all(name: str, how: str) -> None:
    # JPEG's ringing and a bilinear scale's blend smear the lit red into the unlit segments beside it.
    png = JSM / f"{name}.png"
    rgb = altered(rgb_of(png), how)
    grid = find_grid(gray_of(Image.fromarray(rgb)))
    if grid is None:
        return  # no board found, so no counter looked for
    counter = read_segments(rgb, float(grid.y.start))
    assert counter is None or counter.value == counter_label(png)
