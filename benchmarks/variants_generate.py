"""Time ``cnfsweep generate --rules`` against the fan generator (``minesweepervariants``), taking turns.

Usage: python -m benchmarks variants-generate [--size 8x8/16] [--rules "1Q V" ...] [--seeds N]
       [--peer PYTHON] [--peer-limit SECONDS] [--no-peer] [--grade] [--json [PATH]]

For each rule set and seed, one puzzle from each side, ours first, each a
separate process timed from start to exit (both pay their start-up), the same
size, rules and total.  The peer (GPL, run apart under Python 3.12, never
imported) is stopped after ``--peer-limit`` seconds; a stopped run counts at
the limit, so its median and p90 are lower bounds.  Prints each run, then the
median and p90 of each side and the ratio of the medians.  Ours runs without
counting deduction rounds unless ``--grade`` (the peer counts none either).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.harness.results import write_result

# The second game's clue rules stand alone: the peer takes one clue rule, and with none of its mine rules
# it writes their 8x8/16 puzzles in seconds.
RULE_SETS = ("1Q V", "1C V", "1O V", "1T 1X", "1H 1E", "1S V", "1D V", "1A 1K", "2I", "2L", "2A")


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def timed(cmd: list[str], limit: float, cwd: str | None = None) -> tuple[float, bool]:
    """Seconds the command ran, and whether it finished with status 0 within ``limit``."""
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, capture_output=True, timeout=limit, cwd=cwd)
    except subprocess.TimeoutExpired:
        return limit, False
    return time.perf_counter() - start, done.returncode == 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks variants-generate")
    parser.add_argument("--size", default="8x8/16")
    parser.add_argument("--rules", nargs="+", default=list(RULE_SETS))
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--peer", default=os.environ.get("CNFSWEEP_PEER_PYTHON", "/tmp/mv312/bin/python"))
    parser.add_argument("--peer-limit", type=float, default=120.0)
    parser.add_argument("--our-limit", type=float, default=120.0)
    parser.add_argument("--no-peer", action="store_true")
    parser.add_argument("--grade", action="store_true")
    parser.add_argument(
        "--json", nargs="?", const="-", help="the figures as JSON: to standard output, or to PATH as a result file"
    )
    args = parser.parse_args(argv)
    rows_cols, total = args.size.split("/")
    side = rows_cols.split("x")[0]
    peer = not args.no_peer and Path(args.peer).exists()
    runs = []
    for spec in args.rules:
        for seed in range(1, args.seeds + 1):
            ours = [sys.executable, "-m", "cnfsweep", "generate", "--rules", spec, "--size", args.size]
            ours += ["--seed", str(seed), "--time-limit", str(args.our_limit)] + ([] if args.grade else ["--no-grade"])
            t_ours, ok_ours = timed(ours, args.our_limit + 10)
            row = {"rules": spec, "seed": seed, "ours": t_ours, "ours_ok": ok_ours, "peer": None, "peer_ok": None}
            if peer:
                with tempfile.TemporaryDirectory() as tmp:
                    cmd = [args.peer, "-m", "minesweepervariants", "--lang", "en", "-s", side, "-t", total]
                    cmd += ["-c", *spec.split(), "-S", str(seed), "-I", "--output-path", tmp, "--log-path", tmp]
                    row["peer"], row["peer_ok"] = timed(cmd, args.peer_limit, cwd=tmp)
            runs.append(row)
            if args.json != "-":
                peer_text = (
                    "" if row["peer"] is None else f", peer {row['peer']:.2f} s{'' if row['peer_ok'] else ' (stopped)'}"
                )
                print(f"{spec} seed {seed}: ours {t_ours:.2f} s{'' if ok_ours else ' (FAILED)'}{peer_text}", flush=True)
    ours_t = [r["ours"] for r in runs]
    peer_t = [r["peer"] for r in runs if r["peer"] is not None]
    summary = {
        "size": args.size,
        "runs": runs,
        "ours_median": statistics.median(ours_t),
        "ours_p90": p90(ours_t),
        "peer_median": statistics.median(peer_t) if peer_t else None,
        "peer_p90": p90(peer_t) if peer_t else None,
    }
    summary["speedup_median"] = summary["peer_median"] / summary["ours_median"] if peer_t else None
    if args.json == "-":
        print(json.dumps(summary))
    else:
        if args.json:
            write_result(args.json, summary, None if argv is None else ["variants-generate", *argv])
        print(
            f"ours: median {summary['ours_median']:.2f} s, p90 {summary['ours_p90']:.2f} s over {len(ours_t)} puzzles"
        )
        if peer_t:
            print(
                f"peer: median {summary['peer_median']:.2f} s, p90 {summary['peer_p90']:.2f} s "
                f"({sum(not r['peer_ok'] for r in runs)} stopped at {args.peer_limit:.0f} s); "
                f"median ratio {summary['speedup_median']:.1f}x"
            )
    return 0 if all(r["ours_ok"] for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
