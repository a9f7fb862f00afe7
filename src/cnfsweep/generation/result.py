"""What a generator hands out: one no-guess board with its layout, and what it took to find."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.graph import json_cell
from cnfsweep.core.topology import DEFAULT_TOPOLOGY, GridTopology
from cnfsweep.core.deadline import check_deadline, deadline_after
from cnfsweep.core.errors import ArgumentError, OffBoardParameter, TimeLimitExceeded
from cnfsweep.core.layout import MineLayout
from cnfsweep.core.moved import warn_renamed
from cnfsweep.core.words import counted
from cnfsweep.explanation.grade_report import Grade
from cnfsweep.generation.choices import Logic, Method
from cnfsweep.play.game import Game, Level
from cnfsweep.play.level import format_size

__all__ = [
    "Generated",
    "Keep",
    "Method",
    "check_room",
    "draw_until",
    "free_cells",
    "gave_up",
    "opening_area",
    "three_bv",
]


@dataclass(frozen=True)
class Generated:
    """One no-guess board: its layout, the cell clicked first that opens it (``start``), and what it took to find.

    ``first_click``, the old name of ``start``, still reads, with a :class:`DeprecationWarning`, until
    the next release (``first_click`` names the first-click rule everywhere else).
    ``attempts`` counts the random layouts drawn; ``seconds`` the time taken.
    A board asked for by grade carries its ``grade`` and how many no-guess
    boards were drawn and graded to find it (``candidates``).
    """

    level: Level
    start: Cell
    mine_cells: tuple[Cell, ...]
    attempts: int
    seconds: float
    seed: int | None = None
    method: Method = Method.FAST
    logic: Logic = Logic.FULL
    grade: Grade | None = None
    candidates: int | None = None

    @property
    def first_click(self) -> Cell:
        """Deprecated name of :attr:`start`, the cell clicked first."""
        warn_renamed("Generated.first_click", "Generated.start", "first_click names the first-click rule")
        return self.start

    def board(self) -> Board:
        """Return the board after the first click, carrying its layout.

        Examples
        --------
        >>> g = Generated(Level(2, 3, 1), Cell(1, 0), (Cell(0, 2),), 1, 0.0)
        >>> print(g.board().to_text())
        mines: 1
        first-click: 1,0
        01.
        01.
        layout:
        ..*
        ...
        <BLANKLINE>
        """
        lv = self.level
        game = Game.from_layout(lv.rows, lv.cols, self.mine_cells, lv.topology_spec)
        game.click(self.start)
        return game.board().with_layout(MineLayout(frozenset(self.mine_cells), self.start))

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON object ``cnfsweep generate --json`` prints for this board.

        ``grade`` and ``candidates`` are there only for a board asked for by grade.

        Examples
        --------
        >>> g = Generated(Level(2, 3, 1), Cell(1, 0), (Cell(0, 2),), 1, 0.0, grade=Grade.EASY, candidates=2)
        >>> d = g.to_dict()
        >>> d["grade"], d["candidates"], d["attempts"]
        ('easy', 2, 1)
        """
        # [r, c] on a grid (as square boards' JSON always was), the cell's name on a graph.
        write = json_cell(self.level.topology)
        out: dict[str, Any] = {
            "rows": self.level.rows,
            "cols": self.level.cols,
            "mines": self.level.mines,
            "start": write(self.start),
            "mine_cells": [write(m) for m in self.mine_cells],
            "seed": self.seed,
            "method": self.method.value,
            "logic": self.logic.value,
            "attempts": self.attempts,
            "seconds": round(self.seconds, 6),
        }
        if self.level.topology_name != DEFAULT_TOPOLOGY:
            out["topology"] = self.level.topology_name  # square boards' JSON stays as it was
        if self.grade is not None:
            out["grade"] = self.grade.value
            out["candidates"] = self.candidates
        return out


def opening_area(level: Level, first_click: Cell) -> list[Cell]:
    """Return the first click and its neighbours: the cells no mine may take."""
    r0, c0 = first_click
    if not (0 <= r0 < level.rows and 0 <= c0 < level.cols):
        size = format_size(level.rows, level.cols, graph=level.graph is not None)
        raise OffBoardParameter(
            "start",
            None,
            f"first click ({r0}, {c0}) is off the {size} board: rows run 0-{level.rows - 1} and columns 0-{level.cols - 1}",
        )
    return level.area(Cell(r0, c0))


