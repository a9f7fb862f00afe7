"""A number a skin's learnt pictures lack is refused by its shape, not read as the nearest number it has (issue 40).

Tatham's Mines is learnt from captures whose boards showed no 5 (few boards played at the usual densities do),
and its 5, dark red, lay nearest its 3, red: a dense board (``picture-corpus sgt --mines``, labelled from the
game's own layout) read its two 5s as 3s, a wrong board.  The shapes of every number, from every known skin,
say the cell is a 5, which the skin's pictures lack.  JSMinesweeper's 7s and 8s, lacking so until dense boards
showed them, are learnt now and read.
"""

from __future__ import annotations

import re

import pytest

from tests.paths import ROOT

pytest.importorskip("PIL.Image", reason="Pillow is not installed (extra image)")

from cnfsweep.core.errors import BoardFormatError
from cnfsweep.formats.picture.read import _known, read_picture

PICTURE = ROOT / "tests" / "data" / "formats" / "pictures" / "sgt-mines-1.25x-a-5-unlearnt.png"


def labels() -> list[str]:
    """The picture's label rows (the game's own)."""
    lines = PICTURE.with_suffix(".txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_the_skin_has_learnt_no_5_and_the_board_shows_5s() -> None:
    # Guards the test below: were Tatham's Mines' 5 learnt, the board would be read, and the guard untried.
    _, learnt, skins = _known()
    assert "5" not in set(learnt[skins == "sgt-mines"].tolist())
    assert sum(row.count("5") for row in labels()) == 2


def test_a_number_the_skin_lacks_is_refused_naming_it_never_read_as_another() -> None:
    with pytest.raises(BoardFormatError) as caught:
        read_picture(PICTURE.read_bytes(), PICTURE.name)
    said = str(caught.value)
    found = re.search(r"row (\d+), column (\d+)", said)
    assert found is not None and "shaped like a number its skin's pictures lack" in said
    assert labels()[int(found[1]) - 1][int(found[2]) - 1] == "5"
    assert len(said.splitlines()) == 1


#: A dense JSMinesweeper board (9x9 with 60 mines, won) with seven 7s and two 8s, a fresh capture held out of
#: training (``picture-corpus jsm --seed 4401 --sizes 9x9x60 ...``), labelled from the page's own tiles.
SEVENS = ROOT / "tests" / "data" / "formats" / "pictures" / "jsm-1.25x-sevens-and-eights.png"


def test_jsminesweepers_sevens_and_eights_are_learnt_and_read() -> None:
    # Its usual boards seldom show a 7 or 8, and the skin was learnt without either: this board was refused,
    # its first 7 like no known cell.  Learnt from dense boards (--sizes), it is read exactly.
    rows = [line for line in SEVENS.with_suffix(".txt").read_text(encoding="utf-8").splitlines() if line[:1] != "#"]
    assert sum(row.count("7") for row in rows) == 7 and sum(row.count("8") for row in rows) == 2
    reading = read_picture(SEVENS.read_bytes(), SEVENS.name)
    assert reading.labels() == rows
    assert reading.skin == "jsminesweeper"
