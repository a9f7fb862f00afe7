"""A variant board pasted into the page's editor: the page says the API answers it and keeps the board it drew."""

from __future__ import annotations

from pagekit import browser, page  # noqa: F401  (fixtures)

from paths import EXAMPLES


def test_a_variant_board_is_said_to_be_for_the_api_and_the_page_keeps_working(page) -> None:
    page.click("#tab-edit")
    before = page.locator("#board .cell").count()
    page.fill("#board-text", (EXAMPLES / "variants" / "quad.txt").read_text())
    page.click("#read-text")
    page.wait_for_function("document.getElementById('edit-message').textContent.includes('variant rules')")
    said = page.inner_text("#edit-message")
    assert "(1Q V 1M)" in said and "/api/analyze" in said and "classic boards only" in said
    assert page.locator("#board .cell").count() == before
