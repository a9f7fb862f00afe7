"""Games reviewed on the page, in Debian's headless Chromium: hex and torus games lost and stepped through on their own
grids, `play --trace` files in the Replay tab (one game or several, and a corrupt one after), a win's figures and its
record downloaded and read back, and a chord held down with the middle button.

Set ``CNFSWEEP_SCREENSHOTS`` to a folder to keep the pictures these tests take (they are checked by eye too).
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from pagekit import as_shown, browser, cell, chances, page, wait_moves  # noqa: F401  (fixtures)

from cnfsweep.core.board import Cell
from cnfsweep.formats.game_records import read_game_records
from cnfsweep.play import FirstClick, Game, Level
from cnfsweep.replay import review, review_game

SCREENSHOTS = os.environ.get("CNFSWEEP_SCREENSHOTS")


def picture(page, name: str) -> None:
    """Keep a screenshot of the page, when asked to (CNFSWEEP_SCREENSHOTS names the folder)."""
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"), full_page=True)


def start(page, topology: str, seed: int, rule: str = "safe", at: tuple[int, int] = (4, 4)) -> Game:
    """Start a seeded beginner game on ``topology`` from the form, click ``at`` first; return the library's same game."""
    page.select_option("#level", "beginner")
    page.select_option("#topology", topology)
    page.select_option("#first-click", rule)
    page.fill("#seed", str(seed))
    page.click("#new-game-button")
    page.wait_for_function(f"state.game && state.game.seed === {seed} && state.game.topology === '{topology}'")
    cell(page, *at).click()
    page.wait_for_function("state.game.clicks === 1")
    level = Level.named("beginner")
    game = Game.new(level if topology == "square" else level.on(topology), seed, FirstClick(rule))
    game.click(Cell(*at))
    assert page.evaluate("state.game.grid") == list(game.board().grid)
    return game


def drawn_as(page, topology: str, game_rows: int = 9, game_cols: int = 9) -> None:
    """The board on the page is drawn on ``topology``'s grid: hexagons touching their six neighbours, or a torus's
    glued edges marked; a square's plain squares."""
    assert page.evaluate("state.topology") == topology
    assert page.locator("#board .cell").count() == game_rows * game_cols
    shapes = page.eval_on_selector_all("#board .cell", "els => els.map(e => getComputedStyle(e).clipPath)")
    if topology == "hex":
        assert all(s.startswith("polygon(") and s.count(",") == 5 for s in shapes)
        boxes = page.eval_on_selector_all(
            "#board .cell",
            "els => els.map(e => { const b = e.getBoundingClientRect(); "
            "return [+e.dataset.r, +e.dataset.c, b.x + b.width / 2, b.y + b.height / 2, b.width]; })",
        )
        at = {Cell(r, c): (x, y) for r, c, x, y, _ in boxes}
        width = boxes[0][4]
        near = Level(game_rows, game_cols, 1, topology_name="hex").topology
        for c0, xy in at.items():
            for c1 in near.neighbours(c0):
                assert abs(math.dist(xy, at[c1]) - width) < 1.0, (c0, c1)
    else:
        assert not any(s.startswith("polygon(") for s in shapes)
    marks = page.locator("#board .wrap-mark")
    assert marks.count() == (4 if topology == "torus" else 0)
    if topology == "torus":
        assert all(marks.nth(i).is_visible() for i in range(4))


