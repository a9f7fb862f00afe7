"""The weighing kernel (``cnfsweep.engine._weigh``) against the definition and against the Python code.

:func:`~cnfsweep.engine.counting.combine` weighs components' count tables
against the cells off the frontier and the total.  Its answer is checked here
against the definition (every choice of mine count per component, times the
binomial of the rest, summed), with the kernel and without it; counts past
the kernel's integers (64 bits in, 128 bits inside) must be handed back to
Python, never wrapped.  Whole analyses with and without every kernel are compared
in ``test_engine_kernels.py``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from fractions import Fraction
from itertools import product
from types import SimpleNamespace
from math import comb, prod
from typing import Any

import pytest
from analyses import everything
from boards import HAND_CASES, Case, layout_board, random_cases, random_graph_cases

from cnfsweep.core.board import Cell
from cnfsweep.core.constraints import CountTable, Problem
from cnfsweep.engine import Analysis, Engine, counting
from cnfsweep.engine.position import Component
from cnfsweep.engine.counting import (
    Combined,
    Scaled,
    combine,
    least_weight,
    mine_polynomial,
    multiply,
    off_frontier_ways,
    weigh,
)

# The module, not a name cnfsweep.engine may export.
analysis_module = importlib.import_module("cnfsweep.engine.analysis")

KERNEL = counting.kernel
needs_kernel = pytest.mark.skipif(
    KERNEL is None, reason="the weighing kernel is not built (no compiler, or CNFSWEEP_PURE_PYTHON): nothing to compare"
)


@contextmanager
def python_only() -> Iterator[None]:
    """Weigh in Python for the duration."""
    saved = counting.kernel
    counting.kernel = None
    try:
        yield
    finally:
        counting.kernel = saved


def by_definition(tables: Sequence[CountTable], n_off: int, mines_left: int) -> Combined:
    """Sum every choice of mine count per component, each times the ways to place the rest off the frontier."""
    solutions = off = 0
    boxes = [[0] * len(next(iter(t.tallies.values()))) for t in tables]
    for choice in product(*(list(t.solutions) for t in tables)):
        rest = mines_left - sum(choice)
        if not 0 <= rest <= n_off:
            continue
        counts = [t.solutions[k] for t, k in zip(tables, choice, strict=True)]
        ways = prod(counts) * comb(n_off, rest)
        solutions += ways
        if n_off:
            off += prod(counts) * comb(n_off - 1, rest - 1) if rest else 0
        for i, (t, k) in enumerate(zip(tables, choice, strict=True)):
            others = prod(counts[:i]) * prod(counts[i + 1 :]) * comb(n_off, rest)
            for b, tally in enumerate(t.tallies[k]):
                boxes[i][b] += others * tally
    if solutions == 0:
        return Combined(0, (), None)
    return Combined(
        solutions,
        tuple(tuple(Fraction(x, solutions) for x in row) for row in boxes),
        Fraction(off, solutions) if n_off else None,
    )


def random_table(rng: random.Random, big: int = 0) -> CountTable:
    """A count table of random canonical models over 1-4 boxes; ``big`` adds a box that large, half full."""
    sizes = [rng.randint(1, 5) for _ in range(rng.randint(1, 4))]
    models = {tuple(rng.randint(0, s) for s in sizes) for _ in range(rng.randint(1, 6))}
    if big:
        return CountTable.from_models([*sizes, big], [(*m, big // 2) for m in models])
    return CountTable.from_models(sizes, models)


def random_case(seed: int, big: int = 0) -> tuple[list[CountTable], int, int]:
    rng = random.Random(seed)
    tables = [random_table(rng, big if i == 0 else 0) for i in range(rng.randint(1, 4))]
    most = sum(max(t.solutions) for t in tables)
    least = sum(min(t.solutions) for t in tables)
    n_off = rng.choice([0, 1, 2, rng.randint(3, 40), rng.randint(100, 600)])
    mines = rng.randint(max(0, least - 2), most + min(n_off, rng.choice([n_off, 3, 150])) + 2)
    return tables, n_off, mines


@pytest.mark.parametrize("seed", range(400))
def test_combine_is_the_definition_with_and_without_the_kernel(seed: int) -> None:
    tables, n_off, mines = random_case(seed)
    want = by_definition(tables, n_off, mines)
    assert combine(tables, n_off, mines) == want
    with python_only():
        assert combine(tables, n_off, mines) == want


def exact_counts(want: Combined) -> tuple[int, list[list[int]], int | None, int]:
    """The definition's layout counts: solutions, per box, off the frontier, and the fewest on a cell that may be safe."""
    n = want.solutions
    boxes = [[int(p * n) for p in row] for row in want.boxes]
    off = None if want.off_frontier is None else int(want.off_frontier * n)
    least = min([n, *(x for row in boxes for x in row), *([] if off is None else [off])])
    return n, boxes, off, least


