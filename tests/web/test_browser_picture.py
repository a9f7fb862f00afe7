"""A round trip through a picture (issue 40): the page draws a random position, its screenshot reads back to it.

Debian's Chromium draws each position typed into Edit, light and dark, at several device scales; the
screenshot of the board's frame is read by :func:`cnfsweep.formats.picture.read.read_picture`, and must
give back every cell of the position typed, flags and every number included.
"""

from __future__ import annotations

import random

import pytest
from pagekit import browser  # noqa: F401  (fixture)

pytest.importorskip("PIL.Image", reason="Pillow is not installed (extra image)")

from cnfsweep.formats.picture.read import read_picture


def random_position(seed: int, topology: str, cols: int | None = None) -> list[str]:
    """Rows of a made-up position (``cols`` wide, else 4 to 25): covered cells, flags and every number the grid allows."""
    rng = random.Random(seed)
    most = 6 if topology == "hex" else 8
    kinds = "012345678"[: most + 1] + "...." + "**"
    rows, wide = rng.randrange(4, 14), rng.randrange(4, 26)
    cols = wide if cols is None else cols
    return ["".join(rng.choice(kinds) for _ in range(cols)) for _ in range(rows)]


def screenshot(browser, url: str, rows: list[str], topology: str, scale: float, theme: str) -> bytes:
    """The page's frame, showing ``rows`` typed into Edit, as PNG bytes."""
    context = browser.new_context(
        viewport={"width": 1100, "height": 800}, device_scale_factor=scale, color_scheme=theme
    )
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("#board .cell")
        page.click("#tab-edit")
        head = [] if topology == "square" else [f"topology: {topology}"]
        page.fill("#board-text", "\n".join([*head, *rows]) + "\n")
        page.click("#read-text")
        page.wait_for_function(
            f"state.rows === {len(rows)} && state.cols === {len(rows[0])} && state.topology === '{topology}'"
        )
        page.mouse.move(2, 2)
        return page.locator("#frame").screenshot()
    finally:
        context.close()


@pytest.mark.parametrize(
    ("topology", "scale", "theme", "seed", "cols"),
    [
        ("square", 1.0, "light", 1, None),
        ("square", 1.25, "dark", 2, None),
        ("square", 2.0, "light", 3, None),
        ("torus", 1.5, "dark", 4, None),
        ("torus", 1.0, "light", 5, None),
        ("hex", 1.0, "light", 6, None),
        ("hex", 1.5, "dark", 7, None),
        ("hex", 2.0, "light", 8, None),
        ("hex", 1.25, "light", 9, None),
        ("hex", 2.0, "dark", 10, None),
        # 30 columns: the page's smallest cells, hexagons 25 px wide at 100%.
        ("hex", 1.0, "light", 11, 30),
        ("hex", 1.0, "dark", 12, 30),
    ],
)
def test_a_screenshot_of_the_page_reads_back_to_its_position(
    browser,
    live_url: str,
    topology: str,
    scale: float,
    theme: str,
    seed: int,
    cols: int | None,
) -> None:
    rows = random_position(seed, topology, cols)
    reading = read_picture(screenshot(browser, live_url, rows, topology, scale, theme), f"{topology}@{scale}")
    assert list(reading.board().grid) == rows
    assert reading.topology == topology
