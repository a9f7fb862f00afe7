"""The cell clicked first is ``start`` on a generated board and on its layout; ``first_click`` is the rule.

The old attribute name still reads for one release, with a ``DeprecationWarning`` naming the new one,
and gives the same cell.  Nothing in the package reads the old name: writing a generated board and
its layout (text, JSON, a graph file) warns of nothing.
"""

from __future__ import annotations

import warnings

import pytest

from cnfsweep import generate, write_board
from cnfsweep.core.board import Cell
from cnfsweep.core.graph import Graph
from cnfsweep.core.layout import MineLayout
from cnfsweep.play.level import Level

RING = Graph.from_edges([f"v{i}" for i in range(8)], [(f"v{i}", f"v{(i + 1) % 8}") for i in range(8)])


@pytest.mark.parametrize("topology", ["square", "hex", RING], ids=["square", "hex", "graph"])
def test_a_generated_board_and_its_layout_hold_the_start_cell(topology: object) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        made = generate(Level(3, 4, 2), seed=4, topology=topology, start=(0, 1))
        board = made.board()
        assert made.start == Cell(0, 1) and board.layout is not None and board.layout.start == made.start
        assert made.start not in made.mine_cells
        assert made.to_dict()["mines"] == 2
        write_board(board, "graph" if isinstance(topology, Graph) else "native")
    with pytest.warns(DeprecationWarning, match=r"^Generated\.first_click is deprecated: use Generated\.start"):
        assert made.first_click == made.start
    with pytest.warns(DeprecationWarning, match=r"^MineLayout\.first_click is deprecated: use MineLayout\.start"):
        assert board.layout.first_click == made.start


def test_a_layout_without_a_start_says_none_under_both_names() -> None:
    layout = MineLayout(frozenset({Cell(0, 0)}))
    assert layout.start is None
    with pytest.warns(DeprecationWarning):
        assert layout.first_click is None
