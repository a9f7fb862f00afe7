"""Compare policy variants with a baseline on the same seeded games, playing a variant only where it differs.

Usage: python -m benchmarks forked-paired --variant NAME=SPEC [--variant NAME=SPEC ...] [--base strong]
                                       [--level expert] [--first-click safe] [--games 2000]
                                       [--seed 2026] [--start 0] [--batch 50] --out log.jsonl
       python -m benchmarks forked-paired --summary --out log.jsonl[.gz]

The baseline plays each game once; each variant is asked the baseline's questions and, from the first
decision where it chooses another cell, plays its own game (:mod:`cnfsweep.experiments.forked`): the
per-game outcomes of separate full runs, at the price of the differing games only.  One JSON line per game
goes to ``--out``; run again with the same file to go on where it stopped.  After every batch, each
variant's paired difference (variant minus baseline, with its 95% interval from
:func:`cnfsweep.experiments.campaign.paired_difference`) is printed.

``--summary`` plays nothing: it reads the log (gzipped too, ``.jsonl.gz``) and prints each variant
against the baseline, then each variant against every other, on the games that asked both.  A run
stopped in the middle of a line (a killed process) leaves a partial last line: reading drops it, and
going on cuts it off before the game is played again.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cnfsweep.experiments.forked import iter_fork_games
from cnfsweep.play.game import FirstClick
from cnfsweep.experiments.log import parse_levels

from benchmarks.harness.stats import paired_summary, paired_text

# The two sides paired, as the summary's keys name them: the baseline policy, and the variant.
SIDES = ("base", "variant")


def read(log: Path) -> list[dict[str, Any]]:
    """Return the games a log holds (none if it does not exist), a partial last line left out."""
    if not log.exists():
        return []
    text = gzip.decompress(log.read_bytes()).decode() if log.suffix == ".gz" else log.read_text()
    lines = text.split("\n")
    # The text after the last newline is a line a stopped run did not finish (empty when it did).
    return [json.loads(line) for line in lines[:-1] if line.strip()]


def cut_partial_line(log: Path) -> None:
    """Drop what a stopped run wrote after the log's last newline, so that the next game starts a line."""
    if not log.exists():
        return
    data = log.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with log.open("r+b") as f:
            f.truncate(end)


def pair(games: list[dict[str, Any]], first: str, second: str) -> str:
    """Say in one line how variant ``second`` did against variant ``first`` on the games that asked both."""
    both = [g for g in games if first in g["variants"] and second in g["variants"]]
    a = {g["index"]: g["variants"][first]["won"] for g in both}
    b = {g["index"]: g["variants"][second]["won"] for g in both}
    s = paired_summary(a, b, (first, second))
    return (
        f"{second} against {first}: {s['games']} games; {first} won {s[f'wins_{first}']}, "
        f"{second} {s[f'wins_{second}']}; {paired_text(s, (first, second))}"
    )


def report(log: Path) -> int:
    """Print every variant of a log against the baseline, then against each other."""
    games = read(log)
    if not games:
        print(f"forked-paired: {log} holds no games", file=sys.stderr)
        return 1
    names = list(dict.fromkeys(n for g in games for n in g["variants"]))
    for name in names:
        print(line(summary(games, name)))
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            print(pair(games, first, second))
    return 0


def summary(games: list[dict[str, Any]], name: str) -> dict[str, Any]:
    """Pair one variant with the baseline over the logged games that asked it."""
    asked = [g for g in games if name in g["variants"]]
    base = {g["index"]: g["won"] for g in asked}
    var = {g["index"]: g["variants"][name]["won"] for g in asked}
    paired = paired_summary(base, var, SIDES)
    forked = sum(g["variants"][name]["fork"] is not None for g in asked)
    return {"variant": name, "games": paired["games"], "forked": forked, **paired}


def line(s: dict[str, Any]) -> str:
    """Say a summary in one line."""
    return (
        f"{s['variant']}: {s['games']} games, {s['forked']} forked; base won {s['wins_base']}, "
        f"variant {s['wins_variant']}; {paired_text(s, SIDES)}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", default=[], help="NAME=SPEC, a policy spec to compare")
    parser.add_argument("--base", default="strong", help="the baseline's policy spec (default strong)")
    parser.add_argument("--level", default="expert", help="level name or ROWSxCOLS/MINES (default expert)")
    parser.add_argument("--first-click", default="safe", choices=[r.value for r in FirstClick])
    parser.add_argument("--games", type=int, default=2000, help="games in all, counted from --start")
    parser.add_argument("--seed", type=int, default=2026, help="run seed (default 2026)")
    parser.add_argument("--start", type=int, default=0, help="index of the first game (default 0)")
    parser.add_argument("--batch", type=int, default=50, help="games between summaries (default 50)")
    parser.add_argument("--out", type=Path, required=True, help="JSON-lines log, resumed if it exists")
    parser.add_argument("--summary", action="store_true", help="play nothing: summarise the log (.gz too)")
    args = parser.parse_args(argv)
    if args.summary:
        return report(args.out)
    if not args.variant:
        parser.error("give at least one --variant NAME=SPEC (or --summary)")
    if args.out.suffix == ".gz":
        parser.error(f"--out {args.out} is gzipped: gunzip it to go on (--summary reads it as it is)")
    variants = {}
    for item in args.variant:
        name, eq, spec = item.partition("=")
        if not eq or not name or not spec:
            parser.error(f"--variant takes NAME=SPEC, not {item!r}")
        variants[name] = spec
    if args.games < 1 or args.batch < 1 or args.start < 0:
        parser.error("--games and --batch must be at least 1, --start at least 0")
    levels = parse_levels(args.level)
    if len(levels) != 1:
        parser.error(f"--level takes one level, not {args.level!r}")
    level = levels[0]
    rule = FirstClick(args.first_click)
    done = {g["index"] for g in read(args.out)}
    cut_partial_line(args.out)
    todo = [i for i in range(args.start, args.start + args.games) if i not in done]
    with args.out.open("a") as out:
        for k, g in enumerate(iter_fork_games(level, args.seed, todo, args.base, variants, rule), 1):
            doc = {
                "index": g.index,
                "seed": g.seed,
                "won": g.won,
                "decisions": g.decisions,
                "variants": {n: {"fork": v.fork, "won": v.won} for n, v in g.variants.items()},
            }
            out.write(json.dumps(doc) + "\n")
            out.flush()
            if k % args.batch == 0 or k == len(todo):
                games = read(args.out)
                for name in variants:
                    print(line(summary(games, name)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
