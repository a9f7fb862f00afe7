"""Graph boards through every answer: reasons and levels against the oracles, and a grid read as a graph."""

from __future__ import annotations

import pytest
from boards import random_graph_position, random_position
from reason_oracle import explain_and_check
from test_levels import assert_levels

from cnfsweep import analyze, check
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.graph import Graph
from cnfsweep.engine import Engine
from cnfsweep.explanation import Explainer
from cnfsweep.formats import parse_board
from cnfsweep.formats.graph import write_graph


def test_every_reason_forces_its_fact_on_graphs() -> None:
    boards = (random_graph_position(seed, with_total=seed % 2 == 0, flags=seed % 3 == 0).board for seed in range(40))
    assert explain_and_check(Explainer(), boards) > 40


def test_levels_match_the_definition_on_graphs(engine: Engine) -> None:
    for seed in range(16):
        pos = random_graph_position(seed, with_total=seed % 2 == 0, max_frontier=10)
        for max_level in (2, 4):
            assert_levels(pos.board, engine.levels(pos.board, max_level), max_level, pos.mines)


@pytest.mark.parametrize("topology", ["square", "torus", "hex"])
def test_a_grid_board_read_as_a_graph_answers_as_the_grid(topology: str) -> None:
    # The graph of a grid's cells and neighbours is the same puzzle: every cell's answer the same.
    for seed in range(8):
        board = random_position(seed, with_total=seed % 2 == 0, flags=seed % 3 == 0, topology=topology).board
        graph = parse_board(write_graph(board))
        grid, named = analyze(board), analyze(graph)
        assert (grid.consistent, grid.solutions) == (named.consistent, named.solutions)
        cols = board.cols
        for cell in board.cells():
            assert grid.exact(cell) == named.exact(Cell(0, cell.row * cols + cell.col))
        assert check(board).consistent == check(graph).consistent


def test_an_isolated_cell_and_an_edge_list_given_in_any_order() -> None:
    # 'd' touches nothing: off the frontier, its probability comes from the total alone.
    graph = Graph.from_edges(["a", "b", "c", "d"], [("c", "b"), ("b", "a"), ("a", "b")])
    result = analyze(Board(("1...",), 1, topology=graph))
    assert result.exact(Cell(0, 1)) == 1 and result.exact(Cell(0, 3)) == 0
    assert result.to_dict()["mines"] == ["b"] and result.to_dict()["safe"] == ["c", "d"]
