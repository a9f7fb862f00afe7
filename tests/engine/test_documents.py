"""The fast ways of writing answers write exactly what the slow, obvious ways write.

``core.jsontext.dumps`` is ``json.dumps`` for any JSON document (values
shared or not, lists long or short, keys of any kind); ``Analysis.to_dict``
holds, cell by cell, what ``Analysis.exact`` says; ``Analysis.to_json`` is
``json.dumps(to_dict())``; the levels document lists cells in row-major order.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boards import perturbed, random_position
from cnfsweep import Board, analyze, levels
from cnfsweep.core.board import Cell
from cnfsweep.core.jsontext import SMALL, WIDE, dumps

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
)


@st.composite
def shared_lists(draw: st.DrawFn) -> list[Any]:
    """A long list drawn from a few objects, as a grid's row is (or of small lists, as a list of cells is)."""
    pool = draw(st.lists(st.one_of(scalars, st.lists(st.integers(), max_size=3)), min_size=1, max_size=4))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=WIDE + 1, max_size=3 * WIDE))
    return [pool[i] for i in picks]


keys = st.one_of(
    st.text(max_size=4), st.integers(), st.booleans(), st.none(), st.floats(allow_nan=False, allow_infinity=True)
)
documents = st.recursive(
    st.one_of(scalars, shared_lists()),
    lambda inner: st.one_of(
        st.lists(inner, max_size=WIDE + 3),
        st.lists(st.lists(inner, min_size=0, max_size=SMALL + 2), min_size=WIDE + 1, max_size=WIDE + 3),
        st.dictionaries(keys, inner, max_size=4),
    ),
    max_leaves=60,
)


@settings(max_examples=30, deadline=None)  # each document runs to thousands of values
@given(documents)
def test_dumps_writes_what_json_dumps_writes(document: Any) -> None:
    assert dumps(document) == json.dumps(document)


def test_dumps_writes_a_shared_object_once_per_identity_not_per_value() -> None:
    # Equal values that are different objects (0.0 and -0.0 are equal floats) keep their own texts.
    zero, minus = 0.0, -0.0
    row = [zero, minus] * WIDE
    assert dumps([row, row]) == json.dumps([row, row])


def _reference(analysis: Any) -> dict[str, Any]:
    """The analysis document's grids and cells, one cell at a time through the public methods."""
    board = analysis.board
    probabilities, exact = [], []
    for r in range(board.rows):
        prow, erow = [], []
        for c in range(board.cols):
            p = analysis.exact(Cell(r, c))
            prow.append(None if p is None else float(p))
            erow.append(None if p is None or (analysis.approximate and 0 < p < 1) else str(p))
        probabilities.append(prow)
        exact.append(erow)
    return {
        "probabilities": probabilities,
        "exact": exact,
        "safe": [list(c) for c in analysis.safe],
        "mines": [list(c) for c in analysis.mines],
    }


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    with_total=st.booleans(),
    flags=st.booleans(),
    broken=st.booleans(),
    arithmetic=st.sampled_from(["exact", "float"]),
    label=st.booleans(),
)
def test_the_analysis_document_is_what_each_cell_says(
    seed: int, with_total: bool, flags: bool, broken: bool, arithmetic: str, label: bool
) -> None:
    board = random_position(seed, with_total=with_total, flags=flags).board
    if broken and board.numbers:
        board = perturbed(board, seed)  # usually inconsistent: every cell None
    if label and board.covered:
        cell = random.Random(seed).choice(board.covered)
        grid = list(board.grid)
        grid[cell.row] = grid[cell.row][: cell.col] + "u" + grid[cell.row][cell.col + 1 :]
        board = Board(tuple(grid), board.total_mines)
    analysis = analyze(board, arithmetic=arithmetic)
    doc = analysis.to_dict()
    assert {k: doc[k] for k in ("probabilities", "exact", "safe", "mines")} == _reference(analysis)
    assert analysis.to_json() == json.dumps(doc)


def test_the_analysis_text_of_a_board_read_from_text_names_its_format() -> None:
    analysis = analyze("mines: 3\n1F.\n.u.\n")
    assert analysis.to_json() == json.dumps(analysis.to_dict())
    assert analysis.to_dict()["format"] == "native" and analysis.to_dict()["exact"][0] == [None, None, "1"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), with_total=st.booleans())
def test_the_levels_document_lists_cells_in_row_major_order(seed: int, with_total: bool) -> None:
    result = levels(random_position(seed, with_total=with_total).board)
    doc = result.to_dict()
    by_level: dict[str, dict[str, list[list[int]]]] = {n: {"safe": [], "mines": []} for n in result.names}
    for cell, (name, mine) in sorted(result.decided.items()):
        by_level[name]["mines" if mine else "safe"].append(list(cell))
    assert doc["levels"] == by_level
    assert result.to_json() == json.dumps(doc)
