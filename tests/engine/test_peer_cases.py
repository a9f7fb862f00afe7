"""Acceptance tests on positions and answers taken from peer Minesweeper projects.

Every data file, with its source repository, commit and licence, is listed in
``tests/data/peer/README.md``.  Each loader below converts one peer format into
a :class:`Board`; the tests then compare the engine with the peer's asserted
values and with the exact fractions stored next to them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import comb, floor
from typing import Any

import pytest

from paths import DATA
from cnfsweep import Board, Cell, analyze, check
from cnfsweep.engine.backends.brute import MAX_COUNT_VARS
from cnfsweep.core.characters import CellKind

PEER = DATA / "peer"


# -- shared helpers ------------------------------------------------------------


@cache
def load(relpath: str) -> Any:
    """Read one JSON file under tests/data/peer."""
    return json.loads((PEER / relpath).read_text(encoding="utf-8"))


def fraction(text: str | None) -> Fraction | None:
    """Read an exact probability written as ``"p/q"`` (``None`` stays ``None``)."""
    return None if text is None else Fraction(text)


def parse_cell(text: str) -> Cell:
    """Read ``"(row,col)"``."""
    row, col = map(int, re.fullmatch(r"\((\d+),\s*(\d+)\)", text).groups())
    return Cell(row, col)


def off_frontier(board: Board, fixed: frozenset[Cell] = frozenset()) -> list[Cell]:
    """Covered cells that no number sees (``fixed`` cells excluded)."""
    return [
        c for c in board.covered if c not in fixed and not any(board.number(n) is not None for n in board.neighbours(c))
    ]


def largest_component(board: Board, fixed: frozenset[Cell] = frozenset()) -> int:
    """Size of the largest group of unknown cells linked through shared numbers."""
    parent: dict[Cell, Cell] = {}

    def root(c: Cell) -> Cell:
        while parent.setdefault(c, c) != c:
            c = parent[c]
        return c

    for num in board.numbers:
        unknown = [n for n in board.neighbours(num) if n in board.covered and n not in fixed]
        for c in unknown:
            parent[root(c)] = root(unknown[0])
    sizes: dict[Cell, int] = {}
    for c in parent:
        sizes[root(c)] = sizes.get(root(c), 0) + 1
    return max(sizes.values(), default=0)


def skip_brute_if_too_large(backend: str, board: Board, fixed: frozenset[Cell] = frozenset()) -> None:
    """Skip the brute backend on boards whose frontier it refuses to count."""
    size = largest_component(board, fixed)
    if backend == "brute" and size > MAX_COUNT_VARS:
        pytest.skip(f"brute counts components of at most {MAX_COUNT_VARS} cells; this board has one of {size}")


def exact_grid(board: Board, analysis: Any) -> list[list[Fraction | None]]:
    """The engine's exact probability of every cell, row by row."""
    return [[analysis.exact(Cell(r, c)) for c in range(board.cols)] for r in range(board.rows)]


# -- eee555/ms-toollib: base/tests/test_probability.rs -------------------------

TOOLLIB = "eee555-ms-toollib/test_probability.rs.cases.json"
# 0-8 numbers stay digits; 10 covered; 11 flag; 12 covered and known safe, which
# becomes a label assumed safe.
TOOLLIB_CHAR = {10: ".", 11: "*", 12: "s"}
KNOWN_SAFE = {"s": False}


@dataclass(frozen=True)
class ToollibCase:
    """One upstream run: a board, the mine argument and what was asserted."""

    id: str
    data: dict[str, Any] = field(repr=False)
    board: Board = field(repr=False)

    @property
    def assume(self) -> dict[str, bool] | None:
        return KNOWN_SAFE if "s" in self.board.labels else None

    @property
    def known_safe(self) -> frozenset[Cell]:
        return frozenset(self.board.labelled("s"))


def toollib_board(matrix: list[list[int]], total: int | None) -> Board:
    """Convert ms-toollib's integer matrix into a board."""
    rows = ["".join(str(v) if 0 <= v <= 8 else TOOLLIB_CHAR[v] for v in row) for row in matrix]
    return Board.from_rows(rows, total_mines=total)


def toollib_mine_count(x: float, rows: int, cols: int, feasible: tuple[int, int]) -> int:
    """ms-toollib's mine argument: a count if >= 1, else a density; clamped to ``feasible``."""
    n = int(x) if x >= 1 else floor(x * rows * cols)
    lo, hi = feasible
    return min(max(n, lo), hi)


@cache
def toollib_cases() -> tuple[ToollibCase, ...]:
    out = []
    for data in load(TOOLLIB)["cases"]:
        board = toollib_board(data["board"], data["reference_mines_used"])
        out.append(ToollibCase(f"{data['test']}-{data['mine_argument']:g}", data, board))
    assert len({c.id for c in out}) == len(out) == 18
    return tuple(out)


