"""Variant boards on the page: drawn from pasted text (tokens of any size, dyed cells, a badge a rule), rules chosen
from the registry, and a generated puzzle played to the end (a mistake, a flag, a hint naming its rules, solved; and
lost), its answer never sent to the page before the end; Peek on a puzzle, as the library finds its levels."""

from __future__ import annotations

import json

import pytest
from pagekit import browser, cell, page  # noqa: F401  (fixtures)

from cnfsweep.core.board import Cell
from cnfsweep.generation.variant_grade import grade_variant_board
from cnfsweep.generation.variants import VariantRequest, generate_variant
from cnfsweep.variants import RULES, parse_variant
from cnfsweep.variants.hints import hint_variant
from cnfsweep.variants.levels import variant_levels

from paths import EXAMPLES

#: Boards with every kind of token: a Wall clue, a clue of two digits, "?" (a hidden clue), "*" (a known mine),
#: a 0, dyed cells covered and shown; and the game's example under 1Q 1M.
BOARDS = {
    "wall": "rules: 1W\nmines: 3\n.  1,3  ?  .\n*  .'  0  .\n.  .  2  12\n",
    "multiple": "rules: 1M\nmines: 5\n.  . .' .\n. 10' . ?\n* . . .'\n. . . .\n",
    "quad": (EXAMPLES / "variants" / "quad.txt").read_text(),
}


def read_in_editor(page, text: str) -> None:
    """Paste ``text`` in the Edit tab and read it."""
    page.click("#tab-edit")
    page.fill("#board-text", text)
    page.click("#read-text")
    page.wait_for_function("document.getElementById('edit-message').textContent.startsWith('read a')")


def definition(code: str) -> str:
    """A rule as the page must name it: the library's registry, never the page's own words."""
    rule = RULES.get(code)
    return f"{code} {rule.title}: {rule.definition}"


def shown(page) -> list[list[tuple[str, str]]]:
    """Every cell of the board drawn: its text and its classes."""
    return page.evaluate(
        "[...document.querySelectorAll('#board .row')].map(row => [...row.children].map(el => [el.textContent, el.className]))"
    )


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_variant_board_pasted_in_edit_is_drawn_token_by_token_with_its_dyed_cells_and_rule_badges(
    page, name: str
) -> None:
    board = parse_variant(BOARDS[name], "test")
    read_in_editor(page, BOARDS[name])
    drawn = shown(page)
    assert (len(drawn), len(drawn[0])) == (board.rows, board.cols)
    for r, row in enumerate(board.cells):
        for c, want in enumerate(row):
            text, classes = drawn[r][c]
            token = want.text().rstrip("'")
            assert ("dyed" in classes.split()) == (Cell(r, c) in board.grid.dyed), (r, c)
            if token == "*":
                assert "flag" in classes.split(), (r, c)  # a known mine, as the editor draws mines
            elif token != ".":
                assert "open" in classes.split() and text == token, (r, c, text, token)
    badges = page.eval_on_selector_all("#badges .badge", "els => els.map(e => [e.textContent, e.title])")
    assert [list(b) for b in badges] == [[code, definition(code)] for code in board.rules.codes]
    assert page.inner_text("#grid-note").splitlines() == [definition(code) for code in board.rules.codes]
    # The position copied out is the same board, read back by the library.
    page.click("#copy-text")
    copied = parse_variant(page.input_value("#board-text"), "copied")
    assert (copied.cells, copied.rules.codes, copied.total) == (board.cells, board.rules.codes, board.total)


def test_a_painted_cell_of_a_variant_board_keeps_its_rules_and_dyed_cells(page) -> None:
    read_in_editor(page, BOARDS["multiple"])
    page.check("input[name=tool][value='3']")
    cell(page, 3, 3).click()
    page.click("#copy-text")
    text = page.input_value("#board-text")
    assert parse_variant(text, "copied").cells[3][3].text() == "3"
    assert (
        text.splitlines()[0] == "rules: V 1M"
        and parse_variant(text, "copied").grid.dyed == parse_variant(BOARDS["multiple"], "test").grid.dyed
    )


