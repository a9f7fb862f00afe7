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
from collections.abc import Iterator
from functools import cache
from itertools import combinations, product
from math import comb

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import TimeLimitExceeded
from cnfsweep.variants.board import CellState, parse_variant
from cnfsweep.variants.profile import ProfileTooLarge, count_profile
from cnfsweep.variants.rule import Anchor, Linked
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
    # Statements that are no plain sums: guarded sums (1D, 2H, 2F), cases of the ring (1W, 1P), sight lines (1E).
    (["1D"], "V", ""),
    (["1D", "1B"], "V", ""),
    (["2H"], "V", ""),
    (["2F"], "V", ""),
    ([], "1W", ""),
    ([], "1P", ""),
    ([], "1P", "1L"),
    ([], "1E", ""),
    ([], "1E", "1L"),
    (["1D"], "1E", ""),
    (["1Q"], "1W", ""),
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


def test_a_statement_it_cannot_track_is_named() -> None:
    # A connectivity fact (a global rule's exact statement) has no state along a profile: the count says whose it is.
    board = parse_variant(_empty_puzzle(["1C"], 3, 4).text())
    cells = board.grid.cells
    fact = Linked(cells, True, ((0, 1), (1, 0)), Anchor.ONE_GROUP, "1C")
    with pytest.raises(ProfileTooLarge, match="1C"):
        count_profile(board, [fact])


# ---- 1B: the lines no other statement touches are counted together --------------------------------------------

BALANCE_BOARDS = [
    # a clue in a corner: two rows and two columns untouched (columns taken together)
    "rules: 1B\n1 . . .\n. . . .\n. . . .\n. . . .\n",
    # a clue on the top row of a tall board: two rows untouched and no column (rows taken together)
    "rules: 1B\n. 1 .\n. . .\n. . .\n. . .\n",
    # a known mine and a hidden cell break their lines; the two other columns are untouched
    "rules: 1B\n. . * .\n? . . .\n. . . .\n. . . .\n",
    # clues touching every line: nothing taken together
    "rules: 1B\n. . . .\n. 2 . .\n. . 2 .\n. . . .\n",
    # 1Q with 1B: every line touched
    "rules: 1B 1Q\n. . . .\n. . . .\n. . . .\n. . . .\n",
]


def _oracle_of_text(text: str, total: int | None) -> tuple[int, dict[Cell, int]]:
    """Every layout of the board's grid, kept by the oracle's rules, clues and total; and each cell's tally."""
    board = parse_variant(text)
    rows, cols = board.rows, board.cols
    grid = [line.split() for line in text.splitlines()[1:]]
    clues = {(r, c): int(t) for r in range(rows) for c in range(cols) if (t := grid[r][c]).isdigit()}
    hidden = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "?"]
    known = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "*"]
    mine_rules = [code for code in board.rules.codes if code in oracle.EVERY_MINE_RULE]
    puzzle = Puzzle(rows, cols, mine_rules, "V", "", clues, hidden, known, total=total)
    return _oracle_counts(puzzle)


@pytest.mark.parametrize("total", [None, 8], ids=["free", "total"])
@pytest.mark.parametrize("text", BALANCE_BOARDS, ids=range(len(BALANCE_BOARDS)))
def test_balance_lines_taken_together_are_the_oracles(text: str, total: int | None) -> None:
    board = parse_variant(text if total is None else text.replace("\n", f"\nmines: {total}\n", 1))
    assert count_profile(board, statements(board)) == _oracle_of_text(text, total)


def balance_by_rows(rows: int, cols: int, clues: dict[tuple[int, int], int]) -> Iterator[frozenset[tuple[int, int]]]:
    """Every layout with as many mines in each row and in each column (V clues kept), written row by row.

    Each row picks its mines among the cells that are not clues; a column may not pass
    its share, and a clue is checked once the rows around it are chosen.
    """

    def kept(mines: set[tuple[int, int]], row: int) -> bool:
        return all(
            oracle.CLUE_RULES["V"](p, frozenset(mines), rows, cols, frozenset(), "") == v
            for p, v in clues.items()
            if p[0] == row
        )

    for k in range(cols + 1):
        if rows * k % cols:
            continue
        j = rows * k // cols

        def grow(
            r: int, mines: set[tuple[int, int]], in_col: list[int], k: int = k, j: int = j
        ) -> Iterator[frozenset[tuple[int, int]]]:
            if r == rows:
                if all(n == j for n in in_col) and kept(mines, rows - 1):
                    yield frozenset(mines)
                return
            for pick in combinations([c for c in range(cols) if (r, c) not in clues], k):
                if any(in_col[c] == j for c in pick):
                    continue
                row = {(r, c) for c in pick}
                after = [n + (c in pick) for c, n in enumerate(in_col)]
                if any(j - n > rows - r - 1 for n in after) or (r and not kept(mines | row, r - 1)):
                    continue
                yield from grow(r + 1, mines | row, after)

        yield from grow(0, set(), [0] * cols)


