"""Count a variant board's layouts exactly by a profile DP over its cells, without enumerating them.

A board whose rules link every cell into one part (1Q's squares, 1B's lines)
can have far more layouts than can be listed one by one.  The cells are taken
one at a time along rows (or columns, whichever is narrower), and between two
cells only the statements already begun and not yet finished matter, each
through a small state of its own: that tuple is the DP state.

- A :class:`~cnfsweep.variants.rule.Sum`'s state is its partial sum; a sum
  whose every reachable end value is allowed stops being tracked, so 1Q's "at
  least one mine" squares cost one bit each while open.
- A guarded sum (1D: "if this cell is a mine, one mine beside it") adds
  whether its guard is a mine yet; a guard found safe ends it.
- An :class:`~cnfsweep.variants.rule.AnyOf` (1W, 1P) keeps the set of its
  cases that the cells so far still match; one matched in full ends it.
- A :class:`~cnfsweep.variants.rule.Sight` (1E) keeps, for each ray, the
  nearest mine found on it so far.

A forward pass counts the ways to reach every state (as a polynomial in the
mines when the total is known, its coefficients packed in one whole number so
that adding and shifting it are single operations); a backward pass over the
same recorded transitions counts the ways to finish; joining the two at each
cell gives its tally.  The cost grows with the number of states on a cut, not
with the number of layouts; a cell's step is worked out once for each value of
the statements it touches, then looked up.

1B (every row alike, every column alike) is counted as one case at a time:
``k`` mines in every row and ``j`` in every column, each case a board of plain
line sums, and the cases added up.  Columns that no other statement touches
and no revealed cell interrupts are interchangeable, so they are not tracked
one by one: the state holds how many of them have each partial sum, the cells
of a row in them are taken at once (a choice of so many columns of each sum,
weighed by binomials), and each such cell's tally is the row's share.  Rows
likewise, when more rows than columns are untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from operator import itemgetter

from cnfsweep.core.board import Cell
from cnfsweep.core.deadline import check_deadline
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.variants.board import CellState, VariantBoard
from cnfsweep.variants.rule import AnyOf, Area, Chosen, Liars, Sight, Statement, Sum

__all__ = ["PROFILE_STATES", "ProfileTooLarge", "count_profile"]

#: The most DP states on one cut before the profile count gives up (a 12x12 1Q board needs under 2,000 and
#: counts in half a second, a 16x16 one under 10,000 in about 6 s; past it the answer gives the certain cells).
PROFILE_STATES = 10_000

_DONE = None  # a statement that holds whatever the cells still to come are: no longer tracked


class _Dead:
    """What a statement's step returns when no way of finishing keeps it."""


_DEAD = _Dead()


class ProfileTooLarge(CnfsweepError):
    """The profile DP cannot count this board: a statement it cannot track, or too many states on a cut."""


@dataclass(frozen=True)
class _Block:
    """The cells of one line in the interchangeable lines (1B), taken at once: ``line`` is its index along the DP."""

    line: int
    cells: tuple[Cell, ...]


_Unit = Cell | _Block


def _bounds(positions: Sequence[int], weights: Sequence[int], size: Sequence[int]) -> tuple[dict, dict]:
    """For each position, the least and most the positions after it can add (``size``: each position's most)."""
    lo_after, hi_after, lo, hi = {}, {}, 0, 0
    for p, w in sorted(zip(positions, weights, strict=True), reverse=True):
        lo_after[p], hi_after[p] = lo, hi
        lo, hi = lo + min(w * size[p], 0), hi + max(w * size[p], 0)
    return lo_after, hi_after


class _SumTrack:
    """A sum over positions: its state is the partial sum, or ``_DONE``."""

    __slots__ = ("allowed", "base", "hi_after", "interval", "lo_after", "positions", "rule", "weights")

    def __init__(
        self, positions: tuple[int, ...], weights: tuple[int, ...], base: int, allowed: frozenset[int], rule: str
    ) -> None:
        self.positions, self.weights, self.base, self.allowed, self.rule = positions, weights, base, allowed, rule
        lo, hi = (min(allowed), max(allowed)) if allowed else (1, 0)
        self.interval = (lo, hi) if allowed and len(allowed) == hi - lo + 1 else None
        self.lo_after: dict[int, int] = {}
        self.hi_after: dict[int, int] = {}

    @property
    def start(self) -> int:
        return self.base

    def settle(self, s: int, p: int, last: bool) -> int | _Dead | None:
        """The state after position ``p`` given the partial sum ``s``: the sum, ``_DONE`` or ``_DEAD``."""
        if last:
            return _DONE if s in self.allowed else _DEAD
        lo, hi = s + self.lo_after[p], s + self.hi_after[p]
        if self.interval is not None:
            a, b = self.interval
            if a <= lo and hi <= b:
                return _DONE
            return _DEAD if hi < a or lo > b else s
        allowed = self.allowed
        if all(x in allowed for x in range(lo, hi + 1)):
            return _DONE
        return s if any(lo <= x <= hi for x in allowed) else _DEAD


