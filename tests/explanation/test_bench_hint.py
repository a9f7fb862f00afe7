"""The hint benchmark script runs and writes its figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from paths import ROOT


def test_bench_hint_quick_run_writes_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks",
            "hint",
            "--positions",
            "3",
            "--corpus-dir",
            str(tmp_path),
            "--modes",
            "hint,smallest",
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
    assert set(report["corpora"]) == {"halfway-expert", "midgame-expert"}
    for corpus in report["corpora"].values():
        assert corpus["positions"] == 3
        for mode in ("hint", "smallest"):
            assert corpus["modes"][mode]["runs"] == 3 and corpus["modes"][mode]["median_ms"] > 0
    # Halfway positions have certain cells; positions where the player had to guess have none.
    assert report["corpora"]["halfway-expert"]["certain_moves"] == 3
    assert report["corpora"]["midgame-expert"]["certain_moves"] == 0
    assert {g["mode"] for g in report["targets"]} == {"hint", "smallest"}
