"""The HTTP API's schema stays byte for byte what an earlier tree of the code serves, when one is given.

Moving routes between modules (or upgrading FastAPI) must not change ``/openapi.json``: not a path, not
its order, not an operation id.  Set ``CNFSWEEP_BASE_SRC`` to the ``src`` folder of the tree to compare
with (for example a checkout of main); each tree's schema is read in a child process of its own, so
the two packages never meet in one interpreter.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from paths import ROOT

SERVED = (
    "import sys\n"
    "from fastapi.testclient import TestClient\n"
    "from cnfsweep.web.app import create_app\n"
    "sys.stdout.buffer.write(TestClient(create_app()).get('/openapi.json').content)\n"
)


def served_schema(src: Path) -> bytes:
    """Return the bytes ``GET /openapi.json`` answers with the package found in ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run([sys.executable, "-c", SERVED], env=env, capture_output=True, check=True).stdout


@pytest.mark.skipif("CNFSWEEP_BASE_SRC" not in os.environ, reason="set CNFSWEEP_BASE_SRC to an earlier tree's src")
def test_the_schema_is_byte_identical_to_the_base_trees() -> None:
    base = served_schema(Path(os.environ["CNFSWEEP_BASE_SRC"]))
    assert base.startswith(b'{"openapi"')
    assert served_schema(ROOT / "src") == base