def toollib_params(keep: Any = lambda case: True) -> list[Any]:
    return [pytest.param(c, id=c.id) for c in toollib_cases() if keep(c)]


def toollib_case(case_id: str) -> ToollibCase:
    return next(c for c in toollib_cases() if c.id == case_id)


def analyze_toollib(case: ToollibCase, backend: str, **kwargs: Any) -> Any:
    skip_brute_if_too_large(backend, case.board, case.known_safe)
    return analyze(case.board, backend=backend, assume=case.assume, **kwargs)


def toollib_upstream_floats(case: ToollibCase) -> list[tuple[Cell, float]]:
    """Every single-cell probability upstream asserts, as (cell, float).

    Structured assertions are read from the file; the three stated in words
    ("the 7 other neighbours of the 2 each 1/7", ...) are spelled out here.
    """
    asserted, board = case.data["asserted"], case.board
    cell_probs = asserted.get("cell_probs")
    out = []
    if isinstance(cell_probs, dict):  # otherwise a sentence, spelled out below
        out += [(parse_cell(k), v) for k, v in cell_probs.items()]
    if "ans.1 (P unconstrained cell)" in asserted:
        out += [(c, asserted["ans.1 (P unconstrained cell)"]) for c in off_frontier(board)]
    test = case.data["test"]
    if test in ("board_10_works", "board_11_works"):
        value = 1 / 7 if test == "board_10_works" else 2 / 7
        out += [(c, value) for c in board.neighbours(Cell(3, 3)) if c != Cell(3, 2)]
    if test == "board_12_works":
        out += [(c, 10 / 62) for c in board.covered if c not in case.known_safe]
    return out


@pytest.mark.parametrize("case", toollib_params())
def test_toollib_mine_argument_conversion(case: ToollibCase) -> None:
    data, board = case.data, case.board
    lo, hi = data["reference_min_max_total_mines"]
    used = toollib_mine_count(data["mine_argument"], board.rows, board.cols, (lo, hi))
    assert used == data["reference_mines_used"]
    if "ans.2" in data["asserted"]:
        assert data["asserted"]["ans.2"] == [lo, used, hi]


def toollib_expected_grid(case: ToollibCase) -> list[list[Fraction | None]]:
    """``reference_exact`` in the engine's conventions.

    The reference reports a flag as a certain mine ("1") where ``analyze``
    reports nothing, and nothing for a known-safe cell where ``analyze``
    reports the assumed 0.
    """
    grid: list[list[Fraction | None]] = []
    for r, row in enumerate(case.data["reference_exact"]):
        grid.append([])
        for c, ref in enumerate(row):
            cell = Cell(r, c)
            if case.board.kind(cell) is CellKind.FLAG:
                assert ref == "1"
                grid[-1].append(None)
            elif cell in case.known_safe:
                assert ref is None
                grid[-1].append(Fraction(0))
            else:
                grid[-1].append(fraction(ref))
    return grid


@pytest.mark.parametrize("case", toollib_params(lambda c: c.data.get("reference_exact")))
def test_toollib_exact_probabilities(case: ToollibCase, backend: str) -> None:
    a = analyze_toollib(case, backend)
    assert a.consistent
    assert exact_grid(case.board, a) == toollib_expected_grid(case)


@pytest.mark.parametrize("case", toollib_params(toollib_upstream_floats))
def test_toollib_upstream_float_assertions(case: ToollibCase, backend: str) -> None:
    a = analyze_toollib(case, backend)
    checks = toollib_upstream_floats(case)
    got = {cell: a.probability(cell) for cell, _ in checks}
    assert all(got[cell] == pytest.approx(value, abs=1e-12) for cell, value in checks), got


def test_toollib_joint_safe_probability(backend: str) -> None:
    """board_16: P(six given cells all safe) * 28 == 1.

    The joint probability is the ratio of layout counts with and without the
    six cells assumed safe.
    """
    case = toollib_case("board_16_works-10")
    asserted = case.data["asserted"]
    ((key, value),) = asserted.items()
    cells = [parse_cell(m) for m in re.findall(r"\(\d+,\d+\)", key.split("=", 1)[1])]
    assert len(cells) == 6
    rows = [list(row) for row in case.board.grid]
    for r, c in cells:
        rows[r][c] = "j"
    tagged = Board.from_rows(["".join(row) for row in rows], total_mines=case.board.total_mines)
    skip_brute_if_too_large(backend, case.board)
    everything = analyze(case.board, backend=backend).solutions
    all_safe = analyze(tagged, backend=backend, assume={"j": False}).solutions
    assert Fraction(all_safe, everything) == Fraction(1, 28)
    assert all_safe / everything * 28 == pytest.approx(value, abs=1e-12)


