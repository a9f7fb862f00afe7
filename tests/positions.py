"""Positions from real play, for tests that check the engine on what a player meets."""

from __future__ import annotations

import random

from cnfsweep.core.board import Board, Cell
from cnfsweep.engine import Analysis
from cnfsweep.experiments.campaign import game_seed
from cnfsweep.play import GameRecord, Level, play_game
from cnfsweep.play.boards import boards_after_clicks
from cnfsweep.search.whatif import Snapshot

SMALL = Level(5, 5, 5, "small")
"""A crowded small board: its positions are within brute force's reach."""


def guess_points(level: Level, seed: int, games: int) -> list[Analysis]:
    """Collect the analyses a player made where it had to guess."""
    seen: list[Analysis] = []

    def watch(_game: object, analysis: Analysis) -> None:
        if analysis.consistent and not analysis.safe and analysis.solutions:
            seen.append(analysis)

    for i in range(games):
        play_game(level, game_seed(seed, i), watch=watch)
    return seen


def boards_before_moves(record: GameRecord) -> list[Board]:
    """Replay a trace and return the board the player saw before each move."""
    trace = record.trace()
    after = boards_after_clicks(trace["rows"], trace["cols"], trace["mines"], [m["cell"] for m in trace["moves"]])
    return [b.with_total(len(trace["mines"])) for b in after[:-1]]


def covered(snap: Snapshot) -> list[Cell]:
    """Every cell of the snapshot a reveal may ask about: frontier, off the frontier, certainly safe."""
    return sorted({*snap.box_of, *snap.off, *snap.known_safe})


def deeper(snap: Snapshot, rng: random.Random, count: int) -> list[Snapshot]:
    """A few positions one reveal further on: their parts are merged from models, not solved by the engine."""
    out = []
    for cell in rng.sample(covered(snap), min(count, len(covered(snap)))):
        out.extend(snap.outcomes(cell).values())
    return out
