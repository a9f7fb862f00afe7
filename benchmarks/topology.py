"""Benchmark the analysis on other grids: 30x16 expert-density positions on square, torus and hex.

Usage: python -m benchmarks topology [--positions N] [--seed S] [--openings K]
                                        [--topologies square,torus,hex] [--backend SPEC] [--json out.json]

Each position is built the same way on every topology, from the same seed:
99 mines placed uniformly at random on the 16 rows of 30 cells (the expert
level), then ``--openings`` (3) zero cells chosen at random and flooded as a
click on them would open them (their zero regions and the numbers around),
every neighbourhood asked of the topology itself.  The mines are the same
cells on every topology; the openings differ, since each grid has its own
zeros.  Each position is analysed cold (a fresh :class:`~cnfsweep.engine.Engine`,
so nothing solved for one position helps the next), with the total, as one
``cnfsweep solve`` call would be.  The report gives the median and p90 per
topology and their ratio to the square's (issue 23: the same time class as
square).  Topologies take turns position by position, so they share the
machine's load alike.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cnfsweep import Board, Engine, __version__

from benchmarks.harness.stats import upper_quantile
from benchmarks.harness.results import write_result
from cnfsweep.core.characters import COVERED
from cnfsweep.core.cell import Cell
from cnfsweep.core.topology import TOPOLOGIES, make_topology

ROWS, COLS, MINES = 16, 30, 99
TOPOLOGY_NAMES = ("square", "torus", "hex")


def summarise(times_ms: Sequence[float]) -> dict[str, float]:
    ordered = sorted(times_ms)
    return {
        "runs": len(ordered),
        "median_ms": round(upper_quantile(ordered, 0.5), 3),
        "p90_ms": round(upper_quantile(ordered, 0.9), 3),
        "max_ms": round(ordered[-1], 3),
    }


def mid_game(
    topology_name: str, seed: int, openings: int = 3, rows: int = ROWS, cols: int = COLS, mines: int = MINES
) -> Board:
    """A seeded position: mines at random, then ``openings`` zero cells clicked (flooded) on the topology named.

    The mines depend only on ``seed``, ``rows``, ``cols`` and ``mines``, so every topology gets the same ones.

    Examples
    --------
    >>> board = mid_game("hex", 1, rows=6, cols=8, mines=6)
    >>> board.topology.name, board.total_mines, len(board.grid), len(board.grid[0])
    ('hex', 6, 6, 8)
    >>> mid_game("square", 1, rows=6, cols=8, mines=6).grid != board.grid   # each grid has its own numbers
    True
    """
    topology = make_topology(topology_name, rows, cols)
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    mined = frozenset(random.Random(seed).sample(cells, mines))
    numbers = {c: sum(n in mined for n in topology.neighbours(c)) for c in cells if c not in mined}
    zeros = sorted(c for c, n in numbers.items() if n == 0)
    # A different stream for the clicks, so that the mines stay the same whatever is opened.
    clicks = random.Random(f"{seed}:openings").sample(zeros, min(openings, len(zeros)))
    shown: set[Cell] = set()
    for click in clicks:
        todo = [click]
        while todo:
            cell = todo.pop()
            if cell in shown:
                continue
            shown.add(cell)
            if numbers[cell] == 0:
                todo.extend(n for n in topology.neighbours(cell) if n not in shown)
    grid = tuple(
        "".join(str(numbers[Cell(r, c)]) if Cell(r, c) in shown else COVERED for c in range(cols)) for r in range(rows)
    )
    return Board(grid, mines) if topology_name == "square" else Board(grid, mines, topology=topology)


def analyse_cold(board: Board, backend: str | None) -> tuple[float, bool]:
    """Analyse ``board`` with a fresh engine; return the seconds taken and whether it is consistent."""
    engine = Engine.create(backend)
    t0 = time.perf_counter()
    result = engine.analyze(board)
    return time.perf_counter() - t0, result.consistent


def bench(
    names: Sequence[str], seeds: Sequence[int], openings: int, backend: str | None, progress: Progress | None = None
) -> dict[str, Any]:
    """Time every topology on the position of every seed; return the figures and the ratios to the square."""
    times: dict[str, list[float]] = {n: [] for n in names}
    revealed: dict[str, int] = {n: 0 for n in names}
    for name in names:
        analyse_cold(mid_game(name, -1, openings), backend)  # solver packages load here, not in the first timing
    task = None if progress is None else progress.add_task("analysing", total=len(seeds) * len(names))
    for seed in seeds:
        for name in names:
            board = mid_game(name, seed, openings)
            seconds, consistent = analyse_cold(board, backend)
            if not consistent:
                raise RuntimeError(f"{name} seed {seed}: a position built from a layout is inconsistent")
            times[name].append(seconds * 1000)
            revealed[name] += sum(ch != COVERED for row in board.grid for ch in row)
            if progress is not None and task is not None:
                progress.advance(task)
    figures = {n: {**summarise(times[n]), "mean_revealed": round(revealed[n] / len(seeds), 1)} for n in names}
    base = figures.get("square")
    for fig in figures.values():
        if base is not None and base["median_ms"] > 0 and base["p90_ms"] > 0:
            fig["median_ratio"] = round(fig["median_ms"] / base["median_ms"], 2)
            fig["p90_ratio"] = round(fig["p90_ms"] / base["p90_ms"], 2)
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="positions per topology (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (position i uses seed + i)")
    parser.add_argument("--openings", type=int, default=3, help="zero cells clicked per position (default 3)")
    parser.add_argument(
        "--topologies",
        default=",".join(TOPOLOGY_NAMES),
        help=f"comma-separated, from {', '.join(TOPOLOGIES)} (default all)",
    )
    parser.add_argument("--backend", default=None, help="backend spec (default: the default backend)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.topologies.split(",") if n.strip()]
    unknown = [n for n in names if n not in TOPOLOGIES]
    if unknown or args.positions < 1 or args.openings < 0:
        what = (
            f"unknown topology {unknown[0]!r}" if unknown else "--positions must be at least 1, --openings at least 0"
        )
        print(f"error: {what}", file=sys.stderr)
        return 2
    seeds = range(args.seed, args.seed + args.positions)
    console = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console) as progress:
        figures = bench(names, seeds, args.openings, args.backend, progress)
    table = Table(title=f"{ROWS}x{COLS}, {MINES} mines, {args.openings} openings, {args.positions} positions each")
    for column in ("topology", "median ms", "p90 ms", "max ms", "median / square", "p90 / square", "cells shown"):
        table.add_column(column, justify="left" if column == "topology" else "right")
    for name, fig in figures.items():
        table.add_row(
            name,
            f"{fig['median_ms']:.1f}",
            f"{fig['p90_ms']:.1f}",
            f"{fig['max_ms']:.1f}",
            str(fig.get("median_ratio", "-")),
            str(fig.get("p90_ratio", "-")),
            str(fig["mean_revealed"]),
        )
    Console().print(table)
    if args.json is not None:
        report = {
            "version": __version__,
            "python": platform.python_version(),
            "machine": platform.machine(),
            "rows": ROWS,
            "cols": COLS,
            "mines": MINES,
            "openings": args.openings,
            "positions": args.positions,
            "seed": args.seed,
            "backend": Engine.create(args.backend).spec,
            "topologies": figures,
        }
        write_result(args.json, report, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
