"""The easiest move found without explaining every certain cell, checked against brute force and the full ranking.

``hint`` explains only the cells whose reason could be smallest; the checks
here compare it with what an enumeration over every subset of the numbers
says (``reason_oracle``) and with the ranking of every certain cell's reason
(``Explainer.certain``, which explains them all).
"""

from __future__ import annotations

import pytest
from hypothesis import assume as suppose
from hypothesis import given, settings
from hypothesis import strategies as st

from boards import layout_board, random_position
from cnfsweep import Board, Cell
from cnfsweep.core.characters import CellKind
from cnfsweep.core.errors import TimeLimitExceeded
from cnfsweep.engine import Engine
from cnfsweep.explanation import Explainer, ReasonFinder, explain, hint
from cnfsweep.explanation.easiest import two_fact_cells
from oracle import reference
from reason_oracle import assert_valid, number_rule, smallest_size

SMALL_ENOUGH = 9  # numbers that see a covered cell: brute force tries every subset of them


def _certain(board: Board) -> dict[Cell, bool]:
    ref = reference(board)
    if not ref.consistent:
        return {}
    return {c: p == 1 for c, p in ref.exact.items() if p in (0, 1) and board.kind(c) is CellKind.COVERED}


def _board(seed: int, with_total: bool) -> Board:
    return random_position(seed, with_total=with_total, flags=seed % 3 == 0).board


def _small(board: Board) -> bool:
    return sum(1 for n in board.numbers if number_rule(board, n)[0]) <= SMALL_ENOUGH


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_the_hint_is_the_first_of_the_full_ranking(seed: int, with_total: bool) -> None:
    board = _board(seed, with_total)
    full = Explainer().certain(board)
    h = hint(board)
    if not full:
        assert h.move is None or not h.move.certain
        return
    assert h.move is not None and h.move.certain
    assert h.move.rank() == full[0].rank()
    assert h.move.cell == full[0].cell and h.move.mine == full[0].mine
    assert_valid(board, h.move)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_the_smallest_hint_has_the_least_size_any_certain_cell_can_have(seed: int, with_total: bool) -> None:
    board = _board(seed, with_total)
    certain = _certain(board)
    h = hint(board, smallest=True)
    if not certain:
        assert h.move is None or not h.move.certain
        return
    assert h.move is not None and h.move.certain and certain[h.move.cell] == h.move.mine
    assert_valid(board, h.move)
    if _small(board):
        least = min(smallest_size(board, c, m) for c, m in certain.items())
        assert h.move.reason.size == least == smallest_size(board, h.move.cell, h.move.mine)
    assert h.move.rank() == Explainer().certain(board, smallest=True)[0].rank()


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_counting_finds_every_cell_a_reason_of_two_settles(seed: int, with_total: bool) -> None:
    board = _board(seed, with_total)
    if not _small(board):
        return
    certain = _certain(board)
    with ReasonFinder(board, Engine.create()) as finder:
        found = two_fact_cells(finder, board.covered)
    sizes = {c: smallest_size(board, c, m) for c, m in certain.items()}
    assert {c for c, size in sizes.items() if size == 2} <= found
    if board.total_mines is None and reference(board).consistent:
        # Without the total, counting finds only cells two numbers do settle.
        assert found <= set(certain)
        assert all(sizes[c] <= 2 for c in found)


def test_counting_two_numbers() -> None:
    # The 1-2-1 wall: each end is settled by the 2 and one 1; the middle needs all three.
    board = Board.from_rows(["...", "121"])
    with ReasonFinder(board, Engine.create()) as finder:
        assert two_fact_cells(finder, board.covered) == {Cell(0, 0), Cell(0, 2)}
    # One number holding every mine left settles every cell it does not see, with the total.
    board = Board.from_rows(["1..", "...", "..."], total_mines=1)
    with ReasonFinder(board, Engine.create()) as finder:
        assert Cell(2, 2) in two_fact_cells(finder, board.covered)


