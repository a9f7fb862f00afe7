"""A reveal worked out from the touched parts' models alone, and what a look-ahead's snapshots share.

Revealing a cell adds one rule over the cell's covered neighbours; instead of
rebuilding the touched components from their rules and solving them again,
:func:`split_models` splits each touched box into the cells the new number
sees and the others, and spreads every known model's mines over the two
halves in every way the new number allows.  The result is the exact model
list of the merged component (:class:`Merge`), for every number the cell
could show at once, without a solver.  :class:`Split` applies a merge to
one snapshot; :class:`Tree` holds what the snapshots derived from one
analysis share.

Examples
--------
Two cells holding one mine, and a third cell next to the first only:

>>> a, b, c = Cell(0, 0), Cell(0, 1), Cell(1, 0)
>>> boxes, by_need = split_models([((a, b),)], [[(1,)]], c, {a}, ())
>>> boxes, by_need
(((Cell(row=0, col=0),), (Cell(row=0, col=1),)), {0: [((0, 1), 1, 1)], 1: [((1, 0), 1, 1)]})
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from math import comb
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cnfsweep.core.board import Cell
from cnfsweep.core.lazy import lazy
from cnfsweep.core.constraints import CountTable, Rule
from cnfsweep.engine.counting import least_weight, multiply, off_frontier_ways
import cnfsweep.search.splitting as splitting
from cnfsweep.search.parts import Part
from cnfsweep.search.ranking import living_safety_pair, number_range, safety_pair
from cnfsweep.search.splitting import Models, Weighed, split_python

__all__ = [
    "MODEL_LIMIT",
    "Merge",
    "Path",
    "Split",
    "Tree",
    "binomial",
    "leaf_blend",
    "leaf_counts",
    "product_of",
    "split_models",
    "split_weigh",
]

Path = frozenset[tuple[Cell, int]]
"""What was revealed since the snapshot of an analysis: the key of the positions a look-ahead reached."""

# A Snapshot of cnfsweep.search.whatif, which imports this module: typed loosely here.
Snapshot = Any

MODEL_LIMIT = 4096
"""Most models a reveal may list for the merged component; past it the rules go to the engine instead."""


def split_models(
    boxes: Sequence[Sequence[Sequence[Cell]]],
    models: Sequence[Models],
    cell: Cell,
    seen: Collection[Cell],
    fresh: Sequence[Cell],
    limit: int = MODEL_LIMIT,
) -> tuple[tuple[tuple[Cell, ...], ...], dict[int, list[Weighed]]] | None:
    """List the models of the component a revealed ``cell`` makes, by the mines its number sees.

    The C kernel does it where the install built one, else the Python
    reference does (:mod:`cnfsweep.search.splitting`): the answer is the same.

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
        The merged component's boxes and, for every count of mines among
        the new number's cells, the models over those boxes, each with its
        number of mines and of layouts.  Each touched box is split into the
        cells ``seen`` and the others, ``cell`` dropped and empty halves left
        out; the boxes left whole come first, then the split ones (the seen
        half, then the other), then ``fresh``.  Each layout of the touched
        parts with ``cell`` safe is in exactly one model.
    """
    compiled = splitting.kernel
    if compiled is not None:
        found = compiled.split_models(boxes, models, cell, seen, fresh, limit)
        if found is not NotImplemented:
            return found
    return split_python(boxes, models, cell, seen, fresh, limit)


def split_weigh(
    boxes: Sequence[Sequence[Sequence[Cell]]],
    models: Sequence[Models],
    cell: Cell,
    seen: Collection[Cell],
    fresh: Sequence[Cell],
    limit: int = MODEL_LIMIT,
) -> Any:
    """Return :func:`split_models`' boxes and, per need, its models weighed without listing them.

    Each need's weighing is what :class:`~cnfsweep.search.parts.Part` works
    out from that need's models: ``(solutions, tallies, polynomial,
    has_safe_box)``.  Only the C kernel does this (summing each model as it
    comes); ``None`` past ``limit`` as :func:`split_models`, and
    ``NotImplemented`` where there is no kernel or it declines: then list the
    models with :func:`split_models`.
    """
    # A kernel built before split_weigh existed lacks it: the models are listed then, as without one.
    weigh = getattr(splitting.kernel, "split_weigh", None)
    if weigh is None:
        return NotImplemented
    found: Any = weigh(boxes, models, cell, seen, fresh, limit)
    return found


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
    rules: tuple[Rule, ...]
    fresh: tuple[Cell, ...] = ()
    #: Per need, the merged part's (solutions, tallies, polynomial, has_safe_box) from the C kernel, which
    #: weighs the models without listing them; ``None`` where the models were listed (:attr:`by_need`).
    weighings: dict[int, tuple[dict[int, int], dict[int, tuple[int, ...]], list[int], bool]] | None = field(
        default=None, repr=False
    )
    _parts: dict[int, Part] = field(default_factory=dict, init=False, repr=False)
    _weighed: dict[int, tuple[CountTable, list[int], bool] | None] = field(default_factory=dict, init=False, repr=False)

    @classmethod
    def of(cls, touched: Sequence[Part], cell: Cell, seen: Sequence[Cell], fresh: Sequence[Cell]) -> Merge | None:
        """Merge the parts ``cell``'s reveal touches; ``None`` when one has too many models to list.

        ``seen`` are the cell's covered neighbours, ``fresh`` those of them
        no number saw before.
        """
        models = [part.models for part in touched]
        if any(m is None for m in models):
            return None
        boxes_in = [part.boxes for part in touched]
        # Where the leaf kernel answers the look-ahead's counts (leaf_counts), a merge is made for the positions
        # a reveal reaches, whose parts list their models: listed at once, not weighed first and listed again.
        leaves = getattr(splitting.kernel, "leaf_at", None) is not None
        found = NotImplemented if leaves else split_weigh(boxes_in, models, cell, set(seen), fresh)
        weighings = None
        listed = None
        if found is NotImplemented:
            found = split_models(boxes_in, models, cell, set(seen), fresh)
            if found is None:
                return None
            boxes, listed = found
        elif found is None:
            return None
        else:
            boxes, weighings = found
        # The touched parts' rules hold still, the revealed cell safe; the new number's comes last.
        # Only the few rules that mention the cell are rebuilt: the others are kept as they are.
        rules = tuple(
            r if cell not in r.cells else Rule(r.tag, kept, r.need)
            for part in touched
            for r in part.rules
            if cell not in r.cells or (kept := tuple(c for c in r.cells if c != cell))
        )
        merge = cls(cell, tuple(touched), tuple(seen), boxes, rules, tuple(fresh), weighings)
        if listed is not None:
            merge.__dict__["by_need"] = listed  # what the lazy attribute would list again
        return merge

    @lazy
    def by_need(self) -> dict[int, list[Weighed]]:
        """The merged component's models by need (see :func:`split_models`), listed once a position is made."""
        found = split_models(
            [part.boxes for part in self.touched],
            [part.models for part in self.touched],
            self.cell,
            set(self.seen),
            self.fresh,
        )
        # The kernel weighed the same models within the same limit: they are there to list.
        assert found is not None and found[0] == self.boxes
        return found[1]

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

    def weighed(self, need: int) -> tuple[CountTable, list[int], bool] | None:
        """Return :meth:`part`'s ``table``, ``polynomial`` and ``has_safe_box``; ``None`` where it is ``None``.

        From the kernel's weighing where there is one, without listing the
        models: a look-ahead's last move asks only these of most merges.
        """
        if need in self._weighed:
            return self._weighed[need]
        found: tuple[CountTable, list[int], bool] | None
        if self.weighings is not None:
            w = self.weighings.get(need)
            found = None if w is None else (CountTable(w[0], w[1]), w[2], w[3])
        else:
            part = self.part(need)
            found = None if part is None else (part.table, part.polynomial, part.has_safe_box)
        self._weighed[need] = found
        return found


