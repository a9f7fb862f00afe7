"""The one game on torus and hex boards, checked against neighbours computed here (``oracle.neighbours``).

Numbers, the zero flood, chords, first-click rules, the player's view kept in
step, moved mines and whole autoplayed games: each against an independent
count or flood written from the topology's definition, never against the
game's own tables.
"""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import neighbours

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.gamerules import COVERED_BYTE, FLAG_BYTE
from cnfsweep.core.topology import make_topology
from cnfsweep.core.errors import ArgumentError
from cnfsweep.play import FirstClick, Game, GameState, Level, Player, Table, boards_after_clicks, true_board

GRIDS = ["square", "torus", "hex"]


def cells_of(rows: int, cols: int) -> list[Cell]:
    return [Cell(r, c) for r in range(rows) for c in range(cols)]


def number(rows: int, cols: int, topology: str, mines: frozenset[Cell], cell: Cell) -> int:
    return sum(n in mines for n in neighbours(rows, cols, cell, topology))


def flood(rows: int, cols: int, topology: str, mines: frozenset[Cell], start: Cell) -> set[Cell]:
    """What a click on the safe cell ``start`` reveals, by a textbook breadth-first search."""
    seen, queue = {start}, deque([start])
    while queue:
        cell = queue.popleft()
        if number(rows, cols, topology, mines, cell) == 0:
            for n in neighbours(rows, cols, cell, topology):
                if n not in seen:
                    seen.add(n)
                    queue.append(n)
    return seen


@st.composite
def layouts(draw: st.DrawFn) -> tuple[str, int, int, frozenset[Cell]]:
    topology = draw(st.sampled_from(GRIDS))
    rows, cols = draw(st.integers(3, 8)), draw(st.integers(3, 8))
    mines = draw(st.integers(0, rows * cols - 1))
    layout = frozenset(draw(st.permutations(cells_of(rows, cols)))[:mines])
    return topology, rows, cols, layout


@settings(max_examples=150, deadline=None)
@given(case=layouts(), data=st.data())
def test_a_click_opens_the_textbook_flood_showing_the_true_numbers(case, data) -> None:
    topology, rows, cols, mines = case
    game = Game.from_layout(rows, cols, mines, topology)
    cell = data.draw(st.sampled_from([c for c in cells_of(rows, cols) if c not in mines]))
    result = game.click(cell)
    assert set(result.opened) == flood(rows, cols, topology, mines, cell)
    assert len(result.opened) == len(set(result.opened))
    assert list(result.numbers) == [number(rows, cols, topology, mines, c) for c in result.opened]
    assert game.board().topology.name == topology
    assert game.state is (GameState.WON if len(result.opened) == rows * cols - len(mines) else GameState.PLAYING)


@pytest.mark.parametrize("topology", GRIDS)
def test_true_board_shows_every_number_of_its_grid(topology: str) -> None:
    rows, cols = 5, 6
    mines = frozenset(random.Random(4).sample(cells_of(rows, cols), 8))
    board = true_board(rows, cols, mines, topology)
    assert board.topology.name == topology
    for cell in cells_of(rows, cols):
        assert board.char(cell) == ("*" if cell in mines else str(number(rows, cols, topology, mines, cell)))


@pytest.mark.parametrize("topology", GRIDS)
@pytest.mark.parametrize("rule", [FirstClick.SAFE, FirstClick.OPENING])
def test_the_first_click_rule_protects_the_grids_own_neighbours(topology: str, rule: FirstClick) -> None:
    level = Level(6, 7, 30, topology_name=topology)
    first = Cell(0, 0)  # a corner: on a torus its neighbours wrap around, on hex there are three
    protected = {first} | (set(neighbours(6, 7, first, topology)) if rule is FirstClick.OPENING else set())
    for seed in range(30):
        game = Game.new(level, seed, rule)
        result = game.click(first)
        assert not result.hit_mine and not (game.mines & protected)
        assert len(game.mines) == 30


def test_opening_room_counts_the_grids_neighbours() -> None:
    # A torus corner has eight neighbours: 42 - 9 cells are left; a hex corner (even row) has two.
    assert Level(6, 7, 1, topology_name="torus").max_mines(FirstClick.OPENING, Cell(0, 0)) == 33
    assert Level(6, 7, 1, topology_name="hex").max_mines(FirstClick.OPENING, Cell(0, 0)) == 39
    assert Level(6, 7, 1, topology_name="hex").max_mines(FirstClick.OPENING) == 39
    assert Level(6, 7, 1).max_mines(FirstClick.OPENING) == 38


