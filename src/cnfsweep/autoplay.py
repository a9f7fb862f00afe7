"""Play games with the inference engine: reveal what is certain, guess the rest.

A policy is a small object that picks the first click and each guess; the
game loop here never changes when a policy is added.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, ClassVar, Protocol

from cnfsweep.analysis import Analysis, ComponentCache, analyze
from cnfsweep.problem import position
from cnfsweep.backends import get_backend
from cnfsweep.board import FLAG, NUMBERS, Board, Cell
from cnfsweep.game import FirstClick, Game, GameState, Level


class Policy(Protocol):
    """Chooses where to click when nothing is certain."""

    name: ClassVar[str]

    def first_click(self, level: Level) -> Cell:
        """Return the cell to open first."""
        ...

    def choose(self, analysis: Analysis) -> Cell:
        """Return the covered cell to guess, given an analysis without safe cells."""
        ...


def covered_neighbours(board: Board, cell: Cell) -> int:
    """Count the covered (unflagged) neighbours of ``cell``."""
    grid = board.grid
    return sum(1 for n in board.neighbours(cell) if grid[n.row][n.col] not in NUMBERS and grid[n.row][n.col] != FLAG)


@dataclass(frozen=True)
class SafestPolicy:
    """Guess the cell with the lowest exact mine probability.

    Ties are broken deterministically: fewest covered neighbours first (a
    corner or edge cell more often shows a small number or opens a region),
    then the first in row-major order.  The first click goes in the top-left
    corner, the cell most likely to open a region.

    Examples
    --------
    >>> from cnfsweep import analyze
    >>> a = analyze(Board.from_rows(["1..", "...", "..."]), total_mines=2)
    >>> SafestPolicy().choose(a)
    Cell(row=0, col=2)
    """

    name: ClassVar[str] = "safest"

    def first_click(self, level: Level) -> Cell:
        return Cell(0, 0)

    def choose(self, analysis: Analysis) -> Cell:
        board = analysis.board
        known = {cell: analysis.exact(cell) for cell in board.covered}
        # Fractions are slow to hash and compare: compare each distinct object once.
        distinct = {id(p): p for p in known.values() if p is not None}
        if not distinct:
            # Without a total, cells off the frontier have no probability: fall back to any.
            return min(board.covered, key=lambda c: (covered_neighbours(board, c), c))
        lowest = min(distinct.values())
        tied = [cell for cell, p in known.items() if p is not None and (p is lowest or p == lowest)]
        return min(tied, key=lambda c: (covered_neighbours(board, c), c))


class LossCause(Enum):
    """Why a game was lost."""

    FIRST_CLICK = "first click"
    FIFTY_FIFTY = "forced 50/50"
    OTHER_GUESS = "other guess"


@dataclass(frozen=True)
class Move:
    """One click: where, whether it was certain, and its exact mine probability then."""

    cell: Cell
    certain: bool
    p_mine: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {"cell": list(self.cell), "certain": self.certain, "p_mine": float(self.p_mine), "exact": str(self.p_mine)}


@dataclass(frozen=True)
class GameRecord:
    """The outcome of one game, with its moves for the trace."""

    seed: int
    level: Level
    won: bool
    seconds: float
    moves: tuple[Move, ...]
    mines: tuple[Cell, ...]
    loss_cause: LossCause | None = None
    analyses: int = 0

    @property
    def guesses(self) -> int:
        """Clicks that were not certain (the first click counts when it could hit a mine)."""
        return sum(1 for m in self.moves if not m.certain)

    def trace(self) -> dict[str, Any]:
        """Return the JSON line ``--trace`` writes for this game."""
        return {
            "seed": self.seed,
            "rows": self.level.rows,
            "cols": self.level.cols,
            "mines": [list(c) for c in self.mines],
            "first_click": list(self.moves[0].cell) if self.moves else None,
            "moves": [m.to_dict() for m in self.moves],
            "won": self.won,
        }


def _first_move(level: Level, rule: FirstClick, cell: Cell) -> Move:
    if rule is FirstClick.ANY:
        return Move(cell, False, Fraction(level.mines, level.rows * level.cols))
    return Move(cell, True, Fraction(0))


def play_game(
    level: Level,
    seed: int,
    *,
    first_click: FirstClick = FirstClick.SAFE,
    policy: Policy | None = None,
    backend: str | None = None,
    cache: ComponentCache | None = None,
) -> GameRecord:
    """Play one seeded game to the end.

    Every certainly-safe cell is opened before any guess, certain mines are
    flagged (which also keeps the constraints small), and the policy picks each
    guess from an exact analysis with the total mine count.

    Examples
    --------
    >>> from cnfsweep.game import LEVELS
    >>> record = play_game(LEVELS["beginner"], seed=3)
    >>> record.won, record.moves[0].cell
    (True, Cell(row=0, col=0))
    """
    start = time.perf_counter()
    policy = policy or SafestPolicy()
    engine = get_backend(backend)
    cache = cache if cache is not None else ComponentCache()
    game = Game.new(level, seed, first_click=first_click)
    first = policy.first_click(level)
    moves = [_first_move(level, first_click, first)]
    game.click(first)
    analyses = 0
    lost_on: Move | None = moves[0] if game.state is GameState.LOST else None
    while game.state is GameState.PLAYING:
        # Cells settled without search come first: most moves of a game are
        # such, and they need no solver, no counting and no Fractions.
        quick = position(game.board())
        if quick.contradiction is None and any(not mine for mine in quick.forced.values()):
            for cell, mine in sorted(quick.forced.items()):
                if game.state is not GameState.PLAYING:
                    break
                if mine:
                    game.flag(cell)
                elif game.click(cell).opened:
                    moves.append(Move(cell, True, Fraction(0)))
            continue
        analysis = analyze(game.board(), backend=engine, cache=cache)
        analyses += 1
        for mine in analysis.mines:
            game.flag(mine)
        if analysis.safe:
            for cell in analysis.safe:
                if game.state is not GameState.PLAYING:
                    break
                # An earlier click's flood may already have opened it: then it is no move.
                if game.click(cell).opened:
                    moves.append(Move(cell, True, Fraction(0)))
            continue
        guess = policy.choose(analysis)
        p = analysis.exact(guess)
        # The game always knows its total, so every covered cell has a probability.
        assert p is not None, "a guess without a probability"
        moves.append(Move(guess, False, p))
        if game.click(guess).hit_mine:
            lost_on = moves[-1]
    cause = None
    if lost_on is not None:
        if lost_on is moves[0]:
            cause = LossCause.FIRST_CLICK
        elif lost_on.p_mine == Fraction(1, 2):
            cause = LossCause.FIFTY_FIFTY
        else:
            cause = LossCause.OTHER_GUESS
    return GameRecord(
        seed=seed,
        level=level,
        won=game.state is GameState.WON,
        seconds=time.perf_counter() - start,
        moves=tuple(moves),
        mines=tuple(sorted(game.mines or ())),
        loss_cause=cause,
        analyses=analyses,
    )
