"""The time-limit benchmark's smoke run measures every path and writes its figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from paths import ROOT


def test_bench_limits_smoke_run_measures_every_path(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks", "limits", "--paths", "--smoke", "--limits", "5", "--json", str(out)],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(out.read_text())
    assert report["all_measured"] and report["worst_over_s"] is not None
    paths = {(kind, row["path"], row["board"]) for kind in ("cli", "server", "api") for row in report[kind]}
    assert paths == {
        *(
            ("cli", p, b)
            for p, b in [("solve", "board"), ("check", "board"), ("check", "inconsistent"), ("levels", "board")]
        ),
        *(
            ("server", p, b)
            for p, b in [
                ("analyze", "board"),
                ("check", "board"),
                ("check", "inconsistent"),
                ("levels", "board"),
                ("board", "board"),
            ]
        ),
        *(
            ("api", p, b)
            for p, b in [("analyze", "board"), ("check", "board"), ("check", "inconsistent"), ("levels", "board")]
        ),
    }
    # A small board is answered well within a 5 s limit, on every path: answers, not time-outs.
    statuses = {row["status"] for kind in ("cli", "server", "api") for row in report[kind]}
    assert "unknown" not in statuses and "error" not in statuses
    assert all(row["http"] == 200 for row in report["server"])
    assert {row["status"] for row in report["cli"] if row["board"] == "inconsistent"} == {"inconsistent"}
