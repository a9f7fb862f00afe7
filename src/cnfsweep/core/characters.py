"""The canonical board characters, and what a player sees in each.

Offers the characters (:data:`COVERED` ``'.'``, :data:`FLAG` ``'*'``, the
revealed :data:`NUMBERS` ``'0'``-``'8'``, the label :data:`LABELS`, every one
:data:`ALLOWED`), :class:`CellKind` and :func:`kind_of`, which classifies a
character.  A :class:`~cnfsweep.core.board.Board` holds its grid in them.
"""

from __future__ import annotations

import string
from enum import Enum

__all__ = ["ALLOWED", "COVERED", "FLAG", "LABELS", "NUMBERS", "CellKind", "kind_of"]

COVERED = "."
FLAG = "*"
NUMBERS = frozenset("012345678")
LABELS = frozenset(string.ascii_letters) - {"F"}
ALLOWED = NUMBERS | LABELS | {COVERED, FLAG}


class CellKind(Enum):
    """What a player sees in a cell."""

    NUMBER = "number"
    COVERED = "covered"
    FLAG = "flag"


def kind_of(char: str) -> CellKind:
    """Classify a canonical grid character.

    Examples
    --------
    >>> kind_of("3"), kind_of("."), kind_of("*"), kind_of("u")
    (<CellKind.NUMBER: 'number'>, <CellKind.COVERED: 'covered'>, <CellKind.FLAG: 'flag'>, <CellKind.COVERED: 'covered'>)
    """
    if char in NUMBERS:
        return CellKind.NUMBER
    if char == FLAG:
        return CellKind.FLAG
    # 'F' is the input spelling of a flag, never a label, so text round-trips.
    if char == COVERED or (char.isalpha() and char.isascii() and char != "F"):
        return CellKind.COVERED
    raise ValueError(f"not a canonical board character: {char!r}")
