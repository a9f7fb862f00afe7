"""Measure how well --time-limit is honoured, and check against solve, on large random boards.

Usage: python scripts/bench_limits.py [--quick] [--limits 5,1] [--cap SECONDS] [--json out.json]

Boards come from the benchmark's generator (``bench_corpora.LargeSpec``: a
random layout, first click in the middle, then zero regions opened at
random), written to a temporary file.  Every run is a fresh process, as on
the command line, so nothing is cached between runs.

- Overshoot: ``cnfsweep solve --arithmetic exact --time-limit T`` on each
  board.  ``answer`` is when the command printed its answer, ``exit`` when it
  ended (both from its start, so they include starting Python and parsing,
  which the limit does not cover); ``call`` is the time ``analyze`` itself
  took in a process of its own, the figure the limit promises (at most a
  little over ``T``).
- check vs solve: ``cnfsweep check`` and ``cnfsweep solve`` (default
  arithmetic) without a limit, their times to exit and the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_corpora import LargeSpec

BOARDS = {
    "500x500/40000, 250 regions": LargeSpec(500, 500, 40_000, 250),
    "500x500/40000, 4000 regions": LargeSpec(500, 500, 40_000, 4000),
    "1000x1000/160000, 1000 regions": LargeSpec(1000, 1000, 160_000, 1000),
    "1000x1000/160000, 16000 regions": LargeSpec(1000, 1000, 160_000, 16_000),
}
QUICK = list(BOARDS)[:2]


def run_cli(args: list[str], cap: float) -> dict[str, Any]:
    """Run ``cnfsweep ARGS``: seconds until it prints its answer and until it exits, and the answer."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "cnfsweep", *args], stdout=subprocess.PIPE)
    assert proc.stdout is not None
    capped = {"answer_s": None, "exit_s": None, "exit_code": None, "status": f"over the {cap:.0f} s cap"}
    if not select.select([proc.stdout], [], [], cap)[0]:
        proc.kill()
        proc.communicate()
        return capped
    first = os.read(proc.stdout.fileno(), 1)  # unbuffered: communicate() reads the rest from the descriptor
    answer = time.perf_counter() - start
    try:
        rest, _ = proc.communicate(timeout=max(cap - answer, 1.0))
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return capped
    end = time.perf_counter() - start
    doc = json.loads(first + rest) if (first + rest).strip() else {}
    status = doc.get("status") or ("consistent" if doc.get("consistent") else "inconsistent")
    return {"answer_s": round(answer, 2), "exit_s": round(end, 2), "exit_code": proc.returncode, "status": status}


def call_time(path: Path, limit: float, cap: float) -> dict[str, Any]:
    """Time ``analyze(..., arithmetic="exact", time_limit=limit)`` alone, in a fresh process."""
    inner = (
        "import json, sys, time\n"
        "from cnfsweep import Board, TimeLimitExceeded, analyze\n"
        f"board = Board.from_file({str(path)!r})\n"
        "start = time.perf_counter()\n"
        "try:\n"
        f"    analyze(board, arithmetic='exact', time_limit={limit})\n"
        "    status = 'solved'\n"
        "except TimeLimitExceeded:\n"
        "    status = 'unknown'\n"
        "print(json.dumps({'call_s': time.perf_counter() - start, 'status': status}))\n"
    )
    try:
        out = subprocess.run([sys.executable, "-c", inner], capture_output=True, text=True, timeout=cap, check=True)
    except subprocess.TimeoutExpired:
        return {"call_s": None, "status": f"over the {cap:.0f} s cap"}
    doc = json.loads(out.stdout)
    return {"call_s": round(doc["call_s"], 2), "over_s": round(doc["call_s"] - limit, 2), "status": doc["status"]}


def measure(name: str, spec: LargeSpec, limits: list[float], cap: float, folder: Path) -> dict[str, Any]:
    path = folder / f"{spec.rows}x{spec.cols}-{spec.regions}.txt"
    path.write_text(spec.board().to_text())
    row: dict[str, Any] = {"board": name, "overshoot": {}, "check_vs_solve": {}}
    for limit in limits:
        args = ["solve", str(path), "--arithmetic", "exact", "--time-limit", str(limit), "--json"]
        row["overshoot"][str(limit)] = {**run_cli(args, cap), **call_time(path, limit, cap)}
        print(f"{name}: --time-limit {limit}: {row['overshoot'][str(limit)]}", flush=True)
    solve = run_cli(["solve", str(path), "--json"], cap)
    check = run_cli(["check", str(path), "--json"], cap)
    ratio = None if not (solve["exit_s"] and check["exit_s"]) else round(check["exit_s"] / solve["exit_s"], 2)
    row["check_vs_solve"] = {"solve": solve, "check": check, "check_over_solve": ratio}
    print(f"{name}: solve {solve['exit_s']} s, check {check['exit_s']} s ({check['status']}), ratio {ratio}",
          flush=True)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the two 500x500 boards only")
    parser.add_argument("--limits", default="5,1", help="comma-separated --time-limit values (seconds)")
    parser.add_argument("--cap", type=float, default=300.0, help="seconds before a run is stopped")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args(argv)
    limits = [float(x) for x in args.limits.split(",") if x]
    names = QUICK if args.quick else list(BOARDS)
    with tempfile.TemporaryDirectory() as tmp:
        rows = [measure(name, BOARDS[name], limits, args.cap, Path(tmp)) for name in names]
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
