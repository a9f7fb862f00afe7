"""Tiles: gadgets composed onto a fixed grid so that any two neighbours join up.

A circuit is laid out on a grid of tiles.  Every tile row is :data:`BAND`
cells tall with its horizontal wire on row :data:`LINE`; a tile column carries
its vertical wire on column :data:`TRACK`, its middle, so that a tile and its
mirror image (for wires running west) share their vertical wire.  Wires keep
one phase across the board: in tile coordinates, revealed wire numbers sit
on rows divisible by 3 on variable wires, on rows that leave 1 on work wires,
and on columns that leave 2 on eastward wires (0 on westward ones).  A tile's ports therefore
always meet its neighbour's.

Tile functions are stated in the board's own terms: TRUE is a mine on the
cell just before a wire number (left of it, or above it).  A mirrored tile
reads its horizontal ports the other way round; :func:`mirrored_rule` says
what that does to its rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from cnfsweep.gadgets.compose import Canvas, PlacementError, Placed
from cnfsweep.gadgets.library import (
    Coord,
    Direction,
    Gadget,
    Orientation,
    Port,
    Role,
    base_gadget,
)

BAND = 18
"""Height of a tile row."""
LINE = 9
"""Row of a band's horizontal wire."""
TRACK = 4
"""Column of a tile's vertical wire: the middle of a narrow tile."""
NARROW, WIDE = 9, 12
"""Widths of variable columns and of the inverter and work columns."""
VAR, WORK, ROW = 0, 1, 2
"""Residues (mod 3) of the wire numbers on variable, work and horizontal wires."""


@dataclass(frozen=True)
class Tile:
    """A kind of tile: how to draw it and what it computes.

    ``ports`` lists ``(name, side, role, residue)``; ``rule`` gives outputs as
    expressions over inputs and ``constraint`` an expression that must hold.
    A tile where a variable starts draws a cell that reads it (a mine there
    means TRUE) and returns that cell; ``reads`` says what the cell holds
    over the ports (``""`` when the tile has none: the variable is free).
    """

    name: str
    width: int
    draw: Callable[[Canvas, int, int], Coord | None]
    ports: tuple[tuple[str, Direction, Role, int], ...]
    rule: tuple[tuple[str, str], ...] = ()
    constraint: str = ""
    summary: str = ""
    reads: str | None = None


def _true_near(edge: int, step: int, residue: int) -> int:
    # TRUE sits just before a number: coordinates congruent to residue + 2.
    for k in (0, -1, 1):
        if (edge - k * step) % 3 == (residue + 2) % 3:
            return edge - k * step
    raise AssertionError("unreachable")


def port_cell(tile: Tile, side: Direction, residue: int, mirror: bool = False) -> Coord:
    """Return the reading cell of a tile's port on ``side``: its edge cell, the
    one inside it or the first one outside, whichever is a TRUE cell.
    """
    step = sum(side.value)
    if side.horizontal:
        edge = 0 if side is Direction.W else tile.width - 1
        return LINE, _true_near(edge, step, residue)
    edge = 0 if side is Direction.N else BAND - 1
    return _true_near(edge, step, residue), tile.width - 1 - TRACK if mirror else TRACK


# -- drawing helpers -----------------------------------------------------------


def _vertical(c: Canvas, top: int, left: int, first: int, last: int, residue: int) -> None:
    """Draw the tile's vertical wire on rows ``first..last`` (relative, inclusive)."""
    if last >= first:
        c.line((top + first, left + TRACK), Direction.S, last - first + 1, residue)


def _horizontal(c: Canvas, top: int, left: int, first: int, last: int) -> None:
    if last >= first:
        c.line((top + LINE, left + first), Direction.E, last - first + 1, ROW)


def _stamp(c: Canvas, name: str, orientation: Orientation, top: int, left: int) -> Placed:
    return c.stamp(base_gadget(name, orientation), (top, left))


def _span(placed: Placed, top: int, left: int) -> tuple[int, int, int, int]:
    r, col = placed.origin
    return r - top, col - left, r - top + placed.gadget.rows - 1, col - left + placed.gadget.cols - 1


# -- the tiles -------------------------------------------------------------------


def draw_var(c: Canvas, top: int, left: int) -> None:
    """Draw a variable wire passing straight down."""
    _vertical(c, top, left, 0, BAND - 1, VAR)


def draw_work(c: Canvas, top: int, left: int) -> None:
    """Draw a work wire passing straight down."""
    _vertical(c, top, left, 0, BAND - 1, WORK)


def draw_pass(c: Canvas, top: int, left: int, width: int) -> None:
    """Draw a horizontal wire passing straight across."""
    _horizontal(c, top, left, 0, width - 1)


