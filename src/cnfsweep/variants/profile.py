"""Count a variant board's layouts exactly by a profile DP over its cells, without enumerating them.

A board whose rules link every cell into one part (1Q's squares, 1B's lines)
can have far more layouts than can be listed one by one.  When every statement
is a :class:`~cnfsweep.variants.rule.Sum`, the cells are taken one at a time
along rows (or columns, whichever is narrower), and between two cells only the
statements already begun and not yet finished matter, through their partial
sums: that tuple is the DP state.  A sum whose every reachable end value is
allowed stops being tracked, so 1Q's "at least one mine" squares cost one bit
each while open.  A forward pass counts the ways to reach every state (as a
polynomial in the mines when the total is known); a backward pass over the
same recorded transitions counts the ways to finish; joining the two at each
cell gives its tally.  The cost grows with the number of states on a cut, not
with the number of layouts.

1B (every row alike, every column alike) is a sum of differences; it is
counted as one exact row count and one exact column count at a time, each
pair a board of plain line sums, and the pairs added up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cnfsweep.core.board import Cell
from cnfsweep.core.deadline import check_deadline
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.variants.board import CellState, VariantBoard
from cnfsweep.variants.rule import Statement, Sum

__all__ = ["PROFILE_STATES", "ProfileTooLarge", "count_profile"]

#: The most DP states on one cut before the profile count gives up (a 12x12 1Q board needs under 2,000 and
#: counts in about a second; 10,000 keeps a count within seconds, past it the answer gives the certain cells).
PROFILE_STATES = 10_000

_DONE = None  # a sum every end value of which is allowed: no longer tracked


class ProfileTooLarge(CnfsweepError):
    """The profile DP cannot count this board: a statement it cannot track, or too many states on a cut."""


@dataclass(frozen=True)
class _Track:
    """One sum over the DP's order of cells: its positions, weights, known part and allowed end values."""

    positions: tuple[int, ...]
    weights: tuple[int, ...]
    base: int
    allowed: frozenset[int]
    rule: str


def _poly_add(a: list[int], b: list[int], shift: int, cap: int | None) -> None:
    """``a += b * x**shift`` in place, truncated at degree ``cap`` (``a`` long enough)."""
    for i, v in enumerate(b):
        j = i + shift
        if cap is not None and j > cap:
            break
        if v:
            a[j] += v


def _tracks(board: VariantBoard, parts: Sequence[Statement], order: Sequence[Cell]) -> list[_Track] | None:
    """Each statement as a sum over positions in ``order``; ``None`` if a statement over known cells fails."""
    position = {c: i for i, c in enumerate(order)}
    mines = set(board.where(CellState.MINE))
    out = []
    for s in parts:
        if not isinstance(s, Sum) or s.when is not None:
            kind = type(s).__name__ if not isinstance(s, Sum) else "a guarded sum"
            raise ProfileTooLarge(f"{s.rule}'s constraints are not plain sums ({kind})")
        base, pos, weights = 0, [], []
        for c, w in zip(s.cells, s.weights, strict=False):
            if c in position:
                pos.append(position[c])
                weights.append(w)
            elif c in mines:
                base += w
        if not pos:
            if base not in s.allowed:
                return None
            continue
        ranked = sorted(zip(pos, weights, strict=True))
        out.append(_Track(tuple(p for p, _ in ranked), tuple(w for _, w in ranked), base, s.allowed, s.rule))
    return out


