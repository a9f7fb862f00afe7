"""Benchmark ``cnfsweep grade`` and ``generate --grade`` on expert no-guess boards.

Usage: python -m benchmarks grade [--boards N] [--per-grade K] [--methods uniform,fast]
                                     [--level expert] [--seed S] [--time-limit T] [--json out.json]

Three figures:

1. **Time to grade** a no-guess board, cold (a fresh engine and explainer,
   no cached position, as one ``cnfsweep grade`` call), median, p90 and max,
   on the ``--boards`` boards of run ``--seed`` of each method.  Target: median
   at most 2 s on expert.
2. **The grade distribution** among those boards: how common each grade is
   among uniformly random no-guess boards (``--method uniform``), and among
   the boards of the default fast method; with the share of boards with a step
   of each size, which the thresholds are set from.
3. **Seconds per board of each grade** for ``generate --grade G`` (the method
   drawing and grading boards until one is of grade ``G``), over
   ``--per-grade`` boards of each grade and method, with the no-guess boards
   drawn per board found (``candidates``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table


from benchmarks.harness.progress import progress_bar
from benchmarks.harness.stats import percentile
from benchmarks.harness.results import close_run, meta, verdict
from cnfsweep.core.errors import TimeLimitExceeded
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.explanation import Explainer, Grade, grade_layout
from cnfsweep.generation import generate, level_named

TARGET_MEDIAN_S = 2.0
METHODS = ("uniform", "fast")


def summarise(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    out = {k: round(percentile(ordered, q), 4) for k, q in (("median_s", 0.5), ("p90_s", 0.9), ("max_s", 1.0))}
    out["mean_s"] = round(sum(ordered) / len(ordered), 4)
    return out


def step_class(size: int, uses_total: bool) -> str:
    """A step's column in the table of step sizes."""
    if uses_total:
        return "total + 0-1" if size <= 2 else "total + 2+"
    return str(size) if size <= 3 else "4+"


def grade_corpus(level: str, method: str, boards: int, seed: int, progress: Progress) -> dict[str, Any]:
    """Generate ``boards`` no-guess boards of run ``seed`` and grade each cold."""
    lv = level_named(level)
    task = progress.add_task(f"{method}: generating and grading", total=boards)
    engine = Engine.for_games()
    times: list[float] = []
    grades: Counter[str] = Counter()
    with_step: Counter[str] = Counter()
    steps = 0
    for i in range(boards):
        g = generate(lv, seed=game_seed(seed, i), method=method, engine=engine)
        t0 = time.perf_counter()
        report = grade_layout(lv.rows, lv.cols, g.mine_cells, g.start, explainer=Explainer(Engine.for_games()))
        times.append(time.perf_counter() - t0)
        grades["guess" if report.grade is None else report.grade.value] += 1
        with_step.update({step_class(s.size, s.uses_total) for s in report.steps})
        steps += len(report.steps)
        progress.advance(task)
    order = ["1", "2", "3", "4+", "total + 0-1", "total + 2+"]
    return {
        "boards": boards,
        "grade_time": summarise(times),
        "grades": {g.value: grades[g.value] for g in Grade} | ({"guess": grades["guess"]} if grades["guess"] else {}),
        "share": {g.value: round(grades[g.value] / boards, 3) for g in Grade},
        "boards_with_a_step_of": {k: with_step[k] for k in order},
        "mean_steps": round(steps / boards, 1),
    }


