"""Benchmark no-guess generation, side by side with ms-toollib's laymine_solvable where it is installed.

Usage: python -m benchmarks generate [--boards N] [--quick | --smoke] [--json out.json]
       python -m benchmarks generate --tree NAME=PATH [--tree ...] [--boards N] [--smoke] [--json out.json]

ms-toollib is an optional bench dependency (``pip install 'cnfsweep[bench]'``);
without it only cnfsweep's figures are measured.  Boards of both generators
are made in turn, board by board in one process (the first turn rotating), so the ratios come
from the same load.
Every ms-toollib board is re-checked by cnfsweep's exact replay (with the
total), which says how many of them need no guess.

Reports, 30x16 with the first click at (8, 15):
- 99 mines (expert): fast and uniform, median / p90 / p99 seconds a board;
- 120, 140, 160 mines: fast, and ms-toollib with 200,000 tries a board;
- the highest mine count where every board came within 10 s;
- 100x100 with 2,000 mines: fast;
- how far fast is from uniform: 3BV and exact-analysis rounds on expert.

With ``--tree`` (repeatable), code trees are compared instead: each runs in its own worker
process with ``PYTHONPATH`` at its ``src`` (``benchmarks.generate_worker``), and the trees and
ms-toollib take turns board by board, the first turn rotating, on boards ``game_seed(2027, k)``
from (8, 15): 16x30/99 (``--boards``, 150 by default), then 16x30/120 and 16x30/140 (a quarter as
many each, the trees alone: ms-toollib finds no board there in 200,000 tries, and spends a minute
failing). It prints each one's median and p90 milliseconds a board and its time over
ms-toollib's, and exits 1 if the trees' boards differ.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
import os
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from cnfsweep import __version__
from cnfsweep.core.board import Cell
from cnfsweep.core.errors import TimeLimitExceeded
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.generation import Logic, Method, NoGuessCheck, generate, three_bv
from cnfsweep.play.game import Level
from benchmarks.harness.progress import progress_bar
from benchmarks.harness.stats import percentile
from benchmarks.harness.trees import Tree, parse_tree, tree_commit
from benchmarks.harness.turns import rotation, toollib
from benchmarks.harness.results import write_result

FIRST = Cell(8, 15)
TOOLLIB_TRIES = 200_000
TREE_SEED = 2027
"""The run seed of the boards the trees make: board k is ``game_seed(TREE_SEED, k)``."""
TREE_DENSITIES = (99, 120, 140)
"""Mine counts on 16x30 the trees are compared at; ms-toollib takes its turns at the first only."""


def quantiles(values: Sequence[float]) -> dict[str, float]:
    ordered = sorted(values)
    last = len(ordered) - 1
    return {
        "median": statistics.median(ordered),
        "p90": ordered[round(0.9 * last)],
        "p99": ordered[round(0.99 * last)],
        "max": ordered[-1],
    }


class Ours:
    """cnfsweep's boards of one figure, one seed at a time."""

    def __init__(
        self, level: Level, first: Cell, method: Method, seeds: Sequence[int], limit: float, engine: Engine
    ) -> None:
        self.level, self.first, self.method, self.seeds, self.limit, self.engine = (
            level,
            first,
            method,
            seeds,
            limit,
            engine,
        )
        self.seconds: list[float] = []
        self.boards: list[tuple[Cell, ...]] = []

    def step(self, k: int) -> None:
        start = time.perf_counter()
        try:
            g = generate(
                self.level,
                start=self.first,
                seed=self.seeds[k],
                method=self.method,
                time_limit=self.limit,
                engine=self.engine,
            )
            self.boards.append(g.mine_cells)
        except TimeLimitExceeded:
            pass
        self.seconds.append(time.perf_counter() - start)

    def result(self) -> dict[str, Any]:
        return {
            "boards": len(self.seconds),
            "found": len(self.boards),
            "seconds": quantiles(self.seconds),
            "layouts": self.boards,
        }


