"""A ``ReasonFinder`` asks the engine it is given; a bare backend still works for one release, with a warning."""

from __future__ import annotations

import warnings

import pytest
from spies import counting_engine

from cnfsweep import Board, Cell
from cnfsweep.core.errors import ArgumentTypeError
from cnfsweep.engine.backends import get_backend
from cnfsweep.explanation import Explainer, ReasonFinder

BOARD = Board.from_rows(["....", "1221"])


def facts() -> list[tuple[Cell, bool]]:
    return [(m.cell, m.mine) for m in Explainer().certain(BOARD)]


def test_a_finder_takes_an_engine_and_puts_its_questions_to_the_engines_backend() -> None:
    engine, backend = counting_engine()
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        with ReasonFinder(BOARD, engine) as finder:
            assert finder.engine is engine
            reasons = [finder.reason(cell, mine) for cell, mine in facts()]
    assert reasons and backend.opened > 0


def test_a_bare_backend_is_deprecated_and_gives_the_same_reasons() -> None:
    engine, _ = counting_engine()
    with ReasonFinder(BOARD, engine) as finder:
        expected = [finder.reason(cell, mine, smallest=True) for cell, mine in facts()]
    with pytest.warns(DeprecationWarning, match="pass an Engine"), ReasonFinder(BOARD, get_backend(None)) as finder:
        assert [finder.reason(cell, mine, smallest=True) for cell, mine in facts()] == expected


def test_anything_else_is_refused_by_type() -> None:
    with pytest.raises(ArgumentTypeError, match="engine must be an Engine"):
        ReasonFinder(BOARD, "pysat")  # type: ignore[arg-type]
