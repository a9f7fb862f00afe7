"""The fewest-clues search's hitting sets over terms (a clue, or a pair of clues held together), against brute force.

Bounds of up to :data:`~cnfsweep.variants.smallest.SEARCHED` clues are searched by branching, larger ones by an
incremental SAT solver (``_Hitter``, one a question, its sets added turn by turn): each must give a set of the
least size that holds a whole term of every set, or ``None`` past the bound.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.variants.smallest import SEARCHED, _Hitter, _hitting_set


def random_sets(
    seed: int, most_cells: int = 7, most_sets: int = 7, most_terms: int = 4
) -> list[frozenset[frozenset[Cell]]]:
    rng = random.Random(seed)
    cells = [Cell(0, c) for c in range(rng.randint(3, most_cells))]
    out = set()
    for _ in range(rng.randint(1, most_sets)):
        terms = set()
        for _ in range(rng.randint(1, most_terms)):
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


def least_by_brute_force(sets: list[frozenset[frozenset[Cell]]], cells: list[Cell]) -> int | None:
    return next((k for k in range(len(cells) + 1) if any(holds(set(c), sets) for c in combinations(cells, k))), None)


@pytest.mark.parametrize("seed", range(60))
def test_a_hitter_fed_turn_by_turn_gives_the_least_size_of_every_turn_by_brute_force(seed: int) -> None:
    # As a question's loop feeds it: sets added a few at a time, asked between, with bounds above SEARCHED too;
    # what one turn proved (no smaller set) must still hold after more sets.
    sets = random_sets(1000 + seed, most_cells=9, most_sets=14, most_terms=3)
    cells = sorted(set().union(*(t for s in sets for t in s)) | {Cell(1, 0)})  # a cell in no set is never spare
    rng = random.Random(seed)
    hitter = _Hitter(cells)
    fed: list[frozenset[frozenset[Cell]]] = []
    try:
        while len(fed) < len(sets):
            for s in sets[len(fed) : len(fed) + rng.randint(1, 3)]:
                hitter.add(s)
                fed.append(s)
            least = least_by_brute_force(fed, cells)
            assert least is not None
            for most in sorted({least - 1, least, least + 2, rng.randint(0, len(cells))}):
                if most < 0:
                    continue
                found = hitter.smallest(most)
                if most < least:
                    assert found is None, (fed, most)
                else:
                    assert found is not None and holds(found, fed) and len(found) == least, (fed, most, found)
            found = hitter.smallest(None)
            assert found is not None and len(found) == least
    finally:
        hitter.close()


@pytest.mark.parametrize("seed", range(40))
def test_bounds_past_the_branching_search_give_the_least_size_by_brute_force(seed: int) -> None:
    sets = random_sets(2000 + seed, most_cells=10, most_sets=16, most_terms=3)
    cells = sorted(set().union(*(t for s in sets for t in s)))
    least = least_by_brute_force(sets, cells)
    assert least is not None
    for most in (None, SEARCHED + 1, least, len(cells)):
        found = _hitting_set(sets, most)
        if most is not None and most < least:
            assert found is None, (sets, most)
        else:
            assert found is not None and holds(found, sets) and len(found) == least, (sets, most, found)
