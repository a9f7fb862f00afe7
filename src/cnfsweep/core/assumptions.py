"""Read what the caller assumes about labelled cells, refusing anything ambiguous.

A board may carry letters on covered cells; an assumption gives every cell with
one label a value: a mine or safe.  In Python that is ``{"a": True}`` (or the
words ``"mine"``/``"safe"``); on the command line ``--assume a=mine``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cnfsweep.core.errors import ArgumentTypeError, AssumptionError, shown

__all__ = ["normalise_assumptions", "parse_assume_options"]

_WORDS = {"mine": True, "safe": False}


def normalise_assumptions(assume: Mapping[str, object] | None) -> dict[str, bool]:
    """Return ``assume`` with every value a bool, refusing values that are neither.

    A truthy string such as ``"safe"`` must not silently mean "mine", so only
    booleans and the words ``"mine"`` and ``"safe"`` are accepted.

    Examples
    --------
    >>> normalise_assumptions({"a": True, "b": "safe"})
    {'a': True, 'b': False}
    >>> normalise_assumptions({"a": 1})
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.AssumptionError: assumption for label 'a': expected True (a mine), False (safe), 'mine' or 'safe', got 1
    """
    if assume is not None and not isinstance(assume, Mapping):
        raise ArgumentTypeError(
            f"assume must be a mapping of label to 'mine' or 'safe', got {shown(assume)} ({type(assume).__name__})"
        )
    out: dict[str, bool] = {}
    for label, value in (assume or {}).items():
        if not isinstance(label, str) or len(label) != 1 or not label.isalpha():
            raise AssumptionError(f"assumption label {label!r}: expected one letter")
        if isinstance(value, bool):
            out[label] = value
        elif isinstance(value, str) and value.lower() in _WORDS:
            out[label] = _WORDS[value.lower()]
        else:
            raise AssumptionError(
                f"assumption for label {label!r}: expected True (a mine), False (safe), 'mine' or 'safe', got {value!r}"
            )
    return out


def parse_assume_options(items: Iterable[str]) -> dict[str, bool]:
    """Read ``LABEL=mine`` / ``LABEL=safe`` options, refusing a label given two values.

    Examples
    --------
    >>> parse_assume_options(["a=mine", "b=SAFE", "a=mine"])
    {'a': True, 'b': False}
    >>> parse_assume_options(["a=mine", "a=safe"])
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.AssumptionError: --assume a=safe contradicts --assume a=mine
    """
    out: dict[str, bool] = {}
    given: dict[str, str] = {}
    for item in items:
        label, sep, value = item.partition("=")
        word = value.lower()
        if not sep or len(label) != 1 or not label.isalpha() or word not in _WORDS:
            raise AssumptionError(f"--assume {item!r}: expected LABEL=mine or LABEL=safe with a one-letter label")
        if label in out and out[label] != _WORDS[word]:
            raise AssumptionError(f"--assume {item} contradicts --assume {given[label]}")
        out[label], given[label] = _WORDS[word], item
    return out
