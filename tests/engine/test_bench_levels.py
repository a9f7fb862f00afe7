"""The levels benchmark script runs and writes its figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from paths import ROOT


def test_bench_levels_quick_run_writes_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks",
            "levels",
            "--positions",
            "3",
            "--corpus-dir",
            str(tmp_path),
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
    assert set(report["corpora"]) == {"midgame-expert", "halfway-expert"}
    for corpus in report["corpora"].values():
        assert corpus["runs"] == corpus["positions"] == 3 and corpus["median_ms"] > 0
        assert list(corpus["cells_by_level"]) == ["1", "2", "3", "full", "total"]
    # Halfway positions needed the full engine: some cell there takes more than one number.
    assert sum(report["corpora"]["halfway-expert"]["cells_by_level"].values()) > 0
    assert len(report["large"]) == 3 and all(b["seconds"] > 0 and b["numbers"] > 0 for b in report["large"])
    assert {(g["corpus"], g["figure"]) for g in report["targets"]} == {
        (c, f) for c in ("midgame-expert", "halfway-expert") for f in ("median_ms", "p90_ms")
    }
