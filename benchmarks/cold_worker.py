"""The worker of ``python -m benchmarks cold``: one code tree answering boards on standard input.

Run as ``python -m benchmarks.cold_worker`` from the repository's root with ``PYTHONPATH`` at a tree's
``src``, so it analyses with that tree's cnfsweep. It imports nothing else of this package: the tree
may be a commit from before it.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from typing import Any


def _answer(board: Any, engine: Any) -> dict[str, Any]:
    """Analyse ``board`` with ``engine`` (a fresh one when ``None``, inside the timing)."""
    from cnfsweep.engine import Engine

    start = time.perf_counter()
    if engine is None:
        engine = Engine.create()
    analysis = engine.analyze(board)
    ms = (time.perf_counter() - start) * 1000
    probs = [
        [analysis.probability((r, c)) if ch == "." else None for c, ch in enumerate(row)]
        for r, row in enumerate(board.grid)
    ]
    exact = repr(
        (
            analysis.consistent,
            sorted(analysis.frontier_exact.items()),
            analysis.off_frontier_exact,
            analysis.safe,
            analysis.mines,
            analysis.best_guess,
            analysis.solutions,
        )
    )
    return {"ms": ms, "probs": probs, "digest": hashlib.sha256(exact.encode()).hexdigest()[:16]}


def worker() -> int:
    """Answer JSON requests on stdin, one a line: ``{"rows", "mines", "warm"}``; ``{"reset": true}`` starts a game."""
    sys.set_int_max_str_digits(0)
    from cnfsweep import Board
    from cnfsweep.engine import Engine

    warm = Engine.for_games()
    _answer(Board.from_rows(["1.", ".."], total_mines=1), None)  # imports and start-up, untimed
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("reset"):
            warm = Engine.for_games()
            print(json.dumps({}), flush=True)
            continue
        board = Board.from_rows(request["rows"], total_mines=request["mines"])
        print(json.dumps(_answer(board, warm if request["warm"] else None)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(worker())
