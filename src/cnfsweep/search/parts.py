"""The solved parts of a hypothetical position, and a reveal worked out from their models alone.

A :class:`Part` is one frontier component of a :class:`~cnfsweep.search.whatif.Snapshot`:
its boxes (cells seen by the same numbers), its rules and its count table,
and, once asked for, its canonical models (mines per box).  Revealing a cell
adds one rule over the cell's covered neighbours; instead of rebuilding the
touched components from their rules and solving them again,
:func:`split_models` splits each touched box into the cells the new number
sees and the others, and spreads every known model's mines over the two
halves in every way the new number allows.  The result is the exact model
list of the merged component (:class:`Merge`), for every number the cell
could show at once, without a solver.

Examples
--------
Two cells holding one mine, and a third cell next to the first only:

>>> a, b, c = Cell(0, 0), Cell(0, 1), Cell(1, 0)
>>> boxes, by_need = split_models([((a, b),)], [[(1,)]], c, {a}, ())
>>> boxes, by_need
(((Cell(row=0, col=0),), (Cell(row=0, col=1),)), {0: [((0, 1), 1, 1)], 1: [((1, 0), 1, 1)]})
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import product
from math import comb

from cnfsweep.core.board import Cell
from cnfsweep.core.model import CountTable, Rule
from cnfsweep.engine.boxsearch import search_box_models
from cnfsweep.engine.counting import mine_polynomial
from cnfsweep.engine.position import Component, build_problem, component_rules

__all__ = ["LIST_NODES", "MODEL_LIMIT", "Merge", "Part", "split_models"]

MODEL_LIMIT = 4096
"""Most models a reveal may list for the merged component; past it the rules go to the engine instead."""

LIST_NODES = 20_000
"""Search nodes allowed to list a part's models (a few milliseconds); past them its reveals go to the engine.

More than a game's engine allows itself per component
(:data:`~cnfsweep.engine.components.SEARCH_NODES`): a look-ahead reveals cells
of the same part dozens of times, each of which the engine would otherwise
count from scratch.
"""

Models = Sequence[tuple[int, ...]]
# A model of a merged component: mines per box, mines in all, and the layouts it stands for.
Weighed = tuple[tuple[int, ...], int, int]


@dataclass(frozen=True, eq=False)
class Part:
    """One component of a solved position: boxes of cells, rules, count table and (lazily) models.

    ``boxes[b]`` lists the cells of box ``b``; ``rules`` say, in cells, what
    the numbers around the part require.  ``given`` is the count table the
    engine found, or else ``weighed`` lists every canonical model with its
    number of mines and of layouts, from which the table follows.
    """

    boxes: tuple[tuple[Cell, ...], ...]
    rules: tuple[Rule, ...]
    given: CountTable | None = field(default=None, repr=False)
    weighed: tuple[Weighed, ...] | None = field(default=None, repr=False)

    @classmethod
    def of_component(cls, component: Component, table: CountTable) -> Part:
        """Return the part of a component the engine solved."""
        problem = component.problem
        boxes = tuple(tuple(component.cells[v] for v in box) for box in problem.boxes)
        part = cls(boxes, tuple(component_rules(component)), table)
        part.__dict__["component"] = component  # what cached_property would store: no need to build it again
        return part

    @cached_property
    def component(self) -> Component:
        """The component with its problem, box for box as :attr:`boxes`."""
        cells, problem = build_problem(self.boxes, self.rules)
        return Component(cells, problem)

    @cached_property
    def table(self) -> CountTable:
        """Layouts and mines per cell of each box, by number of mines (see :class:`~cnfsweep.core.model.CountTable`)."""
        if self.given is not None:
            return self.given
        assert self.weighed is not None
        sizes = [len(box) for box in self.boxes]
        solutions: dict[int, int] = {}
        tallies: dict[int, list[int]] = {}
        for counts, k, w in self.weighed:
            solutions[k] = solutions.get(k, 0) + w
            row = tallies.get(k)
            if row is None:
                row = tallies[k] = [0] * len(sizes)
            for b, c in enumerate(counts):
                if c:
                    # w / C(s, c) * C(s-1, c-1) == w * c / s, exactly.
                    row[b] += w * c // sizes[b]
        return CountTable(solutions, {k: tuple(v) for k, v in tallies.items()})

    @cached_property
    def polynomial(self) -> list[int]:
        """Layouts of the part by number of mines (see :func:`~cnfsweep.engine.counting.mine_polynomial`)."""
        if self.weighed is None:
            return mine_polynomial(self.table)
        out = [0] * (max(k for _, k, _ in self.weighed) + 1)
        for _, k, w in self.weighed:
            out[k] += w
        return out

    @cached_property
    def has_safe_box(self) -> bool:
        """Whether some box holds no mine in any layout of the part, so is safe whatever the rest holds."""
        if self.weighed is not None:
            return not all(map(any, zip(*(counts for counts, _, _ in self.weighed))))
        rows = self.table.tallies.values()
        return any(all(row[b] == 0 for row in rows) for b in range(len(self.boxes)))

    @cached_property
    def models(self) -> tuple[tuple[int, ...], ...] | None:
        """Return the canonical models, listed by search if need be; ``None`` past the search's budget."""
        if self.weighed is not None:
            return tuple(counts for counts, _, _ in self.weighed)
        found = search_box_models(self.component.problem, LIST_NODES)
        return None if found is None else tuple(found)


