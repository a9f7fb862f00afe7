"""What an analysis holds, for tests that check two paths to one analysis (a C kernel and Python, two splits) agree."""

from __future__ import annotations

from typing import Any

from cnfsweep.engine import Analysis


def everything(a: Analysis) -> tuple[Any, ...]:
    """All an analysis holds that a caller reads, its probabilities and forced cells in the order the mappings give.

    Its position too (components, the cells off the frontier, the forced cells), so that two paths that
    reach the same answers through different positions are told apart.
    """
    pos = a.position
    return (
        a.consistent,
        a.total_mines,
        a.safe,
        a.mines,
        a.count,
        a.best_guess,
        list(a.frontier_exact.items()),
        a.off_frontier_exact,
        a.lowest_cells(),
        sorted(a.frontier_mines()),
        [a.exact(c) for c in a.board.covered],
        pos.components,
        pos.off_frontier,
        list(pos.forced.items()),
    )