class Theirs:
    """ms-toollib's boards of one figure, each re-checked by cnfsweep's exact replay."""

    def __init__(self, lib: Any, level: Level, first: Cell, engine: Engine) -> None:
        self.lib, self.level, self.first, self.engine = lib, level, first, engine
        self.seconds: list[float] = []
        self.found = self.fair = 0

    def step(self, k: int) -> None:
        level, first = self.level, self.first
        start = time.perf_counter()
        grid, ok = self.lib.laymine_solvable(level.rows, level.cols, level.mines, first.row, first.col, TOOLLIB_TRIES)
        self.seconds.append(time.perf_counter() - start)
        if ok:
            self.found += 1
            mines = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == -1]
            self.fair += NoGuessCheck(level.rows, level.cols, mines, first, Logic.FULL, self.engine).run()

    def result(self) -> dict[str, Any]:
        return {
            "boards": len(self.seconds),
            "found": self.found,
            "fair_by_exact_replay": self.fair,
            "seconds": quantiles(self.seconds),
        }


def side_by_side(runners: dict[str, Ours | Theirs], count: int, tick: Callable[[], None]) -> dict[str, Any]:
    """Make ``count`` boards with each runner, taking turns board by board, the first turn rotating.

    So every generator meets the same load, whatever else the machine is doing meanwhile.
    """
    order = list(runners.values())
    for k in range(count):
        for runner in rotation(order, k):
            runner.step(k)
            tick()
    return {name: runner.result() for name, runner in runners.items()}


def ours(
    level: Level,
    first: Cell,
    method: Method,
    seeds: Sequence[int],
    limit: float,
    engine: Engine,
    tick: Callable[[], None],
) -> dict[str, Any]:
    return side_by_side({"fast": Ours(level, first, method, seeds, limit, engine)}, len(seeds), tick)["fast"]


def distance(level: Level, seeds: Sequence[int], engine: Engine, tick: Callable[[], None]) -> dict[str, Any]:
    """Compare fast with uniform on the same size: 3BV and exact-analysis rounds of each board's replay."""
    out: dict[str, Any] = {}
    for method in Method:
        bv, rounds = [], []
        for seed in seeds:
            g = generate(level, start=FIRST, seed=seed, method=method, engine=engine)
            bv.append(three_bv(level.rows, level.cols, set(g.mine_cells)))
            check = NoGuessCheck(level.rows, level.cols, g.mine_cells, FIRST, Logic.FULL, engine)
            check.run()
            rounds.append(check.steps)
            tick()
        out[method.value] = {"3bv": _summary(bv), "rounds": _summary(rounds), "_bv": bv, "_rounds": rounds}
    out["ks_3bv"] = _ks(out["fast"].pop("_bv"), out["uniform"].pop("_bv"))
    out["ks_rounds"] = _ks(out["fast"].pop("_rounds"), out["uniform"].pop("_rounds"))
    return out


def _summary(values: list[int]) -> dict[str, float]:
    q = statistics.quantiles(values, n=4)
    return {"mean": round(statistics.fmean(values), 2), "q1": q[0], "median": q[1], "q3": q[2]}


def _ks(a: list[int], b: list[int]) -> float:
    """Two-sample Kolmogorov-Smirnov statistic: the largest gap between the two empirical distributions."""
    points = sorted(set(a) | set(b))
    return round(max(abs(sum(x <= p for x in a) / len(a) - sum(x <= p for x in b) / len(b)) for p in points), 3)


