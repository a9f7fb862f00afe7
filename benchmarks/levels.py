"""Benchmark ``cnfsweep levels``: median and p90 per expert position, and 100x100 boards.

Usage: python -m benchmarks levels [--corpus midgame-expert,halfway-expert] [--positions N]
                                      [--seed S] [--max-level M] [--large all|none] [--json out.json]

Corpora come from benchmarks.harness.corpora (cached under benchmarks/corpora/), as
for ``python -m benchmarks hint``: ``midgame-expert`` (a position of each seeded expert
game where the autoplayer had to guess) and ``halfway-expert`` (the first
position of each game, half its safe cells open, that needed the full
engine).  Each position is levelled cold (a fresh component cache, no cached
position), as one ``cnfsweep levels`` call would be, with levels up to
``--max-level`` (3).  The 100x100 boards: ``benchmarks.harness.corpora``'s 100x100/1600
board with 10 zero regions opened, the same with 100, and a seeded layout
of 16% mines with half the safe cells shown at random (numbers everywhere:
the most sets to check).  Targets (issue 27): on
1,000 mid-game expert positions a median of at most 50 ms and a p90 of at
most 200 ms; a 100x100 board in under 2 s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.harness.progress import progress_bar
from benchmarks.harness import corpora
from benchmarks.hint import summarise
from benchmarks.harness.results import close_run, meta, verdict
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from cnfsweep import Board, levels

CORPORA = ("midgame-expert", "halfway-expert")
TARGETS = {"median_ms": 50.0, "p90_ms": 200.0}
LARGE_TARGET_S = 2.0


def level_cold(board: Board, max_level: int) -> tuple[float, dict[str, int], bool]:
    """Level one board as a fresh ``cnfsweep levels`` call would; return the seconds, the counts and consistency."""
    t0 = time.perf_counter()
    result = levels(board, max_level)
    return time.perf_counter() - t0, result.counts(), result.consistent


def bench(items: list[corpora.Item], max_level: int, progress: Progress, name: str) -> dict[str, Any]:
    """Time every position of a corpus; count the cells each level decides."""
    times: list[float] = []
    cells: Counter[str] = Counter()
    deepest: Counter[str] = Counter()
    task = progress.add_task(f"{name}: levels", total=len(items))
    for item in items:
        seconds, counts, consistent = level_cold(item.board, max_level)
        if not consistent:
            raise RuntimeError(f"{item.name}: a position from real play is inconsistent")
        times.append(seconds * 1000)
        cells.update(counts)
        decided = [n for n, k in counts.items() if k]
        deepest[decided[-1] if decided else "none"] += 1
        progress.advance(task)
    return {
        "positions": len(items),
        **summarise(times),
        "cells_by_level": dict(cells),
        "positions_by_hardest_level": dict(deepest),
    }


def half_revealed(rows: int, cols: int, density: float, seed: int) -> Board:
    """A seeded random layout with each safe cell shown with probability 1/2: numbers everywhere, few zero regions."""
    rng = random.Random(seed)
    mines = {(r, c) for r in range(rows) for c in range(cols) if rng.random() < density}
    grid = []
    for r in range(rows):
        line = []
        for c in range(cols):
            if (r, c) in mines or rng.random() < 0.5:
                line.append(".")
            else:
                line.append(str(sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1))))
        grid.append("".join(line))
    return Board.from_rows(grid, total_mines=len(mines))


def large(max_level: int, seed: int) -> list[dict[str, Any]]:
    """Time the 100x100 boards."""
    boards = [
        (f"{spec.name}, {spec.regions} zero regions opened", spec.board())
        for spec in (corpora.LARGE[0], corpora.LargeSpec(100, 100, 1600, 100))
    ]
    boards.append(("100x100/16%, half the safe cells shown at random", half_revealed(100, 100, 0.16, seed)))
    out = []
    for name, board in boards:
        seconds, counts, _ = level_cold(board, max_level)
        out.append(
            {
                "board": name,
                "seconds": round(seconds, 3),
                "numbers": len(board.numbers),
                "covered": len(board.covered),
                "cells_by_level": counts,
                "met": seconds < LARGE_TARGET_S,
            }
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=",".join(CORPORA), help="comma-separated: " + ", ".join(CORPORA))
    parser.add_argument("--positions", type=int, default=1000, help="positions per corpus")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--max-level", type=int, default=3)
    parser.add_argument("--large", choices=("all", "none"), default="all", help="time the 100x100 boards")
    parser.add_argument("--corpus-dir", type=Path, default=corpora.CORPUS_DIR)
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args(argv)
    names = [n for n in args.corpus.split(",") if n]
    for bad in [n for n in names if n not in CORPORA]:
        parser.error(f"unknown corpus {bad!r}")
    console = Console(width=None if sys.stdout.isatty() else 120)
    results: dict[str, Any] = {}
    started = time.perf_counter()
    with progress_bar(console, transient=True) as progress:
        for name, items in corpora.play_corpora(names, args.positions, args.seed, args.corpus_dir, progress).items():
            results[name] = bench(items, args.max_level, progress, name)
        if args.large == "all":
            task = progress.add_task("100x100 boards", total=None)
            big = large(args.max_level, args.seed)
            progress.remove_task(task)
        else:
            big = []
    table = Table("corpus", "positions", "median ms", "p90 ms", "max ms", "cells by level")
    for name, res in results.items():
        table.add_row(
            name,
            str(res["positions"]),
            f"{res['median_ms']:.1f}",
            f"{res['p90_ms']:.1f}",
            f"{res['max_ms']:.1f}",
            ", ".join(f"{k}: {v}" for k, v in res["cells_by_level"].items()),
        )
    console.print(table)
    goals = [
        {"corpus": name, "figure": key, "ms": res[key], "target_ms": limit, "met": res[key] <= limit}
        for name, res in results.items()
        for key, limit in TARGETS.items()
    ]
    for g in goals:
        console.print(
            f"{g['corpus']} {g['figure']}: {g['ms']:.1f} ms (target {g['target_ms']:.0f} ms) {verdict(g['met'])}"
        )
    for b in big:
        console.print(
            f"{b['board']}: {b['seconds']:.3f} s ({b['numbers']} numbers, {b['covered']} covered; "
            f"target {LARGE_TARGET_S:.0f} s) {verdict(b['met'])}"
        )
    report: dict[str, Any] = {
        "meta": meta(started, seed=args.seed, positions=args.positions, max_level=args.max_level),
        "corpora": results,
        "large": big,
        "targets": goals,
    }
    close_run(report, args.json, console.print)
    return 0


if __name__ == "__main__":
    sys.exit(main())
