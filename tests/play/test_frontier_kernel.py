"""The frontier's C kernel takes the Python code's steps: the same sets and dicts, in the same order.

Games on every topology (square, torus, hex, a graph) are walked through a
:class:`~cnfsweep.play.table.Table` twice, once with ``cnfsweep.play._frontier``
and once with the Python reference, by the same random clicks, flags, settling
rounds and mine moves; after every step everything the frontier holds (each set
and dict in its iteration order) and every answer must be the same.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import networkx as nx
import pytest

from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.graph import Graph
from cnfsweep.play import frontier as frontier_module
from cnfsweep.engine import Engine
from cnfsweep.play.frontier import Frontier
from cnfsweep.play.policy import open_neighbours
from cnfsweep.play.game import Level
from cnfsweep.play.table import Table

KERNEL = frontier_module.kernel

pytestmark = pytest.mark.skipif(
    KERNEL is None,
    reason="the frontier kernel is not built (no compiler at install, or CNFSWEEP_PURE_PYTHON): nothing to compare",
)


@contextmanager
def python_frontier() -> Iterator[None]:
    """Run the frontier's Python reference inside the block."""
    saved, frontier_module.kernel = frontier_module.kernel, None
    try:
        yield
    finally:
        frontier_module.kernel = saved


def held(seen: Frontier) -> tuple[object, ...]:
    """Everything a frontier holds, each set and dict in its iteration order."""
    return (
        list(seen._covered),
        list(seen._flagged),
        [(j, list(unknown)) for j, unknown in seen._unknown.items()],
        list(seen._need.items()),
        list(seen._touched),
        None if seen._unpaired is None else list(seen._unpaired),
    )


def ring_level(seed: int) -> Level:
    """A level on a random connected graph of 48 cells: a ring with chords."""
    rng = random.Random(seed)
    graph = nx.cycle_graph(48)
    graph.add_edges_from((rng.randrange(48), rng.randrange(48)) for _ in range(40))
    graph.remove_edges_from(nx.selfloop_edges(graph))
    names = [f"n{i}" for i in range(48)]
    return Level.on_graph(Graph.from_edges(names, [(names[a], names[b]) for a, b in graph.edges]), 12)


LEVELS: dict[str, Callable[[int], Level]] = {
    "square": lambda seed: Level(9, 11, 18 + seed % 7),
    "torus": lambda seed: Level(9, 11, 20 + seed % 5).on("torus"),
    "hex": lambda seed: Level(9, 11, 16 + seed % 9).on("hex"),
    "graph": ring_level,
}


def walk(level: Level, seed: int) -> list[object]:
    """Play random moves on a random layout of ``level``; return what the frontier held and said after each."""
    rng = random.Random(seed)
    cells = level.topology.tables().cells
    mines = rng.sample(range(len(cells)), level.mines)
    table = Table.on_layout(level.rows, level.cols, [cells[i] for i in mines], level.topology_spec, seed % 2 == 0)
    game = table.game
    trace: list[object] = []
    while table.playing and len(trace) < 400:
        view, is_mine = game.view, game.mine_flags
        covered = [i for i in range(len(cells)) if view[i] == ord(".")]
        move = rng.random()
        if move < 0.35:
            # A batch of safe cells at once, as a player opens them (mines left out: a mine ends the walk).
            batch = [cells[i] for i in rng.sample(covered, min(len(covered), 4)) if not is_mine[i]]
            trace.append(("opened", table.open_safe(batch)))
        elif move < 0.5:
            table.flag_all([cells[i] for i in rng.sample(covered, min(len(covered), 3)) if is_mine[i]])
            trace.append("flagged")
        elif move < 0.7:
            trace.append(("settled", table.settled()))
        elif move < 0.8:
            trace.append(("paired", table.paired()))
        elif move < 0.9:
            trace.append(("settle", table.settle()))
        else:
            # A generator's repair: a covered mine to a covered safe cell, the numbers around both change.
            safe = [i for i in covered if not is_mine[i]]
            mined = [i for i in covered if is_mine[i]]
            if safe and mined:
                table.move_mines([cells[rng.choice(mined)]], [cells[rng.choice(safe)]])
            trace.append("moved")
        trace.append(held(table.seen))
    return trace


