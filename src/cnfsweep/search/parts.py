"""The solved parts of a hypothetical position: boxes, rules, count table and models.

A :class:`Part` is one frontier component of a :class:`~cnfsweep.search.whatif.Snapshot`:
its boxes (cells seen by the same numbers), its rules and its count table,
and, once asked for, its canonical models (mines per box), from which
:mod:`cnfsweep.search.merge` works out a reveal without a solver.

Examples
--------
>>> from cnfsweep.core.board import Board
>>> from cnfsweep.engine.position import build_position
>>> from cnfsweep.engine.components import ComponentCache, Counting
>>> from cnfsweep.engine.backends import get_backend
>>> component = build_position(Board.from_rows(["1.", ".."])).components[0]
>>> _, table = ComponentCache().solve(get_backend(None), component.problem, Counting.SEARCH)
>>> part = Part.of_component(component, table)
>>> part.boxes, part.models, part.polynomial
(((Cell(row=0, col=1), Cell(row=1, col=0), Cell(row=1, col=1)),), ((1,),), [0, 3])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import mul
from typing import Any

from cnfsweep.core.board import Cell
from cnfsweep.core.lazy import lazy
from cnfsweep.core.constraints import CountTable, Rule
from cnfsweep.engine.boxsearch import search_box_models
from cnfsweep.engine.counting import mine_polynomial
from cnfsweep.engine.position import Component, build_problem, component_rules
import cnfsweep.search.splitting as splitting
from cnfsweep.search.splitting import Models, Weighed

__all__ = ["LIST_NODES", "Models", "Part", "Weighed"]

LIST_NODES = 20_000
"""Search nodes allowed to list a part's models (a few milliseconds); past them its reveals go to the engine.

More than a game's engine allows itself per component
(:data:`~cnfsweep.engine.components.SEARCH_NODES`): a look-ahead reveals cells
of the same part dozens of times, each of which the engine would otherwise
count from scratch.
"""


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
        part.__dict__["component"] = component  # what the lazy attribute would store: no need to build it again
        return part

    @lazy
    def component(self) -> Component:
        """The component with its problem, box for box as :attr:`boxes`."""
        cells, problem = build_problem(self.boxes, self.rules)
        return Component(cells, problem)

    def _weigh_compiled(self) -> bool:
        """Work out :attr:`table`, :attr:`polynomial` and :attr:`has_safe_box` at once in C; ``False`` if it declines.

        The kernel (see :mod:`cnfsweep.search.splitting`) reads the models once
        for all three and finds what the Python code below finds.
        """
        compiled = splitting.kernel
        if compiled is None or self.weighed is None:
            return False
        found = compiled.weigh_models(self.weighed, self.boxes)
        if found is NotImplemented:
            return False
        solutions, tallies, polynomial, safe = found
        # What the lazy attributes would store; the one being asked for stores the same again.
        self.__dict__.update(table=CountTable(solutions, tallies), polynomial=polynomial, has_safe_box=safe)
        return True

    @lazy
    def table(self) -> CountTable:
        """Layouts and mines per cell of each box, by number of mines (see :class:`~cnfsweep.core.constraints.CountTable`)."""
        if self.given is not None:
            return self.given
        assert self.weighed is not None
        if self._weigh_compiled():
            return self.__dict__["table"]
        sizes = [len(box) for box in self.boxes]
        by_mines: dict[int, tuple[list[int], list[tuple[int, ...]]]] = {}
        for counts, k, w in self.weighed:
            weights, rows = by_mines.setdefault(k, ([], []))
            weights.append(w)
            rows.append(counts)
        solutions = {k: sum(weights) for k, (weights, _) in by_mines.items()}
        # A model of w layouts with c mines in a box of s cells puts one on a given cell
        # in w * c / s of them (w holds C(s, c), and C(s, c) * c / s = C(s-1, c-1)): exact term by term.
        tallies = {
            k: tuple(
                sum(map(mul, weights, column)) // size
                for column, size in zip(zip(*rows, strict=True), sizes, strict=True)
            )
            for k, (weights, rows) in by_mines.items()
        }
        return CountTable(solutions, tallies)

    @lazy
    def polynomial(self) -> list[int]:
        """Layouts of the part by number of mines (see :func:`~cnfsweep.engine.counting.mine_polynomial`)."""
        if self.weighed is None:
            return mine_polynomial(self.table)
        if self._weigh_compiled():
            return self.__dict__["polynomial"]
        out = [0] * (max(k for _, k, _ in self.weighed) + 1)
        for _, k, w in self.weighed:
            out[k] += w
        return out

    @lazy
    def has_safe_box(self) -> bool:
        """Whether some box holds no mine in any layout of the part, so is safe whatever the rest holds."""
        if self.weighed is not None:
            if self._weigh_compiled():
                return self.__dict__["has_safe_box"]
            return not all(map(any, zip(*(counts for counts, _, _ in self.weighed), strict=True)))
        rows = self.table.tallies.values()
        return any(all(row[b] == 0 for row in rows) for b in range(len(self.boxes)))

    @lazy
    def packed_table(self) -> Any:
        """The count table read into C once, for the look-ahead's leaf kernel; ``None`` where it is not built or declines.

        A look-ahead's positions share most of their parts, so each part is read
        once (see :func:`cnfsweep.search.merge.leaf_counts`).
        """
        pack = getattr(splitting.kernel, "pack_table", None)
        if pack is None:
            return None
        found = pack(self.table, self.has_safe_box)
        return None if found is NotImplemented else found

    @lazy
    def packed_models(self) -> Any:
        """:attr:`models` read into C once, for the leaf kernel; ``None`` where they are not listed or it declines."""
        pack = getattr(splitting.kernel, "pack_models", None)
        if pack is None:
            return None
        models = self.models
        if models is None:
            return None
        found = pack(models, tuple(map(len, self.boxes)))
        return None if found is NotImplemented else found

    @lazy
    def models(self) -> tuple[tuple[int, ...], ...] | None:
        """Return the canonical models, listed by search if need be; ``None`` past the search's budget."""
        if self.weighed is not None:
            return tuple(counts for counts, _, _ in self.weighed)
        found = search_box_models(self.component.problem, LIST_NODES)
        return None if found is None else tuple(found)
