"""Exact counts for a part that no revealed cell splits (issue 39): the profile DP against independent counts.

1Q's squares or 1B's lines link a board into one part whose layouts are too
many to list.  The profile count (``variants/profile.py``) must give the
oracle's layouts and tallies on every small board tried, with and without the
total; on boards too big for the oracle, a 1Q board's count must equal a
column-by-column transfer count written here from the rule's definition alone
(itself checked against the oracle on small widths).
"""

from __future__ import annotations

import random
import time
from fractions import Fraction
from itertools import product

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import TimeLimitExceeded
from cnfsweep.variants.board import CellState, parse_variant
from cnfsweep.variants.profile import ProfileTooLarge, count_profile
from cnfsweep.variants.solve import analyze_variant, statements

import variant_oracle as oracle
from variant_puzzles import Puzzle, random_puzzle

SHAPES = [(3, 3), (3, 4), (4, 3), (2, 5)]
RULE_SETS = [
    (["1Q"], "V", ""),
    (["1B"], "V", ""),
    (["1Q", "1B"], "V", ""),
    (["1Q"], "V", "1M"),
    (["1Q"], "V", "1L"),
    (["1Q"], "1X", ""),
    (["1T", "1H"], "V", ""),
]


def _cases() -> list[tuple[list[str], str, str, tuple[int, int], bool, int]]:
    return [
        (m, c, mode, s, t, seed) for m, c, mode in RULE_SETS for s in SHAPES for t in (False, True) for seed in (0, 1)
    ]


def _oracle_counts(puzzle: Puzzle) -> tuple[int, dict[Cell, int]]:
    expected = puzzle.solutions()
    return len(expected), {Cell(*p): sum(Cell(*p) in m for m in expected) for p in puzzle.covered()}


def _empty_puzzle(rules: list[str], rows: int, cols: int, total: int | None = None) -> Puzzle:
    return Puzzle(rows, cols, rules, total=total)


