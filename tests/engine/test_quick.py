"""The common analysis in one C call (engine.quick, engine/_analysis.c) against the general Python path.

Where the kernel is built, ``Engine.analyze`` on a board with no assumption, no time limit and
simplification on goes through :func:`cnfsweep.engine.quick.board_analysis`; everything an
analysis holds, and what the engine keeps (its recent positions, its component cache and the
cache's counters, the solver sessions it opened to prove forced boxes), must be what the general
path gives, on every topology, with and without a total, for a fresh engine and a warm one.
Everything else must take the general path.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from analyses import everything
from boards import EVERY_TOPOLOGY, HAND_CASES, Case, position_on, random_cases, random_graph_cases
from positions import guess_points
from spies import CountingBackend

from cnfsweep.core.board import Board
from cnfsweep.core.graph import Graph
from cnfsweep.engine import Engine, boxsearch, counting, quick
from cnfsweep.engine.analysis import Analysis
from cnfsweep.engine.components import ComponentCache
from cnfsweep.play.game import LEVELS

KERNEL = quick._kernel
pytestmark = pytest.mark.skipif(
    KERNEL is None,
    reason="the one-call kernel is not built (no compiler at install, or CNFSWEEP_PURE_PYTHON): nothing to compare",
)

CASES = [
    *HAND_CASES,
    *(case for t in ("square", "torus", "hex") for case in random_cases(topology=t)),
    *random_graph_cases(),
]
# Bigger positions on every topology, with and without a total and flags: several components each.
WIDE = [
    Case(
        f"{t}-wide-{seed}",
        position_on(t, seed, max_frontier=40, with_total=seed % 2 == 0, flags=seed % 3 == 0, most=(9, 12)).board,
    )
    for t in EVERY_TOPOLOGY
    for seed in range(12)
]


class Spy:
    """The one-call kernel, its calls counted (and its answer replaced where ``answer`` is set)."""

    def __init__(self, answer: Any = None) -> None:
        self.calls = 0
        self.answer = answer

    def analyze_board(self, *args: Any) -> Any:
        self.calls += 1
        return KERNEL.analyze_board(*args) if self.answer is None else self.answer


@contextmanager
def general_path() -> Iterator[None]:
    """Send ``Engine.analyze`` through the general path for the duration (the one-call kernel unused)."""
    saved = quick._kernel
    quick._kernel = None
    try:
        yield
    finally:
        quick._kernel = saved


def held(engine: Engine) -> tuple[Any, ...]:
    """What an engine keeps after its analyses: recent positions, the cache's entries in order and its counters."""
    cache = engine.cache
    recent = [
        (key, pos.components, pos.off_frontier, list(pos.forced.items()), pos.mines_left, pos.contradiction)
        for key, pos in engine.positions._recent.items()
    ]
    entries = [
        (key, forced, None if table is None else (table.solutions, table.tallies))
        for key, (forced, table) in cache._store.items()
    ]
    return recent, entries, cache.hits, cache.misses


def both(boards: list[tuple[Board, int | None]], make: Any) -> tuple[Any, Any]:
    """Analyse ``boards`` in order with one engine from ``make``, through the one call and through the general path."""
    results = []
    for fast in (True, False):
        engine = make()
        spy = Spy()
        saved = quick._kernel
        quick._kernel = spy if fast else None
        try:
            analyses = [everything(engine.analyze(board, total_mines=total)) for board, total in boards]
        finally:
            quick._kernel = saved
        results.append((analyses, held(engine), getattr(engine.backend, "opened", None), spy.calls > 0))
    (fast_answers, fast_held, fast_opened, used), (slow_answers, slow_held, slow_opened, _) = results
    assert used, "the one call was never made"
    return (fast_answers, fast_held, fast_opened), (slow_answers, slow_held, slow_opened)


@pytest.mark.parametrize("case", CASES + WIDE, ids=lambda c: c.id)
@pytest.mark.parametrize("make", [Engine.create, Engine.for_games], ids=["auto", "search"])
def test_a_fresh_engine_answers_as_the_general_path(case: Case, make: Any) -> None:
    if case.assume:
        pytest.skip("assumptions take the general path (see the fallback test)")
    fast, slow = both([(case.board, case.total_mines)], make)
    assert fast == slow


