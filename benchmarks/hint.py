"""Benchmark ``cnfsweep hint``: median and p90 per position, with and without --smallest.

Usage: python -m benchmarks hint [--corpus halfway-expert,midgame-expert] [--positions N]
                                    [--seed S] [--modes hint,smallest,all] [--json out.json]

Corpora come from benchmarks.harness.corpora (cached under benchmarks/corpora/):
``halfway-expert`` (positions of real expert games once half the safe cells
are open, where the single-number rule had nothing left: there are certain
cells whose reasons take several numbers) and ``midgame-expert`` (positions
where the player had to guess: the hint is the best guess).  Each position is
hinted cold (a fresh engine, no cached position), as one ``cnfsweep hint``
call would be.  Modes: ``hint`` (the best move), ``smallest`` (``--smallest``),
``all`` (``--all``).  Targets: hint median at most 30 ms and p90 at most
100 ms; --smallest p90 at most 1 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.harness.progress import progress_bar
from benchmarks.harness import corpora
from benchmarks.harness.stats import percentile
from benchmarks.harness.results import close_run, meta, verdict
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from cnfsweep.explanation import hint

MODES: dict[str, dict[str, Any]] = {"hint": {}, "smallest": {"smallest": True}, "all": {"every": True}}
TARGETS = {"hint": {"median_ms": 30.0, "p90_ms": 100.0}, "smallest": {"p90_ms": 1000.0}}
CORPORA = ("halfway-expert", "midgame-expert")


def summarise(times_ms: list[float]) -> dict[str, Any]:
    ordered = sorted(times_ms)
    return {
        "runs": len(ordered),
        **{k: round(percentile(ordered, q), 3) for k, q in (("median_ms", 0.5), ("p90_ms", 0.9), ("max_ms", 1.0))},
    }


def bench(items: list[corpora.Item], modes: list[str], progress: Progress, name: str) -> dict[str, Any]:
    """Time every mode on every position, modes taking turns position by position (same load)."""
    times: dict[str, list[float]] = {m: [] for m in modes}
    certain = sizes = 0
    task = progress.add_task(f"{name}: hinting", total=len(items))
    for item in items:
        for mode in modes:
            board = replace(item.board)  # a fresh copy: no cell lists kept from the mode before
            t0 = time.perf_counter()
            found = hint(board, **MODES[mode])
            times[mode].append((time.perf_counter() - t0) * 1000)
            if mode == "hint" and found.move is not None and found.move.certain:
                certain += 1
                assert found.move.reason is not None  # a certain move has its reason
                sizes += found.move.reason.size
        progress.advance(task)
    out: dict[str, Any] = {"positions": len(items), "certain_moves": certain}
    if certain:
        out["mean_reason_size"] = round(sizes / certain, 2)
    out["modes"] = {m: summarise(t) for m, t in times.items()}
    return out


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Compare every corpus's figures with the issue's targets."""
    goals = []
    for name, res in results.items():
        for mode, limits in TARGETS.items():
            got = res["modes"].get(mode)
            if got is None:
                continue
            for key, limit in limits.items():
                goals.append(
                    {
                        "corpus": name,
                        "mode": mode,
                        "figure": key,
                        "ms": got[key],
                        "target_ms": limit,
                        "met": got[key] <= limit,
                    }
                )
    return goals


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=",".join(CORPORA), help="comma-separated: " + ", ".join(CORPORA))
    parser.add_argument("--positions", type=int, default=200, help="positions per corpus")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--modes", default="hint,smallest", help="comma-separated: " + ", ".join(MODES))
    parser.add_argument("--corpus-dir", type=Path, default=corpora.CORPUS_DIR)
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args(argv)
    names = [n for n in args.corpus.split(",") if n]
    modes = [m for m in args.modes.split(",") if m]
    for bad in [n for n in names if n not in CORPORA] + [m for m in modes if m not in MODES]:
        parser.error(f"unknown corpus or mode {bad!r}")
    console = Console(width=None if sys.stdout.isatty() else 120)
    results: dict[str, Any] = {}
    started = time.perf_counter()
    with progress_bar(console, transient=True) as progress:
        for name, items in corpora.play_corpora(names, args.positions, args.seed, args.corpus_dir, progress).items():
            results[name] = bench(items, modes, progress, name)
    table = Table("corpus", "mode", "positions", "median ms", "p90 ms", "max ms")
    for name, res in results.items():
        for mode, fig in res["modes"].items():
            table.add_row(
                name, mode, str(fig["runs"]), f"{fig['median_ms']:.1f}", f"{fig['p90_ms']:.1f}", f"{fig['max_ms']:.1f}"
            )
    console.print(table)
    goals = targets(results)
    for g in goals:
        console.print(
            f"{g['corpus']} {g['mode']} {g['figure']}: {g['ms']:.1f} ms "
            f"(target {g['target_ms']:.0f} ms) {verdict(g['met'])}"
        )
    report: dict[str, Any] = {
        "meta": meta(started, seed=args.seed, positions=args.positions),
        "corpora": results,
        "targets": goals,
    }
    close_run(report, args.json, console.print)
    return 0


if __name__ == "__main__":
    sys.exit(main())
