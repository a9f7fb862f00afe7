"""Time guessing policies side by side: milliseconds per game, each against the last policy given.

Usage: python -m benchmarks play [--policy SPEC ...] [--games N] [--seed S] [--level expert]
                                    [--first-click safe] [--json out.json]

By default ``strong`` and ``safest`` play the same seeded expert games
(30x16/99, safe first click) in one process, taking turns game by game and
alternating who goes first, so that both see the same load; each keeps its
own engine (and cache) from game to game, as a campaign worker does.  Prints
mean and median milliseconds a game (wall clock), wins, and each policy's
mean time over the last policy's (``strong / safest``); then the same mean
in processor time, which a busy machine disturbs less.  Only ratios from one
run mean anything on a shared machine: the load average at the start and the
end is printed beside them.

To time an older checkout with this same script, put its sources first on the
path: ``PYTHONPATH=/path/to/old/src python -m benchmarks play``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

import cnfsweep
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.experiments.log import parse_levels, parse_rules
from cnfsweep.play import Player, make_policy
from benchmarks.harness.progress import progress_bar
from benchmarks.harness.results import write_result

DEFAULT_POLICIES = ("strong", "safest")


def load() -> float:
    """Return the one-minute load average (0 where the system does not say)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def bench(
    specs: Sequence[str], level_text: str, rule_text: str, games: int, seed: int, progress: Progress | None = None
) -> dict[str, Any]:
    """Play ``games`` seeded games with every policy in turn; return the figures per policy and the ratios."""
    (level,), (rule,) = parse_levels(level_text), parse_rules(rule_text)
    players = {spec: Player(make_policy(spec), Engine.for_games()) for spec in specs}
    for player in players.values():  # untimed warm-up: imports, topology tables, first cache entries
        player.play(level, game_seed(seed, -1), rule)
    ms: dict[str, list[float]] = {spec: [] for spec in specs}
    cpu: dict[str, float] = dict.fromkeys(specs, 0.0)
    wins = dict.fromkeys(specs, 0)
    task = progress.add_task("games", total=games) if progress else None
    start_load = load()
    for i in range(games):
        order = list(specs) if i % 2 == 0 else list(reversed(specs))
        for spec in order:
            started, cpu_started = time.perf_counter(), time.process_time()
            record = players[spec].play(level, game_seed(seed, i), rule)
            ms[spec].append((time.perf_counter() - started) * 1000)
            cpu[spec] += (time.process_time() - cpu_started) * 1000
            wins[spec] += record.won
        if progress and task is not None:
            progress.advance(task)
    reference = specs[-1]
    rows: dict[str, dict[str, Any]] = {}
    for spec in specs:
        mean = statistics.fmean(ms[spec]) if games else 0.0
        rows[spec] = {
            "games": games,
            "wins": wins[spec],
            "mean_ms": round(mean, 3),
            "median_ms": round(statistics.median(ms[spec]), 3) if games else 0.0,
            "cpu_ms": round(cpu[spec] / games, 3) if games else 0.0,
            "total_s": round(sum(ms[spec]) / 1000, 3),
        }
    base, base_cpu = rows[reference]["mean_ms"], rows[reference]["cpu_ms"]
    for row in rows.values():
        row["ratio"] = round(row["mean_ms"] / base, 3) if base else None
        row["cpu_ratio"] = round(row["cpu_ms"] / base_cpu, 3) if base_cpu else None
    return {
        "level": level.size_text,
        "first_click": rule.value,
        "seed": seed,
        "games": games,
        "reference": reference,
        "policies": rows,
        "load": [round(start_load, 2), round(load(), 2)],
        "cnfsweep": str(Path(cnfsweep.__file__).parent),
    }


def show(console: Console, report: dict[str, Any]) -> None:
    """Print the figures as a table, a row per policy."""
    table = Table(
        "policy",
        "games",
        "wins",
        "mean ms",
        "median ms",
        f"/ {report['reference']}",
        "CPU ms",
        f"CPU / {report['reference']}",
        title=f"{report['level']}, first click {report['first_click']}, seed {report['seed']}",
        caption=f"load average {report['load'][0]} at the start, {report['load'][1]} at the end",
    )
    for spec, row in report["policies"].items():
        ratio = "-" if row["ratio"] is None else f"{row['ratio']:.2f}"
        cpu_ratio = "-" if row["cpu_ratio"] is None else f"{row['cpu_ratio']:.2f}"
        table.add_row(
            spec,
            str(row["games"]),
            str(row["wins"]),
            f"{row['mean_ms']:.1f}",
            f"{row['median_ms']:.1f}",
            ratio,
            f"{row['cpu_ms']:.1f}",
            cpu_ratio,
        )
    console.print(table)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--policy",
        action="append",
        help="policy spec; repeat for more (default strong, then safest: ratios are to the last)",
    )
    parser.add_argument("--games", type=int, default=200, help="games per policy (default 200)")
    parser.add_argument("--seed", type=int, default=2026, help="run seed (default 2026)")
    parser.add_argument("--level", default="expert", help="level name or ROWSxCOLS/MINES (default expert)")
    parser.add_argument("--first-click", default="safe", help="safe, opening or any (default safe)")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    console = Console(stderr=True)
    specs = args.policy or list(DEFAULT_POLICIES)
    try:
        with progress_bar(console, transient=True) as progress:
            report = bench(specs, args.level, args.first_click, args.games, args.seed, progress)
    except CnfsweepError as exc:
        console.print(f"error: {exc}", highlight=False)
        return 2
    show(Console(), report)
    if args.json:
        write_result(args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
