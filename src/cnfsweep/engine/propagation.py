"""Relational consistency level by level: what sets of m numbers decide, propagated to quiescence.

Each revealed number is a constraint on its covered neighbours.  *Level m*
checks every *connected* set of m constraints (joined where two share a
covered cell that is not decided yet) and decides each cell of their scope
that has the same value in every joint solution over the current domains;
level 1 is generalized arc consistency (GAC), level 2 and 3 the poster's
2-RC and 3-RC.  Propagation with levels up to m runs to quiescence: a round
of one level checks the sets it may still learn from, and whenever a round
decides something the next round starts again at level 1; only when every
level up to the current one is quiet does the next level run.  A cell's
level is the highest level run when it was decided, which is the least m
whose propagation decides it (a chain of single-number steps stays level 1).

Sets that share no undecided cell, or that hold two numbers that say the same
thing about the same cells, decide nothing their parts do not decide, so only
connected sets of distinct constraints are checked.  They are enumerated
without duplicates (Wernicke's ESU scheme), and after the first round of a
level only sets with a member changed since that level last ran.  The joint
solutions of a set are the engine's: the set becomes a
:class:`~cnfsweep.core.constraints.Problem` solved through the engine's component
cache and backend, so its forced boxes are proved as an analysis proves them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from cnfsweep.core.board import Cell
from cnfsweep.core.deadline import check_deadline
from cnfsweep.core.constraints import Constraint, CountTable, Problem, Rule

__all__ = ["MAX_LEVEL", "Propagation", "Round", "connected_sets", "propagate"]

MAX_LEVEL = 8
"""The highest numeric level asked for: sets of more numbers grow too many to list."""

#: Solve one small problem: its forced boxes (``None`` without a model) and its count table.
Solver = Callable[[Problem], tuple[dict[int, int] | None, CountTable | None]]


@dataclass(frozen=True)
class Round:
    """One round of propagation that decided something or found a conflict.

    Attributes
    ----------
    level : int
        The level whose sets the round checked (1 checks single numbers).
    phase : int
        The highest level run so far: the level of the cells the round decided.
    safe, mines : tuple of Cell
        The cells it decided, in row-major order.
    conflict : tuple of Cell or None
        The numbers of a set with no joint solution, when the round found one.
    """

    level: int
    phase: int
    safe: tuple[Cell, ...]
    mines: tuple[Cell, ...]
    conflict: tuple[Cell, ...] | None = None

    def to_dict(self, cell: Callable[[Cell], Any] = list) -> dict[str, Any]:
        """Return ``{"level", "phase", "safe", "mines"}`` (and ``"conflict"`` when there is one), each cell as ``cell`` writes it."""
        out: dict[str, Any] = {
            "level": self.level,
            "phase": self.phase,
            "safe": [cell(c) for c in self.safe],
            "mines": [cell(c) for c in self.mines],
        }
        if self.conflict is not None:
            out["conflict"] = [cell(c) for c in self.conflict]
        return out


@dataclass(frozen=True)
class Propagation:
    """What the numeric levels decide, round by round.

    Attributes
    ----------
    decided : Mapping of Cell to (int, bool)
        Each decided cell's level and whether it is a mine.
    rounds : tuple of Round
        Every round that decided something or found the conflict, in order.
    inconsistent_level : int or None
        The level whose propagation found a set with no joint solution.
    conflict : tuple of Cell or None
        The numbers of that set: under the decisions made (``decided``) they have no joint solution.
    """

    decided: Mapping[Cell, tuple[int, bool]]
    rounds: tuple[Round, ...]
    inconsistent_level: int | None
    conflict: tuple[Cell, ...] | None


class _State:
    """The constraints over the cells still undecided, and what each level has still to look at."""

    def __init__(self, rules: Sequence[Rule], max_level: int) -> None:
        self.tags = [tag for tag, _, _ in rules]
        self.free = [set(cells) for _, cells, _ in rules]
        self.need = [need for _, _, need in rules]
        self.holding: dict[Cell, list[int]] = {}
        for i, cells in enumerate(self.free):
            for c in cells:
                self.holding.setdefault(c, []).append(i)
        # Constraints that say the same about the same cells: only the first of them (its id) is checked.
        self.alike: dict[tuple[frozenset[Cell], int], set[int]] = {}
        self.key: dict[int, tuple[frozenset[Cell], int]] = {}
        for i in range(len(rules)):
            self._file(i)
        # Level k must look again at sets holding a constraint changed since level k last ran.
        everything = set(range(len(rules)))
        self.dirty = [set(everything) for _ in range(max_level + 1)]

    def _file(self, i: int) -> None:
        if self.free[i]:
            key = (frozenset(self.free[i]), self.need[i])
            self.key[i] = key
            self.alike.setdefault(key, set()).add(i)

    def _unfile(self, i: int) -> None:
        key = self.key.pop(i, None)
        if key is not None:
            self.alike[key].discard(i)
            if not self.alike[key]:
                del self.alike[key]

    def checked(self, i: int) -> bool:
        """Whether ``i`` takes part in sets: it has undecided cells and no alike constraint comes before it."""
        key = self.key.get(i)
        return key is not None and min(self.alike[key]) == i

    def apply(self, decisions: Mapping[Cell, bool]) -> None:
        """Decide cells: they leave every scope, and every constraint that changed is looked at again."""
        changed: set[int] = set()
        for cell, mine in decisions.items():
            for i in self.holding.get(cell, ()):
                if cell in self.free[i]:
                    self.free[i].discard(cell)
                    self.need[i] -= mine
                    changed.add(i)
        # Alike constraints have the same cells, so they change together and stay alike: a group's
        # first is either unchanged or changed itself, and then looked at again.
        for i in changed:
            self._unfile(i)
        for i in sorted(changed):
            self._file(i)
        for dirty in self.dirty:
            dirty.update(changed)

    def neighbours(self, i: int, cache: dict[int, list[int]]) -> list[int]:
        """The checked constraints sharing an undecided cell with ``i``."""
        found = cache.get(i)
        if found is None:
            near = {j for c in self.free[i] for j in self.holding[c]}
            near.discard(i)
            found = cache[i] = sorted(j for j in near if self.checked(j))
        return found

    def sets(self, k: int, deadline: float | None) -> Iterator[tuple[int, ...]]:
        """Yield each connected set of ``k`` checked constraints holding one that changed, once."""
        cache: dict[int, list[int]] = {}
        changed = {i for i in self.dirty[k] if self.checked(i)}
        return connected_sets(k, changed, lambda i: self.neighbours(i, cache), deadline)

    def problem(self, members: Sequence[int]) -> tuple[Problem, list[list[Cell]]]:
        """Build the problem of ``members``' joint solutions: cells seen by the same members form a box."""
        signature: dict[Cell, int] = {}
        for bit, i in enumerate(members):
            for c in self.free[i]:
                signature[c] = signature.get(c, 0) | 1 << bit
        groups: dict[int, list[Cell]] = {}
        for c, sig in signature.items():
            groups.setdefault(sig, []).append(c)
        order = sorted(groups)
        vars_of: list[list[int]] = [[] for _ in members]
        boxes, start = [], 0
        for sig in order:
            box = tuple(range(start, start + len(groups[sig])))
            start += len(box)
            boxes.append(box)
            for bit in range(len(members)):
                if sig >> bit & 1:
                    vars_of[bit].extend(box)
        constraints = tuple(
            Constraint.exactly(tuple(vars_of[bit]), self.need[i], self.tags[i]) for bit, i in enumerate(members)
        )
        return Problem(tuple(boxes), constraints), [groups[sig] for sig in order]