class _GuardTrack:
    """A sum that holds only where its guard is a mine (1D): the state is (guard a mine yet, partial sum)."""

    __slots__ = ("guard", "positions", "rule", "sum")

    def __init__(self, track: _SumTrack, guard: int) -> None:
        self.sum, self.guard, self.rule = track, guard, track.rule
        self.positions = tuple(sorted({*track.positions, guard}))

    @property
    def start(self) -> tuple[bool, int | None]:
        return (False, self.sum.base)

    def step(self, state: tuple[bool, int | None], p: int, v: int, last: bool) -> object:
        mine, s = state
        if p == self.guard:
            if not v:
                return _DONE
            mine = True
        w = self.sum.weights[self.sum.positions.index(p)] if p in self.sum.positions else None
        if s is not None and w is not None:
            s += w * v
            sum_last = p == self.sum.positions[-1]
            settled = self.sum.settle(s, p, sum_last)
            if settled is _DONE:
                return _DONE  # the sum holds either way
            s = None if settled is _DEAD else s  # broken: the guard must be safe
        if mine and s is None:
            return _DEAD
        return _DONE if last else (mine, s)


class _PatternTrack:
    """At least one case holds (1W, 1P): the state is the bit mask of the cases still matched."""

    __slots__ = ("complete", "full", "kill", "positions", "rule")

    def __init__(self, cases: list[dict[int, bool]], rule: str) -> None:
        self.rule = rule
        self.positions = tuple(sorted({p for case in cases for p in case}))
        self.full = (1 << len(cases)) - 1
        # kill[p][v]: the cases that cell ``p`` being ``v`` rules out; complete[p]: the cases whose last cell is ``p``.
        self.kill: dict[int, tuple[int, int]] = {}
        self.complete: dict[int, int] = {}
        for p in self.positions:
            safe = sum(1 << i for i, case in enumerate(cases) if case.get(p) is False)
            mine = sum(1 << i for i, case in enumerate(cases) if case.get(p) is True)
            self.kill[p] = (mine, safe)
            self.complete[p] = sum(1 << i for i, case in enumerate(cases) if case and max(case) == p)

    @property
    def start(self) -> int:
        return self.full

    def step(self, state: int, p: int, v: int, last: bool) -> object:
        state &= ~self.kill[p][v]
        if not state:
            return _DEAD
        return _DONE if state & self.complete[p] else state


class _SightTrack:
    """1E: the state is, for each ray, the index of the nearest mine found on it so far (its length if none)."""

    __slots__ = ("allowed", "at", "hi_ok", "lengths", "positions", "rest", "rule")

    def __init__(self, rays: list[list[tuple[int, int]]], lengths: list[int], allowed: frozenset[int], rule: str):
        # rays[r]: (position, index along the ray) of its covered cells before any known mine; lengths[r]: where it ends.
        self.rule, self.allowed, self.lengths = rule, allowed, tuple(lengths)
        self.at = {p: (r, i) for r, ray in enumerate(rays) for p, i in ray}
        self.positions = tuple(sorted(self.at))
        # rest[p][r]: the nearest index on ray r among its cells after position p.
        self.rest: dict[int, tuple[int, ...]] = {}
        for p in self.positions:
            self.rest[p] = tuple(min([i for q, i in ray if q > p], default=lengths[r]) for r, ray in enumerate(rays))
        self.hi_ok = max(allowed, default=-1)

    @property
    def start(self) -> tuple[int, ...]:
        return self.lengths

    def step(self, state: tuple[int, ...], p: int, v: int, last: bool) -> object:
        r, i = self.at[p]
        if v and i < state[r]:
            state = (*state[:r], i, *state[r + 1 :])
        hi = 1 + sum(state)
        lo = 1 + sum(min(s, x) for s, x in zip(state, self.rest[p], strict=True))
        allowed = self.allowed
        if all(x in allowed for x in range(lo, hi + 1)):
            return _DONE
        if not any(lo <= x <= hi for x in allowed):
            return _DEAD
        return state


