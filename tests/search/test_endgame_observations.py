"""The endgame's fast observations against the one game: what a click shows in each layout is what ``Game`` shows.

:func:`cnfsweep.search.endgame._observations` tells, for every covered cell and every
consistent layout, whether the cell is a mine there and what a click on it would reveal,
without playing a game per layout.  Here each layout is played on its own
:class:`~cnfsweep.play.game.Game` (the same clicks and flags that made the position), every
covered cell is clicked there, and the layouts are parted by what the game revealed: the
endgame must part them the same way, on every topology.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from boards import EVERY_TOPOLOGY, random_graph
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.graph import Graph
from cnfsweep.play.game import Game, GameState, TopologySpec
from cnfsweep.search import endgame_tree
from cnfsweep.search.endgame import _leaves, _observations, enumerate_layouts

#: Positions with more layouts than this are passed over: each layout is played out once per covered cell.
MOST_LAYOUTS = 60


@dataclass(frozen=True)
class Played:
    """A position a game reached: its board, and how to reach it again on another layout."""

    rows: int
    cols: int
    topology: TopologySpec
    clicks: tuple[Cell, ...]
    flags: frozenset[Cell]
    board: Board

    def replay(self, layout: frozenset[Cell]) -> Game:
        """The same clicks and flags on a game whose mines are the flags and ``layout``."""
        game = Game.from_layout(self.rows, self.cols, self.flags | layout, self.topology)
        for cell in self.clicks:
            game.click(cell)
        for cell in self.flags:
            game.flag(cell)
        return game


def played(rng: random.Random, topology: str) -> Played | None:
    """A small random layout on ``topology``, a few random safe clicks and some true mines flagged."""
    if topology == "graph":
        graph = random_graph(rng)
        names = [f"v{i}" for i in range(graph.number_of_nodes())]
        spec: TopologySpec = Graph.from_edges(names, [(names[a], names[b]) for a, b in graph.edges])
        rows, cols = 1, len(names)
    else:
        least = 3 if topology == "torus" else 2  # a torus needs three rows and columns for distinct neighbours
        rows, cols, spec = rng.randint(least, 5), rng.randint(least, 5), topology
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    mines = frozenset(rng.sample(cells, rng.randint(1, max(1, len(cells) // 3))))
    game = Game.from_layout(rows, cols, mines, spec)
    clicks = []
    safe = [c for c in cells if c not in mines]
    for cell in rng.sample(safe, rng.randint(1, max(1, len(safe) // 2))):
        if game.state is GameState.PLAYING and game.view[cell.row * cols + cell.col] == ord("."):
            game.click(cell)
            clicks.append(cell)
    if game.state is not GameState.PLAYING:
        return None
    flags = frozenset(m for m in mines if rng.random() < 0.3)
    for cell in flags:
        game.flag(cell)
    return Played(rows, cols, spec, tuple(clicks), flags, game.board())


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(topology=st.sampled_from(EVERY_TOPOLOGY), rng=st.randoms(use_true_random=False))
def test_the_endgame_sees_what_the_game_shows(topology: str, rng: random.Random) -> None:
    position = played(rng, topology)
    assume(position is not None)
    assert position is not None
    board = position.board
    layouts = enumerate_layouts(board, limit=MOST_LAYOUTS)
    assume(layouts)
    assert layouts
    mine_mask, groups = _observations(board, layouts)
    covered = board.covered
    mines = [0] * len(covered)
    parts: list[dict[frozenset[tuple[Cell, int]], int]] = [{} for _ in covered]
    for i, layout in enumerate(layouts):
        assert position.replay(layout).board().grid == board.grid  # the same position in every layout
        for k, cell in enumerate(covered):
            game = position.replay(layout)
            result = game.click(cell)
            if result.hit_mine:
                mines[k] |= 1 << i
            else:
                shows = frozenset(zip(result.opened, result.numbers, strict=True))
                parts[k][shows] = parts[k].get(shows, 0) | 1 << i
    assert mine_mask == mines
    assert [sorted(g) for g in groups] == [sorted(p.values()) for p in parts]
    # The compiled observations (the endgame's path from the layout enumeration to the search) part the
    # layouts as the game does too, for every cell they keep: a mine in some layout or showing two things.
    observe = getattr(endgame_tree.kernel, "observe", None)
    if observe is not None:
        leaves, off, count = _leaves(board, None, MOST_LAYOUTS) or ([], [], 0)
        assert count == len(layouts)
        found = observed(board, leaves, off, count)
        full = (1 << count) - 1
        kept = [k for k in range(len(covered)) if mines[k] != full and (mines[k] or len(parts[k]) > 1)]
        assert found == [(k, full ^ mines[k], sorted(parts[k].values())) for k in kept]


def observed(board: Board, leaves: list, off: list[int], count: int) -> list[tuple[int, int, list[int]]]:
    """The kernel's observations read back: per cell kept, its index, the layouts where it is safe, its groups."""
    covered = board.covered
    index = {cell: i for i, cell in enumerate(covered)}
    around = [[index[n] for n in board.neighbours(c) if n in index] for c in covered]
    base = [sum(n in board.flags for n in board.neighbours(c)) for c in covered]
    cells, safe, groups, sizes = endgame_tree.kernel.observe(count, around, base, leaves, off)
    size = 8 * ((count + 63) // 64)
    masks = [int.from_bytes(groups[i : i + size], "little") for i in range(0, len(groups), size)]
    out, at = [], 0
    for k, (c, n) in enumerate(zip(cells, sizes, strict=True)):
        out.append((c, int.from_bytes(safe[k * size : (k + 1) * size], "little"), sorted(masks[at : at + n])))
        at += n
    return out
