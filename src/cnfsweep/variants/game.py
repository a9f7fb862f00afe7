"""A variant puzzle played by a person: cells opened and flagged, judged against the puzzle's one answer.

A puzzle is solved by logic alone, so opening a mine is a mistake, not the end:
the mine is then shown and counted, and the game goes on until the player has
made ``lives`` mistakes (lost) or opened every safe cell (won). Whoever holds a
:class:`PuzzleGame` holds the answer; what the player may see of it is
:meth:`PuzzleGame.view` (and the answer only once the game is over), so a
server can keep the answer to itself and judge each move.

Opening a cell shows what it shows on the answer: a clue the puzzle shows,
else what the board's clue rule reads there (under 1L one off, drawn from the
puzzle's seed), the same clues :func:`~cnfsweep.variants.puzzle.shown_clues`
gives the generator. Opening opens one cell: variant clues do not flood.
"""

from __future__ import annotations

import random
from enum import Enum
from typing import Any

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import ArgumentError, CnfsweepError, OffBoardError
from cnfsweep.variants.board import CellState, VariantBoard, VariantCell
from cnfsweep.variants.puzzle import puzzle_board, shown_clues

__all__ = ["LIVES", "PuzzleGame", "PuzzleState"]

#: Mistakes a player may make by default: the one that uses the last life loses the game.
LIVES = 3