def _labelled(seed: int) -> tuple[Board, dict[str, bool], dict[Cell, bool]]:
    """A random position with two covered cells labelled and assumed as the layout has them."""
    pos = random_position(seed, with_total=seed % 2 == 0)
    board = pos.board
    covered = list(board.covered)
    suppose(len(covered) >= 2)
    a, b = covered[seed % len(covered)], covered[(seed // 7) % len(covered)]
    labels = {a: "a"} if a == b else {a: "a", b: "b"}
    labelled = layout_board(
        board.rows,
        board.cols,
        pos.mines,
        board.numbers,
        board.flags,
        with_total=board.total_mines is not None,
        labels=labels,
    )
    assume = {label: cell in pos.mines for cell, label in labels.items()}
    return labelled, assume, {cell: cell in pos.mines for cell in labels}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_assumed_cells_count_as_known_in_every_reason(seed: int) -> None:
    board, assume, fixed = _labelled(seed)
    h = hint(board, assume=assume)
    assert h.assume == assume
    for move in hint(board, assume=assume, every=True).moves:
        if move.certain:
            assert move.cell not in fixed
            assert_valid(board, move, fixed=fixed)
    if h.move is not None and h.move.certain:
        assert_valid(board, h.move, fixed=fixed)
        assert explain(board, h.move.cell, assume=assume).mine == h.move.mine
        assert h.to_dict()["assume"] == {k: "mine" if v else "safe" for k, v in assume.items()}


def test_an_assumed_mine_reads_as_a_flag() -> None:
    labelled = Board.from_rows(["a..", "121"])
    flagged = Board.from_rows(["*..", "121"])
    assert hint(labelled, assume={"a": "mine"}).moves == hint(flagged).moves
    assert "assume" not in hint(flagged).to_dict()


def test_the_time_limit_covers_the_analysis_and_the_reasons() -> None:
    board = Board.from_rows(["...", "121"])
    with pytest.raises(TimeLimitExceeded):
        hint(board, time_limit=0)
    with pytest.raises(TimeLimitExceeded):
        explain(board, (0, 1), time_limit=0)
    assert hint(board, time_limit=60).moves == hint(board).moves
    # Past the deadline after the analysis: the search for a reason stops at its next solver call.
    with ReasonFinder(board, Engine.create(), deadline=0.0) as finder, pytest.raises(TimeLimitExceeded):
        finder.reason(Cell(0, 0), True)


def _stuck_positions(games: int = 20) -> list[Board]:
    """Intermediate positions from real play where no single number settles a cell but some cell is certain."""
    from cnfsweep.experiments.campaign import game_seed
    from cnfsweep.play import Level, play_game

    found: list[Board] = []

    def watch(_game: object, analysis) -> None:
        # The player asks the full engine only once the single-number rule has nothing left.
        if analysis.consistent and (analysis.safe or analysis.mines):
            found.append(analysis.board)

    for i in range(games):
        play_game(Level.named("intermediate"), game_seed(11, i), watch=watch)
    return found


STUCK = _stuck_positions()


def _at_most_two(board: Board, cell: Cell, mine: bool) -> int | None:
    """The size of a reason of one or two facts for the cell, by enumeration over the numbers near it."""
    near = [n for n in board.numbers if max(abs(n.row - cell.row), abs(n.col - cell.col)) <= 3]
    near = [n for n in near if number_rule(board, n)[0]]
    from reason_oracle import forces

    if any(forces(board, [n], False, cell, mine) for n in near):
        return 1
    if board.total_mines is not None and forces(board, [], True, cell, mine):
        return 1
    pairs = [(a, b) for i, a in enumerate(near) for b in near[i + 1 :]]
    if any(forces(board, list(pair), False, cell, mine) for pair in pairs):
        return 2
    if (
        board.total_mines is not None
        and not forces(board, near, False, cell, mine)
        and any(forces(board, [n], True, cell, mine) for n in board.numbers if number_rule(board, n)[0])
    ):
        return 2
    return None


def test_positions_past_single_numbers_get_the_full_rankings_move() -> None:
    assert len(STUCK) >= 20
    explainer = Explainer()
    for board in STUCK:
        full = explainer.certain(board)
        h = hint(board)
        assert h.move is not None and h.move.rank() == full[0].rank(), board
        assert_valid(board, h.move)


def test_positions_past_single_numbers_get_a_smallest_reason_of_the_least_size() -> None:
    sizes = []
    for board in STUCK:
        h = hint(board, smallest=True)
        assert_valid(board, h.move)
        analysis = Explainer().analyze(board)
        certain = [(c, False) for c in analysis.safe] + [(c, True) for c in analysis.mines]
        least = min((s for c, m in certain if (s := _at_most_two(board, c, m)) is not None), default=None)
        if least is not None:
            assert h.move.reason.size == least
        else:
            assert h.move.reason.size >= 3
        sizes.append(h.move.reason.size)
    assert 2 in sizes


@pytest.mark.parametrize("seed", [196, 378])
def test_positions_whose_easiest_reason_has_three_facts(seed: int) -> None:
    # Found among the random positions: no cell has a reason of one or two facts, so every one is explained.
    board = _board(seed, seed % 2 == 0)
    assert _small(board)
    certain = _certain(board)
    least = min(smallest_size(board, c, m) for c, m in certain.items())
    assert least == 3
    for smallest in (False, True):
        h = hint(board, smallest=smallest)
        assert h.move.rank() == Explainer().certain(board, smallest=smallest)[0].rank()
        assert_valid(board, h.move)
    assert hint(board, smallest=True).move.reason.size == 3


@pytest.fixture
def near_first(monkeypatch):
    """Every part searched near the cell first, as only big boards' parts are."""
    from cnfsweep.explanation import reasons

    monkeypatch.setattr(reasons, "BIG_PART", 0)
    monkeypatch.setattr(reasons, "NEAR_RADII", (1, 2, 3))


def test_reasons_found_near_the_cell_are_valid_and_smallest_when_asked(near_first) -> None:
    compared = 0
    for seed in range(120):
        board = _board(seed, seed % 2 == 0)
        certain = _certain(board)
        for move in Explainer().certain(board):
            assert_valid(board, move)
        smallest = Explainer().certain(board, smallest=True)
        for move in smallest:
            assert_valid(board, move)
            if _small(board):
                assert move.reason.size == smallest_size(board, move.cell, move.mine)
                compared += 1
        assert {m.cell: m.mine for m in smallest} == certain
        if smallest:
            assert hint(board, smallest=True).move.rank() == smallest[0].rank()
    assert compared > 100


def test_real_play_positions_near_the_cell(near_first) -> None:
    for board in STUCK[:8]:
        full = Explainer().certain(board)
        h = hint(board)
        assert h.move.rank() == full[0].rank()
        for move in full:
            assert_valid(board, move)
