"""The Engine is the one entry point, and nothing it solves outlives it."""

from __future__ import annotations

from oracle import reference

from cnfsweep import Board, Engine, analyze, check, levels
from cnfsweep.core.board import Cell

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
