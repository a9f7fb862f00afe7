"""The package as it was at a pinned commit, run beside this checkout: what a speed-up must not change.

``reference_source`` extracts ``src/`` of :data:`PINNED` from the repository's
history (``git archive``, no worktree to clean up) and :func:`run_json` runs
code there in a fresh interpreter, its C kernels unbuilt (its pure Python
answers what its kernels would).  Where the history is not at hand (an sdist, a
shallow clone), the tests that need it are skipped, saying why.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT

PINNED = "4bda18e"
"""The commit before issue 36's generation and play speed-ups (the no-guess check and the player by cell index)."""


def reference_source(into: Path) -> Path:
    """Extract the pinned commit's ``src`` into ``into`` and return it; skip the test where git cannot."""
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", PINNED, "src"],
            capture_output=True,
            check=True,
            timeout=120,
        ).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"the pinned commit {PINNED} is not in this checkout's history ({exc.__class__.__name__})")
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        # The repository's own archive; the "data" filter where this Python has extraction filters (3.10.12+).
        if hasattr(tarfile, "data_filter"):
            tar.extractall(into, filter="data")
        else:  # pragma: no cover - older Pythons
            tar.extractall(into)
    return into / "src"


def run_json(source: Path, code: str, argument: object, *, pure: bool = False) -> Any:
    """Run ``code`` with ``source`` first on the path; return the JSON it prints.

    ``code`` reads ``argument`` as JSON from ``sys.argv[1]``. ``source`` is the pinned package's
    ``src`` (from :func:`reference_source`) or this checkout's; ``pure`` runs the package's Python
    code in place of its C kernels.
    """
    env = {**os.environ, "PYTHONPATH": str(source)}
    env.pop("CNFSWEEP_PURE_PYTHON", None)
    if pure:
        env["CNFSWEEP_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(argument)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)
