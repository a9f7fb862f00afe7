"""Counted nouns and articles, so that no message says "1 mines" or "a int".

Every layer writes messages with numbers in them (a parse error's "the layout
has 1 row", a view's "1 component"); they all count nouns through
:func:`counted` and put articles through :func:`article`, so the grammar is
right in one place.
"""

from __future__ import annotations

__all__ = ["article", "counted", "plural"]

#: Plurals that are not the noun with an ``s``.
_IRREGULAR = {"guess": "guesses", "box": "boxes", "is": "are", "has": "have", "leaves": "leave", "does": "do"}


def plural(noun: str) -> str:
    """Return the plural of ``noun`` (the last word of it).

    Examples
    --------
    >>> plural("mine"), plural("guess"), plural("known mine")
    ('mines', 'guesses', 'known mines')
    """
    head, _, last = noun.rpartition(" ")
    many = _IRREGULAR.get(last, last + "s")
    return f"{head} {many}" if head else many


def counted(n: int, noun: str, many: str | None = None, *, separate: bool = False) -> str:
    """Say ``n noun``, the noun plural unless ``n`` is exactly one.

    Parameters
    ----------
    n : int
        How many.
    noun : str
        The noun for one (``"mine"``); its last word is made plural.
    many : str, optional
        The plural, where it is not the noun with an ``s`` and not known here.
    separate : bool
        Write ``n`` with thousands separators (``1,000``).

    Examples
    --------
    >>> counted(1, "mine"), counted(0, "mine"), counted(2, "guess"), counted(1000, "cell", separate=True)
    ('1 mine', '0 mines', '2 guesses', '1,000 cells')
    """
    number = f"{n:,}" if separate else str(n)
    return f"{number} {noun if n == 1 else (many or plural(noun))}"


def article(word: str) -> str:
    """Put ``a`` or ``an`` before ``word``, by its first letter.

    Examples
    --------
    >>> article("int"), article("opening"), article("safe"), article("float")
    ('an int', 'an opening', 'a safe', 'a float')
    """
    return f"{'an' if word[:1].lower() in 'aeiou' and word[:1] else 'a'} {word}"