@pytest.mark.parametrize(
    ("mine_rules", "clue_rule", "mode", "shape", "total", "seed"),
    _cases(),
    ids=[
        f"{'+'.join(m)}-{c}{mode}-{s[0]}x{s[1]}-{'total' if t else 'free'}-{seed}"
        for m, c, mode, s, t, seed in _cases()
    ],
)
def test_profile_count_is_the_oracles(
    mine_rules: list[str], clue_rule: str, mode: str, shape: tuple[int, int], total: bool, seed: int
) -> None:
    rows, cols = shape
    rng = random.Random(f"{mine_rules}{mode}{shape}{total}{seed}")
    puzzle = random_puzzle(rng, rows, cols, mine_rules, clue_rule, mode, total) if seed else None
    if puzzle is None:  # seed 0: no clue at all, the whole board one part
        puzzle = _empty_puzzle(mine_rules, rows, cols, rows * cols // 2 if total else None)
    board = parse_variant(puzzle.text())
    assert count_profile(board, statements(board)) == _oracle_counts(puzzle)
    # analyze_variant counts it too when the part is past the enumeration's limit
    analysis = analyze_variant(board, limit=1)
    layouts, counts = _oracle_counts(puzzle)
    assert analysis.layouts == layouts and analysis.consistent == bool(layouts)
    if layouts:
        assert analysis.counts == counts
        assert set(analysis.mines) == {c for c, v in counts.items() if v == layouts}
        assert set(analysis.safe) == {c for c, v in counts.items() if v == 0}


def quad_transfer(rows: int, cols: int) -> tuple[list[int], dict[Cell, list[int]]]:
    """1Q layouts of an empty board by mine count, and each cell's mine tallies by mine count.

    Written from the definition alone: columns are bit masks, and two neighbouring
    columns agree when every pair of neighbouring rows holds a mine in one of them.
    A forward and a backward sweep over the columns meet at each column for the tallies.
    """
    size = rows * cols + 1
    masks = range(1 << rows)
    pairs = [(a, b) for a in masks for b in masks if all((a | b) >> r & 3 for r in range(rows - 1))]

    def shifted(poly: list[int], by: int) -> list[int]:
        return [0] * by + poly[: size - by]

    def sweep(order: list[int]) -> list[dict[int, list[int]]]:
        # ways[i][m]: the layouts of the columns up to order[i], that column being m, by mine count
        ways = [{m: shifted([1] + [0] * (size - 1), m.bit_count()) for m in masks}]
        for _ in order[1:]:
            nxt: dict[int, list[int]] = {}
            for a, b in pairs:
                row = nxt.setdefault(b, [0] * size)
                for k, v in enumerate(shifted(ways[-1][a], b.bit_count())):
                    row[k] += v
            ways.append(nxt)
        return ways

    forward = sweep(list(range(cols)))
    backward = sweep(list(range(cols)))[::-1]  # the sweep is symmetric under reversing the columns
    by_mines = [sum(poly[k] for poly in forward[-1].values()) for k in range(size)]
    tallies: dict[Cell, list[int]] = {}
    for c in range(cols):
        for r in range(rows):
            out = [0] * size
            for m in masks:
                if m >> r & 1:
                    f, b = forward[c][m], backward[c][m]
                    # both include column c's own mines: take them out of the backward side once
                    for i, x in enumerate(f):
                        for j, y in enumerate(b[m.bit_count() :]):
                            if x and y and i + j < size:
                                out[i + j] += x * y
            tallies[Cell(r, c)] = out
    return by_mines, tallies


@pytest.mark.parametrize("shape", [(2, 2), (2, 4), (3, 3), (3, 4), (4, 3)])
def test_the_transfer_count_is_the_oracles(shape: tuple[int, int]) -> None:
    rows, cols = shape
    by_mines, tallies = quad_transfer(rows, cols)
    layouts = [m for m in oracle.all_layouts(rows, cols) if oracle.quad(m, rows, cols)]
    assert by_mines == [sum(len(m) == k for m in layouts) for k in range(rows * cols + 1)]
    for p in product(range(rows), range(cols)):
        assert sum(tallies[Cell(*p)]) == sum(p in m for m in layouts)


@pytest.mark.parametrize(("rows", "cols", "total"), [(6, 10, None), (6, 10, 20), (7, 7, None), (7, 7, 16)])
def test_a_big_quad_board_gets_exact_probabilities(rows: int, cols: int, total: int | None) -> None:
    # Past the enumeration's limit the old path gave only the certain cells; the counts must be the transfer count's.
    board = parse_variant(_empty_puzzle(["1Q"], rows, cols, total).text())
    analysis = analyze_variant(board)
    by_mines, tallies = quad_transfer(rows, cols)
    assert analysis.uncounted is None
    assert analysis.layouts == (sum(by_mines) if total is None else by_mines[total])
    assert analysis.layouts > 20_000
    for c, tally in tallies.items():
        assert analysis.counts is not None
        assert analysis.counts[c] == (sum(tally) if total is None else tally[total])
    # the probabilities add up to the mines expected: the total, or the mean mine count
    expected = (
        Fraction(total) if total is not None else Fraction(sum(k * v for k, v in enumerate(by_mines)), sum(by_mines))
    )
    assert sum(p for c in board.where(CellState.COVERED) if (p := analysis.probability(c)) is not None) == expected


def test_past_the_profile_count_the_answer_names_the_rule() -> None:
    board = parse_variant(_empty_puzzle(["1Q"], 4, 4).text())
    analysis = analyze_variant(board, limit=1, profile_states=2)
    assert analysis.layouts is None and analysis.uncounted is not None
    assert "1Q" in analysis.uncounted and "states" in analysis.uncounted
    with pytest.raises(ProfileTooLarge, match="1Q"):
        count_profile(board, statements(board), max_states=2)


def test_a_rule_that_is_no_sum_is_named() -> None:
    # 1D's sums hold only where a cell is a mine: the profile count does not take them, and says so.
    board = parse_variant(_empty_puzzle(["1D"], 3, 4).text())
    analysis = analyze_variant(board, limit=1)
    assert analysis.layouts is None and analysis.uncounted is not None and "1D" in analysis.uncounted


def test_a_profile_count_out_of_time_leaves_the_certain_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    # The count gets half of what is left of the time limit; past that share the certain cells are still found.
    import cnfsweep.variants.solve as solve

    shares: list[float | None] = []

    def out_of_time(*args: object, deadline: float | None = None, **kw: object) -> None:
        shares.append(deadline)
        raise TimeLimitExceeded("past the share")

    board = parse_variant("rules: 1Q\n. . .\n. 3 .\n. . .\n")
    without = analyze_variant(board, limit=1, profile_states=0)
    monkeypatch.setattr(solve, "count_profile", out_of_time)
    start = time.perf_counter()
    analysis = analyze_variant(board, limit=1, time_limit=60)
    assert shares and shares[0] is not None and shares[0] < start + 31
    assert analysis.layouts is None and analysis.uncounted is not None and "time limit" in analysis.uncounted
    assert (analysis.safe, analysis.mines) == (without.safe, without.mines)
