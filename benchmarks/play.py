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

With ``--tree NAME=PATH`` (repeatable), code trees are compared instead: each
runs in its own worker process (``benchmarks.play_worker``) with ``PYTHONPATH``
at its ``src``, and for every seeded game every tree plays it with every
policy, the first turn rotating; it prints each tree's milliseconds a game per
policy (processor time in the worker, and wall clock) and each over the first
tree's, and exits 1 if the trees' moves differ on any game.
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
from benchmarks.harness.trees import Tree, parse_tree, tree_commit
from benchmarks.harness.turns import rotation

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


def tree_turns(
    specs: Sequence[str],
    trees_given: Sequence[str],
    level: str,
    rule: str,
    games: int,
    seed: int,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play ``games`` seeded games with every policy in every tree, taking turns; return the figures and the ratios."""
    trees = [Tree(*parse_tree(spec), "benchmarks.play_worker") for spec in trees_given]
    report: dict[str, Any] = {
        "level": level,
        "first_click": rule,
        "seed": seed,
        "games": games,
        "trees": {t.name: str(t.path.resolve()) for t in trees},
        "tree_commits": {t.name: tree_commit(t) for t in trees},
        "load": [round(load(), 2)],
    }
    turns = [(t, spec) for spec in specs for t in trees]
    ms: dict[tuple[str, str], list[float]] = {(t.name, spec): [] for t, spec in turns}
    cpu = {(t.name, spec): 0.0 for t, spec in turns}
    wins = dict.fromkeys(ms, 0)
    differ: list[str] = []
    task = progress.add_task("games", total=games) if progress else None
    try:
        for i in range(games):
            digests: dict[str, set[str]] = {spec: set() for spec in specs}
            for t, spec in rotation(turns, i):
                answer = t.ask({"policy": spec, "level": level, "rule": rule, "run_seed": seed, "game": i})
                ms[t.name, spec].append(answer["ms"])
                cpu[t.name, spec] += answer["cpu_ms"]
                wins[t.name, spec] += answer["won"]
                digests[spec].add(answer["digest"])
            differ += [f"{spec}, game {i}" for spec, found in digests.items() if len(found) > 1]
            if progress and task is not None:
                progress.advance(task)
    finally:
        for t in trees:
            t.close()
    first = trees[0].name
    policies: dict[str, dict[str, Any]] = {}
    for spec in specs:
        rows = policies[spec] = {}
        for t in trees:
            key = (t.name, spec)
            rows[t.name] = {
                "wins": wins[key],
                "cpu_ms": round(cpu[key] / games, 3),
                "mean_ms": round(statistics.fmean(ms[key]), 3),
                "median_ms": round(statistics.median(ms[key]), 3),
            }
        for row in rows.values():
            row["cpu_ratio"] = round(row["cpu_ms"] / rows[first]["cpu_ms"], 3)
            row["ratio"] = round(row["mean_ms"] / rows[first]["mean_ms"], 3)
    report["policies"] = policies
    report["load"].append(round(load(), 2))
    report["same_moves"] = not differ
    report["differences"] = differ[:5]
    return report


def show_trees(console: Console, report: dict[str, Any]) -> None:
    """Print the tree comparison, a row per policy and tree."""
    first = next(iter(report["trees"]))
    table = Table(
        "policy",
        "tree",
        "wins",
        "CPU ms",
        f"CPU / {first}",
        "mean ms",
        f"/ {first}",
        "median ms",
        title=f"{report['level']}, first click {report['first_click']}, seed {report['seed']}, trees in turns",
        caption=f"load average {report['load'][0]} at the start, {report['load'][1]} at the end",
    )
    for spec, rows in report["policies"].items():
        for name, row in rows.items():
            table.add_row(
                spec,
                name,
                f"{row['wins']}/{report['games']}",
                f"{row['cpu_ms']:.1f}",
                f"{row['cpu_ratio']:.2f}",
                f"{row['mean_ms']:.1f}",
                f"{row['ratio']:.2f}",
                f"{row['median_ms']:.1f}",
            )
    console.print(table)
    for line in report["differences"]:
        console.print(f"DIFFERENT MOVES: {line}", highlight=False)


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
    parser.add_argument("--tree", action="append", default=[], help="NAME=PATH of a code tree to compare; repeatable")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    missing = [spec for spec in args.tree if not (parse_tree(spec)[1] / "src" / "cnfsweep").is_dir()]
    if missing:
        parser.error(f"--tree {missing[0]}: expected NAME=PATH of a code tree with src/cnfsweep")
    console = Console(stderr=True)
    specs = args.policy or list(DEFAULT_POLICIES)
    if args.tree:
        with progress_bar(console, transient=True) as progress:
            report = tree_turns(specs, args.tree, args.level, args.first_click, args.games, args.seed, progress)
        show_trees(Console(), report)
        if args.json:
            write_result(args.json, report)
        return 0 if report["same_moves"] else 1
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
