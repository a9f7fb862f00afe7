"""Where each cell of a board sits in an SVG picture, and its outline, for every topology.

:func:`shapes_for` picks one of:

- :class:`SquareShapes`: the rectangle of square cells (``square``), and the same
  rectangle with wrap marks on its edges (``torus``: :class:`TorusShapes`);
- :class:`HexShapes`: pointy-top hexagons in offset rows, odd rows shifted half a
  cell right ("odd-r"), so that the six neighbours of a cell are the six hexagons
  touching it;
- :class:`GraphShapes`: round nodes at the positions a graph board gives
  (``topology.pos``), or at a spring layout with a fixed seed, joined by its edges.

Every shape draws a cell's marks (flag, mine, tick, text) in an ``s`` by ``s``
box centred on the cell, so the marks are the same on every topology; only
the cell's background and the outlines around it (best guess, hint, conflict)
take the cell's own shape. Coordinates are in the grid's own frame: the
picture places it at ``(x0, y0)``.

Examples
--------
>>> from cnfsweep.core.topology import Hex
>>> shapes = HexShapes(Hex(2, 2), 20)
>>> shapes.centre((0, 0)), shapes.centre((1, 0))
((10.0, 11.547), (20.0, 28.868))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, Protocol

from cnfsweep.core.topology import Topology

__all__ = ["GraphShapes", "HexShapes", "Shapes", "SquareShapes", "TorusShapes", "num", "shapes_for"]

SQRT3 = math.sqrt(3)
#: Colours of the torus's two pairs of glued edges: top and bottom, left and right.
WRAP_ROWS, WRAP_COLS = "#7b3fb5", "#d9700b"
EDGE = "#8c96a3"


def num(x: float) -> str:
    """Write a coordinate with at most two decimals and no trailing zeros.

    Examples
    --------
    >>> num(3.0), num(11.54700538), num(-0.004)
    ('3', '11.55', '0')
    """
    text = f"{round(x, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attrs(attrs: dict[str, Any]) -> str:
    # The same spelling as svg._attrs: class_ -> class, stroke_width -> stroke-width.
    from xml.sax.saxutils import quoteattr

    return "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in attrs.items() if v is not None)


class Shapes(Protocol):
    """The geometry of one board's picture at cell size ``s``."""

    s: int
    #: Room around the grid for marks on its edges, on every side.
    margin: float

    @property
    def size(self) -> tuple[float, float]:
        """The width and height of the grid, margins excluded."""
        ...

    def box(self, cell: tuple[int, int]) -> str:
        """The ``translate(...)`` that puts the cell's ``s`` by ``s`` box in place."""
        ...

    def centre(self, cell: tuple[int, int]) -> tuple[float, float]:
        """The centre of ``cell``."""
        ...

    def placed(self, cell: tuple[int, int], x0: float, y0: float) -> str:
        """The ``translate(...)`` of the cell's box with the grid placed at ``(x0, y0)``."""
        ...

    def background(self, fill: str, **attrs: Any) -> str:
        """The cell's shape in its box, filled with ``fill``."""
        ...

    def bevel(self) -> str:
        """The raised look of a covered cell, in its box."""
        ...

    def whole(self, cell: tuple[int, int], fill: str, **lead: Any) -> str:
        """The cell's shape at its place as one element (boards too big for detail)."""
        ...

    def ring(self, cell: tuple[int, int], size: float, x0: float, y0: float, lead: dict[str, Any],
             tail: dict[str, Any]) -> str:
        """An outline ``size`` wide around the cell's centre, in the cell's shape; the grid placed at ``(x0, y0)``."""
        ...

    def under(self) -> list[str]:
        """What goes under the cells (a graph's edges), in the grid's frame."""
        ...

    def frame(self, x0: float, y0: float) -> list[str]:
        """What goes around the grid (a torus's wrap marks), the grid placed at ``(x0, y0)``."""
        ...

    def caption(self) -> str | None:
        """A line saying how to read the picture's geometry, or ``None`` when it goes without saying."""
        ...