@pytest.mark.parametrize("topology", ["hex", "torus"])
def test_a_game_lost_on_another_grid_is_stepped_through_on_that_grid(page, topology: str) -> None:
    game = start(page, topology, seed=5)
    before = game.board()
    mine = min(game.mines)
    cell(page, *mine).click()
    page.wait_for_function("state.game.state === 'lost'")
    page.wait_for_function("document.body.dataset.postmortem === '1'", timeout=20_000)
    text = page.inner_text("#postmortem")
    # The post-mortem gives chances as percentages; the exact fraction is there on demand.
    served = page.evaluate("fetch('/api/game/' + state.game.id + '/review').then(r => r.json())")
    fatal = served["clicks"][-1]
    p = Fraction(fatal["probability"])
    assert chances(page, "#postmortem")[0] == (as_shown(p), p) and f"{as_shown(p)} chance" in text
    assert fatal["probability"] not in text
    page.locator("#postmortem button.exact").first.click()
    assert f"exactly {fatal['probability']}" in page.inner_text("#postmortem")
    picture(page, f"lost-{topology}")

    page.click("text=Step through this game")
    page.wait_for_function("state.mode === 'replay' && document.body.dataset.replayStep === '0'")
    drawn_as(page, topology)
    assert page.evaluate("state.replay.doc.topology") == topology
    # The last step: the fatal click on the position the player saw, on the game's grid.
    page.click("#replay-last")
    page.click("#replay-prev")
    page.wait_for_function("document.body.dataset.replayStep === '1'")
    assert page.evaluate("state.grid.map(row => row.join(''))") == list(before.grid)
    assert "chosen" in cell(page, *mine).get_attribute("class").split()
    drawn_as(page, topology)
    # The game's own message stays in the Play tab.
    assert not page.is_visible("#game-state")
    picture(page, f"stepped-{topology}")


@pytest.fixture(scope="module")
def hex_trace(tmp_path_factory) -> Path:
    """Three hex games the autoplayer played, as `cnfsweep play --trace` writes them."""
    path = tmp_path_factory.mktemp("trace") / "hex.jsonl"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "cnfsweep",
            "play",
            "--topology",
            "hex",
            "--level",
            "beginner",
            "--games",
            "3",
            "--seed",
            "1",
            "--trace",
            str(path),
        ],
        check=True,
        capture_output=True,
    )
    return path


def load(page, path: Path) -> None:
    page.evaluate("document.body.dataset.replayStep = ''; delete document.body.dataset.replayError")
    page.set_input_files("#replay-file", str(path))
    page.wait_for_function(
        "document.body.dataset.replayStep === '0' || document.body.dataset.replayError === '1'", timeout=30_000
    )


def test_a_trace_is_stepped_through_in_the_replay_tab_and_a_game_of_several_chosen(
    page, hex_trace: Path, tmp_path: Path
) -> None:
    one = tmp_path / "hex1.jsonl"
    one.write_text(hex_trace.read_text().splitlines()[0] + "\n")
    page.click("#tab-replay")
    load(page, one)
    expected = review(one.read_bytes(), name=one.name)
    doc = page.evaluate("state.replay.doc")
    assert len(doc["clicks"]) == len(expected.clicks) and doc["topology"] == "hex"
    # Every click on the timeline, the board drawn whole on hexagons, no time where a trace keeps none.
    assert page.locator("#timeline button").count() == len(expected.clicks)
    drawn_as(page, "hex")
    assert "null" not in page.inner_text("#replay-click") + page.inner_text("#replay-summary")
    page.click("#replay-next")
    page.wait_for_function("document.body.dataset.replayStep === '1'")
    assert page.inner_text("#replay-click").startswith(f"Click 2 of {len(expected.clicks)}: ")
    assert page.inner_text("#replay-message") == f"hex1.jsonl: {len(expected.clicks)} clicks"
    assert page.is_hidden("#replay-game")
    picture(page, "trace-hex1")

    # Three games in one file: which one is shown is said, and any can be chosen.
    load(page, hex_trace)
    assert page.is_visible("#replay-game")
    assert page.inner_text("#replay-message").startswith("hex.jsonl: game 1 of 3, ")
    games = read_game_records(hex_trace)
    page.select_option("#replay-game-number", "2")
    page.wait_for_function("state.replay.doc.game === 2")
    want = review_game(games[1])
    assert page.locator("#timeline button").count() == len(want.clicks)
    assert page.inner_text("#replay-message") == f"hex.jsonl: game 2 of 3, {len(want.clicks)} clicks"
    picture(page, "trace-hex-game2")

    # A corrupt file after it: nothing of the last replay stays on screen, and the error is one line.
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"rows": 9, "cols": 9, "mines": [[0, 9]], "moves": []}\n')
    load(page, bad)
    message = page.inner_text("#replay-message")
    assert message.startswith("error: bad.jsonl") and "\n" not in message
    assert page.locator("#board .cell").count() == 0 and page.locator("#timeline button").count() == 0
    assert page.is_hidden("#replay-view") and page.inner_text("#mines-left") == "0"
    picture(page, "trace-corrupt")


