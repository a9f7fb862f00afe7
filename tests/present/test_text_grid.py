"""The terminal board view: every cell marked as the analysis says, and big boards drawn alike in fewer spans.

The analysis view works out each mark without asking ``Analysis.exact`` a
million times on a big board; the checks here ask it cell by cell.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.segment import Segment
from rich.text import Text

from boards import random_position
from cnfsweep import Board, Cell, analyze
from cnfsweep.core.characters import CellKind
from cnfsweep.present import grid, text
from cnfsweep.present.summary import percent


def expected_mark(analysis, cell: Cell) -> str:
    """A cell's mark, from ``Analysis.exact`` and the board, as the legend describes them."""
    board = analysis.board
    kind = board.kind(cell)
    if kind is CellKind.NUMBER:
        return board.char(cell)
    if kind is CellKind.FLAG:
        return "F"
    if not analysis.consistent:
        return board.char(cell)  # no layout fits: no probability to show
    p = analysis.exact(cell)
    if p is None:
        return "?"
    if p == 1:
        return "M"
    mark = "s" if p == 0 else percent(p)
    return ">" + mark if cell == analysis.best_guess else mark


def grid_lines(analysis) -> list[list[str]]:
    console = Console(width=200, color_system=None)
    with console.capture() as cap:
        console.print(text.analysis_view(analysis), soft_wrap=True)
    lines = cap.get().splitlines()
    start = 1 if lines[0].startswith("read as") else 0
    board = analysis.board
    # A mark never touches the one before it (the cells widen for a '>33%'), so the cells split at spaces.
    return [line.split()[1:] for line in lines[start + 1 : start + 1 + board.rows]]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.booleans(), st.booleans())
def test_every_cell_is_marked_as_the_analysis_says(seed: int, with_total: bool, flags: bool) -> None:
    board = random_position(seed, with_total=with_total, flags=flags).board
    analysis = analyze(board)
    want = [[expected_mark(analysis, Cell(r, c)) for c in range(board.cols)] for r in range(board.rows)]
    assert grid_lines(analysis) == want


def test_an_inconsistent_position_shows_its_covered_cells_as_the_board_does() -> None:
    analysis = analyze(Board.from_rows(["4..", "...", "..."], total_mines=3))
    assert not analysis.consistent
    assert grid_lines(analysis) == [["4", ".", "."], [".", ".", "."], [".", ".", "."]]


def coloured(renderable) -> tuple[str, list[Segment]]:
    console = Console(width=200, force_terminal=True, color_system="truecolor")
    with console.capture() as cap:
        console.print(renderable, soft_wrap=True)
    return cap.get(), list(Segment.simplify(console.render(renderable, console.options)))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_a_big_board_is_drawn_alike_in_runs_of_one_style(seed: int, with_total: bool) -> None:
    board = random_position(seed, with_total=with_total, flags=seed % 2 == 0).board
    analysis = analyze(board)
    plain, per_cell = coloured(text.analysis_view(analysis))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(grid, "MERGE_SPANS_ABOVE", 0)  # every board drawn as a big one is
        runs = text.analysis_view(analysis)
        merged_plain, merged = coloured(runs)
    assert isinstance(runs.renderables[0], grid._Runs)
    # Same characters, and the same style on each of them: only escape codes between equal styles may go.
    assert strip(merged_plain) == strip(plain)
    assert styled_characters(merged) == styled_characters(per_cell)


def strip(output: str) -> str:
    return Text.from_ansi(output).plain


def styled_characters(segments: list[Segment]) -> list[tuple[str, object]]:
    """Each character with its style (a style and no style alike on a new line)."""
    return [(ch, None if ch == "\n" else seg.style) for seg in segments for ch in seg.text]
