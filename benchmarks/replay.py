"""Time the replay review: the bundled expert replays, and a synthesised 60x36 replay of 540 mines.

Usage: python -m benchmarks replay [--runs 3] [--big-seed 1] [--keep FOLDER] [--json out.json]

- ``expert``: ``cnfsweep.review(path)`` on each expert replay in ``tests/data/replays``
  (Arbiter, Minesweeper Clone, Viennasweeper), reading the file in ms-toollib's child
  process included, each run with a fresh engine; target 1 s each.
- ``big``: a 60x36 game of 540 mines played by a careful, lucky player (:func:`synthesise`):
  from an opening it clicks every cell it can prove safe, one click each, with no flags
  (as people who play "no flags" do), and when nothing is certain it guesses a cell of
  least mine probability that is in fact safe (or the safest safe cell).  The game is
  written as a Metasweeper ``.evf`` by ms-toollib's own game (``BaseVideo``, fed the
  mouse events), read back through the ``evf`` reader and reviewed; target 10 s.

Runs alternate between the cases, and the table gives each one's median wall time, this
process's CPU time (the child that reads the file not included) and the wall time's ratio to
the target, so that figures from one run on a loaded machine can be compared.
"""

from __future__ import annotations

from collections.abc import Sequence

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from cnfsweep.core.board import Cell
from cnfsweep.core.topology import Square
from cnfsweep.engine import Engine
from cnfsweep.formats.game_records import Click, ClickKind, RecordedGame
from cnfsweep.play import Table
from cnfsweep.replay import review
from benchmarks.harness.results import write_result

ROOT = Path(__file__).resolve().parent.parent
EXPERTS = ["arbiter_expert_49.25.avf", "clone_expert_38.82.mvf", "viennasweeper_expert_98.763.rmv"]
TARGETS = {"expert": 1.0, "big": 10.0}


def synthesise(rows: int, cols: int, mines: int, seed: int) -> RecordedGame:
    """Play a won game as a careful and lucky player would (see the module's docstring)."""
    rng = random.Random(seed)
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    layout = set(rng.sample(cells, mines))
    table = Table.on_layout(rows, cols, layout)
    engine = Engine.for_games()
    view = table.game.view

    def covered(cell: Cell) -> bool:
        return view[cell.row * cols + cell.col] == ord(".")

    def zero(cell: Cell) -> bool:
        return cell not in layout and not any(n in layout for n in table.game.level.topology.neighbours(cell))

    first = rng.choice([c for c in cells if zero(c)])
    clicks = [Click(first, 0.0, ClickKind.OPEN)]
    table.click(first)
    todo: list[Cell] = []
    while table.playing:
        safe, _ = table.settled()
        todo.extend(safe)
        todo = [c for c in todo if covered(c)]
        if not todo:
            analysis = engine.analyze_position(table.position())
            todo = [c for c in analysis.safe if covered(c)]
            if not todo:
                lucky = sorted((analysis.exact(c), c) for c in table.board().covered if c not in layout)
                todo = [lucky[0][1]]
        cell = todo.pop(0)
        table.click(cell)
        clicks.append(Click(cell, float(len(clicks)), ClickKind.OPEN))
    assert table.won
    return RecordedGame(
        Square(rows, cols), tuple(sorted(layout)), tuple(clicks), won=True, reader="synthetic", rule="opening"
    )


def save_evf(game: RecordedGame, folder: Path) -> Path:
    """Write ``game`` as an .evf through ms-toollib's own game, fed one left press and release per click."""
    import ms_toollib

    mined = set(game.mines)
    board = [
        [
            -1 if Cell(r, c) in mined else sum(Cell(r + i, c + j) in mined for i in (-1, 0, 1) for j in (-1, 0, 1))
            for c in range(game.cols)
        ]
        for r in range(game.rows)
    ]
    video = ms_toollib.BaseVideo(board, 16)
    for click in game.clicks:
        at = (click.cell.row * 16 + 8, click.cell.col * 16 + 8)
        video.step("lc", at)
        video.step("lr", at)
    video.generate_evf_v4_raw_data()
    stem = folder / f"synthetic_{game.cols}x{game.rows}_{len(game.mines)}"
    stem.with_suffix(".evf").unlink(missing_ok=True)  # ms-toollib would write "(2)" beside it
    # ms-toollib's stub says None; the call returns the path it wrote (with ".evf").
    path = Path(video.save_to_evf_file(str(stem)))  # type: ignore[func-returns-value,arg-type]
    for _ in range(200):  # ms-toollib writes the file from a thread of its own
        if path.exists() and path.stat().st_size:
            break
        time.sleep(0.05)
    time.sleep(0.2)
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--big-seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="Folder to write the synthesised .evf to (kept).")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--no-big", action="store_true", help="only the bundled replays, not the synthesised one")
    args = parser.parse_args(argv)
    cases = {name: ROOT / "tests" / "data" / "replays" / name for name in EXPERTS}
    if not args.no_big:
        folder = args.keep or Path(tempfile.mkdtemp(prefix="bench-replay-"))
        folder.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        game = synthesise(36, 60, 540, args.big_seed)
        big = save_evf(game, folder)
        made = time.perf_counter() - started
        print(f"synthesised {big.name}: {len(game.clicks)} clicks in {made:.1f} s", file=sys.stderr)
        cases[big.name] = big
    times: dict[str, list[float]] = {name: [] for name in cases}
    cpu: dict[str, list[float]] = {name: [] for name in cases}
    clicks: dict[str, int] = {}
    for _ in range(args.runs):
        for name, path in cases.items():  # alternating, so that load on the machine falls on every case alike
            start, used = time.perf_counter(), time.process_time()
            done = review(path)
            times[name].append(time.perf_counter() - start)
            cpu[name].append(time.process_time() - used)  # this process only: not the child that reads the file
            clicks[name] = len(done.clicks)
    rows = []
    print(f"{'replay':40} {'clicks':>6} {'median s':>9} {'cpu s':>6} {'target s':>9} {'ratio':>6}")
    for name, seconds in times.items():
        target = TARGETS["expert" if name in EXPERTS else "big"]
        median = statistics.median(seconds)
        used = statistics.median(cpu[name])
        rows.append(
            {
                "replay": name,
                "clicks": clicks[name],
                "seconds": seconds,
                "median": median,
                "cpu": cpu[name],
                "target": target,
            }
        )
        print(f"{name:40} {clicks[name]:6d} {median:9.3f} {used:6.2f} {target:9.1f} {median / target:6.2f}")
    if args.json:
        write_result(args.json, {"rows": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
