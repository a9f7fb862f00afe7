"""Tiles: gadgets composed onto a fixed grid so that any two neighbours join up.

A circuit is laid out on a grid of tiles.  Every tile row is :data:`BAND`
cells tall with its horizontal wire on row :data:`LINE`; a tile column carries
its vertical wire on column :data:`TRACK`.  Wires keep one phase across the
whole board: on horizontal wires the revealed numbers sit on columns divisible
by 3, on variable wires on rows divisible by 3 and on work wires on rows that
leave 1.  A tile's ports therefore always meet its neighbour's.

Tile functions are stated in the board's own terms: TRUE is a mine on the
cell just before a wire number (left of it, or above it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from cnfsweep.gadgets.compose import Canvas, LayoutError, Placed
from cnfsweep.gadgets.library import Coord, Direction, Gadget, Orientation, Port, Role, get_gadget

BAND = 18
"""Height of a tile row."""
LINE = 9
"""Row of a band's horizontal wire."""
TRACK = 5
"""Column of a tile's vertical wire."""
NARROW, WIDE = 9, 12
"""Widths of variable columns and of the inverter and work columns."""
VAR, WORK, ROW = 0, 1, 0
"""Residues (mod 3) of the wire numbers on variable, work and horizontal wires."""


@dataclass(frozen=True)
class Tile:
    """A kind of tile: how to draw it and what it computes.

    ``ports`` lists ``(name, side, role, residue)``; ``rule`` gives outputs as
    expressions over inputs and ``constraint`` an expression that must hold.
    """

    name: str
    width: int
    draw: Callable[[Canvas, int, int], None]
    ports: tuple[tuple[str, Direction, Role, int], ...]
    rule: tuple[tuple[str, str], ...] = ()
    constraint: str = ""
    summary: str = ""


def true_row(residue: int, top: int, side: Direction, height: int) -> int:
    """Return the row of the TRUE cell nearest a tile's top or bottom edge."""
    # TRUE sits just above a number: rows congruent to residue + 2.
    edge, outside = (top, top - 1) if side is Direction.N else (top + height - 1, top + height)
    for row in (edge, outside):
        if row % 3 == (residue + 2) % 3:
            return row
    raise LayoutError(f"no TRUE cell at the {side.name} edge for residue {residue}")


def true_col(residue: int, left: int, side: Direction, width: int) -> int:
    """Return the column of the TRUE cell nearest a tile's left or right edge."""
    edge, outside = (left, left - 1) if side is Direction.W else (left + width - 1, left + width)
    for col in (edge, outside):
        if col % 3 == (residue + 2) % 3:
            return col
    raise LayoutError(f"no TRUE cell at the {side.name} edge for residue {residue}")


def port_cell(tile: Tile, side: Direction, residue: int, top: int = 0, left: int = 0) -> Coord:
    """Return the reading cell of a tile's port on ``side``."""
    if side.horizontal:
        return top + LINE, true_col(residue, left, side, tile.width)
    return true_row(residue, top, side, BAND), left + TRACK


# -- drawing helpers -----------------------------------------------------------


def _vertical(c: Canvas, top: int, left: int, first: int, last: int, residue: int) -> None:
    """Draw the tile's vertical wire on rows ``first..last`` (relative, inclusive)."""
    if last >= first:
        c.line((top + first, left + TRACK), Direction.S, last - first + 1, residue)


def _horizontal(c: Canvas, top: int, left: int, first: int, last: int) -> None:
    if last >= first:
        c.line((top + LINE, left + first), Direction.E, last - first + 1, ROW)


def _stamp(c: Canvas, name: str, orientation: Orientation, top: int, left: int) -> Placed:
    return c.stamp(get_gadget(name, orientation), (top, left))


def _span(placed: Placed, top: int, left: int) -> tuple[int, int, int, int]:
    r, col = placed.origin
    return r - top, col - left, r - top + placed.gadget.rows - 1, col - left + placed.gadget.cols - 1


# -- the tiles -------------------------------------------------------------------


def draw_var(c: Canvas, top: int, left: int) -> None:
    """A variable wire passing straight down."""
    _vertical(c, top, left, 0, BAND - 1, VAR)


def draw_work(c: Canvas, top: int, left: int) -> None:
    """A work wire passing straight down."""
    _vertical(c, top, left, 0, BAND - 1, WORK)


def draw_pass(c: Canvas, top: int, left: int, width: int) -> None:
    """A horizontal wire passing straight across."""
    _horizontal(c, top, left, 0, width - 1)


def draw_cross(c: Canvas, top: int, left: int) -> None:
    """A variable wire crossing the band's horizontal wire (compact crossover, transposed)."""
    x = _stamp(c, "crossover", Orientation.TRANSPOSE, top + LINE - 5, left + TRACK - 4)
    r0, c0, r1, c1 = _span(x, top, left)
    _vertical(c, top, left, 0, r0 - 1, VAR)
    _vertical(c, top, left, r1 + 1, BAND - 1, VAR)
    _horizontal(c, top, left, 0, c0 - 1)
    _horizontal(c, top, left, c1 + 1, NARROW - 1)


def draw_tee(c: Canvas, top: int, left: int) -> None:
    """Copy a variable eastwards: NOT, splitter, NOT (the NOTs put the splitter in phase)."""
    split = _stamp(c, "split", Orientation.FLIP_H, top + LINE - 2, left + TRACK - 2)
    above = c.attach(split, "b", get_gadget("not", Orientation.ROT90), "b")
    below = c.attach(split, "c", get_gadget("not", Orientation.ROT90), "a")
    _vertical(c, top, left, 0, _span(above, top, left)[0] - 1, VAR)
    _vertical(c, top, left, _span(below, top, left)[2] + 1, BAND - 1, VAR)
    _horizontal(c, top, left, _span(split, top, left)[3] + 1, NARROW - 1)


