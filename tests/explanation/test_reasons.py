"""Every reason is checked without the engine that found it (``reason_oracle``).

A reason must force its fact by enumeration over only its own numbers, and stop
forcing it when any one number is dropped; every certain cell of the
brute-force oracle gets one; ``smallest`` reasons have the size found by
trying every subset of the numbers.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards import random_position
from cnfsweep import Board, Cell
from cnfsweep.core.characters import CellKind
from cnfsweep.experiments.campaign import game_seed
from cnfsweep.explanation import Explainer, HintMove, NotCertainError, Reason, explain, hint
from cnfsweep.play import play_game
from oracle import reference
from positions import SMALL, boards_before_moves
from reason_oracle import assert_valid, forces, number_rule


def _all_positions() -> list[Board]:
    """Small positions from real play (many with certain cells) and random ones, with and without a total."""
    boards = []
    for i in range(12):
        record = play_game(SMALL, game_seed(7, i))
        boards += boards_before_moves(record)
    for seed in range(40):
        pos = random_position(seed, with_total=seed % 2 == 0, flags=seed % 3 == 0)
        boards.append(pos.board)
    return boards


POSITIONS = _all_positions()


def test_the_checker_rejects_wrong_reasons() -> None:
    board = Board.from_rows(["...", "121"])
    left, two, right = Cell(1, 0), Cell(1, 1), Cell(1, 2)
    assert forces(board, [two, right], False, Cell(0, 0), True)
    assert not forces(board, [left], False, Cell(0, 0), True)
    assert not forces(board, [two, right], False, Cell(0, 0), False)  # the wrong fact
    with pytest.raises(AssertionError):  # not minimal: the 1 at (1, 0) is not needed
        assert_valid(board, HintMove(Cell(0, 0), True, True, Fraction(1), Reason((left, two, right), False, ())))
    with pytest.raises(AssertionError):  # not enough
        assert_valid(board, HintMove(Cell(0, 1), False, True, Fraction(0), Reason((left, two), False, ())))
    # With the total: 1 mine in all, and the 1 sees two cells, so (2, 2) is safe.
    corner = Board.from_rows(["1..", "...", "..."], total_mines=1)
    assert forces(corner, [Cell(0, 0)], True, Cell(2, 2), False)
    assert not forces(corner, [Cell(0, 0)], False, Cell(2, 2), False)
    assert not forces(corner, [], True, Cell(2, 2), False)


def test_every_reason_forces_its_fact_and_is_subset_minimal() -> None:
    explainer = Explainer()
    checked = 0
    for board in POSITIONS:
        ref = reference(board)
        moves = explainer.certain(board)
        if not ref.consistent:
            assert moves == []
            continue
        # Every certain cell of the brute-force answer is explained, and nothing else.
        certain = {c: p == 1 for c, p in ref.exact.items() if p in (0, 1) and board.kind(c) is CellKind.COVERED}
        assert {m.cell: m.mine for m in moves} == certain
        for move in moves:
            assert_valid(board, move)
            checked += 1
        ranks = [m.rank() for m in moves]
        assert ranks == sorted(ranks)
    assert checked > 200


def _smallest_by_brute_force(board: Board, cell: Cell, mine: bool) -> tuple[int, bool]:
    """The size of a minimum reason, over every subset of the numbers that see a covered cell."""
    numbers = [n for n in board.numbers if number_rule(board, n)[0]]
    for uses_total in (False, True):
        if uses_total and board.total_mines is None:
            break
        for k in range(len(numbers) + 1):
            if any(forces(board, s, uses_total, cell, mine) for s in combinations(numbers, k)):
                return k + int(uses_total), uses_total
    raise AssertionError(f"{cell} is not forced at all")


def test_smallest_reasons_have_the_minimum_size_found_by_brute_force() -> None:
    explainer = Explainer()
    compared = strictly_smaller = 0
    for board in POSITIONS:
        numbers = [n for n in board.numbers if number_rule(board, n)[0]]
        if len(numbers) > 9:
            continue
        plain = {m.cell: m for m in explainer.certain(board)}
        for move in explainer.certain(board, smallest=True):
            assert_valid(board, move)
            size, uses_total = _smallest_by_brute_force(board, move.cell, move.mine)
            assert (move.reason.size, move.reason.uses_total) == (size, uses_total), move
            assert move.reason.size <= plain[move.cell].reason.size
            strictly_smaller += move.reason.size < plain[move.cell].reason.size
            compared += 1
    # Some subset-minimal reasons are not the smallest: the hitting-set search is exercised.
    assert compared > 100 and strictly_smaller > 0


def test_facts_that_need_the_total() -> None:
    # The 1 sees two cells; the total of 1 puts no mine elsewhere.
    board = Board.from_rows(["1..", "...", "..."], total_mines=1)
    moves = Explainer().certain(board)
    off = [m for m in moves if m.cell not in (Cell(0, 1), Cell(1, 0), Cell(1, 1))]
    assert len(off) == 5 and all(not m.mine and m.reason.uses_total for m in off)
    for move in moves:
        assert_valid(board, move)
    assert off[0].reason.numbers == (Cell(0, 0),)
    # Every remaining mine on the frontier: the total and both numbers.
    board = Board.from_rows(["1.1", "...", "..."], total_mines=2)
    for move in Explainer().certain(board):
        assert_valid(board, move)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_random_positions(seed: int, with_total: bool) -> None:
    board = random_position(seed, with_total=with_total, flags=seed % 2 == 0).board
    for move in Explainer().certain(board):
        assert_valid(board, move)


def test_hint_picks_the_smallest_reason_then_fewest_cells_then_row_major() -> None:
    for board in POSITIONS:
        moves = Explainer().certain(board)
        h = hint(board)
        if moves:
            assert h.move == moves[0]
            assert h.move.reason.size == min(m.reason.size for m in moves)


def test_hint_without_a_certain_cell_names_the_best_guess() -> None:
    h = hint(Board.from_rows(["1.", ".."]))
    assert h.move is not None and not h.move.certain and h.move.probability == Fraction(1, 3)
    assert h.move.reason is None and h.move.forced is False
    assert h.to_dict()["reason"] is None


def test_hint_marks_a_forced_guess() -> None:
    # Two cells above two 1s on a two-column board: one mine, and no reveal can ever tell which.
    board = Board.from_rows(["..", "11", "00"], total_mines=1)
    ref = reference(board)
    assert ref.consistent
    h = hint(board)
    assert h.move is not None and not h.move.certain
    assert h.move.forced and h.move.cell in (Cell(0, 0), Cell(0, 1))
    assert h.move.probability == Fraction(1, 2)


def test_hint_on_an_inconsistent_or_finished_position() -> None:
    h = hint(Board.from_rows(["4.", ".."]))
    assert not h.consistent and h.move is None
    assert h.to_dict()["move"] is None
    done = hint(Board.from_rows(["1*"], total_mines=1))
    assert done.consistent and done.moves == ()


def test_explain_one_cell_and_refuse_a_cell_that_is_not_certain() -> None:
    board = Board.from_rows(["...", "121"])
    move = explain(board, (0, 1))
    assert not move.mine and move.certain
    assert_valid(board, move)
    with pytest.raises(NotCertainError, match=r"\(1, 1\) is not certain: its mine probability is 1/3"):
        explain(Board.from_rows(["1.", ".."]), (1, 1))
    with pytest.raises(NotCertainError, match="is a revealed number"):
        explain(board, (1, 1))
    with pytest.raises(NotCertainError, match="unknown without a total"):
        explain(Board.from_rows(["1...", "...."]), (1, 3))
    with pytest.raises(NotCertainError, match="inconsistent"):
        explain(Board.from_rows(["4.", ".."]), (0, 1))
    with pytest.raises(ValueError):
        explain(board, (5, 5))


def test_every_move_serialises_as_the_issue_says() -> None:
    d = hint(Board.from_rows(["...", "121"]), every=True).to_dict()
    assert set(d) >= {"moves", "seconds"}
    for entry in d["moves"]:
        assert set(entry["move"]) >= {"cell", "mine", "certain", "probability"}
        assert entry["move"]["probability"] in ("0", "1")
        assert entry["reason"]["size"] == len(entry["reason"]["numbers"])


def test_reasons_found_again_come_from_the_memo() -> None:
    explainer = Explainer()
    board = random.Random(3).choice([b for b in POSITIONS if len(Explainer().certain(b)) > 2])
    first = explainer.certain(board)
    size = len(explainer.memo)
    assert explainer.certain(board) == first and len(explainer.memo) == size


def test_backends_agree_on_valid_reasons() -> None:
    for board in POSITIONS[:60:6]:
        for spec in ("cpsat", "pysat:cadical195"):
            for move in Explainer(backend=spec).certain(board):
                assert_valid(board, move)


def test_the_front_door_offers_explain_and_hint() -> None:
    import cnfsweep

    board = Board.from_rows(["...", "121"])
    assert cnfsweep.explain(board, (0, 0)).mine is True
    assert cnfsweep.hint(board).move == Explainer().certain(board)[0]
