"""The Edit tab and the page's words in Debian's headless Chromium: the total field, counts, safe cells, timings."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pagekit import analysed, browser, cell, page  # noqa: F401  (fixtures)

#: Sets the Total mines field as a paste would and says so to the page.
TYPE_TOTAL = """text => {
  const el = document.getElementById('edit-total');
  el.value = text;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}"""

#: The same, but once this call has returned: a page that hangs on the text fails the wait that follows, not this call
#: (which has no time limit).
TYPE_TOTAL_SOON = """text => {
  const el = document.getElementById('edit-total');
  el.value = text;
  setTimeout(() => el.dispatchEvent(new Event('input', { bubbles: true })));
}"""

#: Makes the page believe its tab is hidden (true) or shown again (false), as a switch of tabs does.
HIDE = """hidden => {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => hidden ? 'hidden' : 'visible' });
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def blank_board(page, rows: int, cols: int) -> None:
    page.click("#tab-edit")
    page.check("#analyse")
    page.fill("#edit-rows", str(rows))
    page.fill("#edit-cols", str(cols))
    page.click("#blank")
    page.wait_for_function(f"state.rows === {rows} && state.cols === {cols}")
    set_total(page, "")  # the editor took the game's total
    total_analysed(page, None)


def set_total(page, text: str) -> None:
    page.evaluate(TYPE_TOTAL, text)


def total_analysed(page, total: int | None) -> None:
    page.wait_for_function(
        "([t]) => state.analysis && !state.analysis.error && state.analysis.total_mines === t"
        " && document.body.dataset.analysed === String(state.seq)",
        arg=[total],
        timeout=5000,
    )


@st.composite
def totals(draw: st.DrawFn) -> str:
    """What a player might type or paste as the total: numbers small and huge, and junk."""
    return draw(
        st.one_of(
            st.integers(0, 12).map(str),
            st.integers(1, 6000).map(lambda n: "9" * n),
            st.builds(
                lambda pad, n, pad2: f"{pad}{n}{pad2}",
                st.sampled_from(["", " ", "\t", "00"]),
                st.integers(0, 99),
                st.sampled_from(["", " ", "\t"]),
            ),
            st.text(max_size=12),
            st.text(alphabet="0123456789eE+-., x_٣", max_size=8),
        )
    )


#: Forgets what the page said for the example before (each example reads only its own words): the hint, and the text
#: box a copy fills.
FORGET = """() => {
  document.getElementById('hint-text').textContent = '';
  document.getElementById('board-text').value = 'not copied';
}"""


@pytest.fixture
def statuses(page) -> list[int]:
    """The HTTP statuses of the answers the page gets from now on."""
    seen: list[int] = []
    page.on("response", lambda answer: seen.append(answer.status))
    return seen


@pytest.fixture
def blank_3x3(page):
    """The page on the Edit tab with a blank 3x3 board analysed, and no total."""
    blank_board(page, 3, 3)
    return page


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=totals())
@example(text="9" * 5000)
@example(text="--")
@example(text="1e5")
@example(text="-3")
@example(text="1.5")
@example(text="٣")
@example(text=" 80\t")
def test_any_total_gets_an_analysis_or_a_clear_message_never_a_500(statuses, blank_3x3, text: str) -> None:
    page = blank_3x3  # one page serves every example: the field's text alone decides what it shows
    page.evaluate(FORGET)
    set_total(page, text)
    typed = text.replace("\r", "").replace("\n", "")  # what a one-line field keeps of it
    number = re.fullmatch(r"[ \t]*0*([0-9]+)[ \t]*", typed)
    message = page.inner_text("#edit-message")
    if typed.strip(" \t") == "":
        total_analysed(page, None)
        assert page.get_attribute("#edit-total", "aria-invalid") != "true"
    elif number and len(number.group(1)) == 1:
        total_analysed(page, int(number.group(1)))
        assert page.get_attribute("#edit-total", "aria-invalid") != "true"
    else:
        assert page.get_attribute("#edit-total", "aria-invalid") == "true"
        expected = "at most 9 mines fit on this 3×3 board" if number else "a whole number of mines"
        assert expected in message and "\n" not in message and len(message) < 200
        assert page.inner_text("#summary") == f"error: {message}"
        # The hint and the copy refuse the position too, with the same words.
        page.click("#hint")
        assert page.inner_text("#hint-text") == f"error: {message}"
        page.click("#copy-text")
        assert page.inner_text("#edit-message") == message
        assert page.input_value("#board-text") == "not copied"
    page.wait_for_timeout(30)
    assert all(status < 500 for status in statuses), statuses