def draw_cross(c: Canvas, top: int, left: int) -> None:
    """Draw a variable wire crossing the band's wire (the compact crossover, transposed)."""
    x = _stamp(c, "crossover", Orientation.TRANSPOSE, top + LINE - 5, left + TRACK - 4)
    r0, c0, r1, c1 = _span(x, top, left)
    _vertical(c, top, left, 0, r0 - 1, VAR)
    _vertical(c, top, left, r1 + 1, BAND - 1, VAR)
    _horizontal(c, top, left, 0, c0 - 1)
    _horizontal(c, top, left, c1 + 1, NARROW - 1)


def _tee(c: Canvas, top: int, left: int, start: bool, end: bool) -> Coord | None:
    """Draw a variable wire copied eastwards; a wire that starts or ends here is capped instead.

    Returns the cell that reads a variable starting here (``None`` when it comes from above).
    """
    split = _stamp(c, "split", Orientation.FLIP_H, top + LINE - 2, left + TRACK - 2)
    cell = None
    if start:
        # A terminator allows either value: the variable is free from here on.
        c.attach(split, "b", base_gadget("terminator", Orientation.ROT270), "a")
        cell = split.port("b").cell
    else:
        above = c.attach(split, "b", base_gadget("not", Orientation.ROT90), "b")
        _vertical(c, top, left, 0, _span(above, top, left)[0] - 1, VAR)
    if end:
        c.attach(split, "c", base_gadget("terminator", Orientation.ROT90), "a")
    else:
        below = c.attach(split, "c", base_gadget("not", Orientation.ROT90), "a")
        _vertical(c, top, left, _span(below, top, left)[2] + 1, BAND - 1, VAR)
    _horizontal(c, top, left, _span(split, top, left)[3] + 1, NARROW - 1)
    return cell


def draw_tee(c: Canvas, top: int, left: int) -> None:
    """Draw a variable wire copied eastwards: NOT, splitter, NOT (the NOTs put the splitter in phase)."""
    _tee(c, top, left, start=False, end=False)


def draw_tee_start(c: Canvas, top: int, left: int) -> Coord | None:
    """Draw a variable that starts here, free, copied eastwards and continuing down."""
    return _tee(c, top, left, start=True, end=False)


def draw_tee_end(c: Canvas, top: int, left: int) -> None:
    """Draw a variable wire copied eastwards for the last time: it ends here."""
    _tee(c, top, left, start=False, end=True)


def draw_tee_once(c: Canvas, top: int, left: int) -> Coord | None:
    """Draw a variable used only here: free, copied eastwards, no wire above or below."""
    return _tee(c, top, left, start=True, end=True)


def draw_free(c: Canvas, top: int, left: int) -> Coord | None:
    """Draw a variable used nowhere: a short wire capped at both ends, either value."""
    cap = c.stamp(base_gadget("terminator", Orientation.ROT270), (top + LINE - 5, left + TRACK - 2))
    c.attach(cap, "a", base_gadget("terminator", Orientation.ROT90), "a", min_gap=3)
    return cap.port("a").cell


def draw_invert(c: Canvas, top: int, left: int) -> None:
    """Draw the band's wire through a grid-aligned NOT."""
    gate = _stamp(c, "not-aligned", Orientation.IDENTITY, top + LINE - 2, left + 1)
    _horizontal(c, top, left, 0, 0)
    _horizontal(c, top, left, _span(gate, top, left)[3] + 1, WIDE - 1)


def draw_load(c: Canvas, top: int, left: int) -> None:
    """Draw the band's wire turning down into a work wire (turn, then a NOT for the work phase)."""
    turn = _stamp(c, "turn", Orientation.IDENTITY, top + LINE - 2, left + TRACK - 3)
    flip = c.attach(turn, "b", base_gadget("not", Orientation.ROT90), "a")
    _horizontal(c, top, left, 0, _span(turn, top, left)[1] - 1)
    _vertical(c, top, left, _span(flip, top, left)[2] + 1, BAND - 1, WORK)


def draw_load_true(c: Canvas, top: int, left: int) -> None:
    """Draw the band's wire turning down, inverted, into a known mine: a clause of one literal."""
    turn = _stamp(c, "turn", Orientation.IDENTITY, top + LINE - 2, left + TRACK - 3)
    flip = c.attach(turn, "b", base_gadget("not", Orientation.ROT90), "a")
    _horizontal(c, top, left, 0, _span(turn, top, left)[1] - 1)
    # As under an OR forced TRUE: one wire cell past the NOT, a known mine.
    c.force(c.run(flip, "b", 1))


