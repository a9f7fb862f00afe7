"""Running a command whose reader has already gone, as ``command | head`` leaves it."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

from paths import ROOT


def into_closed_reader(argv: Sequence[str], cwd: Path = ROOT, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` with its standard output a pipe whose reading end is closed before it starts.

    Its first write to standard output meets the closed pipe, whatever the size of its output (a real
    ``| head`` leaves the pipe open until it has read enough, so it only shows past the pipe's buffer).
    Standard error is captured.
    """
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return subprocess.run(list(argv), stdout=writer, stderr=subprocess.PIPE, text=True, cwd=cwd, timeout=timeout)
    finally:
        os.close(writer)