#: Half a million spaces, and of tabs. A regex that retries a run of blanks from each of its places (0.4 s for 32,000)
#: held the page's thread for minutes on a run inside the text; read in one pass, the answer is there at once. The waits
#: below only tell an answer from a hang (seconds against minutes), they measure nothing.
SPACES, TABS = " " * 500_000, "\t" * 500_000


@pytest.mark.parametrize(
    ("text", "total"),
    [
        (f"{SPACES}7", 7),
        (f"7{TABS}", 7),
        (f"{TABS}7{SPACES}", 7),
        (SPACES + TABS, None),
        (f"1{SPACES}1", "a whole number of mines"),
        (f"x{TABS}5{SPACES}x", "a whole number of mines"),
    ],
    ids=["before", "after", "around", "alone", "inside", "twice inside"],
)
def test_a_long_run_of_blanks_in_the_total_is_read_at_once(blank_3x3, text: str, total: int | str | None) -> None:
    page = blank_3x3
    page.evaluate(TYPE_TOTAL_SOON, text)
    if isinstance(total, str):
        page.wait_for_function(
            "document.getElementById('edit-total').getAttribute('aria-invalid') === 'true'", timeout=10_000
        )
        assert total in page.inner_text("#edit-message")
    else:
        total_analysed(page, total)
        assert page.get_attribute("#edit-total", "aria-invalid") != "true"


def test_the_summary_counts_in_words_and_points_at_a_safe_cell_not_a_guess(blank_3x3) -> None:
    page = blank_3x3
    set_total(page, "0")
    total_analysed(page, 0)
    summary = page.inner_text("#summary")
    assert summary.startswith("1 layout · 9 safe · 0 mines · "), summary
    assert "guess" not in summary and "0%" not in summary
    assert "open a certainly safe cell: row 1 col 1" in summary
    assert page.eval_on_selector_all("#board .cell.best", "els => els.length") == 0
    # A 1 in the corner of a 2x2 board with one mine: now a guess is the best there is.
    blank_board(page, 2, 2)
    page.check("input[name=tool][value='1']")
    cell(page, 0, 0).click()
    set_total(page, "1")
    total_analysed(page, 1)
    summary = page.inner_text("#summary")
    assert re.match(
        r"3 layouts · 0 safe · 0 mines · nothing is certainly safe: best guess row \d col \d \(33%\) · ", summary
    ), summary
    assert page.eval_on_selector_all("#board .cell.best", "els => els.length") == 1


def test_a_hint_from_the_total_alone_says_so(blank_3x3) -> None:
    page = blank_3x3
    set_total(page, "0")
    total_analysed(page, 0)
    page.evaluate("document.body.dataset.hinted = '0'")
    page.click("#hint")
    page.wait_for_function("document.body.dataset.hinted === '1'")
    text = page.inner_text("#hint-text")
    assert text == "Hint: row 1 col 1 is certainly safe (open it), because of the total mine count alone.", text
    assert "outlined" not in text


def test_the_update_time_is_measured_only_while_the_page_is_seen(blank_3x3) -> None:
    page = blank_3x3
    cell(page, 0, 0).focus()
    page.keyboard.press("1")
    page.wait_for_function("state.grid[0][0] === '1'")
    analysed(page)
    assert re.search(r"updated \d+ ms after the move$", page.inner_text("#summary"))
    # Hidden while the analysis answers: no figure, since a hidden page's timers are held back.
    page.evaluate(HIDE, True)
    page.keyboard.press("2")
    page.wait_for_function("state.grid[0][0] === '2'")
    analysed(page)
    page.wait_for_timeout(300)
    page.evaluate(HIDE, False)
    summary = page.inner_text("#summary")
    assert "updated" not in summary and "engine" in summary
    assert page.evaluate("document.body.dataset.updateMs") is None
