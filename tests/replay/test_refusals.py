"""A record whose clicks cannot have been played as it says is refused in one line, naming the click."""

from __future__ import annotations

import dataclasses

import pytest
from paths import DATA

from cnfsweep.core.board import Cell
from cnfsweep.core.topology import Square
from cnfsweep.formats.game_records import Click, ClickKind, GameRecordError, RecordedGame, read_game_records
from cnfsweep.replay import review_game

OPEN, FLAG = ClickKind.OPEN, ClickKind.FLAG


def _game(clicks, won=None, rule="safe") -> RecordedGame:
    # 1x4, a mine on the left: 'x 1 0 0'.
    return RecordedGame(
        Square(1, 4),
        (Cell(0, 0),),
        tuple(Click(Cell(0, c), None, k) for c, k in clicks),
        won=won,
        reader="test",
        source="g",
        rule=rule,
    )


@pytest.mark.parametrize(
    "clicks, says",
    [
        ([(3, OPEN), (0, OPEN)], "g: click 2 (open at (0, 0)) comes after the game ended"),
        (
            [(0, OPEN)],
            "g: click 1 (open at (0, 0)) opens a mine, but the first-click rule 'safe' keeps it safe: "
            "the record contradicts the rule",
        ),
        ([(1, FLAG), (1, OPEN)], "g: click 2 (open at (0, 1)): the cell is flagged"),
        ([(3, OPEN), (1, FLAG)], "g: click 2 (flag at (0, 1)) comes after the game ended"),
    ],
)
def test_impossible_clicks_are_one_line(clicks, says: str) -> None:
    with pytest.raises(GameRecordError) as raised:
        review_game(_game(clicks))
    assert str(raised.value) == says


def test_a_record_whose_end_differs_from_the_replay_is_refused() -> None:
    with pytest.raises(
        GameRecordError, match=r"^g: the record says the game was not won, but its clicks replayed here end won$"
    ):
        review_game(_game([(3, OPEN)], won=False))
    (game,) = read_game_records(DATA / "replays" / "rmv2_utf8_basic.rmv")
    shown = list(game.shown)
    shown[0] = "." + shown[0][1:] if shown[0][0] != "." else "0" + shown[0][1:]
    with pytest.raises(GameRecordError, match=r"its clicks replayed here leave cell \(0, 0\) .*, the record"):
        review_game(dataclasses.replace(game, shown=tuple(shown)))


@pytest.mark.parametrize(
    "reshape",
    [
        lambda rows: rows[:-1],
        lambda rows: rows[:1] + tuple(r[:-1] for r in rows[1:]),
        lambda rows: (*rows, rows[-1]),
    ],
    ids=["a row short", "a column short", "a row more"],
)
def test_a_record_whose_final_board_has_another_shape_is_refused(reshape) -> None:
    # Cell by cell, a smaller board would agree with the replay wherever it has cells: the shape is checked first.
    (game,) = read_game_records(DATA / "replays" / "rmv2_utf8_basic.rmv")
    with pytest.raises(
        GameRecordError,
        match=r"^.*rmv2_utf8_basic\.rmv: the record's final board is \d+ rows( of "
        r"(\d+ cells|uneven lengths))?, but the game is \d+ rows of \d+ cells$",
    ):
        review_game(dataclasses.replace(game, shown=reshape(game.shown)))
