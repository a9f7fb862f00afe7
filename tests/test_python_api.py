"""What the package exports refuses bad arguments with its documented errors, never with an internal one.

The rule (``cnfsweep.core.errors``): a bad value raises a ``CnfsweepError`` that is
a ``ValueError``; a value of the wrong type raises ``ArgumentTypeError``, a
``TypeError`` that is an ``ArgumentError`` (and so a ``ValueError``) too.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cnfsweep
from cnfsweep import (
    ArgumentError,
    ArgumentTypeError,
    AssumptionError,
    BackendError,
    Board,
    BoardFormatError,
    CnfsweepError,
    Engine,
    Explainer,
    Level,
    OffBoardError,
    TimeLimitExceeded,
    analyze,
    check,
    explain,
    generate,
    generate_boards,
    grade_board,
    hint,
    parse_board,
    read_board,
    review,
)

BOARD = Board.parse("mines: 2\n1a.\n...\n")
LAYOUT = Board.parse("mines: 1\nfirst-click: 1,0\n01.\n01.\nlayout:\n..*\n...\n")


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: generate("nosuch"), ArgumentError, "unknown level 'nosuch'; choose one of beginner"),
        (lambda: generate("beginner", first_click=(20, 20)), OffBoardError, "first click (20, 20) is off the 9x9 board"),
        (lambda: generate("beginner", seed=-1), ArgumentError, "seed must be a non-negative integer, got -1"),
        (lambda: generate(Level(3, 3, 9)), ArgumentError, "no room for 9 mines outside the opening"),
        (lambda: generate("beginner", grade="x"), ArgumentError, "unknown grade 'x'; choose from easy, medium, hard, evil"),
        (lambda: generate("beginner", first_click=(1,)), ArgumentTypeError, "first_click must be a (row, col) pair"),
        (lambda: generate_boards("beginner", -1), ArgumentError, "count must be a non-negative integer"),
        (lambda: analyze(BOARD, assume={"z": "mine"}), AssumptionError, "no cell is labelled 'z'"),
        (lambda: grade_board(BOARD), ArgumentError, "the board carries no layout"),
        (lambda: Engine.create("nosuch"), BackendError, "unknown backend 'nosuch'"),
        (lambda: analyze(BOARD, total_mines="3"), ArgumentTypeError, "total_mines must be an integer, got '3' (str)"),
        (lambda: analyze(BOARD, total_mines=-1), ArgumentError, "total_mines must be a non-negative integer, got -1"),
        (lambda: analyze(BOARD, time_limit=-1), ArgumentError, "time_limit must be a non-negative number"),
        (lambda: analyze(BOARD, counting="x"), ArgumentError, "unknown counting 'x'; choose from auto"),
        (lambda: analyze(BOARD, backend=3), ArgumentTypeError, "backend must be a spec such as 'cpsat'"),
        (lambda: analyze("1..\n.."), BoardFormatError, "<board>:2:3: row has 2 cells, expected 3"),
        (lambda: analyze(3), ArgumentTypeError, "board must be a Board or a board's text, got 3 (int)"),
        (lambda: Board.parse(None), ArgumentTypeError, "a board's text must be a str, got None"),
        (lambda: Board.parse(b"1."), ArgumentTypeError, "decode it first"),
        (lambda: Board.from_file(None), ArgumentTypeError, "path must be a str or a path"),
        (lambda: Board("1."), ArgumentTypeError, "grid must be a tuple of row strings"),
        (lambda: Board(("1.", "1")), ArgumentError, "row 1 has 1 cell, expected 2"),
        (lambda: explain(BOARD, "0,1"), ArgumentTypeError, "cell must be a (row, col) pair"),
        (lambda: hint(BOARD, total_mines=-2), ArgumentError, "total_mines must be a non-negative integer"),
        (lambda: Level("3", 3, 1), ArgumentTypeError, "level rows must be an integer, got '3'"),
    ],
)
def test_a_bad_argument_raises_the_documented_error(call: Callable[[], Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, CnfsweepError) and isinstance(info.value, ValueError)
    assert isinstance(info.value, TypeError) is isinstance(info.value, ArgumentTypeError)
    assert message in str(info.value)


def test_text_is_a_board_wherever_a_board_is_taken() -> None:
    text = "mines: 2\n1a.\n...\n"
    assert analyze(text).to_dict() | {"seconds": 0} == analyze(BOARD).to_dict() | {"seconds": 0}
    assert check(text).consistent and hint(text).move == hint(BOARD).move


def test_a_backend_error_is_a_value_error_and_a_time_limit_is_not() -> None:
    assert issubclass(BackendError, ValueError) and issubclass(ArgumentTypeError, TypeError)
    assert not issubclass(TimeLimitExceeded, ValueError)
    assert {"ArgumentError", "ArgumentTypeError"} <= set(cnfsweep.__all__)


# Every exported function or class that takes arguments, with arguments that work; the property
# below puts a hostile value in one of them.
CALLS: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {
    "analyze": (analyze, {"board": BOARD, "total_mines": 2, "backend": "pysat", "assume": {"a": "mine"},
                          "counting": "auto", "time_limit": 30, "arithmetic": "auto"}),
    "check": (check, {"board": BOARD, "assume": {"a": "safe"}, "total_mines": 2, "backend": "cpsat", "time_limit": 30}),
    "hint": (hint, {"board": BOARD, "total_mines": 2, "every": False, "smallest": False, "engine": "pysat"}),
    "explain": (explain, {"board": Board.parse("...\n121\n"), "cell": (0, 1), "total_mines": None, "smallest": False}),
    "grade_board": (grade_board, {"board": LAYOUT, "uses_total": True}),
    "generate": (generate, {"level": "beginner", "first_click": (4, 4), "seed": 1, "method": "fast", "logic": "full",
                            "time_limit": 30, "grade": None}),
    "generate_boards": (generate_boards, {"level": Level(5, 5, 3), "count": 1, "seed": 1, "first_click": (2, 2),
                                          "method": "uniform", "logic": "local", "time_limit": 30}),
    "parse_board": (parse_board, {"text": "1.\n..\n", "format": "auto", "source": "b.txt", "total_mines": 1}),
    "Board.parse": (Board.parse, {"text": "2x1x1\n1H\n", "format": "jsm", "total_mines": 1}),
    "read_board": (read_board, {"path": "no/such/file.txt", "format": "auto", "total_mines": 1}),
    "Board": (Board, {"grid": ("1.", ".."), "total_mines": 1}),
    "Board.from_rows": (Board.from_rows, {"rows": ["1.", "F."], "total_mines": 1}),
    "Engine.create": (Engine.create, {"backend": "pysat", "counting": "auto", "arithmetic": "auto"}),
    "Explainer": (Explainer, {"engine": "cpsat"}),
    "Level": (Level, {"rows": 3, "cols": 3, "mines": 1}),
    "review": (review, {"record": b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}',
                        "name": "t.jsonl", "engine": None, "rule": "safe", "positions": True, "progress": None,
                        "time_limit": 30}),
}

HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.binary(max_size=4),
    st.lists(st.integers(-3, 3), max_size=3),
    st.tuples(st.integers(-3, 12)) | st.tuples(st.integers(-3, 12), st.integers(-3, 12)),
    st.dictionaries(st.text(max_size=2), st.sampled_from([True, "mine", "safe", 1, None]), max_size=2),
    st.builds(object),
)


@given(name=st.sampled_from(sorted(CALLS)), data=st.data(), value=HOSTILE)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_hostile_argument_raises_a_documented_error(name: str, data: st.DataObject, value: Any) -> None:
    function, arguments = CALLS[name]
    argument = data.draw(st.sampled_from(sorted(arguments)), label="argument")
    try:
        function(**{**arguments, argument: value})
    except TimeLimitExceeded:
        assert argument == "time_limit" and isinstance(value, (int, float)) and value < 1
    except CnfsweepError as exc:
        assert isinstance(exc, ValueError), f"{type(exc).__name__}: {exc}"
        message = str(exc)
        assert message and "\n" not in message and len(message) < 400, message
        if isinstance(exc, TypeError):
            assert isinstance(exc, ArgumentTypeError)
    # Anything else (AttributeError, a bare TypeError or ValueError from inside) fails the test.


def test_time_limit_must_be_a_number_however_it_is_spelt() -> None:
    for value in ("1", b"1", [1], True):
        with pytest.raises(ArgumentTypeError, match="time_limit must be a number of seconds"):
            analyze(BOARD, time_limit=value)
    with pytest.raises(ArgumentError, match="got nan"):
        check(BOARD, time_limit=math.nan)
