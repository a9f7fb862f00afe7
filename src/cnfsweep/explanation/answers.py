"""What a hint answers: a :class:`HintMove` (a certain cell with its reason, or a guess) and a :class:`Hint` (the moves, best first).

:mod:`cnfsweep.explanation.hints` finds them (:func:`~cnfsweep.explanation.hints.hint`,
:func:`~cnfsweep.explanation.hints.explain`, :class:`~cnfsweep.explanation.hints.Explainer`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.graph import json_cell
from cnfsweep.explanation.easiest import rank
from cnfsweep.explanation.reasons import Reason

__all__ = ["Hint", "HintMove"]


@dataclass(frozen=True)
class HintMove:
    """One move: a certain cell with its reason, or a guess.

    Attributes
    ----------
    cell : Cell
    mine : bool
        Whether the move flags a certain mine (``False`` for a cell to open).
    certain : bool
        ``False`` for a guess.
    probability : Fraction or None
        The exact mine probability (``None`` off the frontier without a total).
    reason : Reason or None
        Why a certain cell is certain; ``None`` for a guess.
    forced : bool
        For a guess: no future reveal can tell its cell from another, so it must be taken anyway.
    safest : Cell or None
        For a forced guess: the safest cell (as ``solve`` names the best guess), which may be safer
        than the forced one; taking the forced guess first risks nothing more, as it is taken anyway.
    safest_probability : Fraction or None
        The safest cell's exact mine probability.
    """

    cell: Cell
    mine: bool
    certain: bool
    probability: Fraction | None
    reason: Reason | None = None
    forced: bool = False
    safest: Cell | None = None
    safest_probability: Fraction | None = None

    def rank(self) -> tuple[int, int, Cell]:
        """Sort key: smallest reason first, then fewest cells involved, then row-major."""
        assert self.reason is not None
        return rank((self.cell, self.mine, self.reason))

    def to_dict(self, cell: Callable[[Cell], Any] = list) -> dict[str, Any]:
        """Return ``{"move": ..., "reason": ...}`` as ``hint --json`` prints it, each cell as ``cell`` writes it.

        Examples
        --------
        >>> HintMove(Cell(0, 1), False, False, Fraction(1, 3)).to_dict()
        {'move': {'cell': [0, 1], 'mine': False, 'certain': False, 'probability': '1/3', 'forced': False}, 'reason': None}
        """
        move = {
            "cell": cell(self.cell),
            "mine": self.mine,
            "certain": self.certain,
            "probability": None if self.probability is None else str(self.probability),
            "forced": self.forced,
        }
        if self.safest is not None:
            move["safest"] = {
                "cell": cell(self.safest),
                "probability": None if self.safest_probability is None else str(self.safest_probability),
            }
        return {"move": move, "reason": None if self.reason is None else self.reason.to_dict(cell)}


@dataclass(frozen=True)
class Hint:
    """The answer of :func:`hint`: the moves, best first.

    ``moves`` holds every certain cell with its reason when ``every`` was
    asked, else only the best one; with nothing certain it holds the best
    guess; it is empty for an inconsistent position or when no covered cell
    is left.  ``assume`` holds the labels assumed (``True`` for a mine): the
    reasons count on them as on flags.
    """

    board: Board = field(repr=False)
    moves: tuple[HintMove, ...]
    consistent: bool
    every: bool
    smallest: bool
    total_mines: int | None
    backend: str
    seconds: float = field(compare=False)
    assume: Mapping[str, bool] = field(default_factory=dict, hash=False)

    @property
    def move(self) -> HintMove | None:
        """The move to make first, if any."""
        return self.moves[0] if self.moves else None

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON document that ``cnfsweep hint --json`` prints.

        Examples
        --------
        >>> from cnfsweep.explanation import hint
        >>> d = hint(Board.from_rows(["...", "121"])).to_dict()
        >>> d["move"], d["reason"]
        ({'cell': [0, 0], 'mine': True, 'certain': True, 'probability': '1', 'forced': False}, {'numbers': [[1, 1], [1, 2]], 'uses_total': False, 'size': 2})
        """
        out: dict[str, Any] = {"consistent": self.consistent}
        cell = json_cell(self.board.topology)  # [r, c], or a graph's names
        if self.every:
            out["moves"] = [m.to_dict(cell) for m in self.moves]
        else:
            out.update(self.move.to_dict(cell) if self.move else {"move": None, "reason": None})
        out["smallest"] = self.smallest
        out["total_mines"] = self.total_mines
        if self.assume:
            out["assume"] = {label: "mine" if mine else "safe" for label, mine in self.assume.items()}
        out["backend"] = self.backend
        out["seconds"] = round(self.seconds, 6)
        return out
