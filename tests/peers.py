"""The peers the experiments' tests run, where this machine has them, or a skip saying what is missing."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest


def hill_source() -> str:
    """The copy of Hill's solver named by ``$HILL_SOURCE``, with a JDK to build it; else skip the test."""
    if shutil.which("javac") is None or shutil.which("java") is None:
        pytest.skip("no JDK here (javac and java are needed to build and run Hill's solver)")
    source = os.environ.get("HILL_SOURCE")
    if not source or not Path(source).exists():
        pytest.skip(
            "HILL_SOURCE does not name a copy of github.com/DavidNHill/Minesweeper "
            "(git clone --mirror https://github.com/DavidNHill/Minesweeper, then set HILL_SOURCE to it)"
        )
    return source
