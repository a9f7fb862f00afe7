"""The page writes sizes rows first, as the command line and the API do, and turns a browser's old names round once."""

from __future__ import annotations

import json

from pagekit import browser  # noqa: F401  (fixtures)

#: Statistics saved by a page of 0.1.0, which named a custom size columns first.
OLD = {
    "custom 30×16/99": {"games": 3, "wins": 1, "streak": 0, "longest": 1, "best": 81.5},
    "custom 9×5/4 torus": {"games": 1, "wins": 0, "streak": 0, "longest": 0, "best": None},
    "beginner": {"games": 2, "wins": 2, "streak": 2, "longest": 2, "best": 9.0},
}


def saved_stats(browser, live_url: str, before: dict[str, object] | None, loads: int) -> dict[str, object]:
    """Open the page ``loads`` times in one browser profile whose storage starts with ``before``; return the stats."""
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    if before is not None:
        context.add_init_script(
            f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
            f" localStorage.setItem('cnfsweep.stats', {json.dumps(json.dumps(before))}); }}"
        )
    page = context.new_page()
    for _ in range(loads):
        page.goto(live_url)
        page.wait_for_selector("#board .cell")
    stats = page.evaluate("JSON.parse(localStorage.getItem('cnfsweep.stats'))")
    labels = page.eval_on_selector_all("#custom-size label", "els => els.map(e => e.textContent.trim())")
    context.close()
    return {"stats": stats, "labels": labels}


def test_old_custom_size_names_are_turned_round_once_and_the_form_asks_rows_first(browser, live_url: str) -> None:
    got = saved_stats(browser, live_url, OLD, loads=2)
    assert got["stats"] == {
        "custom 16×30/99": OLD["custom 30×16/99"],
        "custom 5×9/4 torus": OLD["custom 9×5/4 torus"],
        "beginner": OLD["beginner"],
    }
    assert [label.split()[0] for label in got["labels"]] == ["Rows", "Columns", "Mines"]


def test_the_editor_asks_rows_then_columns_and_builds_that_shape(browser, live_url: str) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 800})
    page.goto(live_url)
    page.wait_for_selector("#board .cell")
    page.click("#tab-edit")
    labels = page.eval_on_selector_all(
        "#edit-rows, #edit-cols", "els => els.map(e => [e.id, e.closest('label').textContent.trim()])"
    )
    page.fill("#edit-rows", "3")
    page.fill("#edit-cols", "5")
    page.click("#blank")
    page.wait_for_function("state.rows === 3 && state.cols === 5")
    drawn_rows = page.evaluate("state.grid.length")
    page.close()
    assert labels == [["edit-rows", "Rows"], ["edit-cols", "Columns"]]
    assert drawn_rows == 3
