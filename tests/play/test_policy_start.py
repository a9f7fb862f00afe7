"""A policy's first click is ``Policy.start``; ``first_click``, its old name, works for one release with a warning."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.play import LEVELS, Player
from cnfsweep.play.TEMPLATE import CornerPolicy
from cnfsweep.play.game import FirstClick, Level
from cnfsweep.play.policy import Policy
from cnfsweep.play.registry import POLICIES

CONTRACT = [*POLICIES.values(), CornerPolicy]
LEVELS_ASKED = [LEVELS["beginner"], LEVELS["expert"], Level.of(5, 7, 3, "hex")]


@pytest.mark.parametrize("kind", CONTRACT, ids=[p.name for p in CONTRACT])
@pytest.mark.parametrize("rule", list(FirstClick))
def test_the_old_name_warns_and_answers_what_start_answers(kind: type[Policy], rule: FirstClick) -> None:
    policy = kind()
    for level in LEVELS_ASKED:
        with pytest.warns(DeprecationWarning, match=rf"^{kind.__qualname__}\.first_click is deprecated: use .*\.start"):
            old = policy.first_click(level, rule)
        assert old == policy.start(level, rule)


def _old_policy() -> type[Policy]:
    """A policy written before the rename: it overrides first_click only (the far corner)."""

    @dataclass(frozen=True)
    class FarCorner(CornerPolicy):
        name: ClassVar[str] = "far-corner"

        def first_click(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
            return Cell(level.rows - 1, level.cols - 1)

    return FarCorner


def test_a_policy_implementing_only_the_old_name_warns_once_defined() -> None:
    with pytest.warns(DeprecationWarning, match=r"FarCorner\.first_click is deprecated: implement .*FarCorner\.start"):
        _old_policy()


@pytest.mark.filterwarnings("ignore:.*first_click is deprecated:DeprecationWarning")
@pytest.mark.parametrize("rule", list(FirstClick))
def test_a_policy_implementing_only_the_old_name_still_chooses_the_first_click(rule: FirstClick) -> None:
    policy = _old_policy()()
    level = LEVELS["beginner"]
    far = Cell(level.rows - 1, level.cols - 1)
    assert policy.start(level, rule) == far == policy.first_click(level, rule)
    record = Player(policy).play(level, 5, rule)
    assert record.moves[0].cell == far and record.trace()["start"] == list(far)


@pytest.mark.filterwarnings("ignore:.*first_click is deprecated:DeprecationWarning")
def test_an_old_policy_asking_its_base_for_the_first_click_gets_the_default() -> None:
    @dataclass(frozen=True)
    class Deferring(CornerPolicy):
        name: ClassVar[str] = "deferring"

        def first_click(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
            return super().first_click(level, rule)

    # Its start is its first_click, which asks the base: the base answers the default, not start again.
    assert Deferring().start(LEVELS["beginner"]) == Cell(0, 0)
