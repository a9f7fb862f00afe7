"""The big-board hint benchmark script runs and writes its figures (``--smoke``: small boards)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from paths import ROOT


def test_bench_hint_big_smoke_run_writes_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks", "hint-big", "--smoke", "--json", str(out)],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(out.read_text())
    assert [row["case"] for row in report["cases"]] == ["40x40 open", "40x40 stuck"]
    # Every mode on the open board; the stuck one, in a smoke run, only what tells the two apart.
    every = {"solve", "hint", "smallest", "all", "text", "json", "cli_text", "cli_json"}
    for row, measured in zip(report["cases"], (every, {"solve", "hint"}), strict=True):
        modes = row["modes"]
        assert set(modes) == measured
        assert all(m["seconds"] > 0 for m in modes.values())
        assert set(row["ratio_to_solve"]) == set(modes) - {"solve", "cli_json"}
        assert modes["solve"]["certain"] > 0
    open_, stuck = report["cases"]
    # The open board has cells one number settles; the stuck one, after they were all played, has none.
    assert open_["modes"]["hint"]["reason_size"] == 1
    assert stuck["modes"]["hint"]["reason_size"] >= 2
    assert stuck["covered"] < open_["covered"]