@pytest.mark.parametrize("topology", list(LEVELS))
@pytest.mark.parametrize("seed", range(8))
def test_the_kernel_keeps_the_frontier_as_python_does(topology: str, seed: int) -> None:
    level = LEVELS[topology](seed)
    compiled = walk(level, seed)
    with python_frontier():
        reference = walk(level, seed)
    assert len(compiled) > 4
    assert compiled == reference


def test_the_kernel_refuses_a_number_that_cannot_hold_as_python_does() -> None:
    def bad() -> str:
        seen = Frontier(1, 3, None)
        seen.reveal_many([0], [2])  # a 2 with one unknown neighbour
        with pytest.raises(CnfsweepError) as caught:
            seen.settled()
        return str(caught.value)

    compiled = bad()
    with python_frontier():
        assert compiled == bad() == "the number at (0, 0) cannot hold"


def test_the_kernel_refuses_cells_past_the_table() -> None:
    assert KERNEL is not None
    seen = Frontier(1, 3, None)
    with pytest.raises(IndexError, match="past the neighbour table"):
        KERNEL.reveal_many(set(range(5)), seen._around, {}, set(), set(), {}, [4], [0])


@pytest.mark.parametrize("topology", list(LEVELS))
def test_reveal_many_in_the_kernel_is_reveal_many_in_python(topology: str) -> None:
    """Numbers handed over as a list (not read from a game's bytes), cells seen before among them."""
    level = LEVELS[topology](3)
    n = len(level.topology.tables().cells)

    def revealed() -> list[object]:
        rng = random.Random(5)
        seen = Frontier(level.rows, level.cols, level.mines, level.topology)
        out: list[object] = []
        for _ in range(40):
            batch = rng.sample(range(n), 6)
            seen.reveal_many(batch, [rng.randrange(4) for _ in batch])
            if rng.random() < 0.3:
                seen.flag_many(rng.sample(range(n), 2))
            out.append(held(seen))
        return out

    compiled = revealed()
    with python_frontier():
        assert compiled == revealed()


def test_the_environment_switch_keeps_the_frontier_kernel_unused() -> None:
    # The one switch every kernel obeys (cnfsweep.engine.kernels), read when cnfsweep is imported.
    env = {**os.environ, "CNFSWEEP_PURE_PYTHON": "1"}
    code = "import cnfsweep.play.frontier as f; print(f.kernel)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "None"


@pytest.mark.parametrize("topology", list(LEVELS))
@pytest.mark.parametrize("seed", range(3))
def test_open_neighbours_in_the_kernel_are_open_neighbours_in_python(topology: str, seed: int) -> None:
    level = LEVELS[topology](seed)
    table = Table.on_layout(
        level.rows,
        level.cols,
        random.Random(seed).sample(level.topology.tables().cells, level.mines),
        level.topology_spec,
    )
    engine, rng = Engine.for_games(), random.Random(seed)
    cells = level.topology.tables().cells
    compared = 0
    while table.playing and compared < 6:
        view, is_mine = table.game.view, table.game.mine_flags
        covered = [i for i in range(len(cells)) if view[i] == ord(".")]
        table.open_safe([cells[i] for i in rng.sample(covered, min(3, len(covered))) if not is_mine[i]])
        table.settle()
        if not table.playing:
            break
        analysis = engine.analyze(table.board())
        ask = [cells[i] for i in range(len(cells)) if table.game.view[i] == ord(".")]
        compiled = open_neighbours(analysis, ask)
        with python_frontier():
            assert open_neighbours(analysis, iter(ask)) == compiled
        compared += 1
    assert compared
