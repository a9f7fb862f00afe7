"""Exceptions raised by cnfsweep.

Every error a user can cause derives from :class:`CnfsweepError`, so the CLI can
print one clear line and exit with status 2 instead of showing a traceback.
"""

from __future__ import annotations

import time


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
        where = source
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        super().__init__(f"{where}: {message}")


class AssumptionError(CnfsweepError, ValueError):
    """Report an assumption about labelled cells that is not a clear "mine" or "safe"."""


class OffBoardError(CnfsweepError, ValueError):
    """Report a cell outside the board (negative indices never wrap around)."""


class BackendError(CnfsweepError):
    """Report an unknown, unavailable or misconfigured solver backend."""


class TimeLimitExceeded(CnfsweepError):
    """Report that no answer was found within the time limit."""


def check_deadline(deadline: float | None) -> None:
    """Raise :class:`TimeLimitExceeded` once ``time.perf_counter()`` passes ``deadline``."""
    if deadline is not None and time.perf_counter() > deadline:
        raise TimeLimitExceeded("no answer within the time limit")


class ComponentTooLarge(CnfsweepError):
    """Report a component beyond what the chosen backend can count."""
