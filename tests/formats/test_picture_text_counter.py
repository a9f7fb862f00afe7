"""Mines counters written as text beside the board (issue 40): KMines', GNOME Mines' and Tatham's Mines'.

These games write the flags placed over the mines ("Mines: 3/10", "0/10", "Marked: 1 / 40"); the reader
finds the slash, reads the number each side against the digits learnt of the skin (``cells.npz``, from
captures of other games: ``python -m benchmarks picture-corpus x --games kmines gnome-mines --flags-first``
and ``picture-corpus sgt``, then ``picture-train --counters-only``), and gives the counter as a classic
one shows it, the mines less the flags.  Each corpus label's ``# counter:`` is the game's mines less the
flags labelled (checked by eye against the text each picture shows); Tatham's Mines shows no count once a
game is lost ("DEAD!"), and those labels say none.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.paths import ROOT

Image = pytest.importorskip("PIL.Image", reason="Pillow is not installed (extra image)")

from cnfsweep.formats.picture.read import Seen, read_picture  # noqa: E402

TEXT_SKINS = ("kmines", "gnome-mines", "sgt-mines")
PICTURES = sorted(
    [p for skin in TEXT_SKINS for p in (ROOT / "corpus" / skin).glob("*.png")]
    + list((ROOT / "corpus" / "jpeg").glob("sgt-mines-*.jpg")),
    key=lambda p: p.name,
)


def label_lines(picture: Path) -> list[str]:
    """The lines of a picture's label file."""
    return picture.with_suffix(".txt").read_text(encoding="utf-8").splitlines()


def counter_label(picture: Path) -> int | None:
    """The counter a label file says the picture shows (``# counter: N``), or None where it shows none."""
    said = [line.split(":", 1)[1].strip() for line in label_lines(picture) if line.startswith("# counter:")]
    assert len(said) == 1, f"{picture.name}: a label says what counter the picture shows, or none"
    return None if said[0] == "none" else int(said[0])


def flags_labelled(picture: Path) -> int:
    """The flags (right or wrong) in a picture's label rows."""
    rows = [line for line in label_lines(picture) if line and not line.startswith(("#", "topology:"))]
    return sum(row.count("F") + row.count("W") for row in rows)


SHOWN = [p for p in PICTURES if counter_label(p) is not None]
NOT_SHOWN = [p for p in PICTURES if counter_label(p) is None]


def test_the_corpus_has_text_counters_of_every_skin_and_pictures_without_one() -> None:
    # Guards the parametrised tests below against a corpus that lost its pictures or labels.
    assert {p.parent.name for p in SHOWN} == {"kmines", "gnome-mines", "sgt-mines", "jpeg"}
    assert NOT_SHOWN, "the corpus has lost games of Tatham's Mines, whose status bar shows no count"


@pytest.mark.parametrize("picture", SHOWN, ids=lambda p: p.name)
def test_a_text_counter_is_read_as_the_game_counts_it(picture: Path) -> None:
    reading = read_picture(picture.read_bytes(), str(picture))
    assert reading.counter == counter_label(picture)
    # The total the counter implies is the game's mines: the counter plus the flags on the board.
    assert reading.total_mines == counter_label(picture) + flags_labelled(picture)
    assert reading.board().total_mines == reading.total_mines


@pytest.mark.parametrize("picture", NOT_SHOWN, ids=lambda p: p.name)
def test_a_game_that_shows_no_count_gives_no_counter(picture: Path) -> None:
    # Tatham's Mines says "DEAD!" in place of "Marked: F / M": no number, so no counter and no total.
    reading = read_picture(picture.read_bytes(), str(picture))
    assert reading.counter is None and reading.total_mines is None


#: Captures held out of the counters' training (tests/data/formats/pictures), each with a digit that no capture
#: the digits were first learnt from showed (5, 7 or 8): "Marked: 7 / 55", "8/99", "Mines: 8/10", checked by eye.
HELD_OUT = sorted((ROOT / "tests" / "data" / "formats" / "pictures").glob("*-of-*.png"))


def test_the_held_out_counters_are_those_named() -> None:
    # Guards the test below against fixtures lost or renamed.
    assert [p.stem for p in HELD_OUT] == [
        "gnome-mines-1.5x-8-of-99",
        "kmines-2x-8-of-10",
        "sgt-mines-1x-marked-7-of-55",
    ]


@pytest.mark.parametrize("picture", HELD_OUT, ids=lambda p: p.stem)
def test_a_text_counter_with_digits_first_unseen_is_read_on_a_held_out_capture(picture: Path) -> None:
    # 5, 7 and 8 were in none of the 75 captures the digits were first learnt from, and a counter with one was
    # refused; the digits are now learnt from other captures of each game (picture-corpus x and sgt --flags).
    reading = read_picture(picture.read_bytes(), str(picture))
    assert reading.labels() == [
        line for line in label_lines(picture) if line and not line.startswith(("#", "topology:"))
    ]
    assert reading.counter == counter_label(picture)
    assert reading.total_mines == counter_label(picture) + flags_labelled(picture)


def test_every_digit_is_learnt_for_each_game_that_writes_its_counter_as_text() -> None:
    # Each game's flags run 0 to 9 on the boards played (KMines' 10 mines, GNOME Mines' 10, 40 and 99, Tatham's
    # Mines' any number): every digit is learnt from a capture of the game itself, not only of the others.
    import numpy as np

    from cnfsweep.formats.picture.read import CELLS

    with np.load(CELLS) as data:
        skins, digits = data["text_digit_skins"].astype(str).tolist(), data["text_digit_labels"].astype(str).tolist()
    learnt = set(zip(skins, digits, strict=True))
    for skin in TEXT_SKINS:
        assert {d for s, d in learnt if s == skin} == set("0123456789"), skin


