"""What the views say: counted nouns, articles, marks that never run together, and inconsistent positions."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from boards import perturbed, random_position
from cnfsweep import Board, analyze, check, levels
from cnfsweep.core.words import article, counted
from cnfsweep.explanation import grade_layout, hint
from cnfsweep.present.levels import levels_view
from cnfsweep.present.summary import grade_lines
from cnfsweep.present.svg import render_svg
from cnfsweep.present.text import analysis_view, check_view, hint_view

NOUNS = (
    "mines",
    "rows",
    "cells",
    "steps",
    "components",
    "clicks",
    "guesses",
    "numbers",
    "layouts",
    "moves",
    "variables",
    "clauses",
    "literals",
    "bands",
    "games",
    "boards",
)
#: "1 mines", "1 known mines", "a total of 1 mines": a count of one with a plural noun.
ONE_PLURAL = re.compile(rf"(?<![\d.,/]) ?\b1 (?:[a-z]+ )?(?:{'|'.join(NOUNS)})\b")
#: "a int", "a opening": 'a' before a vowel, as a word of its own.
A_VOWEL = re.compile(r"(?<![\w'])a [aeiou]\w", re.IGNORECASE)


def _text(renderable) -> str:
    console = Console(width=200, color_system=None)
    with console.capture() as cap:
        console.print(renderable)
    return cap.get()


def assert_well_worded(text: str) -> None:
    assert not ONE_PLURAL.search(text), ONE_PLURAL.search(text)
    assert not A_VOWEL.search(text), A_VOWEL.search(text)
    assert "(s)" not in text


def test_the_patterns_catch_the_bugs_they_are_for():
    for bad in [
        "1 mines",
        "the layout has 1 rows",
        "1 known mines",
        "a total of 1 mines",
        "takes a int",
        "a opening",
        "0 component(s)",
    ]:
        try:
            assert_well_worded(bad)
        except AssertionError:
            continue
        raise AssertionError(f"not caught: {bad}")
    assert_well_worded("1 mine, 2 mines, the 1 at (1, 2), a total of 1 mine, an int, 11 mines")


@given(st.integers(0, 10**6), st.sampled_from(["mine", "row", "guess", "known mine"]))
def test_counted_says_one_in_the_singular_and_the_rest_in_the_plural(n, noun):
    said = counted(n, noun)
    assert said.startswith(f"{n} ")
    assert (said == f"{n} {noun}") == (n == 1)
    assert_well_worded(said + ", " + article(noun))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.booleans(), st.booleans())
def test_views_of_any_position_are_well_worded(seed, with_total, inconsistent):
    board = random_position(seed, with_total=with_total, flags=seed % 3 == 0).board
    if inconsistent and board.numbers:
        board = perturbed(board, seed)
    analysis = analyze(board)
    texts = [
        _text(analysis_view(analysis)),
        _text(check_view(board, check(board))),
        _text(hint_view(hint(board))),
        _text(levels_view(levels(board))),
        render_svg(board, analysis, hint=hint(board)),
    ]
    for text in texts:
        assert_well_worded(text)
    view = texts[0]
    # A mark never runs into the number before it: '1>33%' reads as one thing.
    assert not re.search(r"\d>", view) and not re.search(r"\d>", texts[2])
    if not analysis.consistent:
        assert "?" not in view.split("legend")[0] and "%" not in view.split("legend")[0]
    if board.total_mines is not None:
        assert "no total given" not in view


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000))
def test_grade_lines_are_well_worded(seed):
    position = random_position(seed)
    board, mines = position.board, position.mines
    safe = [cell for cell in board.cells() if cell not in mines]
    if not safe:
        return
    report = grade_layout(board.rows, board.cols, sorted(mines), safe[0])
    assert_well_worded("\n".join(grade_lines(report)))


def test_an_inconsistent_position_with_a_total_shows_the_board_not_unknowns():
    board = Board.parse("mines: 3\n.....\n.131.\n.....\n")
    view = _text(analysis_view(analyze(board)))
    grid = view.split("legend")[0]
    assert "?" not in grid and "no total given" not in view
    assert "inconsistent: no mine layout fits these numbers and a total of 3 mines" in view
    assert "0    .   .   .   .   ." in grid


def test_a_best_guess_mark_keeps_a_space_before_it():
    view = _text(analysis_view(analyze(Board.from_rows(["1.", ".."]))))
    assert "1 >33%" in view and "1>33%" not in view


def test_a_frontier_settled_without_search_is_not_zero_components():
    view = _text(analysis_view(analyze(Board.from_rows(["...", "121"]))))
    assert "component(s)" not in view and "0 component" not in view
    assert "nothing left to search after simple deductions" in view
