"""Brute-force reference answers, independent of the cnfsweep engine.

Only the :class:`~cnfsweep.core.board.Board` accessors are used, and the name of
its topology: neighbours are computed here (:func:`neighbours`), not asked of the board
(a graph board's from its list of edges, :func:`graph_neighbours`, not from its tables).  Every 0/1
assignment of the frontier (covered cells next to a number, plus cells whose
label is assumed) is enumerated and kept when it satisfies the numbers.  With a
total mine count each kept assignment stands for ``C(n_off, left - k)`` whole
board layouts, where ``n_off`` counts the remaining covered cells, ``left`` the
mines still to place and ``k`` the mines of the assignment.

Examples
--------
>>> from cnfsweep.core.board import Board, Cell
>>> ref = reference(Board.from_rows(["...", "121"]))
>>> ref.consistent, ref.solutions
(True, 1)
>>> [ref.exact[Cell(0, c)] for c in range(3)]
[Fraction(1, 1), Fraction(0, 1), Fraction(1, 1)]
>>> ref.exact[Cell(1, 1)] is None
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from math import comb
from typing import Any

import pytest

from cnfsweep.core.board import Board, Cell


@functools.lru_cache(maxsize=1 << 16)  # the game oracles ask for the same few cells millions of times
def neighbours(rows: int, cols: int, cell: Cell, topology: str = "square") -> tuple[Cell, ...]:
    """The cells around ``cell`` on a ``topology`` board, computed here rather than by the board.

    ``square``: up to eight; ``torus``: the eight of the square, wrapping
    around the edges; ``hex``: odd rows shifted half a cell right, so (r, c)
    touches (r, c-1), (r, c+1) and, for even r, (r-1, c-1), (r-1, c),
    (r+1, c-1), (r+1, c); for odd r, (r-1, c), (r-1, c+1), (r+1, c), (r+1, c+1).
    """
    r0, c0 = cell
    if topology == "hex":
        shift = r0 % 2  # an odd row's upper and lower neighbours lie half a cell further right
        steps = [(0, -1), (0, 1), (-1, shift - 1), (-1, shift), (1, shift - 1), (1, shift)]
        return tuple(sorted(Cell(r0 + dr, c0 + dc) for dr, dc in steps if 0 <= r0 + dr < rows and 0 <= c0 + dc < cols))
    if topology == "torus":
        return tuple(
            sorted({Cell((r0 + dr) % rows, (c0 + dc) % cols) for dr in (-1, 0, 1) for dc in (-1, 0, 1)} - {cell})
        )
    assert topology == "square", topology
    return tuple(
        Cell(r, c)
        for r in range(r0 - 1, r0 + 2)
        for c in range(c0 - 1, c0 + 2)
        if (r, c) != (r0, c0) and 0 <= r < rows and 0 <= c < cols
    )


@functools.lru_cache(maxsize=1 << 12)
def graph_neighbours(edges: tuple[tuple[int, int], ...], cell: Cell) -> tuple[Cell, ...]:
    """The cells joined to ``cell`` by one of ``edges`` (pairs of cell indices; cell ``i`` is ``Cell(0, i)``)."""
    i = cell.col
    return tuple(sorted({Cell(0, b if a == i else a) for a, b in edges if i in (a, b)}))


def around(board: Board, cell: Cell) -> tuple[Cell, ...]:
    """The cells around ``cell`` on ``board``, by :func:`neighbours` for the board's topology."""
    if board.topology.name == "graph":
        return graph_neighbours(board.topology.edges, cell)
    return neighbours(board.rows, board.cols, cell, board.topology.name)


@dataclass(frozen=True)
class Reference:
    """What a correct engine must answer for one position."""

    consistent: bool
    solutions: int
    exact: dict[Cell, Fraction | None]


def frontier(board: Board, numbers: Iterable[Cell] | None = None) -> tuple[Cell, ...]:
    """Covered cells next to at least one of ``numbers`` (default: every number)."""
    numbers = board.numbers if numbers is None else numbers
    near = {n for c in numbers for n in around(board, c)}
    return tuple(c for c in board.covered if c in near)


ORACLE_FRONTIER = 11
"""The largest frontier the brute-force oracle enumerates quickly (2**11 assignments)."""


def within_reach(board: Board, limit: int = ORACLE_FRONTIER) -> bool:
    """Tell whether the oracle answers ``board`` quickly: at most ``limit`` frontier cells."""
    return len(frontier(board)) <= limit


def fixed_cells(board: Board, assume: Mapping[str, bool] | None) -> dict[Cell, bool]:
    """Covered cells whose value an assumption fixes (``True`` = mine)."""
    assume = assume or {}
    return {c: assume[board.label(c)] for c in board.covered if board.label(c) in assume}


def _choose(n: int, k: int) -> int:
    return comb(n, k) if 0 <= k <= n else 0