class SquareShapes:
    """Square cells in rows: the picture ``render`` has always drawn, to the byte.

    Examples
    --------
    >>> from cnfsweep.core.topology import Square
    >>> SquareShapes(Square(3, 3), 10).ring((1, 2), 6, 10, 36, {"class_": "x"}, {"fill": "none"})
    '<rect class="x" x="32" y="48" width="6" height="6" fill="none"/>'
    """

    margin: float = 0

    def __init__(self, topology: Topology, s: int) -> None:
        self.topology, self.s = topology, s
        self.rows, self.cols = topology.rows, topology.cols  # type: ignore[attr-defined]

    @property
    def size(self) -> tuple[float, float]:
        return self.cols * self.s, self.rows * self.s

    def box(self, cell: tuple[int, int]) -> str:
        return f"translate({cell[1] * self.s},{cell[0] * self.s})"

    def centre(self, cell: tuple[int, int]) -> tuple[float, float]:
        return (cell[1] + 0.5) * self.s, (cell[0] + 0.5) * self.s

    def placed(self, cell: tuple[int, int], x0: float, y0: float) -> str:
        return f"translate({x0 + cell[1] * self.s:g},{y0 + cell[0] * self.s:g})"

    def background(self, fill: str, **attrs: Any) -> str:
        return f'<rect width="{self.s}" height="{self.s}" fill="{fill}"{_attrs(attrs)}/>'

    def bevel(self) -> str:
        return '<use href="#bevel"/>'

    def whole(self, cell: tuple[int, int], fill: str, **lead: Any) -> str:
        s = self.s
        return f'<rect{_attrs(lead)} x="{cell[1] * s}" y="{cell[0] * s}" width="{s}" height="{s}" fill="{fill}"/>'

    def ring(self, cell: tuple[int, int], size: float, x0: float, y0: float, lead: dict[str, Any],
             tail: dict[str, Any]) -> str:
        r, c = cell
        s = self.s
        return (f"<rect{_attrs(lead)} x=\"{x0 + (c + 0.5) * s - size / 2:g}\" y=\"{y0 + (r + 0.5) * s - size / 2:g}\""
                f" width=\"{size}\" height=\"{size}\"{_attrs(tail)}/>")

    def under(self) -> list[str]:
        return []

    def frame(self, x0: float, y0: float) -> list[str]:
        return []

    def caption(self) -> str | None:
        return None


