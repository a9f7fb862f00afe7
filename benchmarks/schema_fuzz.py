"""Fuzz a live ``cnfsweep serve`` against its own ``/openapi.json`` with schemathesis, at length.

Usage: python -m benchmarks schema-fuzz [--max-examples 1000] [--workers 2] [--seed S] [--max-time SECONDS]
                                     [--time-limit 2] [--max-cells 250000] [--url URL] [--json out.json]

Starts ``cnfsweep serve`` (worker processes) on a free port of 127.0.0.1, or
uses ``--url``, and runs ``st run`` over every operation with every default
check and phase (examples, coverage, fuzzing, stateful), ``--max-examples``
cases per operation in fuzzing, with ``--workers`` concurrent clients. What the
API promises beyond its schema (a schema-valid board can still be unreadable)
is in ``schemathesis.toml``, which ``tests/web/test_schema.py`` reads too: that
test is the short run, this the long one. The server's ``--time-limit`` and
``--max-cells`` bound how long one generated request may take. Prints the
number of cases and each failure; exits 1 if any case failed or errored.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from benchmarks.harness import server as load
from benchmarks.harness.results import write_result

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "schemathesis.toml"


@contextlib.contextmanager
def server(args: argparse.Namespace) -> Iterator[str]:
    """Yield the URL to fuzz: ``--url``, or a ``cnfsweep serve`` started for the run."""
    if args.url:
        yield args.url.rstrip("/")
        return
    options = ["--time-limit", str(args.time_limit), "--max-cells", str(args.max_cells)]
    with load.live_server(options) as url:
        yield url


def fuzz(url: str, args: argparse.Namespace, report: Path) -> int:
    """Run ``st run`` on ``url``; its own progress goes to the terminal, its verdict to ``report``."""
    command = [
        sys.executable,
        "-m",
        "schemathesis.cli",
        "--config-file",
        str(CONFIG),
        "run",
        f"{url}/openapi.json",
        "--max-examples",
        str(args.max_examples),
        "--workers",
        str(args.workers),
        "--report",
        "json",
        "--report-json-path",
        str(report),
        "--no-color",
    ]
    if args.seed is not None:
        command += ["--seed", str(args.seed)]
    if args.max_time is not None:
        command += ["--max-time", str(args.max_time)]
    return subprocess.run(command, cwd=ROOT, check=False).returncode


def summary(verdict: dict[str, Any], seconds: float, args: argparse.Namespace) -> list[str]:
    """Say in a few lines what the run tried and what it found."""
    cases = verdict["test_cases"]
    lines = [
        f"{cases['generated']:,} cases over {verdict['operations']['tested']} operations in {seconds:.0f} s "
        f"(--max-examples {args.max_examples}, --workers {args.workers}, seed {verdict['seed']})",
        f"{cases['with_failures']} cases failed ({cases['unique_failures']} distinct failures), {cases['errored']} errored",
    ]
    lines.extend(
        f"  {failure['code']} {failure['title']} x{failure['count']}: {', '.join(failure['operations'])}"
        for failure in verdict["failures"]
    )
    lines.extend(f"  error: {error['title']} x{error['count']}" for error in verdict["errors"])
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-examples", type=int, default=1000, help="fuzzed cases per operation")
    parser.add_argument("--workers", type=int, default=2, help="concurrent clients")
    parser.add_argument("--seed", type=int, default=None, help="schemathesis's seed, to repeat a run")
    parser.add_argument("--max-time", type=int, default=None, help="stop after this many seconds")
    parser.add_argument("--time-limit", type=float, default=2.0, help="the server's --time-limit")
    parser.add_argument("--max-cells", type=int, default=250_000, help="the server's --max-cells")
    parser.add_argument("--url", help="fuzz this server (http://127.0.0.1:PORT) instead of starting one")
    parser.add_argument("--json", type=Path, help="also write schemathesis's JSON verdict here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, server(args) as url:
        report = Path(tmp) / "report.json"
        started = time.perf_counter()
        code = fuzz(url, args, report)
        seconds = time.perf_counter() - started
        if not report.exists():
            print(f"schemathesis stopped (exit {code}) without a verdict", file=sys.stderr)
            return 1
        verdict = json.loads(report.read_text())
        if args.json:
            write_result(args.json, verdict)
    print("\n".join(summary(verdict, seconds, args)))
    cases = verdict["test_cases"]
    return 1 if code != 0 or cases["with_failures"] or cases["errored"] or verdict["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
