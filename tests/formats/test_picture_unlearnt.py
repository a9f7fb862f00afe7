"""A number a skin's learnt pictures lack is refused by its shape, not read as the nearest number it has (issue 40).

Tatham's Mines is learnt from captures whose boards showed no 5 (few boards played at the usual densities do),
and its 5, dark red, lay nearest its 3, red: a dense board (``picture-corpus sgt --mines``, labelled from the
game's own layout) read its two 5s as 3s, a wrong board.  The shapes of every number, from every known skin,
say the cell is a 5, which the skin's pictures lack.
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
