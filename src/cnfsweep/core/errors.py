"""Exceptions raised by cnfsweep, and the wording of what they quote.

Every error a user can cause derives from :class:`CnfsweepError`, so the CLI can
print one clear line and exit with status 2 instead of showing a traceback.
The rule for Python callers: a bad argument value raises a :class:`CnfsweepError`
that is also a :class:`ValueError` (:class:`ArgumentError`, or a more telling
kind: :class:`BoardFormatError`, :class:`AssumptionError`, :class:`OffBoardError`,
:class:`BackendError`); an argument of the wrong type raises
:class:`ArgumentTypeError`, which is a :class:`TypeError` and an
:class:`ArgumentError` too. :class:`TimeLimitExceeded` and
:class:`ComponentTooLarge` are no bad argument and neither.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TypeVar, overload

T = TypeVar("T")


class CnfsweepError(Exception):
    """Base class of every error caused by bad input or an unusable backend."""


class BoardFormatError(CnfsweepError, ValueError):
    """Report a board text that cannot be read, naming where and what was expected.

    Parameters
    ----------
    message : str
        What was found and what was expected instead.
    source : str
        File name, or ``"<string>"`` for text given directly.
    line, column : int or None
        1-based position of the problem, when it has one.

    Examples
    --------
    >>> str(BoardFormatError("expected 0-8", source="b.txt", line=3, column=5))
    'b.txt:3:5: expected 0-8'
    >>> print(BoardFormatError("no such file", source="a\\nb.txt"))
    'a\\nb.txt': no such file
    """

    def __init__(
        self,
        message: str,
        *,
        source: str = "<string>",
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        # A file name with a line break or other control character is quoted, so the error stays one line.
        where = source if source.isprintable() else repr(source)
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        super().__init__(f"{where}: {message}")


class AssumptionError(CnfsweepError, ValueError):
    """Report an assumption about labelled cells that is not a clear "mine" or "safe"."""


class OffBoardError(CnfsweepError, ValueError):
    """Report a cell outside the board (negative indices never wrap around)."""


class BackendError(CnfsweepError, ValueError):
    """Report an unknown, unavailable or misconfigured solver backend (the spec named is the bad value)."""


class ArgumentError(CnfsweepError, ValueError):
    """Report an argument value a cnfsweep function cannot take: an unknown level, too many mines, a label not on the board.

    Every function the package exports checks its arguments and raises this
    (or another :class:`CnfsweepError` that is a :class:`ValueError`, such as
    :class:`BoardFormatError` or :class:`OffBoardError`) with the message the
    command line prints.
    """


class ArgumentTypeError(ArgumentError, TypeError):
    """Report an argument of the wrong type (text where a number belongs).

    It is a :class:`TypeError`, as Python's own functions raise for a wrong
    type, and also an :class:`ArgumentError`, so ``except ValueError`` (or
    ``except CnfsweepError``) still catches every bad argument.
    """


class TimeLimitExceeded(CnfsweepError):
    """Report that no answer was found within the time limit."""


def clip(text: str, limit: int = 24) -> str:
    """Quote ``text`` for an error message: escaped as ``repr`` does, and cut after ``limit`` characters.

    A message names what it refuses, but a number of 5,000 digits or a line
    of control characters must still make one short line.

    Examples
    --------
    >>> clip("many")
    "'many'"
    >>> clip("9" * 5000, 8)
    "'99999999...' (5,000 characters)"
    >>> clip("a\\tb")
    "'a\\\\tb'"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}".removesuffix("'") + f"...' ({len(text):,} characters)"


def shown(value: object, limit: int = 40) -> str:
    """Show a Python argument in an error message: text as :func:`clip` quotes it, anything else as its cut ``repr``.

    Examples
    --------
    >>> shown("3"), shown((1,)), shown(list(range(100)), 12)
    ("'3'", '(1,)', '[0, 1, 2, 3,...')
    """
    if isinstance(value, str):
        return clip(value)
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


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


class ComponentTooLarge(CnfsweepError):
    """Report a component beyond what the chosen backend can count."""