@lru_cache(maxsize=1 << 14)
def binomial(n: int, k: int) -> int:
    """Return ``C(n, k)``, kept: the leaf kernel's scale asks the same few of every game's look-ahead.

    A cell off the frontier and the mines left give hundreds of bits; a game
    asks a few dozen pairs, guess after guess.

    Examples
    --------
    >>> binomial(5, 2)
    10
    """
    return comb(n, k)


def product_of(parts: Iterable[Part]) -> list[int]:
    """Multiply the parts' mine polynomials: their layouts together, by number of mines."""
    out = [1]
    for part in parts:
        out = multiply(out, part.polynomial)
    return out


# Off-frontier ways by (cells off the frontier, mines left), shared by every Tree: lists of big binomials,
# read only, as many as a few games ask before they are dropped.
_WAYS: dict[tuple[int, int], list[int]] = {}
_MOST_WAYS = 1024


class Tree:
    """What the snapshots derived from one analysis share: positions by what was revealed, and merges."""

    def ways_for(self, n_off: int, mines_left: int, length: int) -> list[int]:
        """Return :func:`~cnfsweep.engine.counting.off_frontier_ways`, at least ``length`` long, once per count."""
        key = (n_off, mines_left)
        found = self.ways.get(key)
        if found is None or len(found) < length:
            # Each binomial costs a product and a division of big integers: no more than the products
            # ask for (a frontier rarely holds most of the mines left), doubling when one asks more.
            want = max(length, min(mines_left + 1, 2 * len(found))) if found else length
            if len(self.ways) >= _MOST_WAYS:
                self.ways.clear()
            found = self.ways[key] = off_frontier_ways(n_off, mines_left, want)
        return found

    def __init__(self) -> None:
        self.reached: dict[Path, Snapshot | None] = {}
        self.merges: dict[tuple[object, ...], Merge | None] = {}
        # Shared by every look-ahead: the same counts come back guess after guess (bounded in ways_for).
        self.ways: dict[tuple[int, int], list[int]] = _WAYS
        self.leaf_weights: dict[Path, int] = {}
        self.leaf_counts: dict[Path, tuple[int, int]] = {}
        self.mines_near: dict[frozenset[Cell], tuple[Counter[int], frozenset[Cell]]] = {}
        # Per set of known mines, the cells next to them by neighbours left to open (ranking._open_off_cells),
        # among the cells off the frontier of the tree's first position (None: not known), of which every
        # position reached by reveals or conditions has some.
        self.off_order: dict[frozenset[Cell], list[tuple[int, Cell]]] = {}
        self.root_off: frozenset[Cell] | None = None


