"""The statistics every benchmark reports, written once.

Percentiles are by nearest rank (a figure that was measured, never an interpolation), so a p90 of ten
runs is the ninth-fastest run. The Wilson interval and the paired difference of two series of games
are the library's (`cnfsweep.experiments.campaign`), re-exported here so a study finds them beside
the rest.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from cnfsweep.experiments.campaign import PairedDifference, paired_difference, wilson

__all__ = ["PairedDifference", "median", "p90", "paired_difference", "percentile", "upper_quantile", "wilson"]


def percentile(values: Iterable[float], q: float) -> float:
    """Return the nearest-rank ``q`` quantile (``0 < q <= 1``) of ``values``.

    Parameters
    ----------
    values
        The measurements, in any order (``inf`` may mark a capped run: it sorts last).
    q
        The fraction: 0.5 for the median, 0.9 for p90, 1.0 for the maximum.

    Returns
    -------
    float
        The smallest value with at least ``q`` of the values at or below it.

    Examples
    --------
    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0, 6.0, 7.0, 8.0, 9.0, 10.0], 0.9)
    9.0
    >>> percentile([2.0, 1.0], 0.5)
    1.0
    """
    ordered = sorted(values)
    if not ordered:
        raise ValueError("percentile of no values")
    # The small slack keeps 0.9 * 1000 from rounding up to rank 901.
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered) - 1e-9) - 1))]


def upper_quantile(values: Iterable[float], q: float) -> float:
    """Return the value at rank ``floor(q * n)`` (from 0) of ``values``: the upper median of an even count.

    `benchmarks.topology` has always reported this one; it stays so its figures keep their meaning.

    Examples
    --------
    >>> upper_quantile([2.0, 1.0], 0.5)
    2.0
    """
    ordered = sorted(values)
    if not ordered:
        raise ValueError("quantile of no values")
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def median(values: Sequence[float]) -> float:
    """Return the nearest-rank median (the lower one of an even count)."""
    return percentile(values, 0.5)


def p90(values: Sequence[float]) -> float:
    """Return the nearest-rank 90th percentile."""
    return percentile(values, 0.9)