def _weighted_models(
    board: Board,
    numbers: Iterable[Cell],
    total: int | None,
    assume: Mapping[str, bool] | None,
) -> tuple[list[Cell], list[tuple[frozenset[Cell], int]]]:
    """Return the free cells outside the enumeration and every kept (mines, weight).

    ``mines`` are the mines among the enumerated covered cells (flags excluded);
    ``weight`` is 1 without a total, else the number of ways to complete it.
    """
    numbers = tuple(numbers)
    fixed = fixed_cells(board, assume)
    free = [c for c in frontier(board, numbers) if c not in fixed]
    rest = [c for c in board.covered if c not in fixed and c not in free]
    flags = set(board.flags)
    fixed_mines = {c for c, is_mine in fixed.items() if is_mine}
    models = []
    for chosen in _assignments(board, numbers, free, fixed_mines | flags):
        mines = frozenset(fixed_mines | chosen)
        weight = 1 if total is None else _choose(len(rest), total - len(flags) - len(mines))
        if weight:
            models.append((mines, weight))
    return rest, models


def _assignments(
    board: Board, numbers: tuple[Cell, ...], free: list[Cell], placed: set[Cell]
) -> Iterator[frozenset[Cell]]:
    """Yield every set of ``free`` cells that, with the mines ``placed``, makes each of ``numbers`` right.

    Every assignment of mine or no mine to each free cell is tried, one cell after another,
    abandoning a branch as soon as some number has too many mines or too few cells left to
    reach its count: the same answers as trying all ``2**len(free)`` (``test_brute_oracle.py``
    checks that), found fast enough for the frontiers of a 9x9 torus.
    """
    need = {c: board.number(c) - sum(n in placed for n in around(board, c)) for c in numbers}
    left = {c: 0 for c in numbers}
    touching: dict[Cell, list[Cell]] = {v: [] for v in free}
    for c in numbers:
        for n in around(board, c):
            if n in touching:
                touching[n].append(c)
                left[c] += 1
    if any(not 0 <= need[c] <= left[c] for c in numbers):
        return
    # Cells of one number next to each other, so a count is settled soon after its first cell.
    order = sorted(free, key=lambda v: min((numbers.index(c) for c in touching[v]), default=-1))
    chosen: list[Cell] = []

    def place(i: int) -> Iterator[frozenset[Cell]]:
        if i == len(order):
            yield frozenset(chosen)
            return
        cell = order[i]
        for mine in (False, True):
            ok = True
            for c in touching[cell]:
                left[c] -= 1
                need[c] -= mine
                ok = ok and 0 <= need[c] <= left[c]
            if ok:
                if mine:
                    chosen.append(cell)
                yield from place(i + 1)
                if mine:
                    chosen.pop()
            for c in touching[cell]:
                left[c] += 1
                need[c] += mine

    yield from place(0)


def _assignments_by_product(
    board: Board, numbers: tuple[Cell, ...], free: list[Cell], placed: set[Cell]
) -> Iterator[frozenset[Cell]]:
    """Yield what :func:`_assignments` yields by trying every one of the ``2**len(free)`` assignments."""
    for bits in product((False, True), repeat=len(free)):
        chosen = frozenset(c for c, b in zip(free, bits, strict=True) if b)
        if all(sum(n in chosen or n in placed for n in around(board, c)) == board.number(c) for c in numbers):
            yield chosen


@functools.cache
def _reference(board: Board, total: int | None, assume: tuple[tuple[str, bool], ...]) -> Reference:
    rest, models = _weighted_models(board, board.numbers, total, dict(assume))
    solutions = sum(w for _, w in models)
    exact: dict[Cell, Fraction | None] = dict.fromkeys(board.cells())
    if not solutions:
        return Reference(False, 0, exact)
    on_frontier = set(frontier(board))
    left = None if total is None else total - len(board.flags)
    for cell in board.covered:
        if cell not in rest:
            exact[cell] = Fraction(sum(w for m, w in models if cell in m), solutions)
        elif left is not None:
            hits = sum(_choose(len(rest) - 1, left - len(m) - 1) for m, _ in models)
            exact[cell] = Fraction(hits, solutions)
        # else: free off-frontier cell without a total -> None
        if total is None and cell not in on_frontier:
            exact[cell] = None
    return Reference(True, solutions, exact)


def reference(board: Board, *, total_mines: int | None = None, assume: Mapping[str, bool] | None = None) -> Reference:
    """Reference answer; ``total_mines`` overrides ``board.total_mines`` when given."""
    total = board.total_mines if total_mines is None else total_mines
    return _reference(board, total, tuple(sorted((assume or {}).items())))


def layouts(board: Board, total_mines: int | None = None) -> tuple[frozenset[Cell], ...]:
    """List every whole-board layout of a position with a total: each placement of the mines left on its covered cells.

    Every subset of the covered cells of the right size is tried against every
    number (flags count as mines), so it suits boards of a score of covered
    cells at most; a look-ahead's hypothetical positions are these layouts
    filtered by what a cell would show.

    Examples
    --------
    >>> from cnfsweep.core.board import Board
    >>> [sorted(layout) for layout in layouts(Board.from_rows(["1.", ".."], total_mines=1))]
    [[Cell(row=0, col=1)], [Cell(row=1, col=0)], [Cell(row=1, col=1)]]
    """
    total = board.total_mines if total_mines is None else total_mines
    if total is None:
        raise ValueError("layouts need the total mine count")
    return _layouts(board, total)