def check_room(level: Level, first_click: Cell) -> int:
    """Refuse a request whose mines do not fit outside the opening; return how many cells a mine may take.

    As :func:`free_cells` checks, without listing a million cells to do it.

    Raises
    ------
    OffBoardError
        If the first click is off the board.
    ArgumentError
        If the mines do not fit.

    Examples
    --------
    >>> check_room(Level(9, 9, 10), Cell(0, 0))
    77
    >>> check_room(Level(3, 3, 1), Cell(1, 1))
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: no room for 1 mine outside the opening at (1, 1) on 3x3: 0 cells left
    """
    left = level.cells - len(opening_area(level, first_click))
    if level.mines > left:
        raise ArgumentError(
            f"no room for {counted(level.mines, 'mine')} outside the opening at {tuple(first_click)} "
            f"on {format_size(level.rows, level.cols, graph=level.graph is not None)}: {counted(left, 'cell')} left"
        )
    return left


def free_cells(level: Level, first_click: Cell) -> list[Cell]:
    """Return the cells a mine may take: all but the opening, in the topology's cell order.

    Raises
    ------
    OffBoardError
        If the first click is off the board.
    ArgumentError
        If the mines do not fit.

    Examples
    --------
    >>> len(free_cells(Level(9, 9, 10), Cell(0, 0)))
    77
    """
    check_room(level, first_click)
    free = set(opening_area(level, first_click))
    return [c for c in level.topology.tables().cells if c not in free]


def gave_up(level: Level, time_limit: float | None, attempts: int) -> str:
    """Say that no no-guess layout turned up in time."""
    size = format_size(level.rows, level.cols, graph=level.graph is not None)
    return (
        f"no no-guess layout of {counted(level.mines, 'mine')} on {size} found within "
        f"the time limit of {time_limit} s ({counted(attempts, 'layout')} tried)"
    )


Keep = Callable[[list[Cell], random.Random, "float | None"], "list[Cell] | None"]
"""Turn a drawn layout into a no-guess one (or ``None``), given the run's random source and deadline."""


def draw_until(
    level: Level,
    first_click: Cell,
    seed: int,
    logic: Logic | str,
    time_limit: float | None,
    method: Method,
    keep: Keep,
) -> Generated:
    """Draw layouts uniformly, the opening kept free, until ``keep`` makes one a no-guess layout.

    Raises
    ------
    ArgumentError
        If the mines do not fit outside the opening.
    TimeLimitExceeded
        If no no-guess layout was found within ``time_limit`` seconds.
    """
    start = time.perf_counter()
    deadline = deadline_after(time_limit, start)
    free = check_room(level, first_click)
    # The opening's row-major indices, which a free cell's number skips: drawing numbers from range(free)
    # draws exactly what drawing from the list of free cells would (sample reads only the length), without
    # building that list first.
    skip = sorted(r * level.cols + c for r, c in opening_area(level, first_click))
    rng = random.Random(seed)
    attempts = 0
    while True:
        attempts += 1
        try:
            cells = level.topology.tables(deadline).cells
            check_deadline(deadline)
            found = keep([cells[_skipping(k, skip)] for k in rng.sample(range(free), level.mines)], rng, deadline)
        except TimeLimitExceeded:
            raise TimeLimitExceeded(gave_up(level, time_limit, attempts)) from None
        if found is not None:
            return Generated(
                level,
                Cell(*first_click),
                tuple(sorted(found)),
                attempts,
                time.perf_counter() - start,
                seed,
                method,
                Logic(logic),
            )


def _skipping(k: int, skip: list[int]) -> int:
    """Return the row-major index of free cell ``k``: the ``k``-th index not in the sorted ``skip``.

    Examples
    --------
    >>> [_skipping(k, [1, 2, 4]) for k in range(4)]
    [0, 3, 5, 6]
    """
    for index in skip:
        if index <= k:
            k += 1
    return k


def three_bv(rows: int, cols: int, mines: frozenset[Cell] | set[Cell], topology: GridTopology | None = None) -> int:
    """Return a layout's 3BV, the fewest clicks that open every safe cell, as the game counts it.

    The layout's :meth:`~cnfsweep.play.game.Game.three_bv`, for a layout given as
    its mines: each opening (a connected region of zeros, with its border) takes one click, and
    each safe cell bordering no zero one more.  Neighbours are ``topology``'s (of ``rows`` by
    ``cols`` cells; ``None`` is the square).

    Examples
    --------
    >>> three_bv(1, 3, {Cell(0, 1)})
    2
    >>> three_bv(3, 3, {Cell(2, 2)})   # one opening reaches every safe cell
    1
    """
    count = Game.from_layout(rows, cols, mines, DEFAULT_TOPOLOGY if topology is None else topology).three_bv()
    assert count is not None  # a game on a layout has its mines from the start
    return count
