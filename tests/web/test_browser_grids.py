"""Torus and hex boards on the page in Debian's headless Chromium: drawn, analysed, inspected, played; graphs said."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from oracle import reference
from pagekit import analysed, browser, cell, page  # noqa: F401  (fixtures)

from paths import EXAMPLES
from cnfsweep import Board
from cnfsweep.core.board import Cell

HEX_TEXT = (EXAMPLES / "grids" / "hex.txt").read_text()
TORUS_TEXT = (EXAMPLES / "grids" / "torus.txt").read_text()


def read_board(page, text: str, topology: str) -> None:
    """Paste board text into the editor, read it and wait for its overlay."""
    page.click("#tab-edit")
    page.check("#analyse")
    page.fill("#board-text", text)
    page.click("#read-text")
    page.wait_for_function(f"state.topology === '{topology}'")
    analysed(page)


def centres(page) -> dict[Cell, tuple[float, float]]:
    """The centre of every cell's box on the page."""
    boxes = page.eval_on_selector_all(
        "#board .cell",
        "els => els.map(e => { const b = e.getBoundingClientRect(); return [+e.dataset.r, +e.dataset.c, b.x + b.width / 2, b.y + b.height / 2]; })",
    )
    return {Cell(r, c): (x, y) for r, c, x, y in boxes}


def test_a_pasted_hex_board_is_drawn_as_hexagons_and_analysed_as_the_oracle_says(page) -> None:
    read_board(page, HEX_TEXT, "hex")
    board = Board.parse(HEX_TEXT)
    shapes = page.eval_on_selector_all("#board .cell", "els => els.map(e => getComputedStyle(e).clipPath)")
    assert len(shapes) == board.rows * board.cols
    assert all(s.startswith("polygon(") and s.count(",") == 5 for s in shapes)
    # The six neighbours of every cell are the six hexagons touching it: centres one cell width apart.
    at = centres(page)
    width = page.eval_on_selector("#board .cell", "e => e.getBoundingClientRect().width")
    for c0 in board.cells():
        near = set(board.neighbours(c0))
        for c1 in board.cells():
            if c1 != c0:
                d = math.dist(at[c0], at[c1])
                assert (abs(d - width) < 1.0) if c1 in near else d > 1.5 * width, (c0, c1, d)
    # The overlay: every covered cell's probability is the oracle's.
    ref = reference(board)
    shown = page.eval_on_selector_all(
        "#board .cell", "els => els.map(e => [+e.dataset.r, +e.dataset.c, e.dataset.p ?? null])"
    )
    for r, c, p in shown:
        if Cell(r, c) in board.covered:
            assert p is not None and math.isclose(float(p), float(ref.exact[Cell(r, c)])), (r, c, p)
    assert "220 layouts" in page.inner_text("#summary")
    assert "odd rows are shifted" in page.inner_text("#grid-note")


def test_clicks_on_hexagons_reach_the_cell_drawn_there(page) -> None:
    read_board(page, HEX_TEXT, "hex")
    at = centres(page)
    width = page.eval_on_selector("#board .cell", "e => e.getBoundingClientRect().width")
    hit = "([x, y]) => { const e = document.elementFromPoint(x, y).closest('.cell'); return e && [+e.dataset.r, +e.dataset.c]; }"
    for (r, c), (x, y) in at.items():
        assert page.evaluate(hit, [x, y]) == [r, c]
        # Just inside a hexagon's bottom point, where the box of the row below overlaps it: still this cell.
        if r + 1 < 7:
            assert page.evaluate(hit, [x, y + 0.45 * width]) == [r, c]
    # Inspect a cell by clicking it: the aria label says its probability, as the overlay does.
    label = cell(page, 6, 8).get_attribute("aria-label")
    assert label.startswith("row 7 column 9: mine probability 25 percent")


def test_a_pasted_torus_is_drawn_with_its_glued_edges_and_arrow_keys_wrap(page) -> None:
    read_board(page, TORUS_TEXT, "torus")
    board = Board.parse(TORUS_TEXT)
    assert page.eval_on_selector("#board", "e => e.className") == "torus"
    colours = page.eval_on_selector(
        "#board",
        "e => { const s = getComputedStyle(e); return [s.borderTopColor, s.borderBottomColor, s.borderLeftColor, s.borderRightColor]; }",
    )
    assert colours[0] == colours[1] and colours[2] == colours[3] and colours[0] != colours[2]
    assert "wrap" in page.inner_text("#grid-note") or "meets" in page.inner_text("#grid-note")
    ref = reference(board)
    for r, c, p in page.eval_on_selector_all(
        "#board .cell", "els => els.map(e => [+e.dataset.r, +e.dataset.c, e.dataset.p ?? null])"
    ):
        if Cell(r, c) in board.covered:
            assert Fraction(p).limit_denominator(1000) == ref.exact[Cell(r, c)]
    cell(page, 0, 0).focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("[document.activeElement.dataset.r, document.activeElement.dataset.c]") == ["5", "7"]


