"""Pockets (``strong:pocket_last``): the cells they name, and the guesses the rule leaves, by brute force."""

from __future__ import annotations

from fractions import Fraction

import pytest
from oracle import around, layouts

from boards import random_position

from cnfsweep.core.board import Board, Cell
from cnfsweep.engine import Engine
from cnfsweep.engine.analysis import Analysis
from cnfsweep.experiments.campaign import game_seed
from cnfsweep.play import GuessRule, play_game
from cnfsweep.play.game import Level
from cnfsweep.play.strong import StrongPolicy
from cnfsweep.engine.position import build_position
from cnfsweep.search.regions import pocket_cells
from cnfsweep.search.whatif import Snapshot


def brute_chances(board: Board) -> dict[Cell, Fraction]:
    """Each covered cell's chance of a mine over every whole-board layout (flags count as mines)."""
    found = layouts(board)
    flags = set(board.flags)
    return {c: Fraction(1) if c in flags else Fraction(sum(c in m for m in found), len(found)) for c in board.covered}


def brute_pockets(board: Board, most: int) -> set[Cell]:
    """The covered cells that are a mine in some layout but not all, in a group of at most ``most`` of them that
    reach each other through neighbours of the same kind: from the definition, on the listed layouts."""
    chance = brute_chances(board)
    room = {c for c, p in chance.items() if p < 1}
    out: set[Cell] = set()
    left = set(room)
    while left:
        group = {left.pop()}
        todo = list(group)
        while todo:
            for d in around(board, todo.pop()):
                if d in room and d not in group:
                    group.add(d)
                    todo.append(d)
        left -= group
        if len(group) <= most:
            out |= group
    return out


def small_boards(count: int) -> list[Board]:
    """Random partly revealed boards with a total, few enough covered cells to list every layout."""
    boards = []
    seed = 0
    while len(boards) < count:
        seed += 1
        board = random_position(seed, with_total=True, flags=True).board
        if len(board.covered) <= 16 and layouts(board):
            boards.append(board)
    return boards


@pytest.mark.parametrize("most", [1, 2, 4, 8])
def test_the_pockets_are_those_of_the_definition(most):
    some = 0
    for board in small_boards(150):
        snap = Snapshot.of(build_position(board))
        assert snap is not None
        expected = brute_pockets(board, most)
        assert pocket_cells(snap, board.covered, most) == expected, (board.grid, most)
        # Asked about a few cells, the answer is the same for those.
        few = board.covered[::2]
        assert pocket_cells(snap, few, most) == expected.intersection(few), (board.grid, most)
        some += bool(expected)
    assert some >= 10


def guess_points(level: Level, seed: int, games: int, policy: StrongPolicy) -> list[Analysis]:
    """Positions from real play where the player had to guess and a small pocket exists."""
    points = []
    engine = Engine.for_games()

    def watch(_game: object, analysis: Analysis) -> None:
        if analysis.consistent and not analysis.safe and analysis.solutions and not analysis.approximate:
            snap = Snapshot.of_analysis(analysis, engine)
            if pocket_cells(snap, analysis.board.covered, policy.pocket_last):
                points.append(analysis)
            snap.forget()

    for i in range(games):
        play_game(level, game_seed(seed, i), policy=policy, engine=engine, watch=watch)
    return points


def test_the_rule_leaves_only_pocket_cells_and_never_guesses_in_one_while_it_may_not():
    """Against the layouts listed: the rule's guess is never in a pocket while a candidate outside one is left;
    where it differs from strong's, strong's guess was in a pocket; its trace names a pocket cell at least as safe."""
    most = 2
    rule = StrongPolicy(pocket_last=most, endgame=False, regions=False)
    plain = StrongPolicy(endgame=False, regions=False)
    engine = Engine.for_games()
    points = [
        a
        for rows, cols, mines, seed in [(4, 5, 5, 41), (3, 7, 5, 42), (4, 4, 4, 43), (5, 5, 6, 44)]
        for a in guess_points(Level(rows, cols, mines), seed, 200, rule)
    ]
    changed = traced = 0
    for analysis in points:
        board = analysis.board
        pockets = brute_pockets(board, most)
        chance = brute_chances(board)
        guess = rule.choose(analysis, engine)
        usual = plain.choose(analysis, engine)
        window = [
            c
            for c in board.covered
            if chance[c] < 1 and 1 - chance[c] >= (1 - min(chance.values())) * (1 - rule.tolerance)
        ]
        if guess.cell != usual.cell:
            changed += 1
            assert usual.cell in pockets and guess.cell not in pockets, (board.grid, guess, usual)
        if not any(c not in pockets for c in window):
            # Nothing outside the pockets to guess: the rule leaves nothing out.
            assert guess == usual, (board.grid, guess, usual)
            continue
        assert guess.cell not in pockets, (board.grid, guess)
        left_out = [c for c in window if c in pockets and chance[c] <= chance[guess.cell]]
        if guess.rule is GuessRule.POCKET_LAST:
            traced += 1
            assert left_out, (board.grid, guess)
        else:
            assert not left_out, (board.grid, guess)
    assert changed >= 3 and traced >= 3, (len(points), changed, traced)
