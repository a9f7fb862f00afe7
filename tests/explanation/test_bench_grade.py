"""The grade benchmark script runs and writes its figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from paths import ROOT


def test_bench_grade_quick_run_writes_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks",
            "grade",
            "--level",
            "intermediate",
            "--boards",
            "3",
            "--per-grade",
            "1",
            "--methods",
            "uniform",
            "--json",
            str(out),
        ],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(out.read_text())
    grading = report["grading"]["uniform"]
    assert grading["boards"] == 3 and sum(grading["grades"].values()) == 3
    assert grading["grade_time"]["median_s"] > 0
    assert set(report["generate_by_grade"]["uniform"]) == {"easy", "medium", "hard", "evil"}
    assert all(fig["boards"] == 1 for fig in report["generate_by_grade"]["uniform"].values())
    assert report["targets"][0]["met"]
