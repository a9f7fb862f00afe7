"""A time limit is honoured by every stage: reading the board, simplifying, weighing, and ``check``.

Each stage is called with a deadline already past and must give up at once;
the whole analysis and ``check`` are given a real limit on a 500x500 board
whose exact weighing takes many seconds, and must give up within a generous
margin of it (the margin allows for a loaded machine, not for a stage that
ignores the limit).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cnfsweep import Board, Engine, analyze, check
from cnfsweep.engine.approx import combine_approx
from cnfsweep.engine.backends import get_backend
from cnfsweep.engine.components import solve_component
from cnfsweep.engine.consistency import minimise_core
from cnfsweep.engine.counting import combine, weigh
from cnfsweep.core.errors import TimeLimitExceeded
from cnfsweep.core.constraints import Constraint, Problem
from cnfsweep.engine.position import assemble_position, build_components, build_position, number_constraints
from cnfsweep.engine.simplify import simplify
from cnfsweep.engine.witness import choose_counts, find_witness

MARGIN = 3.0  # seconds past the limit a loaded machine may need; the stages check every few milliseconds


@pytest.fixture(scope="module")
def big_board() -> Board:
    """The benchmark's kind of large board: 500x500 with 40,000 mines and 250 opened regions."""
    from benchmarks.harness.corpora import LargeSpec

    return LargeSpec(500, 500, 40_000, 250).board()


@pytest.fixture(scope="module")
def parts(big_board: Board) -> dict[str, Any]:
    """What each stage takes, built once without a deadline."""
    pos = build_position(big_board)
    engine = get_backend(None)
    tables = [solve_component(engine, comp.problem)[1] for comp in pos.components]
    rules = [r for r in number_constraints(big_board, {}) if r[1]]
    return {"board": big_board, "pos": pos, "engine": engine, "tables": tables, "rules": rules}


def _unsat_core(past: float) -> object:
    engine = get_backend(None)
    problem = Problem(((0,), (1,)), (Constraint.exactly((0, 1), 2, "a"), Constraint.exactly((0,), 0, "b")))
    session = engine.open(problem, guarded=True)
    try:
        return minimise_core(session, frozenset({0, 1}), past)
    finally:
        session.close()


def _fresh_position(p: dict[str, Any], past: float) -> object:
    return build_position(p["board"], deadline=past)  # nothing process-wide: built anew each time


STAGES: dict[str, Callable[[dict[str, Any], float], object]] = {
    "number_constraints": lambda p, past: number_constraints(p["board"], {}, past),
    "simplify": lambda p, past: simplify(p["rules"], past),
    "build_components": lambda p, past: build_components(p["rules"], past),
    "assemble_position": lambda p, past: assemble_position(
        p["board"], p["rules"], p["board"].covered, p["pos"].mines_left, deadline=past
    ),
    "position": _fresh_position,
    "weigh": lambda p, past: weigh(p["tables"], len(p["pos"].off_frontier), p["pos"].mines_left, deadline=past),
    "combine": lambda p, past: combine(p["tables"], len(p["pos"].off_frontier), p["pos"].mines_left, past),
    "combine_approx": lambda p, past: combine_approx(
        p["tables"], len(p["pos"].off_frontier), p["pos"].mines_left, past
    ),
    "find_witness": lambda p, past: find_witness(p["pos"], p["engine"], past),
    "choose_counts": lambda p, past: choose_counts([[0, 1]] * 10, 3, 3, past),
    "minimise_core": lambda p, past: _unsat_core(past),
}


@pytest.mark.parametrize("stage", STAGES)
def test_every_stage_gives_up_once_the_deadline_has_passed(parts: dict[str, Any], stage: str) -> None:
    with pytest.raises(TimeLimitExceeded):
        STAGES[stage](parts, time.perf_counter() - 1.0)


def test_exact_weighing_stops_at_the_time_limit(parts: dict[str, Any]) -> None:
    # The engine built the position already, so the limit runs out while the components are weighed
    # (about ten seconds of big-integer work without a limit).
    board = parts["board"]
    engine = Engine.create(arithmetic="exact")
    engine.positions.position(board)
    limit = 1.0
    start = time.perf_counter()
    with pytest.raises(TimeLimitExceeded):
        engine.analyze(board, time_limit=limit)
    assert time.perf_counter() - start < limit + MARGIN


@pytest.mark.parametrize("command", ["analyze", "check"])
def test_the_limit_covers_reading_the_board_into_components(big_board: Board, command: str) -> None:
    with pytest.raises(TimeLimitExceeded) as raised:
        if command == "check":
            check(big_board, time_limit=0)
        else:
            analyze(big_board, time_limit=0)
    # It gave up while building the position, not after.
    assert any(Path(entry.path).name == "position.py" for entry in raised.traceback)


def test_check_answers_well_within_a_limit_on_a_big_board(big_board: Board) -> None:
    result = check(big_board, time_limit=60)
    assert result.consistent and len(result.witness_mines) == 40_000
