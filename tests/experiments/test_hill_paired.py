"""Hill's solver side by side with ours: the layouts are the campaign's, and the harness plays them.

The harness tests need a JDK and a copy of github.com/DavidNHill/Minesweeper
(``HILL_SOURCE``: a checkout or a bare mirror); without them they skip, saying
so.  The layout tests need neither.
"""

from __future__ import annotations

import json
import subprocess
from math import comb
from pathlib import Path

import pytest

from paths import ROOT
from cnfsweep.core.board import Cell
from cnfsweep.experiments.campaign import PlayConfig, play_many
from cnfsweep.play import FirstClick, Level
from cnfsweep.play.game import LEVELS
from peers import hill_source


@pytest.fixture(scope="module")
def paired(pytestconfig: pytest.Config):
    """The ``hill-paired`` study's module (``build`` comes from ``benchmarks.hill.build``)."""
    from benchmarks import hill_paired

    return hill_paired


@pytest.fixture(scope="module")
def hill_build(paired, tmp_path_factory: pytest.TempPathFactory):
    """Hill's solver and the harness built from ``$HILL_SOURCE`` into a temporary folder, or a skip saying why."""
    source = hill_source()
    return paired.build(source, tmp_path_factory.mktemp("hill-build"))


def harness(hill_build, text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(hill_build.command(), check=False, input=text, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(
    ("level", "rule", "policy"),
    [
        (LEVELS["beginner"], FirstClick.SAFE, "safest"),
        (LEVELS["beginner"], FirstClick.OPENING, "strong"),  # strong opens away from the corner
        (LEVELS["expert"], FirstClick.SAFE, "safest"),
    ],
)
def test_layouts_are_the_ones_the_campaign_plays(paired, level: Level, rule: FirstClick, policy: str) -> None:
    records = play_many(PlayConfig(level, rule, policy), games=3, seed=2026)
    for index, record in enumerate(records):
        lay = paired.layout(level, rule, policy, 2026, index)
        assert lay.mines == frozenset(record.mines)
        assert lay.start == record.moves[0].cell
        assert (lay.rows, lay.cols, lay.index) == (level.rows, level.cols, index)
        assert len(lay.mines) == level.mines and lay.start not in lay.mines


def test_a_layout_line_lists_the_start_then_every_mine(paired) -> None:
    lay = paired.Layout(4, 2, 3, Cell(1, 0), frozenset({Cell(0, 2), Cell(0, 1)}))
    assert lay.line() == "4 2 3 1,0 0,1 0,2\n"


@pytest.mark.parametrize(("only_a", "only_b"), [(0, 1), (1, 9), (3, 3), (7, 2), (40, 61)])
def test_mcnemar_is_the_exact_two_sided_binomial_test(paired, only_a: int, only_b: int) -> None:
    n = only_a + only_b
    probabilities = [comb(n, k) / 2**n for k in range(n + 1)]
    observed = probabilities[only_a]
    # Two-sided exact test: every outcome no more likely than the one seen (the binomial(n, 1/2) is symmetric).
    expected = min(1.0, sum(p for p in probabilities if p <= observed * (1 + 1e-12)))
    assert paired.mcnemar_p(only_a, only_b) == pytest.approx(expected)


def test_summary_tables_the_pairs(paired) -> None:
    hill = {0: True, 1: True, 2: False, 3: False, 4: True}
    ours = {0: True, 1: False, 2: True, 3: False, 4: True, 5: True}  # game 5 has no pair
    s = paired.summary(hill, ours)
    assert (s["games"], s["both_won"], s["only_hill"], s["only_ours"], s["neither"]) == (5, 2, 1, 1, 1)
    assert (s["wins_hill"], s["wins_ours"], s["difference"]) == (3, 3, 0.0)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--games", "0"], "--games must be at least 1"),
        (["--first-click", "any"], "--first-click must be safe or opening"),
        (["--settings", "huge"], "--settings must be one of"),
        (["--level", "nonsense"], "unknown level"),
        (["--policy", "nope"], "nope"),
        (["--own-games", "0"], "--own-games must be at least 1"),
    ],
)
def test_bad_arguments_are_one_line_errors(paired, capsys: pytest.CaptureFixture[str], argv, message) -> None:
    assert paired.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("hill_paired: ") and message in err and err.count("\n") == 1


def test_no_copy_of_his_repository_is_a_one_line_error(paired, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HILL_SOURCE", raising=False)
    with pytest.raises(paired.BuildError, match="no copy of Hill's Minesweeper repository: give --source"):
        paired.build(None)


def test_his_code_is_never_built_inside_this_repository(paired, tmp_path: Path) -> None:
    with pytest.raises(paired.BuildError, match="inside this repository"):
        paired.build(tmp_path, ROOT / "build" / "hill")


def test_the_harness_plays_three_layouts(hill_build) -> None:
    layouts = (
        "0 16 30 0,0 0,5 1,5 2,5\n"  # the first click floods every safe cell: won at once
        "1 3 4 0,0 0,3 2,3\n"  # the flood's numbers prove (1,3) safe: one certain click wins
        "2 2 2 0,0 1,1\n"  # the start shows 1 and nothing tells the other three apart
    )
    done = harness(hill_build, layouts)
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in done.stdout.splitlines()]
    assert [g["index"] for g in games] == [0, 1, 2]
    assert games[0] == {"index": 0, "won": True, "guesses": 0, "moves": 0}
    assert games[1] == {"index": 1, "won": True, "guesses": 0, "moves": 1}
    assert games[2]["guesses"] >= 1 and "error" not in games[2]
    # His solver is deterministic: the same layouts give the same games.
    assert harness(hill_build, layouts).stdout == done.stdout


def test_the_harness_plays_campaign_layouts_and_says_what_is_wrong(paired, hill_build) -> None:
    lines = "".join(paired.layout(LEVELS["expert"], FirstClick.SAFE, "strong", 2026, i).line() for i in range(3))
    done = harness(hill_build, lines)
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in done.stdout.splitlines()]
    assert [g["index"] for g in games] == [0, 1, 2] and all(isinstance(g["won"], bool) for g in games)
    bad = harness(hill_build, "7 3 3 1,1 1,1\n")
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip() == "HillHarness: stdin line 1: the start 1,1 is a mine"


def test_his_own_games_end_alike_on_his_game_model_and_as_fixed_layouts(hill_build) -> None:
    # The first games of his record run: his own game model and this harness's fixed layout must agree.
    done = subprocess.run(
        [*hill_build.command(), "--own-games", "6", "-60442780"],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(games) == 6 and len({g["seed"] for g in games}) == 6
    for g in games:
        assert (g["won"], g["guesses"]) == (g["fixed_layout_won"], g["fixed_layout_guesses"]), g