@pytest.mark.parametrize("topology", GRIDS)
def test_a_chord_opens_the_unflagged_neighbours_or_loses_on_a_wrong_flag(topology: str) -> None:
    rows, cols = 5, 5
    rng = random.Random(7)
    for _ in range(40):
        mines = frozenset(rng.sample(cells_of(rows, cols), 5))
        game = Game.from_layout(rows, cols, mines, topology)
        numbered = [c for c in cells_of(rows, cols) if c not in mines and number(rows, cols, topology, mines, c) > 0]
        cell = rng.choice(numbered)
        game.click(cell)
        near = neighbours(rows, cols, cell, topology)
        wrong = rng.random() < 0.5 and any(n not in mines for n in near)
        flags = [n for n in near if n in mines]
        if wrong:  # swap one right flag for a wrong one: the count still matches
            flags = [*flags[1:], next(n for n in near if n not in mines)]
        for f in flags:
            game.flag(f)
        result = game.chord(cell)
        if wrong:
            assert result.hit_mine and game.state is GameState.LOST and game.exploded in mines
            continue
        expected = set().union(*(flood(rows, cols, topology, mines, n) for n in near if n not in mines))
        assert set(result.opened) == expected - {cell}
        assert game.state is not GameState.LOST


def test_a_chord_with_too_few_flags_does_nothing() -> None:
    game = Game.from_layout(3, 3, [(0, 0), (0, 1)], "hex")
    game.click(Cell(1, 0))  # odd row: sees (0, 0) and (0, 1)
    game.flag(Cell(0, 0))
    assert game.chord(Cell(1, 0)) == game.chord(Cell(1, 0)).__class__(Cell(1, 0), False, ())
    assert game.state is GameState.PLAYING


@pytest.mark.parametrize("topology", ["torus", "hex"])
def test_moved_mines_show_the_true_numbers_of_the_new_layout(topology: str) -> None:
    rows, cols = 7, 7
    rng = random.Random(11)
    for _ in range(20):
        mines = set(rng.sample(cells_of(rows, cols), 12))
        table = Table.on_layout(rows, cols, mines, topology)
        start = rng.choice([c for c in cells_of(rows, cols) if c not in mines])
        table.click(start)
        covered = [table.cells[i] for i in table.covered()]
        sources = [c for c in covered if c in mines][:2]
        targets = [c for c in covered if c not in mines][: len(sources)]
        sources = sources[: len(targets)]
        table.move_mines(sources, targets)
        mines = (mines - set(sources)) | set(targets)
        assert table.game.mines == mines
        board = table.board()
        for cell in board.numbers:
            assert board.number(cell) == number(rows, cols, topology, frozenset(mines), cell)
        # The view settles only what the new numbers settle: every settled cell is right.
        safe, flagged = table.settled()
        assert not set(safe) & mines and set(flagged) <= mines


def test_a_torus_level_needs_three_rows_and_an_unknown_topology_is_named() -> None:
    with pytest.raises(ArgumentError, match="a torus board needs at least 3 rows and 3 columns, got 2x5"):
        Level(2, 5, 1, topology_name="torus")
    with pytest.raises(ArgumentError, match="unknown topology 'sphere': expected square, torus or hex"):
        Level(5, 5, 1, topology_name="sphere")


@pytest.mark.parametrize("topology", ["torus", "hex"])
def test_autoplayed_games_replay_click_by_click_on_their_grid(topology: str) -> None:
    level = Level(8, 9, 10, topology_name=topology)
    player = Player()
    for seed in range(6):
        record = player.play(level, seed)
        trace = record.trace()
        assert trace["topology"] == topology
        mines = frozenset(Cell(*m) for m in trace["mines"])
        clicks = [Cell(*m["cell"]) for m in trace["moves"]]
        boards = boards_after_clicks(level.rows, level.cols, mines, clicks, topology)
        final = boards[-1]
        # Every number shown is the true one on this grid; a won game shows every safe cell.
        for cell in final.numbers:
            assert final.number(cell) == number(level.rows, level.cols, topology, mines, cell)
        assert record.won == (len(final.numbers) == level.cells - level.mines)
        # A certain move never hits a mine.
        assert all(not (m.certain and m.cell in mines) for m in record.moves)


@settings(max_examples=100, deadline=None)
@given(case=layouts(), data=st.data())
def test_the_board_a_game_shows_is_the_board_its_grid_makes_with_every_check(case, data) -> None:
    """``Game.board`` skips the Board's checks: after clicks and flags it equals the checked board, of the game's grid."""
    topology, rows, cols, mines = case
    game = Game.from_layout(rows, cols, mines, topology)
    for cell in data.draw(st.lists(st.sampled_from(cells_of(rows, cols)), max_size=6)):
        if game.state is not GameState.PLAYING:
            break
        shows = game.view[cell[0] * cols + cell[1]]
        if shows == FLAG_BYTE:
            game.unflag(cell)
        elif shows == COVERED_BYTE and data.draw(st.booleans()):
            game.flag(cell)
        else:
            game.click(cell)
    shown = game.board()
    checked = Board(shown.grid, len(mines), topology=make_topology(topology, rows, cols))
    assert shown == checked and repr(shown) == repr(checked)
    assert type(shown.topology) is type(checked.topology) and shown.covered == checked.covered
