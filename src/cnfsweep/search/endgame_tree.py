"""The game-tree search behind :func:`cnfsweep.search.endgame.best_move`.

A state is the set of layouts still consistent with what has been seen, held
as an int with bit ``i`` for layout ``i``. :func:`search_python` is the
reference; the C extension ``cnfsweep.search._endgame``, built by the install
when a compiler is at hand, runs the same search step for step, so both give
the same value, the same move and the same count of expanded states, and both
give up at the same node limit. :func:`search` takes the kernel when it is built.

Examples
--------
Two layouts that the one cell tells apart: clicking it wins in the layout where
it is safe, and shows the number that settles the rest.

>>> search([0b01, 0b10], [[0b01], [0b10]], [0, 1], 2, node_limit=10)
(1, 0, 1)
>>> search([0b01, 0b10], [[0b01], [0b10]], [0, 1], 2, node_limit=0) is None
True
"""

from __future__ import annotations

from types import ModuleType

from cnfsweep.search.kernels import load


# The compiled kernel, or None where the install could not build it or the environment asks for
# Python (cnfsweep.search.kernels). Setting it to None sends every search through the Python reference.
kernel = load("_endgame")


class _OutOfNodes(Exception):
    pass


def search(
    safe_mask: list[int],
    groups: list[list[int]],
    cells: list[int],
    count: int,
    *,
    node_limit: int,
    compiled: bool = True,
) -> tuple[int, int, int] | None:
    """Search the game tree from the state of all ``count`` layouts.

    Parameters
    ----------
    safe_mask : list of int
        Per covered cell, the layouts where it is safe.
    groups : list of list of int
        Per covered cell, the layouts where it is safe parted by what its click shows.
    cells : list of int
        The cells worth a click somewhere in the tree, in increasing order.
    count : int
        Layouts of the position, at least two.
    node_limit : int
        Give up when the search expands more states than this.
    compiled : bool, optional
        Use the C kernel when it is built; ``False`` runs the Python reference.

    Returns
    -------
    tuple of int, or None
        ``(won, move, expanded)``: the layouts optimal play wins, an optimal
        first cell (an index into the covered cells) and the states expanded;
        ``None`` past ``node_limit``.
    """
    if compiled and kernel is not None:
        return _search_compiled(kernel, safe_mask, groups, cells, count, node_limit)
    return search_python(safe_mask, groups, cells, count, node_limit=node_limit)


def _search_compiled(
    module: ModuleType, safe_mask: list[int], groups: list[list[int]], cells: list[int], count: int, node_limit: int
) -> tuple[int, int, int] | None:
    # Masks travel as little-endian bytes, a whole number of 64-bit words each;
    # the kernel sees only the cells worth a click, by their place in ``cells``.
    size = 8 * ((count + 63) // 64)
    safe = b"".join(safe_mask[c].to_bytes(size, "little") for c in cells)
    flat = b"".join(g.to_bytes(size, "little") for c in cells for g in groups[c])
    found = module.solve(count, safe, flat, [len(groups[c]) for c in cells], max(-1, min(node_limit, 2**62)))
    if found is None:
        return None
    won, local, expanded = found
    # -1 (no move) cannot come from a real position, but stays -1 as in Python.
    return won, cells[local] if local >= 0 else local, expanded


def search_python(
    safe_mask: list[int], groups: list[list[int]], cells: list[int], count: int, *, node_limit: int
) -> tuple[int, int, int] | None:
    """Search the game tree in pure Python: the reference the kernel follows step for step.

    Parameters and result are those of :func:`search`.
    """
    memo: dict[int, tuple[int, int]] = {}
    expanded = 0

    # Values are kept as W(S) = |S| * value(S), the number of layouts of S that
    # optimal play wins: it is an integer, being a max of sums of W over groups
    # with W = 1 for a single layout, which spares Fraction arithmetic.
    # A cell that is a mine in every layout of a state, or safe in all of them and
    # uninformative, is so in every smaller state too: each state passes on the cells
    # still worth a look, in the same order, so deeper states loop over fewer.
    def solve(state: int, among: list[int]) -> tuple[int, int]:
        nonlocal expanded
        found = memo.get(state)
        if found is not None:
            return found
        expanded += 1
        if expanded > node_limit:
            raise _OutOfNodes
        size = state.bit_count()
        low = state & -state
        candidates: list[tuple[int, int]] = []
        live: list[int] = []
        answer: tuple[int, int] | None = None
        for i, c in enumerate(among):
            safe = state & safe_mask[c]
            if not safe:
                continue
            alive = safe.bit_count()
            if alive == size:
                # The state splits unless the group of its first layout holds it all.
                for g in groups[c]:
                    if g & low:
                        break
                if state & g == state:
                    continue  # safe and uninformative: clicking it changes nothing
                parts = [p for p in map(state.__and__, groups[c]) if p]
                # A certainly safe cell that splits the state is an optimal
                # first move: it must be revealed to win anyway, and knowing
                # more never hurts, as any strategy can ignore what it learns.
                rest = live + among[i:]
                answer = (sum(_value(p, rest) for p in parts), c)
                break
            live.append(c)
            candidates.append((-alive, c))
        if answer is None:
            best, move = -1, -1
            for negative_alive, c in sorted(candidates):
                # W of a move is at most its count of safe layouts (value <= safety),
                # and candidates come in falling safety: none after this can do better.
                if -negative_alive <= best:
                    break
                parts = sorted([p for p in map(state.__and__, groups[c]) if p], key=int.bit_count, reverse=True)
                won, unseen = 0, -negative_alive
                for p in parts:
                    won += _value(p, live)
                    unseen -= p.bit_count()
                    # The same bound, group by group: give up once even winning
                    # every layout still to come could not beat the best move.
                    if won + unseen <= best:
                        break
                else:
                    if won > best:
                        best, move = won, c
            answer = (best, move)
        memo[state] = answer
        return answer

    def _value(state: int, among: list[int]) -> int:
        return 1 if state & (state - 1) == 0 else solve(state, among)[0]

    try:
        won, move = solve((1 << count) - 1, cells)
    except _OutOfNodes:
        return None
    return won, move, expanded