@pytest.mark.parametrize("kernel", ["kernel", "python"])
@pytest.mark.parametrize("seed", range(400))
def test_weigh_and_least_weight_count_what_the_definition_does(seed: int, kernel: str) -> None:
    # The look-ahead's exact counts: the kernel's small integers scaled back must be the very integers.
    tables, n_off, mines = random_case(seed + 5000)
    want = by_definition(tables, n_off, mines)
    n, boxes, off, least = exact_counts(want) if want.solutions else (0, [], None, 0)
    with python_only() if kernel == "python" else nullcontext():
        w = weigh(tables, n_off, mines)
        assert (w.solutions, [list(row) for row in w.boxes], w.off_frontier) == (n, boxes, off)
        # With the binomials given (any list long enough) or without; with the product given or not.
        ways = off_frontier_ways(n_off, mines, mines + 1)
        product = [1]
        for t in tables:
            product = multiply(product, mine_polynomial(t))
        long_ways = off_frontier_ways(n_off, mines, max(len(product), mines + 1))
        assert least_weight(tables, n_off, mines) == (n, least)
        assert least_weight(tables, n_off, mines, ways=ways) == (n, least)
        assert least_weight(tables, n_off, mines, product=product, ways=long_ways) == (n, least)


@needs_kernel
@pytest.mark.parametrize("seed", range(100))
def test_the_kernel_answers_the_common_case(seed: int) -> None:
    # Small tables with up to 40 cells off the frontier fit (C(40, 20) < 2^40): the kernel, not the
    # fallback, gave the answer above.
    tables, n_off, mines = random_case(seed)
    if by_definition(tables, n_off, mines).solutions and n_off <= 40:
        assert KERNEL.weigh(tables, n_off, mines) is not NotImplemented


@needs_kernel
@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("big", [70, 140])
def test_counts_past_64_and_128_bits_go_back_to_python(seed: int, big: int) -> None:
    # C(70, 35) is about 2^66 (past the 64 bits a count is read in), C(140, 70) about 2^136.
    tables, n_off, mines = random_case(seed, big)
    assert KERNEL.weigh(tables, n_off, mines) is NotImplemented
    assert combine(tables, n_off, mines) == by_definition(tables, n_off, mines)


@needs_kernel
@pytest.mark.parametrize("components", [2, 3, 4])
def test_products_past_128_bits_go_back_to_python(components: int) -> None:
    # Each count fits in 64 bits; their product over three components (2^150) does not fit in 128.
    table = CountTable({0: 1, 1: 2**50}, {0: (0,), 1: (2**50,)})
    tables = [table] * components
    assert (KERNEL.weigh(tables, 3, 2) is NotImplemented) == (components >= 3)
    assert combine(tables, 3, 2) == by_definition(tables, 3, 2)


@needs_kernel
def test_the_weights_are_scaled_to_fit_where_the_binomials_do_not() -> None:
    # Expert-like: 400 cells off the frontier, 90 mines left; C(400, 90) is about 2^300.
    tables = [CountTable({1: 2, 2: 1}, {1: (1, 0), 2: (1, 1)}), CountTable({0: 1, 3: 4}, {0: (0,), 3: (3,)})]
    assert KERNEL.weigh(tables, 400, 90) is not NotImplemented
    assert combine(tables, 400, 90) == by_definition(tables, 400, 90)


@needs_kernel
def test_the_kernel_declines_what_is_not_a_table() -> None:
    assert KERNEL.weigh([], 3, 4) is NotImplemented  # no layout: Python says so
    assert KERNEL.weigh([CountTable({}, {})], 3, 1) is NotImplemented
    assert KERNEL.weigh([CountTable({-1: 1}, {-1: (1,)})], 3, 1) is NotImplemented
    assert KERNEL.weigh([CountTable({1: 1}, {1: (1,)})], 3, -1) is NotImplemented
    with pytest.raises(AttributeError):
        KERNEL.weigh([object()], 3, 1)


