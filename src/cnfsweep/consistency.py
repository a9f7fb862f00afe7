"""Decide whether a position can happen, with a witness or a minimal conflict."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cnfsweep.backends import Backend, Session, get_backend
from cnfsweep.board import Board, Cell
from cnfsweep.problem import TOTAL, Constraint, Problem, group_boxes, build_problem, number_constraints, position


@dataclass(frozen=True)
class CheckResult:
    """The immutable result of :func:`check`.

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
    """

    consistent: bool
    witness_mines: tuple[Cell, ...] | None
    conflict: tuple[Cell, ...] | None
    total_in_conflict: bool
    backend: str

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON document that ``cnfsweep check --json`` prints."""
        return {
            "consistent": self.consistent,
            "witness_mines": None if self.witness_mines is None else [list(c) for c in self.witness_mines],
            "conflict": None if self.conflict is None else [list(c) for c in self.conflict],
            "total_in_conflict": self.total_in_conflict,
            "backend": self.backend,
        }


def minimise_core(session: Session, core: frozenset[int]) -> frozenset[int]:
    """Drop constraints from an unsatisfiable set while it stays unsatisfiable.

    Each drop that keeps the set unsatisfiable also shrinks it to the new core
    the solver reports, which saves most of the remaining questions.
    """
    kept = set(core)
    for i in sorted(core):
        if i not in kept:
            continue
        trial = kept - {i}
        out = session.solve(enabled=trial)
        if not out.satisfiable:
            kept = set(out.core) & trial if out.core is not None else trial
    return frozenset(kept)


def check(
    board: Board,
    *,
    assume: Mapping[str, bool | str] | None = None,
    total_mines: int | None = None,
    backend: str | Backend | None = None,
    minimise: bool = True,
) -> CheckResult:
    """Decide whether some mine layout fits every number (and the total).

    With ``minimise`` (default) a conflict is shrunk until every number in it
    is needed, one solver call per number; without it the solver's own core is
    returned (unsatisfiable, but maybe not minimal), which is much faster on
    large unsatisfiable boards such as circuit reductions.

    Examples
    --------
    >>> check(Board.from_rows(["1.", ".."])).consistent
    True
    >>> r = check(Board.from_rows(["2.", "00"]))
    >>> r.consistent, r.conflict
    (False, (Cell(row=0, col=0),))
    """
    engine = get_backend(backend)
    # Unsimplified: a conflict must name the numbers as the board shows them.
    pos = position(board, total_mines=total_mines, assume=assume, simplified=False)
    rules: list[tuple[Cell | str, tuple[Cell, ...], int]] = list(number_constraints(board, pos.fixed))
    frontier = sorted({c for _, rule_cells, _ in rules for c in rule_cells})
    cells, problem = build_problem(group_boxes(frontier, rules), rules)
    constraints = problem.constraints
    if pos.mines_left is not None:
        # Cells off the frontier can hold any number of mines up to their count,
        # so the total only bounds the frontier: no need to encode the whole board.
        off = len(pos.off_frontier)
        everything = tuple(range(len(cells)))
        constraints += (Constraint(everything, pos.mines_left - off, pos.mines_left, TOTAL),)
    session = engine.open(Problem(problem.boxes, constraints), guarded=True)
    try:
        out = session.solve()
        if out.satisfiable:
            assert out.model is not None
            mines = {cells[v] for v in out.model}
            if pos.mines_left is not None:
                mines.update(pos.off_frontier[: pos.mines_left - len(out.model)])
            mines.update(board.flags)
            mines.update(c for c, is_mine in pos.fixed.items() if is_mine)
            return CheckResult(True, tuple(sorted(mines)), None, False, engine.spec)
        core = out.core if out.core is not None else frozenset(range(len(constraints)))
        if minimise:
            core = minimise_core(session, core)
    finally:
        session.close()
    tags = [constraints[i].tag for i in sorted(core)]
    conflict = tuple(sorted(t for t in tags if isinstance(t, Cell)))
    return CheckResult(False, None, conflict, TOTAL in tags, engine.spec)