def split_models(
    boxes: Sequence[Sequence[Sequence[Cell]]],
    models: Sequence[Models],
    cell: Cell,
    seen: Collection[Cell],
    fresh: Sequence[Cell],
    limit: int = MODEL_LIMIT,
) -> tuple[tuple[tuple[Cell, ...], ...], dict[int, list[Weighed]]] | None:
    """List the models of the component a revealed ``cell`` makes, by the mines its number sees.

    Parameters
    ----------
    boxes, models : sequences, one item per touched part
        The boxes (as cells) and canonical models of every part that holds
        ``cell`` or one of its covered neighbours.
    cell : Cell
        The revealed cell, safe from now on (in one of ``boxes`` or not).
    seen : collection of Cell
        The covered neighbours of ``cell`` in ``boxes``.
    fresh : sequence of Cell
        Its covered neighbours no number saw before: they make a box of their own.
    limit : int
        Give up (``None``) past this many models in all.

    Returns
    -------
    boxes, by_need
        The merged component's boxes (each touched box split into the cells
        ``seen`` and the others, ``cell`` dropped, empty halves left out,
        ``fresh`` last) and, for every count of mines among the new number's
        cells, the models over those boxes, each with its number of mines
        and of layouts.  Each layout of the touched parts with ``cell`` safe
        is in exactly one model.
    """
    out: list[tuple[Cell, ...]] = []
    # Per touched box: the sizes of its halves (cells seen, cells not seen), the revealed cell dropped.
    halves: list[list[tuple[int, int]]] = []
    for part_boxes in boxes:
        sizes = []
        for box in part_boxes:
            inside = tuple(x for x in box if x in seen)
            outside = tuple(x for x in box if x not in seen and x != cell)
            out.extend(half for half in (inside, outside) if half)
            sizes.append((len(inside), len(outside)))
        halves.append(sizes)
    if fresh:
        out.append(tuple(fresh))
    width = len(out)
    by_need: dict[int, list[Weighed]] = {}
    listed = 0
    for combo in product(*models):
        # Fixed halves go straight into the template; halves that share a box's mines in
        # several ways are listed as options: (where, counts, mines seen, layouts).
        template = [0] * width
        need = mines = 0
        weight = 1
        options: list[list[tuple[int, tuple[int, ...], int, int]]] = []
        at = 0
        for sizes, counts in zip(halves, combo):
            for (s_in, s_out), m in zip(sizes, counts):
                if m > s_in + s_out:
                    break  # the revealed cell would be a mine
                mines += m
                if s_in and s_out:
                    options.append([(at, (j, m - j), j, comb(s_in, j) * comb(s_out, m - j))
                                    for j in range(max(0, m - s_out), min(m, s_in) + 1)])
                    at += 2
                elif s_in or s_out:
                    template[at] = m
                    weight *= comb(s_in or s_out, m)
                    if s_in:
                        need += m
                    at += 1
            else:
                continue
            break
        else:
            if fresh:
                options.append([(at, (j,), j, comb(len(fresh), j)) for j in range(len(fresh) + 1)])
            for choice in product(*options):
                counts_out, seen_mines, w, extra = template[:], need, weight, 0
                for where, part_counts, j, f in choice:
                    counts_out[where:where + len(part_counts)] = part_counts
                    seen_mines += j
                    w *= f
                    if where == at:  # the fresh box: its mines are new to the component
                        extra = j
                by_need.setdefault(seen_mines, []).append((tuple(counts_out), mines + extra, w))
                listed += 1
            if listed > limit:
                return None
    return tuple(out), by_need


@dataclass(frozen=True, eq=False)
class Merge:
    """The component a reveal makes of the parts it touches, for each number the cell could show.

    It depends on the touched parts, the cell and its neighbours new to the
    frontier alone, so a look-ahead that reveals the same cell next to the
    same parts in several hypothetical positions works it out once.
    """

    cell: Cell
    touched: tuple[Part, ...]
    seen: tuple[Cell, ...]
    boxes: tuple[tuple[Cell, ...], ...]
    by_need: dict[int, list[Weighed]]
    rules: tuple[Rule, ...]
    _parts: dict[int, Part] = field(default_factory=dict, init=False, repr=False)

    @classmethod
    def of(cls, touched: Sequence[Part], cell: Cell, seen: Sequence[Cell], fresh: Sequence[Cell]) -> Merge | None:
        """Merge the parts ``cell``'s reveal touches; ``None`` when one has too many models to list.

        ``seen`` are the cell's covered neighbours, ``fresh`` those of them
        no number saw before.
        """
        models = [part.models for part in touched]
        if any(m is None for m in models):
            return None
        found = split_models([part.boxes for part in touched], models, cell, set(seen), fresh)  # type: ignore[arg-type]
        if found is None:
            return None
        boxes, by_need = found
        # The touched parts' rules hold still, the revealed cell safe; the new number's comes last.
        rules = tuple(
            Rule(r.tag, kept, r.need) for part in touched for r in part.rules
            if (kept := tuple(c for c in r.cells if c != cell))
        )
        return cls(cell, tuple(touched), tuple(seen), boxes, by_need, rules)

    def part(self, need: int) -> Part | None:
        """Return the merged part when ``need`` of the cell's covered neighbours are mines; ``None`` if none can be."""
        found = self._parts.get(need)
        if found is None:
            models = self.by_need.get(need)
            if not models:
                return None
            found = Part(self.boxes, (*self.rules, Rule(self.cell, self.seen, need)), weighed=tuple(models))
            self._parts[need] = found
        return found
