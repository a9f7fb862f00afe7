"""The side-by-side benchmark runs two checkouts and reports each figure of both."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

from paths import ROOT


def old_worktrees() -> set[str]:
    listed = subprocess.run(["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True).stdout
    return {line.split()[0] for line in listed.splitlines() if "cnfsweep-old-" in line}


def test_bench_commits_runs_both_sides_and_reports_ratios(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    before = old_worktrees()
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks",
            "commits",
            "--old",
            "HEAD",
            "--rounds",
            "1",
            "--quick",
            "--workloads",
            "play",
            "--json",
            str(out),
        ],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(out.read_text())
    assert report["rounds"] == 1 and report["quick"] is True
    figure = report["figures"]["play: play 5 expert games s"]
    assert figure["old"] > 0 and figure["new"] > 0
    assert math.isclose(figure["ratio"], figure["new"] / figure["old"])
    # The temporary worktree of the old side is gone again (another run's may be there meanwhile).
    assert old_worktrees() <= before


def test_bench_commits_refuses_an_unknown_revision() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks", "commits", "--old", "no-such-revision-x"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert run.returncode == 2 and "not a git revision here: 'no-such-revision-x'" in run.stderr