@dataclass(frozen=True, eq=False)
class Split:
    """What revealing one cell does to a snapshot, read off its parts' models (see :class:`Merge`)."""

    merge: Merge
    kept: tuple[Part, ...]
    mines_near: int
    #: The cells off the frontier before the reveal, and those of them it takes (the cell, its fresh neighbours).
    off_before: frozenset[Cell]
    taken: tuple[Cell, ...]

    @lazy
    def off(self) -> frozenset[Cell]:
        """The cells off the frontier after the reveal: copied only for a position that is made."""
        return self.off_before.difference(self.taken) if self.taken else self.off_before

    @lazy
    def n_off(self) -> int:
        """How many cells are off the frontier after the reveal (the taken ones are distinct cells of it)."""
        return len(self.off_before) - len(self.taken)

    @classmethod
    def of(cls, snap: Snapshot, cell: Cell) -> Split | None:
        """Split the parts ``cell`` touches; ``None`` when one has too many models to list."""
        tables = snap.topology.tables()
        cells = tables.cells
        neighbours = [cells[j] for j in tables.near(cell)]
        box_of, off = snap.box_of, snap.off
        seen = tuple(c for c in neighbours if c in box_of or c in off)
        touched = sorted({box_of[c][0] for c in (cell, *seen) if c in box_of})
        parts = tuple(snap.parts[k] for k in touched)
        fresh = tuple(c for c in seen if c not in box_of)
        # The parts themselves are kept in the merge, so their ids are not reused while it is cached.
        key = (cell, fresh, *map(id, parts))
        merges = snap.tree.merges
        if key in merges:
            merge = merges[key]
        else:
            merge = merges[key] = Merge.of(parts, cell, seen, fresh)
        if merge is None:
            return None
        keep = tuple(part for k, part in enumerate(snap.parts) if k not in touched)
        mines_near = sum(1 for c in neighbours if c in snap.known_mines)
        # Copying the cells off the frontier costs hundreds of hashes: left to a position that is made.
        taken = (*fresh, cell) if cell in off else fresh
        return cls(merge, keep, mines_near, off, taken)

    def after(self, snap: Snapshot, number: int, path: Path | None) -> Snapshot | None:
        """Return the snapshot after the cell shows ``number``; ``None`` if no layout allows it."""
        merge = self.merge
        part = merge.part(number - self.mines_near)
        if part is None:
            return None
        parts, product = self.kept, self.kept_product
        if merge.boxes:
            parts, product = (*parts, part), multiply(product, part.polynomial)
        after = type(snap)(
            topology=snap.topology,
            parts=parts,
            off=self.off,
            known_mines=snap.known_mines,
            known_safe=snap.known_safe - {merge.cell} if merge.cell in snap.known_safe else snap.known_safe,
            mines_left=snap.mines_left,
            engine=snap.engine,
            path=path,
            tree=snap.tree,
        )
        after.__dict__["product"] = product  # what the cached property would work out
        return after if after.solutions else None

    @lazy
    def kept_product(self) -> list[int]:
        """The product of the untouched parts' mine polynomials, the same for every number."""
        return product_of(self.kept)

    @lazy
    def _kept_lists(self) -> tuple[list[CountTable], list[list[int]], bool, int]:
        """The untouched parts' tables and polynomials, whether one of them has a safe box, and their product's length."""
        polys = [p.polynomial for p in self.kept]
        # The product's length, from the polynomials' degrees, without multiplying them.
        length = 1 + sum(len(p) - 1 for p in polys)
        return [p.table for p in self.kept], polys, any(p.has_safe_box for p in self.kept), length

    def best_weight(self, snap: Snapshot, number: int) -> int:
        """Return :meth:`~cnfsweep.search.whatif.Snapshot.best_weight` of :meth:`after`, 0 where it is ``None``.

        The same count, without making the position: a look-ahead's last
        move asks only this of the positions it reaches, and most of them
        are asked nothing else.
        """
        merge = self.merge
        weighed = merge.weighed(number - self.mines_near)
        if weighed is None:
            return 0
        table, poly, safe = weighed
        tables, polys, kept_safe, length = self._kept_lists
        if kept_safe or (merge.boxes and safe) or _safe_left(snap.known_safe, merge.cell):
            # A certainly safe cell: the next move fails in no layout (or there is no layout).
            return 0
        if merge.boxes:
            tables, polys = [*tables, table], [*polys, poly]
            length += len(poly) - 1
        n_off, mines_left = self.n_off, snap.mines_left
        # The product of the polynomials is left to the Python weighing, which alone needs it.
        n, low = least_weight(tables, n_off, mines_left, polys, ways=snap.tree.ways_for(n_off, mines_left, length))
        if not n:
            return 0
        # A box or cell off the frontier with no mine in any layout is safe; none but certain mines
        # left means the game is won.
        return 0 if low == n else low

    def counts(self, snap: Snapshot, number: int) -> tuple[int, int]:
        """Return :meth:`after`'s ``solutions`` and ``best_weight()``, ``(0, 0)`` where it is ``None``.

        Both from one weighing of the parts' tables, without making the
        position (see :meth:`best_weight`, which needs only the second).
        """
        merge = self.merge
        weighed = merge.weighed(number - self.mines_near)
        if weighed is None:
            return 0, 0
        table, poly, safe = weighed
        tables, polys, kept_safe, length = self._kept_lists
        if merge.boxes:
            tables, polys = [*tables, table], [*polys, poly]
            length += len(poly) - 1
        n_off, mines_left = self.n_off, snap.mines_left
        n, low = least_weight(tables, n_off, mines_left, polys, ways=snap.tree.ways_for(n_off, mines_left, length))
        if not n:
            return 0, 0
        if kept_safe or (merge.boxes and safe) or _safe_left(snap.known_safe, merge.cell):
            # A certainly safe cell: the next move fails in no layout.
            return n, 0
        return n, 0 if low == n else low


