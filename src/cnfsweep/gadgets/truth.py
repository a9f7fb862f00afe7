"""Stand-alone gadget boards and their truth tables, computed by the engine.

A gadget alone is not a board: its edge digits also count the wire attached
at each port.  :func:`gadget_board` attaches a short wire stub at every port,
ending at the board's edge on a complete pair of covered cells so that the
stub's open end allows either value, and labels each port's reading cell with
the port's name.  :func:`truth_table` then asks an :class:`~cnfsweep.engine.Engine`, for
every input assignment (``assume`` on the input labels), whether a layout
exists, what the outputs are forced to, and how many layouts there are.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from cnfsweep.engine import Engine
from cnfsweep.engine.backends import Backend
from cnfsweep.core.board import Board, Cell
from cnfsweep.gadgets.compose import Canvas, PlacementError
from cnfsweep.gadgets.library import Direction, Gadget

STUB = 3
"""Shortest wire stub attached at a port."""


@dataclass(frozen=True)
class GadgetBoard:
    """A gadget with wire stubs, as a board whose port cells carry labels."""

    gadget: Gadget
    board: Board
    ports: dict[str, Cell]


def gadget_board(gadget: Gadget) -> GadgetBoard:
    """Attach wire stubs at every port and return the labelled board.

    Examples
    --------
    >>> from cnfsweep.gadgets.catalogue import get_gadget
    >>> print(gadget_board(get_gadget("not")).board.to_text())
    0000011100000
    111112*211111
    ..1.a3.3.b1..
    111112*211111
    0000011100000
    <BLANKLINE>
    """
    c = Canvas()
    placed = c.stamp(gadget, (0, 0))
    margins = {d: 0 for d in Direction}
    for port in gadget.ports:
        # The stub must end on a covered pair, which fixes its length mod 3.
        offset = gadget.number_offset(port)
        length = next(n for n in itertools.count(STUB) if n % 3 == (offset + 2) % 3)
        if margins[port.direction] not in (0, length):
            raise PlacementError(f"ports on the {port.direction.name} side of {gadget.name} need different stubs")
        margins[port.direction] = length
        c.run(placed, port.name, length)
    box = (
        -margins[Direction.N],
        -margins[Direction.W],
        gadget.rows - 1 + margins[Direction.S],
        gadget.cols - 1 + margins[Direction.E],
    )
    labels = {p.cell: p.name for p in gadget.ports}
    rows = c.render(box, labels=labels, plain=True)
    cells = {p.name: Cell(p.cell[0] - box[0], p.cell[1] - box[1]) for p in gadget.ports}
    return GadgetBoard(gadget, Board.from_rows(rows), cells)


@dataclass(frozen=True)
class TruthRow:
    """One input assignment: its outputs (``None`` if not forced) and layout count."""

    inputs: tuple[bool, ...]
    outputs: tuple[bool | None, ...]
    completions: int


@dataclass(frozen=True)
class TruthTable:
    """The input/output relation of a gadget board, as the engine sees it."""

    gadget: str
    orientation: str
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    rows: tuple[TruthRow, ...]

    def expected(self, gadget: Gadget) -> list[tuple[tuple[bool | None, ...], bool]]:
        """Return, per row, the outputs ``gadget.rule`` predicts and whether a layout should exist."""
        out: list[tuple[tuple[bool | None, ...], bool]] = []
        for row in self.rows:
            values = gadget.evaluate(dict(zip(self.inputs, row.inputs, strict=True)))
            if values is None:
                out.append(((None,) * len(self.outputs), False))
            else:
                out.append((tuple(values[o] for o in self.outputs), True))
        return out

    def matches(self, gadget: Gadget) -> bool:
        """Tell whether the table is exactly the function ``gadget.rule`` states."""
        for row, (outputs, possible) in zip(self.rows, self.expected(gadget), strict=True):
            if (row.completions > 0) != possible or (possible and row.outputs != outputs):
                return False
        return True

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form printed by ``cnfsweep gadget --truth-table --json``."""
        return {
            "inputs": list(self.inputs),
            "outputs": list(self.outputs),
            "rows": [
                {
                    "inputs": dict(zip(self.inputs, r.inputs, strict=True)),
                    "outputs": dict(zip(self.outputs, r.outputs, strict=True)),
                    "completions": r.completions,
                }
                for r in self.rows
            ],
        }


def truth_table(gadget: Gadget, engine: Engine | str | Backend | None = None) -> TruthTable:
    """Compute a gadget's relation with ``engine`` (or one on the backend named), one analysis per input assignment.

    Examples
    --------
    >>> from cnfsweep.gadgets.catalogue import get_gadget
    >>> t = truth_table(get_gadget("or"))
    >>> for row in t.rows:
    ...     print(row.inputs, row.outputs, row.completions)
    (False, False) (False,) 1
    (False, True) (True,) 1
    (True, False) (True,) 1
    (True, True) (True,) 1
    """
    engine = Engine.of(engine)
    gb = gadget_board(gadget)
    ins = tuple(p.name for p in gadget.inputs)
    outs = tuple(p.name for p in gadget.outputs)
    rows = []
    for values in itertools.product((False, True), repeat=len(ins)):
        a = engine.analyze(gb.board, assume=dict(zip(ins, values, strict=True)))
        if not a.consistent:
            rows.append(TruthRow(values, (None,) * len(outs), 0))
            continue
        forced = []
        for name in outs:
            p = a.exact(gb.ports[name])
            forced.append(None if p not in (0, 1) else p == 1)
        assert a.solutions is not None  # a gadget's few cells are always counted exactly
        rows.append(TruthRow(values, tuple(forced), a.solutions))
    return TruthTable(gadget.name, gadget.orientation.value, ins, outs, tuple(rows))
