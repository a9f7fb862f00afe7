"""Benchmark exact inference on fixed, seeded corpora, every engine in one run.

Usage: python -m benchmarks engines [--corpus NAME[,NAME]] [--engines NAME[,NAME]]
                               [--positions N] [--quick] [--games N] [--huge-game]
                               [--json out.json]

Corpora: midgame-beginner, midgame-intermediate, midgame-expert (positions
from real play where the player had to guess, cached under benchmarks/corpora/),
halfway-beginner, halfway-intermediate, halfway-expert (positions from the
same games once half the safe cells are open), toollib-hard, long-component,
large-random, reductions, expert-games; huge-game is opt-in (--huge-game).
Engines: see benchmarks.harness.engines.ENGINES; "baseline" is naive cell backtracking.
Engines take turns position by position, so every ratio comes from one run
under the same load.  Exits 1 when two engines give different exact answers.
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from functools import partial
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks.harness.progress import progress_bar
from benchmarks.harness.turns import rotation
from benchmarks.harness import corpora
from benchmarks.harness.stats import percentile
from benchmarks.harness.results import write_result
from benchmarks.harness import engine_tables as bench_report
from benchmarks.harness.engines import (
    BASELINE,
    DEFAULT_ENGINE,
    ENGINES,
    CapReached,
    run_engine,
    time_cap,
)
from rich.console import Console
from rich.progress import (
    Progress,
)

from cnfsweep import __version__
from cnfsweep.play import play_game
from cnfsweep.core.board import Board
from cnfsweep.experiments.campaign import game_seed
from cnfsweep.play.game import LEVELS, FirstClick, Game, Level
from cnfsweep.engine.position import build_position

LEVEL_NAMES = ("beginner", "intermediate", "expert")
CORPORA = [f"{kind}-{lv}" for kind in ("midgame", "halfway") for lv in LEVEL_NAMES] + [
    "toollib-hard",
    "long-component",
    "large-random",
    "reductions",
    "expert-games",
]
OPT_IN = ["huge-game"]
CHEAP_S = 10.0  # on a large board, run the other engines only if the default took at most this


def summarise(times_ms: Sequence[float | None]) -> dict[str, Any]:
    """Median, p90, p99 and max in ms; ``None`` where the figure falls on a capped run."""
    ordered = sorted(float("inf") if t is None else t for t in times_ms)
    out: dict[str, Any] = {"runs": len(ordered), "capped": sum(t is None for t in times_ms)}
    for key, q in (("median_ms", 0.5), ("p90_ms", 0.9), ("p99_ms", 0.99), ("max_ms", 1.0)):
        v = percentile(ordered, q) if ordered else float("inf")
        out[key] = None if v == float("inf") else round(v, 3)
    return out


def add_ratios(stats: dict[str, dict[str, Any]]) -> None:
    """Divide each engine's p90 and median by the fastest engine's, in place."""
    for key in ("p90_ms", "median_ms"):
        finite = [s[key] for s in stats.values() if s[key] is not None]
        best = min(finite, default=None)
        for s in stats.values():
            ratio = None if best is None or s[key] is None else s[key] / best if best > 0 else 1.0
            s["ratio_" + key[:-3]] = None if ratio is None else round(ratio, 3)


def bench_positions(
    items: list[corpora.Item], engines: list[str], cap: float, progress: Progress, label: str
) -> dict[str, Any]:
    """Time every engine on every item, taking turns, and check that they agree."""
    for name in engines:  # untimed warm-up on a tiny board: imports and solver start-up
        run_engine(name, Board.from_rows(["1.", ".."], total_mines=1), cap)
    times: dict[str, list[float | None]] = {e: [] for e in engines}
    per_item, disagreements = [], []
    task = progress.add_task(label, total=len(items))
    for i, item in enumerate(items):
        turn = rotation(engines, i)
        answers = {}
        for name in turn:
            seconds, answers[name] = run_engine(name, item.board, cap)
            times[name].append(None if answers[name] is None else seconds * 1000)
        done = [e for e in engines if answers[e] is not None]
        for other in done[1:]:
            ref, theirs = answers[done[0]], answers[other]
            assert ref is not None and theirs is not None  # both in `done`
            if theirs != ref:
                disagreements.append(
                    {
                        "position": item.name,
                        "engines": [done[0], other],
                        "first_difference": ref.difference(theirs),
                    }
                )
        if len(items) <= 20:
            per_item.append({"name": item.name, "ms": {e: times[e][-1] for e in engines}})
        progress.advance(task)
    stats = {e: summarise(times[e]) for e in engines}
    add_ratios(stats)
    out = {
        "kind": "positions",
        "positions": len(items),
        "cap_ms": cap * 1000,
        "engines": stats,
        "agree": not disagreements,
        "disagreement_count": len(disagreements),
        "disagreements": disagreements[:10],
    }
    if per_item:
        out["items"] = per_item
    return out


def memory_mb() -> tuple[float, float]:
    """Return this process's resident set size and its peak so far, in MB.

    ``/proc`` gives the peak of this process's own memory map; ``ru_maxrss``
    would also remember the parent that forked it before ``exec``.
    """
    try:
        fields = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines())
        return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024
    except (OSError, KeyError, ValueError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        return peak, peak


def measure_large(spec: corpora.LargeSpec, engine: str, cap: float, describe: bool) -> dict[str, Any]:
    """Analyse one large board in a fresh process: time, peak memory and a digest of the answer."""
    board = spec.board()
    before, _ = memory_mb()
    seconds, answer = run_engine(engine, board, cap)
    out: dict[str, Any] = {
        "ms": None if answer is None else round(seconds * 1000, 1),
        "capped": answer is None,
        "rss_before_mb": round(before, 1),
        "rss_peak_mb": round(memory_mb()[1], 1),
        "digest": None if answer is None else answer.digest(),
    }
    if describe:  # after the timing, so that it does not count
        comps = build_position(board).components
        out["board"] = {
            "covered": len(board.covered),
            "components": len(comps),
            "largest_component": max((len(c.cells) for c in comps), default=0),
        }
    return out


def bench_large(
    specs: Sequence[corpora.LargeSpec], engines: list[str], cap: float, progress: Progress
) -> dict[str, Any]:
    """Analyse each large board once per engine, each run in its own process (clean peak RSS)."""
    boards: dict[str, Any] = {}
    # The default engine always runs first: it is the reference for the others.
    order = [DEFAULT_ENGINE] + [e for e in engines if e != DEFAULT_ENGINE]
    task = progress.add_task("large-random", total=len(specs) * len(order))
    spawn = multiprocessing.get_context("spawn")
    agree = True
    for spec in specs:
        row: dict[str, Any] = {
            "rows": spec.rows,
            "cols": spec.cols,
            "mines": spec.mines,
            "regions": spec.regions,
            "seed": spec.seed,
            "engines": {},
        }
        first_ms = None
        for name in order:
            if name != DEFAULT_ENGINE and (first_ms is None or first_ms > CHEAP_S * 1000):
                row["engines"][name] = {"skipped": f"default engine took over {CHEAP_S:.0f} s"}
            else:
                with ProcessPoolExecutor(1, mp_context=spawn) as pool:
                    got = pool.submit(measure_large, spec, name, cap, name == DEFAULT_ENGINE).result()
                if "board" in got:
                    row["board"] = got.pop("board")
                row["engines"][name] = got
                first_ms = got["ms"] if name == DEFAULT_ENGINE else first_ms
            progress.advance(task)
        digests = {r["digest"] for r in row["engines"].values() if r.get("digest")}
        row["agree"] = len(digests) <= 1
        agree = agree and row["agree"]
        boards[spec.name] = row
    return {"kind": "large", "cap_ms": cap * 1000, "boards": boards, "agree": agree}


def bench_reductions(count: int, seed: int, engines: list[str], cap: float, progress: Progress) -> dict[str, Any]:
    """Time the engines on boards reduced from random 3-CNFs; check verdicts against a SAT solver."""
    pairs, reason = corpora.reductions(count, seed)
    if reason is not None:
        return {"kind": "reductions", "available": False, "reason": reason, "agree": True}
    from pysat.solvers import Solver

    out = bench_positions([item for item, _ in pairs], engines, cap, progress, "reductions")
    for item, clauses in pairs:
        with Solver(name="cadical195", bootstrap_with=clauses) as sat:
            satisfiable = sat.solve()
        _, answer = run_engine(DEFAULT_ENGINE, item.board, cap)
        if answer is not None and answer.consistent != satisfiable:
            out["disagreements"].append(
                {
                    "position": item.name,
                    "engines": [DEFAULT_ENGINE, "SAT on the CNF"],
                    "first_difference": f"consistent {answer.consistent} vs {satisfiable}",
                }
            )
            out["agree"] = False
    return {**out, "available": True}


def bench_games(n: int, seed: int, progress: Progress) -> dict[str, Any]:
    """Play ``n`` seeded expert games with the safest policy, one after another on one core."""
    times, wins, analyses = [], 0, 0
    task = progress.add_task("expert-games", total=n)
    for i in range(n):
        record = play_game(LEVELS["expert"], game_seed(seed, i))
        times.append(record.seconds * 1000)
        wins += record.won
        analyses += record.analyses
        progress.advance(task)
    return {
        "kind": "games",
        "games": n,
        "wins": wins,
        "analyses": analyses,
        **summarise(times),
        "mean_ms": round(sum(times) / max(n, 1), 3),
    }


def bench_huge(cap: float, seed: int) -> dict[str, Any]:
    """Play a 500x500 game with 40,000 mines as ``play_game`` would, stopping at ``cap`` seconds.

    The first click is guaranteed an opening: with a merely safe one, the
    default seed's game ends on its first guess, which times nothing.

    ``play_game`` shows the bench its game after each analysis, so that a
    capped game still reports how far it got.
    """
    seen: dict[str, Any] = {"analyses": 0, "slowest": 0.0, "game": None}

    def watch(game: Game, analysis: Any) -> None:
        seen["game"], seen["analyses"] = game, seen["analyses"] + 1
        seen["slowest"] = max(seen["slowest"], analysis.seconds)

    start = time.perf_counter()
    try:
        with time_cap(cap):
            play_game(Level(500, 500, 40_000), seed, first_click=FirstClick.OPENING, watch=watch)
        capped = False
    except CapReached:
        capped = True
    game = seen["game"]
    analyses, slowest = seen["analyses"], seen["slowest"]
    return {
        "kind": "huge-game",
        "first_click": "opening",
        "capped": capped,
        "cap_s": cap,
        "seconds": round(time.perf_counter() - start, 2),
        "state": game.state.value,
        "analyses": analyses,
        "slowest_analysis_s": round(slowest, 2),
        "revealed": len(game.revealed) if game else 0,
        "safe_cells": 500 * 500 - 40_000,
    }


def git_state() -> str | None:
    """Return the commit measured, with ``-dirty`` when the tree has changes."""
    try:
        out = subprocess.run(
            ["git", "describe", "--always", "--dirty"],
            cwd=corpora.ROOT,
            check=False,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=",".join(CORPORA), help="comma-separated: " + ", ".join(CORPORA + OPT_IN))
    parser.add_argument("--engines", default=",".join(ENGINES), help="comma-separated: " + ", ".join(ENGINES))
    parser.add_argument("--positions", type=int, help="mid-game positions per level (1000; 50 with --quick)")
    parser.add_argument("--quick", action="store_true", help="small sizes: 50 positions, 5 games, 100x100 only")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cap", type=float, default=2.0, help="seconds per mid-game position and engine")
    parser.add_argument("--special-cap", type=float, default=20.0, help="seconds on toollib, long, reductions")
    parser.add_argument("--large-cap", type=float, default=300.0, help="seconds per large board and engine")
    parser.add_argument("--formulas", type=int, help="random 3-CNFs to reduce (6; 2 with --quick)")
    parser.add_argument("--games", type=int, help="expert games to time (100; 5 with --quick)")
    parser.add_argument("--huge-game", action="store_true", help="also play 500x500/40,000 with safest")
    parser.add_argument("--huge-cap", type=float, default=600.0, help="seconds before the huge game stops")
    parser.add_argument("--corpus-dir", type=Path, default=corpora.CORPUS_DIR)
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args(argv)
    names = [n for n in args.corpus.split(",") if n] + (["huge-game"] if args.huge_game else [])
    engines = [e for e in args.engines.split(",") if e]
    for bad in [n for n in names if n not in CORPORA + OPT_IN] + [e for e in engines if e not in ENGINES]:
        parser.error(f"unknown corpus or engine {bad!r}")
    positions = args.positions or (50 if args.quick else 1000)
    games = args.games if args.games is not None else (5 if args.quick else 100)
    formulas = args.formulas if args.formulas is not None else (2 if args.quick else 6)
    console = Console(width=None if sys.stdout.isatty() else 150)
    results: dict[str, Any] = {}
    started = time.perf_counter()
    with progress_bar(console, transient=True) as progress:
        for name in names:
            t0 = time.perf_counter()
            if name.startswith(("midgame-", "halfway-")):
                kind, _, level = name.partition("-")
                task = progress.add_task(f"{name}: playing", total=positions)
                items = corpora.midgame(
                    level,
                    positions,
                    args.seed,
                    args.corpus_dir,
                    tick=partial(progress.advance, task),
                    kind=kind,
                )
                res = bench_positions(items, engines, args.cap, progress, name)
            elif name == "toollib-hard":
                res = bench_positions(corpora.toollib_hard(), engines, args.special_cap, progress, name)
            elif name == "long-component":
                items = corpora.long_component()
                res = bench_positions(items, engines, args.special_cap, progress, name)
                res["component"] = items[0].name
            elif name == "large-random":
                specs = corpora.LARGE[:1] if args.quick else corpora.LARGE
                res = bench_large(specs, engines, args.large_cap, progress)
            elif name == "reductions":
                res = bench_reductions(formulas, args.seed, engines, args.special_cap, progress)
            elif name == "expert-games":
                res = bench_games(games, args.seed, progress)
            else:
                res = bench_huge(args.huge_cap, args.seed)
            res["seconds"] = round(time.perf_counter() - t0, 1)
            results[name] = res
            bench_report.show(console, name, res)
    failures = [(n, d) for n, r in results.items() for d in r.get("disagreements", [])]
    failures += [
        (n, {"first_difference": "large-board digests differ"})
        for n, r in results.items()
        if r.get("kind") == "large" and not r["agree"]
    ]
    goals = bench_report.targets(results)
    bench_report.show_targets(console, goals)
    if "huge-game" in results and results["huge-game"]["capped"]:
        console.print(f"500x500 game: stopped at the {args.huge_cap:.0f} s cap (target 30 s)")
    report: dict[str, Any] = {
        "meta": {
            "cnfsweep": __version__,
            "git": git_state(),
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cpus": multiprocessing.cpu_count(),
            "engines": {e: ENGINES[e][0] for e in engines},
            "default_engine": DEFAULT_ENGINE,
            "baseline": BASELINE,
            "seed": args.seed,
            "positions": positions,
            "seconds": round(time.perf_counter() - started, 1),
        },
        "corpora": results,
        "targets": goals,
        "agree": not failures,
    }
    if args.json:
        write_result(args.json, report)
    if failures:
        name, first = failures[0]
        console.print(f"[red]DISAGREEMENT[/red] in {name}: {first}")
        return 1
    console.print(f"all engines agree; {report['meta']['seconds']} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