def _safe_left(known_safe: frozenset[Cell], cell: Cell) -> bool:
    """Tell whether a certainly safe cell other than the revealed ``cell`` is left, without copying the set."""
    return len(known_safe) > 1 or (bool(known_safe) and cell not in known_safe)


def leaf_counts(snap: Snapshot, cell: Cell) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """Return what :meth:`Split.counts` gives for every number ``cell`` could show, in one call of the C kernel.

    A look-ahead's last move asks, of most positions it reaches, only these
    two counts per number of a few cells: the layouts after the number and
    those with a mine on the safest cell.  The kernel (``leaf`` of
    ``cnfsweep.search._merge``) splits the touched parts' models and weighs
    each number's merged part with the untouched parts at once, from the
    parts read into C once each (:attr:`Part.packed_table
    <cnfsweep.search.parts.Part.packed_table>`), without a :class:`Merge`,
    a :class:`Split` or a table in Python.

    Returns
    -------
    (low, counts) or None
        ``low`` is the smallest number the cell could show
        (:func:`~cnfsweep.search.ranking.number_range`) and ``counts[i]`` is
        ``Split.of(snap, cell).counts(snap, low + i)`` for every number up to
        the largest.  ``None`` where the kernel is not built or declines, a
        part's models are not listed, or the merge is past
        :data:`MODEL_LIMIT`: then the caller goes the way of :class:`Split`,
        which gives the same counts.
    """
    leaf_at = getattr(splitting.kernel, "leaf_at", None)
    if leaf_at is None:
        return _leaf_counts_python(snap, cell)
    packed = snap.packed_tables
    if packed is None:
        return None
    # What every cell of the snapshot passes alike, gathered once per snapshot (a look-ahead asks a few cells).
    found_args = snap.__dict__.get("_leaf_args")
    if found_args is None:
        tables = snap.topology.tables()
        w = snap.weights
        rest = (snap.box_of, snap.off, snap.known_mines, w.boxes, w.off_frontier or 0, snap.solutions)
        found_args = snap.__dict__["_leaf_args"] = (tables, (*rest, snap.parts, packed, snap.mines_left))
    tables, rest = found_args
    index = tables.index(cell)
    found: tuple[int, tuple[tuple[int, int], ...]] | None = leaf_at(
        cell,
        index,
        tables.cells,
        tables.around[index],
        *rest,
        _safe_left(snap.known_safe, cell),
        binomial,
        MODEL_LIMIT,
    )
    return found


