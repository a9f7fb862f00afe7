"""Run a resumable win-rate campaign and set it against the published records.

Usage: python -m benchmarks campaign [--levels beginner,intermediate,expert,ROWSxCOLS/MINES] [--first-click safe,opening]
                                  [--policy SPEC ...] [--games N] [--seed S] [--batch B] [--workers K]
                                  [--executor local|dask] [--scheduler ADDRESS] [--out FILE.jsonl]
                                  [--summary-only] [--json]

Every (level, first-click rule, policy) is an arm of --games games on the same
seeds, so several --policy options make an ablation. Each game is one JSON line
in --out, written batch by batch; run the same command again to resume. With
--summary-only nothing is played: the arms in --out are summarised, narrowed to
the levels, rules, policies, seed and number of games given.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
from rich.table import Column, Table

from cnfsweep.experiments.log import (
    Arm,
    ArmSummary,
    find_arms,
    make_arms,
    parse_levels,
    parse_rules,
    read_log,
    run_campaign,
    summarise_log,
)
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.experiments.executors import Executor, Runner

from benchmarks.harness.results import write_result

DEFAULTS: dict[str, Any] = {
    "levels": "beginner,intermediate,expert",
    "first_click": "safe",
    "policy": ["safest"],
    "games": 1000,
    "seed": 2026,
}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Read the command line; options left out stay None so --summary-only can tell."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--levels", help=f"comma list of levels or ROWSxCOLS/MINES boards (default {DEFAULTS['levels']})"
    )
    parser.add_argument("--first-click", help="comma list of rules: safe, opening, any (default safe)")
    parser.add_argument("--policy", action="append", help="policy spec; repeat for an ablation (default safest)")
    parser.add_argument("--games", type=int, help=f"games per arm (default {DEFAULTS['games']})")
    parser.add_argument("--seed", type=int, help=f"run seed shared by every arm (default {DEFAULTS['seed']})")
    parser.add_argument("--batch", type=int, default=200, help="games logged at once (default 200)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="local processes or Dask workers")
    parser.add_argument("--executor", choices=[e.value for e in Executor], default=Executor.LOCAL.value)
    parser.add_argument("--scheduler", help="running Dask scheduler, e.g. tcp://10.0.0.5:8786")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "campaign.jsonl")
    parser.add_argument("--summary-only", action="store_true", help="summarise --out without playing")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument(
        "--result", type=Path, help="also write the summary here as a result file (benchmarks/results/campaign.json)"
    )
    return parser.parse_args(argv)


def play(args: argparse.Namespace, console: Console) -> list[ArmSummary]:
    """Play what the log lacks and summarise the campaign."""
    arms = make_arms(
        parse_levels(args.levels or DEFAULTS["levels"]),
        parse_rules(args.first_click or DEFAULTS["first_click"]),
        args.policy or DEFAULTS["policy"],
        DEFAULTS["seed"] if args.seed is None else args.seed,
    )
    games = DEFAULTS["games"] if args.games is None else args.games
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=console,
    ) as progress:
        tasks: dict[Arm, TaskID] = {arm: progress.add_task(arm.label, total=games, rate="") for arm in arms}

        def on_progress(arm: Arm, played: int, wins: int) -> None:
            rate = f"win rate {wins / played:.1%}" if played else ""
            progress.update(tasks[arm], completed=played, rate=rate)

        with Runner(Executor(args.executor), args.workers, args.scheduler) as runner:
            logged = run_campaign(arms, games, args.out, runner, batch=args.batch, on_progress=on_progress)
    return summarise_log(logged, arms)


def summary_only(args: argparse.Namespace) -> list[ArmSummary]:
    """Summarise the logged arms the given options allow."""
    logged = read_log(args.out)
    arms = find_arms(
        logged,
        levels=parse_levels(args.levels) if args.levels else None,
        rules=parse_rules(args.first_click) if args.first_click else None,
        policies=args.policy,
        seed=args.seed,
    )
    return summarise_log(logged, arms, limit=args.games)


def show(console: Console, summaries: list[ArmSummary]) -> None:
    """Print one table per board, rule and seed, a row per policy, with the best published record."""
    groups: dict[tuple, list[ArmSummary]] = {}
    for s in summaries:
        groups.setdefault((s.arm.level, s.arm.first_click, s.arm.seed), []).append(s)
    for (level, rule, seed), rows in groups.items():
        record = rows[0].record
        caption = "no published record"
        if record:
            caption = f"record: {record.solver}, {record.games} games ({record.source}); above: 95% lower end beats it"
        numbers = ("games", "wins", "win rate", "95% interval", "ms mean/med", "record", "above")
        table = Table(
            Column("policy", min_width=8, overflow="fold"),
            *(Column(name, no_wrap=True) for name in numbers),
            box=box.SIMPLE_HEAD,
            pad_edge=False,
            collapse_padding=True,
            caption=caption,
            title=f"{level.name} {level.size_text}, first click {rule.value}, seed {seed}",
        )
        for s in rows:
            above = {None: "-", True: "[green]yes[/]", False: "no"}[s.beats_record]
            table.add_row(
                s.arm.policy,
                str(s.games),
                str(s.wins),
                f"{s.win_rate:.2%}",
                f"{s.ci95[0]:.2%}-{s.ci95[1]:.2%}",
                f"{s.mean_ms:.1f}/{s.median_ms:.1f}",
                f"{record.win_rate:.2f}%" if record else "-",
                above,
            )
        console.print(table)
        # Paired differences read better as sentences than as a squeezed column.
        for s in rows:
            d = s.versus_first
            if d is not None:
                console.print(
                    f"{escape(s.arm.policy)} vs {escape(rows[0].arm.policy)} on the same {d.games} games: "
                    f"{d.difference:+.2%} (95% {d.ci95[0]:+.2%} to {d.ci95[1]:+.2%}); "
                    f"only the first won {d.only_a}, only this one {d.only_b}"
                )


def main(argv: list[str] | None = None) -> int:
    """Run the campaign (or only summarise it) and print the summary; return the exit status."""
    args = parse_args(argv)
    out, err = Console(highlight=False), Console(stderr=True, highlight=False)
    try:
        summaries = summary_only(args) if args.summary_only else play(args, err if args.json else out)
    except CnfsweepError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", soft_wrap=True)
        return 2
    except KeyboardInterrupt:
        err.print(f"interrupted: every finished batch is in {args.out}; run the same command again to resume")
        return 130
    if args.result:
        write_result(args.result, {"log": args.out.name, "arms": [s.to_dict() for s in summaries]})
    if args.json:
        print(json.dumps([s.to_dict() for s in summaries]))
    elif not summaries:
        out.print(f"no games in {args.out} match")
    else:
        show(out, summaries)
    return 0


if __name__ == "__main__":
    sys.exit(main())