def test_each_learnt_digit_is_nearest_the_same_digit_of_the_other_games() -> None:
    # The games write in the desktop's one font, and a counter is read against every game's digits at once: each
    # digit learnt of one game lies nearer the same digit of another game than any other digit of theirs.
    import numpy as np

    from cnfsweep.formats.picture.read import CELLS

    with np.load(CELLS) as data:
        glyphs = data["text_digits"].astype(np.float32) / 255.0
        digits = data["text_digit_labels"].astype(str)
        skins = data["text_digit_skins"].astype(str)
    for glyph, digit, skin in zip(glyphs, digits, skins, strict=True):
        others = skins != skin
        far = np.sqrt(((glyphs[others] - glyph) ** 2).mean(axis=1))
        assert digits[others][int(np.argmin(far))] == digit, (skin, digit)


def _png(image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _counter_box(picture: Path) -> tuple[int, int, int, int]:
    """Where the text counter of a picture stands, found by the reader's own search."""
    from cnfsweep.formats.picture.read import board_box, decode, gray_of
    from cnfsweep.formats.picture.textcounter import find_text_counters

    data = picture.read_bytes()
    reading = read_picture(data, str(picture))
    found = find_text_counters(gray_of(decode(data, str(picture))), board_box(reading.grid))
    assert len(found) == 1
    flags, mines = found[0]
    return flags[0].left, min(b.top for b in flags + mines), mines[-1].right, max(b.bottom for b in flags + mines)


def test_a_text_counter_painted_over_gives_none() -> None:
    picture = ROOT / "corpus" / "kmines" / "kmines-1x-3-e.png"
    assert read_picture(picture.read_bytes()).counter == counter_label(picture) == 7
    image = Image.open(picture).convert("RGB")
    left, top, right, bottom = _counter_box(picture)
    ground = image.getpixel((left - 1, top - 2))
    image.paste(ground, (left - 1, top - 1, right + 1, bottom + 1))
    reading = read_picture(_png(image))
    assert reading.counter is None and reading.total_mines is None
    assert reading.labels() == read_picture(picture.read_bytes()).labels()


def test_a_text_counter_whose_flags_are_not_the_boards_gives_none() -> None:
    # The 3 of "3/10" pasted over the 0 of another KMines picture's "0/10", whose board has no flag: the text
    # now says three flags, the cells none, so one of the two is not as read, and no counter is given.
    three = ROOT / "corpus" / "kmines" / "kmines-1x-3-e.png"
    none = ROOT / "corpus" / "kmines" / "kmines-1x-1-d.png"
    assert read_picture(none.read_bytes()).counter == counter_label(none) == 10
    assert flags_labelled(none) == 0
    box = _counter_box(three)
    assert box[:2] == _counter_box(none)[:2], "the two pictures' status bars stand alike"
    digit = Image.open(three).convert("RGB").crop((box[0] - 1, box[1] - 1, box[0] + 8, box[3] + 1))
    image = Image.open(none).convert("RGB")
    image.paste(digit, (box[0] - 1, box[1] - 1))
    data = _png(image)
    reading = read_picture(data)
    assert not any(seen is Seen.FLAG for row in reading.cells for seen in row)
    assert reading.counter is None
    # The text itself reads as three flags over ten mines: it is the disagreement that is refused.
    from cnfsweep.formats.picture.read import _known_text_digits, board_box, decode, gray_of
    from cnfsweep.formats.picture.textcounter import read_text_counter

    glyphs, digits, _ = _known_text_digits()
    text = read_text_counter(gray_of(decode(data, "pasted")), board_box(reading.grid), glyphs, digits)
    assert text is not None and (text.flags, text.mines) == (3, 10)


def _components_by_search(mask) -> set[frozenset[tuple[int, int]]]:
    """The 4-connected components of a mask, each its pixels, by a plain search from pixel to pixel."""
    seen, out = set(), set()
    height, width = mask.shape
    for row, col in zip(*mask.nonzero(), strict=True):
        start = (int(row), int(col))
        if start in seen:
            continue
        todo, part = [start], set()
        seen.add(start)
        while todo:
            y, x = todo.pop()
            part.add((y, x))
            for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                if 0 <= ny < height and 0 <= nx < width and mask[ny, nx] and (ny, nx) not in seen:
                    seen.add((ny, nx))
                    todo.append((ny, nx))
        out.add(frozenset(part))
    return out


@pytest.mark.parametrize("seed", range(8))
def test_blobs_are_the_masks_connected_parts(seed: int) -> None:
    # Blobs join runs of rows array-wise (hooking and pointer jumping); a search pixel by pixel must agree.
    import numpy as np

    from cnfsweep.formats.picture.textcounter import blobs

    rng = np.random.default_rng(seed)
    mask = rng.random((40, 57)) < (0.3 + 0.05 * seed)
    found = {
        frozenset((y, x) for y, a, b in blob.runs for x in range(a, b)) for blob in blobs(mask, least=1, most=1000)
    }
    assert found == _components_by_search(mask)
    for blob in blobs(mask, least=1, most=1000):
        ys = [y for y, _, _ in blob.runs]
        assert (blob.top, blob.bottom) == (min(ys), max(ys) + 1)
        assert (blob.left, blob.right) == (min(a for _, a, _ in blob.runs), max(b for _, _, b in blob.runs))
