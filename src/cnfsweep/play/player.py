"""Play games with the inference engine: reveal what is certain, guess the rest.

Examples
--------
>>> from cnfsweep.play.game import LEVELS
>>> record = play_game(LEVELS["beginner"], seed=3)
>>> record.won, record.moves[0].cell
(True, Cell(row=0, col=0))
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from cnfsweep.engine.analysis import Analysis
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.layout import MineLayout
from cnfsweep.core.topology import DEFAULT_TOPOLOGY
from cnfsweep.engine import Engine
from cnfsweep.play.game import FirstClick, Game, GameState, Level
from cnfsweep.play.level import TopologySpec
from cnfsweep.play.policy import Guess, Policy
from cnfsweep.play.records import GameRecord, PlayedMove, loss_cause
from cnfsweep.play.safest import SafestPolicy
from cnfsweep.play.table import Table

__all__ = ["Player", "play_board", "play_game"]

_SAFE = Fraction(0)


@dataclass(frozen=True)
class Player:
    """Plays games with one policy, solving everything with one engine.

    Every certainly-safe cell is opened before any guess, certain mines are
    flagged (which also keeps the constraints small), and the policy picks each
    guess from an exact analysis with the total mine count.  The engine (by
    default the default backend, counting small components by search alone)
    is handed to the policy too, so its look-ahead solves with the same
    backend and cache as the game.
    """

    policy: Policy = field(default_factory=SafestPolicy)
    engine: Engine = field(default_factory=Engine.for_games)

    def play(
        self,
        level: Level,
        seed: int,
        first_click: FirstClick = FirstClick.SAFE,
        watch: Callable[[Game, Analysis], None] | None = None,
    ) -> GameRecord:
        """Play one seeded game to the end; ``watch``, if given, sees the game and every full analysis."""
        first = self.policy.start(level, first_click)
        return self._run(
            Game.new(level, seed, first_click=first_click),
            seed,
            first,
            _first_move(level, first_click, first),
            watch,
            rule=first_click,
        )

    def play_layout(
        self,
        layout: MineLayout,
        rows: int,
        cols: int,
        seed: int = 0,
        watch: Callable[[Game, Analysis], None] | None = None,
        opened: Iterable[Cell] = (),
        topology: TopologySpec = DEFAULT_TOPOLOGY,
        rule: FirstClick = FirstClick.SAFE,
    ) -> GameRecord:
        """Play a given layout from its first click (a safe cell) to the end.

        ``opened`` lists cells already open (a position read from a file):
        they are clicked after the first click, as moves known to be safe.
        ``seed`` is only recorded (say, the seed the layout was generated from);
        ``topology`` names the board's topology; ``rule`` is the first-click rule the
        record says the layout was made under (``safe``: its first click is no mine;
        ``opening`` for no-guess boards, whose first click opens an opening).

        Examples
        --------
        >>> from cnfsweep.core.board import Cell
        >>> record = Player().play_layout(MineLayout(frozenset({Cell(0, 2)}), Cell(2, 0)), 3, 3)
        >>> record.won, record.guesses
        (True, 0)
        """
        if layout.start is None:
            raise CnfsweepError("the layout names no first click to start from")
        first = Cell(*layout.start)
        if first in layout.mines:
            raise CnfsweepError(f"the first click {tuple(first)} is a mine")
        game = Game.from_layout(rows, cols, layout.mines, topology)
        return self._run(game, seed, first, PlayedMove(first, True, _SAFE), watch, opened, rule)

    def _run(
        self,
        table: Game,
        seed: int,
        first: Cell,
        first_move: PlayedMove,
        watch: Callable[[Game, Analysis], None] | None,
        opened: Iterable[Cell] = (),
        rule: FirstClick = FirstClick.SAFE,
    ) -> GameRecord:
        start = time.perf_counter()
        level = table.level
        game = Table(table)
        cells = game.cells
        moves = [first_move]
        game.click(first)
        moves += _safe_moves(game.open_safe(opened))
        analyses = 0
        lost_on: PlayedMove | None = moves[0] if game.lost else None
        while game.playing:
            # Cells settled by one number come first: most moves of a game are such,
            # and they need no solver, no counting and no Fractions.
            # By cell index, as the frontier keeps them: Cells made only for the moves recorded.
            safe, mines = game.seen.settled_indices()
            if safe or mines:
                game.flag_indices(mines)
                moves += _safe_moves(map(cells.__getitem__, game.open_indices(safe)))
                continue
            analysis = self.engine.analyze_position(game.position())
            analyses += 1
            if watch is not None:
                watch(game.game, analysis)
            game.flag_all(analysis.mines)
            early = self.policy.unavoidable(analysis, self.engine)
            if early is None and analysis.safe:
                moves += _safe_moves(game.open_safe(analysis.safe))
                continue
            if early is not None:
                move = _guess_move(analysis, early, 0.0)
            else:
                thinking = time.perf_counter()
                guess = self.policy.choose(analysis, self.engine)
                move = _guess_move(analysis, guess, time.perf_counter() - thinking)
            moves.append(move)
            if game.click(move.cell).hit_mine:
                lost_on = move
        return GameRecord(
            seed=seed,
            level=level,
            won=game.game.state is GameState.WON,
            seconds=time.perf_counter() - start,
            moves=tuple(moves),
            mines=tuple(sorted(game.game.mines or ())),
            loss_cause=loss_cause(lost_on, moves[0]),
            analyses=analyses,
            rule=rule,
        )


def _safe_moves(cells: Iterable[Cell]) -> list[PlayedMove]:
    return PlayedMove.certain_clicks(cells)


def _first_move(level: Level, rule: FirstClick, cell: Cell) -> PlayedMove:
    if rule is FirstClick.ANY:
        return PlayedMove(cell, False, Fraction(level.mines, level.cells))
    return PlayedMove(cell, True, Fraction(0))


def _guess_move(analysis: Analysis, guess: Guess, seconds: float) -> PlayedMove:
    p = analysis.exact(guess.cell)
    # The game always knows its total, so every covered cell has a probability.
    assert p is not None and p.numerator != p.denominator, f"a guess on {guess.cell} without a chance"
    return PlayedMove(guess.cell, p.numerator == 0, p, guess.forced, guess.rule, seconds)


def play_game(
    level: Level,
    seed: int,
    *,
    first_click: FirstClick = FirstClick.SAFE,
    policy: Policy | None = None,
    engine: Engine | None = None,
    watch: Callable[[Game, Analysis], None] | None = None,
) -> GameRecord:
    """Play one seeded game to the end with a :class:`Player` and ``engine`` (see :meth:`Player.play`).

    Without an engine, a fresh :meth:`Engine.for_games <cnfsweep.engine.Engine.for_games>`.
    """
    return Player(policy or SafestPolicy(), engine or Engine.for_games()).play(level, seed, first_click, watch)


def play_board(board: Board, policy: Policy | None = None, engine: Engine | None = None, seed: int = 0) -> GameRecord:
    """Play the layout a board carries, from the position it shows, to the end.

    The board's first click (or, without one, its first revealed cell) is
    clicked first, then every cell the board shows open, and then the
    player goes on as in any game.

    Raises
    ------
    CnfsweepError
        If the board carries no layout (see :mod:`cnfsweep.formats.native`) or
        shows no revealed cell to start from.

    Examples
    --------
    >>> b = Board.parse("mines: 1\\nfirst-click: 0,0\\n01..\\nlayout:\\n..*.\\n")
    >>> record = play_board(b)   # the 1 sees one covered cell; the total clears the last
    >>> record.won, [tuple(m.cell) for m in record.moves]
    (True, [(0, 0), (0, 3)])
    """
    layout = board.layout
    if layout is None:
        raise CnfsweepError("the board carries no layout: write it with 'cnfsweep generate' or add a 'layout:' section")
    if layout.start is None:
        if not board.numbers:
            raise CnfsweepError("the board shows no revealed cell to start from and names no 'first-click:'")
        layout = MineLayout(layout.mines, board.numbers[0])
    player = Player(policy or SafestPolicy(), engine or Engine.for_games())
    return player.play_layout(layout, board.rows, board.cols, seed, opened=board.numbers, topology=board.topology)
