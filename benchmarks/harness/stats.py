"""The statistics every benchmark reports, written once.

Percentiles are by nearest rank (a figure that was measured, never an interpolation), so a p90 of ten
runs is the ninth-fastest run. The Wilson interval and the paired difference of two series of games
are the library's (`cnfsweep.experiments.campaign`), re-exported here so a study finds them beside
the rest.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cnfsweep.experiments.campaign import PairedDifference, paired_difference, wilson

__all__ = [
    "PairedDifference",
    "median",
    "p90",
    "paired_difference",
    "paired_summary",
    "paired_text",
    "percentile",
    "upper_quantile",
    "wilson",
]


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


def paired_summary(a: Mapping[int, bool], b: Mapping[int, bool], names: tuple[str, str]) -> dict[str, Any]:
    """Pair two sides' outcomes (won or not, by game index) on the games both played, for a JSON result.

    Each side's wins, win rate and Wilson interval, the 2x2 table of outcomes, and the paired difference
    (``b`` less ``a``) with its interval; a side's keys end in its name from ``names``.

    Examples
    --------
    >>> s = paired_summary({0: True, 1: False, 2: True}, {0: True, 1: True, 2: False, 3: True}, ("old", "new"))
    >>> s["games"], s["wins_old"], s["wins_new"], s["both_won"], s["only_old"], s["only_new"], s["neither"]
    (3, 2, 2, 1, 1, 1, 0)
    >>> s["difference"]
    0.0
    """
    one, two = names
    common = sorted(a.keys() & b.keys())
    d = paired_difference({i: a[i] for i in common}, {i: b[i] for i in common})
    n, both = d.games, sum(1 for i in common if a[i] and b[i])
    wins_a, wins_b = both + d.only_a, both + d.only_b
    return {
        "games": n,
        f"wins_{one}": wins_a,
        f"wins_{two}": wins_b,
        f"win_rate_{one}": wins_a / n if n else 0.0,
        f"win_rate_{two}": wins_b / n if n else 0.0,
        f"ci95_{one}": list(wilson(wins_a, n)),
        f"ci95_{two}": list(wilson(wins_b, n)),
        "both_won": both,
        f"only_{one}": d.only_a,
        f"only_{two}": d.only_b,
        "neither": n - both - d.only_a - d.only_b,
        "difference": d.difference,
        "difference_ci95": list(d.ci95),
    }


def paired_text(s: Mapping[str, Any], names: tuple[str, str]) -> str:
    """Say a :func:`paired_summary`'s games one side alone won and its difference, as one clause.

    Examples
    --------
    >>> s = {"only_old": 3, "only_new": 5, "difference": 0.02, "difference_ci95": [-0.01, 0.05]}
    >>> paired_text(s, ("old", "new"))
    'only old 3, only new 5; new - old +2.000% (95% -1.000% to +5.000%)'
    """
    one, two = names
    lo, hi = s["difference_ci95"]
    return (
        f"only {one} {s[f'only_{one}']}, only {two} {s[f'only_{two}']}; "
        f"{two} - {one} {s['difference']:+.3%} (95% {lo:+.3%} to {hi:+.3%})"
    )
