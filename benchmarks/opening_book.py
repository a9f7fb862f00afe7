"""Work out the opening book: after the first click in the corner shows 1, 2 or 3, the cell of best look-ahead value.

Usage: python -m benchmarks opening-book [--levels beginner,intermediate,expert] [--moves 2]
                                      [--out src/cnfsweep/play/opening_book.json]

For each level and each number the corner can show but 0 (a 0 floods), every covered cell of the
position is valued by ``strong``'s look-ahead over ``--moves`` moves
(:meth:`~cnfsweep.play.strong.StrongPolicy.move_value`: the chance of surviving the click and the
guesses after it, each chosen the way ``strong`` chooses it), and the best is the book's cell;
where ``strong``'s own choice is as good, it is kept.  The values are exact: no game is sampled.
The file it writes is the book ``strong:opening_book=on`` plays (:mod:`cnfsweep.play.book`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from cnfsweep.engine import Engine
from cnfsweep.experiments.log import parse_levels
from cnfsweep.play.book import BOOK_FILE, BookEntry, after_start
from cnfsweep.play.game import FirstClick, Level
from cnfsweep.play.level import format_size
from cnfsweep.play.strong import StrongPolicy
from cnfsweep.search.whatif import Snapshot

SHIPPED = Path(__file__).resolve().parent.parent / "src" / "cnfsweep" / "play" / BOOK_FILE


def book_entry(level: Level, number: int, moves: int, engine: Engine) -> BookEntry | None:
    """Return the book's line for ``level`` when the corner shows ``number`` (``None`` if it cannot)."""
    policy = StrongPolicy()
    start = policy.start(level, FirstClick.SAFE)
    board = after_start(level.rows, level.cols, level.mines, start, number)
    analysis = engine.analyze(board)
    if not analysis.solutions:
        return None
    own = policy.choose(analysis, engine).cell
    snap = Snapshot.of_analysis(analysis, engine)
    try:
        values = {c: policy.move_value(snap, c, moves) for c in board.covered}
    finally:
        snap.forget()
    best = max(values.values())
    # strong's own cell where it is as good; else the first best cell row-major.
    cell = own if values[own] == best else min(c for c, v in values.items() if v == best)
    return BookEntry(
        format_size(level.rows, level.cols, level.mines),
        start,
        number,
        cell,
        float(best),
        own,
        float(values[own]),
        moves,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="beginner,intermediate,expert", help="level names or ROWSxCOLS/MINES")
    parser.add_argument("--moves", type=int, default=2, help="moves the look-ahead values (1 to 4, default 2)")
    parser.add_argument("--out", type=Path, default=SHIPPED, help="the book's file (default: the shipped one)")
    args = parser.parse_args(argv)
    if not 1 <= args.moves <= 4:
        parser.error(f"--moves takes 1 to 4, not {args.moves}")
    engine = Engine.for_games()
    entries = []
    for level in parse_levels(args.levels):
        start = StrongPolicy().start(level, FirstClick.SAFE)
        around = len(after_start(level.rows, level.cols, level.mines, start, 1).neighbours(start))
        for number in range(1, around + 1):
            entry = book_entry(level, number, args.moves, engine)
            if entry is None:
                continue
            entries.append(entry)
            print(
                f"{entry.size} {tuple(entry.start)} shows {number}: book {tuple(entry.cell)} {entry.value:.4f}, "
                f"strong {tuple(entry.strong_cell)} {entry.strong_value:.4f}",
                flush=True,
            )
    # One entry a line: the file reads as a table and its diffs name the lines that changed.
    lines = ",\n".join("  " + json.dumps(e.to_json()) for e in entries)
    args.out.write_text(f'{{"made_by": "python -m benchmarks opening-book", "entries": [\n{lines}\n]}}\n')
    return 0


if __name__ == "__main__":
    sys.exit(main())