FEASIBLE_RANGE_CASES = {
    "board_1_works-10",
    "board_4_works-10",
    "board_5_works-29",
    "board_10_works-10",
    "board_12_works-10",
    "board_13_works-10",
    "csp_prob_gt_1-540",
}


@pytest.mark.parametrize("case", toollib_params(lambda c: c.id in FEASIBLE_RANGE_CASES))
def test_toollib_feasible_total_range(case: ToollibCase, backend: str) -> None:
    """Upstream's [min, max] feasible totals: the ends are consistent, one beyond is not."""
    lo, hi = case.data["reference_min_max_total_mines"]
    totals = {lo: True, hi: True, hi + 1: False} | ({lo - 1: False} if lo > 0 else {})
    got = {t: analyze_toollib(case, backend, total_mines=t).consistent for t in totals}
    assert got == totals


def test_toollib_csp_probabilities_not_above_one(backend: str) -> None:
    """csp_prob_gt_1: a regression board where a CSP solver gave probabilities above 1."""
    case = toollib_case("csp_prob_gt_1-540")
    a = analyze_toollib(case, backend)
    assert a.consistent
    probs = [p for p in (a.exact(c) for c in case.board.covered) if p is not None]
    assert len(probs) == len(case.board.covered)
    assert all(0 <= p <= 1 for p in probs)
    # The reference, like its reference_exact grids, counts flags as certain mines.
    with_flags = probs + [Fraction(1)] * len(case.board.flags)
    assert max(with_flags) == fraction(case.data["reference_max_probability"])
    # No covered cell is a certain mine: the largest probability, at (2,51) and (2,54),
    # was also found by a separate frontier enumeration while writing this test.
    top = Fraction(1379148274828, 1497424188103)
    assert max(probs) == top
    assert {c for c in case.board.covered if a.exact(c) == top} == {Cell(2, 51), Cell(2, 54)}
    assert all(a.probability(c) <= 1 + 1e-12 for c in case.board.covered)


# -- mrgriscom/minesweepr: README example ----------------------------------------

MINESWEEPR = str.maketrans({".": "0", "x": "."})  # '.' zero, 'x' covered, '*' mine


def minesweepr_board(rows: list[str], total: int | None) -> Board:
    return Board.from_rows([row.translate(MINESWEEPR) for row in rows], total_mines=total)


def test_minesweepr_readme_board(backend: str) -> None:
    data = load("mrgriscom-minesweepr/README.md.example.json")
    tagged = data["board_tagged"]
    tags = {ch: Cell(r, c) for r, row in enumerate(tagged) for c, ch in enumerate(row) if ch.isupper()}
    assert sorted(tags) == list("ABCDEFGHI")
    untagged = [re.sub("[A-I]", "x", row) for row in tagged]
    assert untagged == data["board_plain"]
    board = minesweepr_board(data["board_plain"], data["total_mines"])
    assert len(board.covered) == data["mine_count"]["total_cells"]

    a = analyze(board, backend=backend)
    assert a.consistent
    assert set(a.mines) == {tags[t] for t in "BCD"}
    assert set(a.safe) == {tags[t] for t in "AEG"}
    exact = {t: fraction(v) for t, v in data["reference_exact"].items()}
    assert {t: a.exact(tags[t]) for t in "FHI"} == {t: exact[t] for t in "FHI"}
    others = off_frontier(board)
    assert len(others) == 85 - 9
    assert {a.exact(c) for c in others} == {exact["other"]}
    shown = {t: a.probability(cell) for t, cell in tags.items()} | {"other": a.probability(others[0])}
    assert {t: round(p, 4) for t, p in shown.items()} == data["expected"]  # README prints 4 places


# -- Gecode/gecode: examples/minesweeper.cpp (janko.at puzzles) ------------------

GECODE = load("Gecode-gecode/minesweeper.cpp.specs.json")["cases"]


@pytest.mark.parametrize("case", GECODE, ids=lambda c: f"puzzle{c['index']}")
def test_gecode_puzzle_has_one_solution(case: dict[str, Any], backend: str) -> None:
    board = Board.from_rows(case["spec"])  # digit = clue, '.' unknown, no total
    skip_brute_if_too_large(backend, board)
    a = analyze(board, backend=backend)
    assert a.consistent
    assert a.solutions == 1
    assert set(a.safe) | set(a.mines) == set(board.covered)
    mines = set(a.mines)
    solved = [
        "".join(ch if ch.isdigit() else "*" if Cell(r, c) in mines else "-" for c, ch in enumerate(row))
        for r, row in enumerate(board.grid)
    ]
    assert solved == case["solution_rows"]


# -- classic wall patterns ---------------------------------------------------------

