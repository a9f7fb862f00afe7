"""What decides each covered cell of a variant board: its clues and rules alone, or only with the total too.

A classic board's levels (``cnfsweep levels``) say which size of sets of numbers
decides a cell; a variant board's rules are not sets of numbers (a global rule
speaks of the whole board), so its levels are the two past those: ``full``, the
cells every clue and rule decide together, and ``total``, the cells decided only
once the total is counted too. Each is exact: a cell is decided when every
layout the clues and rules (and the total) allow agrees on it, which
:func:`~cnfsweep.variants.solve.analyze_variant` finds. An inconsistent board
names the first level that finds no layout and a minimal conflict of clues and
rules (:func:`~cnfsweep.variants.solve.check_variant`).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cnfsweep.core.board import Cell
from cnfsweep.core.deadline import deadline_after, time_left
from cnfsweep.variants.board import CellState, VariantBoard
from cnfsweep.variants.solve import analyze_variant, check_variant

__all__ = ["LEVELS", "VariantLevels", "variant_levels"]

#: The levels of a variant board, in order: every clue and rule, then the total as well.
LEVELS = ("full", "total")


@dataclass(frozen=True)
class VariantLevels:
    """The levels of a variant board: which level decides each covered cell, and the first level with no layout.

    Attributes
    ----------
    board : VariantBoard
    consistent : bool
    decided : Mapping of Cell to (str, bool)
        Each decided covered cell's level (``"full"`` or ``"total"``) and whether it is a mine; on an
        inconsistent board, what the levels before the conflict decided.
    undecided : tuple of Cell
        Covered cells no level decides, in row-major order.
    inconsistent_level : str or None
        The first level that finds no layout.
    conflict : tuple of Cell or None
        The clues of a minimal conflict at that level (``conflict_rules`` its rules).
    conflict_rules : tuple of str or None
    seconds : float
    """

    board: VariantBoard = field(repr=False)
    consistent: bool
    decided: Mapping[Cell, tuple[str, bool]] = field(repr=False)
    undecided: tuple[Cell, ...] = field(repr=False)
    inconsistent_level: str | None = None
    conflict: tuple[Cell, ...] | None = None
    conflict_rules: tuple[str, ...] | None = None
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """The document ``/api/levels`` answers for a variant board: ``cnfsweep levels --json``'s keys, and ``rules``.

        Examples
        --------
        >>> from cnfsweep.variants.board import parse_variant
        >>> d = variant_levels(parse_variant("rules: V\\nmines: 1\\n1 .\\n. .\\n")).to_dict()
        >>> d["levels"], d["undecided"]
        ({'full': {'safe': [], 'mines': []}, 'total': {'safe': [], 'mines': []}}, [[0, 1], [1, 0], [1, 1]])
        >>> variant_levels(parse_variant("rules: 1Q\\n. .\\n. 3\\n")).to_dict()["levels"]["full"]["mines"]
        [[0, 0], [0, 1], [1, 0]]
        """
        by_level: dict[str, dict[str, list[list[int]]]] = {n: {"safe": [], "mines": []} for n in LEVELS}
        for cell in sorted(self.decided):
            name, mine = self.decided[cell]
            by_level[name]["mines" if mine else "safe"].append([cell.row, cell.col])
        return {
            "levels": by_level,
            "undecided": [[c.row, c.col] for c in self.undecided],
            "max_level": 0,  # no level of sets of clues: a rule may speak of the whole board
            "consistent": self.consistent,
            "inconsistent_level": self.inconsistent_level,
            "conflict": None if self.conflict is None else [[c.row, c.col] for c in self.conflict],
            "conflict_rules": None if self.conflict_rules is None else list(self.conflict_rules),
            "total_mines": self.board.total,
            "rules": list(self.board.rules.codes),
            "seconds": round(self.seconds, 6),
        }


def variant_levels(board: VariantBoard, *, time_limit: float | None = None) -> VariantLevels:
    """Find which level decides each covered cell of ``board``: its clues and rules (``full``), or the total too.

    Raises
    ------
    TimeLimitExceeded
        Past ``time_limit`` seconds.
    """
    started = time.perf_counter()
    deadline = deadline_after(time_limit, started)
    covered = board.where(CellState.COVERED)
    decided: dict[Cell, tuple[str, bool]] = {}
    boards = {"full": dataclasses.replace(board, total=None), "total": board}
    for name in LEVELS if board.total is not None else LEVELS[:1]:
        analysis = analyze_variant(boards[name], time_limit=time_left(deadline))
        if not analysis.consistent:
            check = check_variant(boards[name], time_limit=time_left(deadline))
            undecided = tuple(c for c in covered if c not in decided)
            return VariantLevels(
                board,
                False,
                decided,
                undecided,
                name,
                check.clues,
                check.rules,
                time.perf_counter() - started,
            )
        for cell in analysis.safe:
            decided.setdefault(cell, (name, False))
        for cell in analysis.mines:
            decided.setdefault(cell, (name, True))
    undecided = tuple(c for c in covered if c not in decided)
    return VariantLevels(board, True, decided, undecided, seconds=time.perf_counter() - started)