def connected_sets(
    k: int, changed: Collection[int], neighbours: Callable[[int], Sequence[int]], deadline: float | None = None
) -> Iterator[tuple[int, ...]]:
    """Yield every connected set of ``k`` nodes that holds a node of ``changed``, each exactly once.

    ``neighbours(i)`` lists the nodes joined to node ``i``.  ESU (Wernicke
    2006) grows sets from each changed node ``d`` in turn over the nodes that
    are unchanged or come after ``d``, adding at each step only nodes joined to
    the newest member and to no earlier one: a set is found from its first
    changed member, along one path.  Past ``deadline`` raise
    :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    >>> path = {0: [1], 1: [0, 2], 2: [1]}
    >>> sorted(connected_sets(2, {0, 1, 2}, path.__getitem__)), sorted(connected_sets(2, {2}, path.__getitem__))
    ([(0, 1), (1, 2)], [(2, 1)])
    """
    for n, root in enumerate(sorted(changed)):
        if n % 64 == 0:
            check_deadline(deadline)

        def allowed(u: int, root: int = root) -> bool:
            return u > root or u not in changed

        near = neighbours(root)
        yield from _extend((root,), [u for u in near if allowed(u)], {root, *near}, k, allowed, neighbours)


def _extend(
    members: tuple[int, ...],
    extension: list[int],
    closed: set[int],
    k: int,
    allowed: Callable[[int], bool],
    neighbours: Callable[[int], Sequence[int]],
) -> Iterator[tuple[int, ...]]:
    if len(members) == k:
        yield members
        return
    extension = list(extension)
    while extension:
        w = extension.pop()
        near = neighbours(w)
        fresh = [u for u in near if u not in closed and allowed(u)]
        yield from _extend((*members, w), extension + fresh, closed.union(near), k, allowed, neighbours)


