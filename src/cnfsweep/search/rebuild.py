"""Rebuild the components a hypothetical reveal touches from their rules, and solve them with the engine.

The way :class:`~cnfsweep.search.whatif.Snapshot` answers "what if" under an
engine that does not count by search alone (any engine but a game's), and
for conditions on several cells: the touched components' rules are settled,
simplified, split into components again and solved, each with the engine
the snapshot was made with.  Under a game's engine a reveal is read off the
parts' models instead (:mod:`cnfsweep.search.merge`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from cnfsweep.core.board import Cell
from cnfsweep.core.constraints import CountTable, Rule
from cnfsweep.engine.position import Component, build_components
from cnfsweep.engine.simplify import simplify
from cnfsweep.search.merge import Path
from cnfsweep.search.parts import Part

if TYPE_CHECKING:
    # Annotations only: importing the players' policies (for their names, in --help) does not import the engine.
    from cnfsweep.engine import Engine

__all__ = ["rebuild", "solve_components"]

# A Snapshot of cnfsweep.search.whatif, which imports this module: typed loosely here.
Snapshot = Any


def rebuild(
    snap: Snapshot,
    values: Mapping[Cell, bool],
    rule: Rule | None,
    revealed: Cell | None = None,
    path: Path | None = None,
) -> Snapshot | None:
    """Return ``snap`` with ``values`` settled and ``rule`` added; ``None`` when no layout is left.

    Only the components that ``values`` or ``rule`` touch are rebuilt; the
    others are kept as they are.  ``revealed`` is a cell that ``values``
    makes safe and that is no longer covered; ``path`` is the new
    snapshot's key in the tree's memo.
    """
    box_of = snap.box_of
    reach = [*values, *(rule.cells if rule else ())]
    touched = sorted({box_of[c][0] for c in reach if c in box_of})
    rules = [] if rule is None else [rule]
    for k in touched:
        rules.extend(snap.parts[k].rules)

    def settle(r: Rule) -> Rule:
        tag, rule_cells, need = r
        return Rule(
            tag, tuple(c for c in rule_cells if c not in values), need - sum(values.get(c, False) for c in rule_cells)
        )

    rules = [settle(r) for r in rules] if values else rules
    if any(not 0 <= need <= len(rule_cells) for _, rule_cells, need in rules):
        return None
    rules, forced, contradiction = simplify([r for r in rules if r.cells])
    if contradiction is not None:
        return None
    built = build_components([r for r in rules if r.cells])
    new_tables = solve_components(built, snap.engine)
    if new_tables is None:
        return None
    kept = [k for k in range(len(snap.parts)) if k not in touched]
    settled = {**{c: m for c, m in values.items() if c != revealed}, **forced}
    mines = {c for c, mine in settled.items() if mine}
    safe = snap.known_safe - {revealed} if revealed is not None else snap.known_safe
    after = type(snap)(
        topology=snap.topology,
        parts=tuple(snap.parts[k] for k in kept) + tuple(map(Part.of_component, built, new_tables)),
        off=snap.off.difference(reach, forced),
        known_mines=snap.known_mines | mines,
        known_safe=safe | {c for c, mine in settled.items() if not mine},
        mines_left=snap.mines_left - len(mines),
        engine=snap.engine,
        path=path,
        tree=snap.tree,
    )
    # The rules may hold while the total cannot: then there is no layout either.
    return after if after.solutions else None


def solve_components(components: Iterable[Component], engine: Engine) -> tuple[CountTable, ...] | None:
    """Return each component's count table from ``engine``; ``None`` as soon as one has no layout."""
    tables = []
    for comp in components:
        _, table = engine.solve(comp.problem)
        if table is None:
            return None
        tables.append(table)
    return tuple(tables)
