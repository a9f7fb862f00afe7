"""Deadlines: every time limit is one ``time.perf_counter()`` value, checked as the work goes.

:func:`deadline_after` turns a time limit into a deadline, :func:`check_deadline`
raises :class:`~cnfsweep.core.errors.TimeLimitExceeded` once it has passed,
:func:`time_left` gives a step that takes a time limit what is left of its
caller's, and :func:`checked` reads the clock every few items of a long loop.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TypeVar, overload

from cnfsweep.core.errors import ArgumentError, ArgumentTypeError, shown, TimeLimitExceeded

__all__ = ["check_deadline", "checked", "deadline_after", "time_left"]

T = TypeVar("T")


def check_deadline(deadline: float | None) -> None:
    """Raise :class:`TimeLimitExceeded` once ``time.perf_counter()`` passes ``deadline``."""
    if deadline is not None and time.perf_counter() > deadline:
        raise TimeLimitExceeded("no answer within the time limit")


# A limit gives a deadline and no limit none: the overloads let a caller with a limit use the deadline as a number.
@overload
def deadline_after(time_limit: float, start: float | None = None) -> float: ...
@overload
def deadline_after(time_limit: None, start: float | None = None) -> None: ...
@overload
def deadline_after(time_limit: float | None, start: float | None = None) -> float | None: ...
def deadline_after(time_limit: float | None, start: float | None = None) -> float | None:
    """Return the ``time.perf_counter()`` value ``time_limit`` seconds after ``start`` (default: now).

    ``None`` (no limit) stays ``None``; a negative limit, or one that is not a
    number, raises :class:`ArgumentError` (:class:`ArgumentTypeError`).

    Examples
    --------
    >>> deadline_after(None) is None, deadline_after(2.0, start=10.0)
    (True, 12.0)
    """
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
        raise ArgumentTypeError(
            f"time_limit must be a number of seconds, got {shown(time_limit)} ({type(time_limit).__name__})"
        )
    if not time_limit >= 0:  # NaN too
        raise ArgumentError(f"time_limit must be a non-negative number of seconds, got {time_limit}")
    return (time.perf_counter() if start is None else start) + time_limit


@overload
def time_left(deadline: float) -> float: ...
@overload
def time_left(deadline: None) -> None: ...
@overload
def time_left(deadline: float | None) -> float | None: ...
def time_left(deadline: float | None) -> float | None:
    """Return the seconds left until ``deadline`` (never negative), or ``None`` without a deadline.

    A step that takes a time limit rather than a deadline gets what is left of its caller's.

    Examples
    --------
    >>> time_left(None) is None, time_left(time.perf_counter() - 5)
    (True, 0.0)
    """
    return None if deadline is None else max(deadline - time.perf_counter(), 0.0)


def checked(items: Iterable[T], deadline: float | None, every: int = 256) -> Iterable[T]:
    """Yield ``items``, checking ``deadline`` before each run of ``every`` of them.

    Without a deadline ``items`` comes back as it is, so a loop without a
    time limit pays nothing; with one, the check costs a clock reading per
    ``every`` items (choose ``every`` so that they take milliseconds, not
    seconds).

    Examples
    --------
    >>> list(checked(range(3), None))
    [0, 1, 2]
    >>> list(checked(range(3), time.perf_counter() - 1))
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.TimeLimitExceeded: no answer within the time limit
    """
    if deadline is None:
        return items
    return _checked(iter(items), deadline, every)


def _checked(items: Iterator[T], deadline: float, every: int) -> Iterator[T]:
    while batch := list(islice(items, every)):
        check_deadline(deadline)
        yield from batch
