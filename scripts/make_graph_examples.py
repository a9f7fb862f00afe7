"""Write the graph board examples, ``examples/graphs/cube.json`` and ``examples/graphs/sphere.json``, from real layouts.

Each board is a seeded random layout of mines on its graph, opened the way a
game opens: a first click on a cell with no mine around it, every cell around
an opened 0 opened too (the zero flood).  The numbers are counted here from
the layout, so the files are consistent, and each carries its layout and
first click.  A seed is kept when the flood opens between a quarter and
two thirds of the safe cells (a board partly solved, with work left) and no
opened cell would show more than 8 (numbers are one digit a cell).

- ``cube``: a 4x4x4 cube of cells, each touching every cell of the 3x3x3
  block around it (up to 26 neighbours: the 3D king's move), named ``x,y,z``;
  drawn in an oblique projection.
- ``sphere``: a geodesic sphere, an icosahedron's faces cut into 16 triangles
  each and pushed out onto the sphere: 162 cells, the vertices, each touching
  the 5 or 6 it shares an edge with (as hexagonal Minesweeper, with twelve
  pentagons); drawn at its longitude and latitude.

Run ``python scripts/make_graph_examples.py`` (``--check`` says whether the
files are up to date instead of writing them).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
from pathlib import Path

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.graph import Graph
from cnfsweep.core.layout import MineLayout
from cnfsweep.formats.graph import write_graph

OUT = Path(__file__).resolve().parent.parent / "examples" / "graphs"


def cube(n: int = 4) -> tuple[list[str], list[tuple[str, str]], dict[str, tuple[float, float]]]:
    """The n x n x n cube with 26-neighbour adjacency, and an oblique drawing of it."""
    points = list(itertools.product(range(n), repeat=3))
    names = {p: ",".join(map(str, p)) for p in points}
    edges = [
        (names[p], names[q])
        for p, q in itertools.combinations(points, 2)
        if max(abs(a - b) for a, b in zip(p, q, strict=True)) == 1
    ]
    # Each layer z drawn as a square grid, shifted right and up by half a cell a layer.
    pos = {names[(x, y, z)]: (round(x + 0.45 * z * n / 2, 3), round(y + 0.3 * z * n / 2, 3)) for x, y, z in points}
    return list(names.values()), edges, pos


def sphere(cuts: int = 2) -> tuple[list[str], list[tuple[str, str]], dict[str, tuple[float, float]]]:
    """A geodesic sphere: an icosahedron with each triangle cut in four ``cuts`` times, its vertices pushed onto the sphere."""
    t = (1 + 5**0.5) / 2
    vertices = [
        (-1, t, 0),
        (1, t, 0),
        (-1, -t, 0),
        (1, -t, 0),
        (0, -1, t),
        (0, 1, t),
        (0, -1, -t),
        (0, 1, -t),
        (t, 0, -1),
        (t, 0, 1),
        (-t, 0, -1),
        (-t, 0, 1),
    ]
    points = [_unit(v) for v in vertices]
    faces = [
        (0, 11, 5),
        (0, 5, 1),
        (0, 1, 7),
        (0, 7, 10),
        (0, 10, 11),
        (1, 5, 9),
        (5, 11, 4),
        (11, 10, 2),
        (10, 7, 6),
        (7, 1, 8),
        (3, 9, 4),
        (3, 4, 2),
        (3, 2, 6),
        (3, 6, 8),
        (3, 8, 9),
        (4, 9, 5),
        (2, 4, 11),
        (6, 2, 10),
        (8, 6, 7),
        (9, 8, 1),
    ]
    for _ in range(cuts):
        middle: dict[tuple[int, int], int] = {}

        def mid(a: int, b: int, middle: dict[tuple[int, int], int] = middle) -> int:
            key = (min(a, b), max(a, b))
            if key not in middle:
                points.append(_unit(tuple((p + q) / 2 for p, q in zip(points[a], points[b], strict=True))))
                middle[key] = len(points) - 1
            return middle[key]

        faces = [
            f
            for a, b, c in faces
            for ab, bc, ca in [(mid(a, b), mid(b, c), mid(c, a))]
            for f in ((a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca))
        ]
    edges = sorted({(min(a, b), max(a, b)) for f in faces for a, b in itertools.combinations(f, 2)})
    names = [f"v{i}" for i in range(len(points))]
    pos = {
        names[i]: (round(math.degrees(math.atan2(y, x)), 2), round(math.degrees(math.asin(z)), 2))
        for i, (x, y, z) in enumerate(points)
    }
    return names, [(names[a], names[b]) for a, b in edges], pos


def _unit(v: tuple[float, ...]) -> tuple[float, float, float]:
    length = math.sqrt(sum(c * c for c in v))
    x, y, z = (c / length for c in v)
    return x, y, z


def opened(graph: Graph, mines: frozenset[int], first: int) -> set[int]:
    """The cells a game opens from a first click on ``first``: it, and around every opened 0 every cell."""
    around = graph.tables().around
    seen, todo = {first}, [first]
    while todo:
        i = todo.pop()
        if not any(j in mines for j in around[i]):
            for j in around[i]:
                if j not in seen and j not in mines:
                    seen.add(j)
                    todo.append(j)
    return seen


def board(
    names: list[str], edges: list[tuple[str, str]], pos: dict[str, tuple[float, float]], mines: int, seed: int
) -> tuple[Board, int]:
    """The first seed from ``seed`` on whose layout the game opens a part of the board, and that board."""
    graph = Graph.from_edges(names, edges, pos)
    around = graph.tables().around
    for s in itertools.count(seed):
        rng = random.Random(s)
        layout = frozenset(rng.sample(range(len(names)), mines))
        counts = [sum(j in layout for j in around[i]) for i in range(len(names))]
        zeros = [i for i in range(len(names)) if i not in layout and counts[i] == 0]
        if not zeros:
            continue
        first = rng.choice(zeros)
        shown = opened(graph, layout, first)
        safe = len(names) - mines
        if not safe / 4 <= len(shown) <= 2 * safe / 3 or any(counts[i] > 8 for i in shown):
            continue
        row = "".join(str(counts[i]) if i in shown else "." for i in range(len(names)))
        answer = MineLayout(frozenset(Cell(0, m) for m in layout), Cell(0, first))
        return Board((row,), mines, answer, topology=graph), s
    raise AssertionError("unreachable")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a file differs from what would be written")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    stale = 0
    for name, (names, edges, pos), mines, seed in [("cube", cube(), 8, 1), ("sphere", sphere(), 22, 1)]:
        made, used = board(names, edges, pos, mines, seed)
        text = write_graph(made)
        path = OUT / f"{name}.json"
        if args.check:
            stale += not path.exists() or path.read_text() != text
            continue
        path.write_text(text)
        degrees = sorted({len(n) for n in made.topology.tables().around})
        print(
            f"{path}: {len(names)} cells, {len(edges)} edges, degrees {degrees}, {mines} mines, "
            f"{len(made.numbers)} opened (seed {used})"
        )
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