@needs_kernel
@pytest.mark.parametrize("topology", ["square", "torus", "hex"])
def test_an_analysis_makes_its_fractions_when_they_are_read(monkeypatch: pytest.MonkeyPatch, topology: str) -> None:
    # Certain cells and the best guess are found on the kernel's integers; each box's Fraction is made
    # on the first read of frontier_exact, one object shared by the box's cells, as the Python path has them.
    made: list[Fraction] = []

    class Counted(Fraction):
        def __new__(cls, *args: Any) -> Counted:
            made.append(super().__new__(cls, *args))
            return made[-1]

    monkeypatch.setattr(analysis_module, "Fraction", Counted)
    mines = frozenset({Cell(0, 0), Cell(3, 4), Cell(5, 1), Cell(1, 3)})
    revealed = [Cell(1, 1), Cell(3, 3), Cell(4, 1), Cell(2, 4)]  # numbers with covered cells all round
    board = layout_board(6, 6, mines, revealed, with_total=True, topology=topology)
    result = Engine.create().analyze(board)
    assert result.position.components
    assert len(made) <= 1  # the probability off the frontier, made at once
    with python_only():
        reference = Engine.create().analyze(board)
    assert dict(result.frontier_exact) == dict(reference.frontier_exact)
    assert list(result.frontier_exact) == list(reference.frontier_exact)
    assert len(made) > 1
    for comp in result.position.components:
        for b in range(len(comp.problem.boxes)):
            assert len({id(result.frontier_exact[c]) for c in comp.box_cells(b)}) == 1
    assert (result.safe, result.mines, result.best_guess, result.lowest_cells(), result.count) == (
        reference.safe,
        reference.mines,
        reference.best_guess,
        reference.lowest_cells(),
        reference.count,
    )


CASES = [
    *HAND_CASES,
    *(case for t in ("square", "torus", "hex") for case in random_cases(topology=t)),
    *random_graph_cases(),
]


@pytest.mark.parametrize("kernel", ["kernel", "python"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_an_analysis_on_integers_holds_what_the_one_on_fractions_does(
    monkeypatch: pytest.MonkeyPatch, case: Case, kernel: str
) -> None:
    # Every topology, with and without a total: the analysis built on the weights' integers (certain cells
    # and best guess compared as integers, Fractions made when read) against the one built on Fractions.
    if kernel == "python":
        monkeypatch.setattr(counting, "kernel", None)

    def analyse() -> Analysis:
        return Engine.create().analyze(case.board, total_mines=case.total_mines, assume=case.assume)

    on_integers = analyse()
    monkeypatch.setattr(analysis_module, "LAZY_BITS", -1)  # every denominator too long: Fractions at once
    on_fractions = analyse()
    assert everything(on_integers) == everything(on_fractions)


def random_weighed(seed: int) -> tuple[Any, Scaled]:
    """A position-like object of random components and rows of weights on a random, possibly huge, scale."""
    rng = random.Random(seed)
    scale = rng.choice([1, 2, 7, 10**30, 2**200 + 1])
    values = [0, scale, *(rng.randint(0, scale) for _ in range(3))]
    comps, rows, at = [], [], 0
    for _ in range(rng.randint(0, 4)):
        sizes = [rng.randint(1, 3) for _ in range(rng.randint(1, 5))]
        boxes, v = [], 0
        for size in sizes:
            boxes.append(tuple(range(v, v + size)))
            v += size
        cells = tuple(Cell(at + k, 0) for k in range(v))
        at += v
        comps.append(Component(cells, Problem(tuple(boxes), ())))
        rows.append(tuple(rng.choice(values) for _ in boxes))
    return SimpleNamespace(components=tuple(comps)), Scaled(scale, scale, tuple(rows), None, scale)


@pytest.mark.parametrize("seed", range(200))
def test_the_kernel_tells_safe_mines_and_lowest_as_python_does(seed: int) -> None:
    pos, weights = random_weighed(seed)
    got_safe: list[Cell] = [Cell(-1, -1)]
    got_mines: list[Cell] = []
    got = analysis_module._classify(pos, weights, got_safe, got_mines)
    want_safe: list[Cell] = [Cell(-1, -1)]
    want_mines: list[Cell] = []
    with python_only():
        want = analysis_module._classify(pos, weights, want_safe, want_mines)
    assert (got, got_safe, got_mines) == (want, want_safe, want_mines)


@needs_kernel
def test_the_classify_kernel_refuses_bad_rows_in_one_line() -> None:
    cells, boxes = (Cell(0, 0), Cell(0, 1)), ((0, 1),)
    with pytest.raises(ValueError, match="one row of weights a component"):
        KERNEL.classify(((1,),), (), 2)
    with pytest.raises(TypeError, match="a weight a box"):
        KERNEL.classify(((1, 1),), ((cells, boxes),), 2)
    with pytest.raises(IndexError, match="has no cell"):
        KERNEL.classify(((1,),), ((cells, ((0, 5),)),), 2)
    assert KERNEL.classify(((1,),), ((cells, boxes),), 2) == ([], [], 1, list(cells))
    # A component is read as its (cells, boxes): the engine hands the kernel its components as they are.
    comp = Component(cells, Problem(boxes, ()))
    assert KERNEL.classify(((1,),), (comp,), 2) == KERNEL.classify(((1,),), ((cells, boxes),), 2)
    with pytest.raises(AttributeError, match="problem"):
        KERNEL.classify(((1,),), (SimpleNamespace(cells=cells),), 2)
    with pytest.raises(AttributeError, match="cells"):
        KERNEL.classify(((1,),), (SimpleNamespace(problem=comp.problem),), 2)