def test_a_classic_board_read_after_a_variant_one_has_no_badges(page) -> None:
    read_in_editor(page, BOARDS["wall"])
    page.fill("#board-text", "1.\n..\n")
    page.click("#read-text")
    page.wait_for_function("document.getElementById('edit-message').textContent === 'read a 2×2 board'")
    assert page.locator("#badges").is_hidden() and page.evaluate("state.variant") is None
    assert shown(page)[0][0] == ["1", "cell open n1"]


def test_the_rules_offered_are_the_registrys_each_with_its_definition(page) -> None:
    page.click("#tab-puzzle")
    offered = page.eval_on_selector_all("input[name=rule]", "els => els.map(e => [e.value, e.closest('label').title])")
    # Mine rules in one box, clue rules in the other, each in the registry's order.
    by_kind = [code for kind in ("mine", "clue") for code, rule in RULES.items() if rule.kind.value == kind]
    assert sorted(by_kind) == sorted(RULES)
    assert offered == [[code, definition(code)] for code in by_kind]


def neighbours(cell_: Cell, rows: int, cols: int) -> list[Cell]:
    return [
        Cell(cell_.row + dr, cell_.col + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr, dc) != (0, 0) and 0 <= cell_.row + dr < rows and 0 <= cell_.col + dc < cols
    ]


def answers_seen(page) -> list[tuple[str, dict]]:
    """Every JSON answer the page gets from now on, with its path: what the page could know."""
    seen: list[tuple[str, dict]] = []

    def keep(response) -> None:
        if response.url.split("?")[0].split("/", 3)[-1].startswith("api/") and response.request.method == "POST":
            seen.append((response.url.split("/", 3)[-1], response.json()))  # every API answer is JSON

    page.on("response", keep)
    return seen


def assert_no_answer_before_the_end(seen: list[tuple[str, dict]]) -> None:
    """No answer the page got holds the mines or a solution, but a puzzle game's once it was over."""
    assert seen and not any(path == "api/puzzle" for path, _ in seen)  # the route that gives programs the answer
    for path, doc in seen:
        assert "solution" not in doc, path
        if path.startswith("api/puzzle/game"):
            assert (doc["mines"] is None) == (doc["state"] == "playing"), (path, doc["state"])


def start_puzzle(page, rules: list[str], seed: int, lives: int = 3) -> None:
    """Make a 5x5 puzzle with 7 mines under ``rules`` from the Puzzles tab's form, and wait for it."""
    page.click("#tab-puzzle")
    page.wait_for_function("state.puzzle !== null")  # the tab makes one at once
    for box in page.query_selector_all("input[name=rule]"):
        box.set_checked(box.get_attribute("value") in rules)
    page.fill("#puzzle-rows", "5")
    page.fill("#puzzle-cols", "5")
    page.fill("#puzzle-mines", "7")
    page.fill("#puzzle-lives", str(lives))
    page.fill("#puzzle-seed", str(seed))
    page.click("#new-puzzle-button")
    page.wait_for_function(f"state.puzzle.doc.seed === {seed} && state.variant !== null && state.rows === 5")


def test_a_generated_puzzle_played_to_a_loss_shows_the_mines_only_at_the_end(page) -> None:
    seen = answers_seen(page)
    start_puzzle(page, ["1Q", "V"], seed=4, lives=2)
    made = generate_variant(VariantRequest.make(5, 5, 7, ["1Q", "V"]), 4)
    assert page.evaluate("state.puzzle.doc.mines") is None
    first, second = sorted(made.answer)[:2]
    cell(page, first.row, first.col).click()
    page.wait_for_function("document.getElementById('puzzle-message').textContent.includes('1 life left')")
    assert "mistake" in cell(page, first.row, first.col).get_attribute("class").split()
    assert page.inner_text("#mines-left") == "6"  # while playing, a mistake is a known mine
    cell(page, second.row, second.col).click()
    page.wait_for_function("document.body.dataset.puzzle === 'lost'")
    assert page.inner_text("#puzzle-message") == "Lost: 2 mistakes used every life. The mines are shown."
    assert page.inner_text("#mines-left") == "7"  # after a loss, as the classic board: the total less the flags
    # The mines the server sent with the end are drawn: those opened as mistakes, the others as mines.
    for c in made.answer:
        classes = cell(page, c.row, c.col).get_attribute("class").split()
        assert ("mistake" if c in (first, second) else "mine") in classes, (c, classes)
    # Over: a click more changes nothing.
    safe = next(c for c in (Cell(r, k) for r in range(5) for k in range(5)) if c not in made.answer)
    before = page.evaluate("JSON.stringify(state.grid)")
    cell(page, safe.row, safe.col).click()
    assert page.evaluate("JSON.stringify(state.grid)") == before
    assert_no_answer_before_the_end(seen)