def _gate(c: Canvas, top: int, left: int) -> Placed:
    gate = _stamp(c, "or", Orientation.TRANSPOSE, top + LINE - 3, left + TRACK - 3)
    r0, c0, r1, _ = _span(gate, top, left)
    _vertical(c, top, left, 0, r0 - 1, WORK)
    _horizontal(c, top, left, 0, c0 - 1)
    if r1 != BAND - 1:
        raise PlacementError("the OR gate must end on the band's last row")
    return gate


def draw_or(c: Canvas, top: int, left: int) -> None:
    """Draw an OR of the work wire (from above) and the band's wire (from the left)."""
    _gate(c, top, left)


def draw_or_true(c: Canvas, top: int, left: int) -> None:
    """Draw an OR of the work wire and the band's wire, forced TRUE by a known mine below."""
    gate = _gate(c, top, left)
    # The OR's output reading cell is the first cell below the band: draw that
    # one wire cell and make it a known mine (the tile below keeps it clear).
    c.force(c.run(gate, "r", 1))


def draw_empty(c: Canvas, top: int, left: int) -> None:
    """Draw nothing: the fill becomes revealed zeros."""


N, S, W, E = Direction.N, Direction.S, Direction.W, Direction.E
IN, OUT = Role.INPUT, Role.OUTPUT

TILES = {
    t.name: t
    for t in [
        Tile("var", NARROW, draw_var, (("n", N, IN, VAR), ("s", S, OUT, VAR)), (("s", "n"),), summary="variable wire"),
        Tile(
            "cross",
            NARROW,
            draw_cross,
            (("n", N, IN, VAR), ("w", W, IN, ROW), ("s", S, OUT, VAR), ("e", E, OUT, ROW)),
            (("s", "n"), ("e", "w")),
            summary="variable wire crossing the band's wire",
        ),
        Tile(
            "tee",
            NARROW,
            draw_tee,
            (("n", N, IN, VAR), ("s", S, OUT, VAR), ("e", E, OUT, ROW)),
            (("s", "~n"), ("e", "~n")),
            summary="variable wire copied to the east; both leave inverted",
        ),
        Tile(
            "tee-start",
            NARROW,
            draw_tee_start,
            (("e", E, IN, ROW), ("s", S, OUT, VAR)),
            (("s", "e"),),
            summary="variable starting here, copied to the east",
            reads="~e",
        ),
        Tile(
            "tee-end",
            NARROW,
            draw_tee_end,
            (("n", N, IN, VAR), ("e", E, OUT, ROW)),
            (("e", "~n"),),
            summary="variable wire copied to the east for the last time, inverted",
        ),
        Tile(
            "tee-once",
            NARROW,
            draw_tee_once,
            (("e", E, IN, ROW),),
            summary="variable used only here, copied to the east",
            reads="~e",
        ),
        Tile("free", NARROW, draw_free, (), summary="variable used nowhere, either value", reads=""),
        Tile(
            "span",
            NARROW,
            lambda c, t, left: draw_pass(c, t, left, NARROW),
            (("w", W, IN, ROW), ("e", E, OUT, ROW)),
            (("e", "w"),),
            summary="band wire passing a column with no variable",
        ),
        Tile(
            "pass",
            WIDE,
            lambda c, t, left: draw_pass(c, t, left, WIDE),
            (("w", W, IN, ROW), ("e", E, OUT, ROW)),
            (("e", "w"),),
            summary="band wire passing",
        ),
        Tile(
            "invert",
            WIDE,
            draw_invert,
            (("w", W, IN, ROW), ("e", E, OUT, ROW)),
            (("e", "~w"),),
            summary="band wire inverted",
        ),
        Tile(
            "load",
            WIDE,
            draw_load,
            (("w", W, IN, ROW), ("s", S, OUT, WORK)),
            (("s", "~w"),),
            summary="band wire turned down into a work wire, inverted",
        ),
        Tile(
            "load-true",
            WIDE,
            draw_load_true,
            (("w", W, IN, ROW),),
            constraint="~w",
            summary="band wire turned down, inverted, and forced TRUE: a clause of one literal",
        ),
        Tile(
            "or",
            WIDE,
            draw_or,
            (("n", N, IN, WORK), ("w", W, IN, ROW), ("s", S, OUT, WORK)),
            (("s", "n | w"),),
            summary="work wire OR band wire",
        ),
        Tile(
            "or-true",
            WIDE,
            draw_or_true,
            (("n", N, IN, WORK), ("w", W, IN, ROW)),
            constraint="n | w",
            summary="work wire OR band wire, forced TRUE",
        ),
        Tile("work", WIDE, draw_work, (("n", N, IN, WORK), ("s", S, OUT, WORK)), (("s", "n"),), summary="work wire"),
        Tile("empty", NARROW, draw_empty, ()),
    ]
}


