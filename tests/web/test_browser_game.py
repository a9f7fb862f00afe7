"""The page as a game, in Debian's headless Chromium: a win with chords, the same board again and by link, a loss
and its post-mortem, the look in both themes on a desktop and a phone (axe-core, screenshots), a replay stepped through.

Few tests, each a scenario that covers much: a browser test costs seconds. Set ``CNFSWEEP_SCREENSHOTS=docs`` to
write the screenshots the README shows (``docs/page-desktop-light.png`` and the rest).
"""

from __future__ import annotations

import os
import statistics
from fractions import Fraction
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from oracle import reference
from pagekit import analysed, as_shown, browser, cell, chances, first_click, new_game, open_safe_cells, page, wait_moves  # noqa: F401  (fixtures)
from paths import DATA

from cnfsweep.core.board import Board, Cell
from cnfsweep.play import Game

axe_sync = pytest.importorskip(
    "axe_playwright_python.sync_playwright", reason="axe-playwright-python is not installed (test extra)"
)

SCREENSHOTS = os.environ.get("CNFSWEEP_SCREENSHOTS")


def win_with_chords(page, game: Game) -> int:
    """Play the page's game to a win from the layout ``game`` knows: flag a number's mines, then chord on it (both
    buttons the first time, a click after).

    Returns how many chords opened cells.
    """
    board = game.board()
    chords = 0
    for _ in range(200):
        if page.evaluate("state.game.state") != "playing":
            return chords
        grid = page.evaluate("state.game.grid")
        covered = [c for c in board.cells() if grid[c.row][c.col] == "."]
        target = None
        for c in board.cells():
            if grid[c.row][c.col] in "12345678":
                near = [n for n in board.neighbours(c) if grid[n.row][n.col] in ".*"]
                if any(grid[n.row][n.col] == "." and n not in game.mines for n in near):
                    target = (c, [n for n in near if n in game.mines and grid[n.row][n.col] == "."])
                    break
        if target is None:  # no number to chord on: open a safe cell
            safe = next(c for c in covered if c not in game.mines)
            moves = page.evaluate("state.game.moves")
            cell(page, *safe).click()
            wait_moves(page, moves)
            continue
        number, to_flag = target
        for mine in to_flag:
            moves = page.evaluate("state.game.moves")
            cell(page, *mine).click(button="right")
            wait_moves(page, moves)
        before = sum(row.count(".") for row in page.evaluate("state.game.grid"))
        moves = page.evaluate("state.game.moves")
        if chords == 0:  # both buttons on a satisfied number: a chord
            box = cell(page, *number).bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down(button="left")
            page.mouse.down(button="right")
            page.mouse.up(button="right")
            page.mouse.up(button="left")
        else:
            cell(page, *number).click()  # a click on a satisfied number: a chord too
        wait_moves(page, moves)
        after = sum(row.count(".") for row in page.evaluate("state.game.grid"))
        assert after < before, f"the chord on {number} opened nothing"
        chords += 1
    raise AssertionError("no win in 200 moves")


def press_hint(page) -> list[int]:
    """Ask for a hint with the key; return the cell it names."""
    page.evaluate("document.body.dataset.hinted = '0'")
    page.keyboard.press("h")
    page.wait_for_function("document.body.dataset.hinted === '1'", timeout=10_000)
    return page.evaluate("state.hint.cell")


def serious(page) -> list[str]:
    """axe-core's critical and serious violations on the page as it is (and that axe ran its rules)."""
    results = axe_sync.Axe().run(page, options={"resultTypes": ["violations", "passes"]})
    assert "color-contrast" in {rule["id"] for rule in results.response["passes"]}
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
        for v in results.response["violations"]
        if v["impact"] in ("critical", "serious")
    ]


def test_a_beginner_game_won_with_chords_then_the_same_board_again_and_by_link(page, browser) -> None:
    game = first_click(page, "beginner", 11, "opening", (4, 4))
    opened = list(game.board().grid)
    assert page.evaluate("state.game.grid") == opened
    assert win_with_chords(page, game) >= 1
    page.wait_for_function("state.game.state === 'won'")
    assert page.inner_text("#game-state") == "You won!"
    assert "won" in page.get_attribute("#face", "class")
    # A win flags every mine.
    flagged = page.eval_on_selector_all("#board .cell.flag", "els => els.map(e => [+e.dataset.r, +e.dataset.c])")
    assert sorted(map(tuple, flagged)) == sorted(game.mines)
    # Stats and the best time, kept in the browser.
    seconds = page.evaluate("state.game.seconds")
    stats = page.inner_text("#stats")
    assert stats.startswith("beginner: 1 game · 1 won (100%) · streak 1 (longest 1) · best time "), stats
    assert page.evaluate("JSON.parse(localStorage.getItem('cnfsweep.stats')).beginner.best") == seconds

    # Restart: the same board, its first click made again, the clock waiting for the player.
    first_id = page.evaluate("state.game.id")
    page.keyboard.press("r")
    page.wait_for_function(f"state.game.id !== '{first_id}' && state.game.clicks === 1")
    assert page.evaluate("state.game.grid") == opened
    assert page.evaluate("[state.game.state, state.game.seconds]") == ["playing", None]
    assert page.inner_text("#timer") == "0"

    # A link to the board opens it elsewhere: the same board, opened at the same cell.
    page.click("#share")
    link = page.input_value("#share-link")
    query = parse_qs(urlparse(link).query)
    assert query == {"level": ["beginner"], "seed": ["11"], "first": ["opening"], "open": ["4,4"]}
    other = browser.new_context(viewport={"width": 1000, "height": 800})
    try:
        there = other.new_page()
        there.goto(link)
        there.wait_for_function("state.game && state.game.clicks === 1")
        assert there.evaluate("state.game.grid") == opened
        assert there.input_value("#seed") == "11" and there.input_value("#level") == "beginner"
    finally:
        other.close()


