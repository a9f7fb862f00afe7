"""Exceptions raised by cnfsweep, and the wording of what they quote.

Every error a user can cause derives from :class:`CnfsweepError`, so the CLI can
print one clear line and exit with status 2 instead of showing a traceback.
The rule for Python callers: a bad argument value raises a :class:`CnfsweepError`
that is also a :class:`ValueError` (:class:`ArgumentError`, or a more telling
kind: :class:`BoardFormatError`, :class:`AssumptionError`, :class:`OffBoardError`,
:class:`BackendError`, :class:`ParameterError`, which names the parameter so each
surface can spell it); an argument of the wrong type raises
:class:`ArgumentTypeError`, which is a :class:`TypeError` and an
:class:`ArgumentError` too. :class:`TimeLimitExceeded` and
:class:`ComponentTooLarge` are no bad argument and neither.

The deadline helpers that raise :class:`TimeLimitExceeded` are in :mod:`cnfsweep.core.deadline`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cnfsweep.core.moved import moved


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


class ParameterError(ArgumentError):
    """Report a bad value of a named parameter, named as the caller wrote it.

    The message is ``NAME VALUE: PROBLEM``.  ``str()`` names the parameter as Python's keywords and
    the HTTP API's JSON fields name it (``mines 25: ...``, ``rules: unknown rule '1Z' ...``); the
    command line names its flag instead (``--mines 25: ...``) through :meth:`worded`.  Each layer thus
    words the error once, for what its user typed, and no layer rewrites another's text.

    Parameters
    ----------
    names : str or tuple of str
        The parameter's name, or the names of the parameters the value is written from (a size's
        ``("rows", "cols")``, its value ``"5x40"``).
    value : str or None
        The value as the message shows it, or ``None`` when the problem says it.
    problem : str
        What is wrong with it, and what is expected.

    Examples
    --------
    >>> error = ParameterError("mines", "25", "a 5x5 board takes 0 to 24 mines")
    >>> str(error)
    'mines 25: a 5x5 board takes 0 to 24 mines'
    >>> error.worded(lambda names: "--" + "-".join(names))
    '--mines 25: a 5x5 board takes 0 to 24 mines'
    >>> str(ParameterError(("rows", "cols"), "1x9", "a side is 2 to 30"))
    'rows and cols 1x9: a side is 2 to 30'
    """

    def __init__(self, names: str | tuple[str, ...], value: str | None, problem: str) -> None:
        self.names = (names,) if isinstance(names, str) else tuple(names)
        self.value = value
        self.problem = problem
        super().__init__(self.worded(" and ".join))

    def worded(self, name: Callable[[tuple[str, ...]], str]) -> str:
        """The message with the parameter named by ``name`` (given :attr:`names`, it returns what to print)."""
        head = name(self.names) if self.value is None else f"{name(self.names)} {self.value}"
        return f"{head}: {self.problem}"


class OffBoardParameter(ParameterError, OffBoardError):
    """Report a cell given as a named parameter that is off the board (a generated board's ``start``)."""


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


class ComponentTooLarge(CnfsweepError):
    """Report a component beyond what the chosen backend can count."""


# Moved to cnfsweep.core.deadline; still read from here, with a DeprecationWarning, until the next release.
_MOVED = {name: "cnfsweep.core.deadline" for name in ("check_deadline", "checked", "deadline_after", "time_left")}
__getattr__: Any = moved(__name__, _MOVED)
