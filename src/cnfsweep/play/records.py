"""What a played game leaves behind: its moves, its outcome and why it was lost."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from cnfsweep.core.board import Cell
from cnfsweep.core.graph import json_cell
from cnfsweep.core.topology import DEFAULT_TOPOLOGY
from cnfsweep.play.game import FirstClick, Level
from cnfsweep.play.policy import GuessRule

__all__ = ["GameRecord", "LossCause", "PlayedMove"]


class LossCause(Enum):
    """Why a game was lost."""

    FIRST_CLICK = "first click"
    FIFTY_FIFTY = "forced 50/50"
    OTHER_GUESS = "other guess"


@dataclass(frozen=True)
class PlayedMove:
    """One click: where, whether it was certain, and its exact mine probability then."""

    cell: Cell
    certain: bool
    p_mine: Fraction
    forced: bool = False
    rule: GuessRule | None = None
    # Time the policy took to choose this guess; not part of the (reproducible) trace.
    seconds: float = field(default=0.0, compare=False)

    @classmethod
    def certain_clicks(cls, cells: Iterable[Cell]) -> list[PlayedMove]:
        """Return the moves of clicks on ``cells``, each certainly safe: ``PlayedMove(cell, True, Fraction(0))``.

        A game records a hundred or more such moves; each is made without the
        frozen dataclass's field-by-field set-up, which would be most of its cost.

        Examples
        --------
        >>> PlayedMove.certain_clicks([Cell(0, 1)]) == [PlayedMove(Cell(0, 1), True, Fraction(0))]
        True
        """
        new, rest = object.__new__, _CERTAIN_CLICK
        moves = []
        for cell in cells:
            move = new(cls)
            fields = move.__dict__
            fields["cell"] = cell
            fields.update(rest)
            moves.append(move)
        return moves

    def to_dict(self, write: Callable[[Cell], Any] = list) -> dict[str, Any]:
        """Return the move as ``--trace`` writes it, its cell written by ``write`` (``[r, c]``, or a graph cell's name)."""
        out = {
            "cell": write(self.cell),
            "certain": self.certain,
            "p_mine": float(self.p_mine),
            "exact": str(self.p_mine),
            "forced": self.forced,
        }
        if self.rule is not None:
            out["rule"] = self.rule.value
        return out


# Every field of a certainly safe click but its cell, in the order the dataclass lists them.
_CERTAIN_CLICK: dict[str, Any] = {"certain": True, "p_mine": Fraction(0), "forced": False, "rule": None, "seconds": 0.0}


@dataclass(frozen=True)
class GameRecord:
    """The outcome of one game, with its moves for the trace."""

    seed: int
    level: Level
    won: bool
    seconds: float
    moves: tuple[PlayedMove, ...]
    mines: tuple[Cell, ...]
    loss_cause: LossCause | None = None
    analyses: int = 0
    #: The first-click rule the game was played under (what the first click could not hit).
    rule: FirstClick = FirstClick.SAFE

    @property
    def guesses(self) -> int:
        """Clicks that were not certain (the first click counts when it could hit a mine)."""
        return sum(1 for m in self.moves if not m.certain)

    def trace(self) -> dict[str, Any]:
        """Return the JSON line ``--trace`` writes for this game.

        ``first_click`` is the first-click rule (``safe``, ``opening``, ``any``) and ``start`` the
        cell clicked first (before 0.x traces wrote that cell under ``first_click`` and no rule);
        the two keys stand where the cell's key stood, so the rest of a line is as it was.
        """
        out: dict[str, Any] = {"seed": self.seed, "rows": self.level.rows, "cols": self.level.cols}
        # Square traces stay as they were before levels had a topology: the key is there only for other grids.
        if self.level.topology_name != DEFAULT_TOPOLOGY:
            out["topology"] = self.level.topology_name
        # [r, c] on a grid (so square traces keep their bytes and hashes), the cell's name on a graph.
        write = json_cell(self.level.topology) if self.level.graph is not None else list
        out.update(
            {
                "mines": [write(c) for c in self.mines],
                "first_click": self.rule.value,
                "start": write(self.moves[0].cell) if self.moves else None,
                "moves": [m.to_dict(write) for m in self.moves],
                "won": self.won,
            }
        )
        return out


def loss_cause(lost_on: PlayedMove | None, first: PlayedMove) -> LossCause | None:
    """Classify the move that lost a game (``None`` for a game won)."""
    if lost_on is None:
        return None
    if lost_on is first:
        return LossCause.FIRST_CLICK
    if lost_on.p_mine == Fraction(1, 2):
        return LossCause.FIFTY_FIFTY
    return LossCause.OTHER_GUESS