def test_the_editor_draws_a_blank_hex_board_and_keeps_numbers_to_6(page) -> None:
    page.click("#tab-edit")
    page.select_option("#edit-topology", "hex")
    page.fill("#edit-rows", "4")
    page.fill("#edit-cols", "5")
    page.click("#blank")
    page.wait_for_function("state.topology === 'hex' && state.rows === 4 && state.cols === 5")
    assert page.locator("#board .cell").count() == 20
    assert page.is_disabled("input[name=tool][value='7']") and page.is_disabled("input[name=tool][value='8']")
    cell(page, 1, 1).focus()
    page.keyboard.press("7")  # refused: a hex cell shows at most 6
    page.keyboard.press("Enter")  # the covered tool
    page.keyboard.press("6")
    assert page.evaluate("state.grid[1][1]") == "6"
    page.fill("#edit-total", "3")  # the game's total of 99 does not fit 20 cells
    page.click("#copy-text")
    assert page.input_value("#board-text") == "topology: hex\nmines: 3\n.....\n.6...\n.....\n.....\n"
    # Keyboard and screen readers as on a square board: a grid of labelled cells, one of them in the tab order.
    assert page.locator("#board[role=grid] .cell[role=gridcell][aria-label]").count() == 20
    assert page.locator("#board .cell[tabindex='0']").count() == 1


def test_a_graph_board_is_said_to_be_for_the_api_and_the_page_keeps_working(page) -> None:
    # A graph board read by the server (as the graph topology's /api/board answers it): the page draws none.
    graph = {"rows": 1, "cols": 3, "grid": ["1.."], "total_mines": 1, "text": "{}", "topology": "graph"}
    page.route(
        "**/api/board", lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(graph))
    )
    page.click("#tab-edit")
    before = page.locator("#board .cell").count()
    page.fill("#board-text", '{"format": "cnfsweep-graph"}')
    page.click("#read-text")
    page.wait_for_function("document.getElementById('edit-message').textContent.includes('graph')")
    assert "API" in page.inner_text("#edit-message") and "square, torus and hex" in page.inner_text("#edit-message")
    assert page.locator("#board .cell").count() == before


def game_topology_supported(page) -> bool:
    status = page.evaluate(
        "fetch('/api/game', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({level: 'beginner', topology: 'hex', seed: 1})}).then(r => r.status)"
    )
    return status == 200


@pytest.mark.parametrize("topology", ["hex", "torus"])
def test_a_game_on_another_grid_is_drawn_and_played(page, topology: str) -> None:
    if not game_topology_supported(page):
        pytest.skip("/api/game does not take a topology yet (the game branch adds it)")
    page.select_option("#level", "beginner")
    page.select_option("#topology", topology)
    page.select_option("#first-click", "opening")
    page.fill("#seed", "4")
    page.click("#new-game-button")
    page.wait_for_function(f"state.game && state.game.seed === 4 && state.game.topology === '{topology}'")
    assert page.evaluate("state.topology") == topology
    assert page.locator("#board .cell").count() == 81
    cell(page, 4, 4).click()
    page.wait_for_function("state.game.clicks === 1")
    # A few more clicks, each on a cell the overlay calls certainly safe.
    page.check("#analyse")
    for _ in range(3):
        analysed(page)
        if page.evaluate("state.game.state") != "playing" or not page.evaluate("state.analysis.safe.length"):
            break
        r, c = page.evaluate("state.analysis.safe[0]")
        moves = page.evaluate("state.game.moves")
        cell(page, r, c).click()
        page.wait_for_function(f"state.game.moves > {moves}")
        assert page.evaluate("state.game.state") != "lost"
    shown = page.evaluate("state.grid.map(row => row.join(''))")
    assert shown == page.evaluate("state.game.grid")
    assert max((ch for row in shown for ch in row if ch.isdigit()), default="0") <= ("6" if topology == "hex" else "8")


def test_hint_and_peek_mark_hexagons(page) -> None:
    read_board(page, HEX_TEXT, "hex")
    page.evaluate("document.body.dataset.hinted = '0'")
    page.keyboard.press("h")
    page.wait_for_function("document.body.dataset.hinted === '1'", timeout=10_000)
    r, c = page.evaluate("state.hint.cell")
    assert "hint-move" in cell(page, r, c).get_attribute("class")
    # The mark is a ring of the hexagon's shape (an outline would be cut by the clip).
    ring = cell(page, r, c).evaluate("e => getComputedStyle(e, '::after').backgroundColor")
    assert ring not in ("rgba(0, 0, 0, 0)", "transparent")
    page.evaluate("document.body.dataset.peeked = '0'")
    page.keyboard.press("p")
    page.wait_for_function("document.body.dataset.peeked === '1'", timeout=10_000)
    assert page.locator("#board .cell.peek").count() > 0
