"""``build_position`` reads a board into a :class:`Position`; ``cnfsweep.engine.position`` is its module.

The function was called ``position`` and hid the module of the same name.  Both old spellings still
work for one release, each with a ``DeprecationWarning`` that names ``build_position``, and give the
same position as the new name.
"""

from __future__ import annotations

import importlib

import pytest

import cnfsweep.engine
from cnfsweep.core.board import Board
from cnfsweep.engine import build_position

BOARD = Board.from_rows(["1...", "....", "...1"], total_mines=2)


def test_the_engine_package_gives_the_module_under_its_name() -> None:
    assert cnfsweep.engine.position is importlib.import_module("cnfsweep.engine.position")
    assert "position" not in cnfsweep.engine.__all__ and "build_position" in cnfsweep.engine.__all__


def test_the_old_function_name_imports_with_a_warning() -> None:
    module = importlib.import_module("cnfsweep.engine.position")
    with pytest.warns(DeprecationWarning, match=r"position\.position is deprecated: use .*\.build_position$"):
        old = module.position
    assert old is build_position


def test_calling_the_old_name_warns_and_builds_the_same_position() -> None:
    with pytest.warns(DeprecationWarning, match=r"use cnfsweep\.engine\.build_position"):
        old = cnfsweep.engine.position(BOARD, total_mines=1)  # type: ignore[operator]
    assert old == build_position(BOARD, total_mines=1)
