"""Side by side: contenders taking turns on the same inputs, so a load that drifts weighs on all alike.

A benchmark that compares (engines, generators, code trees, ms-toollib beside cnfsweep) runs every
contender on input k before any on input k + 1, starting each round with the next contender in turn.
ms-toollib, the optional ``bench`` extra, is one contender among others where it is installed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def rotation(contenders: Sequence[T], k: int) -> list[T]:
    """Return the order of round ``k``: ``contenders`` starting with the ``k``-th, wrapping round.

    Examples
    --------
    >>> rotation(["a", "b", "c"], 4)
    ['b', 'c', 'a']
    """
    start = k % len(contenders)
    return [*contenders[start:], *contenders[:start]]


def toollib() -> Any | None:
    """Return the ``ms_toollib`` module, or ``None`` where the ``bench`` extra is not installed."""
    try:
        import ms_toollib
    except ImportError:
        return None
    return ms_toollib


def toollib_rows(rows: Sequence[str]) -> list[list[int]]:
    """ms-toollib's board: numbers as they are, 10 covered, 11 flagged."""
    return [[int(ch) if ch.isdigit() else 11 if ch == "*" else 10 for ch in row] for row in rows]
