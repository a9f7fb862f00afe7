"""Time the endgame search's C kernel against its Python fallback, in one process.

Usage: python -m benchmarks endgame-kernel [--games N] [--seed S] [--repeats R]

The ``strong`` policy plays the same seeded expert games (30x16/99, safe first
click) twice, once with the kernel and once with the Python search forced,
taking turns game by game and alternating which goes first; each keeps its own
engine, as a campaign worker does. Both must make the same moves. Prints the
processor milliseconds a game of each. Then every endgame search those games
asked for is run again, all of them with the kernel and all in Python, ``R``
times in turn; prints the best total of each and checks the answers agree.
Only ratios from one run mean anything on a shared machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.experiments.log import parse_levels, parse_rules
from cnfsweep.play import Player, make_policy, strong
from cnfsweep.search import endgame_tree
from cnfsweep.search.endgame import best_move

MODES = ("kernel", "python")


def play(games: int, seed: int) -> tuple[dict[str, float], list[tuple[Any, ...]]]:
    """Play the games both ways; return CPU ms a game per mode and the endgame calls made."""
    (level,), (rule,) = parse_levels("expert"), parse_rules("safe")
    players = {mode: Player(make_policy("strong"), Engine.for_games()) for mode in MODES}
    compiled = endgame_tree.kernel
    calls: list[tuple[Any, ...]] = []
    recording = False

    def recorder(board: Any, total: Any = None, **kwargs: Any) -> Any:
        if recording:
            calls.append((board, total, kwargs))
        return best_move(board, total, **kwargs)

    strong.best_move = recorder  # type: ignore[assignment]
    cpu = dict.fromkeys(MODES, 0.0)
    try:
        for mode, player in players.items():  # untimed warm-up
            endgame_tree.kernel = compiled if mode == "kernel" else None
            player.play(level, game_seed(seed, -1), rule)
        for i in range(games):
            records = {}
            for mode in MODES if i % 2 == 0 else MODES[::-1]:
                endgame_tree.kernel = compiled if mode == "kernel" else None
                recording = mode == "kernel"
                started = time.process_time()
                records[mode] = players[mode].play(level, game_seed(seed, i), rule)
                cpu[mode] += time.process_time() - started
            if records["kernel"].trace() != records["python"].trace():
                raise SystemExit(f"game {i}: the kernel and the Python search played differently")
    finally:
        endgame_tree.kernel = compiled
        strong.best_move = best_move
    return {mode: 1000 * cpu[mode] / games for mode in MODES}, calls


def replay(calls: list[tuple[Any, ...]], repeats: int) -> dict[str, float]:
    """Run every call with each search in turn; return the best CPU seconds of each."""
    best = dict.fromkeys(MODES, float("inf"))
    answers: dict[str, list[Any]] = {}
    for _ in range(repeats):
        for mode in MODES:
            started = time.process_time()
            answers[mode] = [best_move(b, t, compiled=mode == "kernel", **kw) for b, t, kw in calls]
            best[mode] = min(best[mode], time.process_time() - started)
        if answers["kernel"] != answers["python"]:
            raise SystemExit("the kernel and the Python search answered differently")
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    if endgame_tree.kernel is None:
        print("the C kernel is not built: nothing to compare", file=sys.stderr)
        return 1
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    per_game, calls = play(args.games, args.seed)
    k, p = per_game["kernel"], per_game["python"]
    print(
        f"strong, {args.games} expert games (seed {args.seed}), CPU ms a game: "
        f"kernel {k:.1f}, python {p:.1f}, kernel/python {k / p:.3f}"
    )
    if not calls:
        print("no endgame search in these games")
        return 0
    times = replay(calls, args.repeats)
    k, p = times["kernel"], times["python"]
    nodes = sum(r.nodes for r in (best_move(b, t, **kw) for b, t, kw in calls) if r)
    print(
        f"best_move on the {len(calls)} endgame calls ({nodes} states expanded), best of {args.repeats}, "
        f"CPU s: kernel {k:.3f}, python {p:.3f}, python/kernel {p / k:.1f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
