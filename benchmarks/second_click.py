"""Screen second clicks: after the first click shows a number, which guess wins most often?

Usage: python -m benchmarks second-click [--level expert] [--number 1] [--games N] [--seed S]
                                      [--policy SPEC] [--cell R,C ...] [--workers K] [--json]

The games of run --seed (the campaign's game seeds) whose first click shows
--number are played once per arm: first with the policy's own second click,
then with the second click forced to each --cell; after it the policy plays
on.  Every arm plays the same layouts, so each is compared with the policy's
own choice game by game.  This settles an opening book by play instead of by
the look-ahead's score: the position after the first click is the same in
every such game, so one second click serves them all.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, field
from typing import Any, ClassVar
from functools import partial

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from cnfsweep import analyze
from cnfsweep.engine.analysis import Analysis
from cnfsweep.play import Guess, Policy, play_game
from cnfsweep.core.board import Board, Cell
from cnfsweep.experiments.campaign import game_seed, paired_difference, wilson
from cnfsweep.engine import Engine
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.experiments.executors import Runner
from cnfsweep.play.game import LEVELS, FirstClick, Game, Level
from cnfsweep.play.registry import make_policy


@dataclass
class ForcedSecond(Policy):
    """Play ``cell`` as the first guess of the game, then leave every move to ``inner``."""

    inner: Policy
    cell: Cell
    name: ClassVar[str] = "forced second click"
    _used: bool = field(default=False, init=False)

    def start(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
        return self.inner.start(level, rule)

    def unavoidable(self, analysis: Analysis, engine: Engine) -> Guess | None:
        # Nothing is forced before the second click: only one cell is open.
        return self.inner.unavoidable(analysis, engine) if self._used else None

    def choose(self, analysis: Analysis, engine: Engine) -> Guess:
        if self._used:
            return self.inner.choose(analysis, engine)
        self._used = True
        return Guess(self.cell)


def first_number(level: Level, spec: str, seed: int) -> int:
    """Return the number the policy's first click shows in game ``seed``."""
    first = make_policy(spec).start(level, FirstClick.SAFE)
    game = Game.new(level, seed, first_click=FirstClick.SAFE)
    game.click(first)
    return game.number(first)


def play_arm(level: Level, spec: str, job: tuple[Cell | None, int]) -> bool:
    """Play game ``seed`` with the second click forced to ``cell`` (``None``: the policy's own); return the win."""
    cell, seed = job
    policy = make_policy(spec)
    if cell is not None:
        policy = ForcedSecond(policy, cell)
    return play_game(level, seed, policy=policy).won


def own_choice(level: Level, spec: str, number: int) -> Cell:
    """Return the policy's second click once its first click shows ``number``."""
    first = make_policy(spec).start(level, FirstClick.SAFE)
    rows = [["."] * level.cols for _ in range(level.rows)]
    rows[first.row][first.col] = str(number)
    analysis = analyze(Board.from_rows(["".join(r) for r in rows], total_mines=level.mines))
    return make_policy(spec).choose(analysis, Engine.create()).cell


def parse_cell(text: str, level: Level) -> Cell:
    try:
        row, col = (int(part) for part in text.split(","))
    except ValueError:
        raise CnfsweepError(f"--cell takes ROW,COL, not {text!r}") from None
    if not (0 <= row < level.rows and 0 <= col < level.cols):
        raise CnfsweepError(f"--cell {text} is off the {level.rows}x{level.cols} board")
    return Cell(row, col)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert", choices=list(LEVELS))
    parser.add_argument("--number", type=int, default=1, help="what the first click shows (default 1)")
    parser.add_argument("--games", type=int, default=2000, help="games per arm (default 2000)")
    parser.add_argument("--seed", type=int, default=2026, help="run seed (default 2026)")
    parser.add_argument("--policy", default="strong", help="policy spec (default strong)")
    parser.add_argument("--cell", action="append", default=[], help="a second click to try, ROW,COL; repeatable")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    console = Console(stderr=args.json)
    level = LEVELS[args.level]
    try:
        make_policy(args.policy)
        cells = [parse_cell(text, level) for text in args.cell]
    except CnfsweepError as error:
        console.print(f"error: {error}")
        return 2
    first = make_policy(args.policy).start(level, FirstClick.SAFE)
    around = len(level.topology.neighbours(first))
    if not 1 <= args.number <= around:
        # A 0 opens an area that differs from game to game: there is no single second position.
        console.print(f"error: --number must be 1 to {around}, the neighbours of the first click {tuple(first)}")
        return 2
    own = own_choice(level, args.policy, args.number)
    arms: list[Cell | None] = [None, *cells]
    wins: list[dict[int, bool]] = [{} for _ in arms]
    with Runner(workers=args.workers, chunk=16) as runner, Progress(console=console) as progress:
        task = progress.add_task(f"games showing {args.number}", total=args.games * len(arms))
        seeds: list[int] = []
        scanned = 0
        # A 3 or more after the first click is rare: scan in chunks until enough games show the number.
        while len(seeds) < args.games and scanned < 1000 * max(args.games, 1):
            chunk = [game_seed(args.seed, i) for i in range(scanned, scanned + 20 * args.games)]
            scanned += len(chunk)
            numbers = runner.map(partial(first_number, level, args.policy), chunk)
            seeds.extend(s for s, n in zip(chunk, numbers, strict=True) if n == args.number)
        seeds = seeds[: args.games]
        jobs = [(k, cell, seed) for k, cell in enumerate(arms) for seed in seeds]
        results = runner.map(partial(play_arm, level, args.policy), [(cell, seed) for _, cell, seed in jobs])
        for (k, _, seed), result in zip(jobs, results, strict=True):
            wins[k][seed] = result
            progress.advance(task)
    report: list[dict[str, Any]] = []
    for cell, won in zip(arms, wins, strict=True):
        n, w = len(won), sum(won.values())
        diff = paired_difference(wins[0], won)
        report.append(
            {
                "cell": list(cell if cell is not None else own),
                "own_choice": cell is None,
                "games": n,
                "wins": w,
                "win_rate": w / n if n else 0.0,
                "ci95": list(wilson(w, n)),
                "versus_own": {
                    "only_own": diff.only_a,
                    "only_this": diff.only_b,
                    "difference": diff.difference,
                    "ci95": list(diff.ci95),
                },
            }
        )
    if args.json:
        print(
            json.dumps(
                {
                    "level": args.level,
                    "number": args.number,
                    "seed": args.seed,
                    "policy": args.policy,
                    "games_scanned": scanned,
                    "seeds": seeds,
                    "arms": report,
                },
                indent=2,
            )
        )
        return 0
    table = Table(title=f"{args.level}: second click after the first click shows {args.number} ({args.policy})")
    for name in ("second click", "games", "wins", "rate", "95% interval", "vs own (95%)", "only own/this"):
        table.add_column(name, justify="right")
    for arm in report:
        vs = arm["versus_own"]
        label = f"{tuple(arm['cell'])}" + (" own" if arm["own_choice"] else "")
        lo, hi = arm["ci95"]
        table.add_row(
            label,
            str(arm["games"]),
            str(arm["wins"]),
            f"{100 * arm['win_rate']:.2f}%",
            f"{100 * lo:.2f}-{100 * hi:.2f}%",
            "-"
            if arm["own_choice"]
            else f"{100 * vs['difference']:+.2f} ({100 * vs['ci95'][0]:+.2f}..{100 * vs['ci95'][1]:+.2f})",
            "-" if arm["own_choice"] else f"{vs['only_own']} / {vs['only_this']}",
        )
    console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
