"""The page in a real browser: Debian's headless Chromium driven by Playwright, against a live ``cnfsweep serve``.

The browser and the helpers are :mod:`pagekit`'s; without Chromium these tests skip and say why.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from pagekit import analysed, browser, cell, first_click, new_game, open_safe_cells, page  # noqa: F401  (fixtures)
from paths import EXAMPLES

from cnfsweep import Board, analyze
from cnfsweep.explanation import hint
from cnfsweep.generation import generate_boards
from cnfsweep.core.board import Cell
from cnfsweep.play import LEVELS, FirstClick, Game, Level

#: Set to a path to keep the screenshot the play test takes (the README's are test_browser_game.py's).
SCREENSHOT = os.environ.get("CNFSWEEP_SCREENSHOT")


def test_play_a_seeded_game_with_the_overlay(page, tmp_path: Path) -> None:
    new_game(page, "expert", 7, "opening")
    cell(page, 8, 15).click()
    page.wait_for_function("state.game.clicks === 1")
    game = Game.new(LEVELS["expert"], 7, FirstClick.OPENING)
    game.click(Cell(8, 15))
    assert page.evaluate("state.game.grid") == list(game.board().grid)
    assert page.inner_text("#mines-left") == "99"

    page.check("#analyse")
    analysed(page)
    expected = analyze(game.board())
    # Every covered cell carries its probability: a colour, its per cent on hover and focus (its title too), and in
    # the cell itself with Numbers on (calm by default: no number in every cell).
    script = "els => els.map(e => [+e.dataset.r, +e.dataset.c, +e.dataset.p, e.textContent, e.dataset.pct ?? ''])"
    shown = page.eval_on_selector_all("#board .cell[data-p]", script)
    covered = [(r, c) for r, row in enumerate(game.board().grid) for c, ch in enumerate(row) if ch == "."]
    assert len(shown) == len(covered)
    for r, c, p, text, pct in shown:
        assert p == pytest.approx(expected.probability(Cell(r, c)))
        if Cell(r, c) in expected.safe:
            assert text == "S"
        elif 0.01 <= p <= 0.99:
            assert text == "" and pct == f"{round(p * 100)}%"
    page.check("#numbers")
    for r, c, p, text, _pct in page.eval_on_selector_all("#board .cell[data-p]", script):
        if Cell(r, c) not in expected.safe and 0.01 <= p <= 0.99:
            assert text == str(round(p * 100))
    page.uncheck("#numbers")
    # Certainly safe cells to open: the summary points at one, and no cell is outlined as a guess.
    assert expected.safe
    summary = page.inner_text("#summary")
    assert "layouts" in summary and "engine" in summary
    r, c = expected.best_guess
    assert f"open a certainly safe cell: row {r + 1} col {c + 1}" in summary
    assert page.eval_on_selector_all("#board .cell.best", "els => els.length") == 0

    # Right click flags (mines left goes down); the overlay comes back within the target time.
    covered_cell = next(c for c in covered if c not in expected.safe)
    cell(page, *covered_cell).click(button="right")
    page.wait_for_function("state.game.mines_left === 98")
    analysed(page)
    assert "flag" in cell(page, *covered_cell).get_attribute("class")
    safe = expected.safe[0]
    cell(page, *safe).click()
    page.wait_for_function("state.game.clicks === 2")
    analysed(page)
    # The figure is measured (the page shows it); its target lives in benchmarks/load.py, not in a timed test.
    assert float(page.evaluate("document.body.dataset.updateMs")) >= 0
    assert page.inner_text("#timer") != ""
    # Play on with the overlay: open certainly safe cells the page shows, a dozen moves.
    open_safe_cells(page, 12)
    page.keyboard.press("h")
    page.wait_for_function("document.body.dataset.hinted === '1'")
    path = Path(SCREENSHOT) if SCREENSHOT else tmp_path / "serve.png"
    page.screenshot(path=str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_keyboard_opens_and_flags(page) -> None:
    new_game(page, "beginner", 5)
    cell(page, 0, 0).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_function("state.game.clicks === 1")
    game = Game.new(LEVELS["beginner"], 5)
    game.click(Cell(1, 1))
    assert page.evaluate("state.game.grid") == list(game.board().grid)
    covered = next((r, c) for r, row in enumerate(game.board().grid) for c, ch in enumerate(row) if ch == ".")
    cell(page, *covered).focus()
    page.keyboard.press("f")
    page.wait_for_function("state.game.mines_left === 9")
    page.keyboard.press("a")
    assert page.is_checked("#analyse")


def test_a_loss_and_a_win(page) -> None:
    game = first_click(page, "beginner", 3, "safe", (0, 0))
    mine = sorted(game.mines)[0]
    cell(page, *mine).click()
    page.wait_for_function("state.game.state === 'lost'")
    assert page.inner_text("#game-state") == "Boom: you lost."
    assert "exploded" in cell(page, *mine).get_attribute("class")

    page.select_option("#level", "custom")
    page.fill("#custom-rows", "2")
    page.fill("#custom-cols", "3")
    page.fill("#custom-mines", "1")
    page.fill("#seed", "4")
    page.click("#new-game-button")
    page.wait_for_function("state.game && state.game.rows === 2 && state.game.clicks === 0")
    small = Game.new(Level(2, 3, 1), 4)
    small.click(Cell(0, 0))
    for r, c in [(0, 0), *(m for m in [(r, c) for r in range(2) for c in range(3)] if Cell(*m) not in small.mines)]:
        if page.evaluate(f"state.grid[{r}][{c}]") == "." and page.evaluate("state.game.state") == "playing":
            clicks = page.evaluate("state.game.clicks")
            cell(page, r, c).click()
            page.wait_for_function(f"state.game.clicks === {clicks + 1}")
    page.wait_for_function("state.game.state === 'won'")
    assert page.inner_text("#game-state") == "You won!"


def test_edit_paste_analyse_and_copy(page) -> None:
    page.click("#tab-edit")
    page.check("#analyse")
    text = (EXAMPLES / "expert.jsm").read_text()
    page.fill("#board-text", text)
    page.click("#read-text")
    page.wait_for_function("document.getElementById('edit-message').textContent === 'read a 16×30 board'")
    analysed(page)
    expected = analyze(Board.parse(text))
    r, c = expected.best_guess
    assert float(cell(page, r, c).get_attribute("data-p")) == pytest.approx(expected.probability(Cell(r, c)))
    page.click("#copy-text")
    assert page.input_value("#board-text") == Board.parse(text).to_text()

    # Draw: a blank 3x3 board, a 1 in the corner, a total of 1.
    page.fill("#edit-rows", "3")
    page.fill("#edit-cols", "3")
    page.click("#blank")
    page.wait_for_function("state.rows === 3 && state.cols === 3")
    page.check("input[name=tool][value='1']")
    cell(page, 0, 0).click()
    page.fill("#edit-total", "1")
    page.wait_for_function("state.analysis && state.analysis.total_mines === 1")
    analysed(page)
    assert [cell(page, *rc).get_attribute("data-pct") for rc in [(0, 1), (1, 1)]] == ["33%", "33%"]
    assert cell(page, 2, 2).inner_text() == "S"
    cell(page, 2, 2).focus()
    page.keyboard.press("*")
    page.wait_for_function("state.grid[2][2] === '*'")
    analysed(page)
    assert "inconsistent" in page.inner_text("#summary")
    page.click("#copy-text")
    assert page.input_value("#board-text") == "mines: 1\n1..\n...\n..*\n"


def test_phone_width_needs_no_sideways_scrolling_but_the_board(browser, live_url: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, has_touch=True)
    page = context.new_page()
    page.goto(live_url)
    page.wait_for_selector("#board .cell")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.click("#flag-mode")
    new_game(page, "beginner", 2)
    cell(page, 4, 4).tap()
    page.wait_for_function("state.game.mines_left === 9")
    context.close()


@pytest.mark.parametrize("width", [1000, 1200, 1400])
def test_an_expert_board_and_its_side_panel_fit_a_laptop_screen(browser, live_url: str, width: int) -> None:
    # Two columns from 900 px: the board fits beside the panel, not over it.
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(live_url)
    page.wait_for_selector("#board .cell")
    new_game(page, "expert", 1)
    side = page.eval_on_selector(".side", "el => el.getBoundingClientRect().right")
    assert page.evaluate("document.documentElement.scrollWidth") <= width and side <= width
    context.close()


def test_the_api_docs_page_works_offline(page, live_url: str) -> None:
    page.goto(f"{live_url}/docs")
    page.wait_for_selector("section.op")
    headings = page.eval_on_selector_all("section.op h2", "els => els.map(e => e.textContent)")
    assert "POST /api/analyze" in headings and "GET /api/health" in headings
    text = page.inner_text("#ops")  # drawn in one go: every section is there once the first is
    assert "board (required): string at least 1 character." in text
    # The descriptions' `code` is drawn as code, and a field names the values it takes.
    assert "`" not in text
    assert "cnfsweep solve --json" in page.eval_on_selector_all("#ops code", "els => els.map(e => e.textContent)")
    assert "level: one of beginner, intermediate, expert or null." in text
    assert "seed: integer from 0 to 9223372036854775807 or null." in text


def test_a_hint_outlines_its_move_and_reason(page) -> None:
    new_game(page, "expert", 7, "opening")
    cell(page, 8, 15).click()
    page.wait_for_function("state.game.clicks === 1")
    game = Game.new(LEVELS["expert"], 7, FirstClick.OPENING)
    game.click(Cell(8, 15))
    expected = hint(game.board())
    page.keyboard.press("h")
    page.wait_for_function("document.body.dataset.hinted === '1'")
    move = page.eval_on_selector_all("#board .cell.hint-move", "els => els.map(e => [+e.dataset.r, +e.dataset.c])")
    reason = page.eval_on_selector_all("#board .cell.hint-reason", "els => els.map(e => [+e.dataset.r, +e.dataset.c])")
    assert move == [list(expected.move.cell)]
    assert sorted(reason) == sorted(list(c) for c in expected.move.reason.numbers)
    assert page.inner_text("#hint-text").startswith(
        f"Hint: row {expected.move.cell.row + 1} col {expected.move.cell.col + 1}"
    )
    # The next move clears it.
    cell(page, *expected.move.cell).click(button="right" if expected.move.mine else "left")
    page.wait_for_function("state.hint === null")
    assert page.eval_on_selector_all("#board .cell.hint-move", "els => els.length") == 0


def test_a_no_guess_game_starts_opened(page) -> None:
    page.check("#no-guess")
    new_game(page, "beginner", 9)
    page.wait_for_function("state.game.clicks === 1")
    made = next(generate_boards("beginner", 1, seed=9))
    game = Game.from_layout(9, 9, made.mine_cells)
    game.click(made.start)
    assert page.evaluate("state.game.grid") == list(game.board().grid)


def test_a_no_guess_board_not_found_in_time_is_said_and_the_game_stays(page) -> None:
    new_game(page, "beginner", 5)
    before = page.evaluate("state.game.id")
    timed_out = {
        "status": "unknown",
        "reason": "no no-guess layout found within the time limit of 10.0 s",
        "time_limit": 10.0,
    }
    # The server's answer past its time limit, without waiting for one: only the page's reading of it is tested here.
    page.route(
        "**/api/game",
        lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(timed_out)),
    )
    page.check("#no-guess")
    page.fill("#seed", "6")
    page.click("#new-game-button")
    page.wait_for_function("document.getElementById('game-state').textContent.includes('time limit')")
    assert page.inner_text("#game-state") == "no no-guess board found within the time limit of 10 s: try fewer mines"
    assert page.evaluate("state.game.id") == before
