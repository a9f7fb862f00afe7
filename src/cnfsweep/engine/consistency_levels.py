"""Which cells each level of constraint propagation decides: GAC, 2-RC, 3-RC ..., the numbers, the total.

Bayer, Snyder and Choueiry's Minesweeper player "peeks" at the covered cells
that each level of consistency decides.  Here a cell's **level** is the least
m such that propagation with levels up to m decides it
(:mod:`cnfsweep.engine.propagation`: level 1 is generalized arc consistency,
level m relational consistency over connected sets of m numbers), for m up
to ``max_level``; then ``"full"`` for cells only the exact analysis of the
numbers alone decides, and ``"total"`` for cells only the total mine count
decides (the total is never a constraint at the numeric levels).  Cells none
of these decide are undecided.  An inconsistent position is an answer: the
least level whose propagation finds it, and the numbers of a set that cannot
all hold.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.deadline import checked
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.graph import json_cell
from cnfsweep.core.jsontext import dumps
from cnfsweep.core.constraints import CountTable, Problem
from cnfsweep.engine.analysis import Analysis
from cnfsweep.engine.consistency import CheckResult
from cnfsweep.engine.position import number_constraints
from cnfsweep.engine.propagation import MAX_LEVEL, Round, propagate

__all__ = [
    "FULL",
    "MAX_LEVEL",
    "TOTAL",
    "ConsistencyLevels",
    "Solving",
    "check_max_level",
    "find_levels",
    "level_names",
]

FULL = "full"
"""The level of cells that only the exact analysis of the numbers decides."""
TOTAL = "total"
"""The level of cells that only the total mine count decides."""


def level_names(max_level: int) -> tuple[str, ...]:
    """Name every level, easiest first: ``"1"`` to ``str(max_level)``, ``"full"``, ``"total"``.

    Examples
    --------
    >>> level_names(3)
    ('1', '2', '3', 'full', 'total')
    """
    return (*(str(m) for m in range(1, max_level + 1)), FULL, TOTAL)


def check_max_level(max_level: int, what: str = "max level") -> None:
    """Raise :class:`~cnfsweep.core.errors.CnfsweepError` unless ``1 <= max_level <= MAX_LEVEL``.

    ``what`` names the value in the message (an option's name, say).

    Examples
    --------
    >>> check_max_level(0)
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.CnfsweepError: max level 0: expected a level from 1 (GAC: one number) to 8
    """
    if isinstance(max_level, bool) or not isinstance(max_level, int) or not 1 <= max_level <= MAX_LEVEL:
        raise CnfsweepError(f"{what} {max_level}: expected a level from 1 (GAC: one number) to {MAX_LEVEL}")


# Cells written between two readings of the clock (each takes a fraction of a microsecond).
_CELLS = 16_384


@dataclass(frozen=True)
class ConsistencyLevels:
    """The immutable result of :meth:`Engine.levels <cnfsweep.engine.Engine.levels>`.

    Attributes
    ----------
    board : Board
    max_level : int
        The highest numeric level run.
    consistent : bool
    decided : Mapping of Cell to (str, bool)
        Each decided covered cell's level (a name of :func:`level_names`) and
        whether it is a mine.  On an inconsistent position, what was decided
        before the conflict was found.
    undecided : tuple of Cell
        Covered cells no level decides, in row-major order.
    inconsistent_level : str or None
        The least level whose propagation finds no layout (``"full"`` or
        ``"total"`` past the numeric levels).
    conflict : tuple of Cell or None
        Numbers that cannot all hold: a set of that level with no joint
        solution, or past the numeric levels a minimal one from
        the engine's :meth:`~cnfsweep.engine.Engine.check` (with the total at ``"total"``).
    total_mines : int or None
    backend : str
    seconds : float
    rounds : tuple of Round or None
        With ``steps``: every round that decided something, in order.
    analysis : Analysis or None
        The exact analysis of the position (with the total when known), for
        the undecided cells' probabilities; ``None`` when propagation alone found a conflict.
    """

    board: Board = field(repr=False)
    max_level: int
    consistent: bool
    decided: Mapping[Cell, tuple[str, bool]] = field(repr=False)
    undecided: tuple[Cell, ...] = field(repr=False)
    inconsistent_level: str | None
    conflict: tuple[Cell, ...] | None
    total_mines: int | None
    backend: str
    seconds: float = field(compare=False)
    rounds: tuple[Round, ...] | None = field(default=None, repr=False)
    analysis: Analysis | None = field(default=None, repr=False, compare=False)

    @property
    def names(self) -> tuple[str, ...]:
        """Every level's name, easiest first (see :func:`level_names`)."""
        return level_names(self.max_level)

    def level(self, cell: Cell) -> str | None:
        """Return the level that decides ``cell``, or ``None``."""
        found = self.decided.get(cell)
        return None if found is None else found[0]

    def cells(self, name: str) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
        """Return the safe cells and the mines of one level, each in row-major order."""
        safe = sorted(c for c, (lv, mine) in self.decided.items() if lv == name and not mine)
        mines = sorted(c for c, (lv, mine) in self.decided.items() if lv == name and mine)
        return tuple(safe), tuple(mines)

    def counts(self) -> dict[str, int]:
        """Return how many cells each level decides (every level named, zeros included)."""
        out = dict.fromkeys(self.names, 0)
        for name, _ in self.decided.values():
            out[name] += 1
        return out

    def to_dict(self, deadline: float | None = None) -> dict[str, Any]:
        """Return the JSON document ``cnfsweep levels --json`` prints.

        Past ``deadline`` (a ``time.perf_counter()`` value) raise
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`; the clock is read
        every few thousand cells.

        Examples
        --------
        >>> from cnfsweep import levels
        >>> d = levels(Board.from_rows(["...", "121"])).to_dict()
        >>> d["levels"]["2"], d["levels"]["1"], d["undecided"], d["consistent"]
        ({'safe': [[0, 1]], 'mines': [[0, 0], [0, 2]]}, {'safe': [], 'mines': []}, [], True)
        """
        by_level: dict[str, dict[str, list[Any]]] = {n: {"safe": [], "mines": []} for n in self.names}
        write = json_cell(self.board.topology)  # [r, c], or a graph's names
        decided = self.decided
        # Row-major order: the board's covered cells are in it already, which spares sorting a million cells.
        ordered = [c for c in checked(self.board.covered, deadline, _CELLS) if c in decided]
        if len(ordered) != len(decided):
            ordered = sorted(decided)
        for cell in checked(ordered, deadline, _CELLS):
            name, mine = decided[cell]
            by_level[name]["mines" if mine else "safe"].append(write(cell))
        out: dict[str, Any] = {
            "levels": by_level,
            "undecided": [write(c) for c in checked(self.undecided, deadline, _CELLS)],
            "max_level": self.max_level,
            "consistent": self.consistent,
            "inconsistent_level": self.inconsistent_level,
            "conflict": None if self.conflict is None else [write(c) for c in self.conflict],
            "total_mines": self.total_mines,
            "backend": self.backend,
        }
        if self.rounds is not None:
            out["steps"] = [r.to_dict(write) for r in self.rounds]
        out["seconds"] = round(self.seconds, 6)
        return out

    def to_json(self, deadline: float | None = None) -> str:
        """Return ``json.dumps(self.to_dict())``, built and written within ``deadline`` (see :meth:`to_dict`)."""
        return dumps(self.to_dict(deadline), deadline)


class Solving(Protocol):
    """What finding levels asks of an :class:`~cnfsweep.engine.Engine`: its components solved, and exact answers."""

    @property
    def spec(self) -> str: ...

    def solve(
        self, problem: Problem, deadline: float | None = None
    ) -> tuple[dict[int, int] | None, CountTable | None]: ...

    def analyze(self, board: Board, *, time_limit: float | None = None) -> Analysis: ...

    def check(self, board: Board, *, time_limit: float | None = None) -> CheckResult: ...


def find_levels(
    engine: Solving,
    board: Board,
    max_level: int,
    *,
    steps: bool = False,
    total_mines: int | None = None,
    deadline: float | None = None,
    started: float | None = None,
) -> ConsistencyLevels:
    """Find the level of every covered cell with ``engine`` (see :meth:`Engine.levels <cnfsweep.engine.Engine.levels>`).

    The sets' joint solutions, the exact analyses and any conflict are all solved by ``engine``.
    """
    check_max_level(max_level)
    start = time.perf_counter() if started is None else started
    total = board.total_mines if total_mines is None else total_mines
    found = propagate(
        number_constraints(board, {}, deadline), max_level, lambda problem: engine.solve(problem, deadline), deadline
    )
    decided: dict[Cell, tuple[str, bool]] = {c: (str(m), mine) for c, (m, mine) in found.decided.items()}

    def remaining() -> float | None:
        return None if deadline is None else max(deadline - time.perf_counter(), 0.0)

    def exact(total: int | None) -> Analysis:
        return engine.analyze(board.with_total(total), time_limit=remaining())

    inconsistent: str | None = None if found.inconsistent_level is None else str(found.inconsistent_level)
    conflict = found.conflict
    final: Analysis | None = None
    if inconsistent is None:
        # The exact analyses decide what no numeric level does, first without the total, then with it.
        for name, known in ((FULL, None), (TOTAL, total)):
            if name == TOTAL and total is None:
                break
            final = exact(known)
            if not final.consistent:
                inconsistent = name
                conflict = engine.check(board.with_total(known), time_limit=remaining()).conflict
                break
            _settle(decided, final, name)
    elif exact(None).consistent:
        raise RuntimeError(f"internal error: level {inconsistent} finds no layout where the exact analysis finds one")
    undecided = tuple(c for c in board.covered if c not in decided)
    return ConsistencyLevels(
        board,
        max_level,
        inconsistent is None,
        decided,
        undecided,
        inconsistent,
        conflict,
        total,
        engine.spec,
        time.perf_counter() - start,
        found.rounds if steps else None,
        final,
    )


def _settle(decided: dict[Cell, tuple[str, bool]], analysis: Analysis, name: str) -> None:
    """Give the cells ``analysis`` decides and nothing before did the level ``name``; check the others."""
    for mine, cells in ((False, analysis.safe), (True, analysis.mines)):
        for cell in cells:
            before = decided.setdefault(cell, (name, mine))
            if before[1] != mine:
                raise RuntimeError(
                    f"internal error: level {before[0]} decides {tuple(cell)} against the exact analysis"
                )
    # A cell decided before must be decided by the exact analysis too, and the same way.
    exact_cells = set(analysis.safe) | set(analysis.mines)
    missed = next((c for c in decided if c not in exact_cells), None)
    if missed is not None:
        raise RuntimeError(
            f"internal error: level {decided[missed][0]} decides {tuple(missed)}, the exact analysis does not"
        )
