"""What a review says: each click's label and probabilities, and the game's summary, as values and as JSON.

Examples
--------
>>> from fractions import Fraction
>>> Label.of(Fraction(1, 3), Fraction(1, 4), certain_safe=0, hit=False)
<Label.MISTAKE: 'mistake'>
>>> Label.of(Fraction(1, 4), Fraction(1, 4), certain_safe=0, hit=True)
<Label.FATAL: 'fatal'>
"""

from __future__ import annotations

import json
import math
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.exact import exact_text
from cnfsweep.formats.game_records import ClickKind

__all__ = ["ClickReview", "GameReview", "Label", "luck"]


class Label(Enum):
    """What kind of click it was, judged by exact probabilities (see :meth:`of`)."""

    DEDUCTION = "deduction"
    BEST_GUESS = "best_guess"
    #: The old name of ``BEST_GUESS`` (an alias, for one release): "forced" now means a strict 50/50 only.
    FORCED_GUESS = "best_guess"
    NEEDLESS_GUESS = "needless_guess"
    MISTAKE = "mistake"
    FATAL = "fatal"

    @classmethod
    def of(cls, probability: Fraction, best: Fraction, certain_safe: int, hit: bool) -> Label:
        """Label a click: its chosen cells' chance of a mine, the least anywhere, how many cells were certainly safe, and whether it hit a mine.

        ``fatal`` first; then ``deduction`` (no chance of a mine), ``needless_guess`` (a chance,
        while a certainly safe cell lay anywhere), ``best_guess`` (nothing certain, and no cell
        safer than the chosen ones together), ``mistake`` (nothing certain, and a safer cell existed).
        A best guess is not ``forced`` in the sense ``play`` and ``hint`` give the word (a strict
        50/50 no reveal can resolve): only the best there was.

        Examples
        --------
        >>> Label.of(Fraction(0), Fraction(0), certain_safe=3, hit=False).value
        'deduction'
        >>> Label.of(Fraction(1, 2), Fraction(0), certain_safe=3, hit=False).value
        'needless_guess'
        >>> Label.of(Fraction(1, 5), Fraction(1, 5), certain_safe=0, hit=False).value
        'best_guess'
        """
        if hit:
            return cls.FATAL
        if probability == 0:
            return cls.DEDUCTION
        if certain_safe:
            return cls.NEEDLESS_GUESS
        return cls.BEST_GUESS if probability <= best else cls.MISTAKE


def _cells(cells: tuple[Cell, ...]) -> list[list[int]]:
    return [[c[0], c[1]] for c in cells]


@dataclass(frozen=True)
class ClickReview:
    """One click that opened cells (or a mine), judged on the position the player saw just before it.

    Attributes
    ----------
    index : int
        Its number among the reviewed clicks, from 1 (as the report, ``--step`` and the page count them).
    move : int
        Its number among all the record's clicks (flags included), from 1.
    seconds : float or None
        From the first click, when the record keeps times.
    kind : ClickKind
        ``OPEN`` (a click on a covered cell) or ``CHORD`` (on a number with its flags around it).
    cell : Cell
        The cell clicked.
    chosen : tuple of Cell
        The cells the player chose to open: the cell clicked, or a chord's covered unflagged neighbours.
    opened : tuple of Cell
        Every cell it opened, a zero's flood included (none when it hit a mine).
    probability : Fraction
        The exact chance that at least one chosen cell is a mine (flags are not facts; the total is known).
    best : Fraction
        The least mine probability of any covered cell then.
    safest : tuple of Cell
        The cells of that least probability (every certainly safe cell, when there are any).
    certain_safe : int
        How many covered cells were certainly safe.
    label : Label
    exploded : Cell or None
        The mine it hit, for a fatal click.
    """

    index: int
    move: int
    seconds: float | None
    kind: ClickKind
    cell: Cell
    chosen: tuple[Cell, ...]
    opened: tuple[Cell, ...]
    probability: Fraction
    best: Fraction
    safest: tuple[Cell, ...]
    certain_safe: int
    label: Label
    exploded: Cell | None = None

    @property
    def best_guess(self) -> bool:
        """Whether it was a guess, nothing was certain and no cell was safer (for a fatal click: whether it was one)."""
        return self.certain_safe == 0 and 0 < self.probability <= self.best

    @property
    def forced(self) -> bool:
        """The old name of :attr:`best_guess` (deprecated: "forced" means a strict 50/50 in ``play`` and ``hint``)."""
        warnings.warn("ClickReview.forced is deprecated; use ClickReview.best_guess", DeprecationWarning, stacklevel=2)
        return self.best_guess

    @property
    def guess(self) -> bool:
        """Whether it could have hit a mine."""
        return self.probability > 0

    @property
    def avoidable(self) -> bool:
        """Whether it was a guess while a certainly safe or a safer cell was there, fatal or not.

        Every guess is either a best guess or an avoidable one: ``needless_guess`` and ``mistake``
        are avoidable, and so is a ``fatal`` click that had a safer choice.
        """
        return self.guess and not self.best_guess

    def to_dict(self) -> dict[str, Any]:
        """The click as the review document lists it."""
        out: dict[str, Any] = {
            "index": self.index,
            "move": self.move,
            "time": self.seconds,
            "kind": self.kind.value,
            "cell": [self.cell[0], self.cell[1]],
            "cells": _cells(self.chosen),
            "opened": _cells(self.opened),
            "probability": exact_text(self.probability),
            "label": self.label.value,
            "best_probability": exact_text(self.best),
            "safest": _cells(self.safest),
            "certain_safe": self.certain_safe,
            "best_guess": self.best_guess,
            "avoidable": self.avoidable,
        }
        if self.label is Label.FATAL:
            out["exploded"] = None if self.exploded is None else [self.exploded[0], self.exploded[1]]
        return out


