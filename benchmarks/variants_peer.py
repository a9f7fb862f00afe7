"""Time ``solve`` on the fan generator's own variant puzzles, and check each has its one answer.

Usage: python -m benchmarks variants-peer DIR [DIR ...]

Each DIR holds a ``demo.txt`` the fan generator (``minesweepervariants``, a GPL
peer run separately under Python 3.12) wrote, for example::

    python -m minesweepervariants -s 8 -t 16 -c 1Q V -S 1 -I --output-path DIR --log-path DIR

Its last puzzle is read as printed (the ``[1Q][V]8x8`` title line as the
rules), with its total, and analysed three times; the median time, the layouts
found and whether the one layout is the peer's answer are printed, then the
median over all puzzles.  Exits 1 when a puzzle does not have exactly the
peer's answer.
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from pathlib import Path

from cnfsweep.core.board import Cell
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.solve import analyze_variant


def read(demo: Path) -> tuple[str, set[Cell]]:
    """The puzzle as variant board text, and its answer's mines."""
    block = demo.read_text(encoding="utf-8").split("=" * 20)[-1]
    lines = block.splitlines()
    head = next(i for i, line in enumerate(lines) if re.fullmatch(r"(\[[^\]]+\])+\d+x\d+", line.strip()))
    mines = re.search(r"(\d+)/\d+", next(line for line in lines if "/" in line and ":" in line))
    grids: list[list[list[str]]] = [[]]
    board = "1"
    for line in lines[head + 1 :]:
        if "\t" not in line and line.strip() and not grids[-1]:
            # A board's name above it: 2E prints "1" above the puzzle and "2E" above its code's own board.
            board = line.strip()
            continue
        if board != "1":
            continue
        if line.strip():
            # Cells are tab-separated; one cell may hold two numbers (a 2X clue prints as ``1 2``).
            grids[-1].append([cell.strip() for cell in line.split("\t") if cell.strip()])
        elif grids[-1]:
            grids.append([])
        if len(grids) == 3:
            break
    text = f"{lines[head].strip()}\nmines: {mines.group(1) if mines else ''}\n"
    text += "\n".join("\t".join(row) for row in grids[0]) + "\n"
    truth = {Cell(r, c) for r, row in enumerate(grids[1]) for c, v in enumerate(row) if v == "雷"}
    return text, truth


def main(argv: list[str] | None = None) -> int:
    dirs = sys.argv[1:] if argv is None else argv
    times, wrong = [], 0
    for name in dirs:
        demo = Path(name) / "demo.txt"
        if not demo.exists():
            continue
        text, truth = read(demo)
        board = parse_variant(text, str(demo))
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            analysis = analyze_variant(board)
            runs.append(time.perf_counter() - start)
        ok = analysis.layouts == 1 and set(analysis.mines) == truth
        wrong += not ok
        times.append(statistics.median(runs))
        print(
            f"{name}: {' '.join(board.rules.codes)} {board.rows}x{board.cols}/{board.total}: "
            f"{statistics.median(runs) * 1000:.1f} ms, layouts {analysis.layouts}, "
            f"{'the peer answer' if ok else 'NOT the peer answer'}"
        )
    if times:
        print(f"{len(times)} puzzles, median solve {statistics.median(times) * 1000:.1f} ms")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
