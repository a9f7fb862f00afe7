"""Reasons on torus and hex boards: each certain cell explained, each reason checked by enumeration."""

from __future__ import annotations

import pytest
from oracle import reference
from reason_oracle import assert_valid

from boards import random_position
from cnfsweep.core.board import CellKind
from cnfsweep.explanation import Explainer


@pytest.mark.parametrize("topology", ["torus", "hex"])
def test_every_reason_forces_its_fact_on_other_grids(topology: str) -> None:
    explainer = Explainer()
    checked = 0
    for seed in range(30):
        board = random_position(seed, with_total=seed % 2 == 0, flags=seed % 3 == 0, topology=topology).board
        ref = reference(board)
        moves = explainer.certain(board)
        certain = {c: p == 1 for c, p in ref.exact.items() if p in (0, 1) and board.kind(c) is CellKind.COVERED}
        assert {m.cell: m.mine for m in moves} == certain
        for move in moves:
            assert_valid(board, move)
            checked += 1
    assert checked > 50
