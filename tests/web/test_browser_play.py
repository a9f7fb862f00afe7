"""Games on the page in Debian's headless Chromium: hints on flagged cells, finished games, the clock, quick moves, rooms."""

from __future__ import annotations

from pagekit import analysed, browser, cell, new_game, page  # noqa: F401  (fixtures)

from cnfsweep.core.board import Cell
from cnfsweep.generation import generate_boards
from cnfsweep.play import LEVELS, FirstClick, Game

#: Makes the page's analyses answer this many milliseconds late, so that one is still on its way when the game ends.
SLOW_ANALYSES = """ms => {
  const fetch0 = window.fetch;
  window.fetch = async (path, init) => {
    if (String(path).includes('/api/analyze')) await new Promise((ok) => setTimeout(ok, ms));
    return fetch0(path, init);
  };
}"""


def press_hint(page) -> str:
    """Ask for a hint with the key and return what the page says once it has answered."""
    page.evaluate("document.body.dataset.hinted = '0'")
    page.keyboard.press("h")
    page.wait_for_function("document.body.dataset.hinted === '1'", timeout=10_000)
    return page.inner_text("#hint-text")


def settle(page, requests: dict[str, int]) -> None:
    """Wait until no request of the page has been under way for 200 ms."""
    quiet = 0
    while quiet < 4:
        page.wait_for_timeout(50)
        quiet = quiet + 1 if requests["sent"] == requests["done"] else 0


def count_requests(page) -> dict[str, int]:
    requests = {"sent": 0, "done": 0}
    page.on("request", lambda _r: requests.__setitem__("sent", requests["sent"] + 1))
    page.on("requestfinished", lambda _r: requests.__setitem__("done", requests["done"] + 1))
    page.on("requestfailed", lambda _r: requests.__setitem__("done", requests["done"] + 1))
    return requests


def shown_grid(page) -> list[str]:
    """The grid as the cells on the page draw it: a digit, ``*`` for a flag, ``.`` covered."""
    texts = page.eval_on_selector_all("#board .cell", "els => els.map(e => [e.className, e.textContent])")
    cols = page.evaluate("state.cols")
    chars = ["*" if "flag" in cls else ("0" if text == "" else text) if "open" in cls else "." for cls, text in texts]
    return ["".join(chars[i : i + cols]) for i in range(0, len(chars), cols)]


def test_following_the_hints_never_says_to_flag_a_flagged_cell(page) -> None:
    for seed in (0, 1):
        new_game(page, "beginner", seed, "opening")
        cell(page, 4, 4).click()
        page.wait_for_function("state.game.clicks === 1")
        for _ in range(81):
            if page.evaluate("state.game.state") != "playing":
                break
            text = press_hint(page)
            r, c = page.evaluate("state.hint.cell")
            flagged = page.evaluate(f"state.grid[{r}][{c}]") == "*"
            if "certainly a mine" in text:
                assert not flagged, f"the hint names the flagged cell {(r, c)}: {text}"
            elif flagged:
                # A flag on a safe cell: the hint says so, and the flag comes off first.
                assert "certainly safe" in text and "flag" in text
            with page.expect_response("**/api/game/*/*"):
                cell(page, r, c).click(button="right" if "certainly a mine" in text or flagged else "left")
            page.wait_for_function("!document.getElementById('hint-text').textContent")
        assert page.evaluate("state.game.state") != "playing"


def test_a_finished_game_is_never_analysed(page) -> None:
    page.check("#analyse")
    new_game(page, "beginner", 3)
    cell(page, 0, 0).click()
    page.wait_for_function("state.game.clicks === 1")
    analysed(page)
    game = Game.new(LEVELS["beginner"], 3)
    game.click(Cell(0, 0))
    grid = game.board().grid
    safe = next((r, c) for r in range(9) for c in range(9) if grid[r][c] == "." and Cell(r, c) not in game.mines)
    mine = sorted(game.mines)[0]
    # The analysis of the move before the loss is still on its way when the mine goes off.
    page.evaluate(SLOW_ANALYSES, 400)
    cell(page, *safe).click()
    page.wait_for_function("state.game.clicks === 2")
    cell(page, *mine).click()
    page.wait_for_function("state.game.state === 'lost'")
    page.wait_for_timeout(900)
    painted = "#board .cell[data-p], #board .cell.prob, #board .cell.certain-safe, #board .cell.certain-mine, #board .cell.best"
    assert page.eval_on_selector_all(painted, "els => els.length") == 0
    assert "layout" not in page.inner_text("#summary")
    # Turning the overlay off and on, or asking for a hint, analyses nothing either.
    page.keyboard.press("a")
    page.keyboard.press("a")
    page.wait_for_timeout(900)
    assert page.eval_on_selector_all(painted, "els => els.length") == 0
    assert "game is over" in page.inner_text("#summary")
    assert "game is over" in press_hint(page)
    assert page.eval_on_selector_all("#board .cell.hint-move, #board .cell.hint-reason", "els => els.length") == 0


