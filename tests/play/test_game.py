"""Tests of the game engine: seeded layouts, first-click rules, flood fill, win and loss."""

from __future__ import annotations

import json
import random
from collections import deque
from collections.abc import Iterable

import pytest
from oracle import neighbours
from hypothesis import given, settings
from hypothesis import strategies as st

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.play.game import (
    LEVELS,
    ClickResult,
    FirstClick,
    Game,
    GameState,
    Level,
)
from cnfsweep.play.boards import boards_after_clicks, true_board

BEGINNER = LEVELS["beginner"]
DENSE = Level(5, 6, 20, "dense")  # tight enough that protected cells really matter


# -- an independent reference: plain neighbour sums and a textbook BFS -----------------


def true_number(rows: int, cols: int, mines: Iterable[Cell], cell: Cell) -> int:
    return len(set(neighbours(rows, cols, cell)) & set(mines))


def bfs_open(rows: int, cols: int, mines: frozenset[Cell], start: Cell) -> set[Cell]:
    """Cells a click on the safe cell ``start`` should reveal."""
    seen, queue = {start}, deque([start])
    while queue:
        cell = queue.popleft()
        if true_number(rows, cols, mines, cell) == 0:
            for n in neighbours(rows, cols, cell):
                if n not in seen:
                    seen.add(n)
                    queue.append(n)
    return seen


def all_cells(rows: int, cols: int) -> list[Cell]:
    return [Cell(r, c) for r in range(rows) for c in range(cols)]


def random_layout(rows: int, cols: int, mines: int, seed: int) -> frozenset[Cell]:
    return frozenset(random.Random(seed).sample(all_cells(rows, cols), mines))


def started(level: Level, seed: int, first: Cell, rule: FirstClick = FirstClick.SAFE) -> Game:
    game = Game.new(level, seed, rule)
    game.click(first)
    return game


def protected(level: Level, first: Cell, rule: FirstClick) -> set[Cell]:
    if rule is FirstClick.ANY:
        return set()
    if rule is FirstClick.SAFE:
        return {first}
    return {first, *neighbours(level.rows, level.cols, first)}


@pytest.fixture
def small() -> Game:
    """A 3x4 game with mines at (0, 3) and (2, 3): zeros on the left, numbers on the right."""
    return Game.from_layout(3, 4, [Cell(0, 3), Cell(2, 3)])


# -- seeded layouts -----------------------------------------------------------------------


@pytest.mark.parametrize("rule", list(FirstClick))
@pytest.mark.parametrize("seed", [0, 1, 2**40 + 3])
def test_same_seed_and_first_click_give_the_same_layout(rule: FirstClick, seed: int) -> None:
    first = Cell(4, 4)
    assert started(BEGINNER, seed, first, rule).mines == started(BEGINNER, seed, first, rule).mines


def test_different_seeds_give_different_layouts() -> None:
    layouts = {started(LEVELS["expert"], seed, Cell(8, 15)).mines for seed in range(30)}
    assert len(layouts) == 30


def test_layout_does_not_depend_on_global_random_state() -> None:
    reference = started(BEGINNER, 99, Cell(0, 0)).mines
    for seed in range(20):
        started(BEGINNER, seed, Cell(3, 3))
    random.seed(12345)
    before = random.getstate()
    assert started(BEGINNER, 99, Cell(0, 0)).mines == reference
    assert random.getstate() == before, "the game touched the global random generator"


@pytest.mark.parametrize("rule", list(FirstClick))
@pytest.mark.parametrize("first", [Cell(0, 0), Cell(2, 3), Cell(4, 5)])
def test_layout_is_one_sample_over_unprotected_cells_in_row_major_order(rule: FirstClick, first: Cell) -> None:
    seed = 31337
    candidates = [c for c in all_cells(DENSE.rows, DENSE.cols) if c not in protected(DENSE, first, rule)]
    expected = set(random.Random(seed).sample(candidates, DENSE.mines))
    assert started(DENSE, seed, first, rule).mines == expected


def test_pinned_layout() -> None:
    # Guards against an accidental change of the generation scheme: saved seeds must
    # keep meaning the same layout.
    game = started(BEGINNER, 2024, Cell(4, 4))
    assert sorted(game.mines) == [
        (2, 5), (2, 7), (3, 4), (3, 6), (4, 2), (5, 8), (6, 7), (7, 1), (7, 6), (8, 3)
    ]  # fmt: skip


def test_layout_waits_for_the_first_click() -> None:
    game = Game.new(BEGINNER, 5)
    assert game.mines is None and game.start is None and game.clicks == []
    assert game.board().grid == ("." * 9,) * 9
    game.click(Cell(2, 2))
    assert game.start == Cell(2, 2) and len(game.mines) == 10