class TorusShapes(SquareShapes):
    """The rectangle, with its glued edges marked: ticks of one colour where a column leaves the top and
    comes back at the bottom, of another where a row leaves the right and comes back at the left, and
    arrows on each pair of edges pointing the same way (one arrowhead top and bottom, two left and right).

    Examples
    --------
    >>> from cnfsweep.core.topology import Torus
    >>> marks = TorusShapes(Torus(3, 4), 20).frame(0, 0)
    >>> [m.split('"')[1] for m in marks]
    ['wrap wrap-top', 'wrap wrap-bottom', 'wrap wrap-left', 'wrap wrap-right']
    """

    def __init__(self, topology: Topology, s: int) -> None:
        super().__init__(topology, s)
        self.margin = max(10.0, 0.5 * s)

    def _edge(self, name: str, colour: str, line: tuple[float, float, float, float], ticks: Iterable[tuple[float, float]],
              out: tuple[float, float], arrow: tuple[float, float, float, float], heads: int) -> str:
        # `out` is the unit step away from the grid; `arrow` the middle of the edge and the arrow's direction.
        m = self.margin
        x1, y1, x2, y2 = line
        parts = [f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" stroke="{colour}" stroke-width="2"/>']
        d = "".join(f"M{num(x)} {num(y)}l{num(out[0] * 0.45 * m)} {num(out[1] * 0.45 * m)}" for x, y in ticks)
        parts.append(f'<path d="{d}" stroke="{colour}" stroke-width="1.5"/>')
        mx, my, dx, dy = arrow
        k = 0.35 * m
        for i in range(heads):  # arrowheads in the margin, halfway out, `heads` of them one behind the other
            cx = mx + out[0] * 0.75 * m + dx * k * (i - (heads - 1) / 2) * 1.2
            cy = my + out[1] * 0.75 * m + dy * k * (i - (heads - 1) / 2) * 1.2
            parts.append(
                f'<path d="M{num(cx - dx * k + dy * k)} {num(cy - dy * k - dx * k)}L{num(cx)} {num(cy)}'
                f'L{num(cx - dx * k - dy * k)} {num(cy - dy * k + dx * k)}" fill="none" stroke="{colour}" '
                f'stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>'
            )
        return f'<g class="wrap wrap-{name}">{"".join(parts)}</g>'

    def frame(self, x0: float, y0: float) -> list[str]:
        s, (w, h) = self.s, self.size
        cols = [x0 + (c + 0.5) * s for c in range(self.cols)]
        rows = [y0 + (r + 0.5) * s for r in range(self.rows)]
        return [
            self._edge("top", WRAP_ROWS, (x0, y0, x0 + w, y0), ((x, y0) for x in cols), (0, -1), (x0 + w / 2, y0, 1, 0), 1),
            self._edge("bottom", WRAP_ROWS, (x0, y0 + h, x0 + w, y0 + h), ((x, y0 + h) for x in cols), (0, 1),
                       (x0 + w / 2, y0 + h, 1, 0), 1),
            self._edge("left", WRAP_COLS, (x0, y0, x0, y0 + h), ((x0, y) for y in rows), (-1, 0), (x0, y0 + h / 2, 0, -1), 2),
            self._edge("right", WRAP_COLS, (x0 + w, y0, x0 + w, y0 + h), ((x0 + w, y) for y in rows), (1, 0),
                       (x0 + w, y0 + h / 2, 0, -1), 2),
        ]

    def caption(self) -> str | None:
        return ("torus: the edges wrap around, top to bottom and left to right (marked alike), "
                "so every cell has 8 neighbours")


class HexShapes:
    """Pointy-top hexagons, ``s`` across the flats, in rows ``s * sqrt(3) / 2`` apart; odd rows shifted ``s / 2`` right.

    Then every two neighbours' centres are ``s`` apart, as are a row's cells.

    Examples
    --------
    >>> from cnfsweep.core.topology import Hex
    >>> shapes = HexShapes(Hex(2, 3), 20)
    >>> shapes.size
    (70.0, 40.415)
    """

    margin: float = 0

    def __init__(self, topology: Topology, s: int) -> None:
        self.topology, self.s = topology, s
        self.rows, self.cols = topology.rows, topology.cols  # type: ignore[attr-defined]
        self.tall = 2 * s / SQRT3  # from point to point
        self.pitch = 0.75 * self.tall  # from row to row

    @property
    def size(self) -> tuple[float, float]:
        shift = self.s / 2 if self.rows > 1 else 0
        return self.cols * self.s + shift, round((self.rows - 1) * self.pitch + self.tall, 3)

    def centre(self, cell: tuple[int, int]) -> tuple[float, float]:
        r, c = cell
        return (c + 0.5 + 0.5 * (r % 2)) * self.s, round(r * self.pitch + self.tall / 2, 3)

    def box(self, cell: tuple[int, int]) -> str:
        return self.placed(cell, 0, 0)

    def placed(self, cell: tuple[int, int], x0: float, y0: float) -> str:
        x, y = self.centre(cell)
        h = self.s / 2
        return f"translate({num(x0 + x - h)},{num(y0 + y - h)})"

    def _hexagon(self, cx: float, cy: float, width: float) -> str:
        """The path of a pointy-top hexagon ``width`` across the flats, centred at ``(cx, cy)``."""
        w, t = width / 2, width / SQRT3  # half the width; half the height is 2t/2 = t, the sloped edges rise t/2
        return (f"M{num(cx)} {num(cy - t)}L{num(cx + w)} {num(cy - t / 2)}V{num(cy + t / 2)}L{num(cx)} {num(cy + t)}"
                f"L{num(cx - w)} {num(cy + t / 2)}V{num(cy - t / 2)}Z")

    def background(self, fill: str, **attrs: Any) -> str:
        h = self.s / 2
        attrs.setdefault("stroke", "#8a8a8a")
        attrs.setdefault("stroke_width", "1")
        return f'<path d="{self._hexagon(h, h, self.s)}" fill="{fill}"{_attrs(attrs)}/>'

    def bevel(self) -> str:
        # A lighter hexagon inside the cell stands for the square's bevel: covered cells look raised.
        h = self.s / 2
        return f'<path d="{self._hexagon(h, h, 0.78 * self.s)}" fill="#fff" fill-opacity="0.18"/>'

    def whole(self, cell: tuple[int, int], fill: str, **lead: Any) -> str:
        x, y = self.centre(cell)
        return f'<path{_attrs(lead)} d="{self._hexagon(x, y, self.s)}" fill="{fill}"/>'

    def ring(self, cell: tuple[int, int], size: float, x0: float, y0: float, lead: dict[str, Any],
             tail: dict[str, Any]) -> str:
        x, y = self.centre(cell)
        return f'<path{_attrs(lead)} d="{self._hexagon(x0 + x, y0 + y, size)}"{_attrs(tail)}/>'

    def under(self) -> list[str]:
        return []

    def frame(self, x0: float, y0: float) -> list[str]:
        return []

    def caption(self) -> str | None:
        return "hex: odd rows are shifted half a cell right; every cell has up to 6 neighbours"


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
        return round(max(xs) + self.s * 0.5, 2), round(max(ys) + self.s * 0.5 + (0.45 * self.s if self.s >= 14 else 0), 2)

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
        return f'<circle cx="{num(h)}" cy="{num(h)}" r="{num(h - 0.5)}" fill="{fill}"{_attrs(attrs)}/>'

    def bevel(self) -> str:
        h = self.s / 2
        return f'<circle cx="{num(0.42 * self.s)}" cy="{num(0.42 * self.s)}" r="{num(0.3 * h)}" fill="#fff" fill-opacity="0.35"/>'

    def whole(self, cell: tuple[int, int], fill: str, **lead: Any) -> str:
        x, y = self.centre(cell)
        return f'<circle{_attrs(lead)} cx="{num(x)}" cy="{num(y)}" r="{num(self.s / 2)}" fill="{fill}"/>'

    def ring(self, cell: tuple[int, int], size: float, x0: float, y0: float, lead: dict[str, Any],
             tail: dict[str, Any]) -> str:
        x, y = self.centre(cell)
        return f'<circle{_attrs(lead)} cx="{num(x0 + x)}" cy="{num(y0 + y)}" r="{num(size / 2)}"{_attrs(tail)}/>'

    def under(self) -> list[str]:
        lines = []
        for i, near in enumerate(self.around):
            x1, y1 = self.at[i]
            for j in near:
                if j > i:
                    x2, y2 = self.at[j]
                    lines.append(f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")
        out = [f'<path class="edges" d="{"".join(lines)}" stroke="{EDGE}" stroke-width="{num(max(1.0, self.s / 14))}"/>']
        if self.s >= 14:  # names under the nodes, where they fit
            out += [f'<text class="name" x="{num(x)}" y="{num(y + 0.5 * self.s + 0.4 * self.s)}" font-size="{num(0.38 * self.s)}"'
                    f' fill="#555">{_escape(name)}</text>' for name, (x, y) in zip(self.names, self.at, strict=True)]
        return out

    def frame(self, x0: float, y0: float) -> list[str]:
        return []

    def caption(self) -> str | None:
        return "graph: lines join neighbours"


def _escape(text: str) -> str:
    from xml.sax.saxutils import escape

    return escape(text)


def _positions(names: list[str], around: tuple[tuple[int, ...], ...],
               pos: dict[str, Any] | None) -> list[tuple[float, float]]:
    """The nodes' positions as given (a third coordinate tilted into the plane), or a spring layout's."""
    if pos and all(name in pos for name in names):
        out = []
        for name in names:
            p = [float(v) for v in pos[name]]
            x, y, z = (p + [0.0, 0.0, 0.0])[:3]
            out.append((x + 0.45 * z, y + 0.3 * z))  # an oblique view: a cube's back face stays visible
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
    closest = min((math.dist(a, b) for i, a in enumerate(raw) for b in raw[i + 1 :] if a != b), default=span) if len(raw) <= 400 else span / len(raw) ** 0.5
    # Two cell sizes between the closest nodes, but the whole no more than 40 cells across nor less than 4.
    scale = min(max(2.2 * s / closest, 4 * s / span), 40 * s / span)
    return [(round(s * 0.5 + (x - min(xs)) * scale, 2), round(s * 0.5 + (y - min(ys)) * scale, 2)) for x, y in raw]


def shapes_for(topology: Topology, s: int) -> Shapes:
    """Return the shapes that draw a board of ``topology`` at cell size ``s``.

    Examples
    --------
    >>> from cnfsweep.core.topology import Square, Torus
    >>> type(shapes_for(Square(2, 2), 10)).__name__, type(shapes_for(Torus(3, 3), 10)).__name__
    ('SquareShapes', 'TorusShapes')
    """
    name = topology.name
    if name == "hex":
        return HexShapes(topology, s)
    if name == "torus":
        return TorusShapes(topology, s)
    if name == "graph":
        return GraphShapes(topology, s)
    return SquareShapes(topology, s)
