"""Time the look-ahead's C kernel (cnfsweep.search._merge) against the Python code it follows, in one process.

Usage: python -m benchmarks merge-kernel [--games N] [--seed S] [--passes P]

First the model work alone: the strong player's splits in ``N`` seeded expert
games are recorded, then listed again (``split_models``) and their merged
parts weighed (``Part.table``, ``polynomial``, ``has_safe_box``) with the kernel
and in Python, pass by pass in turn; both must give the same answers.  Then
whole games: the same seeded games played with the kernel and with Python,
taking turns game by game and alternating who goes first, each with its own
engine; the moves of every game must be the same.  Prints processor time and
the ratios; on a shared machine only the ratios of one run mean anything.
"""

from __future__ import annotations

from collections.abc import Sequence

import argparse
import sys
import time
from typing import Any

import cnfsweep.search.merge as merge
import cnfsweep.search.splitting as splitting
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.play import LEVELS, Player, make_policy
from cnfsweep.search.parts import Part
from cnfsweep.search.splitting import split_python


def record_splits(games: int, seed: int) -> list[tuple[Any, ...]]:
    """Play seeded strong expert games and return the arguments of every split their look-ahead made."""
    found: list[tuple[Any, ...]] = []
    split = merge.split_models

    def spy(*args: Any) -> Any:
        found.append(args[:5])
        return split(*args)

    merge.split_models = spy  # type: ignore[assignment]  # the module's function spied on for this run
    try:
        player = Player(make_policy("strong"), Engine.for_games())
        for i in range(games):
            player.play(LEVELS["expert"], game_seed(seed, i))
    finally:
        merge.split_models = split
    return found


def time_work(splits: list[tuple[Any, ...]], passes: int, kernel: Any) -> dict[str, float]:
    """Return the processor seconds a pass of splitting and of weighing takes, with the kernel and in Python."""
    parts = [
        (boxes, tuple(models))
        for args in splits
        if (found := split_python(*args, merge.MODEL_LIMIT))  # type: ignore[call-arg]  # args: the five recorded
        for boxes, by_need in [found]
        for models in by_need.values()
    ]

    def weigh(boxes: Any, models: Any) -> tuple[Any, ...]:
        part = Part(boxes, (), weighed=models)
        return part.table, part.polynomial, part.has_safe_box

    answers = {}
    for on in (True, False):  # untimed: the answers, compared
        splitting.kernel = kernel if on else None
        answers[on] = ([merge.split_models(*args) for args in splits], [weigh(*part) for part in parts])
    if answers[True] != answers[False]:
        raise SystemExit("the kernel and Python disagree")
    del answers
    # Timed without keeping the answers: the collector would walk them all, on both sides alike.
    spent = dict.fromkeys(("split kernel", "split python", "weigh kernel", "weigh python"), 0.0)
    for _ in range(passes):
        for name, on in (("kernel", True), ("python", False)):
            splitting.kernel = kernel if on else None
            started = time.process_time()
            for args in splits:
                merge.split_models(*args)
            spent[f"split {name}"] += time.process_time() - started
            started = time.process_time()
            for part in parts:
                weigh(*part)
            spent[f"weigh {name}"] += time.process_time() - started
    splitting.kernel = kernel
    return {name: seconds / passes for name, seconds in spent.items()}


def time_games(games: int, seed: int, kernel: Any) -> dict[bool, float]:
    """Return the processor seconds a game takes with the kernel (True) and in Python (False)."""
    players = {on: Player(make_policy("strong"), Engine.for_games()) for on in (True, False)}
    spent = dict.fromkeys(players, 0.0)
    for on, player in players.items():  # untimed warm-up
        splitting.kernel = kernel if on else None
        player.play(LEVELS["expert"], game_seed(seed, -1))
    for i in range(games):
        moves = {}
        for on in (True, False) if i % 2 == 0 else (False, True):
            splitting.kernel = kernel if on else None
            started = time.process_time()
            moves[on] = players[on].play(LEVELS["expert"], game_seed(seed, i)).moves
            spent[on] += time.process_time() - started
        if moves[True] != moves[False]:
            raise SystemExit(f"game {i}: the kernel and Python played differently")
    splitting.kernel = kernel
    return {on: seconds / games for on, seconds in spent.items()}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seeded expert games to record splits from and to play")
    parser.add_argument("--seed", type=int, default=5, help="run seed of the games")
    parser.add_argument("--passes", type=int, default=3, help="timed passes over the recorded splits")
    args = parser.parse_args(argv)
    if args.games < 1 or args.passes < 1:
        parser.error("--games and --passes must be at least 1")
    kernel = splitting.kernel
    if kernel is None:
        sys.exit("no C kernel: the install built none here, or CNFSWEEP_PURE_PYTHON is set")
    splits = record_splits(args.games, args.seed)
    work = time_work(splits, args.passes, kernel)
    print(
        f"{len(splits)} splits from {args.games} expert games (seed {args.seed}), {args.passes} pass{'es' if args.passes != 1 else ''}:"
    )
    for name, seconds in work.items():
        print(f"  {name}: {seconds * 1000:.1f} ms a pass")
    for what in ("split", "weigh"):
        print(f"  {what}: kernel / python {work[f'{what} kernel'] / work[f'{what} python']:.3f}")
    games = time_games(args.games, args.seed, kernel)
    print(
        f"strong games: kernel {games[True] * 1000:.2f} ms, python {games[False] * 1000:.2f} ms a game "
        f"(processor time), kernel / python {games[True] / games[False]:.3f}; same moves in every game"
    )


if __name__ == "__main__":
    main()