def generate_by_grade(
    level: str, method: str, per_grade: int, seed: int, time_limit: float, progress: Progress
) -> dict[str, Any]:
    """Time ``generate --grade G`` for every grade: seconds per board, and no-guess boards drawn per board."""
    out: dict[str, Any] = {}
    engine = Engine.for_games()
    for grade in Grade:
        task = progress.add_task(f"{method}: generate --grade {grade.value}", total=per_grade)
        seconds, candidates, gave_up = [], [], 0
        for i in range(per_grade):
            t0 = time.perf_counter()
            try:
                g = generate(
                    level, seed=game_seed(seed, i), method=method, grade=grade, time_limit=time_limit, engine=engine
                )
            except TimeLimitExceeded:  # a figure, not a failure
                gave_up += 1
            else:
                candidates.append(g.candidates or 0)
            seconds.append(time.perf_counter() - t0)
            progress.advance(task)
        out[grade.value] = {
            "boards": per_grade,
            **summarise(seconds),
            "gave_up": gave_up,
            "mean_candidates": round(sum(candidates) / max(len(candidates), 1), 1),
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--boards", type=int, default=200, help="boards graded per method")
    parser.add_argument("--per-grade", type=int, default=20, help="boards generated per grade and method")
    parser.add_argument("--methods", default=",".join(METHODS), help="comma-separated: " + ", ".join(METHODS))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--time-limit", type=float, default=120.0, help="seconds per generate --grade board")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args(argv)
    methods = [m for m in args.methods.split(",") if m]
    for bad in [m for m in methods if m not in METHODS]:
        parser.error(f"unknown method {bad!r}")
    console = Console(width=None if sys.stdout.isatty() else 120)
    started = time.perf_counter()
    corpora: dict[str, Any] = {}
    by_grade: dict[str, Any] = {}
    with progress_bar(console, transient=True) as progress:
        for method in methods:
            if args.boards:
                corpora[method] = grade_corpus(args.level, method, args.boards, args.seed, progress)
            if args.per_grade:
                by_grade[method] = generate_by_grade(
                    args.level, method, args.per_grade, args.seed + 1, args.time_limit, progress
                )
    if corpora:
        table = Table(
            "method",
            "boards",
            "grade median s",
            "p90 s",
            "max s",
            *[g.value for g in Grade],
            "steps",
            title=f"grade of {args.level} no-guess boards (cold)",
        )
        for method, res in corpora.items():
            t = res["grade_time"]
            table.add_row(
                method,
                str(res["boards"]),
                f"{t['median_s']:.3f}",
                f"{t['p90_s']:.3f}",
                f"{t['max_s']:.3f}",
                *[f"{res['share'][g.value]:.0%}" for g in Grade],
                f"{res['mean_steps']}",
            )
        console.print(table)
        sizes = Table(
            "method",
            *next(iter(corpora.values()))["boards_with_a_step_of"],
            title="boards with a step of each size (numbers; or the total with that many numbers)",
        )
        for method, res in corpora.items():
            sizes.add_row(method, *[f"{n / res['boards']:.0%}" for n in res["boards_with_a_step_of"].values()])
        console.print(sizes)
    if by_grade:
        table = Table(
            "method",
            "grade",
            "boards",
            "mean s",
            "median s",
            "p90 s",
            "max s",
            "candidates",
            "gave up",
            title=f"generate --grade on {args.level}: seconds per board",
        )
        for method, res in by_grade.items():
            for grade, fig in res.items():
                table.add_row(
                    method,
                    grade,
                    str(fig["boards"]),
                    f"{fig['mean_s']:.3f}",
                    f"{fig['median_s']:.3f}",
                    f"{fig['p90_s']:.3f}",
                    f"{fig['max_s']:.3f}",
                    f"{fig['mean_candidates']}",
                    str(fig["gave_up"]),
                )
        console.print(table)
    goals = [
        {
            "method": m,
            "figure": "grade median_s",
            "s": res["grade_time"]["median_s"],
            "target_s": TARGET_MEDIAN_S,
            "met": res["grade_time"]["median_s"] <= TARGET_MEDIAN_S,
        }
        for m, res in corpora.items()
    ]
    for g in goals:
        console.print(f"{g['method']}: grade median {g['s']:.3f} s (target {g['target_s']:.0f} s) {verdict(g['met'])}")
    report: dict[str, Any] = {
        "meta": meta(started, level=args.level, seed=args.seed, boards=args.boards, per_grade=args.per_grade),
        "grading": corpora,
        "generate_by_grade": by_grade,
        "targets": goals,
    }
    close_run(report, args.json, console.print)
    return 0


if __name__ == "__main__":
    sys.exit(main())
