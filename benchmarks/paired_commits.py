"""Play the same seeded games with one policy under an older commit and under this one, and pair the results.

Usage: python -m benchmarks paired-commits --old REV [--new REV] [--policy strong] [--level expert]
                                        [--first-click safe] [--games 20000] [--seed 2026]
                                        [--batch 500] [--dir DIR] [--json out.json]

Both commits are checked out in temporary git worktrees (as
``python -m benchmarks commits`` does: one interpreter and environment, each
side's ``src`` first on the path, its C extensions built in place, or copied
where their sources are the same), so editing this checkout during a long run
changes neither side.  Each side plays with its own ``python -m benchmarks campaign``
into its own resumable log under ``--dir``, one process at a time, batch by
batch in turns: at any moment both sides have played about as many of the
same games, and the paired difference is printed after every turn (wins of
each, games only one of them won, and the difference's 95% interval from
:func:`cnfsweep.experiments.campaign.paired_difference`).  Run the same
command again to resume.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cnfsweep.experiments.log import read_log

from benchmarks.harness.trees import benchmark_command, build_kernels
from benchmarks.harness.results import write_result
from benchmarks.harness.stats import paired_summary, paired_text

# The two sides paired, as the summary's keys name them: the older commit, and the newer.
SIDES = ("old", "new")

ROOT = Path(__file__).resolve().parent.parent


def revision(rev: str) -> str:
    """Return the short hash of a revision of this repository, or exit naming it."""
    out = subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"paired_commits: not a git revision here: {rev!r}")
    return out.stdout.strip()


def outcomes(log: Path) -> dict[int, bool]:
    """Return each logged game's outcome by its index (one arm per log)."""
    return {g.index: g.won for g in read_log(log)} if log.exists() else {}


def summary(old: dict[int, bool], new: dict[int, bool]) -> dict[str, Any]:
    """Pair the two sides on the games both played."""
    return paired_summary(old, new, SIDES)


def line(s: dict[str, Any]) -> str:
    """Say a summary in one line."""
    return (
        f"{s['games']} games: old won {s['wins_old']} ({s['win_rate_old']:.2%}), new {s['wins_new']} "
        f"({s['win_rate_new']:.2%}); {paired_text(s, SIDES)}"
    )


def play(tree: Path, log: Path, args: argparse.Namespace, games: int) -> None:
    """Play (or resume) the side checked out at ``tree`` up to ``games`` games, with its own campaign script."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    command = [
        sys.executable,
        *benchmark_command(tree, "campaign", "campaign.py"),
        "--levels",
        args.level,
        "--first-click",
        args.first_click,
        "--policy",
        args.policy,
        "--games",
        str(games),
        "--seed",
        str(args.seed),
        "--workers",
        "1",
        "--batch",
        str(args.batch),
        "--out",
        str(log),
        "--json",
    ]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(
            f"paired_commits: the campaign in {tree} exited {done.returncode}: {done.stderr.strip()[-800:]}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="the older commit (any git revision)")
    parser.add_argument("--new", default="HEAD", help="the newer commit (default HEAD)")
    parser.add_argument("--policy", default="strong", help="policy spec both sides play (default strong)")
    parser.add_argument("--level", default="expert", help="level name or ROWSxCOLS/MINES (default expert)")
    parser.add_argument("--first-click", default="safe", help="safe, opening or any (default safe)")
    parser.add_argument("--games", type=int, default=20_000, help="games per side (default 20000)")
    parser.add_argument("--seed", type=int, default=2026, help="run seed (default 2026)")
    parser.add_argument("--batch", type=int, default=500, help="games per side and turn (default 500)")
    parser.add_argument("--dir", type=Path, help="where the two logs go (default benchmarks/paired-OLD-NEW)")
    parser.add_argument("--json", type=Path, help="write the last summary here")
    args = parser.parse_args(argv)
    if args.games < 1 or args.batch < 1:
        parser.error("--games and --batch must be at least 1")
    old, new = revision(args.old), revision(args.new)
    folder = args.dir or ROOT / "benchmarks" / f"paired-{old}-{new}"
    folder.mkdir(parents=True, exist_ok=True)
    logs = {"old": folder / f"old-{old}.jsonl", "new": folder / f"new-{new}.jsonl"}
    with tempfile.TemporaryDirectory(prefix="cnfsweep-paired-") as tmp:
        trees = {side: Path(tmp) / side for side in logs}
        for side, rev in (("old", old), ("new", new)):
            subprocess.run(
                ["git", "worktree", "add", "--detach", str(trees[side]), rev], cwd=ROOT, check=True, capture_output=True
            )
            # The newer side may copy the older's kernels (built just now) where its sources are the same.
            build_kernels(trees[side], like=(ROOT, trees["old"]))
        try:
            target = 0
            while target < args.games:
                target = min(args.games, target + args.batch)
                for side in ("old", "new") if target // args.batch % 2 else ("new", "old"):
                    play(trees[side], logs[side], args, target)
                s = summary(outcomes(logs["old"]), outcomes(logs["new"]))
                print(line(s), flush=True)
                if args.json:
                    write_result(args.json, {"old": old, "new": new, "policy": args.policy, **s})
        finally:
            for tree in trees.values():
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
