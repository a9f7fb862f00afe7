"""Hill's solver asked about our positions (``benchmarks/hill_positions.py``, the harness's ``--positions``).

These tests need a JDK and a copy of github.com/DavidNHill/Minesweeper
(``HILL_SOURCE``: a checkout or a bare mirror); without them they skip, saying so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.experiments.campaign import PlayConfig, play_many
from cnfsweep.play import FirstClick, Game
from cnfsweep.play.game import LEVELS
from peers import hill_source


@pytest.fixture(scope="module")
def hill(tmp_path_factory: pytest.TempPathFactory):
    """A running harness in position mode, built from ``$HILL_SOURCE`` into a temporary folder, or a skip."""
    source = hill_source()
    from benchmarks.hill.build import build
    from benchmarks.hill_positions import HillPositions

    built = build(source, tmp_path_factory.mktemp("hill-build"))
    with HillPositions(built.command()) as positions:
        yield positions


def test_a_forced_move_is_his_answer_and_called_certain(hill) -> None:
    # 0 1 ? ?  with one mine: the 1 sees only (0, 2), so (0, 3) is safe and the only cell left to open.
    move = hill.move(1, 4, Cell(0, 0), [Cell(0, 2)], [])
    assert move.state == "playing"
    assert (move.cell, move.certain, move.safety) == (Cell(0, 3), True, 1)
    assert move.opened == {Cell(0, 0), Cell(0, 1)}


def test_a_coin_flip_is_a_guess_on_one_of_its_two_cells(hill) -> None:
    # 0 1 ?
    # 0 1 ?   one mine on the right column, either cell: a 50/50.
    move = hill.move(2, 3, Cell(1, 0), [Cell(0, 2)], [])
    assert move.cell in {Cell(0, 2), Cell(1, 2)}
    assert not move.certain and move.safety == pytest.approx(0.5)


def test_clicks_that_end_the_game_are_reported_with_no_move(hill) -> None:
    move = hill.move(1, 4, Cell(0, 0), [Cell(0, 2)], [Cell(0, 3)])
    assert (move.state, move.cell) == ("won", None)
    move = hill.move(1, 4, Cell(0, 0), [Cell(0, 2)], [Cell(0, 2)])
    assert (move.state, move.cell) == ("lost", None)


def test_a_bad_position_is_an_error_naming_it_and_the_harness_goes_on(hill) -> None:
    with pytest.raises(CnfsweepError, match="off the 1x4 board"):
        hill.move(1, 4, Cell(0, 0), [Cell(0, 2)], [Cell(0, 9)])
    with pytest.raises(CnfsweepError, match="is a mine"):
        hill.move(1, 4, Cell(0, 2), [Cell(0, 2)], [])
    assert hill.move(1, 4, Cell(0, 0), [Cell(0, 2)], []).cell == Cell(0, 3)


def test_the_replay_reaches_our_revealed_board_at_every_guess(hill) -> None:
    level = LEVELS["expert"]
    checked = 0
    for record in play_many(PlayConfig(level, FirstClick.SAFE, "safest"), games=3, seed=2026):
        start = record.moves[0].cell
        for k, move in enumerate(record.moves[1:], start=1):
            if move.certain:
                continue
            clicks = [m.cell for m in record.moves[1:k]]
            ours = Game.from_layout(level.rows, level.cols, record.mines)
            ours.click(start)
            for cell in clicks:
                ours.click(cell)
            answer = hill.move(level.rows, level.cols, start, record.mines, clicks)
            assert answer.state == "playing"
            assert answer.opened == ours.revealed
            assert answer.cell is not None and answer.cell not in ours.revealed
            checked += 1
    assert checked >= 3  # expert games from a corner guess several times


# -- the study: python -m benchmarks hill-divergence ------------------------------------------


@pytest.mark.parametrize(
    ("rows", "mines", "start"),
    [
        ([".1.", "..."], 1, Cell(0, 1)),
        (["..1..", ".....", "....."], 2, Cell(0, 2)),
        (["....", "1...", "...."], 2, Cell(1, 0)),
    ],
)
def test_a_move_valued_on_every_layout_is_the_exact_endgame_value(rows: list[str], mines: int, start: Cell) -> None:
    # On boards this small strong plays on optimally (its endgame search is exact), so clicking a cell and
    # playing strong on every consistent layout must win exactly as often as the brute-force game tree says.
    import random
    from fractions import Fraction

    from benchmarks.hill_divergence import move_values, position_layouts
    from cnfsweep.core.board import Board
    from cnfsweep.engine import Engine
    from cnfsweep.play import Level, Player, make_policy
    from cnfsweep.search.endgame import move_value

    board = Board.from_rows(rows, total_mines=mines)
    engine = Engine.for_games()
    layouts, exact = position_layouts(engine.analyze(board), engine, 5000, random.Random(0))
    assert exact and len(layouts) == len(set(layouts))
    player = Player(make_policy("strong"), engine)
    level = Level(len(rows), len(rows[0]), mines)
    values = move_values(player, level, FirstClick.SAFE, start, (), board.covered, layouts)
    expected = [move_value(board, cell) for cell in board.covered]
    assert [Fraction(v).limit_denominator(len(layouts)) for v in values] == expected


def test_a_position_with_more_layouts_than_asked_is_sampled() -> None:
    import random

    from benchmarks.hill_divergence import position_layouts
    from cnfsweep.core.board import Board
    from cnfsweep.engine import Engine

    board = Board.from_rows(["1....", ".....", "....."], total_mines=3)
    engine = Engine.for_games()
    layouts, exact = position_layouts(engine.analyze(board), engine, 10, random.Random(3))
    assert not exact and len(layouts) == 10
    assert all(len(layout) == 3 and len(layout & {Cell(0, 1), Cell(1, 0), Cell(1, 1)}) == 1 for layout in layouts)


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--games", "0"], "--games must be at least 1"),
        (["--samples", "0"], "--samples must be at least 1"),
        (["--first-click", "any"], "--first-click must be safe or opening"),
        (["--settings", "huge"], "--settings must be one of"),
    ],
)
def test_bad_options_are_one_line_errors(option: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import hill_divergence

    assert hill_divergence.main(option) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_study_finds_valued_divergences_on_seeded_games(hill, tmp_path: Path) -> None:
    from benchmarks import hill_divergence

    config = hill_divergence.StudyConfig(LEVELS["expert"], FirstClick.SAFE, 2026, 8)
    from cnfsweep.engine import Engine
    from cnfsweep.play import Player, make_policy

    player = Player(make_policy("strong"), Engine.for_games())
    games = {i: hill_divergence.divergences_of_game(i, config, player, hill) for i in range(4)}
    found = [d for _, _, ds in games.values() for d in ds]
    assert found  # from a corner, Hill's first guess after a number is seldom ours
    for d in found:
        assert d.his != d.ours and 0 <= d.value_ours <= 1 and 0 <= d.value_his <= 1
        assert 0 < d.his_p_mine < 1 and (d.layouts == 8 or (d.exact and d.layouts < 8))
        rows = d.board.splitlines()[1:]
        assert rows[d.ours[0]][d.ours[1]] == "o" and rows[d.his[0]][d.his[1]] == "h"
    s = hill_divergence.summarise(games, top=2)
    assert s["divergences"] == len(found) and s["games"] == 4
    assert s["difference_per_divergence"]["mean"] == pytest.approx(sum(d.difference for d in found) / len(found))
    assert sum(g["n"] for g in s["by"]["our guess rule"].values()) == len(found)
    assert len(s["his_better"]) == min(2, len(found))


def test_the_recorded_figures_are_the_summary_of_its_values() -> None:
    from benchmarks.harness.results import RESULTS, read_result
    from benchmarks.hill_divergence import mean_interval

    path = RESULTS / "hill-divergence.json"
    if not path.is_file():
        pytest.skip("no recorded hill-divergence run")
    data = read_result(path)
    values = data["values"]
    assert len(values) == data["divergences"]
    differences = [his - ours for _, _, _, _, _, ours, his in values]
    assert data["difference_per_divergence"] == mean_interval(differences)
    per_game = dict.fromkeys(range(data["start"], data["start"] + data["games"]), 0.0)
    for game, _, _, _, _, ours, his in values:
        per_game[game] += his - ours
    assert data["difference_per_game"] == mean_interval(list(per_game.values()))
    by_rule: dict[str, list[float]] = {}
    for _, _, rule, _, _, ours, his in values:
        by_rule.setdefault(rule, []).append(his - ours)
    assert {g: m["n"] for g, m in data["by"]["our guess rule"].items()} == {g: len(v) for g, v in by_rule.items()}
    # Positions with more layouts than samples were valued on exactly the samples asked for.
    assert all(exact or layouts == data["samples"] for _, _, _, layouts, exact, _, _ in values)


def test_explained_answers_list_the_cells_he_weighed(tmp_path: Path) -> None:
    """``--explain`` adds the cells his guess weighed; without his 50/50 factor a weight is at most the cell's safety."""
    import json
    import subprocess

    from benchmarks.hill.build import build
    from benchmarks.hill_positions import request

    built = build(hill_source(), tmp_path / "hill-build")
    # A 5x5 board whose corner shows 1: nothing is certain, so his solver weighs guesses.
    ask = request(1, 5, 5, Cell(0, 0), [Cell(1, 1), Cell(3, 3), Cell(4, 0)], [])
    plain = json.loads(
        subprocess.run([*built.command(), "--positions"], input=ask, capture_output=True, text=True).stdout
    )
    assert "evaluated" not in plain
    done = subprocess.run(
        [*built.command(), "--positions", "--explain", "--long-term", "off"], input=ask, capture_output=True, text=True
    )
    answer = json.loads(done.stdout)
    weighed = {(r, c): (float(safety), float(weight)) for r, c, safety, weight, _ in answer["evaluated"]}
    assert (answer["row"], answer["col"]) in weighed and len(weighed) >= 2
    # His weight: each number's chance times the next move's safety, times a tie-break of at most 1.001.
    assert all(weight <= safety * 1.001 + 1e-9 for safety, weight in weighed.values())
    wrong = subprocess.run([*built.command(), "--long-term", "maybe"], capture_output=True, text=True)
    assert wrong.returncode == 2 and wrong.stderr.strip() == "HillHarness: --long-term needs on or off"
