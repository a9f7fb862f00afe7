"""The Analysis and check answers at their edges: guesses, assumptions, cells off the board."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from boards import HAND_CASES, Case, random_cases, random_graph_cases
from oracle import reference

from cnfsweep import AssumptionError, Board, Cell, OffBoardError, analyze, check
from cnfsweep.engine.analysis import _lowest_cells


@pytest.mark.parametrize(
    ("text", "best"),
    [
        ("1..", Cell(0, 2)),  # the frontier cell is a certain mine; the other one is unknown
        ("mines: 1\n.", None),  # the only covered cell is a mine
        ("mines: 2\n1.\n*.", None),  # every covered cell is a mine, off the frontier too
        ("mines: 1\n1*", None),  # nothing covered
        ("3.\n*.", None),  # every frontier cell is a mine, nothing off it
        ("mines: 3\n2..\n...", Cell(0, 2)),  # the lowest cell is off the frontier
    ],
)
def test_best_guess_is_never_a_certain_mine(text: str, best: Cell | None) -> None:
    a = analyze(Board.parse(text))
    assert a.best_guess == best
    if best is not None:
        assert best not in a.mines


def test_best_guess_is_a_lowest_risk_cell_on_every_small_board() -> None:
    # Every 2x3 board of numbers, covered cells and flags, with and without a total:
    # checked against brute-force enumeration.
    seen = 0
    for chars in itertools.product("0123.*", repeat=6):
        board = Board.from_rows(["".join(chars[:3]), "".join(chars[3:])])
        for total in (None, 2):
            ref = reference(board, total_mines=total)
            a = analyze(board, total_mines=total)
            if not ref.consistent:
                assert a.best_guess is None
                continue
            seen += 1
            known = {c: p for c, p in ref.exact.items() if p is not None and c in board.covered}
            open_cells = [c for c in board.covered if known.get(c, 0) != 1]
            if not open_cells:
                assert a.best_guess is None
                continue
            assert a.best_guess in open_cells
            if a.best_guess in known:
                assert known[a.best_guess] == min(p for c, p in known.items() if p != 1)
    assert seen > 1000


@pytest.mark.parametrize("cell", [Cell(-1, -1), Cell(-1, 0), Cell(5, 5), Cell(0, 3), (3, 0)])
def test_cells_off_the_board_are_refused(cell: tuple[int, int]) -> None:
    board = Board.parse("1..\n...\n...")
    a = analyze(board)
    for ask in (a.exact, a.probability, board.kind, board.neighbours):
        with pytest.raises(OffBoardError, match="off the board") as info:
            ask(cell)  # type: ignore[arg-type]
        assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("word", ["safe", "SAFE", False])
def test_assuming_safe_by_word_or_bool_means_safe(word: object) -> None:
    # The 2 needs both labelled cells: assumed safe, it cannot hold.
    board = Board.parse("2u\n.u")
    assert check(board, assume={"u": word}).consistent is False  # type: ignore[dict-item]
    assert check(board, assume={"u": "mine"}).consistent is True
    assert analyze(board, assume={"u": word}).consistent is False  # type: ignore[dict-item]


@pytest.mark.parametrize("value", ["yes", "", 1, 0, None, "mines"])
def test_other_assumption_values_are_refused(value: object) -> None:
    with pytest.raises(AssumptionError, match="expected True"):
        check(Board.parse("1u\n.."), assume={"u": value})  # type: ignore[dict-item]


def test_lowest_cells_tell_apart_probabilities_that_round_to_one_float() -> None:
    big = 10**40
    lower, higher = Fraction(big, 3 * big + 1), Fraction(big + 1, 3 * big + 2)
    assert lower < higher and float(lower) == float(higher)
    a, b, c, d = Cell(0, 0), Cell(0, 1), Cell(0, 2), Cell(0, 3)
    third = Fraction(1, 3)
    for exact, off, want in [
        ({a: higher, b: lower, c: Fraction(1)}, None, [b]),
        ({a: lower, b: higher}, higher, [a]),
        ({a: higher, b: higher}, lower, [c, d]),
        ({a: third, b: Fraction(1, 3)}, Fraction(2, 6), [a, b, c, d]),  # equal values, distinct objects
    ]:
        assert _lowest_cells(exact, off, (c, d) if off is not None else ()) == want


HALF_CASES = [
    *HAND_CASES,
    *(case for t in ("square", "torus", "hex") for case in random_cases(topology=t)),
    *random_graph_cases(),
    # Two 50/50s, one with the total and one without: cells at 1/2 for sure.
    Case("two-halves", Board.from_rows(["1.", ".1"])),
    Case("two-halves-total", Board.from_rows(["1.", ".1"]), total_mines=1),
]


@pytest.mark.parametrize("case", HALF_CASES, ids=lambda case: case.id)
def test_the_cells_at_one_half_are_those_the_fractions_put_there(case: Case) -> None:
    """frontier_halves, told from integers, lists the cells whose exact probability is 1/2, on every topology."""
    a = analyze(case.board, total_mines=case.total_mines, assume=case.assume)
    halves = a.frontier_halves()
    assert halves == sorted(c for c, p in dict(a.frontier_exact.items()).items() if p == Fraction(1, 2))


def test_some_cases_have_cells_at_one_half() -> None:
    """The test above would pass on empty answers alone: most of its cases must have cells at 1/2."""
    found = [
        case.id
        for case in HALF_CASES
        if analyze(case.board, total_mines=case.total_mines, assume=case.assume).frontier_halves()
    ]
    assert {"two-halves", "two-halves-total"} <= set(found) and len(found) >= 10
