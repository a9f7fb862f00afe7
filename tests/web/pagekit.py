"""The page in Debian's headless Chromium through Playwright: the browser, a page on a live server, and helpers.

Playwright's own browser downloads are not used: the browser is the system's
(``.ci/run`` installs Debian's ``chromium`` when it is missing). Without one,
a test module that imports this skips and says why.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from fractions import Fraction

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (test extra)")
if not os.access(CHROMIUM, os.X_OK):
    pytest.skip(
        f"no Chromium at {CHROMIUM}: install Debian's chromium (apt-get install chromium; .ci/run does)",
        allow_module_level=True,
    )


@pytest.fixture
def browser(live_url: str, chromium) -> Iterator[object]:
    """Debian's Chromium, headless, shared by the browser tests that run one after another (conftest.py's ``chromium``).

    A test shares nothing with another through it: each page opens a context of its own (cookies, storage),
    and the contexts a test left open are closed after it. The live server starts first: it waits for its
    health with ``asyncio.run``, which Playwright's running event loop would refuse.
    """
    launched = chromium.get()
    before = set(launched.contexts)
    yield launched
    for context in launched.contexts:
        if context not in before:
            context.close()


@pytest.fixture
def page(browser, live_url: str):
    """The page on a live server, its board drawn.

    The test fails if a script error happened on it, or if the page asked anything of another
    site: it must work offline, from the local server alone.
    """
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    elsewhere: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "request",
        lambda request: None if request.url.startswith((live_url, "data:", "blob:")) else elsewhere.append(request.url),
    )
    page.goto(live_url)
    page.wait_for_selector("#board .cell")
    yield page
    context.close()
    assert errors == []
    assert elsewhere == []


def cell(page, r: int, c: int):
    """The board's cell at row ``r``, column ``c`` (from 0)."""
    return page.locator(f'#board .cell[data-r="{r}"][data-c="{c}"]')


def new_game(page, level: str, seed: int, first_click: str = "safe") -> None:
    """Start a game of a level by name from the form, and wait for it."""
    page.select_option("#level", level)
    page.select_option("#first-click", first_click)
    page.fill("#seed", str(seed))
    page.click("#new-game-button")
    page.wait_for_function(f"state.game && state.game.seed === {seed:d}")


def analysed(page) -> None:
    """Wait until the overlay of the position shown has come back."""
    page.wait_for_function("document.body.dataset.analysed === String(state.seq) && state.analysis !== null")


def first_click(page, level: str, seed: int, rule: str, at: tuple[int, int]):
    """Start a seeded game of a level, click ``at`` first, and return the same game played by the library."""
    from cnfsweep.core.board import Cell
    from cnfsweep.play import LEVELS, FirstClick, Game

    new_game(page, level, seed, rule)
    cell(page, *at).click()
    page.wait_for_function("state.game.clicks === 1")
    game = Game.new(LEVELS[level], seed, FirstClick(rule))
    game.click(Cell(*at))
    return game


def wait_moves(page, before: int) -> None:
    """Wait until the game has made more moves than ``before`` and none is on its way."""
    page.wait_for_function(f"state.game.moves > {before} && !state.moving")


def open_safe_cells(page, moves: int) -> list[float]:
    """Open up to ``moves`` certainly safe cells the overlay shows, each once its overlay is back.

    Returns the page's own figure for each move, the milliseconds from the click to its overlay (the summary says it).
    """
    times = []
    for _ in range(moves):
        safe = page.evaluate("state.analysis && state.analysis.safe.length ? state.analysis.safe[0] : null")
        if safe is None or page.evaluate("state.game.state") != "playing":
            break
        before = page.evaluate("state.game.moves")
        cell(page, *safe).click()
        wait_moves(page, before)
        if page.evaluate("state.game.state") != "playing":
            break
        analysed(page)
        shown = re.search(r"updated (\d+) ms after the move$", page.inner_text("#summary"))
        assert shown, page.inner_text("#summary")
        times.append(float(page.evaluate("document.body.dataset.updateMs")))
        assert abs(int(shown[1]) - times[-1]) <= 1
    return times


def chances(page, selector: str) -> list[tuple[str, Fraction]]:
    """The chances shown in a part of the page, in order: each one's percentage as shown, and its exact fraction
    (what a press on it shows beside it)."""
    return [
        (text, Fraction(exact))
        for text, exact in page.eval_on_selector_all(
            f"{selector} button.exact", "els => els.map(e => [e.textContent, e.dataset.exact])"
        )
    ]


def as_shown(p: Fraction) -> str:
    """A chance as the page shows it: a percentage with one decimal, never 0% or 100% unless it is exactly that."""
    if p <= 0 or p >= 1:
        return "0%" if p <= 0 else "100%"
    tenths = round(1000 * p)  # ties cannot matter: the tests' chances are not an exact half of a tenth
    return "<0.1%" if tenths == 0 else ">99.9%" if tenths == 1000 else f"{tenths / 10:.1f}%"
