"""Running a benchmark as its users do: ``python -m benchmarks ARGS`` in a child process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from paths import ROOT


def benchmark(*args: str, cwd: Path = ROOT, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run ``python -m benchmarks ARGS`` from the repository's root."""
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", *args], cwd=cwd, capture_output=True, text=True, timeout=timeout
    )
