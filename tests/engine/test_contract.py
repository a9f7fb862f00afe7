"""Contract suite: every backend (each registered one, and the template) must agree exactly with the brute-force oracle."""

from __future__ import annotations

import pytest

from boards import HAND_CASES, Case, random_cases, random_graph_cases
from conftest import BACKENDS
from oracle import assert_check_valid, assert_matches, reference
from sampling import sample

from cnfsweep import analyze, check
from cnfsweep.core.board import Board
from cnfsweep.engine import Engine
from cnfsweep.engine.backends import Backend
from cnfsweep.engine.backends.TEMPLATE import BacktrackBackend

# Torus and hex positions: the engine knows only the rules, so every backend must match the oracle there too.
OTHER_GRIDS = random_cases(16, 4, topology="torus") + random_cases(16, 4, topology="hex")
# Random small graphs (sparse, dense, regular, wheels, 3D grids, cycles): any adjacency, the same rules.
GRAPHS = random_graph_cases()
CASES = HAND_CASES + random_cases() + OTHER_GRIDS + GRAPHS
#: Every backend spec, then the backend a newcomer copies (``engine/backends/TEMPLATE.py``), unregistered.
CONTRACT_BACKENDS: list[str | Backend] = [*BACKENDS, BacktrackBackend()]


def kind(case: Case) -> str:
    """A position's kind: written by hand, or a random one on its topology (square, torus, hex, graph)."""
    return "hand" if case in HAND_CASES else case.board.topology.name


def backend_id(backend: str | Backend) -> str:
    return backend if isinstance(backend, str) else "TEMPLATE"


def crossing(seed: str, keep: float) -> list[tuple[Case, str | Backend]]:
    """A seeded sample of every position against every backend that still holds every position, and every
    backend on every kind of position (tests/sampling.py); `python -m benchmarks sweeps` runs them all."""
    return sample(
        [(c, b) for c in CASES for b in CONTRACT_BACKENDS],
        lambda pair: [("case", pair[0].id), ("backend on", backend_id(pair[1]), kind(pair[0]))],
        seed=seed,
        keep=keep,
    )


ANALYSES = crossing("analyze contract", 0.25)
CHECKS = crossing("check contract", 0.25)


@pytest.mark.parametrize("simplified", [True, False], ids=["simplified", "search-only"])
@pytest.mark.parametrize(("case", "contract_backend"), ANALYSES, ids=[f"{c.id}-{backend_id(b)}" for c, b in ANALYSES])
def test_analyze_matches_oracle(case: Case, contract_backend: str | Backend, simplified: bool) -> None:
    # Without simplification every cell goes through the backend's own search and count.
    ref = reference(case.board, total_mines=case.total_mines, assume=case.assume)
    result = analyze(
        case.board,
        total_mines=case.total_mines,
        backend=contract_backend,
        assume=case.assume,
        simplified=simplified,
        counting="enumerate",
    )
    assert_matches(result, case.board, ref)


@pytest.mark.parametrize(("case", "contract_backend"), CHECKS, ids=[f"{c.id}-{backend_id(b)}" for c, b in CHECKS])
def test_check_verdict_witness_and_conflict(case: Case, contract_backend: str | Backend) -> None:
    ref = reference(case.board, total_mines=case.total_mines, assume=case.assume)
    result = check(case.board, total_mines=case.total_mines, backend=contract_backend, assume=case.assume)
    assert_check_valid(result, case.board, ref.consistent, total=case.total, assume=case.assume)


def test_case_list_covers_both_verdicts() -> None:
    verdicts = [reference(c.board, total_mines=c.total_mines, assume=c.assume).consistent for c in CASES]
    assert verdicts.count(False) >= 10 and verdicts.count(True) >= 40


@pytest.mark.parametrize("topology", ["torus", "hex"])
def test_other_grids_cover_both_verdicts_and_totals(topology: str) -> None:
    cases = [c for c in OTHER_GRIDS if c.board.topology.name == topology]
    verdicts = [reference(c.board, total_mines=c.total_mines).consistent for c in cases]
    assert verdicts.count(False) >= 3 and verdicts.count(True) >= 12
    assert {c.total is None for c in cases} == {True, False}
    # Wrapping around, or the hex offsets, must change some answers: not square boards in disguise.
    assert sum(reference(c.board) != reference(Board(c.board.grid, c.board.total_mines)) for c in cases) >= 5


def test_graph_cases_cover_both_verdicts_totals_and_flags() -> None:
    verdicts = [reference(c.board, total_mines=c.total_mines).consistent for c in GRAPHS]
    assert verdicts.count(False) >= 3 and verdicts.count(True) >= 15
    assert {c.total is None for c in GRAPHS} == {True, False}
    assert sum(bool(c.board.flags) for c in GRAPHS) >= 3
    # Not only trivial positions: some have several layouts, some cells of degree other than a grid's.
    assert sum(reference(c.board).solutions > 1 for c in GRAPHS) >= 5
    assert any(d not in (2, 3, 4, 5, 6, 8) for c in GRAPHS for d in map(len, c.board.topology.tables().around))


@pytest.mark.parametrize("engine", ["pysat", "cpsat"])
def test_cached_analyses_agree_with_uncached(engine: str) -> None:
    # One engine, so one cache, for every board: components met again must give the same answers.
    shared = Engine.create(engine)
    cache = shared.cache
    for round in range(2):
        for c in CASES:
            cached = shared.analyze(c.board, total_mines=c.total_mines, assume=c.assume)
            fresh = analyze(c.board, total_mines=c.total_mines, backend=engine, assume=c.assume)
            assert cached.consistent == fresh.consistent and cached.solutions == fresh.solutions
            assert all(cached.exact(x) == fresh.exact(x) for x in c.board.cells())
        if round == 0:
            solved = cache.misses
    # The second round met only components already solved.
    assert cache.misses == solved and cache.hits > 0