@pytest.mark.parametrize(
    ("module", "name", "value"),
    [
        ("cnfsweep.engine.components", "SEARCH_NODES", 1),  # every component past the search
        ("cnfsweep.engine.analysis", "EXACT_WORK", -1),  # every weighing in floats
        ("cnfsweep.engine.analysis", "LAZY_BITS", -1),  # every Fraction made at once
    ],
)
def test_the_engines_limits_hold_in_the_one_call_too(
    module: str, name: str, value: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.modules[module], name, value)
    for case in WIDE[::6]:
        fast, slow = both([(case.board, case.total_mines)], Engine.create)
        assert fast == slow


@pytest.mark.parametrize("total", [0, 2**62, 2**63 - 1, 2**63, 2**64 + 3, 10**30])
def test_a_total_past_the_kernels_integers_answers_as_the_general_path(total: int) -> None:
    board = Board.from_rows(["1..", ".*.", "..."])
    fast, slow = both([(board, total)], Engine.create)
    assert fast == slow


def lazily_read(a: Analysis) -> tuple[Any, ...]:
    """What the lazy readers answer before the Fractions' dict is made: each cell alone, then the halves and lowest."""
    return ([a.exact(c) for c in a.board.covered], a.frontier_halves(), a.lowest_cells(), a.frontier_mines())


@pytest.mark.parametrize("case", CASES + WIDE, ids=lambda c: c.id)
def test_a_fresh_analysis_finished_in_the_kernel_reads_lazily_as_the_general_path(case: Case) -> None:
    # A fresh engine's analysis is finished in the kernel, its lazy readers bound there: read them before anything
    # makes the dict of Fractions (everything() makes it first), each against the general path's.
    if case.assume:
        pytest.skip("assumptions take the general path")
    got = lazily_read(Engine.create().analyze(case.board, total_mines=case.total_mines))
    with general_path():
        want = lazily_read(Engine.create().analyze(case.board, total_mines=case.total_mines))
    assert got == want


@pytest.mark.parametrize("total", [None, 3, 150])
@pytest.mark.parametrize("make", [Engine.create, Engine.for_games], ids=["auto", "search"])
def test_a_box_past_the_kernels_binomials_is_counted_from_its_models(total: int | None, make: Any) -> None:
    # One number over 200 covered cells, one box: C(200, k) is past the one call's table, so that component's
    # models come back from box_solve for Python to count, as the general path counts them.
    names = ["hub", *(f"leaf{i}" for i in range(200))]
    board = Board(("3" + "." * 200,), total, topology=Graph.from_edges(names, [("hub", leaf) for leaf in names[1:]]))
    fast, slow = both([(board, None)], make)
    assert fast == slow


@pytest.mark.parametrize("topology", EVERY_TOPOLOGY)
@pytest.mark.parametrize("with_total", [True, False])
def test_a_warm_engine_keeps_what_the_general_path_keeps(topology: str, with_total: bool) -> None:
    # One engine through many positions, a tiny cache so that entries are evicted: the same answers,
    # the same positions kept, the same cache entries in the same order and the same counters.
    boards = [
        (position_on(topology, seed, max_frontier=30, with_total=with_total, flags=seed % 3 == 0).board, None)
        for seed in range(40)
    ]
    boards += boards[::3]  # met again: answered from the recent positions

    for make in (
        lambda: Engine.create(CountingBackend(), cache=ComponentCache(maxsize=3)),
        lambda: Engine.create(CountingBackend()),  # its first analysis leaves what it found for later
    ):
        fast, slow = both(boards, make)
        assert fast == slow


@pytest.mark.parametrize("read", ["cache", "positions", "check", "analyze"])
def test_a_fresh_engine_files_its_first_analysis_when_it_next_needs_it(read: str) -> None:
    # The first analysis makes neither the cache nor the recent positions; whatever reads either next
    # finds in both what the general path would have put there.
    # Two components of one shape: the second is a hit in the first analysis already.
    board = Board.from_rows(["1...1", ".....", "....."], total_mines=3)
    engines = []
    for fast in (True, False):
        engine = Engine.create()
        if fast:
            engine.analyze(board)
            assert "cache" not in vars(engine) and "positions" not in vars(engine)
        else:
            with general_path():
                engine.analyze(board)
        if read == "check":
            engine.check(board)
        elif read == "analyze":
            engine.analyze(board)
        else:
            getattr(engine, read)
        engines.append(held(engine))
    assert engines[0] == engines[1]