def tree_turns(specs: Sequence[str], boards: int, progress_task: Callable[[], None] | None = None) -> dict[str, Any]:
    """Every tree (``NAME=PATH``) and ms-toollib make the same boards in turns; return the figures.

    ``boards`` at 16x30/99 with ms-toollib beside the trees; a quarter as many (at least 2) at each
    higher count in `TREE_DENSITIES`, the trees alone. A board that a tree did not find within 60 s
    counts at that time.
    """
    lib = toollib()
    trees = [Tree(*parse_tree(spec), "benchmarks.generate_worker") for spec in specs]
    report: dict[str, Any] = {
        "load": list(os.getloadavg()),
        "trees": {t.name: str(t.path.resolve()) for t in trees},
        "tree_commits": {t.name: tree_commit(t) for t in trees},
        "ms_toollib": getattr(lib, "__version__", "installed") if lib else None,
        "start": list(FIRST),
        "seed": TREE_SEED,
        "toollib_tries": TOOLLIB_TRIES,
    }
    differ: list[str] = []
    k = 0
    try:
        for mines in TREE_DENSITIES:
            count = boards if mines == TREE_DENSITIES[0] else max(2, boards // 4)
            names = [t.name for t in trees] + (["ms-toollib"] if lib and mines == TREE_DENSITIES[0] else [])
            ms: dict[str, list[float]] = {n: [] for n in names}
            found = dict.fromkeys(names, 0)
            for i in range(count):
                request = {"rows": 16, "cols": 30, "mines": mines, "start": list(FIRST), "limit": 60.0}
                request["seed"] = game_seed(TREE_SEED, i)
                digests = {}
                for name in rotation(names, k):
                    if name == "ms-toollib":
                        assert lib is not None  # named only where it is installed
                        started = time.perf_counter()
                        _, ok = lib.laymine_solvable(16, 30, mines, FIRST.row, FIRST.col, TOOLLIB_TRIES)
                        ms[name].append((time.perf_counter() - started) * 1000)
                        found[name] += bool(ok)
                        continue
                    answer = next(t for t in trees if t.name == name).ask(request)
                    ms[name].append(answer["ms"])
                    found[name] += answer["found"]
                    digests[name] = answer["digest"]
                if len(set(digests.values())) > 1:
                    differ.append(f"16x30/{mines} seed {request['seed']}: {digests}")
                k += 1
                if progress_task:
                    progress_task()
            table: dict[str, Any] = {
                n: {
                    "boards": count,
                    "found": found[n],
                    "median_ms": statistics.median(ms[n]),
                    "p90_ms": percentile(ms[n], 0.9),
                }
                for n in names
            }
            for n in names:
                for other in names:
                    if n not in (other, "ms-toollib"):
                        table[n][f"over_{other}_median"] = table[n]["median_ms"] / table[other]["median_ms"]
                        table[n][f"over_{other}_p90"] = table[n]["p90_ms"] / table[other]["p90_ms"]
            report[f"16x30/{mines}"] = table
    finally:
        for t in trees:
            t.close()
    report["load_after"] = list(os.getloadavg())
    report["identical_boards"] = not differ
    report["differences"] = differ[:5]
    return report


def show_trees(report: dict[str, Any]) -> None:
    """Print the tree comparison: milliseconds a board, median and p90, and each over ms-toollib's."""
    table = Table(
        "board",
        "generator",
        "found",
        "median ms",
        "p90 ms",
        "/ ms-toollib (median, p90)",
        title="no-guess generation, trees in turns",
    )
    for name, rows in report.items():
        if not name.startswith("16x30/"):
            continue
        for who, row in rows.items():
            ratio = (
                f"{row['over_ms-toollib_median']:.2f}, {row['over_ms-toollib_p90']:.2f}"
                if "over_ms-toollib_median" in row
                else ""
            )
            table.add_row(
                name, who, f"{row['found']}/{row['boards']}", f"{row['median_ms']:.1f}", f"{row['p90_ms']:.1f}", ratio
            )
    console = Console()
    console.print(table)
    console.print(f"load average {report['load'][0]:.2f} at the start, {report['load_after'][0]:.2f} at the end")
    for line in report["differences"]:
        console.print(f"DIFFERENT BOARDS: {line}", highlight=False)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--boards", type=int, default=None, help="boards per expert figure (others scale down; 40, or 150 with --tree)"
    )
    parser.add_argument("--tree", action="append", default=[], help="NAME=PATH of a code tree to compare; repeatable")
    parser.add_argument("--quick", action="store_true", help="a few boards per figure, to check the script runs")
    parser.add_argument("--smoke", action="store_true", help="expert and the fast/uniform comparison only, 2 boards")
    parser.add_argument("--compare", type=int, default=200, help="expert boards per method for fast against uniform")
    parser.add_argument("--json", dest="json_out", help="write the figures here")
    args = parser.parse_args(argv)
    if args.boards is not None and args.boards < 1:
        parser.error(f"--boards must be at least 1, not {args.boards}")
    missing = [spec for spec in args.tree if not (parse_tree(spec)[1] / "src" / "cnfsweep").is_dir()]
    if missing:
        parser.error(f"--tree {missing[0]}: expected NAME=PATH of a code tree with src/cnfsweep")
    if args.tree:
        count = 2 if args.smoke else 3 if args.quick else args.boards or 150
        total = count + (len(TREE_DENSITIES) - 1) * max(2, count // 4)
        with progress_bar(Console(stderr=True)) as progress:
            task = progress.add_task("boards", total=total)
            report = tree_turns(args.tree, count, lambda: progress.advance(task))
        show_trees(report)
        if args.json_out:
            write_result(args.json_out, report, indent=2)
        return 0 if report["identical_boards"] else 1
    n = 2 if args.smoke else 3 if args.quick else args.boards or 40
    few = max(2, n // 4)
    lib = toollib()
    engine = Engine.for_games()
    densities = [] if args.smoke else [120, 140, 160]
    climb = [] if args.smoke else [180, 200, 250, 300, 350, 400, 450, 471]  # 471: every cell off the opening
    big = 0 if args.smoke else few
    compare = n if args.smoke or args.quick else args.compare
    total = (
        2 * n + len(densities) * (few + (few if lib else 0)) + len(climb) * few + big + 2 * compare + (n if lib else 0)
    )
    results: dict[str, Any] = {
        "cnfsweep": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "ms_toollib": getattr(lib, "__version__", "installed") if lib else None,
        "first_click": list(FIRST),
    }
    with progress_bar(Console(stderr=True)) as progress:
        task = progress.add_task("boards", total=total)

        def tick() -> None:
            progress.advance(task)

        seeds = [game_seed(2026, i) for i in range(n)]
        expert = Level(16, 30, 99)
        progress.update(task, description="expert")
        # Side by side, board by board: the ratios come from the same moments of the machine's load.
        runners: dict[str, Ours | Theirs] = {m.value: Ours(expert, FIRST, m, seeds, 60.0, engine) for m in Method}
        if lib:
            runners["ms_toollib"] = Theirs(lib, expert, FIRST, engine)
        results["expert"] = side_by_side(runners, n, tick)
        for mines in densities:
            progress.update(task, description=f"30x16/{mines}")
            level = Level(16, 30, mines)
            runners = {"fast": Ours(level, FIRST, Method.FAST, seeds[:few], 60.0, engine)}
            if lib:
                runners["ms_toollib"] = Theirs(lib, level, FIRST, engine)
            results[f"30x16/{mines}"] = side_by_side(runners, few, tick)
        highest = None
        # The highest count where every board came within 10 s: stop at the first count that fails.
        for mines in climb:
            progress.update(task, description=f"30x16/{mines} within 10 s")
            row = ours(Level(16, 30, mines), FIRST, Method.FAST, seeds[:few], 10.0, engine, tick)
            results[f"30x16/{mines} (10 s)"] = {"fast": row}
            if row["found"] < row["boards"]:
                break
            highest = mines
        results["highest_30x16_within_10s"] = highest
        if big:
            progress.update(task, description="100x100/2000")
            results["100x100/2000"] = {
                "fast": ours(Level(100, 100, 2000), Cell(50, 50), Method.FAST, seeds[:big], 120.0, engine, tick)
            }
        progress.update(task, description="fast against uniform")
        results["fast_vs_uniform_expert"] = distance(expert, [game_seed(2027, i) for i in range(compare)], engine, tick)
    for row in results.values():
        if isinstance(row, dict):
            for figure in row.values():
                if isinstance(figure, dict):
                    figure.pop("layouts", None)
    show(results)
    if args.json_out:
        write_result(args.json_out, results, indent=2)
    return 0


def show(results: dict[str, Any]) -> None:
    table = Table(
        "board",
        "generator",
        "found",
        "median s",
        "p90 s",
        "p99 s",
        "ms-toollib boards fair",
        title="no-guess generation",
    )
    for name, row in results.items():
        if not isinstance(row, dict) or name.startswith("fast_vs"):
            continue
        for who, figure in row.items():
            if not isinstance(figure, dict) or "seconds" not in figure:
                continue
            s = figure["seconds"]
            fair = str(figure.get("fair_by_exact_replay", ""))
            table.add_row(
                name,
                who,
                f"{figure['found']}/{figure['boards']}",
                f"{s['median']:.3f}",
                f"{s['p90']:.3f}",
                f"{s['p99']:.3f}",
                fair,
            )
    console = Console()
    console.print(table)
    if results["highest_30x16_within_10s"] is not None:
        console.print(
            f"highest mine count on 30x16 with every board within 10 s: {results['highest_30x16_within_10s']}"
        )
    d = results["fast_vs_uniform_expert"]
    for key in ("3bv", "rounds"):
        console.print(f"expert {key}: fast {d['fast'][key]}, uniform {d['uniform'][key]}, KS distance {d['ks_' + key]}")


if __name__ == "__main__":
    sys.exit(main())