_Track = _SumTrack | _GuardTrack | _PatternTrack | _SightTrack


def _sum_track(s: Sum, position: dict[Cell, int], mines: set[Cell], blocks: dict[int, int]) -> _SumTrack | bool:
    """A sum over positions, or whether it holds when it touches no covered cell."""
    base, by_pos = 0, dict[int, int]()
    for c, w in zip(s.cells, s.weights, strict=False):
        if c in position:
            p = position[c]
            if p in by_pos and by_pos[p] != w:
                raise ProfileTooLarge(f"{s.rule}'s sum weighs the interchangeable cells of one line unevenly")
            by_pos[p] = w
            if p in blocks:
                blocks[p] -= 1
        elif c in mines:
            base += w
    if not by_pos:
        return base in s.allowed
    ranked = sorted(by_pos.items())
    return _SumTrack(tuple(p for p, _ in ranked), tuple(w for _, w in ranked), base, s.allowed, s.rule)


def _tracks(
    board: VariantBoard, parts: Sequence[Statement], units: Sequence[_Unit], position: dict[Cell, int]
) -> list[_Track] | None:
    """Each statement as a track over positions in ``units``; ``None`` if a statement over known cells fails."""
    mines = set(board.where(CellState.MINE))
    size = [len(u.cells) if isinstance(u, _Block) else 1 for u in units]
    out: list[_Track] = []
    for s in parts:
        if isinstance(s, Sum):
            blocks = {p: size[p] for p in range(len(units)) if isinstance(units[p], _Block)}
            track = _sum_track(s, position, mines, blocks)
            if any(v not in (0, size[p]) for p, v in blocks.items()):
                raise ProfileTooLarge(f"{s.rule}'s sum takes part of a line of interchangeable cells")
            if isinstance(track, bool):
                if s.when is None or s.when in mines:
                    if not track:
                        return None
                elif s.when in position and not track:
                    out.append(_PatternTrack([{position[s.when]: False}], s.rule))
                continue
            track.lo_after, track.hi_after = _bounds(track.positions, track.weights, size)
            if s.when is None or s.when in mines:
                out.append(track)
            elif s.when in position:
                out.append(_GuardTrack(track, position[s.when]))
            # a guard that is revealed, so safe: the sum says nothing
        elif isinstance(s, AnyOf):
            cases = []
            for case in s.cases:
                # A case known cells contradict is gone; known cells that match drop out of it.
                if any(c not in position and (c in mines) != v for c, v in case):
                    continue
                cases.append({position[c]: v for c, v in case if c in position})
            if not cases:
                return None
            if any(not case for case in cases):
                continue  # it holds already
            out.append(_PatternTrack(cases, s.rule))
        elif isinstance(s, Sight):
            rays, lengths, fixed = [], [], 0
            for ray in s.rays:
                covered: list[tuple[int, int]] = []
                end = len(ray)
                for i, c in enumerate(ray):
                    if c in mines:
                        end = i
                        break
                    if c in position:
                        covered.append((position[c], i))
                if covered:
                    rays.append(covered)
                    lengths.append(end)
                else:
                    fixed += end
            allowed = frozenset(v - fixed for v in s.allowed)
            if not rays:
                if 1 not in allowed:
                    return None
                continue
            out.append(_SightTrack(rays, lengths, allowed, s.rule))
        elif isinstance(s, Area):
            raise ProfileTooLarge(f"{s.rule}'s areas follow groups of mines across the board, which a profile cannot")
        elif isinstance(s, Liars):
            raise ProfileTooLarge(
                f"{s.rule}'s liars, one in every row and column, are a hidden choice a profile cannot track"
            )
        elif isinstance(s, Chosen):
            raise ProfileTooLarge(f"{s.rule}'s clues share one hidden choice, which a profile cannot track")
        else:
            raise ProfileTooLarge(f"{s.rule}'s constraints cannot be tracked along a profile ({type(s).__name__})")
    return out


def _weight_at(track: _Track, i: int) -> int:
    """A sum's weight at position ``i`` (0 for the other tracks, which step by themselves)."""
    return track.weights[track.positions.index(i)] if isinstance(track, _SumTrack) else 0


def _getter(indices: tuple[int, ...]) -> Callable[[tuple], tuple]:
    """A function picking ``indices`` out of a tuple, always as a tuple."""
    if len(indices) == 1:
        only = indices[0]
        return lambda t: (t[only],)
    return itemgetter(*indices) if indices else (lambda t: ())


