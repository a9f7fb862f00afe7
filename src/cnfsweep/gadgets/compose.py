"""Place gadgets on a canvas, join their ports with wires, fill the rest.

A :class:`Canvas` holds cells by absolute position.  Gadgets are stamped with
their own digits; wires are drawn between ports as a line of covered cells
with a revealed number every third cell and a number on each side.  Every
cell left empty becomes a revealed number counting its known-mine neighbours;
such a cell must not touch a covered cell, or it would constrain the circuit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.topology import Square
from cnfsweep.gadgets.library import (
    Coord,
    Direction,
    Gadget,
    Orientation,
    Port,
    Role,
    is_covered,
)


class PlacementError(CnfsweepError):
    """Report pieces that overlap, do not line up, or leave a covered cell exposed."""


@dataclass(frozen=True)
class Placed:
    """A gadget stamped on a canvas with its top-left cell at ``origin``."""

    gadget: Gadget
    origin: Coord

    def at(self, cell: Coord) -> Coord:
        """Return the canvas position of a cell in the gadget's coordinates."""
        return cell[0] + self.origin[0], cell[1] + self.origin[1]

    def port(self, name: str) -> Port:
        """Return port ``name`` moved to canvas coordinates."""
        p = self.gadget.port(name)
        return dataclasses.replace(p, cell=self.at(p.cell))

    def edge(self, name: str) -> Coord:
        """Return the canvas position of the port's edge cell."""
        return self.at(self.gadget.edge_cell(self.gadget.port(name)))

    def numbers(self, name: str) -> int:
        """Return the residue (mod 3), along the port's axis, of its wire's numbers."""
        p = self.gadget.port(name)
        edge = self.edge(name)
        axis = edge[1] if p.direction.horizontal else edge[0]
        sign = sum(p.direction.value)
        return (axis + sign * self.gadget.number_offset(p)) % 3


def _step(cell: Coord, d: Direction, k: int = 1) -> Coord:
    return cell[0] + k * d.value[0], cell[1] + k * d.value[1]


