"""Time `analyze` on the bundled example boards with every backend.

Usage: python -m benchmarks examples [--repeat N]

Prints the median milliseconds per analysis and the ratio to the fastest
backend on each board, all measured in this one run.
"""

from __future__ import annotations

from collections.abc import Sequence

import argparse
import statistics
import time
from dataclasses import replace
from pathlib import Path

from rich.console import Console
from rich.table import Table

from cnfsweep import Board, analyze
from cnfsweep.core.errors import ComponentTooLarge

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BOARDS = {"expert_midgame.txt": None, "mrgriscom.txt": 10, "labelled.txt": None}
BACKENDS = ["pysat", "pysat:cadical195", "pysat:glucose4:totalizer", "pysat:minicard", "cpsat", "brute"]


def median_ms(board: Board, backend: str, total: int | None, repeat: int) -> float | None:
    times = []
    for _ in range(repeat):
        # Time cold analyses: analyze() builds a fresh engine, and a fresh copy of the board keeps
        # none of the cell lists a Board works out once, so nothing is reused from the previous repeat.
        fresh = replace(board)
        start = time.perf_counter()
        try:
            analyze(fresh, backend=backend, total_mines=total)
        except ComponentTooLarge:
            return None
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    boards = {name: Board.from_file(EXAMPLES / name) for name in BOARDS}
    results = {
        (name, b): median_ms(board, b, BOARDS[name], args.repeat) for name, board in boards.items() for b in BACKENDS
    }
    table = Table("backend", *boards, title="median ms per analysis (ratio to the fastest on that board)")
    for b in BACKENDS:
        cells = []
        for name in boards:
            v = results[name, b]
            best = min(x for (n, _), x in results.items() if n == name and x is not None)
            cells.append("too large" if v is None else f"{v:.1f} ({v / best:.1f}x)")
        table.add_row(b, *cells)
    Console().print(table)


if __name__ == "__main__":
    main()
