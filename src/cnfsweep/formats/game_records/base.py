"""What every game-record reader gives and takes: a recorded game, its clicks, the reader protocol."""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol, runtime_checkable

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import ArgumentError, BoardFormatError
from cnfsweep.core.graph import Graph
from cnfsweep.core.topology import GridTopology

__all__ = ["Click", "ClickKind", "GameRecordError", "GameRecordReader", "RecordedGame"]


class GameRecordError(BoardFormatError):
    """Report a game record that cannot be read, naming the source, line and column (a :class:`BoardFormatError`).

    Examples
    --------
    >>> str(GameRecordError("'rows' must be a whole number", source="t.jsonl", line=2, column=14))
    "t.jsonl:2:14: 'rows' must be a whole number"
    """


class ClickKind(Enum):
    """What a click did: open a cell, flag or unflag it, or open around a number (a chord)."""

    OPEN = "open"
    FLAG = "flag"
    UNFLAG = "unflag"
    CHORD = "chord"


@dataclass(frozen=True)
class Click:
    """One click of a recorded game.

    Attributes
    ----------
    cell : Cell
    seconds : float or None
        When, from the start of the game; ``None`` when the record keeps no times
        (the autoplayer's traces are reproducible, so they have none).
    kind : ClickKind
    """

    cell: Cell
    seconds: float | None = None
    kind: ClickKind = ClickKind.OPEN


@dataclass(frozen=True)
class RecordedGame:
    """A game as a record keeps it: the board's shape, where the mines were, and the clicks in order.

    Not the autoplayer's :class:`~cnfsweep.play.records.GameRecord` (what a game it played left
    behind, with its policy's probabilities): this is what any game record file says, whoever played.

    Attributes
    ----------
    topology : GridTopology or Graph
        The board's geometry and size (``topology.rows``, ``topology.cols``).
    mines : tuple of Cell
        Every mine, in row-major order.
    clicks : tuple of Click
        In the order they were made.
    player : str or None
        Who played, when the record says.
    seed : int or None
        The seed the game was played from, when the record says (the autoplayer's traces do).
    won : bool or None
        Whether the record says the game was won (``None`` when it does not say).
    reader : str
        The name of the reader that read it.
    source : str
        Where it was read from (a file name, or ``"<string>"``).
    line : int or None
        The line of ``source`` it starts on, for a text record.
    rule : str or None
        The first-click rule the game was played under, as :class:`~cnfsweep.play.FirstClick`
        names it (``"safe"``, ``"opening"``, ``"any"``); ``None`` when the record does not say.
    seconds : float or None
        The game's time, from the first click to the last, as the record says.
    software : str or None
        The program that recorded it, when the record says.
    counters : mapping of str to float or None
        The speed counters the record's own tools compute (ms-toollib's names: ``bbbv``,
        ``bbbv_s``, ``ioe``, ...); empty when there are none.
    shown : tuple of str or None
        What the recording program showed at the end, one string per row (``0``-``8``
        opened, ``.`` not): a review that replays the clicks checks that it ends there too.

    Examples
    --------
    >>> from cnfsweep.core.topology import Square
    >>> game = RecordedGame(Square(2, 2), (Cell(0, 0),), (Click(Cell(1, 1)),), reader="example")
    >>> game.rows, game.cols, game.start
    (2, 2, Cell(row=1, col=1))
    """

    topology: GridTopology | Graph
    mines: tuple[Cell, ...]
    clicks: tuple[Click, ...]
    player: str | None = None
    seed: int | None = None
    won: bool | None = None
    reader: str = ""
    source: str = "<string>"
    line: int | None = None
    rule: str | None = None
    seconds: float | None = None
    software: str | None = None
    counters: Mapping[str, float | None] = field(default_factory=dict, hash=False)
    shown: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        # Readers check their own text and say where; these are the rules every reader's answer keeps.
        if len(set(self.mines)) != len(self.mines):
            raise ArgumentError("a mine is listed twice")
        for cell in (*self.mines, *(c.cell for c in self.clicks)):
            if cell not in self.topology:
                raise ArgumentError(f"cell {tuple(cell)} is off the {self.rows}x{self.cols} board")

    @property
    def rows(self) -> int:
        return self.topology.rows

    @property
    def cols(self) -> int:
        return self.topology.cols

    @property
    def start(self) -> Cell | None:
        """The first cell opened (``None`` for a record without one)."""
        return next((c.cell for c in self.clicks if c.kind is ClickKind.OPEN), None)

    @property
    def first_click(self) -> Cell | None:
        """The old name of :attr:`start` (deprecated: ``first_click`` names the first-click rule, :attr:`rule`)."""
        warnings.warn(
            "RecordedGame.first_click is deprecated; use RecordedGame.start (the rule is RecordedGame.rule)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.start


@runtime_checkable
class GameRecordReader(Protocol):
    """A kind of game record file: its name, how to recognise one, and how to read it.

    ``read`` takes the file's bytes (records may be binary, as ``.avf`` and ``.rmv`` are)
    and returns every game in it; bad input raises :class:`GameRecordError` naming the
    source and, for text, the line and column.
    """

    # Read-only: a kind's are class constants; a reader made of several (tried in turn) sets its own.
    @property
    def name(self) -> str:
        """The kind's name, as messages and ``--game-format`` say it."""
        ...

    @property
    def suffixes(self) -> tuple[str, ...]:
        """The file name suffixes of this kind (``.avf``), lower case."""
        ...

    def detect(self, data: bytes, name: str | None = None) -> bool:
        """Say whether ``data`` (from a file called ``name``, if known) is a record of this kind."""
        ...

    def read(self, data: bytes, source: str = "<string>") -> Sequence[RecordedGame]:
        """Read every game of ``data``."""
        ...
