"""The bundled replays reviewed end to end, against ms-toollib's own replay of them; lost and unfinished games.

ms-toollib replays each file on its own game; the review replays the clicks it read on
ours.  After every click the two boards must agree, the 3BV must be ms-toollib's, and
where our ``needless_guess`` and ms-toollib's ``is_guess_while_needless`` part ways, the
tests below show the position and why.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from oracle import around, reference
from paths import DATA
from replays import random_game

from cnfsweep.core.board import Board, Cell
from cnfsweep.formats.game_records import Click, ClickKind, read_game_records
from cnfsweep.play import Game, GameState
from cnfsweep.replay import Label, review, review_game

ms_toollib = pytest.importorskip("ms_toollib")

REPLAYS = DATA / "replays"
ALL = sorted(p for p in REPLAYS.iterdir() if p.suffix in (".avf", ".rmv", ".evf", ".mvf"))
VIDEOS = {".avf": "AvfVideo", ".rmv": "RmvVideo", ".evf": "EvfVideo", ".mvf": "MvfVideo"}


def _video(path):
    video = getattr(ms_toollib, VIDEOS[path.suffix])(raw_data=list(path.read_bytes()))
    video.parse()
    video.analyse()
    video.current_time = 1e9  # the counters as they stand at the end
    return video


def _codes(board: Board, flags: set[Cell]) -> list[list[int]]:
    """A board as ms-toollib writes one: 0-8 open, 10 covered, 11 flagged."""
    return [
        [11 if Cell(r, c) in flags else 10 if ch == "." else int(ch) for c, ch in enumerate(row)]
        for r, row in enumerate(board.grid)
    ]


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_each_replay_plays_out_as_ms_toollib_plays_it(path) -> None:
    (game,) = read_game_records(path)
    video = _video(path)
    useful = [e for e in video.events if e.useful_level >= 1]
    assert len(useful) == len(game.clicks)
    ours = Game.from_layout(game.rows, game.cols, game.mines)
    flags: set[Cell] = set()
    for click, event in zip(game.clicks, useful, strict=True):
        if click.kind is ClickKind.FLAG:
            ours.flag(click.cell)
            flags.add(click.cell)
        elif click.kind is ClickKind.UNFLAG:
            ours.unflag(click.cell)
            flags.discard(click.cell)
        elif click.kind is ClickKind.OPEN:
            ours.click(click.cell)
        else:
            ours.chord(click.cell)
        seen = ours.board()
        plain = Board(tuple(row.replace("*", ".") for row in seen.grid), seen.total_mines)
        assert _codes(plain, flags) == event.next_game_board.game_board, (path.name, click)
    assert ours.state is GameState.WON


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_each_replay_is_reviewed_end_to_end(path) -> None:
    done = review(path)
    video = _video(path)
    assert done.bbbv == video.bbbv == done.counters["bbbv"]
    assert done.won and not done.lost and done.count(Label.FATAL) == 0
    assert done.clicks[0].label is Label.DEDUCTION  # the first click is safe in all four programs
    assert sum(done.count(label) for label in Label) == len(done.clicks)
    survival = Fraction(1)
    for click in done.clicks:
        survival *= 1 - click.probability
        assert 0 <= click.best <= click.probability <= 1 or click.label is Label.MISTAKE
    assert done.survival == survival and done.best_survival >= survival
    summary = done.summary()
    assert summary["bbbv"] == video.bbbv and summary["bbbv_per_s"] == pytest.approx(video.bbbv_s)
    assert done.to_dict()["completed"] is True


def test_an_unfinished_game_is_reviewed_as_far_as_it_went() -> None:
    (game,) = read_game_records(REPLAYS / "arbiter_expert_49.25.avf")
    half = dataclasses.replace(game, clicks=game.clicks[:60], won=None, shown=None)
    done = review_game(half)
    whole = review(REPLAYS / "arbiter_expert_49.25.avf")
    assert not done.won and not done.lost and done.to_dict()["completed"] is False
    assert done.clicks == whole.clicks[: len(done.clicks)]


def test_a_lost_game_ends_with_its_fatal_click_and_survival_counts_it() -> None:
    (game,) = read_game_records(REPLAYS / "arbiter_expert_49.25.avf")
    cut = game.clicks[:60]
    # The player's next click lands on a mine no open number touches yet.
    played = Game.from_layout(game.rows, game.cols, game.mines)
    for click in cut:
        {
            ClickKind.OPEN: played.click,
            ClickKind.CHORD: played.chord,
            ClickKind.FLAG: played.flag,
            ClickKind.UNFLAG: played.unflag,
        }[click.kind](click.cell)
    board = played.board()
    mine = next(m for m in game.mines if not any(board.char(n).isdigit() for n in around(board, m)))
    lost = dataclasses.replace(game, clicks=(*cut, Click(mine, 30.0, ClickKind.OPEN)), won=False, shown=None)
    done = review_game(lost)
    last = done.clicks[-1]
    assert done.lost and not done.won and last.label is Label.FATAL and last.exploded == mine
    assert 0 < last.probability < 1 and isinstance(last.best_guess, bool)
    assert done.survival == review_game(dataclasses.replace(lost, clicks=cut)).survival * (1 - last.probability)
    assert done.to_dict()["clicks"][-1]["best_guess"] == last.best_guess


def _theirs(board: Board, cell: Cell) -> int:
    return ms_toollib.is_guess_while_needless(_codes(board, set()), (cell.row, cell.col))


def test_needless_by_the_total_mine_count_which_ms_toollib_calls_a_needed_guess() -> None:
    # A game played at random (tests/replays.py), at its fifth click: four numbers on a 4x8 board of 6 mines.
    done = review_game(random_game(13, 4, 8, 6, reckless=0.5), positions=True)
    click, board = done.clicks[4], done.positions[4]
    assert board.grid == ("1.....1.", "........", "........", "2...2...")
    assert click.cell == Cell(0, 7) and click.label is Label.NEEDLESS_GUESS and click.probability == Fraction(1, 5)
    # The oracle: with the total, the four numbers' neighbourhoods need 1 + 1 + 2 + 2 = 6 mines, all there are,
    # so every cell outside them is safe; without it nothing is.
    with_total, without = reference(board), reference(board.with_total(None))
    safe = {cell for cell in board.covered if with_total.exact[cell] == 0}
    assert safe == set(click.safest) and Cell(0, 3) in safe and with_total.exact[click.cell] == Fraction(1, 5)
    assert not any(without.exact[cell] == 0 for cell in board.covered if without.exact[cell] is not None)
    # ms-toollib solves the numbers near the click only, without the total: "2", a needed guess.
    assert _theirs(board, click.cell) == 2


def test_a_guess_ms_toollib_calls_a_certain_mine_though_the_player_opened_it() -> None:
    path = REPLAYS / "viennasweeper_expert_98.763.rmv"
    done = review(path, positions=True)
    click, board = done.clicks[104], done.positions[104]
    (game,) = read_game_records(path)
    assert click.cell == Cell(0, 29) and click.cell not in game.mines and click.opened == (Cell(0, 29),)
    # ms-toollib judges a cell on the frontier near the click, not the click (a corner off the frontier): "4", a mine.
    assert _theirs(board, click.cell) == 4
    # Ours: 2/5 for the corner, and one certainly safe cell elsewhere, (1, 25): a needless guess.
    assert click.probability == Fraction(2, 5) and click.safest == (Cell(1, 25),)
    assert click.label is Label.NEEDLESS_GUESS
    # (1, 25) is safe in every layout of the seven numbers within two cells of it, so in every layout of the board.
    near = [n for n in board.numbers if max(abs(n.row - 1), abs(n.col - 25)) <= 2]
    assert len(near) == 7 and not _can_be_mine(board, Cell(1, 25), near)
    assert _can_be_mine(board, click.cell, [n for n in board.numbers if max(abs(n.row), abs(n.col - 29)) <= 2])


def _can_be_mine(board: Board, target: Cell, numbers: list[Cell]) -> bool:
    """Search, by plain backtracking, for mines on the covered cells next to ``numbers`` that fit them all with ``target`` a mine."""
    cells = sorted({c for n in numbers for c in around(board, n) if board.char(c) == "."} | {target})
    need = {n: board.number(n) for n in numbers}
    unknown = {n: sum(1 for c in around(board, n) if board.char(c) == ".") for n in numbers}
    seen_by = {c: [n for n in numbers if c in around(board, n)] for c in cells}

    def place(i: int) -> bool:
        if i == len(cells):
            return all(v == 0 for v in need.values())
        for mine in (True,) if cells[i] == target else (True, False):
            for n in seen_by[cells[i]]:
                need[n] -= mine
                unknown[n] -= 1
            if all(0 <= need[n] <= unknown[n] for n in seen_by[cells[i]]) and place(i + 1):
                return True
            for n in seen_by[cells[i]]:
                need[n] += mine
                unknown[n] += 1
        return False

    return place(0)