@cache
def _drawn(name: str) -> tuple[tuple[tuple[Coord, str], ...], tuple[tuple[Coord, tuple[str, int]], ...], Coord | None]:
    """Draw tile ``name`` once at the origin: its cells, its wire numbers and its variable's cell."""
    scratch = Canvas()
    cell = TILES[name].draw(scratch, 0, 0)
    return tuple(scratch.cells.items()), tuple(scratch.wire_numbers.items()), cell


def draw(canvas: Canvas, name: str, top: int, left: int, mirror: bool = False) -> Coord | None:
    """Draw tile ``name`` with its top-left cell at ``(top, left)``, mirrored left to right if asked.

    Returns the cell that reads the variable starting in the tile, if one does.
    """
    tile = TILES[name]
    cells, numbers, cell = _drawn(name)

    def move(cell: Coord) -> Coord:
        return top + cell[0], left + (tile.width - 1 - cell[1] if mirror else cell[1])

    for at, ch in cells:
        canvas.put(move(at), ch)
    for at, (axis, line) in numbers:
        canvas.wire_numbers[move(at)] = (axis, top + line) if axis == "r" else (axis, move((0, line))[1])
    return None if cell is None else move(cell)


def _rewrite(tile: Tile, expr: str) -> str:
    # Port names are single letters: a mirrored tile reads each horizontal one inverted.
    flipped = {name for name, side, _, _ in tile.ports if side.horizontal}
    return "".join(f"~{t}" if t in flipped else t for t in expr)


def mirrored_rule(tile: Tile) -> tuple[tuple[tuple[str, str], ...], str]:
    """Return the rule and constraint of ``tile`` mirrored: horizontal ports read inverted.

    Examples
    --------
    >>> mirrored_rule(TILES["tee"])
    ((('s', '~n'), ('e', '~(~n)')), '')
    """
    flipped = {name for name, side, _, _ in tile.ports if side.horizontal}
    rule = tuple((out, f"~({_rewrite(tile, e)})" if out in flipped else _rewrite(tile, e)) for out, e in tile.rule)
    return rule, _rewrite(tile, tile.constraint)


def variable_cell(name: str, mirror: bool = False) -> tuple[Coord, str] | None:
    """Return the cell of tile ``name`` that reads the variable starting there, and what it reads.

    What it reads is an expression over the tile's ports (``""`` for a free
    variable); ``None`` when no variable starts in the tile.

    Examples
    --------
    >>> variable_cell("tee-start"), variable_cell("tee-start", mirror=True), variable_cell("tee")
    (((6, 4), '~e'), ((6, 4), '~~e'), None)
    """
    tile = TILES[name]
    if tile.reads is None:
        return None
    cell = draw(Canvas(), name, 0, 0, mirror)
    assert cell is not None, f"tile {name} reads a variable but draws no cell for it"
    return cell, _rewrite(tile, tile.reads) if mirror else tile.reads


@cache
def tile_gadget(name: str, mirror: bool = False) -> Gadget:
    """Return a tile drawn alone, as a gadget with ports on its edges.

    Examples
    --------
    >>> g = tile_gadget("cross")
    >>> g.rows, g.cols, [p.name for p in g.ports]
    (18, 9, ['n', 'w', 's', 'e'])
    """
    tile = TILES[name]
    c = Canvas()
    draw(c, name, 0, 0, mirror)
    box = (0, 0, BAND - 1, tile.width - 1)
    if name in ("or-true", "load-true"):
        box = (0, 0, BAND + 1, tile.width - 1)  # the known mine sits just below the band
    grid = c.render(box)
    probe = Gadget(name, grid, (), (), "")
    ports = []
    for pname, planned, role, planned_residue in tile.ports:
        side, residue = planned, planned_residue
        if mirror and side.horizontal:
            # A mirrored eastward wire runs westward with its numbers on columns divisible by 3.
            side, residue = side.opposite, (tile.width - 1 - residue) % 3
        cell = port_cell(tile, side, residue, mirror)
        phase = probe.phase_of(Port(pname, cell, side, role, 0))
        ports.append(Port(pname, cell, side, role, phase))
    rule, constraint = mirrored_rule(tile) if mirror else (tile.rule, tile.constraint)
    label = f"tile:{name}" + (":mirrored" if mirror else "")
    return Gadget(label, grid, tuple(ports), rule, tile.summary or name, constraint=constraint)
