"""A game on a graph: a Level carries the Graph, and the game's numbers and flood follow its edges."""

from __future__ import annotations

import random

import pytest
from oracle import graph_neighbours

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import ArgumentError
from cnfsweep.core.graph import Graph
from cnfsweep.play.game import Game, GameState
from cnfsweep.play.level import Level


@pytest.fixture
def ring() -> Graph:
    """Ten cells on a ring, each also joined to the cell across it."""
    names = [f"r{i}" for i in range(10)]
    edges = [(names[i], names[(i + 1) % 10]) for i in range(10)] + [(names[i], names[i + 5]) for i in range(5)]
    return Graph.from_edges(names, edges)


def test_a_graph_levels_topology_is_its_graph(ring: Graph) -> None:
    level = Level.on_graph(ring, 3)
    assert level.topology is ring and level.topology_name == "graph" and (level.rows, level.cols) == (1, 10)
    assert Level.of(1, 10, 3, ring).topology is ring and level == Level(1, 10, 3, "graph", "graph", ring)
    with pytest.raises(ArgumentError, match="one row of its 10 cells"):
        Level.of(2, 5, 3, ring)
    with pytest.raises(ArgumentError, match="from a JSON graph file"):
        Level(1, 10, 3, topology_name="graph")


def test_numbers_and_flood_follow_the_edges(ring: Graph) -> None:
    rng = random.Random(8)
    for _ in range(20):
        mines = frozenset(Cell(0, i) for i in rng.sample(range(10), 3))
        game = Game.from_layout(1, 10, mines, ring)
        safe = [c for c in ring.tables().cells if c not in mines]
        first = rng.choice(safe)
        game.click(first)
        # The flood, computed here from the edges: a zero opens every neighbour, and on.
        seen, todo = set(), [first]
        while todo:
            here = todo.pop()
            if here in seen:
                continue
            seen.add(here)
            if not sum(n in mines for n in graph_neighbours(ring.edges, here)):
                todo.extend(graph_neighbours(ring.edges, here))
        assert game.revealed == seen
        for cell in seen:
            assert game.number(cell) == sum(n in mines for n in graph_neighbours(ring.edges, cell))
        assert game.state is (GameState.WON if len(seen) == 7 else GameState.PLAYING)


def test_game_documents_name_graph_cells(ring: Graph) -> None:
    game = Game.from_layout(1, 10, [Cell(0, 4)], ring)
    game.click(Cell(0, 0))
    doc = game.to_dict()
    assert doc["mines"] == ["r4"] and doc["start"] == "r0" and doc["topology"] == "graph"


def test_a_hub_of_more_than_eight_neighbours_takes_at_most_eight_mines() -> None:
    names = ["hub", *(f"l{i}" for i in range(12))]
    star = Graph.from_edges(names, [("hub", n) for n in names[1:]])
    assert Level.on_graph(star, 8).mines == 8
    with pytest.raises(ArgumentError, match="numbers are one digit"):
        Level.on_graph(star, 9)
