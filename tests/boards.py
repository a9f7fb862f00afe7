"""Board-building helpers and the shared list of small test positions."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

import networkx as nx

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.graph import Graph
from cnfsweep.gadgets.cnf import Cnf
from oracle import frontier, graph_neighbours, neighbours


def layout_board(
    rows: int,
    cols: int,
    mines: Collection[Cell],
    revealed: Collection[Cell],
    flagged: Collection[Cell] = (),
    *,
    with_total: bool = False,
    labels: Mapping[Cell, str] | None = None,
    topology: str = "square",
) -> Board:
    """The position a player sees for a real layout ``mines`` on a ``topology`` board.

    ``revealed`` safe cells show their true number, ``flagged`` mines show a
    flag, ``labels`` letters covered cells; everything else is covered.
    """
    labels = labels or {}
    grid = []
    for r in range(rows):
        line = ""
        for c in range(cols):
            cell = Cell(r, c)
            if cell in flagged:
                assert cell in mines
                line += "*"
            elif cell in revealed:
                assert cell not in mines
                line += str(sum(n in mines for n in neighbours(rows, cols, cell, topology)))
            else:
                line += labels.get(cell, ".")
        grid.append(line)
    return Board.from_rows(grid, len(mines) if with_total else None, topology=topology)


@dataclass(frozen=True)
class Position:
    """A board with a real layout behind it."""

    board: Board
    mines: frozenset[Cell]


def random_position(
    seed: int,
    *,
    max_frontier: int = 14,
    with_total: bool = False,
    flags: bool = False,
    topology: str = "square",
    most: tuple[int, int] = (6, 7),
) -> Position:
    """A seeded random layout on a ``topology`` board of at most ``most`` rows and columns, partly revealed,
    with at most ``max_frontier`` frontier cells."""
    rng = random.Random(seed)
    # A torus needs three rows and columns for its eight neighbours to be distinct.
    least = 3 if topology == "torus" else 2
    while True:
        rows, cols = rng.randint(least, most[0]), rng.randint(least, most[1])
        cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
        mines = frozenset(rng.sample(cells, rng.randint(0, len(cells) // 3)))
        safe = [c for c in cells if c not in mines]
        revealed = rng.sample(safe, rng.randint(0, len(safe)))
        flagged = [m for m in sorted(mines) if flags and rng.random() < 0.3]
        board = layout_board(rows, cols, mines, revealed, flagged, with_total=with_total, topology=topology)
        if len(frontier(board)) <= max_frontier:
            return Position(board, mines)


def crowded_position(seed: int, *, max_frontier: int = 12, max_numbers: int = 16) -> Position:
    """A seeded random layout with many numbers near few covered cells: a block of revealed cells, or
    about 60% of the safe cells, half with a total.

    Such positions need pairs, triples and quadruples of numbers more often than
    :func:`random_position`'s (the consistency-level tests want cells of every level).
    """
    rng = random.Random(seed)
    while True:
        rows, cols = rng.randint(3, 7), rng.randint(3, 7)
        cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
        mines = frozenset(rng.sample(cells, rng.randint(len(cells) // 5, len(cells) // 2)))
        safe = [c for c in cells if c not in mines]
        if rng.random() < 0.5:
            r0, r1 = sorted(rng.sample(range(rows + 1), 2))
            c0, c1 = sorted(rng.sample(range(cols + 1), 2))
            revealed = [c for c in safe if r0 <= c.row < r1 and c0 <= c.col < c1]
        else:
            revealed = [c for c in safe if rng.random() < 0.6]
        board = layout_board(rows, cols, mines, revealed, with_total=rng.random() < 0.5)
        if len(frontier(board)) <= max_frontier and len(board.numbers) <= max_numbers:
            return Position(board, mines)


def perturbed(board: Board, seed: int) -> Board:
    """``board`` with one revealed number changed by one (usually inconsistent)."""
    rng = random.Random(seed)
    cell = rng.choice(board.numbers)
    n = board.number(cell)
    new = n - 1 if n == board.topology.max_number or (n > 0 and rng.random() < 0.5) else n + 1
    return board.with_char(cell, str(new))


@dataclass(frozen=True)
class Case:
    """One contract position: a board plus the keyword arguments to analyse it with."""

    id: str
    board: Board
    total_mines: int | None = None  # passed as the ``total_mines=`` override
    assume: dict[str, bool] | None = field(default=None, hash=False)

    @property
    def total(self) -> int | None:
        """The total mine count in force."""
        return self.board.total_mines if self.total_mines is None else self.total_mines


def _case(id: str, rows: list[str], total: int | None = None, **kw: object) -> Case:
    return Case(id, Board.from_rows(rows, total), **kw)  # type: ignore[arg-type]


HAND_CASES = [
    _case("one-two-one", ["...", "121"]),
    _case("one-two-one-under-zeros", ["000", "121", "..."], total=2),
    _case("corner-one", ["1..", "...", "..."]),
    _case("corner-one-total", ["1..", "...", "..."], total=3),
    _case("corner-one-total-forces-rest-safe", ["1...", "....", "...."], total=1),
    _case("wall-1221", ["....", "1221"]),
    _case("wall-1221-total", ["....", "....", "1221"], total=3),
    _case("centre-eight", ["...", ".8.", "..."]),
    _case("centre-zero", ["...", ".0.", "..."], total=0),
    _case("flag-satisfies-one", ["*1.", "...", "..."]),
    _case("flag-total-forces-rest-mines", ["*1.", "...", "..."], total=4),
    _case("flags-and-twos", ["*2..", "..2*", "...."], total=5),
    _case("labels-unassumed", ["1ab", "cd.", "..."], total=2),
    _case("label-assumed-mine", ["2a.", "...", "..."], assume={"a": True}),
    _case("label-assumed-safe-total", ["1a.", "b..", "..."], total=2, assume={"a": False}),
    _case("shared-label-assumed-safe", ["a2a", "...", "..."], assume={"a": False}),
    _case("two-labels-assumed", ["u1v", "...", "1.."], total=3, assume={"u": False, "v": True}),
    _case("total-override", ["1...", "....", "...."], total=9, total_mines=2),
    _case("no-numbers", ["....", "...."]),
    _case("no-numbers-total", ["....", "...."], total=3),
    _case("fully-revealed", ["11", "1*"], total=1),
    _case("fully-revealed-no-total", ["000", "000"]),
    _case("four-components", ["1...1", ".....", ".....", "1...1"], total=5),
    _case("two-components-no-total", ["2..2", "....", "2..2"]),
    _case("two-walls-total", ["2.....1", "3.....2", "2.....1"], total=8),
    _case("middle-row-revealed", [".......", "1121211", "......."]),
    # inconsistent positions
    _case("numbers-contradict", ["...", "020"]),
    _case("number-too-big", ["1.", "3."]),
    _case("too-many-flags", ["*1*", "...", "..."]),
    _case("total-too-small", ["1..", "...", "..."], total=0),
    _case("total-too-large", ["1.", ".."], total=2),
    _case("flags-exceed-total", ["*.", "*."], total=1),
    _case("fully-revealed-wrong-total", ["11", "1*"], total=2),
    _case("assumption-contradicts", ["a1a", "...", "..."], assume={"a": True}),
    _case("total-override-too-small", ["2..", "...", "..2"], total=4, total_mines=3),
]


def random_cases(count: int = 40, inconsistent: int = 10, topology: str = "square") -> list[Case]:
    """Seeded random positions (a third with flags, half with a total) and some perturbed ones, on ``topology`` boards."""
    cases = []
    # Square ids stay as they were; other topologies name theirs.
    name = "" if topology == "square" else f"{topology}-"
    for seed in range(count):
        pos = random_position(seed, with_total=seed % 2 == 0, flags=seed % 3 == 0, topology=topology)
        cases.append(Case(f"{name}random-{seed}", pos.board))
    for seed in range(inconsistent):
        pos = random_position(1000 + seed, with_total=seed % 2 == 0, flags=seed % 3 == 0, topology=topology)
        if pos.board.numbers:
            cases.append(Case(f"{name}perturbed-{seed}", perturbed(pos.board, seed)))
    return cases


def random_graph(rng: random.Random) -> nx.Graph:
    """A small random graph of 3-11 nodes: sparse or dense, regular, a wheel, a 3D grid or a cycle (isolated nodes kept)."""
    seed = rng.randrange(2**32)
    kind = rng.choice(["gnp", "gnp", "regular", "wheel", "grid3d", "cycle"])
    if kind == "regular":
        d = rng.choice([3, 4])
        return nx.random_regular_graph(d, rng.choice([6, 8, 10]), seed=seed)
    if kind == "wheel":
        return nx.wheel_graph(rng.randint(4, 9))
    if kind == "grid3d":
        return nx.convert_node_labels_to_integers(nx.grid_graph(dim=[2, 2, rng.choice([2, 3])]))
    if kind == "cycle":
        return nx.cycle_graph(rng.randint(3, 10))
    return nx.gnp_random_graph(rng.randint(3, 11), rng.uniform(0.15, 0.6), seed=seed)


def graph_board(
    graph: nx.Graph,
    names: list[str],
    mines: Collection[int],
    revealed: Collection[int],
    flagged: Collection[int] = (),
    *,
    with_total: bool = False,
) -> Board:
    """The position a player sees for mines ``mines`` (node numbers) on ``graph``, cells named ``names``.

    Numbers are counted here from ``graph``'s own edges; a revealed cell that would show more than 8 stays covered.
    """
    topology = Graph.from_edges(names, [(names[a], names[b]) for a, b in graph.edges])
    row = []
    for i in range(len(names)):
        if i in flagged:
            row.append("*")
        elif i in revealed and (n := sum(j in mines for j in graph.neighbors(i))) <= 8:
            row.append(str(n))
        else:
            row.append(".")
    return Board(("".join(row),), len(mines) if with_total else None, topology=topology)


def random_graph_position(
    seed: int, *, max_frontier: int = 11, with_total: bool = False, flags: bool = False
) -> Position:
    """A seeded random layout on a random small graph, partly revealed, its cells named in a shuffled order."""
    rng = random.Random(seed)
    while True:
        graph = random_graph(rng)
        n = graph.number_of_nodes()
        names = rng.sample([f"{a}{b}" for a in "pqrstuvw" for b in "xyz"], n)
        mines = frozenset(rng.sample(range(n), rng.randint(n // 6, n // 2)))
        safe = [i for i in range(n) if i not in mines]
        revealed = rng.sample(safe, rng.randint(0, len(safe)))
        flagged = [m for m in sorted(mines) if flags and rng.random() < 0.3]
        board = graph_board(graph, names, mines, revealed, flagged, with_total=with_total)
        # The numbers must be what the oracle counts from the board's own edges.
        assert all(
            board.number(c) == sum(Cell(0, m) in graph_neighbours(board.topology.edges, c) for m in mines)
            for c in board.numbers
        )
        if len(frontier(board)) <= max_frontier:
            return Position(board, frozenset(Cell(0, m) for m in mines))


def random_graph_cases(count: int = 24, inconsistent: int = 12) -> list[Case]:
    """Seeded random graph positions (a third with flags, half with a total) and some perturbed ones."""
    cases = []
    for seed in range(count):
        pos = random_graph_position(seed, with_total=seed % 2 == 0, flags=seed % 3 == 0)
        cases.append(Case(f"graph-random-{seed}", pos.board))
    for seed in range(inconsistent):
        pos = random_graph_position(1000 + seed, with_total=seed % 2 == 0, flags=seed % 3 == 0)
        if pos.board.numbers:
            cases.append(Case(f"graph-perturbed-{seed}", perturbed(pos.board, seed)))
    return cases


EVERY_TOPOLOGY = ("square", "torus", "hex", "graph")
"""Every kind of board a search must work on: the three grids and a graph."""


def position_on(
    topology: str,
    seed: int,
    *,
    max_frontier: int = 11,
    with_total: bool = False,
    flags: bool = False,
    most: tuple[int, int] = (6, 7),
) -> Position:
    """A seeded random position on a ``topology`` board (``graph``: a random small graph), at most ``max_frontier``
    frontier cells; a grid has at most ``most`` rows and columns."""
    if topology == "graph":
        return random_graph_position(seed, max_frontier=max_frontier, with_total=with_total, flags=flags)
    return random_position(
        seed, max_frontier=max_frontier, with_total=with_total, flags=flags, topology=topology, most=most
    )


def random_3sat(variables: int, clauses: int, seed: int) -> Cnf:
    """A random 3-SAT formula: each clause three distinct variables, each negated with probability 1/2."""
    rng = random.Random(seed)
    return Cnf(
        variables,
        tuple(
            tuple(v if rng.random() < 0.5 else -v for v in rng.sample(range(1, variables + 1), 3))
            for _ in range(clauses)
        ),
    )
