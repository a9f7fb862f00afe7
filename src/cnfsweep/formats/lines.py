"""What every text format shares: lines, comments, positions and the wording of errors."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from cnfsweep.core.errors import BoardFormatError
from cnfsweep.core.checks import whole_number
from cnfsweep.core.words import counted

SEP = " \t"
"""Spaces and tabs may stand between cells."""
HEADER = re.compile(r"\s*([A-Za-z0-9_-]+)\s*:\s*")
Err = Callable[..., BoardFormatError]


def split_lines(text: str) -> list[str]:
    # Split on "\n" only: str.splitlines() also breaks on form feeds and
    # similar, which would make our line numbers disagree with editors.
    return [line.removesuffix("\r") for line in text.split("\n")]


def is_comment(line: str) -> bool:
    return line.lstrip(SEP).startswith("#")


def line_col(prefix: str) -> tuple[int, int]:
    """Return the 1-based line and column just after ``prefix``."""
    return prefix.count("\n") + 1, len(prefix) - prefix.rfind("\n")


def count_value(value: str, key: str, err: Err, line: int, col: int, minimum: int = 0) -> int:
    """Read the number of a ``key: value`` line, or raise naming its line and column."""
    return whole_number(value, f"'{key}:'", minimum=minimum, error=partial(err, line=line, column=col))


def unexpected(ch: str, expected: str) -> str:
    return f"{'number 9 is above 8' if ch == '9' else f'unexpected {ch!r}'}: expected {expected}"


def check_row(row: str, width: int, n: int, err: Err, where: str) -> None:
    """Raise if ``row`` (line ``n``) does not have ``width`` cells."""
    if len(row) != width:
        col = width + 1 if len(row) > width else len(row) + 1
        raise err(f"row has {counted(len(row), 'cell')}, expected {width} ({where})", line=n, column=col)


@dataclass(frozen=True)
class Sample:
    """A text as format detection looks at it: whole, its non-blank lines, and those that are no comment.

    Examples
    --------
    >>> Sample.of("# note\\n\\n1.\\n").content
    ('1.',)
    """

    text: str
    lines: tuple[str, ...]
    content: tuple[str, ...]

    @classmethod
    def of(cls, text: str) -> Sample:
        """Split ``text`` (a leading byte-order mark dropped) for detection."""
        text = text.removeprefix("\ufeff")
        lines = tuple(line for line in split_lines(text) if line.strip())
        return cls(text, lines, tuple(line for line in lines if not is_comment(line)))
