"""``strong`` keeps the cyclic garbage collector paused during its look-ahead, and only then."""

from __future__ import annotations

import gc

import pytest

from cnfsweep import Board, Engine, analyze
from cnfsweep.play.strong import StrongPolicy


def test_the_collector_is_paused_for_the_look_ahead_and_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    original = StrongPolicy._choose_with

    def spy(self: StrongPolicy, analysis: object, snap: object) -> object:
        seen.append(gc.isenabled())
        return original(self, analysis, snap)  # type: ignore[arg-type]

    monkeypatch.setattr(StrongPolicy, "_choose_with", spy)
    # Past the endgame window: the look-ahead decides.
    board = Board.from_rows(["1....", ".....", ".....", "....."], total_mines=6)
    policy = StrongPolicy(endgame=False)
    assert gc.isenabled()
    policy.choose(analyze(board), Engine.create())
    assert seen == [False] and gc.isenabled()
    # An exception on the way leaves it running again too.
    monkeypatch.setattr(StrongPolicy, "_choose_with", lambda self, analysis, snap: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        policy.choose(analyze(board), Engine.create())
    assert gc.isenabled()


def test_a_paused_collector_is_left_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board.from_rows(["1....", ".....", ".....", "....."], total_mines=6)
    gc.disable()
    try:
        StrongPolicy(endgame=False).choose(analyze(board), Engine.create())
        assert not gc.isenabled()
    finally:
        gc.enable()
