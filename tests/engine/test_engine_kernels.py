"""The engine's C kernels against the Python code they follow, and whole analyses with and without them.

The search kernel must list the same models in the same order and give up at
the same node, and count them into the same tables; the position kernel must
read the same rules off every board, simplify them in the same steps (the
same rules kept, the same cells forced in the same order) and split them into
the same components, boxes and problems; an analysis
through both must hold everything the Python path's holds, on every topology,
with and without a total.
"""

from __future__ import annotations

import importlib
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from math import comb
from typing import Any

import pytest
from rich.console import Console
from analyses import everything
from boards import HAND_CASES, Case, layout_board, random_cases, random_graph_cases

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.errors import TimeLimitExceeded
from cnfsweep.core.constraints import TOTAL, Constraint, CountTable, Problem, Rule
from cnfsweep.engine import Analysis, Engine, boxsearch, counting
from cnfsweep.engine.analysis import _lowest_cells
from cnfsweep.engine.boxsearch import search_python
from cnfsweep.engine.components import _from_models
from cnfsweep.engine.position import build_position, number_constraints
from cnfsweep.engine.simplify import simplify
from cnfsweep.present.text import analysis_view

# The module, not the function cnfsweep.engine exports under the same name.
positions = importlib.import_module("cnfsweep.engine.position")
KERNEL = boxsearch.kernel
READER = positions.kernel
pytestmark = pytest.mark.skipif(
    KERNEL is None or READER is None,
    reason="the engine's C kernels are not built (no compiler at install, or CNFSWEEP_PURE_PYTHON): nothing to compare",
)

CASES = [
    *HAND_CASES,
    *(case for t in ("square", "torus", "hex") for case in random_cases(topology=t)),
    *random_graph_cases(),
]
LIMITS = (None, 0, 1, 3, 10, 1000)


@contextmanager
def python_only() -> Iterator[None]:
    """Send every search, every board's numbers and every weighing through the Python code for the duration."""
    saved = boxsearch.kernel, positions.kernel, counting.kernel
    boxsearch.kernel = positions.kernel = counting.kernel = None
    try:
        yield
    finally:
        boxsearch.kernel, positions.kernel, counting.kernel = saved


def compiled(problem: Problem, limit: int | None, check: Any = None) -> Any:
    return KERNEL.box_models(problem.box_sizes, problem.box_of, problem.constraints, limit, check)


def random_problem(seed: int) -> Problem:
    """Boxes of 1-4 cells and constraints over random sets of boxes, some with a range, some impossible."""
    rng = random.Random(seed)
    sizes = [rng.randint(1, 4) for _ in range(rng.randint(0, 9))]
    boxes, start = [], 0
    for size in sizes:
        boxes.append(tuple(range(start, start + size)))
        start += size
    constraints = []
    for k in range(rng.randint(0, 7) if boxes else 0):
        chosen = rng.sample(range(len(boxes)), rng.randint(1, len(boxes)))
        cells = tuple(sorted(v for b in chosen for v in boxes[b]))
        lo = rng.randint(-1, len(cells) + 1) if rng.random() < 0.1 else rng.randint(0, len(cells))
        hi = lo if rng.random() < 0.7 else rng.randint(lo - 1, len(cells) + 1)
        constraints.append(Constraint(cells, lo, hi, TOTAL if k == 0 and rng.random() < 0.3 else f"n{k}"))
    return Problem(tuple(boxes), tuple(constraints))


def problems_of(case: Case) -> list[Problem]:
    """Every component problem of a case, as the engine builds it and unsimplified."""
    found = []
    for simplified in (True, False):
        pos = build_position(case.board, total_mines=case.total_mines, assume=case.assume, simplified=simplified)
        found.extend(comp.problem for comp in pos.components)
    return found


