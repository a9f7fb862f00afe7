"""Positions whose exact answers have a closed form."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from boards import HAND_CASES, Case
from oracle import reference

from cnfsweep import Board, Cell, analyze

# (rows, cols, number cell): corners have 3 neighbours, edges 5, the inside 8.
GEOMETRIES = [
    (3, 3, Cell(0, 0)),
    (2, 6, Cell(1, 5)),
    (3, 4, Cell(0, 1)),
    (4, 3, Cell(2, 0)),
    (3, 3, Cell(1, 1)),
    (4, 5, Cell(2, 3)),
    (1, 5, Cell(0, 2)),
]


def lone_number(rows: int, cols: int, cell: Cell, n: int, total: int | None = None) -> Board:
    """A board of covered cells with a single number ``n`` at ``cell``."""
    grid = [["."] * cols for _ in range(rows)]
    grid[cell.row][cell.col] = str(n)
    return Board.from_rows(["".join(row) for row in grid], total)


LONE = [
    (rows, cols, cell, n)
    for rows, cols, cell in GEOMETRIES
    for n in range(len(lone_number(rows, cols, cell, 0).neighbours(cell)) + 1)
]


def totals(n: int, k: int, covered: int) -> list[int]:
    """A few totals compatible with ``n`` mines among ``k`` neighbours."""
    return sorted({n, n + (covered - k) // 2, n + covered - k})


def assert_lone(board: Board, n: int, total: int | None, backend: str | None) -> None:
    """Check the closed form of a lone number (optionally with the total)."""
    (number,) = board.numbers
    around = set(board.neighbours(number))
    k, covered = len(around), len(board.covered)
    a = analyze(board, backend=backend)
    assert a.consistent
    off = Fraction(total - n, covered - k) if total is not None and covered > k else None
    for cell in board.covered:
        assert a.exact(cell) == (Fraction(n, k) if cell in around else off)
    assert a.exact(number) is None
    if total is None:
        assert a.solutions == comb(k, n)
    else:
        assert a.solutions == comb(k, n) * comb(covered - k, total - n)
        assert sum(a.exact(c) for c in board.covered) == total
    assert set(a.safe) == {c for c in board.covered if a.exact(c) == 0}
    assert set(a.mines) == {c for c in board.covered if a.exact(c) == 1}


@pytest.mark.parametrize(("rows", "cols", "cell", "n"), LONE)
def test_lone_number_without_total(rows: int, cols: int, cell: Cell, n: int) -> None:
    assert_lone(lone_number(rows, cols, cell, n), n, None, None)


@pytest.mark.parametrize(("rows", "cols", "cell", "n"), LONE)
def test_lone_number_with_total(rows: int, cols: int, cell: Cell, n: int) -> None:
    board = lone_number(rows, cols, cell, n)
    k = len(board.neighbours(cell))
    for total in totals(n, k, len(board.covered)):
        assert_lone(board.with_total(total), n, total, None)


@pytest.mark.parametrize(("rows", "cols", "cell"), GEOMETRIES[:6])
def test_lone_number_every_backend(rows: int, cols: int, cell: Cell, backend: str) -> None:
    k = len(lone_number(rows, cols, cell, 0).neighbours(cell))
    n = k // 2
    board = lone_number(rows, cols, cell, n)
    total = totals(n, k, len(board.covered))[-1]
    assert_lone(board, n, None, backend)
    assert_lone(board.with_total(total), n, total, backend)


@pytest.mark.parametrize("n", range(1, 9))
@pytest.mark.parametrize("total", [None, 9])
def test_flag_counts_towards_its_number(n: int, total: int | None) -> None:
    # 18 covered cells: 7 around the number (the flag is the 8th), 11 off the frontier.
    board = Board.from_rows(["*....", "." + str(n) + "...", ".....", "....."], total)
    a = analyze(board)
    others = [c for c in board.neighbours(Cell(1, 1)) if c != Cell(0, 0)]
    assert all(a.exact(c) == Fraction(n - 1, 7) for c in others)
    if total is None:
        assert a.solutions == comb(7, n - 1)
        assert a.exact(Cell(3, 4)) is None
    else:
        assert a.solutions == comb(7, n - 1) * comb(11, total - n)
        assert all(a.exact(Cell(3, c)) == Fraction(total - n, 11) for c in range(5))
        assert sum(a.exact(c) for c in board.covered) == total - 1


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (2, 3), (4, 4), (5, 7)])
@pytest.mark.parametrize("share", [0.0, 0.3, 1.0])
def test_empty_board_with_total(rows: int, cols: int, share: float) -> None:
    cells = rows * cols
    total = round(share * cells)
    board = Board.from_rows(["." * cols] * rows, total)
    a = analyze(board)
    assert a.consistent and a.solutions == comb(cells, total)
    assert {a.exact(c) for c in board.cells()} == {Fraction(total, cells)}
    assert len(a.safe) == (cells if total == 0 else 0)
    assert len(a.mines) == (cells if total == cells else 0)


def test_empty_board_every_backend(backend: str) -> None:
    a = analyze(Board.from_rows(["...", "..."], 2), backend=backend)
    assert a.solutions == 15 and a.exact(Cell(1, 2)) == Fraction(1, 3)


TOTAL_CASES = [
    c
    for c in HAND_CASES
    if c.total is not None and reference(c.board, total_mines=c.total_mines, assume=c.assume).consistent
]


@pytest.mark.parametrize("case", TOTAL_CASES, ids=[c.id for c in TOTAL_CASES])
def test_probabilities_sum_to_mines_left(case: Case) -> None:
    a = analyze(case.board, total_mines=case.total_mines, assume=case.assume)
    assert case.total is not None
    assert sum(a.exact(c) for c in case.board.covered) == case.total - len(case.board.flags)
