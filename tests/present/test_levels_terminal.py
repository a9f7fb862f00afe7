"""The terminal's levels view (``cnfsweep levels``): a colour per level on every terminal, the page's words,
nothing decided on an inconsistent position, and a legend for every mark it shows."""

from __future__ import annotations

import re
from html import unescape

import pytest
from paths import EXAMPLES, ROOT
from rich.console import Console

from cnfsweep import Board, levels
from cnfsweep.core.characters import CellKind
from cnfsweep.engine.consistency_levels import ConsistencyLevels
from cnfsweep.present.levels import level_title, levels_view

# Eight levels, full and total: the legend shows a swatch for each of the ten.
EVERY_LEVEL = {"max_level": 8}


def drawn(result: ConsistencyLevels, colours: str | None = None) -> str:
    console = Console(width=400, color_system=colours, force_terminal=colours is not None, legacy_windows=False)
    with console.capture() as cap:
        console.print(levels_view(result))
    return cap.get()


@pytest.mark.parametrize("colours", ["standard", "windows", "256", "truecolor"])
def test_every_level_has_a_colour_of_its_own_on_every_terminal(colours: str) -> None:
    result = levels(Board.from_file(EXAMPLES / "peek_circle.txt"), **EVERY_LEVEL)
    legend = next(line for line in drawn(result, colours).splitlines() if "legend" in line)
    # Each swatch " s1 M1 " is written in its level's style: the escape code just before it.
    swatches = {mark: code for code, mark in re.findall(r"\x1b\[([0-9;]+)m s(\w) M\w ", legend)}
    assert sorted(swatches) == sorted("12345678ft")
    assert len(set(swatches.values())) == len(swatches), swatches


def page_words() -> list[str]:
    """The page's legend of the levels, in its order."""
    html = (ROOT / "src" / "cnfsweep" / "web" / "static" / "index.html").read_text()
    legend = re.search(r"peek, what decides each cell:(.*?)</span>\s*</div>", html, re.DOTALL)
    assert legend is not None
    text = re.sub(r"<[^>]+>", "", legend.group(1))
    return [re.sub(r"\s+", " ", unescape(part)).strip().removeprefix("S ") for part in text.split(",")][:5]


def test_the_levels_are_called_what_the_page_calls_them() -> None:
    words = page_words()
    assert words[:3] == ["GAC (one number)", "2-RC (pairs)", "3-RC (triples)"]
    assert [level_title(n) for n in ("1", "2", "3", "full")] == words[:4]
    assert words[4].startswith(level_title("total"))


def test_the_cli_and_render_use_the_pages_words(run, tmp_path) -> None:
    words = page_words()[:3]
    view = run("levels", str(EXAMPLES / "peek_pairs.txt"), "--steps").output
    assert all(w in view for w in words)
    assert all(f"{w}:" in view for w in words)  # the counts, level by level
    out = tmp_path / "p.svg"
    assert run("render", str(EXAMPLES / "peek_circle.txt"), "--levels", "-o", str(out)).exit_code == 0
    assert all(f"{w}:" in unescape(out.read_text()) for w in words)
    help_text = " ".join(run("levels", "--help").output.split())
    assert "one number" in help_text


def grid_marks(text: str, board: Board) -> dict[tuple[int, int], str]:
    lines = text.splitlines()[1 : 1 + board.rows]
    return {(r, c): mark for r, line in enumerate(lines) for c, mark in enumerate(line.split()[1:])}


def test_an_inconsistent_position_marks_no_cell_decided_and_says_why() -> None:
    board = Board.from_file(EXAMPLES / "inconsistent.txt")
    result = levels(board)
    assert not result.consistent and result.decided  # propagation decided cells before it found the conflict
    text = drawn(result)
    marks = grid_marks(text, board)
    for (r, c), mark in marks.items():
        assert mark[0] not in "sM" and mark != "?", (r, c, mark)
        if board.kind((r, c)) is CellKind.COVERED:
            assert mark == "."
    assert {tuple(c) for c in result.conflict} == {cell for cell, mark in marks.items() if mark.startswith("[")}
    legend = next(line for line in text.splitlines() if line.startswith("legend"))
    assert "cannot all hold" in legend and "no cell is decided" in legend


def test_a_question_mark_is_in_the_legend_when_it_is_on_the_board() -> None:
    # No total: the covered cells no number sees have no probability.
    board = Board.from_rows(["....", ".3..", ".00.", "...."])
    text = drawn(levels(board))
    assert "?" in grid_marks(text, board).values()
    legend = next(line for line in text.splitlines() if line.startswith("legend"))
    assert "? one that needs the total mine count" in legend
    with_total = drawn(levels(board.with_total(5)))
    assert "?" not in grid_marks(with_total, board).values() and "?" not in with_total