# -- first-click rules ---------------------------------------------------------------------


@pytest.mark.parametrize("rule", [FirstClick.SAFE, FirstClick.OPENING])
@pytest.mark.parametrize("level", [BEGINNER, DENSE], ids=lambda lv: lv.name)
@pytest.mark.parametrize("corner", ["top-left", "bottom-right", "centre", "edge"])
def test_first_click_rule_keeps_its_cells_mine_free(rule: FirstClick, level: Level, corner: str) -> None:
    first = {
        "top-left": Cell(0, 0),
        "bottom-right": Cell(level.rows - 1, level.cols - 1),
        "centre": Cell(level.rows // 2, level.cols // 2),
        "edge": Cell(0, level.cols // 2),
    }[corner]
    for seed in range(150):
        game = Game.new(level, seed, rule)
        result = game.click(first)
        assert not result.hit_mine and game.state is not GameState.LOST
        assert len(game.mines) == level.mines
        assert not game.mines & protected(level, first, rule)
        if rule is FirstClick.OPENING:
            assert game.number(first) == 0
            assert protected(level, first, rule) <= game.revealed


def test_any_rule_can_put_a_mine_under_the_first_click() -> None:
    level = Level(2, 2, 3)
    hits = [s for s in range(40) if Game.new(level, s, FirstClick.ANY).click(Cell(0, 0)).hit_mine]
    assert hits, "with 3 mines on 4 cells some seed must mine the first cell"
    game = Game.new(level, hits[0], FirstClick.ANY)
    assert game.click(Cell(0, 0)) == ClickResult(Cell(0, 0), True, ())
    assert game.state is GameState.LOST and len(game.mines) == 3


@pytest.mark.parametrize("seed", range(10))
def test_safe_rule_on_a_full_board_wins_with_the_first_click(seed: int) -> None:
    game = Game.new(Level(2, 2, 3), seed)
    assert game.click(Cell(1, 1)).opened == (Cell(1, 1),)
    assert game.number(Cell(1, 1)) == 3 and game.state is GameState.WON


# -- flood fill and numbers ----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_flood_fill_opens_the_zero_region_and_its_border(seed: int) -> None:
    rows, cols = 12, 15
    mines = random_layout(rows, cols, 18, seed)
    zeros = [c for c in all_cells(rows, cols) if c not in mines and true_number(rows, cols, mines, c) == 0]
    for start in zeros[:: max(1, len(zeros) // 8)]:
        game = Game.from_layout(rows, cols, mines)
        result = game.click(start)
        opened = result.opened
        assert len(opened) == len(set(opened)) and opened[0] == start
        assert set(opened) == bfs_open(rows, cols, mines, start) == game.revealed
        assert len(result.numbers) == len(opened)
        for cell, number in zip(opened, result.numbers, strict=True):
            assert game.number(cell) == number == true_number(rows, cols, mines, cell)


def test_a_number_opens_only_itself(small: Game) -> None:
    result = small.click(Cell(1, 2))
    assert result.opened == (Cell(1, 2),) and result.numbers == (2,)
    assert small.board().grid == ("....", "..2.", "....")


def test_flood_fill_skips_flags(small: Game) -> None:
    small.flag(Cell(1, 0))
    opened = small.click(Cell(0, 0)).opened
    assert Cell(1, 0) not in opened
    assert small.board().grid == ("001.", "*02.", "001.")


def test_flood_fill_is_iterative_on_a_huge_board() -> None:
    game = Game.from_layout(300, 300, [Cell(299, 299)])
    result = game.click(Cell(0, 0))
    assert len(result.opened) == 300 * 300 - 1 and game.state is GameState.WON


# -- win, loss and errors -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_win_exactly_when_every_safe_cell_is_revealed(seed: int) -> None:
    rows, cols = 6, 7
    mines = random_layout(rows, cols, 12, seed)
    safe = [c for c in all_cells(rows, cols) if c not in mines]
    random.Random(seed).shuffle(safe)
    game = Game.from_layout(rows, cols, mines)
    for cell in safe:
        if game.state is GameState.WON:
            assert cell in game.revealed  # a flood opened it earlier
            continue
        game.click(cell)
        assert (game.state is GameState.WON) == (game.revealed == set(safe))
    assert game.state is GameState.WON


def test_hitting_a_mine_loses(small: Game) -> None:
    small.click(Cell(1, 1))
    assert small.click(Cell(0, 3)) == ClickResult(Cell(0, 3), True, ())
    assert small.state is GameState.LOST
    assert not small.revealed & small.mines
    assert small.board().char(Cell(0, 3)) == "."


@pytest.mark.parametrize("cell", [(-1, 0), (0, -1), (3, 0), (0, 4), (7, 7)])
def test_click_outside_the_board_is_an_error(small: Game, cell: tuple[int, int]) -> None:
    with pytest.raises(CnfsweepError, match="outside"):
        small.click(Cell(*cell))
    assert small.clicks == []


def test_click_on_a_flag_is_an_error_until_unflagged(small: Game) -> None:
    small.flag(Cell(1, 2))
    small.flag(Cell(1, 2))
    with pytest.raises(CnfsweepError, match="flagged"):
        small.click(Cell(1, 2))
    assert small.clicks == [] and small.board().char(Cell(1, 2)) == "*"
    small.unflag(Cell(1, 2))
    result = small.click(Cell(1, 2))
    assert result.opened == (Cell(1, 2),) and result.numbers == (2,)


def test_flagging_a_revealed_cell_is_an_error(small: Game) -> None:
    small.click(Cell(1, 2))
    with pytest.raises(CnfsweepError, match="revealed"):
        small.flag(Cell(1, 2))


def test_click_on_a_revealed_cell_does_nothing(small: Game) -> None:
    small.click(Cell(0, 0))
    board = small.board()
    assert small.click(Cell(1, 1)) == ClickResult(Cell(1, 1), False, ())
    assert small.board() == board and small.clicks == [Cell(0, 0), Cell(1, 1)]


@pytest.mark.parametrize("ending", [Cell(0, 3), Cell(1, 3)], ids=["lost", "won"])
def test_no_moves_after_the_end(small: Game, ending: Cell) -> None:
    small.click(Cell(0, 0))
    small.click(ending)
    assert small.state is not GameState.PLAYING
    with pytest.raises(CnfsweepError, match="over"):
        small.click(Cell(2, 2))
    with pytest.raises(CnfsweepError, match="over"):
        small.flag(Cell(2, 3))


def test_number_of_a_covered_cell_is_an_error(small: Game) -> None:
    with pytest.raises(CnfsweepError, match="not revealed"):
        small.number(Cell(0, 0))


# -- levels and seeds -----------------------------------------------------------------------


def test_standard_levels() -> None:
    sizes = {name: (lv.rows, lv.cols, lv.mines) for name, lv in LEVELS.items()}
    assert sizes == {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (16, 30, 99)}
    assert all(lv.name == name for name, lv in LEVELS.items())


@pytest.mark.parametrize("text", ["16x30", "16X30", " 16 x 30 ", "16x30/99", " 16 x 30 / 99 "])
def test_parse_size_reads_rows_by_columns(text: str) -> None:
    assert Level.parse_size(text, None if "/" in text else 99) == Level(16, 30, 99)


@pytest.mark.parametrize("text", ["", "30", "30x", "x16", "30*16", "-3x4", "3x4x5", "３x4", "3x4/", "3x4/-1"])
def test_parse_size_rejects_bad_sizes(text: str) -> None:
    with pytest.raises(CnfsweepError, match="ROWSxCOLS"):
        Level.parse_size(text, 1)


@pytest.mark.parametrize(
    ("rows", "cols", "mines", "message"),
    [(0, 5, 1, "at least"), (5, 0, 0, "at least"), (3, 3, 10, "do not fit"), (3, 3, -1, "do not fit"),
     (2.0, 3, 1, "integer"), (3, 3, True, "integer")],
)  # fmt: skip
def test_level_validation(rows: int, cols: int, mines: int, message: str) -> None:
    with pytest.raises(CnfsweepError, match=message):
        Level(rows, cols, mines)


@pytest.mark.parametrize(
    ("level", "rule", "ok"),
    [(Level(3, 3, 9), FirstClick.ANY, True), (Level(3, 3, 9), FirstClick.SAFE, False),
     (Level(3, 3, 8), FirstClick.SAFE, True), (Level(3, 3, 5), FirstClick.OPENING, True),
     (Level(3, 3, 6), FirstClick.OPENING, False), (Level(1, 1, 0), FirstClick.OPENING, True)],
)  # fmt: skip
def test_game_checks_the_level_against_the_first_click_rule(level: Level, rule: FirstClick, ok: bool) -> None:
    if ok:
        Game.new(level, 0, rule)
    else:
        with pytest.raises(CnfsweepError, match="no room"):
            Game.new(level, 0, rule)


def test_opening_too_tight_for_the_clicked_cell_leaves_the_game_unstarted() -> None:
    game = Game.new(Level(3, 3, 5), 0, FirstClick.OPENING)
    with pytest.raises(CnfsweepError, match="no room"):
        game.click(Cell(1, 1))  # the centre protects all nine cells
    assert game.mines is None and game.clicks == [] and game.start is None
    game.click(Cell(0, 0))
    assert game.mines == {Cell(r, c) for r in range(3) for c in range(3)} - {(0, 0), (0, 1), (1, 0), (1, 1)}


@pytest.mark.parametrize("seed", [-1, True, "7", 1.5])
def test_seed_must_be_a_non_negative_int(seed: object) -> None:
    with pytest.raises(CnfsweepError, match="seed"):
        Game.new(BEGINNER, seed)  # type: ignore[arg-type]


def test_game_by_level_name_and_fresh_seed() -> None:
    game = Game.new("intermediate")
    assert game.level is LEVELS["intermediate"] and isinstance(game.seed, int)
    with pytest.raises(CnfsweepError, match="unknown level"):
        Game.new("nightmare")


def test_from_layout_rejects_bad_mines() -> None:
    with pytest.raises(CnfsweepError, match="twice"):
        Game.from_layout(3, 3, [Cell(0, 0), Cell(0, 0)])
    with pytest.raises(CnfsweepError, match="outside"):
        Game.from_layout(3, 3, [Cell(3, 0)])


# -- snapshots, serialisation, replay ------------------------------------------------------


def test_board_snapshot(small: Game) -> None:
    small.flag(Cell(0, 3))
    board = small.board()
    small.click(Cell(0, 0))
    assert board.grid == ("...*", "....", "....") and board.total_mines == 2
    assert small.board().grid == ("001*", "002.", "001.")
    assert Board.parse(small.board().to_text()) == small.board()


def test_to_dict_is_json_and_reproduces_the_game() -> None:
    game = Game.new(BEGINNER, 77, FirstClick.OPENING)
    assert game.to_dict()["mines"] is None and game.to_dict()["start"] is None
    game.click(Cell(3, 5))
    data = json.loads(json.dumps(game.to_dict()))
    assert data["seed"] == 77 and data["rule"] == "opening" and data["start"] == [3, 5] and "first_click" not in data
    assert data["mines"] == sorted(data["mines"]) and len(data["mines"]) == 10
    again = Game.new(Level(data["rows"], data["cols"], len(data["mines"])), data["seed"], FirstClick(data["rule"]))
    again.click(Cell(*data["start"]))
    assert again.mines == {Cell(*m) for m in data["mines"]} == game.mines


@pytest.mark.parametrize("seed", range(5))
def test_replay_reproduces_the_boards_of_a_played_game(seed: int) -> None:
    game = Game.new(LEVELS["intermediate"], seed)
    rng = random.Random(seed)
    boards = []
    while game.state is GameState.PLAYING:
        game.click(rng.choice((*game.board().covered, Cell(0, 0))))
        boards.append(game.board())
    assert boards_after_clicks(16, 16, game.mines, game.clicks) == boards


def test_true_board_matches_the_won_game(small: Game) -> None:
    for cell in [Cell(0, 0), Cell(1, 3)]:
        small.click(cell)
    truth = true_board(3, 4, small.mines)
    assert truth.grid == ("001*", "0022", "001*") and truth.total_mines == 2
    assert small.board().grid == tuple(row.replace("*", ".") for row in truth.grid)


# -- property: random play never shows a mine and always shows true numbers ----------------


@st.composite
def games(draw: st.DrawFn) -> tuple[Game, Cell]:
    rows, cols = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    rule = draw(st.sampled_from(FirstClick))
    first = Cell(draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    room = Level(rows, cols, 0).max_mines(rule, first)
    level = Level(rows, cols, draw(st.integers(0, room)))
    return Game.new(level, draw(st.integers(0, 2**64)), rule), first


@settings(max_examples=150, deadline=None, derandomize=True)
@given(start=games(), rng=st.randoms(use_true_random=False))
def test_random_play_reveals_only_safe_cells_with_true_numbers(start: tuple[Game, Cell], rng: random.Random) -> None:
    game, cell = start
    level = game.level
    for _ in range(level.cells):
        result = game.click(cell)
        mines = game.mines
        assert len(mines) == level.mines
        assert result.hit_mine == (cell in mines)
        assert result.hit_mine == (game.state is GameState.LOST)
        assert not game.revealed & mines
        board = game.board()
        for c in board.numbers:
            assert board.number(c) == true_number(level.rows, level.cols, mines, c)
        if not result.hit_mine:
            assert (game.state is GameState.WON) == (len(game.revealed) == level.cells - level.mines)
        if game.state is not GameState.PLAYING:
            break
        cell = rng.choice(board.covered)
    assert game.state is not GameState.PLAYING
    assert not protected(level, game.start, game.rule) & game.mines
