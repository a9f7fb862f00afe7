"""Graph boards in pictures: round nodes at the graph's positions, joined by lines for its edges.

Examples
--------
>>> _fit([(0.0, 0.0), (1.0, 0.0)], 20)
[(10.0, 10.0), (90.0, 10.0)]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from cnfsweep.core.topology import Topology
from cnfsweep.present.svgtext import attrs_text, num

__all__ = ["GraphShapes"]

EDGE = "#8c96a3"


class GraphShapes:
    """Round nodes at the graph's positions, joined by lines for its edges.

    Written against what a graph topology offers: ``names`` (a name per cell
    ``(0, i)``), ``pos`` (``{name: [x, y]}``, or ``None``) and :meth:`tables`.
    Without positions the nodes go where networkx's spring layout (seed 1) puts them.
    Positions are scaled to leave at least about two cell sizes between the
    closest two nodes, within limits.
    """

    margin: float = 0

    def __init__(self, topology: Topology, s: int) -> None:
        self.topology, self.s = topology, s
        cells, around = topology.tables()
        self.cells, self.around = cells, around
        names = list(getattr(topology, "names", None) or [str(i) for i in range(len(cells))])
        self.names = names
        raw = _positions(names, around, getattr(topology, "pos", None))
        self.at = _fit(raw, s)

    @property
    def size(self) -> tuple[float, float]:
        xs = [x for x, _ in self.at] or [0.0]
        ys = [y for _, y in self.at] or [0.0]
        return round(max(xs) + self.s * 0.5, 2), round(
            max(ys) + self.s * 0.5 + (0.45 * self.s if self.s >= 14 else 0), 2
        )

    def centre(self, cell: tuple[int, int]) -> tuple[float, float]:
        return self.at[cell[1]]

    def box(self, cell: tuple[int, int]) -> str:
        return self.placed(cell, 0, 0)

    def placed(self, cell: tuple[int, int], x0: float, y0: float) -> str:
        x, y = self.centre(cell)
        return f"translate({num(x0 + x - self.s / 2)},{num(y0 + y - self.s / 2)})"

    def background(self, fill: str, **attrs: Any) -> str:
        h = self.s / 2
        attrs.setdefault("stroke", "#6b6b6b")
        attrs.setdefault("stroke_width", "1")
        return f'<circle cx="{num(h)}" cy="{num(h)}" r="{num(h - 0.5)}" fill="{fill}"{attrs_text(attrs)}/>'

    def bevel(self) -> str:
        h = self.s / 2
        return f'<circle cx="{num(0.42 * self.s)}" cy="{num(0.42 * self.s)}" r="{num(0.3 * h)}" fill="#fff" fill-opacity="0.35"/>'

    def whole(self, cell: tuple[int, int], kind: str, fill: str) -> str:
        x, y = self.centre(cell)
        return (
            f'<circle class="cell {kind}" data-row="{cell[0]}" data-col="{cell[1]}" cx="{num(x)}" cy="{num(y)}" '
            f'r="{num(self.s / 2)}" fill="{fill}"/>'
        )

    def ring(
        self, cell: tuple[int, int], size: float, x0: float, y0: float, lead: dict[str, Any], tail: dict[str, Any]
    ) -> str:
        x, y = self.centre(cell)
        return (
            f'<circle{attrs_text(lead)} cx="{num(x0 + x)}" cy="{num(y0 + y)}" r="{num(size / 2)}"{attrs_text(tail)}/>'
        )

    def under(self) -> list[str]:
        lines = []
        for i, near in enumerate(self.around):
            x1, y1 = self.at[i]
            for j in near:
                if j > i:
                    x2, y2 = self.at[j]
                    lines.append(f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")
        out = [
            f'<path class="edges" d="{"".join(lines)}" stroke="{EDGE}" stroke-width="{num(max(1.0, self.s / 14))}"/>'
        ]
        if self.s >= 14:  # names under the nodes, where they fit
            out += [
                f'<text class="name" x="{num(x)}" y="{num(y + 0.5 * self.s + 0.4 * self.s)}" font-size="{num(0.38 * self.s)}"'
                f' fill="#555">{escape(name)}</text>'
                for name, (x, y) in zip(self.names, self.at, strict=True)
            ]
        return out

    def frame(self, x0: float, y0: float) -> list[str]:
        return []

    def caption(self) -> str | None:
        return "graph: lines join neighbours"


def _positions(names: list[str], around: tuple[tuple[int, ...], ...], pos: Any) -> list[tuple[float, float]]:
    """The nodes' positions as given, or a spring layout's.

    ``pos`` is a sequence of ``(x, y)`` by cell index (as :class:`~cnfsweep.core.graph.Graph`
    keeps them), a mapping of ``[x, y]`` by name (as a graph file writes them), or ``None``.
    A third coordinate is tilted into the plane, so a cube's back face stays in view.
    """
    if isinstance(pos, Mapping):
        given: list[Any] = [pos.get(name) for name in names]
    elif pos is not None and len(pos) == len(names):
        given = list(pos)
    else:
        given = [None]
    if all(p is not None for p in given):
        out = []
        for p in given:
            x, y, z = ([float(v) for v in p] + [0.0, 0.0, 0.0])[:3]
            out.append((x + 0.45 * z, y + 0.3 * z))
        return out
    import networkx as nx  # lazy: only graph pictures without positions need it

    graph = nx.Graph()
    graph.add_nodes_from(range(len(names)))
    graph.add_edges_from((i, j) for i, near in enumerate(around) for j in near if j > i)
    layout = nx.spring_layout(graph, seed=1)
    return [(float(layout[i][0]), float(layout[i][1])) for i in range(len(names))]


def _fit(raw: list[tuple[float, float]], s: int) -> list[tuple[float, float]]:
    """Scale and move ``raw`` so that the nodes lie in the positive quadrant with room between them."""
    if not raw:
        return []
    xs, ys = [x for x, _ in raw], [y for _, y in raw]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    closest = (
        min((math.dist(a, b) for i, a in enumerate(raw) for b in raw[i + 1 :] if a != b), default=span)
        if len(raw) <= 400
        else span / len(raw) ** 0.5
    )
    # Two and a half cell sizes between the closest nodes, but the whole no more than 40 cells across nor less than 4.
    scale = min(max(2.6 * s / closest, 4 * s / span), 40 * s / span)
    return [(round(s * 0.5 + (x - min(xs)) * scale, 2), round(s * 0.5 + (y - min(ys)) * scale, 2)) for x, y in raw]
