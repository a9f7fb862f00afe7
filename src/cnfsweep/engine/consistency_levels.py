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
from typing import Any

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.errors import CnfsweepError, checked, deadline_after
from cnfsweep.core.graph import json_cell
from cnfsweep.core.jsontext import dumps
from cnfsweep.engine.analysis import Analysis, Arithmetic, analyze
from cnfsweep.engine.backends import Backend, get_backend
from cnfsweep.engine.components import ComponentCache, Counting
from cnfsweep.engine.consistency import check
from cnfsweep.engine.position import number_constraints
from cnfsweep.engine.propagation import Round, propagate
from cnfsweep.formats import board_argument

__all__ = ["FULL", "MAX_LEVEL", "TOTAL", "ConsistencyLevels", "check_max_level", "level_names", "levels"]

FULL = "full"
"""The level of cells that only the exact analysis of the numbers decides."""
TOTAL = "total"
"""The level of cells that only the total mine count decides."""
MAX_LEVEL = 8
"""The highest numeric level asked for: sets of more numbers grow too many to list."""


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
    cnfsweep.core.errors.CnfsweepError: max level 0: expected a level from 1 (GAC) to 8
    """
    if isinstance(max_level, bool) or not isinstance(max_level, int) or not 1 <= max_level <= MAX_LEVEL:
        raise CnfsweepError(f"{what} {max_level}: expected a level from 1 (GAC) to {MAX_LEVEL}")


# Cells written between two readings of the clock (each takes a fraction of a microsecond).
_CELLS = 16_384


@dataclass(frozen=True)
class ConsistencyLevels:
    """The immutable result of :func:`levels`.

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
        :func:`~cnfsweep.engine.consistency.check` (with the total at ``"total"``).
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


def levels(
    board: Board | str,
    max_level: int = 3,
    *,
    steps: bool = False,
    total_mines: int | None = None,
    backend: str | Backend | None = None,
    cache: ComponentCache | None = None,
    counting: Counting | str = Counting.AUTO,
    arithmetic: Arithmetic | str = Arithmetic.AUTO,
    time_limit: float | None = None,
) -> ConsistencyLevels:
    """Find the level of every covered cell: the least level of propagation that decides it.

    Parameters
    ----------
    board : Board or str
        The position, or its text in any format (read as :func:`~cnfsweep.formats.parse_board` reads it).
    max_level : int, optional
        The highest numeric level (1 to :data:`MAX_LEVEL`; 3 by default, as the poster).
    steps : bool, optional
        Keep every round of propagation (``rounds``), as the poster's step-by-step mode shows them.
    total_mines : int, optional
        Overrides ``board.total_mines``.
    backend, cache, counting, arithmetic
        As for :func:`~cnfsweep.engine.analysis.analyze`: the sets' joint
        solutions and the exact analyses are solved alike.
    time_limit : float, optional
        Seconds allowed, reading the board's text included; past them
        :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised.

    Raises
    ------
    CnfsweepError
        For a ``max_level`` out of range.

    Examples
    --------
    >>> result = levels(Board.from_rows(["1..", "...", "..."]), total_mines=1)
    >>> result.counts(), result.level(Cell(1, 1))
    ({'1': 0, '2': 0, '3': 0, 'full': 0, 'total': 5}, None)
    >>> levels(Board.from_rows(["2.", "0."])).inconsistent_level
    '1'
    """
    check_max_level(max_level)
    start = time.perf_counter()
    deadline = deadline_after(time_limit, start)
    board = board_argument(board, deadline=deadline)  # reading the board's text counts too
    engine = get_backend(backend)
    cache = cache if cache is not None else ComponentCache()
    counting = Counting(counting)
    total = board.total_mines if total_mines is None else total_mines
    found = propagate(number_constraints(board, {}, deadline), max_level,
                      lambda problem: cache.solve(engine, problem, counting, deadline), deadline)
    decided: dict[Cell, tuple[str, bool]] = {c: (str(m), mine) for c, (m, mine) in found.decided.items()}

    def remaining() -> float | None:
        return None if deadline is None else max(deadline - time.perf_counter(), 0.0)

    def exact(total: int | None) -> Analysis:
        return analyze(board.with_total(total), backend=engine, cache=cache, counting=counting,
                       arithmetic=arithmetic, time_limit=remaining())

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
                conflict = check(board.with_total(known), backend=engine, time_limit=remaining()).conflict
                break
            _settle(decided, final, name)
    elif exact(None).consistent:
        raise RuntimeError(f"internal error: level {inconsistent} finds no layout where the exact analysis finds one")
    undecided = tuple(c for c in board.covered if c not in decided)
    return ConsistencyLevels(
        board, max_level, inconsistent is None, decided, undecided, inconsistent, conflict, total, engine.spec,
        time.perf_counter() - start, found.rounds if steps else None, final,
    )


def _settle(decided: dict[Cell, tuple[str, bool]], analysis: Analysis, name: str) -> None:
    """Give the cells ``analysis`` decides and nothing before did the level ``name``; check the others."""
    for mine, cells in ((False, analysis.safe), (True, analysis.mines)):
        for cell in cells:
            before = decided.setdefault(cell, (name, mine))
            if before[1] != mine:
                raise RuntimeError(f"internal error: level {before[0]} decides {tuple(cell)} against the exact analysis")
    # A cell decided before must be decided by the exact analysis too, and the same way.
    exact_cells = set(analysis.safe) | set(analysis.mines)
    missed = next((c for c in decided if c not in exact_cells), None)
    if missed is not None:
        raise RuntimeError(f"internal error: level {decided[missed][0]} decides {tuple(missed)}, the exact analysis does not")
