"""A seeded sample of a large parametrization that still covers each of its classes.

An oracle sweep crosses every rule with every shape (or every backend with every position); the
test suite runs a seeded sample of the crossing, and ``python -m benchmarks sweeps`` runs all of it.
The sample is not a plain random one: each class a case belongs to (a rule, a shape, a backend, a
topology) is in it at least once, so no class leaves the suite's coverage; the rest of the sample is
drawn by the seed, the same on every run.

``CNFSWEEP_FULL_SWEEPS=1`` in the environment makes `sample` keep every case: that is how the
benchmark runs the full sweeps through these same tests.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

T = TypeVar("T")

FULL = "CNFSWEEP_FULL_SWEEPS"
"""The environment variable that makes `sample` keep every case and `examples` draw the full count (set by ``python -m benchmarks sweeps``)."""


def full_sweeps() -> bool:
    """Whether this run asks for the full sweeps (``CNFSWEEP_FULL_SWEEPS=1``)."""
    return os.environ.get(FULL, "") == "1"


def sample(
    cases: Sequence[T],
    classes: Callable[[T], Sequence[Hashable]],
    *,
    seed: str,
    keep: float,
) -> list[T]:
    """Return a seeded sample of ``cases`` in which every class of every case appears at least once.

    Parameters
    ----------
    cases
        The full parametrization, in its order.
    classes
        The classes a case belongs to, each a hashable label such as ``("rule", "1C")`` or
        ``("shape", (3, 4))``; labels of different kinds must differ (tag them with the kind).
    seed
        Chooses the sample; the same seed and cases give the same sample on every run.
    keep
        The share of the cases to keep, from 0 to 1; more are kept when covering the classes needs more.

    Returns
    -------
    list
        The kept cases, in their order in ``cases`` (every case when `full_sweeps`).
    """
    if full_sweeps() or keep >= 1:
        return list(cases)
    rng = random.Random(seed)
    order = list(range(len(cases)))
    rng.shuffle(order)
    chosen: set[int] = set()
    covered: set[Hashable] = set()
    # Greedy cover in the seeded order: a case is taken when it brings a class not yet covered.
    for i in order:
        new = set(classes(cases[i])) - covered
        if new:
            chosen.add(i)
            covered |= new
    wanted = round(keep * len(cases))
    for i in order:
        if len(chosen) >= wanted:
            break
        chosen.add(i)
    return [cases[i] for i in sorted(chosen)]


def examples(sampled: int, full: int) -> int:
    """How many examples a seeded (derandomized) property test draws: ``full`` under `full_sweeps`, else ``sampled``."""
    return full if full_sweeps() else sampled
