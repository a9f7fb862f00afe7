"""Executors, resumable campaign logs and their summaries."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import sys
from functools import partial

import pytest
from typer.testing import CliRunner

from cnfsweep.experiments.campaign import Executor, PlayConfig, play_many, wilson
from cnfsweep.experiments.log import (
    Arm,
    LoggedGame,
    append_log,
    find_arms,
    make_arms,
    parse_levels,
    parse_rules,
    read_log,
    run_campaign,
    summarise_log,
)
from cnfsweep.cli import app
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.experiments.executors import InterruptGuard, Runner
from cnfsweep.play.game import LEVELS, FirstClick

BEGINNER = PlayConfig(LEVELS["beginner"])


def outcome(records):
    """What must not depend on where games are played (timings may)."""
    return [(r.seed, r.won, r.moves, r.mines, r.loss_cause) for r in records]


def without_timing(games):
    return [dataclasses.replace(g, ms=0.0) for g in games]


def without_timing_summary(summaries):
    return [dataclasses.replace(s, mean_ms=0.0, median_ms=0.0) for s in summaries]


@pytest.fixture
def cli():
    runner = CliRunner()
    return lambda *args: runner.invoke(app, ["play", *args])


@pytest.fixture(scope="module")
def dask_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        yield cluster


@pytest.fixture(scope="module")
def local_games():
    return play_many(BEGINNER, games=8, seed=5)


# -- executors -------------------------------------------------------------------------------


def test_dask_local_cluster_matches_local_executor(local_games):
    pytest.importorskip("distributed")
    seen = []
    records = play_many(BEGINNER, games=8, seed=5, workers=2, executor=Executor.DASK, on_record=seen.append)
    assert outcome(records) == outcome(local_games)
    assert [r.seed for r in seen] == [r.seed for r in records]  # on_record in game order


def test_dask_scheduler_address_matches_local_executor(dask_cluster, local_games):
    records = play_many(BEGINNER, games=8, seed=5, executor=Executor.DASK, scheduler=dask_cluster.scheduler_address)
    assert outcome(records) == outcome(local_games)


def test_cli_play_on_a_dask_scheduler(cli, dask_cluster):
    result = cli(
        "--level",
        "beginner",
        "--games",
        "4",
        "--seed",
        "5",
        "--json",
        "--executor",
        "dask",
        "--scheduler",
        dask_cluster.scheduler_address,
    )
    assert result.exit_code == 0, result.output
    local = cli("--level", "beginner", "--games", "4", "--seed", "5", "--json")
    assert json.loads(result.output.splitlines()[-1])["wins"] == json.loads(local.output.splitlines()[-1])["wins"]


def test_local_pool_keeps_order_with_a_small_window(local_games):
    # Chunks of one with two processes: many round trips, each of which must land in order.
    with Runner(Executor.LOCAL, workers=2, chunk=1) as runner:
        squares = list(runner.map(abs, range(-50, 0)))
    assert squares == list(range(50, 0, -1))
    assert outcome(play_many(BEGINNER, games=8, seed=5, workers=2)) == outcome(local_games)


def test_local_pool_workers_ignore_ctrl_c_from_their_start():
    # Workers start with SIGINT blocked, so Ctrl-C cannot interrupt their start-up, and from
    # their initializer on ignore it, unblocked; this process's mask and handler are as before.
    mask, handler = signal.pthread_sigmask(signal.SIG_BLOCK, []), signal.getsignal(signal.SIGINT)
    with Runner(Executor.LOCAL, workers=2, chunk=1) as runner:
        handlers = set(runner.map(signal.getsignal, [signal.SIGINT] * 6))
        masks = list(runner.map(partial(signal.pthread_sigmask, signal.SIG_BLOCK), [[]] * 6))
    assert handlers == {signal.SIG_IGN} and not any(signal.SIGINT in m for m in masks)
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == mask and signal.getsignal(signal.SIGINT) is handler


@pytest.mark.skipif(signal.getsignal(signal.SIGINT) is not signal.default_int_handler, reason="SIGINT handled")
def test_ctrl_c_never_cuts_on_record_short():
    seen = []

    def on_record(record):
        if len(seen) == 2:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C in the middle of the third call
        seen.append(record)

    with pytest.raises(KeyboardInterrupt):
        play_many(BEGINNER, games=8, seed=5, on_record=on_record)
    assert len(seen) == 3 and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    done = []
    with pytest.raises(KeyboardInterrupt), InterruptGuard() as guard:
        with guard.hold():
            with guard.hold():
                os.kill(os.getpid(), signal.SIGINT)
            done.append("inner")  # nested: the outer block still runs whole
        done.append("after")
    assert done == ["inner"]


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["--scheduler", "tcp://10.0.0.5:8786"], "needs the dask executor"),
        (["--executor", "local", "--scheduler", "tcp://10.0.0.5:8786"], "needs the dask executor"),
        (["--executor", "dask", "--scheduler", "banana"], "tcp://HOST:PORT"),
        (["--executor", "dask", "--scheduler", "tcp://10.0.0.5"], "tcp://HOST:PORT"),
        (["--executor", "dask", "--scheduler"], "requires an argument"),
        (["--executor", "spark"], "'spark' is not one of"),
    ],
)
def test_cli_bad_scheduler_options(cli, args, phrase):
    result = cli("--games", "1", *args)
    assert result.exit_code == 2 and phrase in result.output and "Traceback" not in result.output


def test_cli_unreachable_scheduler_is_one_line(cli):
    dask = pytest.importorskip("dask")
    pytest.importorskip("distributed")
    with dask.config.set({"distributed.comm.timeouts.connect": "0.2s"}):
        result = cli("--games", "1", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:9")
    assert result.exit_code == 2 and "cannot use the Dask scheduler" in result.output
    assert "Traceback" not in result.output


def test_missing_distributed_says_what_to_install(cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes the import fail
    result = cli("--games", "1", "--executor", "dask")
    assert result.exit_code == 2 and "pip install 'cnfsweep[dask]'" in result.output
    with pytest.raises(CnfsweepError, match=r"cnfsweep\[dask\]"):
        play_many(BEGINNER, games=1, executor=Executor.DASK)


# -- resumable campaigns ---------------------------------------------------------------------


@pytest.fixture
def arms():
    # Two spellings of one policy: an ablation whose arms must play the very same games.
    return make_arms([LEVELS["beginner"]], [FirstClick.SAFE], ["safest", "safest:"], seed=3)


@pytest.fixture
def campaign(arms, tmp_path):
    def run(name: str, games: int = 12, **kwargs):
        path = tmp_path / name
        return path, run_campaign(arms, games, path, Runner(), batch=5, **kwargs)

    return run


def test_campaign_logs_every_game_once_and_arms_share_seeds(campaign, arms):
    path, games = campaign("full.jsonl")
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert len(lines) == 24 == len(games)
    assert set(lines[0]) == {
        "level",
        "rows",
        "cols",
        "mines",
        "first_click",
        "policy",
        "run_seed",
        "index",
        "game_seed",
        "won",
        "ms",
        "guesses",
        "loss_cause",
        "analyses",
    }
    first, second = ([g for g in games if g.policy == arm.policy] for arm in arms)
    assert [(g.game_seed, g.won) for g in first] == [(g.game_seed, g.won) for g in second]


def test_resume_after_a_cut_short_log(campaign, arms, tmp_path):
    _, full = campaign("full.jsonl")
    cut = tmp_path / "cut.jsonl"
    text = (tmp_path / "full.jsonl").read_text()
    lines = text.splitlines(keepends=True)
    cut.write_text("".join(lines[:7]) + lines[7][:20])  # as if killed in the middle of a write
    played = []
    path, resumed = campaign("cut.jsonl", on_progress=lambda arm, n, wins: played.append(n))
    assert played[0] == 7 and played[-1] == 12  # the kept games were not played again
    logged = read_log(path)
    assert len(path.read_text().splitlines()) == len(logged) == 24
    assert sorted((g.policy, g.index) for g in logged) == sorted((g.policy, g.index) for g in full)
    assert without_timing(resumed) == without_timing(full)
    assert without_timing_summary(summarise_log(resumed, arms)) == without_timing_summary(summarise_log(full, arms))


def test_resume_after_an_interruption(campaign, arms):
    def interrupt(arm, played, wins):
        if played == 6:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        campaign("stopped.jsonl", on_progress=interrupt)
    path = campaign("stopped.jsonl", games=0)[0]
    assert len(read_log(path)) == 5  # one batch was written before the interruption
    _, resumed = campaign("stopped.jsonl")
    _, full = campaign("full.jsonl")
    assert len(read_log(path)) == 24
    assert without_timing(resumed) == without_timing(full)


def test_a_longer_campaign_reuses_the_shorter_one(campaign, arms):
    path, short = campaign("grow.jsonl", games=4)
    _, longer = campaign("grow.jsonl", games=12)
    assert [g for g in longer if g.index < 4] == short and len(read_log(path)) == 24


# -- summaries -------------------------------------------------------------------------------


def logged(level: str, rule: str, wins: int, games: int, *, rows=9, cols=9, mines=10, policy="safest"):
    return [
        LoggedGame(level, rows, cols, mines, rule, policy, 1, i, 1000 + i, i < wins, float(i), 1, None, 2)
        for i in range(games)
    ]


def test_summary_interval_and_records():
    log = (
        logged("beginner", "safe", 95, 100)
        + logged("beginner", "safe", 1000, 1000, policy="perfect")
        + logged("expert", "opening", 3, 4, rows=16, cols=30, mines=99)
        + logged("custom", "safe", 2, 2, rows=5, cols=5, mines=3)
    )
    plain, perfect, expert, custom = summarise_log(log)
    assert (plain.games, plain.wins, plain.win_rate) == (100, 95, 0.95)
    assert plain.ci95 == pytest.approx((0.8883, 0.9785), abs=1e-4) and plain.ci95 == wilson(95, 100)
    assert plain.record.win_rate == 91.6949 and plain.beats_record is False  # 88.8% < 91.7%
    assert perfect.beats_record is True  # lower end 99.6% > 91.7%
    assert plain.mean_ms == pytest.approx(49.5) and plain.median_ms == pytest.approx(49.5)
    assert expert.record.win_rate == 54.3 and expert.record.solver.startswith("D. Hill")
    assert custom.record is None and custom.beats_record is None and custom.to_dict()["record"] is None
    assert [s.games for s in summarise_log(log, [plain.arm], limit=10)] == [10]


def test_later_arms_are_compared_game_by_game_with_the_first():
    base = logged("beginner", "safe", 6, 10)
    # Wins games 0-3 and 6-9: loses 4 and 5 where the first arm won, wins 6-9 where it lost.
    other = [dataclasses.replace(g, policy="other", won=g.index not in (4, 5)) for g in base]
    first, second = summarise_log(base + other)
    assert first.versus_first is None
    d = second.versus_first
    assert (d.games, d.only_a, d.only_b, d.difference) == (10, 2, 4, pytest.approx(0.2))
    # Six games disagree, +2 net: sd of the paired difference sqrt(6 - 4/10) / 10.
    assert d.ci95 == pytest.approx((0.2 - 1.96 * 0.2366, 0.2 + 1.96 * 0.2366), abs=1e-3)
    assert second.to_dict()["versus_first"]["only_b"] == 4


def test_log_round_trip_skips_duplicates_and_cut_lines(tmp_path):
    path = tmp_path / "log.jsonl"
    games = logged("beginner", "safe", 2, 3)
    append_log(path, games)
    append_log(path, games[:1])  # a game logged twice counts once
    with path.open("a") as out:
        out.write('{"level": "begin')
    assert read_log(path) == games
    append_log(path, logged("beginner", "safe", 0, 1, policy="other"))
    assert len(read_log(path)) == 4 and path.read_text().count("\n") == 5
    (tmp_path / "bad.jsonl").write_text("not json\n")
    with pytest.raises(CnfsweepError, match=r"bad.jsonl:1"):
        read_log(tmp_path / "bad.jsonl")


def test_parsing_and_filters():
    assert parse_levels("beginner,16x16/40") == [LEVELS["beginner"], parse_levels("16x16/40")[0]]
    assert parse_rules("opening") == [FirstClick.OPENING]
    for bad in ("huge", "9x9"):
        with pytest.raises(CnfsweepError, match="unknown level"):
            parse_levels(bad)
    with pytest.raises(CnfsweepError, match="level 9x9/many must be ROWSxCOLS"):
        parse_levels("9x9/many")
    with pytest.raises(CnfsweepError, match="first-click"):
        parse_rules("lucky")
    with pytest.raises(CnfsweepError, match="unknown policy"):
        make_arms([LEVELS["beginner"]], [FirstClick.SAFE], ["psychic"], seed=0)
    with pytest.raises(CnfsweepError, match="no room"):
        make_arms(parse_levels("3x3/6"), [FirstClick.OPENING], ["safest"], seed=0)
    log = logged("beginner", "safe", 1, 1) + logged("beginner", "opening", 1, 1)
    assert [a.first_click for a in find_arms(log, rules=[FirstClick.OPENING])] == [FirstClick.OPENING]
    assert find_arms(log, seed=2) == []


# -- the script ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def script():
    from benchmarks import campaign

    return campaign


def test_script_runs_resumes_and_summarises(script, tmp_path, capsys):
    out = tmp_path / "c.jsonl"
    args = ["--levels", "beginner", "--games", "6", "--batch", "4", "--workers", "1", "--out", str(out), "--json"]
    assert script.main(args) == 0
    played = json.loads(capsys.readouterr().out)
    assert script.main([*args, "--games", "3"]) == 0 and len(read_log(out)) == 6  # nothing new to play
    assert script.main(["--summary-only", "--out", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert [(s["games"], s["wins"], s["record"]["win_rate"]) for s in summary] == [
        (s["games"], s["wins"], 0.916949) for s in played
    ]
    assert script.main(["--summary-only", "--out", str(out)]) == 0
    assert "Tu et al." in capsys.readouterr().out
    assert script.main(["--levels", "huge", "--out", str(out)]) == 2
    assert "unknown level" in capsys.readouterr().err


def test_arm_of_a_logged_game_is_the_arm_that_played_it(arms):
    game = logged("beginner", "safe", 1, 1)[0]
    assert isinstance(game.arm, Arm) and game.arm.level == LEVELS["beginner"]


def test_after_a_ctrl_c_dask_loop_tracebacks_are_not_shown(caplog):
    # Dask's cancel callbacks, cut short by Ctrl-C, may log a NameError from its internals (seen in CI):
    # once the guard has seen the signal, records of Dask's loop loggers are dropped, and not before.
    import logging

    from cnfsweep.experiments.executors import InterruptGuard, _quiet_after_interrupt

    guard = InterruptGuard()
    _quiet_after_interrupt(guard)
    log = logging.getLogger("tornado.application")
    with caplog.at_level(logging.ERROR, logger="tornado.application"):
        log.error("before the interrupt")
        guard.interrupted = True
        log.error("Exception in callback: NameError")
    assert [r.getMessage() for r in caplog.records] == ["before the interrupt"]


def test_a_summary_written_as_a_result_file_is_what_the_report_shows(script, tmp_path, capsys):
    out, result = tmp_path / "c.jsonl", tmp_path / "campaign.json"
    args = [
        "--levels",
        "beginner",
        "--first-click",
        "safe,opening",
        "--games",
        "4",
        "--workers",
        "1",
        "--out",
        str(out),
    ]
    assert script.main([*args, "--json", "--result", str(result)]) == 0
    printed = json.loads(capsys.readouterr().out)
    from benchmarks import report
    from benchmarks.harness.results import read_result

    written = read_result(result)
    assert written["arms"] == printed and {"command", "commit", "date"} <= set(written["run"])
    typed = "<!-- benchmarks: campaign -->\n40% (not yet generated)\n<!-- /benchmarks: campaign -->\n"
    shown = report.rewrite(typed, "doc.md", tmp_path)
    assert "not yet generated" not in shown and "`benchmarks/results/campaign.json`" in shown
    rows = [line for line in shown.splitlines() if line.startswith("| beginner")]
    assert rows == [
        f"| beginner 9x9/10, {arm['first_click']} | `{arm['policy']}` | {arm['win_rate']:.2%} ({arm['wins']} won) "
        f"| {arm['games']} | {arm['ci95'][0]:.2%}-{arm['ci95'][1]:.2%} | "
        + ("none published" if arm["record"] is None else f"{arm['record']['solver']} {arm['record']['win_rate']:.3%}")
        + " |"
        for arm in printed
    ]
