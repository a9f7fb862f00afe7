"""A seed gives the same variant puzzle however fast the machine runs.

Each "is the answer still alone?" question of the generator has a budget; past
it the clue stays.  A budget in seconds made the puzzle depend on the machine's
load (the same seed kept more clues on a busy machine), so the budget is
CP-SAT's deterministic work, which counts the same on any machine.  Here the
clocks the generator reads run a hundred times fast, as on a machine a hundred
times slower, and the puzzles must not change.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

import cnfsweep.core.deadline
import cnfsweep.variants.puzzle
from cnfsweep.generation.variants import VariantRequest, generate_variant


class FastClock:
    """The ``time`` module, but ``perf_counter`` runs ``factor`` times as fast from now on."""

    def __init__(self, factor: float) -> None:
        self.factor = factor
        self.start = time.perf_counter()

    def perf_counter(self) -> float:
        return self.start + (time.perf_counter() - self.start) * self.factor

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


# Rules whose questions take several CP-SAT solves (a global rule's cuts), local rules, and a clue rule beside V.
@pytest.mark.parametrize("codes", [["1S", "V"], ["1C", "V"], ["1Q", "V"], ["1T", "1X"]])
def test_a_seed_gives_the_same_puzzle_on_a_machine_a_hundred_times_slower(
    monkeypatch: pytest.MonkeyPatch, codes: list[str]
) -> None:
    request = VariantRequest.make(6, 6, 10, codes, graded=False)
    for seed in (1, 2):
        normal = generate_variant(request, seed)
        with monkeypatch.context() as patch:
            for module in (cnfsweep.core.deadline, cnfsweep.variants.puzzle):
                patch.setattr(module, "time", FastClock(100), raising=False)
            slow = generate_variant(request, seed)
        assert slow.text() == normal.text(), (codes, seed)
