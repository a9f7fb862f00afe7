"""Time the profile count of variant boards past the enumeration's limit (issue 39).

Usage: python -m benchmarks profile-count [--smoke] [--json out.json]

Each board is written as text (an empty board of a size under some rules, or
clues read off a seeded random layout that keeps the rules) and counted by
``count_profile`` directly, so the figure is the count alone, without the
enumeration that ``solve`` tries first.  A board past the count's bound of
states on one cut says so.  ``--smoke``: three small boards.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

BOARDS: tuple[tuple[str, int, int, int | None, int], ...] = (
    # rules, rows, cols, total (None: any), clues (from a seeded layout; 0: an empty board)
    ("1B", 8, 8, None, 0),
    ("1B", 10, 10, None, 0),
    ("1B", 10, 10, 50, 0),
    ("1B V", 8, 8, None, 2),
    ("1B V", 8, 8, None, 4),
    ("1B V", 10, 10, None, 3),
    ("1Q", 12, 12, None, 0),
    ("1Q", 12, 12, 40, 0),
    ("1Q", 16, 16, None, 0),
    ("1D", 8, 8, None, 0),
    ("1D", 10, 10, 20, 0),
    ("1E", 10, 10, None, 6),
)
SMOKE = (("1B", 6, 6, None, 0), ("1Q", 6, 6, 12, 0), ("1E", 5, 5, None, 3))


def _board_text(rules: str, rows: int, cols: int, total: int | None, clues: int, seed: int) -> str:
    """A board's text: empty, or ``clues`` counting clues of a seeded layout (1B: balanced; 1E: sight)."""
    from cnfsweep.core.board import Cell
    from cnfsweep.variants.board import parse_variant

    grid = [["."] * cols for _ in range(rows)]
    if clues:
        rng = random.Random(seed)
        if "1B" in rules:  # a balanced layout: a shifted diagonal band, rows and columns shuffled
            pr, pc = rng.sample(range(rows), rows), rng.sample(range(cols), cols)
            mines = {(r, c) for r in range(rows) for c in range(cols) if (pr[r] + pc[c]) % cols < cols // 2}
        else:
            mines = {(r, c) for r in range(rows) for c in range(cols) if rng.random() < 0.25}
        probe = parse_variant(f"rules: {rules}\n" + "\n".join(" ".join("." * cols) for _ in range(rows)) + "\n")
        clue_rule = probe.rules.clue
        safe = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in mines]
        shown = rng.sample(safe, clues)
        weight = probe.rules.weight(probe.grid)
        for r, c in shown:
            value = clue_rule.reads(probe.grid, Cell(r, c), {Cell(*m) for m in mines}, weight)  # type: ignore[attr-defined]
            grid[r][c] = str(value)
    head = f"rules: {rules}\n" + (f"mines: {total}\n" if total is not None else "")
    return head + "\n".join(" ".join(row) for row in grid) + "\n"


def main(argv: list[str] | None = None) -> int:
    from cnfsweep.variants.board import parse_variant
    from cnfsweep.variants.profile import ProfileTooLarge, count_profile
    from cnfsweep.variants.solve import statements

    parser = argparse.ArgumentParser(prog="python -m benchmarks profile-count", description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="three small boards")
    parser.add_argument("--json", type=Path, help="write the rows here")
    args = parser.parse_args(argv)
    rows_out = []
    for seed, (rules, rows, cols, total, clues) in enumerate(SMOKE if args.smoke else BOARDS):
        board = parse_variant(_board_text(rules, rows, cols, total, clues, seed))
        start = time.perf_counter()
        try:
            layouts, _ = count_profile(board, statements(board))
            answer = str(layouts)
        except ProfileTooLarge as exc:
            answer = f"not counted: {exc}"
        seconds = time.perf_counter() - start
        size = f"{rows}x{cols}" + (f"/{total}" if total is not None else "")
        row = {"rules": rules, "size": size, "clues": clues, "layouts": answer, "seconds": round(seconds, 3)}
        rows_out.append(row)
        print(f"{rules:6} {size:9} {clues:2} clues  {seconds:7.2f} s  {answer}")
    if args.json is not None:
        args.json.write_text(json.dumps(rows_out, indent=1) + "\n")
    return 0