def draw_invert(c: Canvas, top: int, left: int) -> None:
    """Invert the band's horizontal wire (grid-aligned NOT)."""
    gate = _stamp(c, "not-aligned", Orientation.IDENTITY, top + LINE - 2, left + 2)
    _horizontal(c, top, left, 0, 1)
    _horizontal(c, top, left, _span(gate, top, left)[3] + 1, WIDE - 1)


def draw_load(c: Canvas, top: int, left: int) -> None:
    """Turn the band's wire down into a work wire (turn, then NOT to reach the work phase)."""
    turn = _stamp(c, "turn", Orientation.IDENTITY, top + LINE - 2, left + TRACK - 3)
    flip = c.attach(turn, "b", get_gadget("not", Orientation.ROT90), "a")
    _horizontal(c, top, left, 0, _span(turn, top, left)[1] - 1)
    _vertical(c, top, left, _span(flip, top, left)[2] + 1, BAND - 1, WORK)


def _gate(c: Canvas, top: int, left: int) -> Placed:
    gate = _stamp(c, "or", Orientation.TRANSPOSE, top + LINE - 3, left + TRACK - 3)
    r0, c0, r1, _ = _span(gate, top, left)
    _vertical(c, top, left, 0, r0 - 1, WORK)
    _horizontal(c, top, left, 0, c0 - 1)
    if r1 != BAND - 1:
        raise LayoutError("the OR gate must end on the band's last row")
    return gate


def draw_or(c: Canvas, top: int, left: int) -> None:
    """OR of the work wire (from above) and the band's wire (from the left)."""
    _gate(c, top, left)


def draw_or_true(c: Canvas, top: int, left: int) -> None:
    """OR of the work wire and the band's wire, forced TRUE by a known mine below."""
    gate = _gate(c, top, left)
    c.force(gate.port("r").cell) if gate.port("r").cell in c.cells else _force_outside(c, gate)


def _force_outside(c: Canvas, gate: Placed) -> None:
    # The OR's output reading cell is the first cell below the band: draw one
    # wire cell there and make it a known mine.
    end = c.run(gate, "r", 1)
    c.force(end)


def draw_empty(c: Canvas, top: int, left: int) -> None:
    """Nothing: the fill becomes revealed zeros."""


N, S, W, E = Direction.N, Direction.S, Direction.W, Direction.E
IN, OUT = Role.INPUT, Role.OUTPUT

TILES = {
    t.name: t
    for t in [
        Tile("var", NARROW, draw_var, (("n", N, IN, VAR), ("s", S, OUT, VAR)), (("s", "n"),),
             summary="variable wire"),
        Tile("cross", NARROW, draw_cross, (("n", N, IN, VAR), ("w", W, IN, ROW), ("s", S, OUT, VAR),
                                           ("e", E, OUT, ROW)), (("s", "n"), ("e", "w")),
             summary="variable wire crossing the band's wire"),
        Tile("tee", NARROW, draw_tee, (("n", N, IN, VAR), ("s", S, OUT, VAR), ("e", E, OUT, ROW)),
             (("s", "~n"), ("e", "~n")), summary="variable wire copied to the east; both leave inverted"),
        Tile("pass", WIDE, lambda c, t, l: draw_pass(c, t, l, WIDE), (("w", W, IN, ROW), ("e", E, OUT, ROW)),
             (("e", "w"),), summary="band wire passing"),
        Tile("invert", WIDE, draw_invert, (("w", W, IN, ROW), ("e", E, OUT, ROW)), (("e", "~w"),),
             summary="band wire inverted"),
        Tile("load", WIDE, draw_load, (("w", W, IN, ROW), ("s", S, OUT, WORK)), (("s", "~w"),),
             summary="band wire turned down into a work wire, inverted"),
        Tile("or", WIDE, draw_or, (("n", N, IN, WORK), ("w", W, IN, ROW), ("s", S, OUT, WORK)),
             (("s", "n | w"),), summary="work wire OR band wire"),
        Tile("or-true", WIDE, draw_or_true, (("n", N, IN, WORK), ("w", W, IN, ROW)), constraint="n | w",
             summary="work wire OR band wire, forced TRUE"),
        Tile("work", WIDE, draw_work, (("n", N, IN, WORK), ("s", S, OUT, WORK)), (("s", "n"),),
             summary="work wire"),
        Tile("empty", NARROW, draw_empty, ()),
    ]
}


@cache
def tile_gadget(name: str) -> Gadget:
    """Return a tile drawn alone, as a gadget with ports on its edges.

    Examples
    --------
    >>> g = tile_gadget("cross")
    >>> g.rows, g.cols, [p.name for p in g.ports]
    (18, 9, ['n', 'w', 's', 'e'])
    """
    tile = TILES[name]
    c = Canvas()
    tile.draw(c, 0, 0)
    box = (0, 0, BAND - 1, tile.width - 1)
    if name == "or-true":
        box = (0, 0, BAND + 1, tile.width - 1)  # the known mine sits just below the band
    grid = c.render(box)
    probe = Gadget(name, grid, (), (), "")
    ports = []
    for pname, side, role, residue in tile.ports:
        cell = port_cell(tile, side, residue)
        phase = probe.phase_of(Port(pname, cell, side, role, 0))
        ports.append(Port(pname, cell, side, role, phase))
    return Gadget(f"tile:{name}", grid, tuple(ports), tile.rule, tile.summary or name, constraint=tile.constraint)
