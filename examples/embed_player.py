"""Play one game through the Python API, as a program embedding cnfsweep would.

Run: python examples/embed_player.py [SEED]

The loop is written out here instead of calling cnfsweep.play.play_game,
to show the pieces a bot uses: a Game, its Board snapshots, an Engine that
analyses them, and a policy for the guesses.
"""

from __future__ import annotations

import sys

from cnfsweep.engine import Engine
from cnfsweep.play import SafestPolicy
from cnfsweep.play.game import LEVELS, Game, GameState


def main(seed: int) -> None:
    level = LEVELS["intermediate"]
    game = Game.new(level, seed)
    policy = SafestPolicy()
    engine = Engine.create()  # its cache: components untouched by a click are not solved again
    game.click(policy.start(level))
    guesses = 0
    while game.state is GameState.PLAYING:
        analysis = engine.analyze(game.board())
        for mine in analysis.mines:
            game.flag(mine)
        if analysis.safe:
            for cell in analysis.safe:
                if game.state is GameState.PLAYING:
                    game.click(cell)
            continue
        cell = policy.choose(analysis, engine).cell
        guesses += 1
        print(f"guess {guesses}: row {cell.row}, col {cell.col}, mine probability {analysis.exact(cell)}")
        game.click(cell)
    print("\n".join(game.board().grid))
    print(f"{game.state.value} after {guesses} guesses ({engine.cache.hits} components reused, {engine.cache.misses} solved)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
