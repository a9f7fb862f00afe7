"""The second-click screen plays the games it claims, and forcing the policy's own choice changes nothing."""

from __future__ import annotations

import json

import pytest

from cnfsweep.experiments.campaign import game_seed
from cnfsweep.core.board import Cell
from cnfsweep.play.game import LEVELS, Game


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    from benchmarks import second_click

    def run(*args: str) -> tuple[int, str]:
        code = second_click.main(["--level", "beginner", "--workers", "1", *args])
        return code, capsys.readouterr().out

    return run


def test_forcing_the_own_choice_plays_the_same_games(screen) -> None:
    code, out = screen("--games", "12", "--number", "1", "--cell", "0,8", "--cell", "4,4", "--json")
    assert code == 0
    report = json.loads(out)
    own, forced_own, centre = report["arms"]
    assert own["own_choice"] and own["cell"] == [0, 8] == forced_own["cell"]
    assert own["games"] == forced_own["games"] == centre["games"] == 12
    assert forced_own["wins"] == own["wins"]
    assert forced_own["versus_own"]["only_own"] == forced_own["versus_own"]["only_this"] == 0
    vs = centre["versus_own"]
    assert centre["wins"] - own["wins"] == vs["only_this"] - vs["only_own"]
    assert vs["difference"] == pytest.approx((vs["only_this"] - vs["only_own"]) / 12)


def test_only_games_showing_the_number_are_played(screen) -> None:
    level = LEVELS["beginner"]
    showing_two = []
    for i in range(1000):
        game = Game.new(level, game_seed(2026, i))
        game.click(Cell(0, 0))
        if game.number(Cell(0, 0)) == 2:
            showing_two.append(game_seed(2026, i))
    code, out = screen("--games", "3", "--number", "2", "--json")
    assert code == 0
    report = json.loads(out)
    # The scan goes in chunks, but the games played are the first three that show a 2.
    assert report["seeds"] == showing_two[:3]
    assert report["arms"][0]["games"] == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--cell", "1,99"], "off the 9x9 board"),
        (["--cell", "one,two"], "ROW,COL"),
        (["--number", "0"], "--number must be 1 to 3"),
        (["--policy", "psychic"], "unknown policy"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(screen, args: list[str], message: str) -> None:
    code, out = screen("--games", "1", *args)
    assert code == 2
    assert message in out and "Traceback" not in out
