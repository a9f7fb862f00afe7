"""Measure this checkout against an older commit, side by side in one run.

Usage: python -m benchmarks commits --old REV [--rounds 3] [--quick] [--json out.json]

The older commit is checked out in a temporary git worktree and run from this
environment with ``PYTHONPATH`` pointing at its ``src`` (the dependencies are
the same), so both sides share one interpreter, one machine and one load. Each
side's C extensions (the endgame kernel) are first built in place, as its
install would build them (copied from this checkout where their sources are the same:
``benchmarks.harness.trees.build_kernels``).
Each round runs every workload once per side, alternating which side goes
first, and each side runs its own copy of the benchmarks (``python -m benchmarks NAME``, or
``scripts/bench*.py`` in a tree from before the package):

- ``analysis``: ``python -m benchmarks engines`` on the expert corpora (positions from real
  play at guess points and half-way, ms-toollib's hard board), engines
  ``pysat`` and ``search``: median and p90 milliseconds a position;
- ``generate``: ``python -m benchmarks generate``: seconds a no-guess expert board
  (fast and uniform), and ms-toollib's ``laymine_solvable`` beside it when the
  ``bench`` extra is installed (the ratio to it is reported per side);
- ``grade``: ``python -m benchmarks grade``: seconds to grade a no-guess expert
  board, cold;
- ``play``: ``cnfsweep play --level expert --games G --seed 5``, wall seconds
  start-up included (``cnfsweep --version`` is measured too, apart).

Reports the median over rounds of each figure per side and the ratio new/old
(below 1: this checkout is faster).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from benchmarks.harness.progress import progress_bar
from benchmarks.harness.trees import benchmark_command, build_kernels
from benchmarks.harness.results import write_result

ROOT = Path(__file__).resolve().parent.parent

Figures = dict[str, float]


def run(tree: Path, args: Sequence[str], timeout: float) -> float:
    """Run ``python ARGS`` with ``tree``'s sources first on the path; return wall seconds."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *args], cwd=tree, env=env, capture_output=True, text=True, timeout=timeout)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} in {tree} exited {done.returncode}: {done.stderr.strip()[-800:]}")
    return seconds


