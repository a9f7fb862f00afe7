"""Tests of the exact endgame search against independent brute force."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

import pytest
from game_oracle import BruteTree, Revealed, brute_layouts, revealed_of

from cnfsweep import Board, Cell, analyze
from cnfsweep.search.endgame import EndgameResult, best_move, enumerate_layouts
from cnfsweep.play.game import Game, GameState


def position(rows: int, cols: int, mines: list[tuple[int, int]], clicks: list[tuple[int, int]]) -> Board:
    game = Game.from_layout(rows, cols, mines)
    for cell in clicks:
        game.click(Cell(*cell))
    return game.board()


def random_positions(seed: int, rows: int, cols: int, mines: int, count: int, flags: bool) -> Iterator[Board]:
    """Positions from random games: a few safe clicks, and optionally some true mines flagged."""
    rng = random.Random(seed)
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    while count:
        layout = rng.sample(cells, mines)
        game = Game.from_layout(rows, cols, layout)
        for cell in rng.sample([c for c in cells if c not in layout], rng.randint(1, 3)):
            if game.state is GameState.PLAYING:
                game.click(cell)
        if game.state is not GameState.PLAYING:
            continue
        if flags:
            for mine in rng.sample(layout, rng.randint(0, mines)):
                game.flag(mine)
        count -= 1
        yield game.board()


HAND_BOARDS = [
    Board.from_rows(["1.", ".."], 1),
    Board.from_rows(["...", "121"], 2),
    Board.from_rows(["1..", "...", "..."], 2),  # six cells off the frontier
    Board.from_rows(["*2.", "...", "..."], 3),
    Board.from_rows([".1.", ".2.", "..."], 2),
    Board.from_rows(["..1..", ".....", "..*.."], 3),
    Board.from_rows(["....", "....", "...."], 0),
    Board.from_rows(["2.", ".."], 1),  # inconsistent: the 2 needs more mines than exist
    Board.from_rows(["3.", ".."], 2),  # inconsistent: the 3 needs more mines than the total
]


@pytest.fixture(params=range(len(HAND_BOARDS)), ids=lambda i: "/".join(HAND_BOARDS[i].grid))
def hand_board(request: pytest.FixtureRequest) -> Board:
    return HAND_BOARDS[request.param]


@pytest.fixture(params=[(11, 4, 5, 5, True), (12, 5, 5, 4, False), (13, 3, 6, 4, True)], ids=str)
def random_board(request: pytest.FixtureRequest) -> list[Board]:
    seed, rows, cols, mines, flags = request.param
    return list(random_positions(seed, rows, cols, mines, count=8, flags=flags))


# -- enumerate_layouts ------------------------------------------------------------------


def check_layouts(board: Board) -> None:
    total = board.total_mines
    assert total is not None
    layouts = enumerate_layouts(board)
    assert layouts is not None
    assert len(set(layouts)) == len(layouts)
    assert set(layouts) == brute_layouts(board, total)
    assert len(layouts) == analyze(board).solutions
    assert enumerate_layouts(board) == layouts  # deterministic


def test_layouts_on_hand_boards(hand_board: Board) -> None:
    check_layouts(hand_board)


def test_layouts_on_random_positions(random_board: list[Board]) -> None:
    for board in random_board:
        check_layouts(board)


def test_layouts_stop_past_the_limit() -> None:
    board = Board.from_rows(["1..", "...", "..."], 2)
    count = len(brute_layouts(board, 2))
    assert enumerate_layouts(board, limit=count - 1) is None
    assert len(enumerate_layouts(board, limit=count) or ()) == count


def test_total_override_and_missing_total() -> None:
    board = Board.from_rows(["1.", ".."])
    assert len(enumerate_layouts(board, total_mines=2) or ()) == len(brute_layouts(board, 2))
    with pytest.raises(ValueError, match="total"):
        enumerate_layouts(board)
    with pytest.raises(ValueError, match="total"):
        best_move(board)


# -- best_move against the plain game tree ------------------------------------------------


def test_brute_click_matches_the_game() -> None:
    """The reference's flood is the game's: same cells opened from the same position."""
    rng = random.Random(5)
    tree = BruteTree(4, 4, 3)
    for _ in range(40):
        layout = rng.choice(tree.all_layouts)
        game = Game.from_layout(4, 4, layout)
        revealed: Revealed = frozenset()
        for cell in rng.sample([c for c in tree.cells if c not in layout], 3):
            expected = revealed_of(game.board()) | {(c, game.number(c)) for c in game.click(cell).opened}
            revealed = tree.click(layout, revealed, cell)
            assert revealed == expected


def check_against_tree(tree: BruteTree, board: Board) -> EndgameResult:
    result = best_move(board, max_layouts=1000, node_limit=10**6)
    assert result is not None
    revealed = revealed_of(board)
    assert len(tree.layouts(revealed)) == result.layouts
    assert result.win_probability == tree.value(revealed)
    assert tree.move_value(revealed, result.cell) == result.win_probability
    analysis = analyze(board)
    if not analysis.safe:
        # Among optimal moves: the safest, then the first in row-major order.
        optimal = [c for c in board.covered if tree.move_value(revealed, c) == result.win_probability]
        assert result.cell == min(optimal, key=lambda c: (analysis.exact(c), c))
    return result


@pytest.fixture(scope="module")
def tree_4x4() -> BruteTree:
    return BruteTree(4, 4, 3)


@pytest.mark.parametrize(
    ("mines", "first"),
    [
        ([(0, 0), (1, 1), (3, 3)], (0, 3)),
        ([(0, 3), (1, 1), (2, 3)], (3, 0)),
        ([(0, 1), (2, 0), (3, 3)], (0, 3)),
        ([(2, 0), (2, 2), (3, 3)], (0, 3)),
        ([(0, 2), (1, 2), (3, 3)], (2, 0)),
    ],
)
def test_4x4_after_a_first_click(tree_4x4: BruteTree, mines: list[tuple[int, int]], first: tuple[int, int]) -> None:
    check_against_tree(tree_4x4, position(4, 4, mines, [first]))


def test_reference_shortcut_for_known_layouts() -> None:
    """Counting a known layout as won agrees with playing it out, on a board small enough for both."""
    full, short = BruteTree(2, 4, 2, known_wins=False), BruteTree(2, 4, 2)
    assert full.value(frozenset()) == short.value(frozenset())


@pytest.mark.parametrize(("rows", "cols", "mines"), [(3, 3, 2), (2, 4, 2)])
def test_small_boards_from_the_start(rows: int, cols: int, mines: int) -> None:
    tree = BruteTree(rows, cols, mines)
    check_against_tree(tree, Board.from_rows(["." * cols] * rows, mines))
    for layout in tree.all_layouts[::5]:
        first = next(c for c in tree.cells if c not in layout)
        board = position(rows, cols, sorted(layout), [first])
        if len(board.covered) > mines:
            check_against_tree(tree, board)


@pytest.mark.parametrize(("seed", "rows", "cols", "mines", "most"), [(21, 4, 4, 3, 30), (22, 5, 5, 4, 20)])
def test_random_mid_game_positions(seed: int, rows: int, cols: int, mines: int, most: int) -> None:
    tree = BruteTree(rows, cols, mines)
    checked = 0
    for board in random_positions(seed, rows, cols, mines, count=40, flags=False):
        if 1 < len(tree.layouts(revealed_of(board))) <= most:
            check_against_tree(tree, board)
            checked += 1
    assert checked >= 5


# -- closed forms and edge cases --------------------------------------------------------------


def test_isolated_fifty_fifty() -> None:
    board = Board.from_rows(["..", "11", "00"], 1)
    result = best_move(board)
    assert result is not None
    assert result.win_probability == Fraction(1, 2)
    assert (result.cell, result.layouts) == (Cell(0, 0), 2)


def test_two_independent_fifty_fifties_multiply() -> None:
    # A flagged wall parts two corner pairs, each with one mine that no click can find.
    board = Board.from_rows(["..*..", "14*41", "02*20"], 5)
    result = best_move(board)
    assert result is not None
    assert (result.win_probability, result.layouts) == (Fraction(1, 4), 4)


def test_a_single_layout_is_won() -> None:
    board = Board.from_rows(["...", "121"], 2)
    assert best_move(board) == EndgameResult(Cell(0, 1), Fraction(1), 1, 0)


def test_won_and_inconsistent_positions_give_none() -> None:
    assert best_move(Board.from_rows(["*.", "11"], 2)) is None  # only a mine is left covered
    assert best_move(Board.from_rows(["2.", ".."], 1)) is None


def test_limits_give_none() -> None:
    board = Board.from_rows(["...", "...", "..."], 2)
    full = best_move(board)
    assert full is not None and full.layouts == 36
    assert best_move(board, max_layouts=35) is None
    assert best_move(board, node_limit=full.nodes - 1) is None
    assert best_move(board, node_limit=full.nodes) == full