def leaf_blend(snap: Snapshot, cell: Cell, living: bool) -> tuple[int, tuple[tuple[int, int, int, int], ...]] | None:
    """Return :func:`leaf_counts` with, for each number, what the next move's blend needs, in one C call.

    ``strong``'s blend (``second_weight``) scores the position after each
    number by its best and second-best safety: :func:`~cnfsweep.search.ranking.safety_pair`,
    or with ``living`` :func:`~cnfsweep.search.ranking.living_safety_pair`
    (plainly dead cells left out: every neighbour settled).  The kernel weighs
    every box of the position after the number, as it weighs the least, and
    reads each covered cell's class in it (a box kept or split, off the frontier,
    a certain mine or safe cell) and its neighbours: no position is built.

    Returns
    -------
    (low, counts) or None
        As :func:`leaf_counts`, but ``counts[i]`` is ``(n, fails, first, second)``:
        ``(n, fails)`` is ``reveal_counts(cell, low + i)`` and ``(n - first) / n``,
        ``(n - second) / n`` are the pair's two safeties after that number
        (all four 0 where the cell cannot show it).  ``None`` where
        :func:`leaf_counts` is, or the kernel is not built: then build the
        positions (:func:`_leaf_blend_python`, the definition it is tested against).
    """
    leaf_at = getattr(splitting.kernel, "leaf_at", None)
    cell_codes = getattr(splitting.kernel, "cell_codes", None)
    if leaf_at is None or cell_codes is None:
        return None
    packed = snap.packed_tables
    if packed is None:
        return None
    found_args = snap.__dict__.get("_blend_args")
    if found_args is None:
        tables = snap.topology.tables()
        w = snap.weights
        codes = cell_codes(
            len(tables.cells), tables.cells[-1][1] + 1, snap.box_of, snap.off, snap.known_mines, snap.known_safe
        )
        if codes is None:
            return None
        rest = (snap.box_of, snap.off, snap.known_mines, w.boxes, w.off_frontier or 0, snap.solutions)
        found_args = snap.__dict__["_blend_args"] = (tables, (*rest, snap.parts, packed, snap.mines_left), codes)
    tables, rest, codes = found_args
    index = tables.index(cell)
    found: tuple[int, tuple[tuple[int, int, int, int], ...]] | None = leaf_at(
        cell,
        index,
        tables.cells,
        tables.around[index],
        *rest,
        _safe_left(snap.known_safe, cell),
        binomial,
        MODEL_LIMIT,
        tables.around,
        codes,
        int(living),
    )
    return found


