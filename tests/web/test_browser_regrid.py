"""A hint and a peek go with the grid they were asked for, in Debian's headless Chromium.

The board (``static/board.js``) says it set a new grid by the store's ``regrid`` event and ``hint.js`` drops both;
every action that draws a new grid is tried here.
"""

from __future__ import annotations

import pytest
from pagekit import browser, page  # noqa: F401  (fixtures)

#: A 3x3 position with a 1 in a corner and one mine: five cells certainly safe (a hint), each decided (a peek).
POSITION = "mines: 1\n1..\n...\n...\n"

#: Each way the page draws a new grid, from the Edit tab with a hint and a peek shown.
NEW_GRIDS = {
    "blank board": lambda page: page.click("#blank"),
    "read the text": lambda page: (page.fill("#board-text", "..\n1.\n"), page.click("#read-text")),
    "another grid": lambda page: page.select_option("#edit-topology", "hex"),
    "the game's position": lambda page: page.click("#from-game"),
    "the Play tab": lambda page: page.click("#tab-play"),
}


def shown(page) -> dict[str, object]:
    """What the page shows of a hint and a peek."""
    return page.evaluate(
        """() => ({
          hint: state.hint !== null, peek: state.peek !== null,
          hintText: document.getElementById('hint-text').textContent,
          peekText: document.getElementById('peek-text').textContent,
          marked: document.querySelectorAll('#board .cell.hint-move, #board .cell.hint-reason, #board .cell.peek').length,
        })"""
    )


@pytest.mark.parametrize("action", sorted(NEW_GRIDS))
def test_a_new_grid_drops_the_hint_and_the_peek_of_the_last(page, action: str) -> None:
    page.click("#tab-edit")
    page.fill("#board-text", POSITION)
    page.click("#read-text")
    page.wait_for_function("state.rows === 3 && state.total === 1")
    page.click("#hint")
    page.wait_for_function("state.hint !== null")
    page.click("#peek")
    page.wait_for_function("state.peek !== null")
    before = shown(page)
    assert before["hint"] and before["peek"] and before["marked"] > 0
    assert before["hintText"].startswith("Hint: ") and before["peekText"].startswith("Peek: ")

    grid = page.evaluate("[state.mode, state.topology, state.rows, state.cols, state.grid.map(r => r.join(''))]")
    NEW_GRIDS[action](page)
    page.wait_for_function(
        "([was]) => JSON.stringify([state.mode, state.topology, state.rows, state.cols, state.grid.map(r => r.join(''))])"
        " !== JSON.stringify(was)",
        arg=[grid],
    )
    assert shown(page) == {"hint": False, "peek": False, "hintText": "", "peekText": "", "marked": 0}