def test_a_loss_shows_every_mine_crosses_wrong_flags_and_says_how_likely_the_fatal_click_was(page) -> None:
    game = first_click(page, "beginner", 3, "safe", (0, 0))
    before = game.board()  # the position of the fatal click (the player's flag is no fact)
    covered = [c for c in before.cells() if before.grid[c.row][c.col] == "."]
    ref = reference(before)
    least = min(ref.exact[c] for c in covered)
    # The hint's guess, flagged (a wrong flag: no mine there), is never the hint's guess again: a safest cell not
    # flagged is.
    wrong = Cell(*press_hint(page))
    assert wrong not in game.mines and ref.exact[wrong] == least
    cell(page, *wrong).click(button="right")
    page.wait_for_function("state.game.mines_left === 9")
    again = Cell(*press_hint(page))
    assert again != wrong and ref.exact[again] == least
    mine = next(c for c in covered if c in game.mines)
    page.check("#analyse")
    analysed(page)
    assert serious(page) == []  # in progress, the overlay on
    cell(page, *mine).click()
    page.wait_for_function("state.game.state === 'lost'")
    assert page.inner_text("#game-state") == "Boom: you lost."
    shown = dict(
        page.eval_on_selector_all("#board .cell", "els => els.map(e => [e.dataset.r + ',' + e.dataset.c, e.className])")
    )
    for m in game.mines:
        assert ("exploded" if m == mine else "mine") in shown[f"{m.row},{m.col}"].split()
    assert "wrong-flag" in shown[f"{wrong.row},{wrong.col}"].split()

    # The post-mortem: the fatal click's probability (the brute-force oracle's) as a percentage, the exact fraction
    # behind it; the best guess there was or not; the safest cells.
    page.wait_for_function("document.body.dataset.postmortem === '1'", timeout=15_000)
    p = ref.exact[mine]
    text = page.inner_text("#postmortem")
    shown = chances(page, "#postmortem")
    assert f"the fatal click at row {mine.row + 1} col {mine.col + 1} had a {as_shown(p)} chance" in text, text
    assert shown[0] == (as_shown(p), p)
    best = p == least and all(ref.exact[c] > 0 for c in covered)
    assert ("It was a best guess" in text) == best and ("It was avoidable" in text) != best, text
    # The first click was safe by the rule, so the fatal click was the game's one guess: avoidable or not.
    assert f"This game: 1 guess, {int(not best)} avoidable one" in text, text
    if not best:
        safest = sorted(c for c in covered if ref.exact[c] == least)
        assert shown[1] == (as_shown(least), least) and f"row {safest[0].row + 1} col {safest[0].col + 1}" in text
    # Never analysed as if live, and after the loss axe finds nothing serious either.
    assert page.eval_on_selector_all("#board .cell[data-p]", "els => els.length") == 0
    assert serious(page) == []
    # The whole game, stepped through in the Replay tab: its last click the fatal one.
    page.click("text=Step through this game")
    page.wait_for_function("state.mode === 'replay' && document.body.dataset.replayStep === '0'")
    bars = page.eval_on_selector_all("#timeline button", "els => els.map(e => e.className)")
    assert len(bars) == 2 and bars[-1].startswith("fatal")