@pytest.mark.parametrize("topology", EVERY_TOPOLOGY)
def test_forced_boxes_are_proved_by_the_solver_as_on_the_general_path(topology: str) -> None:
    # Counting.AUTO proves with the solver each box the search finds forced: the same sessions opened.
    proved = []
    for seed in range(400):
        board = position_on(topology, seed, max_frontier=30, with_total=seed % 2 == 0).board
        fast, slow = both([(board, None)], lambda: Engine.create(CountingBackend()))
        assert fast == slow
        if fast[2]:
            proved.append(seed)
        if len(proved) == 2:
            break
    assert proved, "no position needed the solver's proof: the certification was not compared"


@pytest.mark.parametrize("level", ["expert", "intermediate"])
def test_guess_points_from_real_play_answer_as_the_general_path(level: str) -> None:
    boards = [(a.board, None) for a in guess_points(LEVELS[level], 36, 2)]
    assert boards
    fast, slow = both(boards, lambda: Engine.create(CountingBackend()))
    assert fast == slow
    for board, _ in boards[:10]:  # and cold, one fresh engine each
        fast, slow = both([(board, None)], Engine.create)
        assert fast == slow


@pytest.mark.parametrize(
    ("options", "make"),
    [
        ({"time_limit": 60.0}, Engine.create),
        ({"assume": {}}, Engine.create),
        ({"simplified": False}, Engine.create),
        ({}, lambda: Engine.create(counting="enumerate")),
        ({}, lambda: Engine.create(counting="dp")),
    ],
    ids=["time-limit", "assume", "not-simplified", "enumerate", "dp"],
)
def test_other_questions_take_the_general_path(options: dict[str, Any], make: Any) -> None:
    board = Board.from_rows(["1..", ".2.", "..."], total_mines=2)
    spy = Spy()
    saved = quick._kernel
    quick._kernel = spy
    try:
        got = make().analyze(board, **options)
    finally:
        quick._kernel = saved
    assert spy.calls == 0
    with general_path():
        assert everything(got) == everything(make().analyze(board, **options))


@pytest.mark.parametrize("off", ["position", "boxsearch", "counting"])
def test_a_kernel_turned_off_sends_every_analysis_the_general_way(off: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module = {"position": sys.modules["cnfsweep.engine.position"], "boxsearch": boxsearch, "counting": counting}[off]
    monkeypatch.setattr(module, "kernel", None)
    spy = Spy()
    monkeypatch.setattr(quick, "_kernel", spy)
    Engine.create().analyze(Board.from_rows(["1..", ".2.", "..."], total_mines=2))
    assert spy.calls == 0


def test_a_board_the_position_kernel_declines_is_built_in_python() -> None:
    board = Board.from_rows(["1...", ".2.*", "...."], total_mines=3)  # a flag: the total less it is left
    saved = quick._kernel
    quick._kernel = Spy(answer=NotImplemented)
    try:
        got = Engine.create().analyze(board)
    finally:
        quick._kernel = saved
    with general_path():
        assert everything(got) == everything(Engine.create().analyze(board))


def test_pure_python_leaves_the_kernel_unloaded() -> None:
    code = "import cnfsweep.engine.quick as q; print(q._kernel is None)"
    env = {"CNFSWEEP_PURE_PYTHON": "1", "PYTHONPATH": ":".join(sys.path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "True"


def test_off_frontier_exact_is_made_when_read_and_the_analysis_stays_a_value() -> None:
    board = Board.from_rows(["1...", "....", "...."], total_mines=3)
    fast = Engine.create().analyze(board)
    assert "off_frontier_exact" not in vars(fast)  # not made yet
    with general_path():
        slow = Engine.create().analyze(board)
    assert fast.off_frontier_exact == slow.off_frontier_exact and fast.off_frontier_exact is not None
    assert fast.off_frontier_exact is fast.off_frontier_exact  # made once, then kept
    # Equality, repr, replace and pickling see the field as the general path's analysis has it.
    same = dataclasses.replace(fast, seconds=slow.seconds, position=slow.position)
    again = dataclasses.replace(slow, frontier_exact=fast.frontier_exact)
    assert same == again and repr(same) == repr(again)
    copied = Engine.create().analyze(board)
    assert vars(copied).get("off_frontier_exact") is None
    assert dataclasses.replace(copied).off_frontier_exact == slow.off_frontier_exact
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.off_frontier_exact = None  # type: ignore[misc]
    assert isinstance(fast, Analysis)
