"""Compare solver backends and the DP counter on the same positions, and check they agree.

Usage: python examples/compare_backends.py [--positions N] [--repeat R]

Analyses the bundled example boards and N seeded mid-game expert positions
(the boards on which the safest autoplayer had to guess) with CP-SAT,
several python-sat solvers and the dynamic-programming counter, prints the
median milliseconds per analysis in a table, and checks that every engine
gives the same exact probabilities, safe cells and mines: it prints
"all agree", or the first disagreement (and exits 1).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from cnfsweep import Board, analyze
from cnfsweep.engine.analysis import Analysis
from cnfsweep.engine import Engine
from cnfsweep.play import Guess, Policy, SafestPolicy, play_game
from cnfsweep.experiments.campaign import game_seed
from cnfsweep.play.game import LEVELS, FirstClick

HERE = Path(__file__).resolve().parent
TOTALS = {"mrgriscom.txt": 10}  # the minesweepr README board states its total in prose only

# Label -> analyze() keywords.  Each engine runs the whole analysis: entailment and counting.
ENGINES = {
    "cpsat": {"backend": "cpsat"},
    "gluecard4 (default)": {"backend": "pysat"},
    "cadical195": {"backend": "pysat:cadical195"},
    "glucose4": {"backend": "pysat:glucose4"},
    "minicard": {"backend": "pysat:minicard"},
    "DP counter": {"backend": "pysat", "counting": "dp"},
}


class GuessRecorder(Policy):
    """The safest policy, keeping the first board it had to guess on."""

    name = "guess-recorder"

    def __init__(self) -> None:
        self.inner = SafestPolicy()
        self.boards: list[Board] = []

    def start(self, level, rule=FirstClick.SAFE):  # type: ignore[no-untyped-def]
        return self.inner.start(level, rule)

    def choose(self, analysis: Analysis, engine: Engine) -> Guess:
        self.boards.append(analysis.board)
        return self.inner.choose(analysis, engine)


def midgame_positions(count: int, seed: int = 7) -> list[tuple[str, Board]]:
    """Play seeded expert games and keep the first position of each where a guess was needed."""
    out, i = [], 0
    while len(out) < count:
        recorder = GuessRecorder()
        play_game(LEVELS["expert"], game_seed(seed, i), policy=recorder)
        if recorder.boards:
            out.append((f"expert game {i}", recorder.boards[0]))
        i += 1
    return out


def summary(a: Analysis) -> tuple[object, ...]:
    """What must be identical across engines: verdict, exact probabilities, safe and mine sets."""
    return a.consistent, dict(a.frontier_exact), a.off_frontier_exact, a.safe, a.mines


def first_difference(a: tuple[object, ...], b: tuple[object, ...]) -> str:
    names = ("consistent", "frontier probabilities", "off-frontier probability", "safe cells", "mines")
    for name, x, y in zip(names, a, b):
        if x != y:
            if isinstance(x, dict) and isinstance(y, dict):
                cell = next(c for c in sorted(set(x) | set(y)) if x.get(c) != y.get(c))
                return f"cell {tuple(cell)}: {x.get(cell)} vs {y.get(cell)}"
            return f"{name}: {x} vs {y}"
    return "no difference"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="seeded mid-game expert positions")
    parser.add_argument("--repeat", type=int, default=3, help="runs per board and engine (median kept)")
    args = parser.parse_args()
    console = Console(width=None if sys.stdout.isatty() else 140)

    boards = [(p.name, Board.from_file(p, total_mines=TOTALS.get(p.name)))
              for p in sorted(HERE.glob("*.txt")) + sorted(HERE.glob("*.jsm"))]
    with console.status("playing seeded expert games for mid-game positions"):
        boards += midgame_positions(args.positions)
    for kw in ENGINES.values():  # load each solver once before timing
        analyze(Board.from_rows(["1.", ".."]), **kw)

    ms: dict[str, dict[str, float]] = {}
    disagreement = None
    for name, board in boards:
        answers = {}
        ms[name] = {}
        for label, kw in ENGINES.items():
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                result = analyze(board, **kw)
                times.append((time.perf_counter() - start) * 1000)
            ms[name][label] = statistics.median(times)
            answers[label] = summary(result)
        ref_label, ref = next(iter(answers.items()))
        for label, answer in answers.items():
            if disagreement is None and answer != ref:
                disagreement = f"{name}: {ref_label} and {label} differ at {first_difference(ref, answer)}"

    table = Table("position", *ENGINES, title="median ms per analysis (fastest in bold)")
    examples = [n for n, _ in boards if not n.startswith("expert game")]
    games = [n for n, _ in boards if n.startswith("expert game")]
    rows = [(n, ms[n]) for n in examples]
    if games:
        rows.append((f"{len(games)} mid-game expert positions: median",
                     {e: statistics.median(ms[n][e] for n in games) for e in ENGINES}))
        rows.append((f"{len(games)} mid-game expert positions: max",
                     {e: max(ms[n][e] for n in games) for e in ENGINES}))
    for name, row in rows:
        best = min(row.values())
        table.add_row(name, *(f"[bold]{v:.2f}[/bold]" if v == best else f"{v:.2f}" for v in row.values()))
    console.print(table)
    if disagreement:
        console.print(f"[red]disagreement[/red]: {disagreement}")
        return 1
    console.print(f"all agree: {len(ENGINES)} engines, {len(boards)} positions, identical exact "
                  "probabilities, safe cells and mines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