def test_a_no_guess_games_clock_starts_at_the_first_click_and_keeps_the_final_time(page) -> None:
    page.check("#no-guess")
    new_game(page, "beginner", 9)
    page.wait_for_function("state.game.clicks === 1")  # the server's opening
    made = next(generate_boards("beginner", 1, seed=9))
    page.wait_for_timeout(2300)
    assert page.inner_text("#timer") == "0"

    def safe_covered() -> list[tuple[int, int]]:
        grid = page.evaluate("state.grid")
        return [(r, c) for r in range(9) for c in range(9) if grid[r][c] == "." and Cell(r, c) not in made.mine_cells]

    first = safe_covered()[0]
    cell(page, *first).click()
    page.wait_for_function("state.game.clicks === 2")
    page.wait_for_timeout(1300)
    assert int(page.inner_text("#timer")) >= 1
    while len(left := safe_covered()) > 1:
        clicks = page.evaluate("state.game.clicks")
        cell(page, *left[0]).click()
        page.wait_for_function(f"state.game.clicks === {clicks + 1}")
    before = int(page.inner_text("#timer"))
    cell(page, *left[0]).click()
    page.wait_for_function("state.game.state === 'won'")
    final = page.inner_text("#timer")
    assert int(final) >= before
    assert int(final) == int(page.evaluate("state.game.seconds"))
    page.wait_for_timeout(1300)
    assert page.inner_text("#timer") == final


def test_quick_moves_leave_the_page_showing_the_servers_game(page) -> None:
    requests = count_requests(page)
    for trial in range(10):
        new_game(page, "beginner", 20 + trial, "opening")
        cell(page, 4, 4).click()
        page.wait_for_function("state.game.clicks === 1")
        grid = page.evaluate("state.grid")
        covered = [(r, c) for r in range(9) for c in range(9) if grid[r][c] == "."][:3]
        a, b, c = covered
        game = Game.new(LEVELS["beginner"], 20 + trial, FirstClick.OPENING)
        game.click(Cell(4, 4))
        safe = [(r, c) for r in range(9) for c in range(9) if grid[r][c] == "." and Cell(r, c) not in game.mines]
        # Six right clicks and two left clicks in one go, as fast as the page takes them.
        page.evaluate(
            """([moves]) => {
              for (const [kind, r, c] of moves) {
                const el = document.querySelector(`#board .cell[data-r="${r}"][data-c="${c}"]`);
                const type = kind === 'flag' ? 'contextmenu' : 'click';
                el.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, button: kind === 'flag' ? 2 : 0 }));
              }
            }""",
            [
                [
                    ["flag", *a],
                    ["flag", *b],
                    ["click", *safe[-1]],
                    ["flag", *a],
                    ["flag", *c],
                    ["flag", *b],
                    ["flag", *a],
                    ["click", *safe[-2]],
                ]
            ],
        )
        settle(page, requests)
        server = page.evaluate("fetch('/api/game/' + state.game.id).then((r) => r.json())")
        assert page.evaluate("state.game.grid") == server["grid"], f"trial {trial}"
        assert shown_grid(page) == server["grid"], f"trial {trial}"
        assert page.inner_text("#mines-left") == str(server["mines_left"]), f"trial {trial}"


def test_a_game_no_first_click_could_start_is_refused_with_the_servers_message(page) -> None:
    new_game(page, "beginner", 1)
    page.select_option("#level", "custom")
    page.fill("#custom-rows", "3")
    page.fill("#custom-cols", "3")
    page.fill("#custom-mines", "5")
    page.select_option("#first-click", "opening")
    page.fill("#seed", "2")
    with page.expect_response("**/api/game") as answer:
        page.click("#new-game-button")
    assert answer.value.status == 400
    message = answer.value.json()["error"]
    page.wait_for_function("document.getElementById('game-state').textContent.startsWith('error')")
    assert page.inner_text("#game-state") == f"error: {message}"
    assert "opening" in message and "at most 0" in message
    assert page.evaluate("state.game.seed") == 1  # the last game stays
