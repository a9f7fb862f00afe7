"""The fewest-clues search's hitting sets over terms (a clue, or a pair of clues held together), against brute force.

Bounds of up to :data:`~cnfsweep.variants.smallest.SEARCHED` clues are searched by branching, larger ones by
CP-SAT: both must give a set of the least size that holds a whole term of every set, or ``None`` past the bound.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.variants.smallest import SEARCHED, _hitting_set


def random_sets(seed: int) -> list[frozenset[frozenset[Cell]]]:
    rng = random.Random(seed)
    cells = [Cell(0, c) for c in range(rng.randint(3, 7))]
    out = set()
    for _ in range(rng.randint(1, 7)):
        terms = set()
        for _ in range(rng.randint(1, 4)):
            terms.add(frozenset(rng.sample(cells, rng.choice([1, 2, 2]))))
        out.add(frozenset(terms))
    return sorted(out, key=lambda s: sorted(sorted(t) for t in s))


def holds(chosen: set[Cell], sets: list[frozenset[frozenset[Cell]]]) -> bool:
    return all(any(t <= chosen for t in s) for s in sets)


@pytest.mark.parametrize("seed", range(150))
def test_the_hitting_set_is_a_smallest_one_by_brute_force(seed: int) -> None:
    sets = random_sets(seed)
    cells = sorted(set().union(*(t for s in sets for t in s)))
    least = next(k for k in range(len(cells) + 1) if any(holds(set(c), sets) for c in combinations(cells, k)))
    for most in (None, *range(SEARCHED + 2)):
        found = _hitting_set(sets, most)
        if most is not None and most < least:
            assert found is None, (sets, most)
        else:
            assert found is not None and holds(found, sets) and len(found) == least, (sets, most, found)