@functools.lru_cache(maxsize=256)
def _layouts(board: Board, total: int) -> tuple[frozenset[Cell], ...]:
    flags = set(board.flags)
    left = total - len(flags)
    if not 0 <= left <= len(board.covered):
        return ()
    checks = [(board.number(c), around(board, c)) for c in board.numbers]
    out = []
    for mines in combinations(board.covered, left):
        placed = flags.union(mines)
        if all(sum(n in placed for n in cells) == number for number, cells in checks):
            out.append(frozenset(mines))
    return tuple(out)


def satisfiable(
    board: Board,
    numbers: Iterable[Cell],
    *,
    total: int | None = None,
    assume: Mapping[str, bool] | None = None,
) -> bool:
    """Can ``numbers`` (a subset of the board's numbers) all hold at once?

    Flags and assumptions always hold; ``total`` is imposed only when given.
    """
    return _satisfiable(board, frozenset(numbers), total, tuple(sorted((assume or {}).items())))


@functools.cache
def _satisfiable(
    board: Board, numbers: frozenset[Cell], total: int | None, assume: tuple[tuple[str, bool], ...]
) -> bool:
    return bool(_weighted_models(board, sorted(numbers), total, dict(assume))[1])


def witness_problems(
    board: Board,
    witness: Iterable[Cell],
    *,
    total: int | None = None,
    assume: Mapping[str, bool] | None = None,
) -> list[str]:
    """Reasons why ``witness`` (every mine of a layout) is not a valid layout."""
    mines = set(witness)
    problems = []
    if not set(board.flags) <= mines:
        problems.append(f"flags missing: {sorted(set(board.flags) - mines)}")
    if not mines <= set(board.flags) | set(board.covered):
        problems.append(f"mines on revealed cells: {sorted(mines - set(board.flags) - set(board.covered))}")
    for c in board.numbers:
        count = sum(n in mines for n in around(board, c))
        if count != board.number(c):
            problems.append(f"number at {c} is {board.number(c)} but {count} mines around it")
    if total is not None and len(mines) != total:
        problems.append(f"{len(mines)} mines, total is {total}")
    for c, is_mine in fixed_cells(board, assume).items():
        if (c in mines) != is_mine:
            problems.append(f"assumption broken at {c}")
    return problems


# -- comparing an engine's answers with the reference ---------------------------


def assert_matches(analysis: object, board: Board, ref: Reference) -> None:
    """Assert an ``analyze`` result equals the reference exactly."""
    a: Any = analysis
    assert a.consistent == ref.consistent
    assert a.solutions == ref.solutions
    got = {cell: a.exact(cell) for cell in board.cells()}
    assert got == ref.exact
    for cell, value in ref.exact.items():
        prob = a.probability(cell)
        assert (prob is None) if value is None else prob == pytest.approx(float(value))
    assert a.safe == tuple(c for c, v in ref.exact.items() if v == 0)
    assert a.mines == tuple(c for c, v in ref.exact.items() if v == 1)
    # A certain mine is never the best guess; a cell of unknown probability (off the
    # frontier, no total) only when nothing else is open.
    open_known = [(v, c) for c, v in ref.exact.items() if v is not None and v != 1]
    unknown = [c for c in board.covered if ref.exact[c] is None]
    if not ref.consistent or not board.covered:
        assert a.best_guess is None
    elif open_known:
        assert a.best_guess == min(open_known)[1]
    elif unknown:
        assert a.best_guess in unknown
    else:
        assert a.best_guess is None


def assert_check_valid(
    result: object,
    board: Board,
    consistent: bool,
    *,
    total: int | None = None,
    assume: Mapping[str, bool] | None = None,
) -> None:
    """Assert a ``check`` result: right verdict, valid witness or minimal conflict."""
    res: Any = result
    assert res.consistent == consistent
    if consistent:
        assert res.conflict is None
        assert not res.total_in_conflict
        assert witness_problems(board, res.witness_mines, total=total, assume=assume) == []
        return
    assert res.witness_mines is None
    conflict = tuple(res.conflict)
    assert len(set(conflict)) == len(conflict) and set(conflict) <= set(board.numbers)
    assert total is not None or not res.total_in_conflict
    core_total = total if res.total_in_conflict else None
    assert not satisfiable(board, conflict, total=core_total, assume=assume), "conflict can hold"
    for drop in conflict:
        rest = [c for c in conflict if c != drop]
        assert satisfiable(board, rest, total=core_total, assume=assume), f"not minimal: {drop}"
    if res.total_in_conflict:
        assert satisfiable(board, conflict, assume=assume), "total needlessly in conflict"
