"""Brute-force references for whole games, independent of the engine: layouts and the game tree.

Shared by the endgame, region and pair tests, and by the no-guess generator's (``oracle_replay``, which plays the game itself).
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from itertools import combinations

from oracle import graph_neighbours, neighbours, reference

from cnfsweep import Board, Cell
from cnfsweep.core.graph import Graph
from cnfsweep.generation import Logic
from cnfsweep.play.game import Game, GameState, Level

Revealed = frozenset[tuple[Cell, int]]


def count_around(rows: int, cols: int, mines: frozenset[Cell], cell: Cell) -> int:
    return sum(n in mines for n in neighbours(rows, cols, cell))


def brute_layouts(board: Board, total: int) -> set[frozenset[Cell]]:
    """Every subset of the covered cells of the right size that fits every number."""
    covered = [c for c in board.cells() if board.char(c) == "."]
    flags = frozenset(c for c in board.cells() if board.char(c) == "*")
    numbers = [c for c in board.cells() if board.char(c).isdigit()]
    found = set()
    for mined in combinations(covered, total - len(flags)):
        mines = flags | frozenset(mined)
        if all(count_around(board.rows, board.cols, mines, c) == int(board.char(c)) for c in numbers):
            found.add(frozenset(mined))
    return found


class BruteTree:
    """The game value by plain recursion: every unrevealed cell is tried, nothing pruned.

    A state is the set of revealed cells with their numbers; its layouts are
    filtered from every placement of the mines on the board. With
    ``known_wins`` a state of one layout counts as won straight away (the
    player knows every mine), instead of being played out click by click.
    """

    def __init__(self, rows: int, cols: int, mines: int, known_wins: bool = True) -> None:
        self.rows, self.cols, self.known_wins = rows, cols, known_wins
        self.cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
        self.safe_count = len(self.cells) - mines
        self.all_layouts = [frozenset(m) for m in combinations(self.cells, mines)]
        # What each cell shows in each layout, -1 for a mine.
        self.shows = {
            layout: {c: -1 if c in layout else count_around(rows, cols, layout, c) for c in self.cells}
            for layout in self.all_layouts
        }
        self.known: dict[Revealed, list[frozenset[Cell]]] = {}
        self.wins = cache(self._wins)

    def layouts(self, revealed: Revealed, pool: list[frozenset[Cell]] | None = None) -> list[frozenset[Cell]]:
        """Layouts that show ``revealed``, looked for in ``pool`` (every layout by default)."""
        if revealed not in self.known:
            pool = self.all_layouts if pool is None else pool
            self.known[revealed] = [layout for layout in pool if all(self.shows[layout][c] == n for c, n in revealed)]
        return self.known[revealed]

    def click(self, layout: frozenset[Cell], revealed: Revealed, cell: Cell) -> Revealed:
        """Reveal ``cell`` (safe in ``layout``) and flood through covered zeros."""
        shown = {c for c, _ in revealed}
        opened, todo = {cell}, [cell]
        while todo:
            c = todo.pop()
            if self.shows[layout][c] == 0:
                for n in neighbours(self.rows, self.cols, c):
                    if n not in shown and n not in opened:
                        opened.add(n)
                        todo.append(n)
        return revealed | {(c, self.shows[layout][c]) for c in opened}

    def value(self, revealed: Revealed) -> Fraction:
        """The chance of winning from ``revealed`` by the best play."""
        return Fraction(self.wins(revealed), len(self.layouts(revealed)))

    def move_value(self, revealed: Revealed, cell: Cell) -> Fraction:
        """The chance of winning from ``revealed`` by clicking ``cell``, then playing best."""
        return Fraction(self.move_wins(revealed, cell), len(self.layouts(revealed)))

    def move_wins(self, revealed: Revealed, cell: Cell) -> int:
        """How many of the layouts of ``revealed`` clicking ``cell`` then the best play wins.

        The layouts safe at ``cell`` that show the same cells after it are exactly that state's layouts,
        so the count is the sum of each state's own: whole numbers, no fraction summed layout by layout.
        """
        layouts = self.layouts(revealed)
        after = set()
        for layout in layouts:
            shows = self.shows[layout][cell]
            if shows > 0:
                after.add(revealed | {(cell, shows)})
            elif shows == 0:
                after.add(self.click(layout, revealed, cell))
        wins = 0
        for state in after:
            self.layouts(state, layouts)  # a later state's layouts are among this one's: look only there, for speed
            wins += self.wins(state)
        return wins

    def _wins(self, revealed: Revealed) -> int:
        """How many of the layouts of ``revealed`` the best play wins."""
        layouts = self.layouts(revealed)
        if len(revealed) == self.safe_count or (self.known_wins and len(layouts) == 1):
            return len(layouts)
        shown = {c for c, _ in revealed}
        return max(self.move_wins(revealed, c) for c in self.cells if c not in shown)


def revealed_of(board: Board) -> Revealed:
    return frozenset((c, int(board.char(c))) for c in board.numbers)


def oracle_replay(
    level: Level, mines: list[Cell], first: Cell, logic: Logic, edges: tuple[tuple[int, int], ...] | None = None
) -> bool:
    """Open only cells the brute-force oracle proves safe; tell whether that reaches the end.

    The game is played here from first principles, not by cnfsweep's game: numbers and the
    zero flood come from :func:`oracle.neighbours` on the level's topology (by its name), or
    on a graph from :func:`oracle.graph_neighbours` on ``edges`` (index pairs ``i < j``, as
    the test read them from the file itself; cell ``i`` is ``Cell(0, i)``).
    """
    rows, cols, topology = level.rows, level.cols, level.topology_name
    shape: Graph | None = None
    if topology == "graph":
        assert edges is not None, "a graph level's replay needs the edges, read by the test"
        # The Board carries the edges only for the oracle, which counts neighbours from them itself.
        shape = Graph(tuple(f"c{i}" for i in range(cols)), tuple(sorted(edges)))

    def near_of(cell: Cell) -> tuple[Cell, ...]:
        if shape is not None:
            return graph_neighbours(shape.edges, cell)
        return neighbours(rows, cols, cell, topology)

    mined = frozenset(Cell(*m) for m in mines)
    shown: dict[Cell, int] = {}

    def open_cell(cell: Cell) -> None:
        todo = [cell]
        while todo:
            here = todo.pop()
            if here in shown:
                continue
            assert here not in mined, f"the oracle opened a mine at {here}"
            near = near_of(here)
            shown[here] = sum(n in mined for n in near)
            if shown[here] == 0:
                todo.extend(n for n in near if n not in shown)

    open_cell(Cell(*first))
    while len(shown) < rows * cols - len(mined):
        grid = [
            "".join(str(shown[Cell(r, c)]) if Cell(r, c) in shown else "." for c in range(cols)) for r in range(rows)
        ]
        total = len(mined) if logic is Logic.FULL else None
        board = (
            Board(tuple(grid), total, topology=shape)
            if shape is not None
            else Board.from_rows(grid, total, topology=topology)
        )
        ref = reference(board)
        safe = [c for c in board.covered if ref.exact[c] == 0]
        if not safe:
            return False
        for cell in safe:
            open_cell(cell)
    return True


def small_game_positions(rows: int, cols: int, mines: int, count: int, seed: int) -> list[Board]:
    """Positions of random games on a small square board after one to four random safe clicks."""
    rng = random.Random(seed)
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    out = []
    for _ in range(count):
        layout = rng.sample(cells, mines)
        game = Game.from_layout(rows, cols, layout)
        for cell in rng.sample([c for c in cells if c not in layout], rng.randint(1, 4)):
            if game.state is GameState.PLAYING:
                game.click(cell)
        if game.state is GameState.PLAYING:
            out.append(game.board())
    return out
