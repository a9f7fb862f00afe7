"""The contract of a grid topology, kept by every registered one and by the one a newcomer copies.

The neighbours are checked against their definition (the cells at the class's
``offsets``, wrapped or cut at the edges), computed here rather than by the
tables; the exact analysis of positions on each topology against brute force
over every layout; and a whole game.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from cnfsweep import analyze
from cnfsweep.core import TOPOLOGIES, Board, Cell
from cnfsweep.core.TEMPLATE import Cross
from cnfsweep.core.topology import Topology
from cnfsweep.core.topology import GridTopology
from cnfsweep.play import Player
from cnfsweep.play.game import Level

CONTRACT = [*TOPOLOGIES.values(), Cross]
SHAPES = [(1, 1), (3, 3), (4, 5), (5, 4)]


def defined_neighbours(topology: GridTopology, cell: Cell) -> list[Cell]:
    """The cells at ``offsets(row)`` from ``cell``, in row-major order, by the definition."""
    rows, cols = topology.rows, topology.cols
    found = set()
    for dr, dc in type(topology).offsets(cell.row):
        r, c = cell.row + dr, cell.col + dc
        if topology.wraps:
            r, c = r % rows, c % cols
        if 0 <= r < rows and 0 <= c < cols and (r, c) != cell:
            found.add(Cell(r, c))
    return sorted(found)


@pytest.fixture(params=CONTRACT, ids=[t.name for t in CONTRACT])
def kind(request: pytest.FixtureRequest) -> type[GridTopology]:
    return request.param


def test_offsets_are_unit_steps_that_depend_only_on_the_row_parity(kind: type[GridTopology]) -> None:
    for row in range(6):
        steps = kind.offsets(row)
        assert steps == kind.offsets(row % 2) and len(set(steps)) == len(steps)
        assert all(dr in (-1, 0, 1) and dc in (-1, 0, 1) and (dr, dc) != (0, 0) for dr, dc in steps)
        assert {step for axis in kind.side_steps(row) for step in axis} <= set(steps)


def test_neighbours_are_the_cells_at_the_offsets_and_symmetric(kind: type[GridTopology]) -> None:
    for rows, cols in SHAPES:
        if min(rows, cols) < kind.min_size:
            continue
        topology = kind(rows, cols)
        assert isinstance(topology, Topology) and topology.name == kind.name
        cells, around = topology.tables()
        assert list(cells) == [Cell(r, c) for r in range(rows) for c in range(cols)]
        for cell in cells:
            near = topology.neighbours(cell)
            assert list(near) == defined_neighbours(topology, cell)
            assert tuple(cells[j] for j in around[cells.index(cell)]) == near
            assert len(near) <= topology.max_number and all(cell in topology.neighbours(n) for n in near)
            assert all(set(axis) <= set(near) for axis in topology.sides(cell))


def _position(kind: type[GridTopology], seed: int) -> tuple[Board, set[Cell]]:
    """A random 3x4 layout and a board showing some of its numbers, on ``kind``."""
    rng = random.Random(seed)
    topology = kind(3, 4)
    cells = list(topology.tables().cells)
    mines = set(rng.sample(cells, rng.randint(1, 4)))
    shown = set(rng.sample([c for c in cells if c not in mines], rng.randint(1, 5)))
    grid = [
        "".join(
            str(sum(n in mines for n in topology.neighbours(Cell(r, c)))) if Cell(r, c) in shown else "."
            for c in range(4)
        )
        for r in range(3)
    ]
    return Board(tuple(grid), len(mines), topology=topology), mines


@pytest.mark.parametrize("seed", range(6))
def test_the_engine_matches_brute_force_on_the_topology(kind: type[GridTopology], seed: int) -> None:
    board, mines = _position(kind, seed)
    topology = board.topology
    covered = [c for c in topology.tables().cells if board.grid[c.row][c.col] == "."]
    numbers = [c for c in topology.tables().cells if board.grid[c.row][c.col] != "."]
    layouts = [
        set(chosen)
        for chosen in combinations(covered, len(mines))
        if all(sum(n in chosen for n in topology.neighbours(c)) == int(board.grid[c.row][c.col]) for c in numbers)
    ]
    analysis = analyze(board)
    assert analysis.solutions == len(layouts)
    for cell in covered:
        assert analysis.exact(cell) == Fraction(sum(cell in layout for layout in layouts), len(layouts))


@pytest.mark.parametrize("name", list(TOPOLOGIES))
def test_a_game_on_every_registered_topology_plays_to_its_end(name: str) -> None:
    # A game makes its topology from the level's name, so only registered ones play here; the template's
    # games are played through the command line once it is installed as a plug-in (tests/cli/test_plugin_package.py).
    record = Player().play(Level.of(6, 6, 5, name), seed=3)
    assert record.moves and record.level.topology_name == name