PATTERNS = load("patterns/classic_patterns.json")
PATTERN_CHAR = str.maketrans({"?": ".", ".": "0"})  # '*' and 'F' are flags already


def pattern_board(case: dict[str, Any]) -> Board:
    rows = [row.translate(PATTERN_CHAR) for row in case["board"]]
    return Board.from_rows(rows, total_mines=case["total_mines"])


@pytest.mark.parametrize("case", PATTERNS["cases"], ids=lambda c: c["name"])
def test_pattern_exact_probabilities(case: dict[str, Any], backend: str) -> None:
    board = pattern_board(case)
    a = analyze(board, backend=backend)
    assert a.consistent
    expected = [[None if v == "-" else Fraction(v) for v in row] for row in case["exact_probs"]]
    assert exact_grid(board, a) == expected


@pytest.mark.parametrize("case", PATTERNS["cases"], ids=lambda c: c["name"])
def test_pattern_layout_counts(case: dict[str, Any], backend: str) -> None:
    board = pattern_board(case)
    by_mines = {int(k): n for k, n in case["n_frontier_layouts_by_mine_count"].items()}
    assert analyze(board.with_total(None), backend=backend).solutions == sum(by_mines.values())
    if case["total_mines"] is not None:
        rest, free = case["total_mines"] - len(board.flags), len(off_frontier(board))
        # Each frontier layout with k mines extends in C(free, rest - k) ways off the frontier.
        layouts = sum(n * comb(free, rest - k) for k, n in by_mines.items() if 0 <= rest - k <= free)
        assert analyze(board, backend=backend).solutions == layouts


@pytest.mark.parametrize("case", PATTERNS["consistency_cases"], ids=lambda c: c["name"])
def test_pattern_inconsistent(case: dict[str, Any], backend: str) -> None:
    assert case["expected"] == "INCONSISTENT"
    board = pattern_board(case)
    assert analyze(board, backend=backend).consistent is False
    result = check(board, backend=backend)
    assert result.consistent is False
    assert result.conflict or result.total_in_conflict


# -- Simon Tatham's mines.c (x-sheep/puzzles mirror): game IDs ---------------------

TATHAM = load("x-sheep-puzzles/mines.c.gameids.json")


def decode_game_id(game_id: str) -> tuple[Board, Cell, frozenset[Cell]]:
    """Read an unmasked ``WxH:x,y,<hex>`` id: an empty board, the first click and the mines."""
    m = re.fullmatch(r"(\d+)x(\d+):(\d+),(\d+),([0-9a-f]+)", game_id)
    assert m, f"not an unmasked game id: {game_id}"
    w, h, x, y = map(int, m.groups()[:4])
    bits = "".join(f"{int(d, 16):04b}" for d in m[5])  # row-major, high bit first
    assert len(bits) >= w * h
    mines = frozenset(Cell(i // w, i % w) for i in range(w * h) if bits[i] == "1")
    return Board.from_rows(["." * w] * h), Cell(y, x), mines


def solution_rows(board: Board, mines: frozenset[Cell]) -> list[str]:
    """The full layout: '*' for mines, neighbour counts elsewhere."""
    return [
        "".join(
            "*" if cell in mines else str(sum(n in mines for n in board.neighbours(cell)))
            for cell in (Cell(r, c) for c in range(board.cols))
        )
        for r in range(board.rows)
    ]


def reveal(board: Board, mines: frozenset[Cell], start: Cell) -> Board:
    """Open ``start`` and flood through zeros, as a first click does."""
    layout = solution_rows(board, mines)
    opened, todo = set(), [start]
    while todo:
        cell = todo.pop()
        if cell in opened:
            continue
        opened.add(cell)
        if layout[cell.row][cell.col] == "0":
            todo += board.neighbours(cell)
    rows = ["".join(layout[r][c] if (r, c) in opened else "." for c in range(board.cols)) for r in range(board.rows)]
    return Board.from_rows(rows, total_mines=len(mines))


def tatham_example() -> dict[str, Any]:
    return next(e for e in TATHAM["examples"] if "reference_decoded_solution" in e)


def test_tatham_game_id_decodes() -> None:
    example = tatham_example()
    board, first, mines = decode_game_id(example["game_id"])
    assert first == Cell(*reversed(example["first_click_xy"]))
    assert solution_rows(board, mines) == example["reference_decoded_solution"]


def test_tatham_first_click_position(backend: str) -> None:
    empty, first, mines = decode_game_id(tatham_example()["game_id"])
    board = reveal(empty, mines, first)
    assert board.number(first) == 0 and len(board.numbers) > 1
    skip_brute_if_too_large(backend, board)
    a = analyze(board, backend=backend)
    assert a.consistent
    assert not set(a.safe) & mines
    assert set(a.mines) <= mines
    assert all(a.exact(c) > 0 for c in mines)