def _count_sums(
    board: VariantBoard, parts: Sequence[Statement], max_states: int, deadline: float | None
) -> tuple[int, dict[Cell, int]]:
    """Count the layouts of the covered cells that keep every sum in ``parts`` (and the total), with each cell's tally."""
    covered = board.where(CellState.COVERED)
    by_columns = board.cols > board.rows
    order = sorted(covered, key=(lambda c: (c.col, c.row)) if by_columns else (lambda c: (c.row, c.col)))
    n = len(order)
    left = None if board.total is None else board.total - len(board.where(CellState.MINE))
    if left is not None and not 0 <= left <= n:
        return 0, dict.fromkeys(order, 0)
    tracks = _tracks(board, parts, order)
    if tracks is None:
        return 0, dict.fromkeys(order, 0)
    # For each track: the weights still to come after each of its positions (least and most they can add).
    starts: dict[int, list[int]] = {}
    ends: dict[int, list[int]] = {}
    touch: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    rest_lo: list[dict[int, int]] = []
    rest_hi: list[dict[int, int]] = []
    for t, tr in enumerate(tracks):
        starts.setdefault(tr.positions[0], []).append(t)
        ends.setdefault(tr.positions[-1], []).append(t)
        lo_after, hi_after, lo, hi = {}, {}, 0, 0
        for p, w in sorted(zip(tr.positions, tr.weights, strict=True), reverse=True):
            lo_after[p], hi_after[p] = lo, hi
            lo, hi = lo + min(w, 0), hi + max(w, 0)
            touch[p].append((t, w))
        rest_lo.append(lo_after)
        rest_hi.append(hi_after)
    # Which tracks are open on the cut after each position, in a fixed order: the state's slots.
    open_after: list[tuple[int, ...]] = []
    current: list[int] = []
    for i in range(n):
        current = [t for t in current if t not in ends.get(i, [])] + [
            t for t in starts.get(i, []) if t not in ends.get(i, [])
        ]
        open_after.append(tuple(current))
    cap = left

    def unit(v: int) -> list[int]:
        return [0] * v + [1] if cap is not None else [1]

    layers: list[dict[tuple, int]] = [{(): 0}]
    forward: list[list[list[int]]] = [[[1]]]
    moves: list[list[tuple[int, int, int]]] = []
    before: tuple[int, ...] = ()
    for i in range(n):
        check_deadline(deadline)
        slots = open_after[i]
        prev_slot = {t: k for k, t in enumerate(before)}
        layer: dict[tuple, int] = {}
        polys: list[list[int]] = []
        step: list[tuple[int, int, int]] = []
        weight_here = dict(touch[i])
        for state, src in layers[-1].items():
            if not src % 1024:
                check_deadline(deadline)
            f = forward[-1][src]
            for v in (0, 1):
                value: dict[int, int | None] = {}
                ok = True
                for t in slots:
                    if t in prev_slot:
                        value[t] = state[prev_slot[t]]
                    else:
                        value[t] = tracks[t].base
                for t in ends.get(i, []):
                    value[t] = state[prev_slot[t]] if t in prev_slot else tracks[t].base
                for t, w in weight_here.items():
                    s = value[t]
                    if s is _DONE:
                        continue
                    s += w * v
                    lo, hi = s + rest_lo[t][i], s + rest_hi[t][i]
                    allowed = tracks[t].allowed
                    if t in ends.get(i, []):
                        if s not in allowed:
                            ok = False
                            break
                        continue
                    if all(x in allowed for x in range(lo, hi + 1)):
                        value[t] = _DONE
                    elif not any(lo <= x <= hi for x in allowed):
                        ok = False
                        break
                    else:
                        value[t] = s
                if not ok:
                    continue
                key = tuple(value[t] for t in slots)
                dst = layer.get(key)
                if dst is None:
                    dst = layer[key] = len(polys)
                    polys.append([0] * (cap + 1) if cap is not None else [0])
                    if len(polys) > max_states:
                        raise ProfileTooLarge(
                            f"the profile count passed {max_states:,} states on one cut "
                            f"({', '.join(sorted({tracks[t].rule for t in slots}))})"
                        )
                if cap is None:
                    polys[dst][0] += f[0]
                else:
                    _poly_add(polys[dst], f, v, cap)
                step.append((src, v, dst))
        layers.append(layer)
        forward.append(polys)
        moves.append(step)
        before = slots
    end = forward[-1]
    total_poly = end[0] if end else [0]
    layouts = total_poly[cap] if cap is not None and len(total_poly) > cap else (total_poly[0] if cap is None else 0)
    counts = dict.fromkeys(order, 0)
    if not layouts:
        return 0, counts
    # Backward: the ways to finish from each state, then each cell's tally where the forward and backward ways meet.
    back: list[list[int]] = [[1] if cap is None else unit(0) + [0] * cap] * len(forward[-1])
    for i in range(n - 1, -1, -1):
        b_prev = [[0] * (cap + 1) if cap is not None else [0] for _ in forward[i]]
        mine_ways = 0
        f_layer = forward[i]
        for src, v, dst in moves[i]:
            b = back[dst]
            if cap is None:
                b_prev[src][0] += b[0]
                if v:
                    mine_ways += f_layer[src][0] * b[0]
            else:
                # Ways to finish from ``src`` with k mines still to place: b[k - v].
                _poly_add(b_prev[src], b, v, cap)
                if v:
                    f = f_layer[src]
                    mine_ways += sum(f[a] * b[cap - 1 - a] for a in range(min(cap, len(f))) if f[a])
        counts[order[i]] = mine_ways
        back = b_prev
    return layouts, counts


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
        When a statement is not a plain sum (its message names the rule) or a
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
    row_lines = [tuple(Cell(r, c) for c in range(cols)) for r in range(rows)]
    col_lines = [tuple(Cell(r, c) for r in range(rows)) for c in range(cols)]
    layouts, counts = 0, dict.fromkeys(board.where(CellState.COVERED), 0)
    # k mines in every row and j in every column: rows * k == cols * j mines in all.
    for k in range(cols + 1):
        if (rows * k) % cols:
            continue
        j = rows * k // cols
        if board.total is not None and board.total != rows * k:
            continue
        lines = [Sum(line, (1,) * len(line), frozenset({k}), "1B") for line in row_lines]
        lines += [Sum(line, (1,) * len(line), frozenset({j}), "1B") for line in col_lines]
        n, tally = _count_sums(board, [*rest, *lines], max_states, deadline)
        layouts += n
        for c, v in tally.items():
            counts[c] += v
    return layouts, counts
