"""Measure win rates and time per game of a policy on the standard levels.

Usage: python -m benchmarks winrates [--games N] [--workers K] [--policy NAME]
                                  [--first-click RULE] [--levels beginner,intermediate,expert]
                                  [--out results.jsonl]

Each level is played with the same run seed and a table beside the published
records is printed; with --out, one JSON line per level is also appended to
that file (nothing is written otherwise).
"""

from __future__ import annotations

from collections.abc import Sequence

import argparse
import json
import time

from rich.console import Console
from rich.progress import Progress, TaskID

from cnfsweep.experiments.campaign import PlayConfig, play_many, summarise
from cnfsweep.present.text import play_view
from cnfsweep.play.game import LEVELS, FirstClick


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--policy", default="safest")
    parser.add_argument("--backend", default=None)
    parser.add_argument("--first-click", default="safe", choices=[r.value for r in FirstClick])
    parser.add_argument("--levels", default="beginner,intermediate,expert")
    parser.add_argument("--out", default=None, help="append one JSON line per level to this file")
    args = parser.parse_args(argv)
    console = Console()
    for name in args.levels.split(","):
        config = PlayConfig(LEVELS[name], FirstClick(args.first_click), args.policy, args.backend)
        start = time.perf_counter()
        with Progress(console=console) as progress:
            task = progress.add_task(name, total=args.games)

            def advance(_: object, task: TaskID = task) -> None:
                progress.advance(task)

            records = play_many(
                config,
                args.games,
                args.seed,
                workers=args.workers,
                on_record=advance,
            )
        stats = summarise(records)
        console.print(play_view(config, stats))
        line = {
            "level": name,
            "first_click": args.first_click,
            "policy": args.policy,
            "seed": args.seed,
            "workers": args.workers,
            "wall_seconds": time.perf_counter() - start,
            **stats.to_dict(),
        }
        if args.out is not None:
            with open(args.out, "a") as out:
                out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