@pytest.mark.parametrize("total", [None, 18], ids=["free", "total"])
def test_a_clued_balance_board_is_the_row_by_row_count(total: int | None) -> None:
    clues = {(0, 0): 2, (4, 3): 4}
    text = "rules: 1B\n" + (f"mines: {total}\n" if total is not None else "")
    text += "\n".join(" ".join(str(clues.get((r, c), ".")) for c in range(6)) for r in range(6)) + "\n"
    board = parse_variant(text)
    layouts = [m for m in balance_by_rows(6, 6, clues) if total is None or len(m) == total]
    n, counts = count_profile(board, statements(board))
    assert n == len(layouts)
    assert counts == {c: sum((c.row, c.col) in m for m in layouts) for c in board.where(CellState.COVERED)}


def balance_empty(n: int, k: int) -> int:
    """The n x n layouts with k mines in every row and every column, row by row.

    The columns of an empty board are alike, so a row's choice depends only on how
    many columns still need each number of mines; each row picks k columns.
    """

    @cache
    def ways(rows_left: int, need: tuple[int, ...]) -> int:
        # need[v]: how many columns still need v mines
        if not rows_left:
            return int(need[0] == n)
        total = 0

        def pick(v: int, left: int, product: int, after: list[int]) -> None:
            # m of the need[v] columns needing v take a mine in this row, and then need v - 1
            nonlocal total
            if v == len(need):
                if not left and not any(after[rows_left:]):  # none needs more than the rows after this one
                    total += product * ways(rows_left - 1, tuple(after))
                return
            for m in range(min(need[v], left) + 1 if v else 1):
                after[v] += need[v] - m
                if m:
                    after[v - 1] += m
                pick(v + 1, left - m, product * comb(need[v], m), after)
                after[v] -= need[v] - m
                if m:
                    after[v - 1] -= m

        pick(0, k, 1, [0] * len(need))
        return total

    return ways(n, tuple(n if v == k else 0 for v in range(k + 1)))


@pytest.mark.parametrize(("n", "total"), [(8, None), (8, 32), (10, 50)])
def test_a_big_balance_board_gets_exact_probabilities(n: int, total: int | None) -> None:
    board = parse_variant(_empty_puzzle(["1B"], n, n, total).text())
    analysis = analyze_variant(board, limit=1)  # at once to the profile count, as past 20,000 layouts
    by_k = {k: balance_empty(n, k) for k in range(n + 1) if total is None or n * k == total}
    assert analysis.uncounted is None
    assert analysis.layouts == sum(by_k.values()) > 20_000
    assert analysis.counts is not None
    # Every row holds k of its n cells, and on an empty board every column is alike.
    each = sum(v * k for k, v in by_k.items())
    assert all(analysis.counts[c] * n == each for c in board.where(CellState.COVERED))
    expected = Fraction(sum(v * k * n for k, v in by_k.items()), sum(by_k.values()))
    assert sum(p for c in board.where(CellState.COVERED) if (p := analysis.probability(c)) is not None) == expected


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


# ---- 1D: guarded sums past the oracle's reach --------------------------------------------------------------------


