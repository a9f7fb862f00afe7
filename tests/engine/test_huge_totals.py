"""A total of mines past any board's cells, even past 64 bits, is simply too many, on every backend.

``analyze`` and ``check`` give the answer they give for one mine more than the board has cells:
no layout fits, the total in the conflict.  (CP-SAT takes 64-bit bounds only; a total of 2**63 once
reached it as it was and raised a TypeError.)
"""

from __future__ import annotations

import pytest

from cnfsweep import analyze, check
from cnfsweep.core.board import Board
from cnfsweep.engine import usable_specs

BOARD = Board.parse("1a.\n...\n")
TOO_MANY = BOARD.rows * BOARD.cols + 1


@pytest.mark.parametrize("backend", usable_specs())
@pytest.mark.parametrize("total", [2**63 - 1, 2**63, 2**64, 10**30])
def test_a_total_past_64_bits_is_too_many_mines_on_every_backend(backend: str, total: int) -> None:
    assert check(BOARD, total_mines=total, backend=backend) == check(BOARD, total_mines=TOO_MANY, backend=backend)
    found, reference = (analyze(BOARD, total_mines=t, backend=backend) for t in (total, TOO_MANY))
    assert (found.consistent, found.count) == (reference.consistent, reference.count)
    assert not found.consistent and found.count.exact == 0