class PuzzleState(Enum):
    """Whether a puzzle game goes on, was solved, or ran out of lives."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class PuzzleGame:
    """One variant puzzle in play: its answer held here, the player's view changed by :meth:`open` and :meth:`flag`.

    Parameters
    ----------
    board
        The puzzle as it starts: its rules, total, dyed cells and the clues it shows.
    answer
        The puzzle's one layout (its mines).
    seed
        The puzzle's seed: under 1L, which way each clue the puzzle does not show is off.
    lives
        How many mistakes end the game (at least 1).

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> game = PuzzleGame(parse_variant("rules: V\\nmines: 1\\n. 1\\n1 1\\n"), frozenset({Cell(0, 0)}), seed=1, lives=1)
    >>> game.view()["cells"], game.view()["mines"]
    ([['.', '1'], ['1', '1']], None)
    >>> game.open(Cell(0, 0)).value, game.view()["mines"], game.view()["mistakes"]
    ('lost', [[0, 0]], [[0, 0]])
    """

    def __init__(self, board: VariantBoard, answer: frozenset[Cell], seed: int, lives: int = LIVES) -> None:
        if lives < 1:
            raise ArgumentError(f"lives must be at least 1, not {lives}")
        grid = board.grid
        outside = next((c for c in answer if not grid.inside(c)), None)
        if outside is not None:
            raise OffBoardError(self._outside(board, outside))
        if board.total is not None and board.total != len(answer):
            raise CnfsweepError(f"the answer has {len(answer)} mines and the puzzle's total is {board.total}")
        read = shown_clues(board.rules, grid, answer, random.Random(seed), board.clues)
        self.board, self.answer, self.seed, self.lives = board, answer, seed, lives
        #: Each cell as it shows when opened: the puzzle's own clues kept, every other safe cell read on the answer.
        self.opened = puzzle_board(board.rules, grid, board.total, {**read, **board.clues})
        self._cells = [list(row) for row in board.cells]
        self.flags: set[Cell] = set()
        self.mistakes: list[Cell] = []
        self.state = PuzzleState.PLAYING
        self._safe_left = sum(
            1 for c in board.where(CellState.COVERED) if c not in answer
        )  # covered safe cells still to open

    @staticmethod
    def _outside(board: VariantBoard, cell: Cell) -> str:
        return f"cell {tuple(cell)} is outside the board's {board.rows} rows and {board.cols} columns"

    def _cell(self, cell: Cell) -> Cell:
        if not self.board.grid.inside(cell):
            raise OffBoardError(self._outside(self.board, cell))
        if self.state is not PuzzleState.PLAYING:
            raise CnfsweepError(f"the game is over ({self.state.value}): no more moves")
        return cell

    def open(self, cell: Cell) -> PuzzleState:
        """Open a covered cell: a safe one shows its clue; a mine is a mistake, shown as a known mine.

        Opening a cell already open does nothing; a flagged one must be unflagged first. Return the game's state.
        """
        cell = self._cell(cell)
        if cell in self.flags:
            raise ArgumentError(f"cell {tuple(cell)} is flagged: unflag it before opening it")
        if self._cells[cell.row][cell.col].state is not CellState.COVERED:
            return self.state
        if cell in self.answer:
            self.mistakes.append(cell)
            self._cells[cell.row][cell.col] = VariantCell(CellState.MINE, dyed=cell in self.board.grid.dyed)
            if len(self.mistakes) >= self.lives:
                self.state = PuzzleState.LOST
            return self.state
        shows = self.opened.cell(cell)
        if shows.state is CellState.COVERED:
            # A count its code has no letter for (2E past its bound) shows nothing: open, its clue hidden.
            shows = VariantCell(CellState.HIDDEN, dyed=shows.dyed)
        self._cells[cell.row][cell.col] = shows
        self._safe_left -= 1
        if self._safe_left == 0:
            self.state = PuzzleState.WON
            self.flags = set(self.answer) - set(self.mistakes)  # a win shows every mine
        return self.state

    def flag(self, cell: Cell) -> bool:
        """Flag a covered cell, or take its flag off; return whether it is flagged now."""
        cell = self._cell(cell)
        if self._cells[cell.row][cell.col].state is not CellState.COVERED:
            raise ArgumentError(f"cell {tuple(cell)} is open and cannot be flagged")
        if cell in self.flags:
            self.flags.remove(cell)
            return False
        self.flags.add(cell)
        return True

    def position(self) -> VariantBoard:
        """What the player knows, as a board to analyse: the clues opened and the mines found by mistake.

        Flags are left covered: a flag is the player's guess, not a fact.
        """
        return VariantBoard(self.board.rules, tuple(tuple(row) for row in self._cells), self.board.total)

    def view(self) -> dict[str, Any]:
        """The game as its player sees it, as JSON-able data: the answer (``mines``) only once it is over.

        ``cells`` has one token a cell as a board's text writes it, with ``*`` for a flag or a mine opened by
        mistake (``mistakes`` lists those); ``board`` is :meth:`position`'s text.
        """
        over = self.state is not PuzzleState.PLAYING
        cells = [
            [
                VariantCell(CellState.MINE, dyed=cell.dyed).text() if Cell(r, c) in self.flags else cell.text()
                for c, cell in enumerate(row)
            ]
            for r, row in enumerate(self._cells)
        ]
        return {
            "rules": list(self.board.rules.codes),
            "rows": self.board.rows,
            "cols": self.board.cols,
            "total_mines": self.board.total,
            "seed": self.seed,
            "state": self.state.value,
            "cells": cells,
            "dyed": [[c.row, c.col] for c in sorted(self.board.grid.dyed)],
            "flags": [[c.row, c.col] for c in sorted(self.flags)],
            "mistakes": [[c.row, c.col] for c in self.mistakes],
            "lives": self.lives,
            "lives_left": self.lives - len(self.mistakes),
            "mines_left": self.mines_left(),
            "board": self.position().text(),
            "mines": [[c.row, c.col] for c in sorted(self.answer)] if over else None,
        }

    def mines_left(self) -> int:
        """The mines counter: the total less the flags, and while playing less the mines opened by mistake too.

        While the game goes on a mistake is a known mine, counted like a flag. Once it is lost the counter is
        the classic board's after a loss, the total less the player's flags; a win flags every mine, so 0.
        """
        if self.state is PuzzleState.LOST:
            return len(self.answer) - len(self.flags)
        return len(self.answer) - len(self.flags) - len(self.mistakes)

    def solution(self) -> list[list[str]]:
        """Every cell as it shows when opened: ``*`` a mine, else its clue; a trailing ``'`` on a dyed cell."""
        return [
            [("*'" if cell.dyed else "*") if Cell(r, c) in self.answer else cell.text() for c, cell in enumerate(row)]
            for r, row in enumerate(self.opened.cells)
        ]
