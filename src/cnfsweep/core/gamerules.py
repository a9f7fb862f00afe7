"""The rules a click follows, written once: the zero flood, the cells a chord opens, and 3BV.

:class:`~cnfsweep.play.game.Game` plays by these functions and is their owner: every game of
the package opens cells through :func:`flood` and chords through :func:`chord_opens`, and its
3BV is :func:`three_bv`.  They live in ``core`` rather than beside the game because the endgame
search (:mod:`cnfsweep.search.endgame`), a layer below the game, asks what a click would show in
thousands of layouts and must follow the same flood.

They work on what a game keeps: one byte per cell as the player sees it (:data:`COVERED_BYTE`,
:data:`FLAG_BYTE`, or ``ZERO_BYTE + n`` for a revealed ``n``), each cell's number, and a
topology's tables (``topology.tables().around``: each cell's neighbours by index).

Examples
--------
>>> from cnfsweep.core.topology import Square
>>> _, around = Square(1, 4).tables()
>>> view, count = bytearray(b"...."), [0, 1, 0, 0]   # no mine: cell 1 counts one that is elsewhere
>>> flood(view, count, around, [3]), view
([3, 2, 1], bytearray(b'.100'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cnfsweep.core.characters import COVERED, FLAG
from cnfsweep.core.deadline import check_deadline

__all__ = ["CHECK_EVERY", "COVERED_BYTE", "FLAG_BYTE", "ZERO_BYTE", "chord_opens", "flood", "three_bv"]

#: What a covered cell shows, one byte (a label letter is not a game's: games show this).
COVERED_BYTE = ord(COVERED)
#: What a flagged cell shows.
FLAG_BYTE = ord(FLAG)
#: What a revealed 0 shows; a revealed ``n`` shows ``ZERO_BYTE + n``.
ZERO_BYTE = ord("0")

#: Cells a flood opens between two readings of the clock, when it has a deadline: a few
#: milliseconds of work, so that even a 1000x1000 board stops soon after its deadline.
CHECK_EVERY = 1024


def flood(
    view: bytearray,
    count: Sequence[int],
    around: Sequence[Sequence[int]],
    starts: Iterable[int],
    deadline: float | None = None,
) -> list[int]:
    """Open the cells ``starts`` still covered, and from every 0 opened its covered neighbours, on and on.

    This is what a click on a safe cell (or a chord's cells, all safe) reveals.  Only covered
    cells open: a flag stops the flood, as classic clients have it, and a revealed cell was
    flooded from when it opened.  ``view`` is changed in place, each opened cell showing its
    ``count``; the caller makes sure every start is safe (a 0's neighbours are safe by definition).

    Parameters
    ----------
    view : bytearray
        What each cell shows, by index (:data:`COVERED_BYTE`, :data:`FLAG_BYTE`, a number's digit).
    count : sequence of int
        Each cell's number (mines around it), by index; read only for the cells that open.
    around : sequence of sequence of int
        Each cell's neighbours, by index (a topology's tables).
    starts : iterable of int
        The safe cells clicked, by index.
    deadline : float, optional
        A ``time.perf_counter()`` value, read every :data:`CHECK_EVERY` cells opened; past it raise
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`, the flood left half-way.

    Returns
    -------
    list of int
        The cells opened, in the order they opened (the starts first).

    Examples
    --------
    >>> from cnfsweep.core.topology import Square
    >>> _, around = Square(1, 5).tables()
    >>> view = bytearray(b"..*..")   # cell 2 flagged (wrongly: no mine anywhere): the flood stops there
    >>> flood(view, [0, 0, 0, 0, 0], around, [0]), view.decode()
    ([0, 1], '00*..')
    """
    opened: list[int] = []
    stack: list[int] = []
    for i in starts:
        if view[i] == COVERED_BYTE:
            view[i] = ZERO_BYTE + count[i]
            opened.append(i)
            if not count[i]:
                stack.append(i)
    while stack:
        j = stack.pop()
        for k in around[j]:
            if view[k] == COVERED_BYTE:
                n = count[k]
                view[k] = ZERO_BYTE + n
                opened.append(k)
                if not n:
                    stack.append(k)
        if deadline is not None and not len(opened) % CHECK_EVERY:
            check_deadline(deadline)
    return opened


def chord_opens(view: bytes | bytearray | memoryview, i: int, near: Sequence[int]) -> list[int] | None:
    """Return the cells a chord on cell ``i`` opens, or ``None`` when a chord there does nothing.

    A chord opens the covered neighbours of a revealed number with exactly as many flags
    around it; on a covered or flagged cell, or a number with too few or too many flags,
    it does nothing (as in classic clients).  ``near`` is cell ``i``'s neighbours by index.
    Whether the cells it opens are safe is the game's to say: a wrong flag leaves a mine among them.

    Examples
    --------
    >>> view = b"1*.."   # a 1 with its flag: the chord opens cell 2 (cell 3 is no neighbour)
    >>> chord_opens(view, 0, [1, 2]), chord_opens(view, 2, [1, 3]), chord_opens(b"2*..", 0, [1, 2])
    ([2], None, None)
    """
    number = view[i] - ZERO_BYTE
    if not 0 <= number <= 8 or sum(1 for j in near if view[j] == FLAG_BYTE) != number:
        return None
    return [j for j in near if view[j] == COVERED_BYTE]


def three_bv(around: Sequence[Sequence[int]], mined: Sequence[int]) -> int:
    """Return a layout's 3BV: the fewest clicks that open every safe cell.

    Each opening (a connected region of zeros, with its border, as :func:`flood` opens it)
    takes one click, and each safe cell bordering no zero one more.  ``around`` lists each
    cell's neighbours by index (a topology's tables), ``mined`` is 1 for a mine and 0 for a
    safe cell, by the same index.

    Examples
    --------
    >>> from cnfsweep.core.topology import Square
    >>> _, around = Square(1, 3).tables()
    >>> three_bv(around, [0, 1, 0])
    2
    >>> three_bv(Square(3, 3).tables()[1], [0] * 8 + [1])   # one opening reaches every safe cell
    1
    """
    count = [sum(mined[j] for j in near) for near in around]
    view = bytearray([COVERED_BYTE]) * len(around)
    clicks = 0
    for i, n in enumerate(count):
        if not n and not mined[i] and view[i] == COVERED_BYTE:
            clicks += 1  # one click opens this zero's whole region and its border
            flood(view, count, around, [i])
    return clicks + sum(1 for i, shown in enumerate(view) if shown == COVERED_BYTE and not mined[i])
