"""Draw layouts uniformly from those consistent with a position, from its solved parts.

Every layout that agrees with what a position shows is equally likely to be the
true one (the mines were laid uniformly).  :func:`sample_layouts` draws from
that distribution exactly, without listing the layouts: the frontier's parts
are independent given how many mines each holds, and the cells off the frontier
are alike, so a layout is drawn in four steps, each from exact integer weights:

1. the mines of each part, part by part, weighed by the part's layouts with that
   many mines times the layouts of everything after it, the cells off the
   frontier included (the binomial of the mines left over them);
2. a canonical model of the part with that many mines (mines per box), weighed
   by its layouts, the product over its boxes of ``C(box size, mines in it)``;
3. which cells of each box hold its mines, uniformly;
4. which cells off the frontier hold the rest, uniformly.

Examples
--------
>>> import random
>>> from cnfsweep.core.board import Board
>>> from cnfsweep.engine.position import build_position
>>> from cnfsweep.search.whatif import Snapshot
>>> snap = Snapshot.of(build_position(Board.from_rows(["1..", "...", "..."], total_mines=2)))
>>> layouts = sample_layouts(snap, 3, random.Random(5))
>>> [len(layout) for layout in layouts]
[2, 2, 2]
>>> all(len(layout & {Cell(0, 1), Cell(1, 0), Cell(1, 1)}) == 1 for layout in layouts)
True
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate
from math import comb, prod

from cnfsweep.core.board import Cell
from cnfsweep.engine.boxsearch import search_box_models
from cnfsweep.search.merge import product_of
from cnfsweep.search.parts import Part
from cnfsweep.search.whatif import Snapshot

__all__ = ["MODEL_NODES", "sample_layouts"]

MODEL_NODES = 5_000_000
"""Search nodes allowed to list a part's models when its own (smaller) budget ran out; past them, an error."""


def _off_layouts(cells: int, mines: int) -> int:
    """Ways to put ``mines`` mines on ``cells`` cells off the frontier (a name of its own, so a test can break it)."""
    return comb(cells, mines) if 0 <= mines <= cells else 0


def _pick(rng: random.Random, weights: list[int]) -> int:
    """Return an index drawn with probability proportional to ``weights`` (whole numbers, exactly)."""
    cumulative = list(accumulate(weights))
    return bisect_right(cumulative, rng.randrange(cumulative[-1]))


class _Sampler:
    """What the draws of one snapshot share: the parts' polynomials, their suffix products and weighed models."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.parts = snapshot.parts
        self.off = sorted(snapshot.off)
        self.mines_left = snapshot.mines_left
        self.known = snapshot.known_mines
        self.polys = [part.polynomial for part in self.parts]
        # suffix[i]: layouts of parts i, i+1, ... together, by number of mines.
        self.suffix = [product_of(self.parts[i:]) for i in range(len(self.parts) + 1)]
        self._tails: dict[tuple[int, int], int] = {}
        self._models: dict[tuple[int, int], tuple[list[tuple[int, ...]], list[int]]] = {}

    def tail(self, i: int, mines: int) -> int:
        """Layouts of parts ``i`` on and the cells off the frontier together holding ``mines`` mines."""
        key = (i, mines)
        found = self._tails.get(key)
        if found is None:
            n = len(self.off)
            found = sum(w * _off_layouts(n, mines - j) for j, w in enumerate(self.suffix[i]) if w and j <= mines)
            self._tails[key] = found
        return found

    def models(self, i: int, mines: int) -> tuple[list[tuple[int, ...]], list[int]]:
        """Part ``i``'s canonical models with ``mines`` mines and the layouts each stands for."""
        key = (i, mines)
        found = self._models.get(key)
        if found is None:
            part = self.parts[i]
            listed = _models_of(part)
            sizes = [len(box) for box in part.boxes]
            chosen = [m for m in listed if sum(m) == mines]
            weights = [prod(comb(s, c) for s, c in zip(sizes, m, strict=True)) for m in chosen]
            found = self._models[key] = (chosen, weights)
        return found

    def draw(self, rng: random.Random) -> frozenset[Cell]:
        """Draw one layout: every mine on the board's covered cells, the known ones included."""
        left = self.mines_left
        mines: list[Cell] = list(self.known)
        for i, part in enumerate(self.parts):
            poly = self.polys[i]
            weights = [w * self.tail(i + 1, left - k) if w and k <= left else 0 for k, w in enumerate(poly)]
            k = _pick(rng, weights)
            chosen, model_weights = self.models(i, k)
            model = chosen[_pick(rng, model_weights)]
            for box, c in zip(part.boxes, model, strict=True):
                if c:
                    mines += rng.sample(box, c)
            left -= k
        mines += rng.sample(self.off, left)
        return frozenset(mines)


def _models_of(part: Part) -> tuple[tuple[int, ...], ...]:
    """Every canonical model of ``part``, listed with a larger budget if its own ran out."""
    listed = part.models
    if listed is None:
        found = search_box_models(part.component.problem, MODEL_NODES)
        if found is None:
            raise ValueError(f"a part of {len(part.boxes)} boxes has too many models to list ({MODEL_NODES:,} nodes)")
        listed = tuple(found)
    return listed


def sample_layouts(snapshot: Snapshot, count: int, rng: random.Random) -> list[frozenset[Cell]]:
    """Draw ``count`` layouts independently and uniformly from those consistent with ``snapshot``.

    Parameters
    ----------
    snapshot : Snapshot
        A solved position with a known total (:meth:`Snapshot.of
        <cnfsweep.search.whatif.Snapshot.of>`, :meth:`Snapshot.of_analysis
        <cnfsweep.search.whatif.Snapshot.of_analysis>`).
    count : int
        How many layouts to draw (with replacement).
    rng : random.Random
        The source of randomness; the same seed gives the same layouts.

    Returns
    -------
    list of frozenset of Cell
        Each layout as every mine among the covered cells, flags and cells known
        to be mines included; each consistent layout has probability
        ``1 / snapshot.solutions`` at every draw.

    Raises
    ------
    ValueError
        If ``count`` is negative, or a part has too many models to list
        (:data:`MODEL_NODES`).

    Examples
    --------
    >>> from cnfsweep.core.board import Board
    >>> from cnfsweep.engine.position import build_position
    >>> snap = Snapshot.of(build_position(Board.from_rows(["1.", ".."], total_mines=1)))
    >>> sorted(sample_layouts(snap, 1, random.Random(0))[0]) in ([Cell(0, 1)], [Cell(1, 0)], [Cell(1, 1)])
    True
    """
    if count < 0:
        raise ValueError(f"sample_layouts: count must not be negative, got {count}")
    sampler = _Sampler(snapshot)
    return [sampler.draw(rng) for _ in range(count)]
