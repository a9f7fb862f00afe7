"""The contract of a guessing policy, kept by every registered one and by the one a newcomer copies."""

from __future__ import annotations

import dataclasses

import pytest

from cnfsweep import Board, analyze
from cnfsweep.core.characters import CellKind
from cnfsweep.engine import Engine
from cnfsweep.play import LEVELS, Player
from cnfsweep.play.TEMPLATE import CornerPolicy
from cnfsweep.play.policy import Guess, Policy
from cnfsweep.play.registry import POLICIES

CONTRACT = [*POLICIES.values(), CornerPolicy]
# Positions with nothing certain, as a policy is asked about them: after a lone number, after a 2 in a corner, an open board.
STUCK = [
    (Board.from_rows(["1..", "...", "..."]), 2),
    (Board.from_rows(["2..", "...", "..."]), 3),
    (Board.from_rows(["....", "....", "...."]), 3),
]


@pytest.fixture(params=CONTRACT, ids=[p.name for p in CONTRACT])
def policy(request: pytest.FixtureRequest) -> Policy:
    return request.param()


def test_a_policy_is_a_frozen_dataclass_of_plain_parameters(policy: Policy) -> None:
    assert isinstance(policy, Policy) and policy.name and dataclasses.is_dataclass(policy)
    with pytest.raises(dataclasses.FrozenInstanceError):
        policy.name_of_nothing = 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(("board", "total"), STUCK)
def test_a_guess_is_a_covered_cell_that_may_be_safe(policy: Policy, board: Board, total: int) -> None:
    engine = Engine.for_games()
    analysis = analyze(board, total_mines=total)
    assert not analysis.safe
    guess = policy.choose(analysis, engine)
    assert isinstance(guess, Guess) and board.kind(guess.cell) is CellKind.COVERED
    assert analysis.exact(guess.cell) < 1


def test_games_with_the_policy_end_and_are_lost_only_on_a_guess(policy: Policy) -> None:
    player = Player(policy, Engine.for_games())
    for seed in range(3):
        record = player.play(LEVELS["beginner"], seed)
        assert all(move.p_mine < 1 for move in record.moves)
        assert all(move.p_mine == 0 for move in record.moves if move.certain)
        if not record.won:
            assert not record.moves[-1].certain and record.moves[-1].cell in record.mines