def _surviving(chances: Iterable[Fraction]) -> Fraction:
    out = Fraction(1)
    for p in chances:
        if p:
            out *= 1 - p
    return out


def luck(survival: Fraction) -> float | None:
    """Return ``-log10(survival)``: 0 for a game without a risk taken, ``None`` for one that could not survive.

    Exact fractions of any size (their logarithms are taken apart).

    Examples
    --------
    >>> luck(Fraction(1, 100)), luck(Fraction(1)), luck(Fraction(0))
    (2.0, 0.0, None)
    """
    if survival == 0:
        return None
    return abs(math.log10(survival.denominator) - math.log10(survival.numerator)) if survival != 1 else 0.0


@dataclass(frozen=True)
class GameReview:
    """A whole game reviewed: what it was, every click that opened cells, and the summary.

    Attributes
    ----------
    source : str
        The file it was read from (or ``"<string>"``, or a game's id).
    reader : str
        The kind of record (``avf``, ``rmv``, ``evf``, ``mvf``, ``trace``, ``game``).
    rows, cols, mines : int
    player : str or None
    seconds : float or None
        The game's time, as the record says.
    won : bool
        Whether every safe cell was opened.
    lost : bool
        Whether a mine was opened.
    rule : str
        The first-click rule the review assumed (``safe``, ``opening`` or ``any``).
    clicks : tuple of ClickReview
    bbbv : int
        The layout's 3BV, counted here.
    counters : mapping
        The speed counters the record's tools computed (ms-toollib's names), empty for other records.
    positions : tuple of Board
        Kept when asked for: the board (flags left covered) before each reviewed click.
    flags : tuple of tuple of Cell
        Kept with ``positions``: the player's flags at each of them.
    final : Board or None
        Kept with ``positions``: the board after the last click (flags left covered).
    topology : str
        The grid's name (``square``, ``torus``, ``hex``); the document names it only when it is not square.
    """

    source: str
    reader: str
    rows: int
    cols: int
    mines: int
    player: str | None
    seconds: float | None
    won: bool
    lost: bool
    rule: str
    clicks: tuple[ClickReview, ...]
    bbbv: int
    counters: Mapping[str, float | None] = field(default_factory=dict, hash=False)
    positions: tuple[Board, ...] = ()
    flags: tuple[tuple[Cell, ...], ...] = ()
    final: Board | None = None
    topology: str = "square"

    def count(self, label: Label) -> int:
        """How many clicks got ``label``."""
        return sum(1 for c in self.clicks if c.label is label)

    @property
    def survival(self) -> Fraction:
        """The chance of surviving every risk the player took: the product of each click's chance of no mine."""
        return _surviving(c.probability for c in self.clicks)

    @property
    def best_survival(self) -> Fraction:
        """The same, had the player taken a safest cell at every click (along the game as it went)."""
        return _surviving(c.best for c in self.clicks)

    def guesses(self) -> list[ClickReview]:
        """The clicks that could have hit a mine, the riskiest first (then in order)."""
        return sorted((c for c in self.clicks if c.guess), key=lambda c: (-c.probability, c.index))

    def summary(self) -> dict[str, Any]:
        """The game's figures: each label's count, survival and luck, and the speed counters."""
        counters = self.counters
        seconds = self.seconds
        per_s = counters.get("bbbv_s")
        if per_s is None and self.won and seconds:
            per_s = self.bbbv / seconds
        out: dict[str, Any] = {label.value: self.count(label) for label in Label}
        survival, best = self.survival, self.best_survival
        out.update(
            {
                "guesses": sum(1 for c in self.clicks if c.guess),
                "best_guesses": sum(1 for c in self.clicks if c.best_guess),
                "avoidable": sum(1 for c in self.clicks if c.avoidable),
                "survival": exact_text(survival),
                "luck": luck(survival),
                "best_survival": exact_text(best),
                "best_luck": luck(best),
                "bbbv": self.bbbv,
                "time": seconds,
                "bbbv_per_s": per_s,
                "clicks": counters.get("cl"),
                "ioe": counters.get("ioe"),
                "zini": counters.get("zini"),
            }
        )
        return out

    def to_dict(self) -> dict[str, Any]:
        """The review document (what ``cnfsweep replay --json`` prints)."""
        out: dict[str, Any] = {
            "file": self.source,
            "format": self.reader,
            "rows": self.rows,
            "cols": self.cols,
            "mines": self.mines,
            "player": self.player,
            "time": self.seconds,
            "completed": self.won,
            "won": self.won,
            "lost": self.lost,
            "first_click": self.rule,
            "clicks": [c.to_dict() for c in self.clicks],
            "summary": self.summary(),
            "counters": dict(self.counters),
        }
        if self.topology != "square":
            out["topology"] = self.topology
        if self.final is not None:
            out["positions"] = [board.to_text() for board in self.positions]
            out["flags"] = [_cells(f) for f in self.flags]
            out["final"] = self.final.to_text()
        return out

    def to_json(self) -> str:
        """The review document as JSON text."""
        return json.dumps(self.to_dict())
