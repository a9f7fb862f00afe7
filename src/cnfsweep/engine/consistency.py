"""Decide whether a position can happen, with a witness or a minimal conflict.

The witness comes component by component from the simplified position the
analysis solves too (:mod:`cnfsweep.engine.witness`).  Only a position without one
goes to the solver as the board shows it, so that a conflict names numbers
the player can see, and then only the numbers of the part of the board that
has no layout (every number when the total mine count is at fault: a tight
count over part of the board is the hardest kind of proof for a SAT solver,
while the whole board often fails by propagation alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from cnfsweep.engine.backends import Backend, Session
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.deadline import check_deadline, checked
from cnfsweep.core.graph import json_cell
from cnfsweep.core.constraints import Constraint, Problem, TOTAL
from cnfsweep.core.topology import Topology
from cnfsweep.engine.position import Position, build_problem, group_boxes, number_constraints
from cnfsweep.core.constraints import Rule
from cnfsweep.engine.witness import Witness, find_witness, layout_problems


@dataclass(frozen=True)
class CheckResult:
    """The immutable result of :meth:`Engine.check <cnfsweep.engine.Engine.check>`.

    Attributes
    ----------
    consistent : bool
    witness_mines : tuple of Cell or None
        Every mine of one consistent layout, flags included.
    conflict : tuple of Cell or None
        Revealed numbers that cannot all hold together, minimal: drop any one
        of them (and the total, if ``total_in_conflict``) and the rest can.
    total_in_conflict : bool
        Whether the total mine count is part of the conflict.
    backend : str
        The backend spec that decided it.
    format : str or None
        The text format the board was read from (``None`` for a board built in Python).
    """

    consistent: bool
    witness_mines: tuple[Cell, ...] | None
    conflict: tuple[Cell, ...] | None
    total_in_conflict: bool
    backend: str
    format: str | None = None
    # How the document writes cells: [r, c], or a graph's names (not part of the verdict).
    topology: Topology | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON document that ``cnfsweep check --json`` prints (cells by name on a graph board)."""
        cell = json_cell(self.topology)
        return {
            "consistent": self.consistent,
            "witness_mines": None if self.witness_mines is None else [cell(c) for c in self.witness_mines],
            "conflict": None if self.conflict is None else [cell(c) for c in self.conflict],
            "total_in_conflict": self.total_in_conflict,
            "format": self.format,
            "backend": self.backend,
        }


def minimise_core(session: Session, core: frozenset[int], deadline: float | None = None) -> frozenset[int]:
    """Drop constraints from an unsatisfiable set while it stays unsatisfiable.

    Each drop that keeps the set unsatisfiable also shrinks it to the new core
    the solver reports, which saves most of the remaining questions.  Past
    ``deadline`` raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.
    """
    kept = set(core)
    for i in sorted(core):
        if i not in kept:
            continue
        trial = kept - {i}
        out = session.solve(enabled=trial, deadline=deadline)
        if not out.satisfiable:
            kept = set(out.core) & trial if out.core is not None else trial
    return frozenset(kept)


def check_position(
    board: Board,
    pos: Position,
    backend: Backend,
    *,
    total_mines: int | None = None,
    minimise: bool = True,
    deadline: float | None = None,
) -> CheckResult:
    """Decide whether some mine layout of ``board`` fits every number (and the total); ``pos`` is its position.

    :meth:`Engine.check <cnfsweep.engine.Engine.check>` reads the arguments and builds the
    position; this finds the witness, or the conflict (see there).
    """
    witness = find_witness(pos, backend, deadline)
    total = board.total_mines if total_mines is None else total_mines
    if witness.mines is not None:
        # A witness is cheap to verify and must never be wrong: check it on the board itself.
        problems = layout_problems(board, witness.mines, total, pos.fixed)
        if problems:
            raise RuntimeError(f"internal error: the witness layout is wrong: {problems[0]}")
        return CheckResult(True, witness.mines, None, False, backend.spec, board.format, board.topology)
    return _conflict(board, pos, total, witness, backend, minimise, deadline)


def _conflict(
    board: Board,
    pos: Position,
    total: int | None,
    witness: Witness,
    engine: Backend,
    minimise: bool,
    deadline: float | None,
) -> CheckResult:
    """Name numbers that cannot all hold, on a position :func:`find_witness` found no layout for.

    Unsimplified: a conflict must name the numbers as the board shows them.
    Only the numbers connected to those ``witness`` blames are encoded (the
    rest of the board has layouts of its own); the total only bounds the
    encoded cells by what every other covered cell can hold.
    """
    rules = number_constraints(board, pos.fixed, deadline)
    if witness.blame is not None:
        rules = connected_rules(rules, witness.blame, deadline)
    unknown = len(board.covered) - len(pos.fixed)
    mines_left = None if total is None else total - len(board.flags) - sum(pos.fixed.values())
    frontier = sorted({c for _, rule_cells, _ in rules for c in rule_cells})
    cells, problem = build_problem(group_boxes(frontier, rules), rules)
    constraints = problem.constraints
    if witness.total and mines_left is not None:
        # The other covered cells can hold any number of mines up to their count,
        # so the total only bounds the encoded cells: no need to encode the whole board.
        off = unknown - len(frontier)
        everything = tuple(range(len(cells)))
        constraints += (Constraint(everything, mines_left - off, mines_left, TOTAL),)
    check_deadline(deadline)
    session = engine.open(Problem(problem.boxes, constraints), guarded=True)
    try:
        out = session.solve(deadline=deadline)
        if out.satisfiable:
            raise RuntimeError(f"internal error: backend {engine.spec} finds a layout that the witness search missed")
        core = out.core if out.core is not None else frozenset(range(len(constraints)))
        if minimise:
            core = minimise_core(session, core, deadline)
    finally:
        session.close()
    tags = [constraints[i].tag for i in sorted(core)]
    conflict = tuple(sorted(t for t in tags if isinstance(t, Cell)))
    return CheckResult(False, None, conflict, TOTAL in tags, engine.spec, board.format, board.topology)


def connected_rules(rules: Sequence[Rule], numbers: frozenset[Cell], deadline: float | None = None) -> list[Rule]:
    """Keep the rules of the numbers connected to ``numbers`` through shared unknown cells.

    Examples
    --------
    >>> a, b, c = Cell(0, 0), Cell(0, 1), Cell(5, 5)
    >>> rules = [(Cell(1, 0), (a,), 1), (Cell(1, 1), (a, b), 1), (Cell(4, 4), (c,), 0)]
    >>> [tag for tag, _, _ in connected_rules(rules, frozenset({Cell(1, 1)}))]
    [Cell(row=1, col=0), Cell(row=1, col=1)]
    """
    parts = nx.utils.UnionFind()
    for tag, rule_cells, _ in checked(rules, deadline, 4096):
        parts.union(tag, *rule_cells)
    wanted = {parts[n] for n in numbers}
    return [rule for rule in rules if parts[rule[0]] in wanted]
