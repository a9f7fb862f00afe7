"""The page's *Peek* in Debian's headless Chromium: the cells each consistency level decides, in its colours."""

from __future__ import annotations

from pagekit import analysed, browser, cell, new_game, page  # noqa: F401  (fixtures)
from paths import EXAMPLES

from cnfsweep import Board, levels
from cnfsweep.core.board import Cell
from cnfsweep.play import LEVELS, FirstClick, Game


def peeked(page) -> dict[tuple[int, int], tuple[str, bool]]:
    page.wait_for_function("document.body.dataset.peeked === '1' && state.peek !== null")
    shown = page.eval_on_selector_all(
        "#board .cell.peek",
        "els => els.map(e => [+e.dataset.r, +e.dataset.c, [...e.classList].find(k => k.startsWith('peek-')), e.textContent])",
    )
    return {(r, c): (name.removeprefix("peek-"), text == "M") for r, c, name, text in shown}


def test_peek_colours_the_cells_each_level_decides(page) -> None:
    # The circle of 2s: triples decide every covered cell; the button and the key p both peek.
    page.click("#tab-edit")
    text = (EXAMPLES / "peek_circle.txt").read_text()
    page.fill("#board-text", text)
    page.click("#read-text")
    page.wait_for_function("state.rows === 5")
    page.click("#peek")
    expected = levels(Board.parse(text))
    assert peeked(page) == {tuple(c): v for c, v in expected.decided.items()}
    assert set(v[0] for v in expected.decided.values()) == {"3"}
    assert page.inner_text("#peek-text").startswith("Peek: GAC 0 · 2-RC 0 · 3-RC 17")
    colour = page.eval_on_selector("#board .cell.peek-3", "e => getComputedStyle(e).backgroundColor")
    assert colour == "rgb(240, 196, 25)"  # the poster's yellow, as LEVEL_COLOURS["3"]
    # A change to the position clears it.
    page.check("input[name=tool][value='1']")
    cell(page, 2, 2).click()
    page.wait_for_function("state.peek === null")
    assert page.eval_on_selector_all("#board .cell.peek", "els => els.length") == 0
    assert page.inner_text("#peek-text") == ""

    # In a game, beside the overlay: the same cells as cnfsweep levels finds for the game's position.
    page.click("#tab-play")
    new_game(page, "expert", 7, "opening")
    cell(page, 8, 15).click()
    page.wait_for_function("state.game.clicks === 1")
    page.check("#analyse")
    analysed(page)
    game = Game.new(LEVELS["expert"], 7, FirstClick.OPENING)
    game.click(Cell(8, 15))
    cell(page, 8, 15).focus()  # keys typed into the Analyse box are not the page's
    page.keyboard.press("p")
    found = levels(game.board())
    assert peeked(page) == {tuple(c): v for c, v in found.decided.items()} and found.decided


def test_peek_outlines_the_numbers_that_cannot_hold(page) -> None:
    page.click("#tab-edit")
    page.fill("#board-text", (EXAMPLES / "inconsistent.txt").read_text())
    page.click("#read-text")
    page.wait_for_function("state.rows === 3")
    page.click("#peek")
    page.wait_for_function("document.body.dataset.peeked === '1'")
    outlined = page.eval_on_selector_all(
        "#board .cell.peek-conflict", "els => els.map(e => [+e.dataset.r, +e.dataset.c])"
    )
    assert outlined == [[1, 1]]
    assert (
        page.inner_text("#peek-text") == "Peek: inconsistent: 2-RC finds no layout (the outlined numbers cannot hold)"
    )
