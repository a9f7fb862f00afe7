"""The benchmark script and the backend comparison run, and catch engines that disagree."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from benchrun import benchmark
from paths import ROOT

from benchmarks.report import render_generate

STATS = {"runs", "capped", "median_ms", "p90_ms", "p99_ms", "max_ms", "ratio_p90", "ratio_median"}


def bench_args(tmp_path: Path) -> list[str]:
    return [
        "--quick",
        "--corpus",
        "midgame-beginner",
        "--positions",
        "5",
        "--engines",
        "pysat,baseline",
        "--corpus-dir",
        str(tmp_path),
        "--json",
        str(tmp_path / "out.json"),
    ]


def test_bench_quick_run_writes_every_figure(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks", "engines", *bench_args(tmp_path)],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads((tmp_path / "out.json").read_text())
    assert report["agree"] is True
    assert {"cnfsweep", "python", "engines", "seconds"} <= set(report["meta"])
    corpus = report["corpora"]["midgame-beginner"]
    assert corpus["positions"] == 5 and corpus["agree"] is True and corpus["disagreements"] == []
    assert set(corpus["engines"]) == {"pysat", "baseline"}
    for stats in corpus["engines"].values():
        assert set(stats) >= STATS and stats["runs"] == 5
    # The corpus is cached and regenerated identically from its seed.
    assert list(tmp_path.glob("midgame-beginner-seed*.json"))
    assert "all engines agree" in run.stdout


def test_bench_exits_nonzero_when_engines_disagree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from benchmarks import engines as bench
    from benchmarks.harness import engines as bench_engines

    label, honest = bench_engines.ENGINES["baseline"]

    def off_by_a_little(board):  # type: ignore[no-untyped-def]
        answer = honest(board)
        cell = min(answer.frontier)
        return dataclasses.replace(
            answer, frontier={**answer.frontier, cell: answer.frontier[cell] + Fraction(1, 10**9)}
        )

    monkeypatch.setitem(bench_engines.ENGINES, "baseline", (label, off_by_a_little))
    assert bench.main(bench_args(tmp_path)) == 1
    report = json.loads((tmp_path / "out.json").read_text())
    assert report["agree"] is False
    assert report["corpora"]["midgame-beginner"]["disagreements"][0]["engines"] == ["pysat", "baseline"]


def test_compare_backends_agree() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "compare_backends.py"), "--positions", "4", "--repeat", "1"],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "all agree" in run.stdout


def test_halfway_corpus_positions_are_past_half_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from benchmarks.harness import corpora as bench_corpora

    from cnfsweep.play.game import LEVELS

    level = LEVELS["beginner"]
    items = bench_corpora.midgame("beginner", 4, 2026, tmp_path, kind="halfway")
    assert len(items) == 4 and list(tmp_path.glob("halfway-beginner-seed2026.json"))
    for item in items:
        assert 2 * len(item.board.numbers) >= level.cells - level.mines
        assert len(item.board.numbers) < level.cells - level.mines  # not yet won


def test_winrates_writes_a_file_only_when_asked(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "benchmarks", "winrates", "--games", "2", "--workers", "1", "--levels", "beginner"]
    # Run from another folder, so the package is found through the path, not the working directory.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    run = subprocess.run(args, check=False, capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    assert list(tmp_path.iterdir()) == []  # it used to leave winrates.jsonl in the working directory
    out = tmp_path / "w.jsonl"
    run = subprocess.run(
        [*args, "--out", str(out)], check=False, capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env
    )
    assert run.returncode == 0, run.stdout + run.stderr
    (line,) = out.read_text().splitlines()
    assert json.loads(line)["games"] == 2


def test_generation_bench_smoke_run_writes_its_figures(tmp_path: Path) -> None:
    out = tmp_path / "gen.json"
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks", "generate", "--smoke", "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    figures = json.loads(out.read_text())
    assert figures["expert"]["fast"]["found"] == figures["expert"]["uniform"]["found"] == 2
    assert set(figures["fast_vs_uniform_expert"]) >= {"fast", "uniform", "ks_3bv", "ks_rounds"}


def test_generation_bench_takes_turns_between_code_trees(tmp_path: Path) -> None:
    out = tmp_path / "gen-trees.json"
    trees = ["--tree", "this=.", "--tree", f"again={ROOT}"]
    run = benchmark("generate", "--smoke", "--json", str(out), *trees, timeout=300)
    assert run.returncode == 0, run.stderr
    report = json.loads(out.read_text())
    assert list(report["trees"]) == ["this", "again"] and report["identical_boards"] is True
    for board in ("16x30/99", "16x30/120", "16x30/140"):
        for tree in ("this", "again"):
            row = report[board][tree]
            assert row["boards"] == row["found"] == 2 and 0 < row["median_ms"] <= row["p90_ms"]
    # The documentation's section renders from such a file.
    assert "| 16x30/99 | 2 (found: this 2; again 2) |" in render_generate(report)


def test_generation_bench_names_a_tree_it_cannot_use_in_one_line(tmp_path: Path) -> None:
    run = benchmark("generate", "--tree", f"nowhere={tmp_path}", timeout=120)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert f"--tree nowhere={tmp_path}: expected NAME=PATH of a code tree with src/cnfsweep" in run.stderr


def test_play_bench_takes_turns_between_code_trees(tmp_path: Path) -> None:
    out = tmp_path / "play-trees.json"
    trees = ["--tree", "this=.", "--tree", f"again={ROOT}"]
    run = benchmark("play", "--games", "2", "--level", "beginner", "--json", str(out), *trees, timeout=120)
    assert run.returncode == 0, run.stderr
    report = json.loads(out.read_text())
    assert report["same_moves"] is True and list(report["trees"]) == ["this", "again"]
    assert list(report["policies"]) == ["strong", "safest"]
    for rows in report["policies"].values():
        assert list(rows) == ["this", "again"] and rows["this"]["cpu_ratio"] == 1.0
        assert rows["this"]["wins"] == rows["again"]["wins"] and all(row["cpu_ms"] > 0 for row in rows.values())


def test_play_bench_times_both_policies_in_one_run(tmp_path: Path) -> None:
    out = tmp_path / "play.json"
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks", "play", "--games", "2", "--level", "beginner", "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(out.read_text())
    assert report["reference"] == "safest" and list(report["policies"]) == ["strong", "safest"]
    for row in report["policies"].values():
        assert row["games"] == 2 and 0 <= row["wins"] <= 2 and row["mean_ms"] > 0 and row["cpu_ms"] > 0
    assert report["policies"]["safest"]["ratio"] == 1.0
    assert "strong" in run.stdout and "/ safest" in run.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "benchmarks", "play", "--games", "1", "--policy", "nope"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert bad.returncode == 2 and "unknown policy" in bad.stderr


def test_each_engine_times_its_own_copy_of_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    # A Board keeps the cell lists it works out: an engine timed after another on the same
    # object would find them made, and time less than an analysis.
    from benchmarks.harness import engines as bench_engines

    from cnfsweep import Board

    label, honest = bench_engines.ENGINES["search"]
    seen = []

    def recording(board: Board) -> object:
        seen.append((board, "_by_kind" in vars(board)))
        return honest(board)

    monkeypatch.setitem(bench_engines.ENGINES, "recording", (label, recording))
    board = Board.from_rows(["1..", "...", "..."], total_mines=2)
    for _ in range(2):
        bench_engines.run_engine("recording", board, 10.0)
    assert [(b == board, b is board, cached) for b, cached in seen] == [(True, False, False)] * 2


def test_cold_bench_compares_trees_and_ms_toollib(tmp_path: Path) -> None:
    pytest.importorskip("ms_toollib", reason="ms-toollib is an optional bench dependency")
    out = tmp_path / "cold.json"
    args = [
        "--positions",
        "2",
        "--large",
        "1",
        "--games",
        "1",
        "--corpus-dir",
        str(tmp_path),
        "--json",
        str(out),
        "--tree",
        f"this={ROOT}",
        "--pure-tree",
        f"pure={ROOT}",
    ]
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks", "cold", *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(out.read_text())
    corpora = ["cold expert guess points", "cold intermediate guess points", "cold 100x100/2000", "warm expert games"]
    for corpus in corpora:
        assert set(report[corpus]) == {"this", "pure", "ms-toollib"}
        for name in ("this", "pure"):
            figures = report[corpus][name]
            assert figures["ratio_median"] == pytest.approx(
                report[corpus]["ms-toollib"]["median_ms"] / figures["median_ms"]
            )
    assert "DIFFERENCE" not in run.stdout
