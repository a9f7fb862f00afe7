"""The position's fast paths give what the general ones give, on every topology.

The engine reads only the numbers that say something, splits small
positions without networkx, and builds the position over integer cell
indices; all must leave every answer as it was.  Simplification walks cells
in ascending order, so indices and cells (which sort alike) take the same
steps and keep the same rules.
"""

from __future__ import annotations

import random

import pytest
from analyses import everything
from boards import HAND_CASES, Case, layout_board, random_cases, random_graph_cases
from oracle import fixed_cells

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.constraints import Rule
from cnfsweep.engine import Engine
from cnfsweep.engine.position import (
    SMALL_SPLIT,
    Position,
    assemble_position,
    build_position,
    indexed_position,
    number_constraints,
    split_networkx,
    split_small,
)
from cnfsweep.engine.simplify import simplify

TOPOLOGIES = ("square", "torus", "hex")


def _big_board(seed: int, topology: str, size: int = 40) -> Board:
    """A square-shaped board, a fifth mines, most safe cells open: about 0.6 rules a cell."""
    rng = random.Random(seed)
    cells = [Cell(r, c) for r in range(size) for c in range(size)]
    mines = frozenset(rng.sample(cells, len(cells) // 5))
    revealed = [c for c in cells if c not in mines and rng.random() < 0.8]
    flagged = [m for m in sorted(mines) if rng.random() < 0.1]
    return layout_board(size, size, mines, revealed, flagged, with_total=True, topology=topology)


CASES = [
    *HAND_CASES,
    *(case for t in TOPOLOGIES for case in random_cases(topology=t)),
    *random_graph_cases(),
    *(Case(f"{t}-big-{seed}", _big_board(seed, t)) for t in TOPOLOGIES for seed in range(2)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_the_numbers_that_say_something_give_every_other_rule(case: Case) -> None:
    fixed = fixed_cells(case.board, case.assume)
    every = number_constraints(case.board, fixed)
    assert [rule.tag for rule in every] == list(case.board.numbers)
    assert number_constraints(case.board, fixed, every=False) == [r for r in every if r.cells or r.need]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_both_splits_find_the_same_components(case: Case) -> None:
    rules = [r for r in number_constraints(case.board, fixed_cells(case.board, case.assume)) if r.cells]
    simplified, _, contradiction = simplify(rules)
    for some in (rules, [r for r in simplified if r.cells] if contradiction is None else []):
        assert split_small(some) == split_networkx(some)


def test_big_positions_are_split_by_networkx_and_agree() -> None:
    board = _big_board(7, "square", 64)
    rules = [r for r in number_constraints(board, {}) if r.cells]
    assert len(rules) > SMALL_SPLIT
    assert split_small(rules) == split_networkx(rules)
    assert sorted(c for comp in build_position(board, simplified=False).components for c in comp.cells) == sorted(
        {c for r in rules for c in r.cells}
    )


def by_index(board: Board, rules: list[Rule]) -> list[Rule]:
    """The rules with every cell, and tag, as its index in the board's tables."""
    cells, _ = board.topology.tables()
    index = {c: i for i, c in enumerate(cells)}
    return [Rule(index[tag], tuple(index[c] for c in found), need) for tag, found, need in rules]


def mines_of(case: Case) -> int | None:
    """The mines among the case's covered unflagged cells, if its total is known."""
    total = case.board.total_mines if case.total_mines is None else case.total_mines
    return None if total is None else total - len(case.board.flags)


def cell_position(case: Case, simplified: bool = True) -> Position:
    """The position as :func:`assemble_position` builds it from rules over cells: the reference."""
    board, fixed = case.board, fixed_cells(case.board, case.assume)
    return assemble_position(board, number_constraints(board, fixed), board.covered, mines_of(case), fixed, simplified)


@pytest.mark.parametrize("topology", [*TOPOLOGIES, "graph"])
def test_cells_sort_as_their_indices(topology: str) -> None:
    boards = [case.board for case in CASES if case.board.topology.name == topology]
    assert boards
    for board in boards:
        cells, _ = board.topology.tables()
        assert list(cells) == sorted(cells)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_simplification_takes_the_same_steps_on_indices_and_on_cells(case: Case) -> None:
    cells, _ = case.board.topology.tables()
    rules = [r for r in number_constraints(case.board, fixed_cells(case.board, case.assume)) if r.cells]
    kept, forced, contradiction = simplify(rules)
    kept_i, forced_i, contradiction_i = simplify(by_index(case.board, rules))
    assert by_index(case.board, kept) == kept_i
    assert [(cells[i], v) for i, v in forced_i.items()] == list(forced.items())
    assert contradiction == (None if contradiction_i is None else cells[contradiction_i])


@pytest.mark.parametrize("simplified", [True, False])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_the_indexed_position_is_the_one_built_on_cells(case: Case, simplified: bool) -> None:
    want = cell_position(case, simplified)
    got = indexed_position(case.board, fixed_cells(case.board, case.assume), mines_of(case), simplified)
    assert got == want
    assert list(got.forced.items()) == list(want.forced.items())


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_analyses_of_the_indexed_position_are_those_of_the_cells(case: Case) -> None:
    engine = Engine.create()
    got = engine.analyze(case.board, total_mines=case.total_mines, assume=case.assume)
    want = Engine.create().analyze_position(cell_position(case), total_mines=case.total_mines)
    assert everything(got) == everything(want)


@pytest.mark.parametrize("simplified", [True, False])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_the_cells_off_the_frontier_are_in_row_major_order(case: Case, simplified: bool) -> None:
    # An analysis takes the first of them as its best guess without sorting them (Position says so).
    fixed = fixed_cells(case.board, case.assume)
    for pos in (cell_position(case, simplified), indexed_position(case.board, fixed, mines_of(case), simplified)):
        assert list(pos.off_frontier) == sorted(pos.off_frontier)
