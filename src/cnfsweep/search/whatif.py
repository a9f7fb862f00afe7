"""Answer "what if this cell showed that number?" from a solved position, without re-reading the board.

A look-ahead policy asks this for every number every candidate could show:
dozens of hypothetical positions per guess.  Revealing one cell only changes the
components next to it, so a :class:`Snapshot` keeps every component with its
count table and merges the touched ones with the new number: under a game's
engine straight from their models (:mod:`cnfsweep.search.merge`), under any
other by solving the rebuilt component with that engine.  It weighs the lot
again, and the result is itself a snapshot, so the question can be asked again
one move further on.  The snapshots derived from one analysis share a memo:
revealing a then b reaches the position of b then a.

Examples
--------
>>> from cnfsweep.core.board import Board, Cell
>>> from cnfsweep.engine.position import build_position
>>> snap = Snapshot.of(build_position(Board.from_rows(["1..", "...", "..."], total_mines=2)))
>>> snap.solutions, snap.weight(Cell(0, 2))
(15, 3)
>>> after = snap.reveal(Cell(0, 2), 1)
>>> after.solutions, after.safe_exists, after.safety_pair()
(7, False, (Fraction(6, 7), Fraction(6, 7)))
>>> snap.condition({Cell(0, 1): True}).solutions, snap.condition({Cell(0, 1): True, Cell(1, 1): True})
(5, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from cnfsweep.core.board import Cell
from cnfsweep.core.topology import Topology
from cnfsweep.core.lazy import lazy
from cnfsweep.core.constraints import CountTable, Rule
from cnfsweep.engine.analysis import Analysis
from cnfsweep.engine.components import Counting
from cnfsweep.engine.counting import Weights, count_layouts, weigh
from cnfsweep.engine.position import Component, Position
from cnfsweep.search.merge import Path, Split, Tree, leaf_blend, leaf_counts, product_of
from cnfsweep.search.parts import Part
from cnfsweep.search.ranking import candidates, dead_safe, number_range, safety_pair
from cnfsweep.search.rebuild import rebuild, solve_components

if TYPE_CHECKING:
    # Annotations only: importing the players' policies (for their names, in --help) does not import the engine.
    from cnfsweep.engine import Engine


@dataclass(frozen=True, eq=False)
class Snapshot:
    """A solved position that knows the total: components with their tables, and the cells off the frontier.

    Attributes
    ----------
    topology : Topology
        The board's shape and which of its cells are neighbours.
    parts : tuple of Part
        Frontier components, each with its boxes, count table and rules
        (:attr:`components` and :attr:`tables` give them as the engine's).
    off : frozenset of Cell
        Unknown cells seen by no number.
    known_mines : frozenset of Cell
        Covered cells known to be mines that no rule mentions (flags included).
    known_safe : frozenset of Cell
        Covered cells known to be safe that no rule mentions.
    mines_left : int
        Mines among the components' cells and ``off``.
    """

    topology: Topology
    parts: tuple[Part, ...]
    off: frozenset[Cell]
    known_mines: frozenset[Cell]
    known_safe: frozenset[Cell]
    mines_left: int
    engine: Engine = field(repr=False, compare=False)
    # What was revealed since the snapshot of the analysis (None after a condition), and the
    # positions every such set of reveals leads to, shared by the whole tree: revealing a then b
    # is the position of b then a.
    path: Path | None = field(default=frozenset(), repr=False, compare=False)
    tree: Tree = field(default_factory=Tree, repr=False, compare=False)

    @lazy
    def _outcomes(self) -> dict[Cell, dict[int, Snapshot]]:
        """Outcomes already worked out, per cell: a look-ahead asks for some of them twice."""
        return {}

    @lazy
    def _splits(self) -> dict[Cell, Split | None]:
        """Per cell, the models of the component its reveal makes, by number (None: the engine's way)."""
        return {}

    @lazy
    def _leaves(self) -> dict[Cell, tuple[int, tuple[tuple[int, int], ...]] | None]:
        """Per cell, :func:`~cnfsweep.search.merge.leaf_counts`: every number's two counts from one kernel call."""
        return {}

    @lazy
    def _blends(self) -> dict[tuple[Cell, bool], tuple[int, tuple[tuple[int, int, int, int], ...]] | None]:
        """Per cell and dead-cell test, :func:`~cnfsweep.search.merge.leaf_blend`'s answer."""
        return {}

    @lazy
    def packed_tables(self) -> tuple[Any, ...] | None:
        """Every part's :attr:`~cnfsweep.search.parts.Part.packed_table`, in order; ``None`` where one is missing."""
        found = tuple(part.packed_table for part in self.parts)
        return None if None in found else found

    @classmethod
    def of(cls, pos: Position, engine: Engine | None = None) -> Snapshot | None:
        """Solve a position with a known total; ``None`` when it is inconsistent.

        Every hypothetical position derived from the snapshot is solved by
        ``engine`` too (by default a fresh one on the default backend that
        counts small components by search alone, as a game does).
        """
        if pos.mines_left is None:
            raise ValueError("a snapshot needs the total mine count")
        if pos.contradiction is not None:
            return None
        if engine is None:
            from cnfsweep.engine import Engine

            engine = Engine.for_games()
        tables = solve_components(pos.components, engine)
        if tables is None:
            return None
        settled = {**pos.fixed, **pos.forced}
        snap = cls(
            topology=pos.board.topology,
            parts=tuple(Part.of_component(comp, table) for comp, table in zip(pos.components, tables, strict=True)),
            off=frozenset(pos.off_frontier),
            known_mines=frozenset(pos.board.flags) | {c for c, mine in settled.items() if mine},
            known_safe=frozenset(c for c, mine in settled.items() if not mine),
            mines_left=pos.mines_left,
            engine=engine,
        )
        # Reveals and conditions only take cells off the frontier away: the tree's positions have some of these.
        snap.tree.root_off = snap.off
        return snap if snap.solutions else None

    @classmethod
    def of_analysis(cls, analysis: Analysis, engine: Engine | None = None) -> Snapshot:
        """Return the snapshot of the position a consistent analysis with a total solved.

        Examples
        --------
        >>> from cnfsweep import Board, analyze
        >>> a = analyze(Board.from_rows(["1.", ".."], total_mines=1))
        >>> Snapshot.of_analysis(a).solutions == a.solutions
        True
        """
        snap = cls.of(analysis.position, engine)
        # The analysis found layouts, so the same components have them too.
        assert snap is not None and snap.solutions == analysis.solutions
        return snap

    @property
    def components(self) -> tuple[Component, ...]:
        """The frontier components, each with its problem."""
        return tuple(part.component for part in self.parts)

    @property
    def tables(self) -> tuple[CountTable, ...]:
        """The count table of every component."""
        return tuple(part.table for part in self.parts)

    @property
    def rows(self) -> int:
        """Number of rows of the board."""
        return self.topology.rows

    @property
    def cols(self) -> int:
        """Number of columns of the board."""
        return self.topology.cols

    # -- counts ---------------------------------------------------------------

    @lazy
    def product(self) -> list[int]:
        """The product of the parts' mine polynomials: frontier layouts by number of mines."""
        return product_of(self.parts)

    @lazy
    def weights(self) -> Weights:
        """Layout counts of the whole board and per box (see :func:`~cnfsweep.engine.counting.weigh`)."""
        n_off, mines_left = len(self.off), self.mines_left
        # Off the frontier, a given cell holding a mine leaves one cell and one mine fewer: shared by the tree too.
        off_ways = self.tree.ways_for(n_off - 1, mines_left - 1, len(self.product)) if n_off else None
        return weigh(
            self.tables,
            n_off,
            mines_left,
            [p.polynomial for p in self.parts],
            product=self.product,
            ways=self._ways,
            off_ways=off_ways,
        )

    @lazy
    def solutions(self) -> int:
        """Consistent layouts of the whole board (counted without the per-box weights)."""
        return count_layouts(self.product, len(self.off), self.mines_left, self._ways)

    @property
    def _ways(self) -> list[int]:
        """:func:`~cnfsweep.engine.counting.off_frontier_ways` for this snapshot, shared by the tree."""
        return self.tree.ways_for(len(self.off), self.mines_left, len(self.product))

    @lazy
    def box_of(self) -> dict[Cell, tuple[int, int]]:
        """Component and box of every frontier cell."""
        out: dict[Cell, tuple[int, int]] = {}
        put = out.update
        for k, part in enumerate(self.parts):
            for b, box in enumerate(part.boxes):
                # A box at a time (the same keys, in the same order): cell by cell dominated the look-ahead's snapshots.
                put(dict.fromkeys(box, (k, b)))
        return out

    def weight(self, cell: Cell) -> int:
        """Return the number of layouts with a mine on ``cell`` (an unknown cell)."""
        found = self.box_of.get(cell)
        if found is not None:
            return self.weights.boxes[found[0]][found[1]]
        if cell in self.off:
            return self.weights.off_frontier or 0
        if cell in self.known_mines:
            return self.solutions
        return 0

    def unknown(self, cell: Cell) -> bool:
        """Tell whether ``cell`` is covered and its value is not settled outside the rules."""
        return cell in self.box_of or cell in self.off

    @lazy
    def safe_exists(self) -> bool:
        """Whether some covered cell is safe in every layout."""
        # A box with no mine in any of its part's layouts is safe: no need to weigh the board for it.
        if self.known_safe or any(part.has_safe_box for part in self.parts):
            return True
        w = self.weights
        if any(0 in row for row in w.boxes):
            return True
        return bool(self.off) and w.off_frontier == 0

    @lazy
    def dead_safe(self) -> tuple[list[tuple[Cell, int]], int] | None:
        """The certain-safe cells and their numbers where every one is dead, with the guess's loss after them.

        See :func:`~cnfsweep.search.ranking.dead_safe`; worked out once a position, as
        a look-ahead asks for it again at every depth.
        """
        return dead_safe(self)

    def best_safety(self) -> Fraction:
        """Return the best safety of a covered cell that may still be clicked, ``safety_pair()[0]``, sooner."""
        n = self.solutions
        return Fraction(n - self.best_weight(), n)

    def best_weight(self) -> int:
        """Return the layouts with a mine on the safest cell that may still be clicked.

        That is 0 when a cell is certainly safe, or when none is left to
        click (the game is won), as :meth:`safety_pair` counts them.
        """
        if self.safe_exists:
            return 0
        low = self.lowest
        return 0 if low == self.solutions else low

    @lazy
    def lowest(self) -> int:
        """The fewest layouts with a mine on a cell not certainly one (``solutions`` if every cell is)."""
        return self.weights.lowest()

    def safety_pair(self) -> tuple[Fraction, Fraction]:
        """Return the best and second-best safety of a covered cell that may still be clicked.

        Cells are counted one by one (a box of two safest cells gives both
        values), certain mines are left out and certain safe cells count as 1.
        With one candidate cell the second value is 0; with none, the game is
        won and both are 1.
        """
        return safety_pair(self)

    def candidates(self, tolerance: float, limit: int, off_cells: int = 2) -> list[Cell]:
        """Return up to ``limit`` cells whose safety is within ``tolerance`` (relative) of the best.

        Safest first, then fewest neighbours left to open, then row-major;
        cells off the frontier are alike but for their neighbourhood, so
        ``off_cells`` of them (those with fewest neighbours left to open)
        stand for all.
        """
        return candidates(self, tolerance, limit, off_cells)

    def number_range(self, cell: Cell) -> tuple[int, int]:
        """Return the smallest and largest number ``cell`` could show if it is safe."""
        return number_range(self, cell)

    # -- hypotheticals ----------------------------------------------------------

    def reveal(self, cell: Cell, number: int) -> Snapshot | None:
        """Return the position after covered ``cell`` shows ``number``; ``None`` if it cannot (or is a mine).

        Examples
        --------
        >>> from cnfsweep.core.board import Board, Cell
        >>> from cnfsweep.engine.position import build_position
        >>> snap = Snapshot.of(build_position(Board.from_rows(["1.", ".."], total_mines=1)))
        >>> snap.reveal(Cell(1, 1), 0) is None, snap.reveal(Cell(1, 1), 1).solutions
        (True, 2)
        """
        if cell in self.known_mines:
            return None
        if not self.unknown(cell) and cell not in self.known_safe:
            raise ValueError(f"{tuple(cell)} is not a covered cell")
        path = None if self.path is None else self.path | {(cell, number)}
        if path is not None and path in self.tree.reached:
            return self.tree.reached[path]
        split = self._splits[cell] if cell in self._splits else self._split(cell)
        if split is not None:
            after = split.after(self, number, path)
        else:
            tables = self.topology.tables()
            cells = tables.cells
            neighbours = [cells[j] for j in tables.near(cell)]
            unknown = tuple(c for c in neighbours if self.unknown(c))
            need = number - sum(1 for c in neighbours if c in self.known_mines)
            after = self._update({cell: False}, Rule(cell, unknown, need), revealed=cell, path=path)
        if path is not None:
            self.tree.reached[path] = after
        return after

    def reveal_weight(self, cell: Cell, number: int) -> int:
        """Return ``reveal(cell, number).best_weight()``, 0 where that is ``None``, without keeping the position.

        A look-ahead's last move needs only this count of each position it
        reaches; under a game's engine it is worked out from the parts'
        models without making the position (see :meth:`Split.best_weight
        <cnfsweep.search.merge.Split.best_weight>`).

        Examples
        --------
        >>> from cnfsweep.core.board import Board, Cell
        >>> from cnfsweep.engine.position import build_position
        >>> snap = Snapshot.of(build_position(Board.from_rows(["1..", "...", "..."], total_mines=2)))
        >>> [snap.reveal_weight(Cell(2, 2), v) for v in range(4)], snap.reveal(Cell(2, 2), 1).best_weight()
        ([0, 1, 0, 0], 1)
        """
        if cell in self.known_mines:
            return 0
        found_leaf = self._leaf(cell, number)
        if found_leaf is not None:
            return found_leaf[1]
        path = None if self.path is None else self.path | {(cell, number)}
        if path is not None:
            if path in self.tree.reached:
                after = self.tree.reached[path]
                return 0 if after is None else after.best_weight()
            if path in self.tree.leaf_weights:
                return self.tree.leaf_weights[path]
        if not self.unknown(cell) and cell not in self.known_safe:
            raise ValueError(f"{tuple(cell)} is not a covered cell")
        split = self._splits[cell] if cell in self._splits else self._split(cell)
        if split is None:
            after = self.reveal(cell, number)
            return 0 if after is None else after.best_weight()
        found = split.best_weight(self, number)
        if path is not None:
            self.tree.leaf_weights[path] = found
        return found

    def reveal_counts(self, cell: Cell, number: int) -> tuple[int, int]:
        """Return ``reveal(cell, number)``'s ``solutions`` and ``best_weight()``, ``(0, 0)`` where it is ``None``.

        As :meth:`reveal_weight`, without keeping the position: a look-ahead
        scores every candidate by these two counts of each number it could
        show, and goes on from the positions of a few candidates only.

        Examples
        --------
        >>> from cnfsweep.core.board import Board, Cell
        >>> from cnfsweep.engine.position import build_position
        >>> snap = Snapshot.of(build_position(Board.from_rows(["1..", "...", "..."], total_mines=2)))
        >>> after = snap.reveal(Cell(0, 2), 1)
        >>> snap.reveal_counts(Cell(0, 2), 1) == (after.solutions, after.best_weight()), snap.reveal_counts(Cell(0, 2), 4)
        (True, (0, 0))
        """
        if cell in self.known_mines:
            return 0, 0
        found_leaf = self._leaf(cell, number)
        if found_leaf is not None:
            return found_leaf
        path = None if self.path is None else self.path | {(cell, number)}
        if path is not None:
            if path in self.tree.reached:
                after = self.tree.reached[path]
                return (0, 0) if after is None else (after.solutions, after.best_weight())
            known = self.tree.leaf_counts.get(path)
            if known is not None:
                return known
        if not self.unknown(cell) and cell not in self.known_safe:
            raise ValueError(f"{tuple(cell)} is not a covered cell")
        split = self._splits[cell] if cell in self._splits else self._split(cell)
        if split is None:
            after = self.reveal(cell, number)
            return (0, 0) if after is None else (after.solutions, after.best_weight())
        found = split.counts(self, number)
        if path is not None:
            self.tree.leaf_counts[path] = found
        return found

    def leaf(self, cell: Cell) -> tuple[int, tuple[tuple[int, int], ...]] | None:
        """Return :meth:`reveal_counts` for every number ``cell`` could show, from one call of the leaf kernel.

        ``(low, counts)``: ``low`` is :meth:`number_range`'s first number and
        ``counts[i]`` is ``reveal_counts(cell, low + i)``, up to its last
        (see :func:`~cnfsweep.search.merge.leaf_counts`); kept per cell.  Only
        where :meth:`_split` would split (a game's engine), and ``None`` where
        the kernel does not answer: then ask number by number.

        Examples
        --------
        >>> from cnfsweep.core.board import Board, Cell
        >>> from cnfsweep.engine.position import build_position
        >>> snap = Snapshot.of(build_position(Board.from_rows(["1..", "...", "..."], total_mines=2)))
        >>> snap.number_range(Cell(0, 2))
        (0, 3)
        >>> found = snap.leaf(Cell(0, 2))  # None without the kernel
        >>> found is None or found == (0, tuple(snap.reveal_counts(Cell(0, 2), v) for v in range(4)))
        True
        """
        if self.engine.counting is not Counting.SEARCH or cell in self.known_mines:
            return None
        leaves = self._leaves
        if cell in leaves:
            return leaves[cell]
        if not self.unknown(cell) and cell not in self.known_safe:
            raise ValueError(f"{tuple(cell)} is not a covered cell")
        found = leaves[cell] = leaf_counts(self, cell)
        return found

    def leaf_blend(self, cell: Cell, living: bool) -> tuple[int, tuple[tuple[int, int, int, int], ...]] | None:
        """Return :meth:`leaf` with each number's best and second-best guess after it, from one kernel call.

        ``(low, counts)``: ``counts[i]`` is ``(n, fails, first, second)``, where
        ``(n, fails)`` is ``reveal_counts(cell, low + i)`` and ``first``,
        ``second`` are the layouts (of the ``n``) with a mine on the cells
        :meth:`safety_pair` of the position after that number reads, or with
        ``living`` :func:`~cnfsweep.search.ranking.living_safety_pair` (plainly
        dead cells left out); see :func:`~cnfsweep.search.merge.leaf_blend`.
        Kept per cell; ``None`` where the kernel does not answer: then build
        the positions (:meth:`reveal`).

        Examples
        --------
        >>> from cnfsweep.core.board import Board, Cell
        >>> from cnfsweep.engine.position import build_position
        >>> snap = Snapshot.of(build_position(Board.from_rows(["1..", "...", "..."], total_mines=2)))
        >>> from cnfsweep.search.ranking import living_safety_pair
        >>> found = snap.leaf_blend(Cell(2, 2), True)  # None without the kernel
        >>> after = snap.reveal(Cell(2, 2), 1)
        >>> n, _, first, second = found[1][1 - found[0]] if found else (after.solutions, 0, 0, 0)
        >>> found is None or (Fraction(n - first, n), Fraction(n - second, n)) == living_safety_pair(after)
        True
        """
        if self.engine.counting is not Counting.SEARCH or cell in self.known_mines:
            return None
        blends = self._blends
        key = (cell, living)
        if key in blends:
            return blends[key]
        if not self.unknown(cell) and cell not in self.known_safe:
            raise ValueError(f"{tuple(cell)} is not a covered cell")
        found = blends[key] = leaf_blend(self, cell, living)
        if found is not None and cell not in self._leaves:
            # The same call's first two counts are :meth:`leaf`'s answer: the deeper look-ahead asks it next.
            self._leaves[cell] = (found[0], tuple((n, fails) for n, fails, _, _ in found[1]))
        return found

    def _leaf(self, cell: Cell, number: int) -> tuple[int, int] | None:
        """Return :meth:`reveal_counts` from :meth:`leaf`; ``None`` without, or for a number the cell cannot show."""
        found = self.leaf(cell)
        if found is None:
            return None
        i = number - found[0]
        return found[1][i] if 0 <= i < len(found[1]) else None

    def forget(self) -> None:
        """Drop what the snapshots derived from this one share: the positions reached and the merges.

        The memo of positions refers to the snapshots that refer to it, so
        without this they wait for the garbage collector; a look-ahead that
        is done with its snapshots frees them at once.  They still answer
        afterwards, only without the memo.
        """
        self.tree.reached.clear()
        self.tree.merges.clear()
        self.tree.leaf_weights.clear()
        self.tree.leaf_counts.clear()

    def condition(self, values: Mapping[Cell, bool]) -> Snapshot | None:
        """Return the layouts in which each cell of ``values`` is a mine (``True``) or safe; ``None`` if none."""
        for c, mine in values.items():
            if c in self.known_mines or c in self.known_safe:
                if mine != (c in self.known_mines):
                    return None
            elif not self.unknown(c):
                raise ValueError(f"{tuple(c)} is not a covered cell")
        open_values = {c: m for c, m in values.items() if self.unknown(c)}
        return self._update(open_values, None, path=None)

    def _split(self, cell: Cell) -> Split | None:
        """Work out, once per cell, the models its reveal leads to; ``None`` where the engine must solve instead.

        Only with an engine that counts by search alone (a game's): any other
        engine solves every hypothetical component itself, as it was asked to.
        """
        found = Split.of(self, cell) if self.engine.counting is Counting.SEARCH else None
        self._splits[cell] = found
        return found

    def _update(
        self,
        values: Mapping[Cell, bool],
        rule: Rule | None,
        revealed: Cell | None = None,
        path: Path | None = None,
    ) -> Snapshot | None:
        """Settle ``values`` and add ``rule``, rebuilding only the components they touch, with the engine."""
        return rebuild(self, values, rule, revealed, path)

    def outcomes(self, cell: Cell) -> dict[int, Snapshot]:
        """Return the position after each number ``cell`` can show, keyed by the number.

        The outcomes' layouts add up to the layouts in which ``cell`` is safe.
        """
        known = self._outcomes.get(cell)
        if known is not None:
            return known
        low, high = self.number_range(cell)
        out = {}
        for v in range(low, high + 1):
            after = self.reveal(cell, v)
            if after is not None:
                out[v] = after
        assert sum(s.solutions for s in out.values()) == self.solutions - self.weight(cell), (
            f"outcomes of {cell} do not add up"
        )
        self._outcomes[cell] = out
        return out
