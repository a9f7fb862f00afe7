"""The brute-force oracle's pruned enumeration finds exactly the assignments trying all of them finds."""

from __future__ import annotations

import pytest
from boards import perturbed, random_cases, random_position
from oracle import _assignments, _assignments_by_product, around, fixed_cells, frontier


@pytest.mark.parametrize("topology", ["square", "torus", "hex"])
def test_pruned_enumeration_equals_trying_every_assignment(topology: str) -> None:
    cases = random_cases(30, 10, topology=topology)
    boards = [case.board for case in cases]
    more = [random_position(2000 + s, max_frontier=10, topology=topology).board for s in range(20)]
    boards += [perturbed(b, s) for s, b in enumerate(more) if b.numbers]
    tried, empty = 0, 0
    for board in boards:
        numbers = tuple(board.numbers)
        fixed = fixed_cells(board, None)
        free = [c for c in frontier(board, numbers) if c not in fixed]
        if len(free) > 12:
            continue
        placed = set(board.flags)
        expected = set(_assignments_by_product(board, numbers, free, placed))
        found = list(_assignments(board, numbers, free, placed))
        assert len(found) == len(set(found)) and set(found) == expected, board.rows
        # Every assignment found is right for every number, checked once more from the board itself.
        for chosen in found:
            for c in numbers:
                assert sum(n in chosen or n in placed for n in around(board, c)) == board.number(c)
        tried += 1
        empty += not found
    # Both kinds of board occur: some with assignments, some (perturbed) with none.
    assert tried >= 30 and 0 < empty < tried
