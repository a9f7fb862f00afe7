"""3BV is the fewest clicks that open every safe cell: checked by trying every set of clicks, on every topology.

The game counts 3BV by its own flood (:func:`cnfsweep.core.gamerules.three_bv`); here each click's
reveal is a textbook flood over neighbours computed here (``oracle``), and the fewest clicks are
found by trying sets of safe cells, smallest first, until one opens them all.
"""

from __future__ import annotations

import importlib
import random
import warnings
from itertools import combinations

import pytest
from boards import EVERY_TOPOLOGY, random_graph
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import graph_neighbours, neighbours

from cnfsweep.core.board import Cell
from cnfsweep.core.graph import Graph
from cnfsweep.core.topology import make_topology
from cnfsweep.generation import three_bv
from cnfsweep.play import game
from cnfsweep.play.game import Game, TopologySpec


def fewest_clicks(cells: list[Cell], mines: frozenset[Cell], around: dict[Cell, tuple[Cell, ...]]) -> int:
    """The fewest clicks on safe cells whose reveals together cover every safe cell."""
    safe = [c for c in cells if c not in mines]

    def reveal(start: Cell) -> frozenset[Cell]:
        seen, todo = {start}, [start]
        while todo:
            cell = todo.pop()
            if not any(n in mines for n in around[cell]):
                for n in around[cell]:
                    if n not in seen:
                        seen.add(n)
                        todo.append(n)
        return frozenset(seen)

    shows = {c: reveal(c) for c in safe}
    for k in range(len(safe) + 1):
        if any(len(frozenset().union(*(shows[c] for c in chosen))) == len(safe) for chosen in combinations(safe, k)):
            return k
    raise AssertionError("clicking every safe cell opens them all")


@settings(max_examples=150, deadline=None)
@given(topology=st.sampled_from(EVERY_TOPOLOGY), rng=st.randoms(use_true_random=False))
def test_three_bv_is_the_fewest_clicks_that_open_every_safe_cell(topology: str, rng: random.Random) -> None:
    spec: TopologySpec
    if topology == "graph":
        graph = random_graph(rng)
        names = [f"v{i}" for i in range(graph.number_of_nodes())]
        spec = Graph.from_edges(names, [(names[a], names[b]) for a, b in graph.edges])
        rows, cols = 1, len(names)
        cells = [Cell(0, i) for i in range(cols)]
        around = {c: graph_neighbours(spec.edges, c) for c in cells}
    else:
        least = 3 if topology == "torus" else 1  # a torus needs three rows and columns for distinct neighbours
        rows, cols, spec = rng.randint(least, 4), rng.randint(least, 4), topology
        cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
        around = {c: neighbours(rows, cols, c, topology) for c in cells}
    mines = frozenset(rng.sample(cells, rng.randint(0, len(cells) - 1)))
    expected = fewest_clicks(cells, mines, around)
    assert Game.from_layout(rows, cols, mines, spec).three_bv() == expected
    if topology != "graph":
        assert three_bv(rows, cols, set(mines), make_topology(topology, rows, cols)) == expected


@pytest.mark.parametrize(
    ("module", "name"),
    [("batch", "BatchMoves"), ("outcome", "ClickResult"), ("outcome", "GameState"), ("outcome", "CHECK_EVERY")],
)
def test_the_names_of_the_old_game_modules_still_import_with_a_warning(module: str, name: str) -> None:
    old = importlib.import_module(f"cnfsweep.play.{module}")
    with pytest.warns(DeprecationWarning, match=f"cnfsweep.play.{module}.{name} is deprecated"):
        found = getattr(old, name)
    assert found is (game.Game if name == "BatchMoves" else getattr(game, name))
    with warnings.catch_warnings(), pytest.raises(AttributeError, match="no attribute 'nothing'"):
        warnings.simplefilter("error")
        old.nothing  # noqa: B018
