"""Play games with the inference engine: reveal what is certain, guess the rest.

A policy is a small object that picks the first click and each guess; the
game loop here never changes when a policy is added.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Protocol

from cnfsweep.analysis import Analysis, ComponentCache, Counting, analyze_position
from cnfsweep.frontier import Frontier
from cnfsweep.backends import get_backend
from cnfsweep.board import FLAG, NUMBERS, Cell, shape_tables
from cnfsweep.game import ClickResult, FirstClick, Game, GameState, Level


class GuessRule(Enum):
    """Which part of a policy chose a guess."""

    SAFEST = "safest"
    LOOKAHEAD = "look-ahead"
    DEAD_CELL = "dead-cell avoidance"
    ENDGAME = "endgame search"
    REGION = "enclosed region search"
    FORCED = "forced early"


@dataclass(frozen=True)
class Guess:
    """A policy's guess: the cell, the rule that chose it, and whether it was unavoidable.

    ``forced`` marks a guess that no future reveal could resolve, taken before
    the certain cells (see :meth:`Policy.choose` and ``unavoidable``).
    """

    cell: Cell
    rule: GuessRule = GuessRule.SAFEST
    forced: bool = False


class Policy(Protocol):
    """Chooses where to click when nothing is certain.

    A policy may also define ``unavoidable(analysis) -> Guess | None``: the
    game loop then asks it after every full analysis, certain cells or not, and
    clicks the returned cell at once (a guess that must be taken sooner or later
    anyway, marked ``forced``).
    """

    name: ClassVar[str]

    def first_click(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
        """Return the cell to open first, knowing what the first click may hit."""
        ...

    def choose(self, analysis: Analysis) -> Cell | Guess:
        """Return the covered cell to guess (or a :class:`Guess`), given an analysis without safe cells."""
        ...


# Byte value to 1 for a covered cell (labelled or not), 0 for a number or a flag.
_OPEN = bytes(0 if chr(b) in NUMBERS or chr(b) == FLAG else 1 for b in range(256))


def open_neighbours(analysis: Analysis, cells: Iterable[Cell]) -> dict[Cell, int]:
    """Count, for each of ``cells``, its neighbours that are covered and not certainly mines.

    Flagged cells and cells the analysis proves to be mines count alike, so the
    count does not depend on which certain mines the player bothered to flag.
    """
    board, exact = analysis.board, analysis.frontier_exact
    cols = board.cols
    _, around = shape_tables(board.rows, cols)
    # One pass over the board beats asking each candidate's neighbours about their kind.
    open_ = bytearray("".join(board.grid).encode("ascii").translate(_OPEN))
    for c, p in exact.items():
        if p.numerator == p.denominator:
            open_[c[0] * cols + c[1]] = 0
    return {c: sum(map(open_.__getitem__, around[c[0] * cols + c[1]])) for c in cells}


@dataclass(frozen=True)
class SafestPolicy:
    """Guess the cell with the lowest exact mine probability.

    Ties are broken deterministically: fewest covered neighbours first (a
    corner or edge cell more often shows a small number or opens a region),
    then the first in row-major order.  The first click goes in the top-left
    corner, the cell most likely to open a region.

    Examples
    --------
    >>> from cnfsweep import Board, analyze
    >>> a = analyze(Board.from_rows(["1..", "...", "..."]), total_mines=2)
    >>> SafestPolicy().choose(a)
    Cell(row=0, col=2)
    """

    name: ClassVar[str] = "safest"

    def first_click(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
        return Cell(0, 0)

    def choose(self, analysis: Analysis) -> Cell:
        tied = lowest_cells(analysis)
        if len(tied) == 1:
            return tied[0]
        counts = open_neighbours(analysis, tied)
        return min(tied, key=lambda c: (counts[c], c))


def lowest_cells(analysis: Analysis) -> list[Cell]:
    """Return the covered cells of lowest known mine probability, in row-major order.

    Without a total, cells off the frontier have no probability and are left
    out; with no probability known at all, every covered cell is returned.
    """
    board, frontier = analysis.board, analysis.frontier_exact
    off = analysis.off_frontier_exact
    # Fractions are slow to hash and compare: compare each distinct object once.
    distinct = {id(p): p for p in frontier.values()}
    if off is not None:
        distinct[id(off)] = off
    if not distinct:
        return list(board.covered)
    lowest = min(distinct.values())
    tied = [c for c, p in frontier.items() if p is lowest or p == lowest]
    if off is not None and (off is lowest or off == lowest):
        tied.extend(analysis.off_frontier)
    return sorted(tied)


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
    forced: bool = False
    rule: GuessRule | None = None
    # Time the policy took to choose this guess; not part of the (reproducible) trace.
    seconds: float = field(default=0.0, compare=False)

    def to_dict(self) -> dict[str, Any]:
        out = {"cell": list(self.cell), "certain": self.certain, "p_mine": float(self.p_mine), "exact": str(self.p_mine),
               "forced": self.forced}
        if self.rule is not None:
            out["rule"] = self.rule.value
        return out


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


_SAFE = Fraction(0)


def _guess_move(analysis: Analysis, choice: Cell | Guess, seconds: float) -> Move:
    guess = choice if isinstance(choice, Guess) else Guess(Cell(*choice))
    p = analysis.exact(guess.cell)
    # The game always knows its total, so every covered cell has a probability.
    assert p is not None and p.numerator != p.denominator, f"a guess on {guess.cell} without a chance"
    return Move(guess.cell, p.numerator == 0, p, guess.forced, guess.rule, seconds)


def play_game(
    level: Level,
    seed: int,
    *,
    first_click: FirstClick = FirstClick.SAFE,
    policy: Policy | None = None,
    backend: str | None = None,
    cache: ComponentCache | None = None,
    watch: Callable[[Game, Analysis], None] | None = None,
) -> GameRecord:
    """Play one seeded game to the end.

    Every certainly-safe cell is opened before any guess, certain mines are
    flagged (which also keeps the constraints small), and the policy picks each
    guess from an exact analysis with the total mine count (counted with
    :attr:`~cnfsweep.analysis.Counting.SEARCH`: small components need no solver).  ``watch``, if
    given, sees the game and every full analysis (benchmarks use it to follow a
    long game).

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
    seen = Frontier(level.rows, level.cols, level.mines)

    def click(cell: Cell) -> ClickResult:
        result = game.click(cell)
        for opened, number in zip(result.opened, result.numbers):
            seen.reveal(opened, number)
        return result

    def flag(cell: Cell) -> None:
        game.flag(cell)
        seen.flag(cell)

    unavoidable = getattr(policy, "unavoidable", None)
    first = policy.first_click(level, first_click)
    moves = [_first_move(level, first_click, first)]
    click(first)
    analyses = 0
    lost_on: Move | None = moves[0] if game.state is GameState.LOST else None
    while game.state is GameState.PLAYING:
        # Cells settled by one number come first: most moves of a game are such,
        # and they need no solver, no counting and no Fractions.
        safe, mines = seen.settled()
        if safe or mines:
            for cell in mines:
                flag(cell)
            for cell in safe:
                # An earlier click's flood may already have opened it: then it is no move.
                if game.state is GameState.PLAYING and click(cell).opened:
                    moves.append(Move(cell, True, _SAFE))
            continue
        analysis = analyze_position(seen.position(game.board()), backend=engine, cache=cache, counting=Counting.SEARCH)
        analyses += 1
        if watch is not None:
            watch(game, analysis)
        for mine in analysis.mines:
            flag(mine)
        early = unavoidable(analysis) if unavoidable is not None else None
        if early is not None:
            move = _guess_move(analysis, early, 0.0)
        elif analysis.safe:
            for cell in analysis.safe:
                if game.state is GameState.PLAYING and click(cell).opened:
                    moves.append(Move(cell, True, _SAFE))
            continue
        else:
            thinking = time.perf_counter()
            choice = policy.choose(analysis)
            move = _guess_move(analysis, choice, time.perf_counter() - thinking)
        moves.append(move)
        if click(move.cell).hit_mine:
            lost_on = move
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
