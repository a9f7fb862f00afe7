"""The autoplayer: certain moves are safe, guesses are exact, runs are reproducible."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from oracle import reference, within_reach
from positions import boards_before_moves
from typer.testing import CliRunner

from paths import EXAMPLES
from cnfsweep.engine import Engine
from cnfsweep.play import GameRecord, LossCause, SafestPolicy, play_game
from cnfsweep.core.board import Board, Cell, CellKind
from cnfsweep.experiments.campaign import PlayConfig, game_seed, play_many, summarise, wilson
from cnfsweep.cli import app
from cnfsweep.play.boards import boards_after_clicks
from cnfsweep.play.game import LEVELS, FirstClick, Game, GameState, Level

SMALL = Level(6, 6, 6, "small")


@pytest.fixture(scope="module")
def small_games() -> list[GameRecord]:
    return [play_game(SMALL, game_seed(11, i)) for i in range(16)]


@pytest.fixture(scope="module")
def beginner_games() -> list[GameRecord]:
    return play_many(PlayConfig(LEVELS["beginner"]), games=16, seed=5)


def test_trace_replay_reproduces_the_game(beginner_games):
    for record in beginner_games:
        trace = json.loads(json.dumps(record.trace()))
        clicks = [m["cell"] for m in trace["moves"]]
        game = Game.new(record.level, record.seed)
        states = []
        for cell in clicks:
            game.click(tuple(cell))
            states.append(game.board().grid)
        assert sorted(map(list, game.mines)) == trace["mines"]
        replayed = boards_after_clicks(trace["rows"], trace["cols"], trace["mines"], clicks)
        assert [b.grid for b in replayed] == states
        assert (game.state is GameState.WON) == trace["won"] == record.won
        assert trace["start"] == clicks[0] == [0, 0] and trace["first_click"] == "safe"


@pytest.mark.parametrize("games", ["small_games", "beginner_games"])
def test_moves_are_exact_and_certain_moves_are_safe(games, request):
    checked = 0
    for record in request.getfixturevalue(games):
        boards = boards_before_moves(record)
        for move, board in zip(record.moves[1:], boards, strict=True):
            if not within_reach(board):
                continue
            ref = reference(board)
            assert ref.consistent
            # The probability the player stated is the brute-force one.
            assert ref.exact[move.cell] == move.p_mine
            if move.certain:
                assert move.p_mine == 0
            else:
                # No guess while a certainly safe cell exists.
                assert all(p != 0 for p in ref.exact.values() if p is not None)
            checked += 1
    assert checked >= 25


def test_never_clicks_a_mine_when_certain(small_games):
    for record in small_games:
        mines = set(record.mines)
        assert not any(m.certain and m.cell in mines for m in record.moves)
        if not record.won:
            last = record.moves[-1]
            assert last.cell in mines and not last.certain
            assert record.loss_cause in (LossCause.FIFTY_FIFTY, LossCause.OTHER_GUESS)
            assert (record.loss_cause is LossCause.FIFTY_FIFTY) == (last.p_mine == Fraction(1, 2))


def test_guesses_take_the_lowest_probability(small_games):
    for record in small_games:
        for move, board in zip(record.moves[1:], boards_before_moves(record), strict=True):
            if move.certain or len(board.covered) > 14:
                continue
            ref = reference(board)
            assert move.p_mine == min(p for p in ref.exact.values() if p is not None)


def test_first_click_any_can_lose_on_the_first_click():
    dense = Level(4, 4, 12, "dense")
    records = [play_game(dense, game_seed(2, i), first_click=FirstClick.ANY) for i in range(30)]
    first = [r for r in records if r.loss_cause is LossCause.FIRST_CLICK]
    assert first and all(len(r.moves) == 1 and not r.moves[0].certain for r in first)
    assert records[0].moves[0].p_mine == Fraction(12, 16)


def test_same_seed_same_results_whatever_the_workers():
    config = PlayConfig(LEVELS["beginner"])
    one = play_many(config, games=6, seed=9, workers=1)
    two = play_many(config, games=6, seed=9, workers=2)
    assert [r.trace() for r in one] == [r.trace() for r in two]
    other = play_many(config, games=6, seed=10, workers=1)
    assert [r.trace()["mines"] for r in other] != [r.trace()["mines"] for r in one]


@pytest.mark.parametrize(
    ("wins", "games", "lo", "hi"),
    # Reference values of the Wilson score interval at z = 1.96.
    [(0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (50, 100, 0.4038, 0.5962), (1, 10, 0.0179, 0.4042)],
)
def test_wilson_interval(wins, games, lo, hi):
    got = wilson(wins, games)
    assert got == pytest.approx((lo, hi), abs=1e-4)


def test_summary_counts():
    records = play_many(PlayConfig(SMALL), games=20, seed=3)
    stats = summarise(records)
    assert stats.games == 20 and stats.wins == sum(r.won for r in records)
    assert sum(stats.losses.values()) == 20 - stats.wins
    assert stats.ci95[0] <= stats.win_rate <= stats.ci95[1]


def test_safest_policy_tie_break_prefers_corners():
    # Every covered cell has the same probability: the corner with fewest covered neighbours wins.
    board = Board.from_rows(["....", "....", "...."], total_mines=3)
    from cnfsweep import analyze

    assert SafestPolicy().choose(analyze(board), Engine.create()).cell == (0, 0)


def test_cli_play_json_and_trace(tmp_path):
    trace = tmp_path / "trace.jsonl"
    result = CliRunner().invoke(
        app, ["play", "--size", "6x6", "--mines", "6", "--games", "8", "--seed", "4", "--json", "--trace", str(trace)]
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output.strip().splitlines()[-1])
    assert doc["games"] == 8 and 0 <= doc["wins"] <= 8
    assert {"win_rate", "ci95", "seconds_per_game", "median_ms", "guesses_per_game", "losses"} <= set(doc)
    lines = [json.loads(x) for x in trace.read_text().splitlines()]
    assert len(lines) == 8 and sum(x["won"] for x in lines) == doc["wins"]
    assert set(lines[0]) == {"seed", "rows", "cols", "mines", "first_click", "start", "moves", "won"}
    assert set(lines[0]["moves"][0]) == {"cell", "certain", "p_mine", "exact", "forced"}


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["--level", "huge"], "unknown level"),
        (["--size", "5x5"], "--size needs --mines (or ROWSxCOLS/MINES)"),
        (["--size", "5by5", "--mines", "3"], "ROWSxCOLS"),
        (["--size", "5x5", "--mines", "30"], "do not fit"),
        (["--size", "3x3", "--mines", "6", "--first-click", "opening"], "no room"),
        (["--policy", "psychic"], "unknown policy"),
    ],
)
def test_cli_play_bad_options(args, phrase):
    result = CliRunner().invoke(app, ["play", *args])
    assert result.exit_code == 2 and phrase in result.output and "Traceback" not in result.output


def test_cli_play_human_output_shows_records():
    result = CliRunner().invoke(app, ["play", "--level", "beginner", "--games", "5", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Tu et al." in result.output and "cnfsweep" in result.output


def test_embedding_example_runs():
    import subprocess
    import sys

    example = EXAMPLES / "embed_player.py"
    out = subprocess.run([sys.executable, str(example), "2"], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1].split()[0] in ("won", "lost")


def test_cli_play_unwritable_trace_is_one_line(tmp_path):
    target = tmp_path / "missing" / "trace.jsonl"
    result = CliRunner().invoke(app, ["play", "--games", "1", "--trace", str(target)])
    assert result.exit_code == 2 and "cannot write" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("seed", range(6))
def test_safest_guesses_the_least_count_then_the_first_cell_among_the_lowest(seed):
    """Every guess of played expert games: of the lowest cells, fewest covered neighbours not certainly mines, then row-major."""
    engine = Engine.create()
    record = play_game(LEVELS["expert"], seed, policy=SafestPolicy(), engine=engine)
    guessed = 0
    for board in boards_before_moves(record):
        a = engine.analyze(board)
        if not a.consistent or a.safe:
            continue
        tops = board.topology.tables()
        mine = {c for c, p in a.frontier_exact.items() if p == 1}
        count = {
            c: sum(
                board.kind(n) is CellKind.COVERED and n not in mine
                for n in map(tops.cells.__getitem__, tops.around[tops.index(c)])
            )
            for c in a.lowest_cells()
        }
        expected = min(a.lowest_cells(), key=lambda c: (count[c], c))
        assert SafestPolicy().choose(a, engine).cell == expected
        guessed += 1
    assert guessed


def test_certain_clicks_are_the_moves_the_constructor_makes():
    """Every field, the equality, hash, repr, vars, trace line and pickle of the shortcut equal the constructor's."""
    import dataclasses
    import pickle

    from cnfsweep.play.records import PlayedMove

    cells = [Cell(0, 0), Cell(3, 7), Cell(15, 29)]
    made = PlayedMove.certain_clicks(iter(cells))
    built = [PlayedMove(c, True, Fraction(0)) for c in cells]
    for a, b in zip(made, built, strict=True):
        assert dataclasses.astuple(a) == dataclasses.astuple(b) and vars(a) == vars(b)
        assert (a, hash(a), repr(a), a.to_dict()) == (b, hash(b), repr(b), b.to_dict())
        assert pickle.loads(pickle.dumps(a)) == b
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.certain = False  # type: ignore[misc]
