"""The switches of issue 38: named in a spec, off by default, and traced by name when they decide."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cnfsweep.cli import app
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.engine import Engine
from cnfsweep.experiments.campaign import game_seed
from cnfsweep.play import GameRecord, GuessRule, play_game
from cnfsweep.play.game import LEVELS
from cnfsweep.play.registry import make_policy, policy_parameters
from cnfsweep.play.strong import DeadTest, StrongPolicy, TieBreak
from cnfsweep.search import Snapshot
from cnfsweep.search.ranking import more_off_cells

SWITCHES = {
    "off_two_steps": ("on", True),
    "off_all_below": ("30", 30),
    "off_few_covered": ("3", 3),
    "pseudo_pairs": ("on", True),
    "forced_total": ("on", True),
    "endgame_layouts": ("3000", 3000),
    "second_weight": ("0.2", 0.2),
    "second_living": ("on", True),
    "second_dead": ("full", DeadTest.FULL),
    "opening_book": ("on", True),
    "tie_break": ("covered", TieBreak.COVERED),
    "pocket_last": ("8", 8),
    "progress": ("0.05", 0.05),
    "living_safe": ("on", True),
}

#: Each switch's value that leaves play as it always was.
OFF = {
    "off_two_steps": False,
    "off_all_below": 0,
    "off_few_covered": 0,
    "pseudo_pairs": False,
    "forced_total": False,
    "second_living": False,
    "second_dead": DeadTest.PLAIN,
    "opening_book": False,
    "tie_break": TieBreak.SCORE,
    "pocket_last": 0,
    "progress": 0.0,
    "living_safe": False,
}


def test_each_switch_is_a_named_parameter_of_a_spec():
    for name, (text, value) in SWITCHES.items():
        assert getattr(make_policy(f"strong:{name}={text}"), name) == value
    both = make_policy("strong:" + ",".join(f"{n}={t}" for n, (t, _) in SWITCHES.items()))
    assert all(getattr(both, n) == v for n, (_, v) in SWITCHES.items())


def test_the_new_switches_are_off_by_default():
    defaults = policy_parameters("strong")
    assert {n: defaults[n] for n in OFF} == OFF


@pytest.mark.parametrize(
    "spec",
    [
        "strong:off_all_below=-1",
        "strong:off_few_covered=-2",
        "strong:second_dead=most",
        "strong:pocket_last=-1",
        "strong:progress=-0.1",
    ],
)
def test_values_out_of_range_are_refused(spec):
    with pytest.raises(CnfsweepError):
        make_policy(spec)


def test_a_dead_test_named_by_a_string_is_the_member_and_a_wrong_one_is_refused():
    assert StrongPolicy(second_dead="full").second_dead is DeadTest.FULL  # type: ignore[arg-type]
    assert make_policy("strong:second_dead=FULL").second_dead is DeadTest.FULL
    with pytest.raises(CnfsweepError, match="policy strong: second_dead takes one of plain, full, not 'most'"):
        make_policy("strong:second_dead=most")
    with pytest.raises(CnfsweepError, match="second_dead=most is not one of plain, full"):
        StrongPolicy(second_dead="most")  # type: ignore[arg-type]


def test_a_tie_break_named_by_a_string_is_the_member_and_a_wrong_one_is_refused():
    assert StrongPolicy(tie_break="covered").tie_break is TieBreak.COVERED  # type: ignore[arg-type]
    with pytest.raises(CnfsweepError, match="policy strong: tie_break takes one of score, covered, deeper, not 'most'"):
        make_policy("strong:tie_break=most")
    with pytest.raises(CnfsweepError, match="tie_break=most is not one of score, covered, deeper"):
        StrongPolicy(tie_break="most")  # type: ignore[arg-type]


def test_the_full_dead_test_changes_some_next_move_values():
    """The fuller test reaches the blend: some expert guesses score otherwise than with the plain one."""
    plain = StrongPolicy(second_weight=0.2, second_living=True)
    full = StrongPolicy(second_weight=0.2, second_living=True, second_dead=DeadTest.FULL)
    engine = Engine.for_games()
    differ = 0

    def watch(game, analysis):
        nonlocal differ
        if analysis.safe or analysis.approximate or not analysis.solutions or analysis.solutions <= 1000:
            return
        snap = Snapshot.of_analysis(analysis, engine)
        for cell in snap.candidates(plain.tolerance, plain.candidates, plain.off_cells):
            a, b = plain.outcome(analysis, cell, snap), full.outcome(analysis, cell, snap)
            differ += a.next_safety != b.next_safety
        snap.forget()

    # Such positions are rare (8 of 503 candidates in the first 30 games): game 4 has some.
    play_game(LEVELS["expert"], game_seed(2026, 4), policy=plain, engine=engine, watch=watch)
    assert differ >= 1


def guesses(record: GameRecord) -> list[tuple[object, object]]:
    return [(m.cell, m.rule) for m in record.moves if m.rule is not None]


def test_switched_off_by_name_the_moves_are_the_defaults():
    spec = "strong:" + ",".join(f"{n}={'off' if v is False else v}" for n, v in OFF.items())
    for i in range(4):
        seed = game_seed(11, i)
        assert play_game(LEVELS["expert"], seed, policy=make_policy(spec)).moves == (
            play_game(LEVELS["expert"], seed, policy=StrongPolicy()).moves
        )


def test_a_guess_off_the_frontier_two_steps_from_a_number_is_traced_by_its_rule():
    policy = StrongPolicy(off_two_steps=True)
    seen = 0
    for i in range(12):
        record = play_game(LEVELS["expert"], game_seed(2026, i), policy=policy)
        seen += sum(rule is GuessRule.OFF_FRONTIER for _, rule in guesses(record))
    assert seen >= 1
    # The rule names a cell the wider list added, not one strong already weighs.
    record = play_game(LEVELS["expert"], game_seed(2026, 0), policy=StrongPolicy())
    assert GuessRule.OFF_FRONTIER not in {r for _, r in guesses(record)}


def test_the_wider_cells_are_those_the_ranking_adds():
    policy = StrongPolicy(off_two_steps=True)
    checked = 0

    def watch(game, analysis):
        nonlocal checked
        if analysis.safe or analysis.approximate or not analysis.solutions or analysis.solutions <= 1000:
            return
        guess = policy.choose(analysis, engine)
        if guess.rule is GuessRule.OFF_FRONTIER:
            snap = Snapshot.of_analysis(analysis, engine)
            assert guess.cell in more_off_cells(snap, analysis.board.numbers, two_steps=True)
            assert guess.cell not in snap.candidates(policy.tolerance, policy.candidates, policy.off_cells)
            checked += 1

    engine = Engine.for_games()
    for i in range(6):
        play_game(LEVELS["expert"], game_seed(2026, i), policy=policy, engine=engine, watch=watch)
    assert checked >= 1


def test_forced_total_takes_the_pair_a_total_capped_cap_makes_unavoidable():
    # (0, 3) and (1, 3) hold one mine; their cap (2, 3) touches no number and is a mine by the total alone.
    board = Board.from_rows(["122.", "*...", ".4*."], total_mines=6)
    engine = Engine.create()
    analysis = engine.analyze(board)
    assert StrongPolicy().unavoidable(analysis, engine) is None
    found = StrongPolicy(forced_total=True).unavoidable(analysis, engine)
    assert found is not None and found.forced and found.rule is GuessRule.FORCED
    assert found.cell in (Cell(0, 3), Cell(1, 3))


def test_the_cli_switches_a_rule_on_and_the_trace_names_it(tmp_path):
    trace = tmp_path / "trace.jsonl"
    args = ["play", "--level", "expert", "--games", "6", "--seed", "2026", "--workers", "1", "--trace", str(trace)]
    result = CliRunner().invoke(app, [*args, "--policy", "strong:off_two_steps=on"])
    assert result.exit_code == 0, result.output
    rules = {m.get("rule") for line in trace.read_text().splitlines() for m in json.loads(line)["moves"]}
    assert GuessRule.OFF_FRONTIER.value in rules
    result = CliRunner().invoke(app, [*args, "--policy", "strong:off_two_steps=of"])
    assert result.exit_code != 0 and "off_two_steps takes on or off" in result.output


def test_a_guess_that_leaves_a_pocket_for_later_is_traced_by_its_rule():
    # Game 147 of run 2029: at its first guess in the lower left, strong's look-ahead takes a cell in a small
    # pocket, the rule the far corner, as safe.
    seed = game_seed(2029, 147)
    record = play_game(LEVELS["expert"], seed, policy=StrongPolicy(pocket_last=8))
    assert GuessRule.POCKET_LAST in {r for _, r in guesses(record)}
    assert GuessRule.POCKET_LAST not in {
        r for _, r in guesses(play_game(LEVELS["expert"], seed, policy=StrongPolicy()))
    }


def test_a_guess_the_progress_term_changes_is_traced_by_its_rule():
    seed = game_seed(2031, 3)
    record = play_game(LEVELS["expert"], seed, policy=StrongPolicy(progress=0.05))
    assert GuessRule.PROGRESS in {r for _, r in guesses(record)}
    assert GuessRule.PROGRESS not in {r for _, r in guesses(play_game(LEVELS["expert"], seed, policy=StrongPolicy()))}


def test_a_guess_the_living_safe_rule_decides_is_traced_by_its_rule():
    # Game 26 of run 2026: late in the game a candidate's number would leave only dead safe cells.
    seed = game_seed(2026, 26)
    record = play_game(LEVELS["expert"], seed, policy=StrongPolicy(living_safe=True))
    assert GuessRule.LIVING_SAFE in {r for _, r in guesses(record)}
    assert GuessRule.LIVING_SAFE not in {
        r for _, r in guesses(play_game(LEVELS["expert"], seed, policy=StrongPolicy()))
    }