def test_peek_on_a_variant_puzzle_shows_what_its_clues_and_rules_then_the_total_decide(page) -> None:
    start_puzzle(page, ["1Q", "V"], seed=6)
    made = generate_variant(VariantRequest.make(5, 5, 7, ["1Q", "V"]), 6)
    page.click("#peek")
    page.wait_for_function("document.body.dataset.peeked === '1' && state.peek !== null")
    shown = page.eval_on_selector_all(
        "#board .cell.peek",
        "els => els.map(e => [+e.dataset.r, +e.dataset.c, [...e.classList].find(k => k.startsWith('peek-')), e.textContent])",
    )
    found = variant_levels(made.board)
    assert {(r, c): (name.removeprefix("peek-"), text == "M") for r, c, name, text in shown} == {
        tuple(c): v for c, v in found.decided.items()
    }
    full = sum(1 for name, _ in found.decided.values() if name == "full")
    total = len(found.decided) - full
    assert page.inner_text("#peek-text") == (
        f"Peek: all the clues and rules {full} · the total {total} · undecided {len(found.undecided)}"
    )


def test_a_generated_puzzle_is_played_with_a_mistake_a_flag_and_a_hint_to_solved(page) -> None:
    seen = answers_seen(page)
    rules, seed = ["1Q", "V"], 3
    page.click("#tab-puzzle")
    page.wait_for_function("state.puzzle !== null")  # the tab makes one at once
    page.check("input[name=rule][value='1Q']")
    page.fill("#puzzle-rows", "5")
    page.fill("#puzzle-cols", "5")
    page.fill("#puzzle-mines", "7")
    page.fill("#puzzle-seed", str(seed))
    page.click("#new-puzzle-button")
    page.wait_for_function(f"state.puzzle.doc.seed === {seed} && state.variant !== null && state.rows === 5")
    made = generate_variant(VariantRequest.make(5, 5, 7, rules), seed)
    assert parse_variant(page.evaluate("state.puzzle.doc.board"), "page").cells == made.board.cells
    assert page.eval_on_selector_all("#badges .badge", "els => els.map(e => e.textContent)") == list(
        made.board.rules.codes
    )
    answer = made.answer
    # A mine opened is a mistake: shown, and counted.
    mine = sorted(answer)[0]
    cell(page, mine.row, mine.col).click()
    page.wait_for_function("document.getElementById('puzzle-message').textContent.includes('1 mistake')")
    assert "mistake" in cell(page, mine.row, mine.col).get_attribute("class").split()
    # A hint: a certain cell of the one answer, its reason naming the rules.
    page.click("#hint")
    page.wait_for_function("state.hint !== null")
    hinted = Cell(*page.evaluate("state.hint.cell"))
    said = page.inner_text("#hint-text")
    assert ("certainly a mine" in said) == (hinted in answer), said
    # The rules it names are those of the library's hint on the position played (the mistake a known mine).
    tokens = [["*" if Cell(r, k) == mine else made.board.cells[r][k].text() for k in range(5)] for r in range(5)]
    played = parse_variant("rules: 1Q V\nmines: 7\n" + "\n".join(" ".join(row) for row in tokens), "played")
    reason = hint_variant(played).to_dict()["reason"]
    named = " ".join(reason["rules"])
    assert f"{'rule' if len(reason['rules']) == 1 else 'rules'} {named}" in said, said
    # A flag on another mine, by the right button.
    other = sorted(answer)[1]
    cell(page, other.row, other.col).click(button="right")
    page.wait_for_function(f"state.grid[{other.row}][{other.col}] === '*'")
    assert "flag" in cell(page, other.row, other.col).get_attribute("class").split()
    # Every safe cell opened shows what Vanilla reads on the answer: the mines around it.
    safe = [c for c in (Cell(r, k) for r in range(5) for k in range(5)) if c not in answer]
    for c in safe:
        if made.board.cells[c.row][c.col].text() == ".":
            cell(page, c.row, c.col).click()
    page.wait_for_function("document.body.dataset.puzzle === 'solved'")
    for c in safe:
        token = page.evaluate(f"state.grid[{c.row}][{c.col}]")
        assert token == str(sum(n in answer for n in neighbours(c, 5, 5))), c
    assert page.inner_text("#puzzle-message") == "Solved with 1 mistake!"
    assert all(page.evaluate(f"state.grid[{c.row}][{c.col}]") == "*" for c in answer)
    assert_no_answer_before_the_end(seen)