def test_a_win_shows_its_figures_and_mines_left_0_and_its_record_replays(page, tmp_path: Path) -> None:
    game = start(page, "square", seed=11, rule="opening")
    flagged = sorted(game.mines)[0]
    cell(page, *flagged).click(button="right")  # one flag of the player's: the win flags the rest
    page.wait_for_function("state.game.mines_left === 9")
    for c in game.board().cells():
        if (
            c not in game.mines
            and page.evaluate(f"state.game.grid[{c.row}][{c.col}]") == "."
            and page.evaluate("state.game.state") == "playing"
        ):
            moves = page.evaluate("state.game.moves")
            cell(page, *c).click()
            wait_moves(page, moves)
    page.wait_for_function("state.game.state === 'won'")
    assert page.evaluate("state.game.mines_left") == 0 and page.inner_text("#mines-left") == "0"
    # The figures: the layout's 3BV (the library's count), 3BV/s, every click the player made, IOE.
    page.wait_for_function("document.body.dataset.reviewed === state.game.id", timeout=20_000)
    won = page.evaluate("state.game")
    bbbv = game.three_bv()
    text = page.inner_text("#postmortem")
    assert (
        f"3BV {bbbv} · {bbbv / won['seconds']:.2f} 3BV/s · {won['moves']} clicks · IOE {bbbv / won['moves']:.2f}"
        in text
    ), text
    picture(page, "won")
    # The record file: a trace line the CLI's reader reads, and replays to the same review the server gives.
    with page.expect_download() as info:
        page.click("text=Download the record")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.suffix == ".jsonl"
    (record,) = read_game_records(path)
    served = page.evaluate("fetch('/api/game/' + state.game.id + '/review').then(r => r.json())")
    mine = review_game(record)
    assert mine.won and record.rule == "opening" and record.mines == tuple(sorted(game.mines))
    assert [c.label.value for c in mine.clicks] == [c["label"] for c in served["clicks"]]
    assert [str(c.probability) for c in mine.clicks] == [c["probability"] for c in served["clicks"]]
    # "Review this game", as after a loss.
    page.click("text=Review this game")
    page.wait_for_function("state.mode === 'replay' && document.body.dataset.replayStep === '0'")
    assert page.locator("#timeline button").count() == len(served["clicks"])


def test_a_middle_click_chords_and_the_cells_it_would_open_look_pressed_while_held(page) -> None:
    game = start(page, "hex", seed=2, rule="opening")
    topology = game.level.topology
    grid = page.evaluate("state.game.grid")
    # A number with exactly one covered mine around it, and covered safe cells too: flag the mine, then chord.
    for c in game.board().cells():
        if grid[c.row][c.col] in "123456":
            covered = [n for n in topology.neighbours(c) if grid[n.row][n.col] == "."]
            mines = [n for n in covered if n in game.mines]
            if len(mines) == int(grid[c.row][c.col]) and len(covered) > len(mines):
                break
    else:
        pytest.fail("no number to chord on")
    for m in mines:
        moves = page.evaluate("state.game.moves")
        cell(page, *m).click(button="right")
        wait_moves(page, moves)
    box = cell(page, *c).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down(button="middle")
    pressed = page.eval_on_selector_all("#board .cell.pressed", "els => els.map(e => [+e.dataset.r, +e.dataset.c])")
    assert sorted(map(tuple, pressed)) == sorted(n for n in covered if n not in mines)
    # They look pressed: the colour of an open cell, not the raised tile's.
    look = "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).backgroundImage]"
    untouched = next(x for x in game.board().cells() if grid[x.row][x.col] == "." and x not in topology.neighbours(c))
    assert cell(page, *pressed[0]).evaluate(look) == [cell(page, *c).evaluate(look)[0], "none"]
    assert cell(page, *untouched).evaluate(look)[1] != "none"
    picture(page, "chord-held")
    moves = page.evaluate("state.game.moves")
    page.mouse.up(button="middle")
    wait_moves(page, moves)
    assert page.locator("#board .cell.pressed").count() == 0
    after = page.evaluate("state.game.grid")
    assert all(after[n.row][n.col] not in ".*" for n in covered if n not in mines)
