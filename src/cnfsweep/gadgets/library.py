"""Kaye's circuit gadgets as data: a grid, named ports, a Boolean rule.

Grids come from ``kaye-gadgets.md`` (Kaye 2000 and 2007, as commonly
transcribed; every one re-checked by enumeration in ``tests/test_gadgets.py``).
Digits are revealed numbers, ``*`` known mines and letters covered cells
(upper and lower case of one letter are complementary).  A wire is a row of
covered cells in which every third cell is a number: the covered cells come
in pairs, and neighbouring covered cells always hold opposite values.  TRUE
means a mine on the wire's *reading* cell.

A :class:`Port` names one such reading cell, either on the gadget's edge or
just outside it (the first cell of the wire attached there), and the side it
faces.  One grid per gadget is stored; :meth:`Gadget.transformed` gives the
seven other orientations of the dihedral group, ports included.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from functools import cache

from cnfsweep.core.errors import CnfsweepError
from cnfsweep.gadgets.circuit import parse_expression
from cnfsweep.gadgets.geometry import Coord, Direction, Orientation

__all__ = [
    "Coord",
    "Direction",
    "Gadget",
    "Orientation",
    "Port",
    "Role",
    "base_gadget",
    "is_covered",
    "orientation_named",
    "stored_gadgets",
]


class Role(Enum):
    """Whether the circuit drives a port (input) or the gadget does (output)."""

    INPUT = "input"
    OUTPUT = "output"


@dataclass(frozen=True)
class Port:
    """A named wire end of a gadget.

    Attributes
    ----------
    name : str
        One letter; it labels the reading cell when the gadget is printed.
    cell : tuple of int
        The reading cell (TRUE = a mine there), in the grid's coordinates: on
        the port's wire near the edge (at most two cells inside) or the first
        cell outside it.
    direction : Direction
        The side the port faces: the attached wire runs that way.
    role : Role
    phase : int
        Steps from the reading cell, outwards along the wire, to the wire's next
        revealed number (1 or 2).  Two ports of one straight wire whose phases,
        counted the same way along it, differ read complementary cells.
    """

    name: str
    cell: Coord
    direction: Direction
    role: Role
    phase: int


@dataclass(frozen=True)
class Gadget:
    """A circuit piece: a grid of board characters, ports and what it computes.

    Attributes
    ----------
    rule : tuple of (str, str)
        Each output port's value as an expression over input port names
        (``"u | v"``, ``"~a"``); empty for a gadget without outputs.
    constraint : str
        An expression over the inputs that must hold: other inputs have no
        layout (a gate whose output is forced TRUE); empty when any input fits.
    completions : int
        Layouts of the grid per allowed input assignment, when that is the same
        for every assignment; 0 when it varies (see ``note``).

    Examples
    --------
    >>> g = base_gadget("not")
    >>> g.rows, g.cols, [p.name for p in g.ports]
    (5, 5, ['a', 'b'])
    >>> g.evaluate({"a": True})
    {'b': False}
    >>> g.transformed(Orientation.ROT90).port("b")
    Port(name='b', cell=(5, 2), direction=<Direction.S: (1, 0)>, role=<Role.OUTPUT: 'output'>, phase=1)
    """

    name: str
    grid: tuple[str, ...]
    ports: tuple[Port, ...]
    rule: tuple[tuple[str, str], ...]
    summary: str
    orientation: Orientation = Orientation.IDENTITY
    constraint: str = ""
    completions: int = 1
    note: str = ""

    @property
    def rows(self) -> int:
        """Number of grid rows."""
        return len(self.grid)

    @property
    def cols(self) -> int:
        """Number of grid columns."""
        return len(self.grid[0])

    def port(self, name: str) -> Port:
        """Return the port called ``name``."""
        for p in self.ports:
            if p.name == name:
                return p
        raise CnfsweepError(f"gadget {self.name!r} has no port {name!r}")

    @property
    def inputs(self) -> tuple[Port, ...]:
        """The input ports, in order."""
        return tuple(p for p in self.ports if p.role is Role.INPUT)

    @property
    def outputs(self) -> tuple[Port, ...]:
        """The output ports, in order."""
        return tuple(p for p in self.ports if p.role is Role.OUTPUT)

    def char(self, cell: Coord) -> str | None:
        """Return the grid character at ``cell``, or ``None`` outside the grid."""
        r, c = cell
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return self.grid[r][c]
        return None

    def edge_cell(self, port: Port) -> Coord:
        """Return the last grid cell on the port's wire line, walking outwards."""
        dr, dc = port.direction.value
        r, c = port.cell
        if self.char((r, c)) is None:
            return r - dr, c - dc
        while self.char((r + dr, c + dc)) is not None:
            r, c = r + dr, c + dc
        return r, c

    def number_offset(self, port: Port) -> int:
        """Steps from the edge cell, outwards, to the attached wire's first number (0-2)."""
        edge = self.edge_cell(port)
        if self.char(edge) in NUMBERS:
            return 0
        dr, dc = port.direction.value
        inner = self.char((edge[0] - dr, edge[1] - dc))
        # A covered edge cell pairs with the cell outside it unless it already
        # pairs with the covered cell inside.
        return 1 if inner is not None and is_covered(inner) else 2

    def phase_of(self, port: Port) -> int:
        """Return the phase that the grid gives ``port`` (see :class:`Port`)."""
        dr, dc = port.direction.value
        edge = self.edge_cell(port)
        cell, steps = port.cell, 0
        while True:
            cell, steps = (cell[0] + dr, cell[1] + dc), steps + 1
            ch = self.char(cell)
            if ch is None:
                # Past the edge the attached wire has a number every third cell.
                beyond = abs(cell[0] - edge[0]) + abs(cell[1] - edge[1])
                steps += (self.number_offset(port) - beyond) % 3
                return steps
            if ch in NUMBERS:
                return steps

    def evaluate(self, inputs: dict[str, bool]) -> dict[str, bool] | None:
        """Return the output values that ``rule`` gives, or ``None`` if ``constraint`` fails."""
        if self.constraint and not parse_expression(self.constraint).evaluate(inputs):
            return None
        return {out: parse_expression(expr).evaluate(inputs) for out, expr in self.rule}

    def transformed(self, orientation: Orientation) -> Gadget:
        """Return the gadget rotated or reflected by ``orientation``.

        Examples
        --------
        >>> print("\\n".join(base_gadget("turn").transformed(Orientation.FLIP_V).grid))
        001X10
        001221
        112x*2
        x2X**2
        12**31
        012210
        """
        if orientation is Orientation.IDENTITY:
            return self
        h, w = self.rows, self.cols
        nh, nw = orientation.shape(h, w)
        cells = [[""] * nw for _ in range(nh)]
        for r in range(h):
            for c in range(w):
                nr, nc = orientation.cell((r, c), h, w)
                cells[nr][nc] = self.grid[r][c]
        ports = tuple(
            dataclasses.replace(p, cell=orientation.cell(p.cell, h, w), direction=orientation.direction(p.direction))
            for p in self.ports
        )
        return dataclasses.replace(
            self,
            grid=tuple("".join(row) for row in cells),
            ports=ports,
            orientation=self.orientation.then(orientation),
        )


