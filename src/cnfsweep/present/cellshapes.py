"""Where each cell of a board sits in an SVG picture, and its outline, for every topology.

:func:`shapes_for` picks one of:

- :class:`SquareShapes`: the rectangle of square cells (``square``), and the same
  rectangle with wrap marks on its edges (``torus``: :class:`TorusShapes`);
- :class:`HexShapes`: pointy-top hexagons in offset rows, odd rows shifted half a
  cell right ("odd-r"), so that the six neighbours of a cell are the six hexagons
  touching it;
- :class:`~cnfsweep.present.graphshapes.GraphShapes`: round nodes at the positions a graph board gives
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
from cnfsweep.core.words import counted
from cnfsweep.play.level import format_size
from cnfsweep.present.svgtext import attrs_text, num

__all__ = ["HexShapes", "Shapes", "SquareShapes", "TorusShapes", "shape_words", "shapes_for"]

SQRT3 = math.sqrt(3)
#: Colours of the torus's two pairs of glued edges: top and bottom, left and right.
WRAP_ROWS, WRAP_COLS = "#7b3fb5", "#d9700b"


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

    def whole(self, cell: tuple[int, int], kind: str, fill: str) -> str:
        """The cell's shape at its place as one element of class ``cell KIND`` (boards too big for detail)."""
        ...

    def ring(
        self, cell: tuple[int, int], size: float, x0: float, y0: float, lead: dict[str, Any], tail: dict[str, Any]
    ) -> str:
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
        self.rows, self.cols = topology.rows, topology.cols

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
        return f'<rect width="{self.s}" height="{self.s}" fill="{fill}"{attrs_text(attrs)}/>'

    def bevel(self) -> str:
        return '<use href="#bevel"/>'

    def whole(self, cell: tuple[int, int], kind: str, fill: str) -> str:
        # An f-string, not attrs_text: a million-cell board writes a million of these.
        r, c = cell
        s = self.s
        return (
            f'<rect class="cell {kind}" data-row="{r}" data-col="{c}" x="{c * s}" y="{r * s}" width="{s}" '
            f'height="{s}" fill="{fill}"/>'
        )

    def ring(
        self, cell: tuple[int, int], size: float, x0: float, y0: float, lead: dict[str, Any], tail: dict[str, Any]
    ) -> str:
        r, c = cell
        s = self.s
        return (
            f'<rect{attrs_text(lead)} x="{x0 + (c + 0.5) * s - size / 2:g}" y="{y0 + (r + 0.5) * s - size / 2:g}"'
            f' width="{size}" height="{size}"{attrs_text(tail)}/>'
        )

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

    def _edge(
        self,
        name: str,
        colour: str,
        line: tuple[float, float, float, float],
        ticks: Iterable[tuple[float, float]],
        out: tuple[float, float],
        arrow: tuple[float, float, float, float],
        heads: int,
    ) -> str:
        # `out` is the unit step away from the grid; `arrow` the middle of the edge and the arrow's direction.
        m = self.margin
        x1, y1, x2, y2 = line
        parts = [
            f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" stroke="{colour}" stroke-width="2"/>'
        ]
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
            self._edge(
                "top", WRAP_ROWS, (x0, y0, x0 + w, y0), ((x, y0) for x in cols), (0, -1), (x0 + w / 2, y0, 1, 0), 1
            ),
            self._edge(
                "bottom",
                WRAP_ROWS,
                (x0, y0 + h, x0 + w, y0 + h),
                ((x, y0 + h) for x in cols),
                (0, 1),
                (x0 + w / 2, y0 + h, 1, 0),
                1,
            ),
            self._edge(
                "left", WRAP_COLS, (x0, y0, x0, y0 + h), ((x0, y) for y in rows), (-1, 0), (x0, y0 + h / 2, 0, -1), 2
            ),
            self._edge(
                "right",
                WRAP_COLS,
                (x0 + w, y0, x0 + w, y0 + h),
                ((x0 + w, y) for y in rows),
                (1, 0),
                (x0 + w, y0 + h / 2, 0, -1),
                2,
            ),
        ]

    def caption(self) -> str | None:
        return (
            "torus: the edges wrap around, top to bottom and left to right (marked alike), "
            "so every cell has 8 neighbours"
        )


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
        self.rows, self.cols = topology.rows, topology.cols
        self.tall = 2 * s / SQRT3  # from point to point
        self.pitch = 0.75 * self.tall  # from row to row
        w, t = s / 2, s / SQRT3
        self._steps = f"l{num(w)} {num(t / 2)}v{num(t)}l{num(-w)} {num(t / 2)}l{num(-w)} {num(-t / 2)}v{num(-t)}z"

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
        return (
            f"M{num(cx)} {num(cy - t)}L{num(cx + w)} {num(cy - t / 2)}V{num(cy + t / 2)}L{num(cx)} {num(cy + t)}"
            f"L{num(cx - w)} {num(cy + t / 2)}V{num(cy - t / 2)}Z"
        )

    def background(self, fill: str, **attrs: Any) -> str:
        h = self.s / 2
        attrs.setdefault("stroke", "#8a8a8a")
        attrs.setdefault("stroke_width", "1")
        return f'<path d="{self._hexagon(h, h, self.s)}" fill="{fill}"{attrs_text(attrs)}/>'

    def bevel(self) -> str:
        # A lighter hexagon inside the cell stands for the square's bevel: covered cells look raised.
        h = self.s / 2
        return f'<path d="{self._hexagon(h, h, 0.78 * self.s)}" fill="#fff" fill-opacity="0.18"/>'

    def whole(self, cell: tuple[int, int], kind: str, fill: str) -> str:
        # The top corner, then the same relative steps for every cell: two numbers written a cell, not twelve.
        r, c = cell
        x, y = self.centre(cell)
        return (
            f'<path class="cell {kind}" data-row="{r}" data-col="{c}" d="M{num(x)} {num(y - self.s / SQRT3)}'
            f'{self._steps}" fill="{fill}"/>'
        )

    def ring(
        self, cell: tuple[int, int], size: float, x0: float, y0: float, lead: dict[str, Any], tail: dict[str, Any]
    ) -> str:
        x, y = self.centre(cell)
        return f'<path{attrs_text(lead)} d="{self._hexagon(x0 + x, y0 + y, size)}"{attrs_text(tail)}/>'

    def under(self) -> list[str]:
        return []

    def frame(self, x0: float, y0: float) -> list[str]:
        return []

    def caption(self) -> str | None:
        return "hex: odd rows are shifted half a cell right; every cell has up to 6 neighbours"


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
        from cnfsweep.present.graphshapes import (
            GraphShapes,  # with networkx behind it, only for graphs
        )

        return GraphShapes(topology, s)
    return SquareShapes(topology, s)


def shape_words(topology: Topology, rows: int, cols: int) -> str:
    """Say a board's size and, unless it is square, its topology.

    Examples
    --------
    >>> from cnfsweep.core.topology import Hex, Square
    >>> shape_words(Square(16, 30), 16, 30), shape_words(Hex(7, 9), 7, 9)
    ('16x30', '7x9 hex')
    """
    name = topology.name
    if name == "graph":
        return f"graph of {counted(cols, 'cell')}"
    return format_size(rows, cols) + ("" if name == "square" else f" {name}")
