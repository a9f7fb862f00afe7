"""The endgame-window study's core: its exact values, and that its per-game sum is the win-rate gain.

Checked on a 4x4 board with 3 mines, where the plain game tree (``game_oracle.BruteTree``) gives the
exact value of every move and every layout can be played.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from game_oracle import BruteTree, revealed_of

from benchmarks import endgame_window
from benchmarks.endgame_window import Decision, WindowWatch
from cnfsweep import Cell
from cnfsweep.core.layout import MineLayout
from cnfsweep.engine import Engine
from cnfsweep.play.player import Player
from cnfsweep.play.strong import StrongPolicy

ROWS, COLS, MINES = 4, 4, 3
START = Cell(0, 0)


@pytest.fixture(scope="module")
def tree() -> BruteTree:
    return BruteTree(ROWS, COLS, MINES)


@pytest.fixture(scope="module")
def played() -> list[tuple[frozenset[Cell], bool, list[Decision]]]:
    """Every layout with a safe start, played by strong without its exact searches, each guess valued."""
    # Without the endgame and region searches strong guesses by look-ahead, and not always best.
    inner = StrongPolicy(endgame_layouts=0)
    cells = [Cell(r, c) for r in range(ROWS) for c in range(COLS) if Cell(r, c) != START]
    out = []
    for mines in combinations(cells, MINES):
        watch = WindowWatch(inner, 0, 10**6, 10**6)
        record = Player(watch, Engine.for_games()).play_layout(MineLayout(frozenset(mines), START), ROWS, COLS)
        out.append((frozenset(mines), record.won, watch.decisions))
    return out


def test_each_value_is_the_trees(tree: BruteTree, played: list[tuple[frozenset[Cell], bool, list[Decision]]]) -> None:
    decisions = [d for _, _, ds in played for d in ds]
    assert decisions
    for d in decisions:
        revealed = revealed_of(d.board)
        assert d.layouts == len(tree.layouts(revealed))
        assert d.best == tree.value(revealed)
        assert d.chosen == tree.move_value(revealed, d.cell)
    # Not a study of nothing: the look-ahead misses the best move somewhere.
    assert any(d.gain > 0 for d in decisions)


def test_per_game_sum_is_the_win_rate_gain(
    tree: BruteTree, played: list[tuple[frozenset[Cell], bool, list[Decision]]]
) -> None:
    """Averaged over every layout, the per-game sum of gains is optimal play's win rate minus the policy's."""
    optimal = sum((tree.value(tree.click(mines, frozenset(), START)) for mines, _, _ in played), Fraction(0)) / len(
        played
    )
    policy = Fraction(sum(won for _, won, _ in played), len(played))
    gain = sum((sum((d.gain for d in ds), Fraction(0)) for _, _, ds in played), Fraction(0)) / len(played)
    assert optimal > policy
    assert gain == optimal - policy


def test_window_bounds_and_report() -> None:
    """Only guesses inside the window are valued, and the report reads them."""
    inner = StrongPolicy(endgame_layouts=0)
    wide, narrow = WindowWatch(inner, 0, 10**6, 10**6), WindowWatch(inner, 0, 40, 10**6)
    tally = endgame_window.Tally((40, 10**6))
    cells = [Cell(r, c) for r in range(ROWS) for c in range(COLS) if Cell(r, c) != START]
    for seed, mines in enumerate(list(combinations(cells, MINES))[::15]):
        for watch in (wide, narrow):
            watch.decisions.clear()
            Player(watch, Engine.for_games()).play_layout(MineLayout(frozenset(mines), START), ROWS, COLS, seed)
        assert all(d.layouts <= 40 for d in narrow.decisions)
        assert [d for d in wide.decisions if d.layouts <= 40] == narrow.decisions
        tally.add(False, wide.decisions, 0.0)
    # Both sides of the narrow window's top were reached.
    assert min(tally.layouts) <= 40 < max(tally.layouts)
    report = endgame_window.summary(tally, 0, 10**6)
    assert report["games"] == tally.games and report["decisions"] == len(tally.seconds)
    assert report["gain_points"]["mean"] == pytest.approx(100 * sum(tally.gains) / tally.games)


def test_bad_arguments_say_what_was_expected(capsys: pytest.CaptureFixture[str]) -> None:
    assert endgame_window.main(["--upto", "1000"]) == 2
    assert endgame_window.main(["--games", "0"]) == 2
    err = capsys.readouterr().err
    assert "--upto must be above" in err and "--games must be at least 1" in err
    # The window starts at the policy's own threshold: record's is 5000 layouts.
    assert endgame_window.main(["--policy", "record", "--upto", "5000"]) == 2
    assert endgame_window.main(["--policy", "safest"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "threshold, 5000 layouts" in err and "must be strong or record" in err


def test_gaps_are_taken_at_each_look_ahead_guess_and_binned() -> None:
    inner = StrongPolicy(endgame_layouts=0)
    tally = endgame_window.Tally((10**6,))
    guesses = 0
    cells = [Cell(r, c) for r in range(ROWS) for c in range(COLS) if Cell(r, c) != START]
    for mines in list(combinations(cells, MINES))[::25]:
        watch = WindowWatch(inner, 0, 10**6, 10**6, gaps=True)
        record = Player(watch, Engine.for_games()).play_layout(MineLayout(frozenset(mines), START), ROWS, COLS)
        assert watch.gaps is not None and all(g >= 0 for g in watch.gaps)
        # One gap per look-ahead guess with two candidates or more: never more gaps than such guesses.
        assert len(watch.gaps) <= sum(m.rule in endgame_window.LOOKAHEAD_RULES for m in record.moves)
        guesses += len(watch.gaps)
        tally.add(record.won, watch.decisions, 0.0, watch.gaps)
    bins = endgame_window.summary(tally, 0, 10**6)["lookahead_gaps"]
    assert guesses and sum(b["guesses"] for b in bins) == guesses
    assert endgame_window.gap_bin(Fraction(0)) == 0.0 and endgame_window.gap_bin(Fraction(3, 1000)) == 0.005
