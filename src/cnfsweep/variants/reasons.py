"""What a hint on a variant board answers: a move, and the reason that makes its cell certain.

:mod:`cnfsweep.variants.hints` finds subset-minimal reasons, :mod:`cnfsweep.variants.smallest` reasons of
minimum size; both answer with these.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cnfsweep.core.board import Cell

__all__ = ["VariantMove", "VariantReason"]


@dataclass(frozen=True)
class VariantReason:
    """What makes a cell certain: clues, mine rules and perhaps the total, none of them superfluous.

    ``reading`` is the clue rule and its modifiers (1M, 1N, 1L) when clues are used: they say what the
    clues mean, so the reason names them, but they are no constraint of their own to leave out.
    """

    clues: tuple[Cell, ...]
    mine_rules: tuple[str, ...]
    reading: tuple[str, ...]
    uses_total: bool

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule the reason uses: its mine rules, then the rules that read its clues."""
        return self.mine_rules + self.reading

    @property
    def size(self) -> int:
        """How many facts the reason needs: its clues, plus one for the total.

        Mine rules hold on every cell of every puzzle, as a classic number's meaning does, so they are
        named but not counted (:mod:`cnfsweep.variants.smallest` says why).
        """
        return len(self.clues) + int(self.uses_total)

    def to_dict(self) -> dict[str, Any]:
        """The reason as ``hint --json`` prints it."""
        return {
            "clues": [[c.row, c.col] for c in self.clues],
            "rules": list(self.rules),
            "uses_total": self.uses_total,
            "size": self.size,
        }


@dataclass(frozen=True)
class VariantMove:
    """A move: a certain cell with its reason, or (``certain`` false) the covered cell least likely a mine."""

    cell: Cell
    mine: bool
    certain: bool
    probability: Fraction | None
    reason: VariantReason | None = None

    def to_dict(self) -> dict[str, Any]:
        """``{"move": ..., "reason": ...}`` as ``hint --json`` prints it."""
        move = {
            "cell": [self.cell.row, self.cell.col],
            "mine": self.mine,
            "certain": self.certain,
            "probability": None if self.probability is None else str(self.probability),
        }
        return {"move": move, "reason": None if self.reason is None else self.reason.to_dict()}
