"""The fast method, the API and the boards it writes, each board checked by the brute-force oracle's replay."""

from __future__ import annotations

import pytest
from game_oracle import oracle_replay

from cnfsweep import Board, CnfsweepError, TimeLimitExceeded
from cnfsweep.core.board import Cell
from cnfsweep.experiments import GenerateConfig, generate_many
from cnfsweep.generation import (
    Logic,
    Method,
    NoGuessCheck,
    centre,
    generate,
    generate_boards,
    opening_area,
    sample_fast,
    three_bv,
)
from cnfsweep.play import play_board
from cnfsweep.engine import Engine
from cnfsweep.play.game import LEVELS, Game, GameState, Level


@pytest.mark.parametrize("logic", list(Logic))
@pytest.mark.parametrize(
    "level", [Level(5, 6, 7), Level(5, 6, 10), Level(5, 6, 17)], ids=lambda lv: f"{lv.cols}x{lv.rows}/{lv.mines}"
)
def test_every_fast_board_needs_no_guess(level: Level, logic: Logic) -> None:
    """Up to 81% of the cells off the opening are mines, where random layouts are rarely fair
    and the open cells get walled in by certain mines."""
    first = centre(level)
    for seed in range(4):
        board = sample_fast(level, first, seed, logic)
        mines = list(board.mine_cells)
        assert len(set(mines)) == level.mines
        assert not set(mines) & set(opening_area(level, first))
        assert oracle_replay(level, mines, first, logic), (seed, mines)


def test_fast_boards_on_a_real_size_replay_with_the_oracle() -> None:
    level = LEVELS["beginner"]
    for g in generate_boards(level, 1, seed=2, method="fast"):
        assert oracle_replay(level, list(g.mine_cells), g.start, Logic.FULL)


def test_moving_mines_keeps_the_numbers_of_the_new_layout() -> None:
    import random

    rng = random.Random(3)
    cells = [Cell(r, c) for r in range(6) for c in range(6) if max(abs(r - 3), abs(c - 3)) > 1]
    while True:  # a layout whose replay sticks with a covered mine and a covered safe cell
        replayer = NoGuessCheck(6, 6, rng.sample(cells, 10), (3, 3))
        if not replayer.run():
            covered = [replayer.cells[i] for i in replayer.covered()]
            mines = [c for c in covered if replayer.mine_flags[replayer.cells.index(c)]]
            safe = [c for c in covered if not replayer.mine_flags[replayer.cells.index(c)]]
            if mines and safe:
                break
    replayer.move_mines([mines[0]], [safe[0]])
    layout = {replayer.cells[i] for i, m in enumerate(replayer.mine_flags) if m}
    assert mines[0] not in layout and safe[0] in layout and len(layout) == 10
    board = replayer.board()
    for cell in board.numbers:
        assert board.number(cell) == sum(n in layout for n in _around(cell, 6, 6))
    replayer.run()  # carries on from the changed numbers without complaint


def _around(cell: Cell, rows: int, cols: int) -> list[Cell]:
    return [
        Cell(r, c)
        for r in range(cell.row - 1, cell.row + 2)
        for c in range(cell.col - 1, cell.col + 2)
        if (r, c) != cell and 0 <= r < rows and 0 <= c < cols
    ]


@pytest.mark.parametrize("method", list(Method))
def test_the_same_seed_gives_the_same_boards(method: Method) -> None:
    first = [g.mine_cells for g in generate_boards("beginner", 3, seed=11, method=method)]
    again = [g.mine_cells for g in generate_boards("beginner", 3, seed=11, method=method)]
    assert first == again and len(set(first)) == 3


def test_worker_count_does_not_change_the_boards() -> None:
    request = GenerateConfig(LEVELS["intermediate"], centre(LEVELS["intermediate"]))
    one = [g.mine_cells for g in generate_many(request, 4, seed=5, workers=1)]
    two = [g.mine_cells for g in generate_many(request, 4, seed=5, workers=2)]
    assert one == two


def test_a_generated_board_round_trips_through_the_native_format() -> None:
    g = generate("intermediate", seed=1)
    board = g.board()
    assert board.layout is not None and board.layout.start == g.start
    assert set(board.layout.mines) == set(g.mine_cells)
    assert Board.parse(board.to_text()) == board
    # The board shows the first click's opening, every other cell covered.
    assert g.start in board.numbers and not board.flags


def test_play_board_wins_a_generated_board_without_guessing() -> None:
    for g in generate_boards("expert", 3, seed=8):
        record = play_board(Board.parse(g.board().to_text()))
        assert record.won and record.guesses == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"level": Level(3, 3, 1)}, "no room for 1 mine"),
        ({"start": (20, 0)}, "off the 16x30 board"),
        ({"level": "huge"}, "unknown level"),
        ({"method": "quick"}, "unknown method 'quick'; choose from fast, uniform"),
        ({"logic": "some"}, "unknown logic"),
        ({"seed": -1}, "non-negative"),
    ],
)
def test_impossible_requests_name_the_problem(kwargs: dict, message: str) -> None:
    with pytest.raises(CnfsweepError, match=message):
        generate(**kwargs)


def test_no_fair_layout_ends_at_the_time_limit() -> None:
    with pytest.raises(TimeLimitExceeded, match="no no-guess layout of 1 mine"):
        generate(Level(2, 3, 1), start=(0, 0), time_limit=0.2)


def test_three_bv_counts_openings_and_lone_numbers() -> None:
    # 1x5 with a mine in the middle: two lone 1s beside it, and a zero at each end opening its 1.
    assert three_bv(1, 5, {Cell(0, 2)}) == 2
    assert three_bv(1, 3, {Cell(0, 0), Cell(0, 2)}) == 1  # the middle cell alone
    assert three_bv(2, 2, set()) == 1
    assert three_bv(3, 3, {Cell(1, 1)}) == 8  # every safe cell borders the mine: no zero


def engine_replay(level: Level, mines: tuple[Cell, ...], first: Cell) -> bool:
    """Replay with the engine's analysis of the whole board at every step: no frontier, no pairs, no reuse.

    Independent of the no-guess check's machinery (the incremental frontier, the rules it applies
    before any analysis, the positions it builds group by group): only the game and a fresh
    reading of the board it shows.
    """
    game = Game.from_layout(level.rows, level.cols, mines)
    game.click(first)
    engine = Engine.create()
    while game.state is GameState.PLAYING:
        analysis = engine.analyze(game.board())
        if not analysis.safe:
            return False
        for cell in analysis.safe:
            if game.board().grid[cell.row][cell.col] == ".":
                game.click(cell)
    return game.state is GameState.WON


@pytest.mark.parametrize("method", list(Method))
def test_expert_boards_need_no_guess_by_a_fresh_analysis_at_every_step(method: Method) -> None:
    assert not engine_replay(Level(2, 3, 1), (Cell(0, 2),), Cell(0, 0))  # the replay does see a 50/50
    level = LEVELS["expert"]
    for g in generate_boards(level, 2, seed=11, method=method):
        assert engine_replay(level, g.mine_cells, g.start), (method, g.seed)