def _gac(state: _State, deadline: float | None) -> Iterator[tuple[tuple[int, ...], dict[Cell, bool] | None]]:
    """Level 1: a number whose undecided cells must all be mines, or all safe (``None``: it cannot hold)."""
    dirty = state.dirty[1]
    for n, i in enumerate(sorted(dirty)):
        if n % 4096 == 0:
            check_deadline(deadline)
        free, need = state.free[i], state.need[i]
        if not 0 <= need <= len(free):
            yield (i,), None
        elif free and need in (0, len(free)):
            yield (i,), dict.fromkeys(free, need > 0)


def _relational(
    state: _State, k: int, solve: Solver, deadline: float | None
) -> Iterator[tuple[tuple[int, ...], dict[Cell, bool] | None]]:
    """Level ``k`` >= 2: the cells every joint solution of a connected set agrees on."""
    for members in state.sets(k, deadline):
        problem, cells = state.problem(members)
        forced, _ = solve(problem)
        if forced is None:
            yield members, None
        elif forced:
            yield members, {c: count > 0 for b, count in forced.items() for c in cells[b]}


def propagate(
    rules: Sequence[Rule], max_level: int, solve: Solver, deadline: float | None = None, *, incremental: bool = True
) -> Propagation:
    """Run the levels up to ``max_level`` to quiescence on the numbers' ``rules``.

    ``rules`` are ``(number cell, covered unflagged neighbours, mines among
    them)`` as :func:`~cnfsweep.engine.position.number_constraints` reads
    them; ``solve`` finds a small problem's forced boxes (an engine's
    component cache and backend).  A round checks every set of its level
    against the domains as they were when it began (so a round is the
    poster's step); decisions are applied when it ends.  Past ``deadline``
    raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.  After its first
    round a level checks only sets with a member changed since it last ran;
    ``incremental=False`` checks every set every round (the same rounds, slower).

    Examples
    --------
    The 1-2-1 against a wall: no number alone decides anything, pairs do.

    >>> from cnfsweep.core.board import Board
    >>> from cnfsweep.engine.components import solve_component
    >>> from cnfsweep.engine.backends import get_backend
    >>> from cnfsweep.engine.position import number_constraints
    >>> rules = number_constraints(Board.from_rows(["...", "121"]), {})
    >>> out = propagate(rules, 3, lambda p: solve_component(get_backend("brute"), p))
    >>> sorted(out.decided.items())
    [(Cell(row=0, col=0), (2, True)), (Cell(row=0, col=1), (2, False)), (Cell(row=0, col=2), (2, True))]
    >>> [(r.level, r.phase, r.mines, r.safe) for r in out.rounds]  # pairs find the mines, then the 1s the safe cell
    [(2, 2, (Cell(row=0, col=0), Cell(row=0, col=2)), ()), (1, 2, (), (Cell(row=0, col=1),))]
    >>> propagate(rules, 1, None).decided
    {}
    """
    state = _State(rules, max_level)
    rounds: list[Round] = []
    decided: dict[Cell, tuple[int, bool]] = {}
    phase = level = 1
    while True:
        check_deadline(deadline)
        if not incremental:
            state.dirty[level].update(range(len(rules)))
        found = _gac(state, deadline) if level == 1 else _relational(state, level, solve, deadline)
        decisions: dict[Cell, bool] = {}
        conflict: tuple[int, ...] | None = None
        for members, said in found:
            # A cell decided both ways in one round: the later set has no solution once the earlier one's is applied.
            if said is None or any(decisions.get(c, v) != v for c, v in said.items()):
                conflict = members
                break
            decisions.update(said)
        state.dirty[level].clear()
        if conflict is not None or decisions:
            # With a conflict, the decisions of the round's sets before it stay: under them the set has no solution.
            safe = tuple(sorted(c for c, v in decisions.items() if not v))
            mines = tuple(sorted(c for c, v in decisions.items() if v))
            # Propagation is given the numbers' rules only, so every tag is the number's cell (never the total).
            tags = None if conflict is None else tuple(sorted(cast(Cell, state.tags[i]) for i in conflict))
            rounds.append(Round(level, phase, safe, mines, tags))
            decided.update((c, (phase, v)) for c, v in decisions.items())
            if tags is not None:
                return Propagation(decided, tuple(rounds), phase, tags)
            state.apply(decisions)
            level = 1
        elif level < phase:
            level += 1
        elif phase < max_level:
            phase = level = phase + 1
        else:
            return Propagation(decided, tuple(rounds), None, None)
