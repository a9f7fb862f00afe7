"""The Engine is the one entry point, and nothing it solves outlives it."""

from __future__ import annotations

import dataclasses

import pytest
from boards import HAND_CASES, Case, random_cases, random_graph_cases
from oracle import reference

from cnfsweep import Board, Engine, analyze, check, levels
from cnfsweep.core.board import Cell
from cnfsweep.engine.analysis import Analysis
from cnfsweep.engine.components import ComponentCache
from cnfsweep.engine.position import RecentPositions

BOARD = Board.from_rows(["1..", ".2.", "..."], total_mines=2)


def test_a_fresh_engine_starts_cold_whatever_another_solved() -> None:
    first, second = Engine.create(), Engine.create()
    first.analyze(BOARD)
    second.analyze(BOARD)
    # Nothing process-wide: the second engine solved the same component itself.
    assert first.cache.misses == second.cache.misses > 0 and second.cache.hits == 0
    assert len(first.positions) == len(second.positions) == 1


def test_one_engine_answers_every_question_with_its_settings() -> None:
    engine = Engine.create("cpsat", counting="enumerate", arithmetic="exact")
    analysis, result, found = engine.analyze(BOARD), engine.check(BOARD), engine.levels(BOARD)
    assert analysis.backend == result.backend == found.backend == "cpsat"
    ref = reference(BOARD)
    assert analysis.solutions == ref.solutions and all(analysis.exact(c) == p for c, p in ref.exact.items())
    assert result.consistent and found.consistent
    # The check reused the position the analysis built; the levels' exact analyses its components.
    assert len(engine.positions) <= 2 and engine.cache.hits > 0


def test_the_conveniences_answer_as_an_engine_does() -> None:
    engine = Engine.create("brute")
    assert analyze(BOARD, backend="brute").exact(Cell(0, 1)) == engine.analyze(BOARD).exact(Cell(0, 1))
    assert check(Board.from_rows(["2.", "00"]), backend="brute") == engine.check(Board.from_rows(["2.", "00"]))
    assert levels(BOARD, backend="brute").counts() == engine.levels(BOARD).counts()


def test_of_keeps_an_engine_and_builds_one_from_a_spec() -> None:
    engine = Engine.create()
    assert Engine.of(engine) is engine
    assert Engine.of("brute").spec == "brute" and Engine.of(None).spec == Engine.create().spec


class _Subclass(Engine):
    """An engine subclass: ``create`` builds it through its own constructor."""


@pytest.mark.parametrize(
    "make", [Engine.create, Engine.for_games, _Subclass.create, lambda: Engine(Engine.create().backend)]
)
def test_the_cache_and_positions_are_made_on_first_use_then_kept(make: object) -> None:
    engine = make()  # type: ignore[operator]
    # Nothing built until read: a check reads the positions, never the component cache.
    assert "cache" not in vars(engine) and "positions" not in vars(engine)
    engine.check(BOARD)
    assert "cache" not in vars(engine) and isinstance(engine.positions, RecentPositions)
    cache, positions = engine.cache, engine.positions
    assert isinstance(cache, ComponentCache) and cache.misses == 0
    # Made once, then the same objects for every reader: the analysis solved into the cache read before it.
    engine.analyze(BOARD)
    assert engine.cache is cache and engine.positions is positions
    assert cache.misses > 0 and len(positions) == 1
    # Each engine its own.
    assert make().cache is not cache  # type: ignore[operator]


def test_a_cache_given_is_shared_from_the_start() -> None:
    shared = ComponentCache()
    first, second = Engine.create(cache=shared), Engine.for_games(cache=shared)
    assert first.cache is second.cache is shared
    first.analyze(BOARD)
    second.analyze(BOARD)
    assert shared.misses > 0 and shared.hits > 0


TOPOLOGIES = {
    "square": HAND_CASES + random_cases(),
    "torus": random_cases(16, 4, topology="torus"),
    "hex": random_cases(16, 4, topology="hex"),
    "graph": random_graph_cases(),
}


def _answers(a: Analysis) -> dict[str, object]:
    """Everything an analysis holds but its time, with each covered cell's exact probability."""
    held = {f.name: getattr(a, f.name) for f in dataclasses.fields(a) if f.name not in ("seconds", "position")}
    exact = {c: a.exact(c) for c in a.board.cells()} if a.consistent else {}
    return {**held, "board": a.board, "exact": exact, "approximate": a.approximate}


@pytest.mark.parametrize("topology", list(TOPOLOGIES))
def test_a_fresh_engine_answers_as_a_warm_one_on_every_topology(topology: str) -> None:
    cases: list[Case] = TOPOLOGIES[topology]
    assert {c.board.topology.name for c in cases} == {topology}
    warm = Engine.create()
    for c in cases:  # every component met once: the second pass answers from the cache
        warm.analyze(c.board, total_mines=c.total_mines, assume=c.assume)
    hits = warm.cache.hits
    for c in cases:
        fresh = Engine.create().analyze(c.board, total_mines=c.total_mines, assume=c.assume)
        again = warm.analyze(c.board, total_mines=c.total_mines, assume=c.assume)
        assert _answers(fresh) == _answers(again), c.id
    assert warm.cache.hits > hits
