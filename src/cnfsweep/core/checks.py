"""Read numbers and cells from text, and check the values handed to Python functions, in one wording.

Every integer cnfsweep reads from text (a ``mines:`` header, a JSM size line,
``--first-click R,C``) goes through :func:`whole_number`: ASCII digits only,
and at most :data:`MAX_DIGITS` of them, so that no text reaches Python's own
limit on converting long digit strings (a ``ValueError`` with no line or column).
Python callers' arguments go through :func:`count_argument`,
:func:`cell_argument`, :func:`choice_argument` and :func:`flag_argument`, which
raise :class:`~cnfsweep.core.errors.ArgumentError` (a wrong value) or
:class:`~cnfsweep.core.errors.ArgumentTypeError` (a wrong type).
Exact answers go the other way, to text, in :mod:`cnfsweep.core.exact`.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, TypeVar

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import ArgumentError, ArgumentTypeError, clip, shown

__all__ = [
    "JSON_DIGITS",
    "MAX_DIGITS",
    "TooManyDigits",
    "cell_argument",
    "choice_argument",
    "count_argument",
    "flag_argument",
    "json_whole",
    "read_cell",
    "start_argument",
    "start_key",
    "whole_number",
]

#: The most digits a number in a board text or an option may have (leading zeros aside): far
#: beyond any board, and far below Python's limit of 4,300 digits for converting text to int.
MAX_DIGITS = 18
# JSON files carry seeds too (64 bits, 20 digits): bounded more loosely, but bounded.
JSON_DIGITS = 40

Fail = Callable[[str], Exception]
E = TypeVar("E", bound=Enum)
_CELL = re.compile(r"\s*([^,]*?)\s*,\s*([^,]*?)\s*")


def _at_least(minimum: int) -> str:
    return "a non-negative integer" if minimum == 0 else f"an integer >= {minimum}"


class TooManyDigits(ValueError):
    """A JSON document holds an integer of more than :data:`JSON_DIGITS` digits."""


def json_whole(digits: str) -> int:
    """Read an integer of a JSON document (``json.loads(parse_int=json_whole)``), at most :data:`JSON_DIGITS` digits.

    Python's own guard on converting long digit strings is process-wide, and
    writing exact answers lifts it for a while, maybe in another thread: a
    reader of files bounds its numbers itself.

    Examples
    --------
    >>> import json
    >>> json.loads("[-12, 3]", parse_int=json_whole)
    [-12, 3]
    >>> json.loads("1" + "0" * 40, parse_int=json_whole)
    Traceback (most recent call last):
    ...
    cnfsweep.core.checks.TooManyDigits: a number of 41 digits (at most 40 are read)
    """
    n = len(digits) - digits.startswith("-")
    if n > JSON_DIGITS:
        raise TooManyDigits(f"a number of {n:,} digits (at most {JSON_DIGITS} are read)")
    return int(digits)


def whole_number(text: str, what: str, *, minimum: int = 0, error: Fail = ArgumentError) -> int:
    """Read ``text`` as a whole number written in ASCII digits, or raise ``error(message)``.

    Parameters
    ----------
    text : str
        The digits, without surrounding space.
    what : str
        What the number is, as the message names it: ``"'mines:'"``, ``"--size"``.
    minimum : int
        The smallest value allowed.
    error : callable
        Builds the exception from the message; a reader of files passes one
        that adds the line and column.

    Examples
    --------
    >>> whole_number("0099", "'mines:'")
    99
    >>> whole_number("9" * 5000, "'mines:'")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: 'mines:' expects a whole number of at most 18 digits, got '999999999999999999999999...' (5,000 characters)
    >>> whole_number("²", "'mines:'")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: 'mines:' expects a non-negative integer, got '²'
    """
    want = _at_least(minimum)
    # str.isdigit() also takes '²' and other digits int() refuses: ASCII only.
    if not (text.isascii() and text.isdigit()):
        raise error(f"{what} expects {want}, got {clip(text)}")
    significant = text.lstrip("0") or "0"
    if len(significant) > MAX_DIGITS:
        raise error(f"{what} expects a whole number of at most {MAX_DIGITS} digits, got {clip(text)}")
    value = int(significant)
    if value < minimum:
        raise error(f"{what} expects {want}, got {clip(text)}")
    return value


def read_cell(text: str, what: str, *, error: Fail = ArgumentError) -> Cell:
    """Read ``ROW,COL`` (row and column from 0 at the top left) as a cell, or raise ``error(message)``.

    Examples
    --------
    >>> read_cell(" 8, 15 ", "--first-click")
    Cell(row=8, col=15)
    >>> read_cell("8;15", "--first-click")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: --first-click expects ROW,COL such as 8,15 (from 0 at the top left), got '8;15'
    """
    match = _CELL.fullmatch(text)
    if match is None or not all(part.isascii() and part.isdigit() for part in match.groups()):
        raise error(f"{what} expects ROW,COL such as 8,15 (from 0 at the top left), got {clip(text)}")
    return Cell(*(whole_number(part, what, error=error) for part in match.groups()))


def count_argument(value: object, what: str, *, minimum: int = 0, optional: bool = False) -> int:
    """Return ``value`` if it is an int of at least ``minimum`` (or ``None``, if ``optional``), else raise naming ``what``.

    A bool is refused (``True`` is not 1 mine), and so is text (``"3"``),
    with :class:`~cnfsweep.core.errors.ArgumentTypeError`.

    Examples
    --------
    >>> count_argument(3, "total_mines")
    3
    >>> count_argument(-1, "total_mines")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: total_mines must be a non-negative integer, got -1
    >>> count_argument("3", "total_mines")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentTypeError: total_mines must be an integer, got '3' (str)
    """
    if value is None and optional:
        return value  # type: ignore[return-value]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArgumentTypeError(f"{what} must be an integer, got {shown(value)} ({type(value).__name__})")
    if value < minimum:
        raise ArgumentError(f"{what} must be {_at_least(minimum)}, got {value}")
    return value


def cell_argument(value: object, what: str) -> Cell:
    """Return ``value`` as a :class:`~cnfsweep.core.board.Cell` if it is a pair of ints.

    Whether the cell lies on a board is the board's question
    (:meth:`~cnfsweep.core.board.Board.require`).

    Examples
    --------
    >>> cell_argument((8, 15), "first_click")
    Cell(row=8, col=15)
    >>> cell_argument((1,), "first_click")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentTypeError: first_click must be a (row, col) pair of integers, got (1,) (tuple)
    """
    if (
        not isinstance(value, (tuple, list))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ArgumentTypeError(
            f"{what} must be a (row, col) pair of integers, got {shown(value)} ({type(value).__name__})"
        )
    return Cell(value[0], value[1])


def choice_argument(kind: type[E], value: object, what: str) -> E:
    """Return the member of ``kind`` that ``value`` is or names, else raise listing the choices.

    Examples
    --------
    >>> from cnfsweep.core.characters import CellKind
    >>> choice_argument(CellKind, "flag", "kind")
    <CellKind.FLAG: 'flag'>
    >>> choice_argument(CellKind, "lava", "kind")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: unknown kind 'lava'; choose from number, covered, flag
    """
    if type(value) is kind:  # already a member: what kind(value) would return, without its lookup
        return value
    try:
        return kind(value)
    except (ValueError, TypeError):  # TypeError: an unhashable value
        names = ", ".join(str(member.value) for member in kind)
        raise ArgumentError(f"unknown {what} {shown(value)}; choose from {names}") from None


def flag_argument(value: object, what: str) -> bool:
    """Return ``value`` if it is a bool, else raise :class:`~cnfsweep.core.errors.ArgumentTypeError` naming ``what``.

    A truthy string such as ``"no"`` must not silently mean yes.

    Examples
    --------
    >>> flag_argument(True, "every")
    True
    >>> flag_argument("no", "every")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentTypeError: every must be True or False, got 'no' (str)
    """
    if not isinstance(value, bool):
        raise ArgumentTypeError(f"{what} must be True or False, got {shown(value)} ({type(value).__name__})")
    return value


def start_key(doc: Mapping[str, Any], what: str) -> str:
    """Return the key of ``doc`` that holds the cell clicked first: ``start``, or ``first_click``, its deprecated name.

    A document written before the rename (``what`` says which kind: ``"a graph file"``) keeps the
    cell under ``first_click``; it is read for one release, with a :class:`DeprecationWarning`
    naming the reader's caller.

    Raises
    ------
    ArgumentError
        If the document has both keys.

    Examples
    --------
    >>> start_key({"start": [0, 1]}, "a saved game"), start_key({}, "a saved game")
    ('start', 'start')
    >>> start_key({"start": [0, 1], "first_click": [0, 1]}, "a saved game")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: give the cell clicked first once, as 'start' ('first_click' is its old name)
    """
    if "first_click" not in doc:
        return "start"
    if "start" in doc:
        raise ArgumentError("give the cell clicked first once, as 'start' ('first_click' is its old name)")
    warnings.warn(
        f"{what}'s 'first_click' (the cell clicked first) is deprecated: write 'start'; first_click "
        "names the first-click rule everywhere else",
        DeprecationWarning,
        stacklevel=3,
    )
    return "first_click"


def start_argument(start: Any, first_click: Any) -> Any:
    """Return the cell clicked first, given as ``start`` or under ``first_click``, its deprecated name.

    ``first_click`` names the first-click rule everywhere else; a caller that still passes the cell
    under it gets it, with a :class:`DeprecationWarning` naming the caller's line.

    Raises
    ------
    ArgumentError
        If both are given.

    Examples
    --------
    >>> start_argument((0, 1), None)
    (0, 1)
    """
    if first_click is None:
        return start
    warnings.warn(
        "first_click= (the cell clicked first) is deprecated: give start=; first_click names the "
        "first-click rule everywhere else",
        DeprecationWarning,
        stacklevel=3,
    )
    if start is not None:
        raise ArgumentError("give start, not both it and the deprecated first_click")
    return first_click
