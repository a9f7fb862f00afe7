"""Property tests on random real layouts, partly revealed."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from boards import Position, layout_board
from oracle import assert_check_valid, assert_matches, frontier, reference

from cnfsweep import Cell, analyze, check

ORACLE_LIMIT = 14


@st.composite
def positions(draw: st.DrawFn, topology: str = "square") -> Position:
    """A random layout on a ``topology`` board with some safe cells revealed and some mines flagged."""
    rows, cols = draw(st.integers(3, 8)), draw(st.integers(3, 8))
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    mines = draw(st.sets(st.sampled_from(cells), max_size=len(cells) // 3))
    safe = [c for c in cells if c not in mines]
    revealed = draw(st.sets(st.sampled_from(safe), max_size=len(safe))) if safe else set()
    flagged = draw(st.sets(st.sampled_from(sorted(mines)))) if mines else set()
    with_total = draw(st.booleans())
    board = layout_board(rows, cols, mines, revealed, flagged, with_total=with_total, topology=topology)
    return Position(board, frozenset(mines))


PROPERTY_SETTINGS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.mark.parametrize("topology", ["square", "torus", "hex"])
@pytest.mark.parametrize("backend", [None, "pysat:glucose4"])
@PROPERTY_SETTINGS
@given(data=st.data())
def test_real_layout_is_consistent_and_respected(data: st.DataObject, backend: str | None, topology: str) -> None:
    pos = data.draw(positions(topology))
    board = pos.board
    a = analyze(board, backend=backend)
    assert a.consistent
    assert a.solutions >= 1
    assert not set(a.safe) & pos.mines, "a real mine was called safe"
    assert set(a.mines) <= pos.mines, "a safe cell was called a mine"
    for cell in pos.mines & set(board.covered):
        assert a.exact(cell) != 0
    small = len(frontier(board)) <= ORACLE_LIMIT
    event("oracle compared" if small else "frontier too large for the oracle")
    event("with total" if board.total_mines is not None else "without total")
    if small:
        assert_matches(a, board, reference(board))
    assert_check_valid(check(board, backend=backend), board, True, total=board.total_mines)
