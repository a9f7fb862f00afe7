"""``decide`` solves through the engine it is given: its backend, its positions, its time limit."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from spies import counting_engine

from cnfsweep import check
from cnfsweep.core.board import Board
from cnfsweep.core.errors import TimeLimitExceeded
from cnfsweep.engine import Engine
from cnfsweep.engine.witness import Witness
from cnfsweep.gadgets.reduction import decide, reduce_expression

FORMULAS = ["a & ~a", "(a | b) & (~a | c) & (~b | ~c)", "(a | b | c) & (~a | ~b) & (~b | ~c) & (~a | ~c) & ~c & ~b"]


class RecordingEngine(Engine):
    """An engine that notes every board it is asked for a layout of."""

    asked: ClassVar[list[Board]] = []

    def witness(self, board: Board | str, **options: Any) -> Witness:
        RecordingEngine.asked.append(board)  # type: ignore[arg-type]
        return super().witness(board, **options)


@pytest.mark.parametrize("formula", FORMULAS)
def test_decide_asks_the_engine_it_is_given(formula: str) -> None:
    board = reduce_expression(formula).board
    RecordingEngine.asked = []
    engine = RecordingEngine.create()
    decision = decide(board, engine)
    assert RecordingEngine.asked == [board]
    assert len(engine.positions) == 1  # the engine built (and keeps) the board's position
    assert decision.satisfiable == check(board).consistent
    assert decision.backend == engine.spec


def test_every_solver_session_of_decide_is_opened_on_the_engines_backend() -> None:
    engine, backend = counting_engine()
    # A long circuit: components too big for the box search go to the backend.
    board = reduce_expression("(a | b) & (~a | c) & (~b | ~c) & (a | c)").board
    decision = decide(board, engine)
    assert backend.opened > 0
    assert decision.satisfiable == check(board).consistent


def test_decide_stops_at_its_time_limit() -> None:
    board = reduce_expression("(a | b) & (~a | c) & (~b | ~c)").board
    with pytest.raises(TimeLimitExceeded):
        decide(board, Engine.create(), time_limit=0.0)


def test_decide_honours_the_boards_total() -> None:
    # Three cells that the number 1 sees: a layout exists with one mine, none with two (the old decide ignored it).
    board = Board.from_rows(["1.", ".."])
    assert decide(board.with_total(1)).satisfiable
    assert not decide(board.with_total(4)).satisfiable
