"""The skin-independent cell reading (issue 40): on skins it was not built from pictures of, every cell it names is right.

It reads by structure and the classic colours alone, with no known cell picture, so a corpus picture is a
picture of a skin it has never seen.  Guards that it refuses rather than guesses: a grey mine read as an 8,
an exploded mine's red tile read as a 5, flat covered tiles
read as 0s that vouch for each other (jsm-1x-2's corner); each seen while building it.
"""

from __future__ import annotations

import pytest

from tests.paths import ROOT

pytest.importorskip("PIL.Image", reason="Pillow is not installed (extra image)")

from cnfsweep.formats.picture.generic import read_board
from cnfsweep.formats.picture.grid import Edges, find_grid
from cnfsweep.formats.picture.read import SIDE, cell_features, decode, gray_of

#: Pictures of four skins and Arbiter's, with the least share of their cells the reading names (it named at
#: least this on each when built: gnome-mines draws covered tiles flat).  jsm-1x-2's share was 0.30 while its grid
#: was found 20.24 px a cell for 20, its bevels pulling the lines, and its cells cut across two tiles; 0.96 since.
PICTURES = [
    ("xdemineur/xdemineur-1x-4.png", 0.5),
    ("jsminesweeper/jsm-1x-2.png", 0.9),
    ("sgt-mines/mines-1.5x-0.png", 0.9),
    ("gnome-mines/gnome-mines-1.25x-0-b.png", 0.0),
    ("public/arbiter-exp.png", 0.9),
]


@pytest.mark.parametrize(("name", "named"), PICTURES)
def test_named_cells_are_right(name: str, named: float) -> None:
    path = ROOT / "corpus" / name
    rows = [line for line in path.with_suffix(".txt").read_text().splitlines() if line and not line.startswith("#")]
    image = decode(path.read_bytes(), name)
    gray = gray_of(image)
    grid = find_grid(gray, Edges.of(gray))
    assert grid is not None and (grid.rows, grid.cols) == (len(rows), len(rows[0]))
    labels = read_board(cell_features(image, grid).reshape(-1, SIDE, SIDE, 3), grid.cols)
    wrong = [
        (i // grid.cols + 1, i % grid.cols + 1, rows[i // grid.cols][i % grid.cols], got)
        for i, got in enumerate(labels)
        if got is not None and got != rows[i // grid.cols][i % grid.cols]
    ]
    assert wrong == []
    assert sum(got is not None for got in labels) >= named * len(labels)


def test_arbiter_is_read_whole() -> None:
    """Arbiter's skin is no known one: ``read`` refused its picture (row 4, column 14); the fallback reads it."""
    from cnfsweep.formats.picture.read import read_picture

    path = ROOT / "corpus" / "public" / "arbiter-exp.png"
    rows = [line for line in path.with_suffix(".txt").read_text().splitlines() if line and not line.startswith("#")]
    reading = read_picture(path.read_bytes(), "arbiter-exp.png")
    assert (reading.skin, reading.labels()) == ("generic", rows)


#: Pictures read with their own skin's known cells left out, so only the fallback can read them.
LEFT_OUT = [
    ("sgt-mines", "sgt-mines/mines-2x-0.png"),
    (
        "sgt-mines",
        "sgt-mines/mines-1.5x-1.png",
    ),  # the known skins' trimming cut its grid: the fallback must not read it
    ("xdemineur", "xdemineur/xdemineur-1x-2.png"),
    ("gnome-mines", "gnome-mines/gnome-mines-2x-0.png"),
    ("jsminesweeper", "jsminesweeper/jsm-1x-2.png"),
]


@pytest.mark.parametrize(("skin", "name"), LEFT_OUT)
def test_a_skin_left_out_is_read_exactly_or_refused(monkeypatch: pytest.MonkeyPatch, skin: str, name: str) -> None:
    import numpy as np

    from cnfsweep.core.errors import BoardFormatError
    from cnfsweep.formats.picture import read

    features, labels, skins = read._known()
    keep = ~np.char.startswith(skins.astype(str), skin)
    monkeypatch.setattr(read, "_known", lambda: (features[keep], labels[keep], skins[keep]))
    path = ROOT / "corpus" / name
    rows = [line for line in path.with_suffix(".txt").read_text().splitlines() if line and not line.startswith("#")]
    try:
        reading = read.read_picture(path.read_bytes(), name)
    except BoardFormatError as exc:
        assert "cannot read the cell" in str(exc) or "no board" in str(exc) or "past the" in str(exc)
    else:
        assert reading.labels() == rows


def test_a_skin_whose_1_is_navy_is_refused_not_read_as_4s() -> None:
    """Arbiter's picture with its blue 1s drawn dark blue, as KMines draws them: the classic colours name them 4s.

    The fallback read that board with its 32 1s as 4s; 29 of them ask for more mines than they have covered
    neighbours, so it is refused now.
    """
    import io

    import numpy as np
    from PIL import Image

    from cnfsweep.core.errors import BoardFormatError
    from cnfsweep.formats.picture.read import read_picture

    image = np.asarray(Image.open(ROOT / "corpus" / "public" / "arbiter-exp.png").convert("RGB")).copy()
    r, g, b = (image[..., i].astype(int) for i in range(3))
    image[(b > 150) & (r < 90) & (g < 90)] = (0, 0, 110)
    data = io.BytesIO()
    Image.fromarray(image).save(data, "PNG")
    with pytest.raises(BoardFormatError, match=r"cannot read the cell at row \d+, column \d+"):
        read_picture(data.getvalue(), "navy-ones.png")