def _leaf_blend_python(snap: Snapshot, cell: Cell, living: bool) -> tuple[int, tuple[tuple[int, int, int, int], ...]]:
    """:func:`leaf_blend`'s answer from the positions themselves: each number revealed, its pair read off it."""
    low, high = number_range(snap, cell)
    out: list[tuple[int, int, int, int]] = []
    for v in range(low, high + 1):
        after = snap.reveal(cell, v)
        if after is None:
            out.append((0, 0, 0, 0))
            continue
        n = after.solutions
        first, second = living_safety_pair(after) if living else safety_pair(after)
        # Safeties back to layouts with a mine: each is (n - x) / n.
        out.append((n, after.best_weight(), n - int(first * n), n - int(second * n)))
    return low, tuple(out)


def _leaf_counts_python(snap: Snapshot, cell: Cell) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """:func:`leaf_counts` with the neighbours read and the counts scaled in Python, around the kernel's ``leaf``.

    What the kernel's ``leaf_at`` does in C, step for step: the reference it is tested against.
    """
    leaf = getattr(splitting.kernel, "leaf", None)
    if leaf is None:
        return None
    packed = snap.packed_tables
    if packed is None:
        return None
    tables = snap.topology.tables()
    cells = tables.cells
    box_of, off, known_mines = snap.box_of, snap.off, snap.known_mines
    n = snap.solutions
    w = snap.weights
    weights, off_weight = w.boxes, w.off_frontier or 0
    home = box_of.get(cell)
    index = tables.index(cell)
    # One pass over the neighbours: what Split.of reads (the parts touched, the seen boxes, the fresh cells,
    # the mines) and number_range's bounds.
    low = high = mines_near = fresh = 0
    seen: list[int] = []
    touched = {home[0]} if home is not None else set()
    for j in tables.near(cell):
        if j == index:
            return None  # a cell among its own neighbours: left to the general way
        c = cells[j]
        found = box_of.get(c)
        if found is not None:
            seen += found
            touched.add(found[0])
            x = weights[found[0]][found[1]]
        elif c in off:
            fresh += 1
            x = off_weight
        else:
            if c in known_mines:
                mines_near += 1
                low += 1
                high += 1
            continue
        if x == n:
            low += 1
        if x:
            high += 1
    ks = tuple(sorted(touched))
    parts = snap.parts
    models = []
    for k in ks:
        packed_models = parts[k].packed_models
        if packed_models is None:
            return None
        models.append(packed_models)
    n_off = len(off) - fresh - (home is None and cell in off)
    hk, hb = home if home is not None else (-1, -1)
    found_all = leaf(
        packed,
        ks,
        tuple(models),
        hk,
        hb,
        tuple(seen),
        fresh or -1,
        n_off,
        snap.mines_left,
        low - mines_near,
        high - mines_near,
        MODEL_LIMIT,
    )
    if found_all is None or found_all is NotImplemented:
        return None
    safe_left = _safe_left(snap.known_safe, cell)
    out: list[tuple[int, int]] = []
    for entry in found_all:
        if entry is None:
            out.append((0, 0))
            continue
        scaled, least, least_off, top, r_top, safe = entry
        # Back from weigh's scale to layouts, as cnfsweep.engine.counting.least_weight does.
        factor, left = divmod(binomial(n_off, r_top), top)
        if left:
            return None
        count = scaled * factor
        if safe or safe_left:
            # A certainly safe cell: the next move fails in no layout.
            out.append((count, 0))
            continue
        fails = least * factor // n_off if least_off else least * factor
        out.append((count, 0 if fails == count else fails))
    return low, tuple(out)
