"""An opening book: the guess after a first click in the corner that shows a number, by board size.

After the first click (safe, in the top-left corner) shows 1, 2 or 3 nothing
is certain, and every cell but the corner's neighbours is alike to the engine
except for where it lies.  ``strong``'s look-ahead weighs only a few cells
off the frontier there; the book holds, per board size and number, the cell
of highest look-ahead value (:meth:`StrongPolicy.move_value
<cnfsweep.play.strong.StrongPolicy.move_value>` over every covered cell), as
``python -m benchmarks opening-book`` works it out and writes it to
``opening_book.json`` beside this module.  ``strong:opening_book=on`` plays it.

Examples
--------
>>> book = load_book()
>>> book_move(after_start(16, 30, 99, Cell(0, 0), 1), book)
Cell(row=0, col=2)
>>> book_move(after_start(16, 30, 98, Cell(0, 0), 1), book) is None  # no entry for this size
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from cnfsweep.core.board import Board, Cell
from cnfsweep.play.level import format_size

__all__ = ["BOOK_FILE", "BookEntry", "after_start", "book_move", "load_book"]

BOOK_FILE = "opening_book.json"
"""The book's file in this package, written by ``python -m benchmarks opening-book``."""


@dataclass(frozen=True)
class BookEntry:
    """One line of the book: on a board of ``size``, after ``start`` shows ``number``, guess ``cell``.

    ``value`` and ``strong_value`` are the look-ahead values (over ``moves``
    moves) of the book's cell and of the cell ``strong`` chooses without
    the book, ``strong_cell``.
    """

    size: str
    start: Cell
    number: int
    cell: Cell
    value: float
    strong_cell: Cell
    strong_value: float
    moves: int

    def to_json(self) -> dict[str, Any]:
        """Return the entry as the book's file writes it."""
        return {
            "size": self.size,
            "start": list(self.start),
            "number": self.number,
            "cell": list(self.cell),
            "value": self.value,
            "strong_cell": list(self.strong_cell),
            "strong_value": self.strong_value,
            "moves": self.moves,
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> BookEntry:
        """Read an entry as :meth:`to_json` writes it."""
        return cls(
            doc["size"],
            Cell(*doc["start"]),
            doc["number"],
            Cell(*doc["cell"]),
            doc["value"],
            Cell(*doc["strong_cell"]),
            doc["strong_value"],
            doc["moves"],
        )


Book = Mapping[tuple[str, Cell, int], BookEntry]


@cache
def load_book() -> Book:
    """Return the shipped book by size, start and number (read once: it never changes while running)."""
    text = resources.files("cnfsweep.play").joinpath(BOOK_FILE).read_text()
    entries = (BookEntry.from_json(doc) for doc in json.loads(text)["entries"])
    return {(e.size, e.start, e.number): e for e in entries}


def after_start(rows: int, cols: int, mines: int, start: Cell, number: int) -> Board:
    """Return the square board on which only ``start`` is open, showing ``number``."""
    grid = [["."] * cols for _ in range(rows)]
    grid[start.row][start.col] = str(number)
    return Board.from_rows(["".join(row) for row in grid], total_mines=mines)


def book_move(board: Board, book: Book) -> Cell | None:
    """Return the book's guess for ``board``, if it is a square board with one cell open and the book has it."""
    if board.topology.name != "square" or board.total_mines is None or board.flags or len(board.numbers) != 1:
        return None
    if len(board.covered) != board.rows * board.cols - 1:
        return None
    start = board.numbers[0]
    number = board.number(start)
    assert number is not None  # a cell of board.numbers shows one
    entry = book.get((format_size(board.rows, board.cols, board.total_mines), start, number))
    return None if entry is None else entry.cell