NUMBERS = frozenset("012345678")


def is_covered(char: str) -> bool:
    """Tell whether a grid character is a covered cell (``.`` or a letter).

    Examples
    --------
    >>> is_covered("x"), is_covered("*"), is_covered("3")
    (True, False, False)
    """
    return char == "." or (char.isalpha() and char != "F")


def _port(name: str, cell: Coord, direction: str, role: str, phase: int) -> Port:
    return Port(name, cell, Direction[direction], Role(role), phase)


def _gadget(name: str, rows: str, ports: list[Port], rule: dict[str, str], summary: str, **kw: object) -> Gadget:
    return Gadget(name, tuple(rows.split()), tuple(ports), tuple(rule.items()), summary, **kw)  # type: ignore[arg-type]


IN, OUT = "input", "output"

_BASE = [
    _gadget(
        "wire",
        "000 111 x1X 111 000",
        [_port("a", (2, 0), "W", IN, 2), _port("b", (2, 3), "E", OUT, 1)],
        {"b": "a"},
        "horizontal wire tile (period 3): b = a",
    ),
    _gadget(
        "turn",
        "012210 12**31 x2X**2 112x*2 001221 001X10",
        [_port("a", (2, 0), "W", IN, 2), _port("b", (6, 3), "S", OUT, 1)],
        {"b": "a"},
        "turn from west to south: b = a",
    ),
    _gadget(
        "phase-1",
        "0112110 12*3*21 x3X5x3X 12*3*21 0112110",
        [_port("a", (2, 0), "W", IN, 2), _port("b", (2, 7), "E", OUT, 1)],
        {"b": "a"},
        "phase shifter, length 1 mod 3: b = a",
    ),
    _gadget(
        "phase-2",
        "01121212110 12*3*3*3*21 x3X5x5X5x3X 12*3*3*3*21 01121212110",
        [_port("a", (2, 0), "W", IN, 2), _port("b", (2, 11), "E", OUT, 1)],
        {"b": "a"},
        "phase shifter, length 2 mod 3: b = a",
    ),
    _gadget(
        "not",
        "01110 12*21 x3X3x 12*21 01110",
        [_port("a", (2, 0), "W", IN, 2), _port("b", (2, 5), "E", OUT, 1)],
        {"b": "~a"},
        "NOT, length 2 mod 3: b = NOT a",
    ),
    _gadget(
        "not-aligned",
        "011212110 12*3*3*21 x3X5x5X3x 12*3*3*21 011212110",
        [_port("a", (2, 0), "W", IN, 2), _port("b", (2, 9), "E", OUT, 1)],
        {"b": "~a"},
        "NOT, length 0 mod 3 (grid-aligned): b = NOT a",
    ),
    # kaye-gadgets.md says the terminator caps a wire arriving from the west, but
    # its covered end cell faces east; stored mirrored so that the text holds.
    _gadget(
        "terminator",
        "111 3*2 x*3 3*2 111",
        [_port("a", (2, 0), "W", IN, 2)],
        {},
        "terminator: caps a wire, either value allowed",
    ),
    _gadget(
        "split",
        "02X31 24**1 x**52 24**1 02X31",
        [_port("a", (2, 0), "W", IN, 2), _port("b", (-1, 2), "N", OUT, 1), _port("c", (5, 2), "S", OUT, 1)],
        {"b": "a", "c": "a"},
        "two-way splitter: b = c = a",
    ),
    _gadget(
        "split3",
        "001X100 0011100 111x111 x1X2X1x 111x111 0011100 001X100",
        [
            _port("a", (3, 0), "W", IN, 2),
            _port("b", (-1, 3), "N", OUT, 1),
            _port("c", (7, 3), "S", OUT, 1),
            _port("d", (3, 7), "E", OUT, 1),
        ],
        {"b": "a", "c": "a", "d": "~a"},
        "three-way splitter: b = c = a, d = NOT a",
    ),
    _gadget(
        "crossover",
        "00001s100000 00001S100000 000011100000 11112s211111 rR1rRSrR1rR1 111122211111",
        [
            _port("a", (0, 5), "N", IN, 1),
            _port("b", (4, 0), "W", IN, 1),
            _port("c", (6, 5), "S", OUT, 2),
            _port("d", (4, 12), "E", OUT, 2),
        ],
        {"c": "a", "d": "b"},
        "crossover: c = a (top to bottom), d = b (left to right)",
    ),
    _gadget(
        "and",
        """01u100000000000000000 011100122101110111000 01U1002**323*212*3210 01u1124*sabcT3tT3**20
                   12211**4*323*2112t*20 2*U224S31101110012210 2**3uUs2111111111T111 245*4*4tT1tT1tT1t2t1T
                   2**3vVr2111111111T111 2*V224R31101110012210 12211**4*323*2112t*20 01v1124*rijkT3tT3**20
                   01V1002**323*212*3210 011100122101110111000 01v100000000000000000""",
        [_port("u", (0, 2), "N", IN, 2), _port("v", (14, 2), "S", IN, 2), _port("t", (7, 21), "E", OUT, 1)],
        {"t": "u & v"},
        "AND (Kaye): t = u AND v",
        completions=0,
        note="two completions when u = v = FALSE; and-demorgan has one per input",
    ),
    _gadget(
        "or",
        """001u10123210 0123211***10 12*U*223R321 v3V6rR1r2r1R 12*s*543R221 024*****4*10
                  02*Sabcr*310 02**323**200 012210122100""",
        [_port("u", (0, 3), "N", IN, 2), _port("v", (3, 0), "W", IN, 2), _port("r", (3, 12), "E", OUT, 1)],
        {"r": "u | v"},
        "OR: r = u OR v",
    ),
    _gadget(
        "xor",
        """11111101110 2*33*212*21 u3**3wW3w3W 12UW2112*21 12332223210 3*uw*3**210 v*V6x5X6*20
                   23*x*3*x*20 0235332X210 01*X*111100 0234222x100 02*x12*X210 02*5X4x5*10 012**3**210
                   00122222100""",
        [_port("u", (2, 0), "W", IN, 2), _port("v", (6, 0), "W", IN, 2), _port("w", (2, 11), "E", OUT, 1)],
        {"w": "u ^ v"},
        "XOR: w = u XOR v",
    ),
]