def _mul(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _add(into: dict[tuple[int, int], list[int]], key: tuple[int, int], poly: list[int]) -> None:
    have = into.setdefault(key, [])
    have.extend([0] * (len(poly) - len(have)))
    for i, x in enumerate(poly):
        have[i] += x


def dual_transfer(rows: int, cols: int) -> tuple[list[int], dict[Cell, list[int]]]:
    """1D layouts of an empty board by mine count, and each cell's tallies by mine count.

    Written from the definition alone: rows are bit masks, and a row's mines are
    checked once the rows above and below it are chosen: each must have exactly one
    mine beside it across a side (so every group is a domino). A sweep down and a
    sweep up (the rule reads the same upside down) meet at each row.
    """
    masks = range(1 << cols)

    def ok(up: int, mid: int, down: int) -> bool:
        return all(
            (up >> c & 1) + (down >> c & 1) + (mid >> (c - 1) & 1 if c else 0) + (mid >> (c + 1) & 1) == 1
            for c in range(cols)
            if mid >> c & 1
        )

    good = {(p, q, s) for p in masks for q in masks for s in masks if ok(p, q, s)}

    def sweep() -> list[dict[tuple[int, int], list[int]]]:
        # ways[r][(p, q)]: rows 0..r chosen, p the row above r (0 off the board), every row above r kept
        ways = [{(0, q): [0] * q.bit_count() + [1] for q in masks}]
        for _ in range(rows - 1):
            nxt: dict[tuple[int, int], list[int]] = {}
            for (p, q), poly in ways[-1].items():
                for s in masks:
                    if (p, q, s) in good:
                        _add(nxt, (q, s), [0] * s.bit_count() + poly)
            ways.append(nxt)
        return ways

    down, up = sweep(), sweep()
    by_mines: list[int] = []
    for (p, q), poly in down[-1].items():
        if (p, q, 0) in good:
            _add({(0, 0): by_mines}, (0, 0), poly)
    tallies: dict[Cell, list[int]] = {}
    for r in range(rows):
        # below[(q, s)]: the rows under r given row r is q and row r + 1 is s (row r kept by s and the row above)
        if r == rows - 1:
            below = {(q, 0): [1] for q in masks}
        else:
            below = {}
            for (t, s), poly in up[rows - 2 - r].items():
                for q in masks:
                    if (q, s, t) in good:
                        _add(below, (q, s), poly)
        joined: dict[int, list[int]] = {}
        for (p, q), poly in down[r].items():
            for (q2, s), rest in below.items():
                if q2 == q and (p, q, s) in good:
                    _add({(0, 0): joined.setdefault(q, [])}, (0, 0), _mul(poly, rest))
        for c in range(cols):
            out: list[int] = []
            for q, poly in joined.items():
                if q >> c & 1:
                    _add({(0, 0): out}, (0, 0), poly)
            tallies[Cell(r, c)] = out
    return by_mines, tallies


@pytest.mark.parametrize("total", [None, 14], ids=["free", "total"])
def test_a_dual_board_past_the_oracle_is_the_transfer_count(total: int | None) -> None:
    rows, cols = 7, 6
    by_mines, tallies = dual_transfer(rows, cols)
    board = parse_variant(_empty_puzzle(["1D"], rows, cols, total).text())
    analysis = analyze_variant(board, limit=1)  # at once to the profile count

    def pick(poly: list[int]) -> int:
        return sum(poly) if total is None else (poly[total] if total < len(poly) else 0)

    assert analysis.uncounted is None and analysis.counts is not None
    assert analysis.layouts == pick(by_mines) > 20_000
    assert analysis.counts == {c: pick(t) for c, t in tallies.items()}
    expected = (
        Fraction(total) if total is not None else Fraction(sum(k * v for k, v in enumerate(by_mines)), sum(by_mines))
    )
    assert sum(p for c in board.where(CellState.COVERED) if (p := analysis.probability(c)) is not None) == expected


@pytest.mark.parametrize("shape", [(1, 4), (2, 3), (3, 3), (3, 4), (4, 3)])
def test_the_dual_transfer_is_the_oracles(shape: tuple[int, int]) -> None:
    rows, cols = shape
    by_mines, tallies = dual_transfer(rows, cols)
    layouts = [m for m in oracle.all_layouts(rows, cols) if oracle.dual(m, rows, cols)]
    assert by_mines + [0] * (rows * cols + 1 - len(by_mines)) == [
        sum(len(m) == k for m in layouts) for k in range(rows * cols + 1)
    ]
    for p in product(range(rows), range(cols)):
        assert sum(tallies[Cell(*p)]) == sum(p in m for m in layouts)


# ---- 1E: sight lines longer than the oracle's boards hold ---------------------------------------------------------


@pytest.mark.parametrize("total", [None, 7], ids=["free", "total"])
def test_long_sight_lines_are_counted_as_seen(total: int | None) -> None:
    # Two 1E clues in opposite corners of a 5x5 board see along four lines of four cells each.  Written from the
    # definition: every layout of the lines' cells is looked along by the oracle, the other cells are free.
    rows = cols = 5
    clues = {(0, 0): 5, (4, 4): 6}
    text = "rules: 1E\n" + (f"mines: {total}\n" if total is not None else "")
    text += "\n".join(" ".join(str(clues.get((r, c), ".")) for c in range(cols)) for r in range(rows)) + "\n"
    board = parse_variant(text)
    lines = sorted({(r, c) for r, c in product(range(rows), range(cols)) if r in (0, 4) or c in (0, 4)} - set(clues))
    others = [p for p in product(range(rows), range(cols)) if p not in lines and p not in clues]
    seen = []
    for bits in product((False, True), repeat=len(lines)):
        mines = frozenset(p for p, b in zip(lines, bits, strict=True) if b)
        if all(oracle.eyesight(p, mines, rows, cols, frozenset(), "") == v for p, v in clues.items()):
            seen.append(mines)

    def ways(m: int, free: int) -> int:  # the layouts of ``free`` other cells that bring the total
        return 2**free if total is None else comb(free, total - m) if 0 <= total - m <= free else 0

    n, counts = count_profile(board, statements(board))
    assert n == sum(ways(len(m), len(others)) for m in seen) > 0
    for p in lines:
        assert counts[Cell(*p)] == sum(ways(len(m), len(others)) for m in seen if p in m)
    for p in others:
        assert counts[Cell(*p)] == sum(ways(len(m) + 1, len(others) - 1) for m in seen)