def check_table(problem: Problem, models: list[tuple[int, ...]]) -> None:
    """The kernel's forced boxes and count table are Python's, dicts in the same order."""
    got = _from_models(problem, models)
    with python_only():
        want = _from_models(problem, models)
    assert got == want
    if want[1] is not None:
        assert [list(got[0]), list(got[1].solutions), list(got[1].tallies)] == [
            list(want[0]),
            list(want[1].solutions),
            list(want[1].tallies),
        ]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_same_models_on_the_components_of_every_topology(case: Case) -> None:
    for problem in problems_of(case):
        for limit in LIMITS:
            assert compiled(problem, limit) == search_python(problem, limit)
        check_table(problem, search_python(problem))


@pytest.mark.parametrize("seed", range(300))
def test_same_models_on_random_problems(seed: int) -> None:
    problem = random_problem(seed)
    for limit in LIMITS:
        assert compiled(problem, limit) == search_python(problem, limit)
    check_table(problem, search_python(problem))


def read_solved(problem: Problem, found: Any) -> Any:
    """``box_solve``'s answer as ``solve_component`` reads it, dicts listed in their order (``None``: past the limit)."""
    if found is None:
        return None
    forced, table = (
        (found[0], CountTable(found[1], found[2])) if isinstance(found, tuple) else _from_models(problem, found)
    )
    if table is None:
        return forced, table
    return list(forced.items()), list(table.solutions.items()), list(table.tallies.items())


def same_solve(problem: Problem) -> None:
    """The one-call search and count (box_solve) is the Python search and count, at every node limit."""
    for limit in LIMITS:
        got = read_solved(problem, boxsearch.box_solve(problem, limit))
        with python_only():
            want = read_solved(problem, boxsearch.box_solve(problem, limit))
        assert got == want, limit


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_same_search_and_count_in_one_call_on_every_topology(case: Case) -> None:
    for problem in problems_of(case):
        same_solve(problem)


@pytest.mark.parametrize("seed", range(300))
def test_same_search_and_count_in_one_call_on_random_problems(seed: int) -> None:
    same_solve(random_problem(seed))


def test_one_call_leaves_counts_past_its_integers_to_python() -> None:
    # Two free boxes of 130 cells: C(130, 65)^2 passes any C integer, so the models come back for Python to count.
    problem = Problem(tuple(tuple(range(130 * b, 130 * b + 130)) for b in range(2)), ())
    assert KERNEL.box_solve(problem.box_sizes, problem.box_of, problem.constraints, 1, None) is None  # two boxes
    found = KERNEL.box_solve(problem.box_sizes, problem.box_of, problem.constraints, None, None)
    assert type(found) is list and len(found) == 131**2
    assert read_solved(problem, found) == read_solved(problem, search_python(problem))
    same_solve(Problem(((0, 1), (2,)), (Constraint((0, 1, 2), 4, 4, "a"),)))  # no model: an empty list