ALIASES = {"wire-v": ("wire", Orientation.TRANSPOSE)}
"""Names for a stored gadget in another orientation."""


def base_gadget(name: str, orientation: Orientation | str = Orientation.IDENTITY) -> Gadget:
    """Return a stored gadget (not a composite or a tile) in ``orientation``.

    Examples
    --------
    >>> base_gadget("wire", "rot90").grid
    ('01x10', '01110', '01X10')
    """
    table = stored_gadgets()
    orientation = orientation_named(orientation)
    if name not in table:
        raise CnfsweepError(f"unknown gadget {name!r}; choose from {', '.join(sorted(table))}")
    return table[name].transformed(orientation)


def orientation_named(value: Orientation | str) -> Orientation:
    """Return the orientation a name gives, refusing unknown names with the list of known ones."""
    try:
        return Orientation(value)
    except ValueError:
        choices = ", ".join(o.value for o in Orientation)
        raise CnfsweepError(f"unknown orientation {value!r}; choose from {choices}") from None


@cache
def stored_gadgets() -> dict[str, Gadget]:
    """Return the stored gadgets by name, aliases included."""
    table = {g.name: g for g in _BASE}
    for alias, (base, orientation) in ALIASES.items():
        table[alias] = dataclasses.replace(
            table[base].transformed(orientation),
            name=alias,
            orientation=Orientation.IDENTITY,
            summary=table[base].summary.replace("horizontal", "vertical"),
        )
    return table
