"""Reasons on torus and hex boards: each certain cell explained, each reason checked by enumeration."""

from __future__ import annotations

import pytest
from reason_oracle import explain_and_check

from boards import random_position
from cnfsweep.explanation import Explainer


@pytest.mark.parametrize("topology", ["torus", "hex"])
def test_every_reason_forces_its_fact_on_other_grids(topology: str) -> None:
    boards = (
        random_position(seed, with_total=seed % 2 == 0, flags=seed % 3 == 0, topology=topology).board
        for seed in range(30)
    )
    assert explain_and_check(Explainer(), boards) > 50