def test_a_puzzle_the_server_cannot_make_says_why(page) -> None:
    page.click("#tab-puzzle")
    page.wait_for_function("state.puzzle !== null")
    page.fill("#puzzle-rows", "3")
    page.fill("#puzzle-cols", "3")
    page.fill("#puzzle-mines", "9")
    page.click("#new-puzzle-button")
    page.wait_for_function("document.getElementById('puzzle-message').textContent.startsWith('error:')")
    assert page.inner_text("#puzzle-message") == (
        "error: mines 9: a 3x3 board takes 0 to 8 mines (at least one cell must show a clue)"
    )
    assert page.evaluate("state.rows") == 5  # the puzzle shown stays


@pytest.mark.parametrize("rules", [["1Q", "V"], ["2E"]], ids=" ".join)
def test_a_generated_puzzle_says_its_grade_as_cnfsweep_grade_gives_it(page, rules: list[str]) -> None:
    # 2E's letters are graded too: a smallest reason may hold two clues that only together say something.
    start_puzzle(page, rules, seed=5)
    board = parse_variant(page.evaluate("state.puzzle.doc.board"), "page")
    grade = grade_variant_board(board).grade.value
    assert page.evaluate("state.puzzle.grade") == grade
    assert f"one solution, found by logic alone, grade {grade}" in page.inner_text("#puzzle-message")


def test_a_puzzle_asked_for_with_grade_off_is_neither_graded_nor_said_to_be(page) -> None:
    asked: list[dict] = []
    page.on(
        "request",
        lambda request: asked.append(request.post_data_json) if request.url.endswith("/api/puzzle/game") else None,
    )
    page.click("#tab-puzzle")
    page.wait_for_function("state.puzzle !== null")
    page.uncheck("#puzzle-grade")
    start_puzzle(page, ["1Q", "V"], seed=6)
    assert asked[-1]["seed"] == 6 and "grade" not in asked[-1]
    assert page.evaluate("state.puzzle.doc.grade ?? null") is None
    message = page.inner_text("#puzzle-message")
    assert message.endswith("one solution, found by logic alone") and "grade" not in message
    page.check("#puzzle-grade")  # and back on, the next puzzle is graded again
    start_puzzle(page, ["1Q", "V"], seed=7)
    assert asked[-1]["grade"] is True and page.evaluate("state.puzzle.grade") is not None


def test_a_puzzle_past_the_time_limit_says_what_ran_out_and_the_puzzle_stays(page) -> None:
    # Main said "no puzzle within the time limit ... try a smaller one" whatever ran out; a graded puzzle may have
    # been made and its grade run out of time, which the server now says, and the page shows its words.
    page.click("#tab-puzzle")
    page.wait_for_function("state.puzzle !== null")
    before = page.evaluate("state.puzzle.doc.id")
    reason = (
        "the puzzle was made but not graded within the time limit of 10.0 s: ask without grade, or for a smaller puzzle"
    )
    timed_out = {"status": "unknown", "reason": reason, "time_limit": 10.0}
    # The server's answer past its time limit, without waiting for one: only the page's reading of it is tested here.
    page.route(
        "**/api/puzzle/game",
        lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(timed_out)),
    )
    page.click("#new-puzzle-button")
    page.wait_for_function("document.getElementById('puzzle-message').textContent.includes('time limit')")
    assert page.inner_text("#puzzle-message") == reason
    assert page.evaluate("state.puzzle.doc.id") == before
