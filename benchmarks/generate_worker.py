"""The worker of ``python -m benchmarks generate --tree``: one code tree making no-guess boards on request.

Run as ``python -m benchmarks.generate_worker`` from the repository's root with ``PYTHONPATH`` at a
tree's ``src``, so it generates with that tree's cnfsweep. It imports nothing else of this package: the
tree may be a commit from before it.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from typing import Any


def _board(request: dict[str, Any], engine: Any) -> dict[str, Any]:
    """Make one board of ``request`` (``rows``, ``cols``, ``mines``, ``start``, ``seed``, ``limit``), timed."""
    from cnfsweep.core.errors import TimeLimitExceeded
    from cnfsweep.generation import generate
    from cnfsweep.play.level import Level

    level = Level(request["rows"], request["cols"], request["mines"])
    start = time.perf_counter()
    try:
        made = generate(
            level, start=tuple(request["start"]), seed=request["seed"], time_limit=request["limit"], engine=engine
        )
    except TimeLimitExceeded:
        return {"ms": (time.perf_counter() - start) * 1000, "found": False, "digest": None}
    ms = (time.perf_counter() - start) * 1000
    mines = sorted((c.row, c.col) for c in made.mine_cells)
    return {"ms": ms, "found": True, "digest": hashlib.sha256(repr(mines).encode()).hexdigest()[:16]}


def worker() -> int:
    """Answer JSON requests on stdin, one a line, with ``{"ms", "found", "digest"}``; one engine throughout."""
    from cnfsweep.engine import Engine

    engine = Engine.for_games()
    # Imports and start-up, untimed.
    _board({"rows": 9, "cols": 9, "mines": 10, "start": [4, 4], "seed": 0, "limit": 60.0}, engine)
    for line in sys.stdin:
        print(json.dumps(_board(json.loads(line), engine)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(worker())