class Canvas:
    """Cells of a circuit under construction, by absolute position.

    Examples
    --------
    >>> from cnfsweep.gadgets.catalogue import get_gadget
    >>> c = Canvas()
    >>> w = c.stamp(get_gadget("wire"), (0, 0))
    >>> end = c.run(w, "b", 4)
    >>> print("\\n".join(c.render()))
    0000000
    1111111
    x1X.1..
    1111111
    0000000
    """

    def __init__(self) -> None:
        self.cells: dict[Coord, str] = {}
        # Wire numbers, with the row ("r", n) or column ("c", n) of their wire.
        self.wire_numbers: dict[Coord, tuple[str, int]] = {}

    def put(self, cell: Coord, char: str) -> None:
        """Set one cell; a cell set twice must get the same character."""
        old = self.cells.get(cell)
        if old is not None and old != char:
            raise PlacementError(f"cell {cell} is both {old!r} and {char!r}")
        self.cells[cell] = char

    def stamp(self, gadget: Gadget, origin: Coord) -> Placed:
        """Copy a gadget's grid with its top-left cell at ``origin``."""
        for r, row in enumerate(gadget.grid):
            for c, ch in enumerate(row):
                cell = (origin[0] + r, origin[1] + c)
                self.put(cell, ch)
                # A gadget's own digits already count what lies around them.
                self.wire_numbers.pop(cell, None)
        return Placed(gadget, origin)

    def line(self, start: Coord, d: Direction, length: int, numbers: int) -> None:
        """Draw ``length`` wire cells from ``start`` towards ``d``.

        ``numbers`` is the residue (mod 3) of the wire's revealed numbers along its axis.
        """
        tag = ("r", start[0]) if d.horizontal else ("c", start[1])
        side = Direction.S if d.horizontal else Direction.E
        for k in range(length):
            cell = _step(start, d, k)
            axis = cell[1] if d.horizontal else cell[0]
            on_number = axis % 3 == numbers
            self.put(cell, "1" if on_number else ".")
            if on_number:
                self.wire_numbers[cell] = tag
            for s in (1, -1):
                flank = _step(cell, side, s)
                if flank in self.cells and flank not in self.wire_numbers:
                    continue  # a gadget's digit: it already counts this wire
                self.put(flank, "1")
                self.wire_numbers[flank] = tag

    def run(self, placed: Placed, port: str, length: int) -> Coord:
        """Draw a wire of ``length`` cells out of a port; return its last cell."""
        d = placed.port(port).direction
        edge = placed.edge(port)
        self.line(_step(edge, d), d, length, placed.numbers(port))
        return _step(edge, d, length)

    def connect(self, a: Placed, pa: str, b: Placed, pb: str) -> None:
        """Join two ports that face each other on one line with a straight wire."""
        d = a.port(pa).direction
        ea, eb = a.edge(pa), b.edge(pb)
        gap = (eb[1] - ea[1]) if d.horizontal else (eb[0] - ea[0])
        gap *= sum(d.value)
        if b.port(pb).direction is not d.opposite or _step(ea, d, gap) != eb or gap < 1:
            raise PlacementError(f"ports {pa} at {ea} and {pb} at {eb} do not face each other")
        if a.numbers(pa) != b.numbers(pb):
            raise PlacementError(
                f"ports {pa} and {pb} are out of phase: numbers at {a.numbers(pa)} and {b.numbers(pb)} mod 3"
            )
        self.line(_step(ea, d), d, gap - 1, a.numbers(pa))

    def attach(self, a: Placed, pa: str, gadget: Gadget, pb: str, min_gap: int = 1) -> Placed:
        """Stamp ``gadget`` so that its port ``pb`` meets port ``pa``; join them.

        The gap is the shortest one, at least ``min_gap``, that keeps the wire in phase.
        """
        port_a, port_b = a.port(pa), gadget.port(pb)
        if port_b.direction is not port_a.direction.opposite:
            raise PlacementError(f"port {pb} of {gadget.name} cannot face port {pa}")
        edge_b = gadget.edge_cell(port_b)
        ea = a.edge(pa)
        for gap in range(min_gap, min_gap + 3):
            eb = _step(ea, port_a.direction, gap)
            placed = Placed(gadget, (eb[0] - edge_b[0], eb[1] - edge_b[1]))
            if placed.numbers(pb) == a.numbers(pa):
                break
        self.stamp(gadget, placed.origin)
        self.connect(a, pa, placed, pb)
        return placed

    def force(self, cell: Coord) -> None:
        """Make a covered wire cell a known mine: the value there is TRUE."""
        if not is_covered(self.cells.get(cell, "")):
            raise PlacementError(f"cell {cell} is not a covered cell")
        self.cells[cell] = "*"

    def box(self) -> tuple[int, int, int, int]:
        """Return ``(top, left, bottom, right)``, inclusive, around every cell."""
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        return min(rows), min(cols), max(rows), max(cols)

    def render(
        self,
        box: tuple[int, int, int, int] | None = None,
        labels: Mapping[Coord, str] | None = None,
        plain: bool = False,
    ) -> tuple[str, ...]:
        """Return the rows inside ``box`` with wire numbers and the fill computed.

        ``labels`` renames covered cells; with ``plain`` every other covered
        cell becomes ``.`` (gadget letters would otherwise be board labels).
        """
        top, left, bottom, right = box or self.box()
        labels = labels or {}

        def get(cell: Coord) -> str | None:
            r, c = cell
            if not (top <= r <= bottom and left <= c <= right):
                return None
            return self.cells.get(cell, "")

        rows = []
        for r in range(top, bottom + 1):
            out = []
            for c in range(left, right + 1):
                ch = self.cells.get((r, c))
                if ch is None or (r, c) in self.wire_numbers:
                    ch = self._count((r, c), get)
                elif is_covered(ch):
                    ch = labels.get((r, c), "." if plain else ch)
                out.append(ch)
            rows.append("".join(out))
        return tuple(rows)

    def _count(self, cell: Coord, get) -> str:  # type: ignore[no-untyped-def]
        tag = self.wire_numbers.get(cell)
        count = 1 if tag else 0
        # Gadgets are drawn on an unbounded square grid: the square's steps, with no edge.
        for dr, dc in Square.offsets(cell[0]):
            nb = (cell[0] + dr, cell[1] + dc)
            ch = get(nb)
            if not ch:
                continue
            on_line = tag is not None and (nb[0] == tag[1] if tag[0] == "r" else nb[1] == tag[1])
            if on_line:
                continue
            if is_covered(ch):
                raise PlacementError(f"cell {cell} would reveal a number next to covered cell {nb}")
            count += ch == "*"
        return str(count)


def composite(
    name: str,
    canvas: Canvas,
    ports: Iterable[tuple[str, Placed, str, Role]],
    rule: Mapping[str, str],
    summary: str,
    box: tuple[int, int, int, int] | None = None,
) -> Gadget:
    """Turn a canvas into a gadget whose ports are ports of the placed pieces.

    ``ports`` lists ``(new name, piece, its port name, role)``.
    """
    top, left, _, _ = box = box or canvas.box()
    grid = canvas.render(box)
    out = []
    for new, placed, old, role in ports:
        p = placed.port(old)
        out.append(dataclasses.replace(p, name=new, role=role, cell=(p.cell[0] - top, p.cell[1] - left)))
    return Gadget(name, grid, tuple(out), tuple(rule.items()), summary)


def demorgan_and(or_gadget: Gadget, not_gadget: Gadget) -> Gadget:
    """Build AND as NOT(NOT u OR NOT v): one completion for every input.

    Examples
    --------
    >>> from cnfsweep.gadgets.catalogue import get_gadget
    >>> g = get_gadget("and-demorgan")
    >>> g.rows, g.cols, g.evaluate({"u": True, "v": False})
    (14, 22, {'t': False})
    """
    c = Canvas()
    gate = c.stamp(or_gadget, (0, 0))
    not_u = c.attach(gate, "u", not_gadget.transformed(Orientation.ROT90), "b")
    not_v = c.attach(gate, "v", not_gadget, "b")
    not_t = c.attach(gate, "r", not_gadget, "a")
    return composite(
        "and-demorgan",
        c,
        [("u", not_u, "a", Role.INPUT), ("v", not_v, "a", Role.INPUT), ("t", not_t, "b", Role.OUTPUT)],
        {"t": "u & v"},
        "AND as NOT(NOT u OR NOT v): t = u AND v, one completion per input",
    )
