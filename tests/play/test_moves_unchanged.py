"""The players make the moves they made before the player's speed-ups, on every topology.

The pinned commit's own code (``tests/reference_tree.py``) plays the same seeded
games in another interpreter; every move (cell, certainty, exact probability,
forced or not, the rule that chose it) and every result must be the same here,
with and without this checkout's C kernels.  The trace hashes pin a few square
games for good; this compares more games, on more topologies, with the code before.
"""

from __future__ import annotations


import pytest
from paths import ROOT
from reference_tree import reference_source, run_json

#: (policy, level, topology, seed, games)
GAMES = [
    ("safest", "expert", "square", 11, 30),
    ("strong", "expert", "square", 11, 12),
    ("safest", "intermediate", "torus", 3, 10),
    ("strong", "intermediate", "hex", 4, 6),
    ("safest", "beginner", "hex", 5, 10),
]

PLAY = """
import json, sys
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.play import Player, make_policy
from cnfsweep.play.game import Level
out = []
for policy, name, topology, seed, games in json.loads(sys.argv[1]):
    player = Player(make_policy(policy), Engine.for_games())
    level = Level.named(name).on(topology)
    for i in range(games):
        record = player.play(level, game_seed(seed, i))
        moves = [[list(m.cell), m.certain, str(m.p_mine), m.forced, None if m.rule is None else m.rule.value] for m in record.moves]
        out.append([record.won, record.analyses, moves])
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def before(tmp_path_factory: pytest.TempPathFactory) -> list[object]:
    """The games of :data:`GAMES` as the pinned commit plays them."""
    return run_json(reference_source(tmp_path_factory.mktemp("reference")), PLAY, GAMES)


@pytest.mark.parametrize("pure", [False, True], ids=["kernels", "pure-python"])
def test_every_move_is_the_move_played_before(before: list[object], pure: bool) -> None:
    now = run_json(ROOT / "src", PLAY, GAMES, pure=pure)
    assert len(now) == len(before) == sum(games for *_, games in GAMES)
    for k, (old, new) in enumerate(zip(before, now, strict=True)):
        assert new == old, f"game {k}"
