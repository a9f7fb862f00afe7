"""Result files: a benchmark's report as JSON, with what it takes to read the figures honestly.

Every file holds the report's own keys and ``run``: the command line, the commit (and whether the
work tree had changes other than result files), the machine's load average before writing, the date (UTC), Python, the
machine and cnfsweep's version. ``python -m benchmarks report`` reads the checked-in ones under
``benchmarks/results/`` into the documentation.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
"""The repository."""
RESULTS = ROOT / "benchmarks" / "results"
"""The checked-in result files the documentation's figures come from."""
RECORDED = ("recorded", "commands", "date", "commit")
"""What a result recorded after its run says of that run in its ``meta`` (see :func:`read_result`)."""


def _git(*args: str) -> str | None:
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def command(argv: Sequence[str] | None = None) -> list[str]:
    """Return the command line that ran: ``python -m benchmarks ARGV``, or this process's own when called otherwise.

    Examples
    --------
    >>> command(["play", "--games", "3"])
    ['python', '-m', 'benchmarks', 'play', '--games', '3']
    """
    if argv is not None:
        return ["python", "-m", "benchmarks", *argv]
    launched = Path(sys.argv[0])
    if launched.name == "__main__.py" and launched.parent.name == "benchmarks":
        return ["python", "-m", "benchmarks", *sys.argv[1:]]
    # Called from Python (a test, another program): say so rather than name a command that did not run.
    return ["python", *sys.argv]


def run_info(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Return the ``run`` record: command line, commit, load, date, Python, machine, cnfsweep's version.

    Parameters
    ----------
    argv
        The benchmark's arguments; ``sys.argv`` when ``None``.
    """
    from cnfsweep import __version__

    # Result files are outputs, not code: writing one (or having just rewritten one) leaves the run clean.
    status = _git("status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)benchmarks/results")
    return {
        "command": command(argv),
        "commit": _git("rev-parse", "HEAD"),
        "dirty": bool(status) if status is not None else None,
        "load": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        "cpus": os.cpu_count(),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cnfsweep": __version__,
    }


def with_run(report: dict[str, Any], argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Return ``report`` with its ``run`` record (a report's own ``run`` key is not overwritten)."""
    return {**report, "run": report.get("run") or run_info(argv)}


def write_result(path: Path | str, report: dict[str, Any], argv: Sequence[str] | None = None, indent: int = 1) -> None:
    """Write ``report`` with its ``run`` record to ``path`` as JSON (one trailing newline).

    Parameters
    ----------
    path
        The file to write; its folder must exist.
    report
        The benchmark's figures, JSON-serialisable.
    argv
        The benchmark's arguments, for the command line recorded (``sys.argv`` when ``None``).
    indent
        JSON indentation.
    """
    Path(path).write_text(json.dumps(with_run(report, argv), indent=indent) + "\n", encoding="utf-8")


def meta(started: float, **settings: Any) -> dict[str, Any]:
    """What a benchmark's report says of its own run beside its figures.

    The version, Python, the cores and the load average, then ``settings`` (its seed, sizes ...),
    then the seconds since ``started`` (a ``time.perf_counter()`` value).
    """
    from cnfsweep.core.version import __version__

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    return {
        "cnfsweep": __version__,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_1min": load,
        **settings,
        "seconds": round(time.perf_counter() - started, 1),
    }


def verdict(met: bool) -> str:
    """Say how a run did against a target: ``met``, or ``MISSED`` in capitals, to stand out in a long print.

    Examples
    --------
    >>> verdict(True), verdict(False)
    ('met', 'MISSED')
    """
    return "met" if met else "MISSED"


def close_run(report: dict[str, Any], json_path: Path | str | None, say: Callable[[str], object] = print) -> None:
    """End a run whose report has :func:`meta`: say its load average and time, and write it where ``--json`` asked."""
    say(f"load average {report['meta']['load_1min']}; {report['meta']['seconds']} s in all")
    if json_path:
        write_result(json_path, report)


def read_result(path: Path | str) -> dict[str, Any]:
    """Read a result file: written by `write_result`, or recorded after a run too long to redo.

    A recorded file has no ``run`` but a ``meta`` that says how its figures were recorded (``recorded``)
    and the run's ``commands``, ``date`` and ``commit``, as the run's own files and notes give them.
    """
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a benchmark result file (no 'run' record)")
    if "run" not in data:
        meta = data.get("meta")
        if not isinstance(meta, dict) or "recorded" not in meta:
            raise ValueError(f"{path}: not a benchmark result file (no 'run' record)")
        missing = [key for key in RECORDED if key not in meta]
        if missing:
            raise ValueError(f"{path}: a recorded result without its {', '.join(missing)} in 'meta'")
    return data