def _block_moves(counts: tuple[int, ...], need: int, lines_after: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """The ways to place mines in one line across interchangeable lines whose partial sums number ``counts``.

    ``counts[v]`` lines hold ``v`` mines so far; each must reach ``need`` with
    ``lines_after`` lines still to come.  Returns (mines placed, ways, the
    counts after), one entry for each (mines, counts after).
    """
    out: dict[tuple[int, tuple[int, ...]], int] = {}

    def place(v: int, placed: int, ways: int, after: list[int]) -> None:
        if v == len(counts):
            if all(not after[u] for u in range(max(0, need - lines_after))):
                key = (placed, tuple(after))
                out[key] = out.get(key, 0) + ways
            return
        top = counts[v] if v < need else 0
        for m in range(top + 1):
            after[v] += counts[v] - m
            if m:
                after[v + 1] += m
            place(v + 1, placed + m, ways * comb(counts[v], m), after)
            after[v] -= counts[v] - m
            if m:
                after[v + 1] -= m

    place(0, 0, 1, [0] * len(counts))
    return [(m, ways, after) for (m, after), ways in out.items()]


@dataclass(frozen=True)
class _Free:
    """Interchangeable lines across the DP's lines (1B): how many, and the mines each must hold."""

    lines: tuple[int, ...]
    need: int


def _count_sums(
    board: VariantBoard,
    parts: Sequence[Statement],
    max_states: int,
    deadline: float | None,
    *,
    by_columns: bool | None = None,
    free: _Free | None = None,
) -> tuple[int, dict[Cell, int]]:
    """Count the layouts of the covered cells that keep every statement in ``parts`` (and the total), with each cell's tally."""
    covered = board.where(CellState.COVERED)
    if by_columns is None:
        by_columns = board.cols > board.rows

    def major(c: Cell) -> int:
        return c.col if by_columns else c.row

    def minor(c: Cell) -> int:
        return c.row if by_columns else c.col

    units: list[_Unit] = []
    position: dict[Cell, int] = {}
    across = set(free.lines) if free is not None else set()
    n_lines = board.cols if by_columns else board.rows
    for line in range(n_lines):
        here = sorted((c for c in covered if major(c) == line), key=minor)
        for c in here:
            if minor(c) not in across:
                position[c] = len(units)
                units.append(c)
        if across:
            block = _Block(line, tuple(c for c in here if minor(c) in across))
            for c in block.cells:
                position[c] = len(units)
            units.append(block)
    n = len(units)
    cells_of = [u.cells if isinstance(u, _Block) else (u,) for u in units]
    zero = dict.fromkeys(covered, 0)
    left = None if board.total is None else board.total - len(board.where(CellState.MINE))
    if left is not None and not 0 <= left <= len(covered):
        return 0, zero
    # With the total, each way is a polynomial in the mines packed in one whole number, a slot of ``width`` bits
    # a degree up to the total: no count of layouts of the cells reaches 2**width, so no slot spills.
    width = len(covered) + 2
    slot = (1 << width) - 1
    mask = (1 << width * ((left or 0) + 1)) - 1
    tracks = _tracks(board, parts, units, position)
    if tracks is None:
        return 0, zero
    # Which tracks are open on the cut after each position, in a fixed order: the state's slots.
    starts: dict[int, list[int]] = {}
    ends: dict[int, list[int]] = {}
    touch: list[list[int]] = [[] for _ in range(n)]
    for t, tr in enumerate(tracks):
        starts.setdefault(tr.positions[0], []).append(t)
        ends.setdefault(tr.positions[-1], []).append(t)
        for p in tr.positions:
            touch[p].append(t)
    # Each position's plan, over the state before it with the start states of the tracks begun here appended
    # (``ext``): which entries the tracks it touches read, which entries make the state after it (the touched
    # tracks' new values appended after the untouched ones), and how each touched track steps.
    width_free = 1 if free is not None else 0
    plans = []
    before: tuple[int, ...] = ()
    for i in range(n):
        gone = set(ends.get(i, []))
        begun = starts.get(i, [])
        slots = tuple([t for t in before if t not in gone] + [t for t in begun if t not in gone])
        at = {t: k for k, t in enumerate(before)}
        at.update({t: len(before) + width_free + k for k, t in enumerate(begun)})
        touched = touch[i]
        carried = tuple(at[t] for t in slots)
        final_at = tuple(len(slots) + touched.index(t) if t in touched else k for k, t in enumerate(slots))
        plans.append(
            (
                slots,
                tuple(tracks[t].start for t in begun),
                _getter(tuple(at[t] for t in touched)),
                _getter(carried),
                _getter(final_at),
                tuple((tracks[t], t in gone) for t in touched),
                tuple(_weight_at(tracks[t], i) for t in touched),
            )
        )
        before = slots
    cap = left
    a_cell: Sequence[tuple[int, int, tuple[int, ...] | None]] = [(0, 1, None), (1, 1, None)]
    moves_cache: dict[tuple[int, tuple[int, ...]], list[tuple[int, int, tuple[int, ...]]]] = {}
    # With interchangeable lines, the state ends with how many of them hold each partial sum (all 0 at first).
    initial: tuple = (((len(free.lines),) + (0,) * free.need),) if free is not None else ()
    layer: dict[tuple, int] = {initial: 0}
    forward: list[list[int]] = [[1]]
    moves: list[list[tuple[int, int, int, int]]] = []
    missing = object()
    for i in range(n):
        check_deadline(deadline)
        slots, begun_states, read, carry, final, stepping, weights = plans[i]
        unit = units[i]
        nxt: dict[tuple, int] = {}
        polys: list = []  # whole numbers, or polynomials in the mines with the total
        step: list[tuple[int, int, int, int]] = []
        f_layer = forward[-1]
        # The touched tracks' values after this cell, by their values before it and the cell's value.
        memo: dict[tuple[tuple, int], tuple | None] = {}

        def advance(
            values: tuple, v: int, i: int = i, stepping: tuple = stepping, weights: tuple = weights
        ) -> tuple | None:
            out = []
            for cur, (tr, last), w in zip(values, stepping, weights, strict=True):
                if cur is _DONE:
                    out.append(_DONE)
                    continue
                got = tr.settle(cur + w * v, i, last) if isinstance(tr, _SumTrack) else tr.step(cur, i, v, last)
                if got is _DEAD:
                    return None
                out.append(got)
            return tuple(out)

        for state, src in layer.items():
            if not src % 1024:
                check_deadline(deadline)
            if isinstance(unit, _Block) and free is not None:
                key_moves = (n_lines - unit.line - 1, state[-1])
                cached = moves_cache.get(key_moves)
                if cached is None:
                    cached = moves_cache[key_moves] = _block_moves(state[-1], free.need, key_moves[0])
                options: Sequence[tuple[int, int, tuple[int, ...] | None]] = cached
            else:
                options = a_cell
            ext = state + begun_states if begun_states else state
            values = read(ext)
            kept = carry(ext)
            f = f_layer[src]
            for v, times, after in options:
                got = memo.get((values, v), missing)
                if got is missing:
                    got = memo[values, v] = advance(values, v)
                if got is None:
                    continue
                key = final(kept + got)  # type: ignore[operator]
                if free is not None:
                    key += (after if after is not None else state[-1],)
                dst = nxt.get(key)
                if dst is None:
                    dst = nxt[key] = len(polys)
                    polys.append(0)
                    if len(polys) > max_states:
                        raise ProfileTooLarge(
                            f"the profile count passed {max_states:,} states on one cut "
                            f"({', '.join(sorted({tracks[t].rule for t in slots} | ({'1B'} if free else set())))})"
                        )
                if not v:
                    polys[dst] += times * f
                else:
                    # x**v: the slots move up by v; with the total, what passes it is dropped.
                    polys[dst] += times * (f if cap is None else (f << v * width) & mask)
                step.append((src, v, dst, times))
        layer = nxt
        forward.append(polys)
        moves.append(step)
    end = forward[-1]
    if not end:
        layouts = 0
    elif cap is None:
        layouts = end[0]
    else:
        layouts = end[0] >> cap * width & slot
    counts = dict(zero)
    if not layouts:
        return 0, counts
    # Backward: the ways to finish from each state, then each cell's tally where the forward and backward ways meet.
    # (Without the total each way is one whole number, not a polynomial in the mines.)
    back = [1] * len(forward[-1])
    for i in range(n - 1, -1, -1):
        f_layer = forward[i]
        mine_ways = 0
        if cap is None:
            b_flat = [0] * len(f_layer)
            for src, v, dst, times in moves[i]:
                b = back[dst]
                b_flat[src] += times * b
                if v:
                    mine_ways += v * times * f_layer[src] * b
            counts.update(dict.fromkeys(cells_of[i], mine_ways // len(cells_of[i])))
            back = b_flat
            continue
        b_prev = [0] * len(f_layer)
        # The forward ways into each state through a mine here, by the mines placed here (a block may place many).
        through: dict[tuple[int, int], int] = {}
        for src, v, dst, times in moves[i]:
            b = back[dst]
            # Ways to finish from ``src`` with k mines still to place: times * b[k - v].
            b_prev[src] += times * ((b << v * width) & mask if v else b)
            if v:
                through[dst, v] = through.get((dst, v), 0) + times * f_layer[src]
        for (dst, v), f in through.items():
            # Ways before times ways after, with the total's mines in all: slot cap - v of the product.
            mine_ways += v * ((f * back[dst]) >> (cap - v) * width & slot)
        here = list(cells_of[i])
        # The cells of a block are interchangeable: each holds its share of the block's mines.
        for c in here:
            counts[c] = mine_ways // len(here)
        back = b_prev
    return layouts, counts


def _balance_case(
    board: VariantBoard, rest: Sequence[Statement], k: int, j: int, max_states: int, deadline: float | None
) -> tuple[int, dict[Cell, int]]:
    """The layouts with ``k`` mines in every row and ``j`` in every column, untouched lines taken together."""
    rows, cols = board.rows, board.cols
    row_lines = [tuple(Cell(r, c) for c in range(cols)) for r in range(rows)]
    col_lines = [tuple(Cell(r, c) for r in range(rows)) for c in range(cols)]
    covered = set(board.where(CellState.COVERED))
    touched: set[Cell] = set()
    for s in rest:
        if isinstance(s, Sum):
            touched.update(s.cells)
            if s.when is not None:
                touched.add(s.when)
        elif isinstance(s, AnyOf):
            touched.update(c for case in s.cases for c, _ in case)
        elif isinstance(s, Sight):
            touched.update(c for ray in s.rays for c in ray)
    untouched = [all(c in covered and c not in touched for c in line) for line in (*row_lines, *col_lines)]
    free_rows = tuple(r for r in range(rows) if untouched[r])
    free_cols = tuple(c for c in range(cols) if untouched[rows + c])
    lines = [Sum(line, (1,) * len(line), frozenset({k}), "1B") for line in row_lines]
    lines += [Sum(line, (1,) * len(line), frozenset({j}), "1B") for line in col_lines]
    if free_cols and len(free_cols) >= len(free_rows):
        # Along the rows, the untouched columns taken together.
        kept = lines[:rows] + [s for c, s in enumerate(lines[rows:]) if c not in free_cols]
        return _count_sums(board, [*rest, *kept], max_states, deadline, by_columns=False, free=_Free(free_cols, j))
    if free_rows:
        kept = [s for r, s in enumerate(lines[:rows]) if r not in free_rows] + lines[rows:]
        return _count_sums(board, [*rest, *kept], max_states, deadline, by_columns=True, free=_Free(free_rows, k))
    return _count_sums(board, [*rest, *lines], max_states, deadline)


def count_profile(
    board: VariantBoard,
    parts: Sequence[Statement],
    *,
    max_states: int = PROFILE_STATES,
    deadline: float | None = None,
) -> tuple[int, dict[Cell, int]]:
    """Count the layouts of ``board`` that keep ``parts`` (its rules' and clues' statements) and its total, exactly.

    Returns the number of layouts and, for each covered cell, how many of
    them have a mine there.

    Raises
    ------
    ProfileTooLarge
        When a statement cannot be tracked (its message names the rule) or a
        cut holds more than ``max_states`` states.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> from cnfsweep.variants.solve import statements
    >>> b = parse_variant("rules: 1Q\\n. . .\\n. . .\\n")
    >>> n, counts = count_profile(b, statements(b))
    >>> n, counts[Cell(0, 1)]
    (57, 32)
    """
    balance = [s for s in parts if s.rule == "1B"]
    if not balance:
        return _count_sums(board, parts, max_states, deadline)
    rest = [s for s in parts if s.rule != "1B"]
    rows, cols = board.rows, board.cols
    layouts, counts = 0, dict.fromkeys(board.where(CellState.COVERED), 0)
    # k mines in every row and j in every column: rows * k == cols * j mines in all.
    for k in range(cols + 1):
        if (rows * k) % cols:
            continue
        j = rows * k // cols
        if board.total is not None and board.total != rows * k:
            continue
        n, tally = _balance_case(board, rest, k, j, max_states, deadline)
        layouts += n
        for c, v in tally.items():
            counts[c] += v
    return layouts, counts
