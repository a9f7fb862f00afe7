"""A screenshot pasted or dropped into Edit (issue 40): the page sends it to ``POST /api/read`` and shows the board.

Debian's headless Chromium on a live server: a corpus picture (``corpus/page``, labelled from the page's own
state) is pasted (a ``paste`` event carrying the file, as Ctrl+V with a screenshot on the clipboard gives
it) or dropped (a ``drop`` event carrying it, as a file dragged from a file manager); the editor must then
hold the labelled board, on its grid, with its analysis.  One picture also goes the user's whole way: onto
the browser's real clipboard, then Ctrl+V on the keyboard.  A file that is no board says the CLI's line in
the page's message area.
"""

from __future__ import annotations

import base64

import pytest
from pagekit import analysed, browser, page  # noqa: F401  (fixtures)

from tests.paths import ROOT

pytest.importorskip("PIL.Image", reason="Pillow is not installed (extra image)")

from cnfsweep.formats.picture.read import Seen

CORPUS = ROOT / "corpus" / "page"

#: Hands the page a file as a paste (``paste``) or a drop (``drop``): the events a browser fires for them.
GIVE = """([how, name, type, data]) => {
  const bytes = Uint8Array.from(atob(data), (ch) => ch.charCodeAt(0));
  const files = new DataTransfer();
  files.items.add(new File([bytes], name, { type }));
  const event = how === "paste"
    ? new ClipboardEvent("paste", { clipboardData: files, bubbles: true, cancelable: true })
    : new DragEvent("drop", { dataTransfer: files, bubbles: true, cancelable: true });
  document.body.dispatchEvent(event);
  return event.defaultPrevented;
}"""


#: Puts a PNG on the browser's real clipboard, as copying a screenshot does (the context must grant clipboard-write).
COPY = """async (data) => {
  const bytes = Uint8Array.from(atob(data), (ch) => ch.charCodeAt(0));
  await navigator.clipboard.write([new ClipboardItem({ "image/png": new Blob([bytes], { type: "image/png" }) })]);
}"""


def give(page, how: str, name: str, data: bytes, kind: str = "image/png") -> bool:
    """Paste or drop ``data`` as the file ``name``; whether the page took it (prevented the browser's own action)."""
    return page.evaluate(GIVE, [how, name, kind, base64.b64encode(data).decode()])


def shows(page, name: str) -> list[str]:
    """Wait until the editor holds the corpus picture ``name``'s labelled board, on its grid; its rows."""
    topology, rows = board_rows(name)
    page.wait_for_function(
        "([rows, topology]) => state.topology === topology && state.grid.map((row) => row.join('')).join('\\n') === rows",
        arg=["\n".join(rows), topology],
    )
    return rows


def board_rows(name: str) -> tuple[str, list[str]]:
    """A corpus picture's topology and board (the native characters of its labelled cells)."""
    lines = (CORPUS / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    topology = next((line.split(":", 1)[1].strip() for line in lines if line.startswith("topology:")), "square")
    rows = [line for line in lines if line and not line.startswith(("#", "topology:"))]
    return topology, ["".join(Seen(ch).board_char for ch in row) for row in rows]


@pytest.mark.parametrize(
    ("how", "name"), [("paste", "square-dark-1.25x-1"), ("drop", "hex-light-1x-0"), ("paste", "torus-dark-1x-1")]
)
def test_a_screenshot_given_to_edit_becomes_the_board_analysed(page, how: str, name: str) -> None:
    topology, _ = board_rows(name)
    page.click("#tab-edit")
    page.check("#analyse")
    assert give(page, how, f"{name}.png", (CORPUS / f"{name}.png").read_bytes())
    rows = shows(page, name)
    assert (page.input_value("#edit-rows"), page.input_value("#edit-cols")) == (str(len(rows)), str(len(rows[0])))
    assert page.input_value("#edit-topology") == topology
    assert page.text_content("#edit-message").startswith(f"read a {len(rows)}×{len(rows[0])} ")
    # Ready to analyse: the analysis of this very position follows.
    analysed(page)
    assert page.evaluate("() => !state.analysis.error && state.analysis.rows === state.rows")


def test_a_screenshot_on_the_real_clipboard_is_pasted_with_ctrl_v(page, live_url: str) -> None:
    # No event built in the page: the browser itself turns the keys into a paste of what its clipboard holds.
    name = "square-dark-1.25x-1"
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_url)
    page.evaluate(COPY, base64.b64encode((CORPUS / f"{name}.png").read_bytes()).decode())
    page.click("#tab-edit")
    page.focus("#board-text")
    page.keyboard.press("Control+V")
    rows = shows(page, name)
    assert page.text_content("#edit-message").startswith(f"read a {len(rows)}×{len(rows[0])} ")


@pytest.mark.parametrize("how", ["paste", "drop"])
def test_a_file_that_is_no_board_says_the_clis_line(page, how: str) -> None:
    page.click("#tab-edit")
    before = page.evaluate("() => state.grid.map((row) => row.join(''))")
    assert give(page, how, "notes.txt", b"1.\n..\n", "text/plain")
    page.wait_for_function("() => document.getElementById('edit-message').textContent.startsWith('error:')")
    assert page.text_content("#edit-message") == (
        "error: notes.txt: not a picture: expected a PNG, JPEG or BMP screenshot (text boards need no reading)"
    )
    assert page.evaluate("() => state.grid.map((row) => row.join(''))") == before


def test_outside_edit_a_pasted_picture_is_left_alone(page) -> None:
    # In Play, a paste is no board to read: the game stays, and the browser does what it does with it.
    before = page.evaluate("() => state.grid.map((row) => row.join(''))")
    assert not give(page, "paste", "shot.png", (CORPUS / "square-dark-1.25x-1.png").read_bytes())
    assert page.evaluate("() => state.grid.map((row) => row.join(''))") == before
