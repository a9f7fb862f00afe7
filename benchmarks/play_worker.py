"""The worker of ``python -m benchmarks play --tree``: one code tree playing seeded games on request.

Run as ``python -m benchmarks.play_worker`` from the repository's root with ``PYTHONPATH`` at a tree's
``src``, so it plays with that tree's cnfsweep. It imports nothing else of this package: the tree may be
a commit from before it.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from typing import Any


def worker() -> int:
    """Answer ``{"policy", "level", "rule", "run_seed", "game"}`` a line with ``{"ms", "cpu_ms", "won", "digest"}``.

    Each policy keeps its player (and its engine's cache) from game to game, as a campaign worker
    does; its first request plays an untimed warm-up game first. The digest is that of every
    click's cell, certainty, probability and rule, in order: two trees that play alike give the same.
    """
    from cnfsweep.core.seeds import game_seed
    from cnfsweep.engine import Engine
    from cnfsweep.experiments.log import parse_levels, parse_rules
    from cnfsweep.play import Player, make_policy

    players: dict[str, Any] = {}
    for line in sys.stdin:
        request = json.loads(line)
        (level,), (rule,) = parse_levels(request["level"]), parse_rules(request["rule"])
        player = players.get(request["policy"])
        if player is None:
            player = players[request["policy"]] = Player(make_policy(request["policy"]), Engine.for_games())
            player.play(level, game_seed(request["run_seed"], -1), rule)  # imports, tables, first cache entries
        seed = game_seed(request["run_seed"], request["game"])
        started, cpu_started = time.perf_counter(), time.process_time()
        record = player.play(level, seed, rule)
        ms, cpu_ms = (time.perf_counter() - started) * 1000, (time.process_time() - cpu_started) * 1000
        moves = repr([(tuple(m.cell), m.certain, m.p_mine, m.rule and m.rule.value) for m in record.moves])
        digest = hashlib.sha256(moves.encode()).hexdigest()[:16]
        print(json.dumps({"ms": ms, "cpu_ms": cpu_ms, "won": bool(record.won), "digest": digest}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(worker())
