"""Whole boards of a known layout: the board after each click, and the board with everything shown.

Both play the one :class:`~cnfsweep.play.game.Game`, so they work on every topology.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.topology import DEFAULT_TOPOLOGY
from cnfsweep.play.game import Game
from cnfsweep.play.level import TopologySpec

__all__ = ["boards_after_clicks", "true_board"]

_COVERED, _FLAG, _ZERO = ord("."), ord("*"), ord("0")


def boards_after_clicks(
    rows: int,
    cols: int,
    mines: Iterable[Sequence[int]],
    clicks: Iterable[Sequence[int]],
    topology: TopologySpec = DEFAULT_TOPOLOGY,
) -> list[Board]:
    """Play ``clicks`` on a given layout and return the board after each one.

    Examples
    --------
    >>> [b.grid for b in boards_after_clicks(1, 3, [(0, 0)], [(0, 1), (0, 2)])]
    [('.1.',), ('.10',)]
    """
    game = Game.from_layout(rows, cols, mines, topology)
    boards = []
    for cell in clicks:
        game.click(Cell(*cell))
        boards.append(game.board())
    return boards


def true_board(
    rows: int, cols: int, mines: Iterable[Sequence[int]], topology: TopologySpec = DEFAULT_TOPOLOGY
) -> Board:
    """Show every safe cell's number and every mine as a flag.

    Examples
    --------
    >>> print(true_board(2, 3, [(0, 1)]).to_text())
    mines: 1
    1*1
    111
    <BLANKLINE>
    """
    game = Game.from_layout(rows, cols, mines, topology)
    # Open every safe cell and flag every mine: what the game shows then is the whole truth.
    mine = game.mine_flags
    game.flag_cells([c for i, c in enumerate(game.cells) if mine[i]])
    game.open_cells([c for i, c in enumerate(game.cells) if not mine[i]])
    return game.board()
