"""Seeded no-guess generation gives the boards it gave before the generator's speed-ups.

The pinned commit's own code (``tests/reference_tree.py``) generates the same
seeded boards in another interpreter; every board, and the attempts it took,
must be the same here, with and without this checkout's C kernels.  The class
is every topology (square, torus, hex, a graph), expert density and denser.
"""

from __future__ import annotations


import pytest
from paths import ROOT
from reference_tree import reference_source, run_json

#: (level, mines, topology, seed, boards): a graph is written as ``graph`` (a fixed ring with chords).
REQUESTS = [
    ("expert", 99, "square", 2027, 12),
    ("expert", 140, "square", 5, 4),
    ("expert", 99, "torus", 3, 4),
    ("expert", 99, "hex", 4, 4),
    ("intermediate", 40, "square", 6, 8),
    ("graph", 9, "graph", 7, 6),
]

GENERATE = """
import json, sys
from cnfsweep.core.graph import Graph
from cnfsweep.generation import generate_boards
from cnfsweep.play.game import Level
out = []
for name, mines, topology, seed, count in json.loads(sys.argv[1]):
    if topology == "graph":
        names = [f"n{i}" for i in range(40)]
        edges = [(names[i], names[(i + 1) % 40]) for i in range(40)] + [(names[i], names[(i * 7 + 3) % 40]) for i in range(0, 40, 3)]
        level = Level.on_graph(Graph.from_edges(names, [e for e in edges if e[0] != e[1]]), mines)
    else:
        level = Level.named(name)
        level = Level.of(level.rows, level.cols, mines, topology)
    out.append([[sorted(map(list, g.mine_cells)), g.attempts] for g in generate_boards(level, count, seed=seed)])
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def before(tmp_path_factory: pytest.TempPathFactory) -> list[object]:
    """The boards of :data:`REQUESTS` as the pinned commit generates them."""
    return run_json(reference_source(tmp_path_factory.mktemp("reference")), GENERATE, REQUESTS)


@pytest.mark.parametrize("pure", [False, True], ids=["kernels", "pure-python"])
def test_seeded_boards_are_the_boards_generated_before(before: list[object], pure: bool) -> None:
    now = run_json(ROOT / "src", GENERATE, REQUESTS, pure=pure)
    for request, old, new in zip(REQUESTS, before, now, strict=True):
        assert new == old, request
