"""The choices a generation request makes: which method finds layouts, what the no-guess player may use.

They live apart from the generators so that ``cnfsweep generate`` can offer them
as its options' choices without importing the engine the generators use.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Logic", "Method"]


class Logic(Enum):
    """What the no-guess player may use besides the numbers."""

    FULL = "full"
    """The numbers and the total mine count."""
    LOCAL = "local"
    """The numbers alone, as many people play: such boards are a subset of ``FULL``'s."""


class Method(Enum):
    """How no-guess layouts are found."""

    FAST = "fast"
    """Repair random layouts where they force a guess (:mod:`~cnfsweep.generation.fast`)."""
    UNIFORM = "uniform"
    """Reject random layouts until one needs no guess: exactly uniform (:mod:`~cnfsweep.generation.sample`)."""