def test_counts_past_the_kernels_integers_are_left_to_python() -> None:
    # Boxes of 130 cells, half mines each: C(130, 65) is about 2^126, and three of them overflow any C integer.
    problem = Problem(tuple(tuple(range(130 * b, 130 * b + 130)) for b in range(3)), ())
    models = [(65, 65, 65), (64, 65, 66)]
    assert KERNEL.box_table(problem.box_sizes, models) is NotImplemented
    check_table(problem, models)
    # A box beyond the binomial table, a count out of its box, a model of the wrong length: Python answers.
    assert KERNEL.box_table((200,), [(1,)]) is NotImplemented
    for models in ([(3,)], [(1, 1)], [(-1,)]):
        assert KERNEL.box_table((2,), models) is NotImplemented
    assert KERNEL.box_table((2,), []) is NotImplemented
    if KERNEL.wide_bits() == 128:
        # C(100, 50), about 2^96, fits in 128 bits: the kernel counts it.
        assert KERNEL.box_table((100,), [(50,)]) == ({}, {50: comb(100, 50)}, {50: (comb(100, 50) // 2,)})


def test_the_deadline_is_read_where_python_reads_it() -> None:
    # 13 free one-cell boxes: 8,192 models, past the 4,096th node where the clock is read.
    problem = Problem(tuple((v,) for v in range(13)), (Constraint(tuple(range(13)), 0, 13, TOTAL),))
    past = time.perf_counter() - 1
    with pytest.raises(TimeLimitExceeded):
        boxsearch.search_box_models(problem, None, past)
    with python_only(), pytest.raises(TimeLimitExceeded):
        boxsearch.search_box_models(problem, None, past)
    assert len(boxsearch.search_box_models(problem, None, time.perf_counter() + 60)) == 2**13
    # Nine free boxes stay under the first reading: no clock, as in Python.
    small = Problem(tuple((v,) for v in range(9)), (Constraint(tuple(range(9)), 0, 9, TOTAL),))
    assert len(boxsearch.search_box_models(small, None, past)) == 2**9


def test_bad_problems_are_refused_in_one_line() -> None:
    with pytest.raises(IndexError, match="no box"):
        KERNEL.box_models((1,), (0,), (Constraint((3,), 1, 1, "a"),), None, None)
    with pytest.raises(TypeError, match="tuple"):
        KERNEL.box_models((1,), (0,), (Constraint([0], 1, 1, "a"),), None, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least 0"):
        KERNEL.box_models((1,), (0,), (), -1, None)


@pytest.mark.parametrize("counting", ["auto", "search"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_analyses_alike_with_and_without_the_kernel(case: Case, counting: str) -> None:
    def analyse() -> Analysis:
        return Engine.create(counting=counting).analyze(case.board, total_mines=case.total_mines, assume=case.assume)

    with_kernel = analyse()
    with python_only():
        without = analyse()
    assert everything(with_kernel) == everything(without)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_what_the_integers_tell_is_what_the_fractions_say(case: Case) -> None:
    """The lowest cells and the cells at 1 an analysis gives without its Fractions are those its Fractions give."""
    a = Engine.create().analyze(case.board, total_mines=case.total_mines, assume=case.assume)
    told = (a.lowest_cells(), sorted(a.frontier_mines()))
    exact = dict(a.frontier_exact.items())
    lowest = _lowest_cells(exact, a.off_frontier_exact, a.off_frontier) if a.consistent else []
    assert told == (lowest, sorted(c for c, p in exact.items() if p == 1))


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_one_cell_read_before_the_rest_is_the_cells_fraction(case: Case) -> None:
    """Every cell of the board, asked of a fresh analysis first, has the probability the whole mapping gives it."""
    engine = Engine.create()
    whole = engine.analyze(case.board, total_mines=case.total_mines, assume=case.assume)
    everywhere = dict(whole.frontier_exact.items())
    for cell in case.board.topology.tables().cells:
        fresh = Engine.create().analyze(case.board, total_mines=case.total_mines, assume=case.assume)
        asked = (cell in fresh.frontier_exact, fresh.frontier_exact.get(cell), fresh.exact(cell))
        assert asked == (cell in everywhere, everywhere.get(cell), whole.exact(cell)), cell


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_a_view_of_an_analysis_read_cell_by_cell_is_the_view_of_its_whole_mapping(case: Case) -> None:
    """The text view reads cell by cell and keys its marks by the values' identity: each cell's value must stay
    one object while the analysis lives (values made afresh on every read once drew 67% as M)."""
    console = Console(width=200, color_system=None)

    def view(read_all_first: bool) -> str:
        a = Engine.create().analyze(case.board, total_mines=case.total_mines, assume=case.assume)
        if read_all_first:
            dict(a.frontier_exact.items())
        with console.capture() as cap:
            console.print(analysis_view(a))
        return re.sub(r"[0-9.]+ ms", "... ms", cap.get())  # the time taken differs, nothing else may

    assert view(read_all_first=False) == view(read_all_first=True)
    a = Engine.create().analyze(case.board, total_mines=case.total_mines, assume=case.assume)
    for cell in case.board.topology.tables().cells:
        assert a.frontier_exact.get(cell) is a.frontier_exact.get(cell)


def big_board(seed: int, topology: str) -> Board:
    """A 30x30 board, a fifth mines, most safe cells open, some flagged: hundreds of rules."""
    rng = random.Random(seed)
    cells = [Cell(r, c) for r in range(30) for c in range(30)]
    mines = frozenset(rng.sample(cells, 180))
    revealed = [c for c in cells if c not in mines and rng.random() < 0.8]
    flagged = [m for m in sorted(mines) if rng.random() < 0.1]
    return layout_board(30, 30, mines, revealed, flagged, with_total=True, topology=topology)


BOARDS = [case.board for case in CASES] + [big_board(s, t) for t in ("square", "torus", "hex") for s in range(2)]


@pytest.mark.parametrize("every", [True, False])
@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"{b.topology.name}-{b.rows}x{b.cols}")
def test_same_rules_off_every_board(board: Board, every: bool) -> None:
    got = number_constraints(board, {}, every=every)
    with python_only():
        want = number_constraints(board, {}, every=every)
    assert got == want
    assert all(type(rule) is Rule and type(rule.cells) is tuple and type(rule.need) is int for rule in got)


def test_the_position_kernel_reads_the_deadline_before_each_4096_numbers() -> None:
    board = big_board(0, "square")
    past = time.perf_counter() - 1
    with pytest.raises(TimeLimitExceeded):
        number_constraints(board, {}, past)
    with python_only(), pytest.raises(TimeLimitExceeded):
        number_constraints(board, {}, past)
    assert number_constraints(board, {}, time.perf_counter() + 60) == number_constraints(board, {})


def test_the_position_kernel_refuses_bad_tables_in_one_line() -> None:
    cells, around = Board.from_rows(["1.", ".."]).topology.tables()
    with pytest.raises(ValueError, match="shorter than the board"):
        READER.number_rules(b"1...", cells[:2], around, Rule, True, None)
    with pytest.raises(IndexError, match="off the board"):
        READER.number_rules(b"1...", cells, ((9,), (), (), ()), Rule, True, None)
    with pytest.raises(TypeError, match="tuple type"):
        READER.number_rules(b"1...", cells, around, dict, True, None)


def test_environment_forces_python() -> None:
    # One switch for every kernel, the engine's and the search's.
    names = [
        "cnfsweep.engine.boxsearch",
        "cnfsweep.engine.position",
        "cnfsweep.engine.counting",
        "cnfsweep.search.splitting",
        "cnfsweep.search.endgame_tree",
    ]
    code = f"import importlib; print(*(importlib.import_module(n).kernel for n in {names!r}))"
    env = {**os.environ, "CNFSWEEP_PURE_PYTHON": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "None None None None None"


def indexed_rules(board: Board) -> list[Rule]:
    """The board's rules with a cell or more, over cell indices, as the engine simplifies them."""
    cells, _ = board.topology.tables()
    index = {c: i for i, c in enumerate(cells)}
    return [
        Rule(index[tag], tuple(index[c] for c in found), need)
        for tag, found, need in number_constraints(board, {})
        if found
    ]


def random_rules(seed: int) -> list[Rule]:
    """Overlapping rules over a few cells: subsets, equal sets, impossible needs, repeated cells."""
    rng = random.Random(seed)
    cells = rng.randint(1, 14)
    rules = []
    for k in range(rng.randint(0, 12)):
        found = tuple(rng.choice(range(cells)) for _ in range(rng.randint(0, 5)))
        need = rng.randint(-1, len(found) + 1) if rng.random() < 0.05 else rng.randint(0, len(set(found)))
        rules.append(Rule(1000 + k, found, need))
    return rules


def same_simplification(rules: list[Rule]) -> None:
    got = READER.simplify_rules(list(rules), Rule, None)
    want = simplify(rules)
    assert got[0] == want[0] and got[2] == want[2]
    assert list(got[1].items()) == list(want[1].items())
    assert all(type(rule) is Rule and type(rule.cells) is tuple for rule in got[0])


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"{b.topology.name}-{b.rows}x{b.cols}")
def test_same_simplification_off_every_board(board: Board) -> None:
    same_simplification(indexed_rules(board))


@pytest.mark.parametrize("seed", range(400))
def test_same_simplification_of_random_rules(seed: int) -> None:
    same_simplification(random_rules(seed))


def test_the_simplify_kernel_reads_the_deadline_and_refuses_bad_rules() -> None:
    rules = indexed_rules(big_board(0, "square"))
    with pytest.raises(TimeLimitExceeded):
        positions.settle(rules, time.perf_counter() - 1, indexed=True)
    with pytest.raises(TimeLimitExceeded):
        simplify(rules, time.perf_counter() - 1)
    assert positions.settle(rules, time.perf_counter() + 60, indexed=True) == simplify(rules)
    with pytest.raises(TypeError, match="tuple of cell indices"):
        READER.simplify_rules([Rule(0, [1, 2], 1)], Rule, None)
    with pytest.raises(ValueError, match="negative"):
        READER.simplify_rules([Rule(0, (-1,), 1)], Rule, None)
    with pytest.raises(TypeError, match="tuple type"):
        READER.simplify_rules([], dict, None)


def same_components(rules: list[Rule]) -> None:
    """The kernel's components are the Python code's, cells named by a table that sorts as the indices."""
    rules = [r for r in rules if r.cells]
    top = max((i for r in rules for i in (r.tag, *r.cells)), default=0)
    names = tuple(Cell(i // 7, i % 7) for i in range(top + 1))
    got = positions.build_components(rules, None, names)
    with python_only():
        want = positions.build_components(rules, None, names)
    assert got == want
    # Made in C or in Python, each object holds its fields alike, in its own instance dict; the kernel may
    # have filled in the problem's lazy values too, which must then be what the properties work out.
    for a, b in zip(got, want, strict=True):
        assert vars(a) == vars(b)
        lazies = {"num_vars", "box_sizes", "box_of", "shape"}
        assert {k: v for k, v in vars(a.problem).items() if k not in lazies} == vars(b.problem)
        assert [getattr(a.problem, k) for k in sorted(lazies)] == [getattr(b.problem, k) for k in sorted(lazies)]
        assert all(type(getattr(a.problem, k)) is tuple for k in ("box_sizes", "box_of", "shape"))
        assert [vars(c) for c in a.problem.constraints] == [vars(c) for c in b.problem.constraints]


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"{b.topology.name}-{b.rows}x{b.cols}")
def test_same_components_off_every_board(board: Board) -> None:
    rules = indexed_rules(board)
    same_components(rules)  # as read, cells in the topology's order
    same_components(simplify(rules)[0])


@pytest.mark.parametrize("seed", range(400))
def test_same_components_of_random_rules(seed: int) -> None:
    # Unsorted cells, cells far apart; once with each cell named once by its rule (as on boards, in C),
    # once with repeats (the kernel declines them: Python answers).
    rules = [Rule(tag, tuple(c * 37 % 101 for c in cells), need) for tag, cells, need in random_rules(seed)]
    same_components([Rule(tag, tuple(dict.fromkeys(cells)), need) for tag, cells, need in rules])
    same_components(rules)
    if any(len(set(r.cells)) < len(r.cells) for r in rules):
        assert READER.split_boxes([r for r in rules if r.cells]) is NotImplemented


def test_the_split_kernel_refuses_bad_rules_in_one_line() -> None:
    with pytest.raises(TypeError, match="non-empty tuple of cell indices"):
        READER.split_boxes([Rule(0, (), 0)])
    with pytest.raises(ValueError, match="negative"):
        READER.split_boxes([Rule(0, (-1,), 1)])
    assert READER.split_boxes([]) == []


def test_the_naming_kernel_refuses_bad_splits_in_one_line() -> None:
    names = (Cell(0, 0), Cell(0, 1))
    types = (Constraint, Problem, positions.Component)
    with pytest.raises(TypeError, match="as split_boxes gives"):
        READER.name_components([(0, 1)], names, *types)
    with pytest.raises(IndexError, match="outside the names"):
        READER.name_components([((0, 5), (2,), [])], names, *types)
    with pytest.raises(ValueError, match="do not add up"):
        READER.name_components([((0, 1), (3,), [])], names, *types)
    with pytest.raises(ValueError, match="do not add up"):
        READER.name_components([((0, 1), (1,), [])], names, *types)
    with pytest.raises(TypeError, match="tag, variables, need"):
        READER.name_components([((0, 1), (2,), [(0,)])], names, *types)
    assert READER.name_components([], names, *types) == ()


def scrambled_board(seed: int, topology: str) -> Board:
    """Numbers, flags and covered cells at random: most such boards contradict themselves somewhere."""
    rng = random.Random(seed)
    rows, cols = rng.randint(3, 7), rng.randint(3, 7)  # a torus needs 3 each way
    numbers = rng.random() * 0.5
    grid = [
        "".join(rng.choice("011223") if rng.random() < numbers else rng.choice("....*") for _ in range(cols))
        for _ in range(rows)
    ]
    return Board.from_rows(grid, total_mines=rng.randint(0, rows * cols), topology=topology)


def same_position(board: Board, simplified: bool) -> None:
    """The one-call kernel (board_parts) builds the Python path's position, field by field, dict order too."""
    mines = None if board.total_mines is None else board.total_mines - len(board.flags)
    got = positions.indexed_position(board, {}, mines, simplified)
    with python_only():
        want = positions.indexed_position(board, {}, mines, simplified)
    assert got == want
    assert list(got.forced.items()) == list(want.forced.items())
    assert type(got.off_frontier) is tuple and type(got.components) is tuple


@pytest.mark.parametrize("simplified", [True, False])
@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"{b.topology.name}-{b.rows}x{b.cols}")
def test_same_position_in_one_call_off_every_board(board: Board, simplified: bool) -> None:
    same_position(board, simplified)


@pytest.mark.parametrize("topology", ["square", "torus", "hex"])
def test_same_position_in_one_call_off_scrambled_boards(topology: str) -> None:
    boards = [scrambled_board(seed, topology) for seed in range(300)]
    # The boards must reach both kinds of contradiction and none, or the comparison proves less than it says.
    kinds = {positions.indexed_position(b, {}, None).contradiction is None for b in boards}
    assert kinds == {True, False}
    for board in boards:
        for simplified in (True, False):
            same_position(board, simplified)


def test_the_one_call_kernel_reads_the_deadline() -> None:
    board = big_board(0, "square")
    with pytest.raises(TimeLimitExceeded):
        positions.indexed_position(board, {}, None, True, time.perf_counter() - 1)
    with python_only(), pytest.raises(TimeLimitExceeded):
        positions.indexed_position(board, {}, None, True, time.perf_counter() - 1)
    late = positions.indexed_position(board, {}, None, True, time.perf_counter() + 60)
    assert late == positions.indexed_position(board, {}, None, True)


def test_the_one_call_kernel_refuses_short_tables_in_one_line() -> None:
    cells, around = Board.from_rows(["1.", ".."]).topology.tables()
    types = (Rule, Constraint, Problem, positions.Component)
    with pytest.raises(ValueError, match="shorter than the board"):
        READER.board_parts(b"1...", (0, 1, 2, 3), around, cells[:2], *types, True, None)
    with pytest.raises(IndexError, match="off the board"):
        READER.board_parts(b"1...", (0, 1, 2, 3), ((9,), (), (), ()), cells, *types, True, None)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"{b.topology.name}-{b.rows}x{b.cols}")
def test_rules_by_index_without_a_table_of_indices(board: Board) -> None:
    flat = "".join(board.grid).encode("ascii")
    _, around = board.topology.tables()
    ids = tuple(range(len(flat)))
    for every in (True, False):
        got = READER.number_rules(flat, None, around, Rule, every, None)
        assert got == READER.number_rules(flat, ids, around, Rule, every, None)
        assert all(type(rule.tag) is int for rule in got)
    with pytest.raises(TypeError, match="a tuple or None"):
        READER.number_rules(flat, list(ids), around, Rule, True, None)