def test_the_look_on_a_desktop_and_a_phone_in_both_themes(browser, live_url: str, tmp_path: Path) -> None:
    out = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path
    timings: list[float] = []
    for name, viewport, level in [("desktop", (1366, 768), "expert"), ("phone", (390, 844), "intermediate")]:
        for theme in ("light", "dark"):
            context = browser.new_context(
                viewport={"width": viewport[0], "height": viewport[1]}, color_scheme=theme, has_touch=name == "phone"
            )
            try:
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
                page.goto(live_url)
                page.wait_for_selector("#board .cell")
                assert page.evaluate("document.documentElement.dataset.theme") == theme  # as the system says
                new_game(page, level, 7, "opening")
                rows, cols = page.evaluate("[state.rows, state.cols]")
                cell(page, rows // 2, cols // 2).click()
                page.wait_for_function("state.game.clicks === 1")
                # The classic look: numbers at least half the cell's height, the classic blue for 1 on the light theme.
                box, size = page.eval_on_selector(
                    "#board .cell.open.n1, #board .cell.open.n2",
                    "e => [e.getBoundingClientRect().height, parseFloat(getComputedStyle(e).fontSize)]",
                )
                assert size >= box / 2
                if theme == "light" and page.locator("#board .cell.n1").count():
                    assert (
                        page.eval_on_selector("#board .cell.n1", "e => getComputedStyle(e).color") == "rgb(0, 0, 255)"
                    )
                # Fits the screen: no sideways scrolling of the page, and on the phone not of the board either.
                assert page.evaluate("document.documentElement.scrollWidth") <= viewport[0]
                if name == "phone":
                    assert page.evaluate("(w => w.scrollWidth <= w.clientWidth)(document.getElementById('board-wrap'))")
                # Nothing moves under the finger: the overlay and a hint, turned on by a click and by keys after it.
                where = "JSON.stringify(document.getElementById('board').getBoundingClientRect())"
                at = page.evaluate(where)
                page.click("#analyse")
                analysed(page)
                page.evaluate("document.body.dataset.hinted = '0'")
                page.keyboard.press("h")  # the focus is on the box just clicked: the key is still the page's
                page.wait_for_function("document.body.dataset.hinted === '1'", timeout=10_000)
                assert page.evaluate(where) == at
                if name == "phone":
                    # A long press flags (and opens nothing).
                    grid = page.evaluate("state.grid")
                    r, c = next((r, c) for r in range(rows) for c in range(cols) if grid[r][c] == ".")
                    b = cell(page, r, c).bounding_box()
                    touch = context.new_cdp_session(page)
                    point = {"x": b["x"] + b["width"] / 2, "y": b["y"] + b["height"] / 2}
                    clicks = page.evaluate("state.game.clicks")
                    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
                    page.wait_for_timeout(1000)  # the page flags at 450 ms: room for a busy machine
                    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
                    page.wait_for_function(f"state.grid[{r}][{c}] === '*'")
                    page.wait_for_timeout(300)
                    assert page.evaluate("state.game.clicks") == clicks
                if name == "desktop" and theme == "light":
                    timings += open_safe_cells(page, 10)
                assert serious(page) == [], (name, theme)
                page.screenshot(path=str(out / f"page-{name}-{theme}.png"))
                # The theme toggle: the other theme (kept across a reload, checked once).
                page.click("#theme")
                other = "light" if theme == "dark" else "dark"
                assert page.evaluate("document.documentElement.dataset.theme") == other
                if name == "desktop" and theme == "light":
                    page.reload()
                    page.wait_for_selector("#board .cell")
                    assert page.evaluate("document.documentElement.dataset.theme") == other
                # Arrows move between the tabs; the Edit tab passes axe too (in each theme, at phone size).
                page.focus("#tab-play")
                page.keyboard.press("ArrowRight")
                assert page.evaluate("[state.mode, document.activeElement.id]") == ["edit", "tab-edit"]
                page.wait_for_selector("#board .cell")
                if name == "phone":
                    assert serious(page) == [], (name, other, "edit")
                assert errors == []
            finally:
                context.close()
    print(
        f"\nclick to overlay on expert (the page shows it): median {statistics.median(timings):.0f} ms, "
        f"max {max(timings):.0f} ms over {len(timings)} moves (a loaded two-core machine)"
    )


def test_a_replay_file_stepped_through_with_its_labels_overlay_and_timeline(page) -> None:
    pytest.importorskip("ms_toollib")
    path = DATA / "replays" / "arbiter_beginner_15.52.avf"
    page.click("#tab-replay")
    page.check("#analyse")
    page.set_input_files("#replay-file", str(path))
    page.wait_for_function("state.replay && document.body.dataset.replayStep === '0'", timeout=30_000)
    doc = page.evaluate("state.replay.doc")
    assert page.locator("#timeline button").count() == len(doc["clicks"])
    # Click 2 (a guess): the position before it, the label, and the click's probability from the oracle.
    page.click("#replay-next")
    page.wait_for_function("document.body.dataset.replayStep === '1'")
    analysed(page)
    click = doc["clicks"][1]
    board = Board.parse(doc["positions"][1])
    ((r, c),) = click["cells"]
    p = reference(board).exact[Cell(r, c)]
    assert Fraction(click["probability"]) == p
    text = page.inner_text("#replay-click")
    words = "best guess" if click["label"] in ("best_guess", "forced_guess") else click["label"].replace("_", " ")
    assert text.startswith(f"Click 2 of {len(doc['clicks'])}") and words in text, text
    assert chances(page, "#replay-click")[0] == (as_shown(p), p)
    assert "chosen" in cell(page, r, c).get_attribute("class")
    assert float(cell(page, r, c).get_attribute("data-p")) == pytest.approx(float(p))
    assert "current" in page.locator("#timeline button").nth(1).get_attribute("class")
    # The last step: the board as the game ended.
    page.click("#replay-last")
    page.wait_for_function(f"document.body.dataset.replayStep === '{len(doc['clicks'])}'")
    assert page.inner_text("#replay-click") == "The end of the game."
