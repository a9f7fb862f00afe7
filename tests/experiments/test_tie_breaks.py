"""The tie-break study: its record of a tie names today's pick, and its rules pick and score as stated."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from benchmarks import tie_breaks
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.play.game import LEVELS, FirstClick
from cnfsweep.play.player import Player
from cnfsweep.play.strong import StrongPolicy


def candidate(value: str, exact: str, covered: int, p_mine: float = 0.2) -> dict[str, object]:
    """A tied candidate as the study records one: the features no test here reads are alike."""
    plain = dict.fromkeys(("deeper", "p_zero", "entropy", "numbers", "expected_safe", "safe_next", "edge"), 0)
    return {**plain, "frontier": True, "value": value, "exact": exact, "covered": covered, "p_mine": p_mine}


def tie(game: int, default: int, *cands: dict[str, object], layouts: int = 2000) -> dict[str, object]:
    return {"kind": "tie", "game": game, "layouts": layouts, "default": default, "candidates": list(cands)}


def test_a_rule_picks_among_the_tied_values_only_and_keeps_today_s_pick_on_its_own_ties():
    t = tie(0, 0, candidate("4/5", "1/2", 3), candidate("4/5", "3/5", 5), candidate("3/4", "9/10", 8))
    # The third is not tied: however many neighbours it has, no rule takes it; only the oracle's ceiling is of ties.
    assert tie_breaks.pick(t, tie_breaks.RULES["covered"], Fraction(0)) == 1
    assert tie_breaks.pick(t, tie_breaks.RULES["today"], Fraction(0)) == 0
    assert tie_breaks.best_tied(t, Fraction(0)) == 1
    # Within a wider margin the third is tied too.
    assert tie_breaks.pick(t, tie_breaks.RULES["covered"], Fraction(1, 10)) == 2
    even = tie(0, 1, candidate("4/5", "1/2", 5), candidate("4/5", "3/5", 5))
    assert tie_breaks.pick(even, tie_breaks.RULES["covered"], Fraction(0)) == 1


def test_the_gain_per_game_counts_every_game_of_a_part_and_only_ties_above_the_threshold():
    records = [{"kind": "game", "game": g, "won": False} for g in range(6)]
    records += [
        tie(1, 0, candidate("1/2", "1/4", 2), candidate("1/2", "1/2", 4)),
        tie(2, 0, candidate("1/2", "1/4", 2), candidate("1/2", "1/2", 4), layouts=500),
    ]
    parts = tie_breaks.evaluate(records, 3, Fraction(0), 1000)
    train = parts["train/window"]
    assert train["games"] == 4 and train["rules"]["covered"]["ties"] == 1
    # A gain of 1/4 in one game of four: 6.25 points a game.
    assert train["rules"]["covered"]["gain_points"]["mean"] == 6.25
    assert parts["train/all"]["rules"]["covered"]["gain_points"]["mean"] == 12.5
    assert parts["test/all"]["games"] == 2 and parts["test/all"]["rules"]["covered"]["ties"] == 0


def test_the_best_move_s_gain_is_counted_at_the_ties_where_it_was_searched():
    records = [{"kind": "game", "game": g, "won": False} for g in (1, 2)]
    searched = tie(1, 0, candidate("1/2", "1/4", 2), candidate("1/2", "1/2", 4))
    searched["best"] = {"cell": [0, 0], "exact": "3/4"}
    records += [searched, tie(2, 0, candidate("1/2", "1/4", 2), candidate("1/2", "1/2", 4))]
    parts = tie_breaks.evaluate(records, 3, Fraction(0), 1000)
    # 3/4 - 1/4 in one game of two: 25 points a game.
    assert parts["train/window"]["best_move_points"]["mean"] == 25.0


def test_the_recorded_default_is_the_look_ahead_s_own_pick(tmp_path: Path):
    inner = StrongPolicy()
    seen = 0
    for i in range(120):
        watch = tie_breaks.TieWatch(inner, 100, 600, 0.0, 200_000)
        Player(watch, Engine.for_games()).play(LEVELS["expert"], game_seed(2026, i), FirstClick.SAFE)
        for t in watch.ties:
            cands = t["candidates"]
            values = [Fraction(c["value"]) for c in cands]
            assert Fraction(cands[t["default"]]["value"]) == max(values)
            assert all(c["exact"] is not None and Fraction(c["exact"]) <= 1 for c in cands)
            seen += 1
    assert seen >= 1