def which_source(tree: Path) -> str:
    """Return the file ``import cnfsweep`` loads with ``tree``'s sources on the path."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    out = subprocess.run(
        [sys.executable, "-c", "import cnfsweep; print(cnfsweep.__file__)"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


def analysis(tree: Path, scratch: Path, quick: bool) -> Figures:
    out = scratch / "analysis.json"
    run(
        tree,
        [
            *benchmark_command(tree, "engines", "bench.py"),
            "--corpus",
            "midgame-expert,halfway-expert,toollib-hard",
            "--engines",
            "pysat,search",
            "--positions",
            "50" if quick else "300",
            "--json",
            str(out),
        ],
        3600,
    )
    figures: Figures = {}
    for corpus, row in json.loads(out.read_text())["corpora"].items():
        for engine, stats in row["engines"].items():
            figures[f"{corpus} {engine} median ms"] = stats["median_ms"]
            figures[f"{corpus} {engine} p90 ms"] = stats["p90_ms"]
    return figures


def generate(tree: Path, scratch: Path, quick: bool) -> Figures:
    out = scratch / "generate.json"
    n = "4" if quick else "30"
    run(
        tree,
        [
            *benchmark_command(tree, "generate", "bench_generate.py"),
            "--smoke" if quick else "--boards",
            *([] if quick else [n]),
            "--compare",
            n,
            "--json",
            str(out),
        ],
        3600,
    )
    data = json.loads(out.read_text())
    figures: Figures = {}
    for board in ("expert", "30x16/120", "30x16/140", "30x16/160"):
        for who, row in data.get(board, {}).items():
            if isinstance(row, dict) and row.get("seconds"):
                figures[f"{board} {who} median s"] = row["seconds"]["median"]
    theirs = figures.get("expert ms_toollib median s")
    if theirs:
        figures["expert fast / ms-toollib"] = figures["expert fast median s"] / theirs
    return figures


def grade(tree: Path, scratch: Path, quick: bool) -> Figures:
    out = scratch / "grade.json"
    run(
        tree,
        [
            *benchmark_command(tree, "grade", "bench_grade.py"),
            "--boards",
            "4" if quick else "30",
            "--per-grade",
            "0",
            "--methods",
            "fast",
            "--json",
            str(out),
        ],
        3600,
    )
    figures: Figures = {}
    for method, row in json.loads(out.read_text())["grading"].items():
        figures[f"grade {method} median s"] = row["grade_time"]["median_s"]
        figures[f"grade {method} p90 s"] = row["grade_time"]["p90_s"]
    return figures


def play(tree: Path, scratch: Path, quick: bool) -> Figures:
    games = "5" if quick else "30"
    start_up = run(tree, ["-m", "cnfsweep", "--version"], 120)
    wall = run(tree, ["-m", "cnfsweep", "play", "--level", "expert", "--games", games, "--seed", "5"], 3600)
    # The whole process, start-up included: the two are timed in separate processes, and with a few
    # fast games their difference fell below zero now and then.
    return {f"play {games} expert games s": wall, "start-up s": start_up}


WORKLOADS: dict[str, Callable[[Path, Path, bool], Figures]] = {
    "analysis": analysis,
    "generate": generate,
    "grade": grade,
    "play": play,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", required=True, help="the commit to compare with (any git revision)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workloads", default=",".join(WORKLOADS), help="comma-separated: " + ", ".join(WORKLOADS))
    parser.add_argument("--quick", action="store_true", help="small sizes, to check the script runs")
    parser.add_argument("--json", dest="json_out", help="write every figure here")
    args = parser.parse_args(argv)
    names = [w.strip() for w in args.workloads.split(",") if w.strip()]
    unknown = [w for w in names if w not in WORKLOADS]
    if unknown:
        parser.error(f"unknown workload {unknown[0]!r}: choose from {', '.join(WORKLOADS)}")
    old_rev = subprocess.run(["git", "rev-parse", "--short", args.old], cwd=ROOT, capture_output=True, text=True)
    if old_rev.returncode != 0:
        parser.error(f"not a git revision here: {args.old!r}")
    new_rev = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    console = Console(stderr=True)
    with tempfile.TemporaryDirectory(prefix="cnfsweep-old-") as tmp:
        old_tree = Path(tmp) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(old_tree), args.old], cwd=ROOT, check=True, capture_output=True
        )
        try:
            sides = {"old": old_tree, "new": ROOT}
            # This checkout first: the old side copies its kernels where their sources are the same.
            for side, tree in reversed(sides.items()):
                build_kernels(tree)
                source = which_source(tree)
                if not source.startswith(str(tree / "src")):
                    raise SystemExit(f"the {side} side imports cnfsweep from {source}, not from {tree / 'src'}")
            samples: dict[str, dict[str, dict[str, list[float]]]] = {w: {"old": {}, "new": {}} for w in names}
            with progress_bar(console) as progress:
                task = progress.add_task("rounds", total=args.rounds * len(names) * 2)
                for r in range(args.rounds):
                    for w, name in enumerate(names):
                        # Alternate who goes first, so a load that drifts during the run weighs on both alike.
                        order = ("old", "new") if (r + w) % 2 == 0 else ("new", "old")
                        for side in order:
                            progress.update(task, description=f"round {r + 1}: {name} ({side})")
                            with tempfile.TemporaryDirectory() as scratch:
                                figures = WORKLOADS[name](sides[side], Path(scratch), args.quick)
                            for key, value in figures.items():
                                samples[name][side].setdefault(key, []).append(value)
                            progress.advance(task)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old_tree)], cwd=ROOT, capture_output=True)
    report: dict[str, Any] = {
        "old": old_rev.stdout.strip(),
        "new": new_rev,
        "rounds": args.rounds,
        "quick": args.quick,
        "figures": {},
    }
    table = Table(
        "workload",
        "figure",
        f"old {report['old']}",
        f"new {new_rev}",
        "new/old",
        title=f"median of {args.rounds} rounds, side by side",
    )
    for name in names:
        for key in samples[name]["new"]:
            old = statistics.median(samples[name]["old"].get(key, [float("nan")]))
            new = statistics.median(samples[name]["new"][key])
            ratio = new / old if old else float("nan")
            report["figures"][f"{name}: {key}"] = {"old": old, "new": new, "ratio": ratio, "samples": samples[name]}
            table.add_row(name, key, f"{old:.4g}", f"{new:.4g}", f"{ratio:.2f}")
    Console().print(table)
    if args.json_out:
        for row in report["figures"].values():
            row.pop("samples")
        write_result(args.json_out, report, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
