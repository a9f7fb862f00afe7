"""The opening book (issue 38): the shipped table is the script's, and strong plays it only when switched on."""

from __future__ import annotations

import json

import pytest

from benchmarks.opening_book import book_entry
from cnfsweep.core.board import Board, Cell
from cnfsweep.engine import Engine
from cnfsweep.experiments.campaign import game_seed
from cnfsweep.play import GuessRule, play_game
from cnfsweep.play.book import BookEntry, after_start, book_move, load_book
from cnfsweep.play.game import LEVELS
from cnfsweep.play.level import format_size
from cnfsweep.play.strong import StrongPolicy


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine.for_games()


@pytest.mark.parametrize(("level", "number"), [("beginner", 1), ("beginner", 3), ("intermediate", 2), ("expert", 1)])
def test_the_shipped_book_is_what_the_script_works_out(level: str, number: int, engine: Engine) -> None:
    lv = LEVELS[level]
    made = book_entry(lv, number, 2, engine)
    assert made is not None
    assert load_book()[(format_size(lv.rows, lv.cols, lv.mines), Cell(0, 0), number)] == made
    # The book's cell is never worse by the look-ahead than strong's own.
    assert made.value >= made.strong_value


def test_an_entry_reads_back_as_written() -> None:
    for entry in load_book().values():
        assert BookEntry.from_json(json.loads(json.dumps(entry.to_json()))) == entry


def test_strong_plays_the_book_only_when_switched_on(engine: Engine) -> None:
    board = after_start(16, 30, 99, Cell(0, 0), 1)
    analysis = engine.analyze(board)
    on = StrongPolicy(opening_book=True).choose(analysis, engine)
    assert (on.cell, on.rule) == (Cell(0, 2), GuessRule.BOOK)
    off = StrongPolicy().choose(analysis, engine)
    assert off.cell == Cell(0, 29) and off.rule is not GuessRule.BOOK


@pytest.mark.parametrize(
    "board",
    [
        Board.from_rows(["1" + "." * 29, "." * 30, *["." * 30] * 14], total_mines=98),  # a size the book lacks
        Board.from_rows(["12" + "." * 28, *["." * 30] * 15], total_mines=99),  # two cells open
        Board.from_rows(["1" + "." * 29, *["." * 30] * 15], total_mines=99, topology="torus"),
        Board.from_rows(["1" + "." * 29, *["." * 30] * 15]),  # no total
    ],
)
def test_any_other_position_is_not_in_the_book(board: Board) -> None:
    assert book_move(board, load_book()) is None


def test_in_a_game_the_trace_names_the_book_and_elsewhere_moves_are_the_defaults(engine: Engine) -> None:
    booked = 0
    for i in range(12):
        seed = game_seed(2026, i)
        record = play_game(LEVELS["expert"], seed, policy=StrongPolicy(opening_book=True), engine=engine)
        booked += any(m.rule is GuessRule.BOOK for m in record.moves)
    assert booked >= 1
    # On beginner and intermediate the book is strong's own choice: not a move changes.
    for level in ("beginner", "intermediate"):
        for i in range(6):
            seed = game_seed(2026, i)
            on = play_game(LEVELS[level], seed, policy=StrongPolicy(opening_book=True), engine=engine)
            off = play_game(LEVELS[level], seed, policy=StrongPolicy(), engine=engine)
            assert [m.cell for m in on.moves] == [m.cell for m in off.moves]
