"""Exact endgame search: the move that maximises the probability of winning.

When no cell is certainly safe, the safest guess is not always the best one: a
slightly riskier cell may tell more about the rest of the board. Once few
layouts remain consistent, the whole game tree can be searched. A state is the
set of layouts still consistent with what has been seen; a move clicks a covered
cell, loses in the layouts where it is a mine, and otherwise shows what
:meth:`cnfsweep.play.game.Game.click` would reveal (the cell's number, and the
zero-flood), which splits the surviving layouts into groups. This module finds
the layouts and what each click shows; :mod:`cnfsweep.search.endgame_tree`
searches the tree.

Examples
--------
>>> board = Board.from_rows(["..", "11"], total_mines=1)
>>> result = best_move(board)
>>> result.win_probability, result.layouts
(Fraction(1, 2), 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.gamerules import COVERED_BYTE, flood
from cnfsweep.engine.position import number_constraints
import cnfsweep.search.endgame_tree as endgame_tree
from cnfsweep.search.endgame_tree import search

# An endgame of a few hundred layouts is searched in well under a second in
# typical positions; beyond that, the search grows too fast to be worth waiting for.
MAX_LAYOUTS = 256
NODE_LIMIT = 50_000


def _total(board: Board, total_mines: int | None) -> int:
    total = board.total_mines if total_mines is None else total_mines
    if total is None:
        raise ValueError("the endgame needs the total mine count: pass total_mines or set it on the board")
    return total


def enumerate_layouts(
    board: Board, total_mines: int | None = None, limit: int | None = None
) -> tuple[frozenset[Cell], ...] | None:
    """List every consistent placement of the remaining mines on the covered cells.

    Parameters
    ----------
    board : Board
        The position; flags count as mines, both for the numbers and the total.
    total_mines : int, optional
        Mines on the whole board, flags included; overrides ``board.total_mines``.
    limit : int, optional
        Give up, returning ``None``, as soon as more than ``limit`` layouts exist.

    Returns
    -------
    tuple of frozenset of Cell, or None
        Each layout as the set of its mined covered cells, in a deterministic
        order; empty for an inconsistent position; ``None`` past ``limit``.

    Raises
    ------
    ValueError
        If neither ``total_mines`` nor ``board.total_mines`` is known.

    Examples
    --------
    >>> board = Board.from_rows(["1.", ".."], total_mines=1)
    >>> [sorted(layout) for layout in enumerate_layouts(board)]
    [[Cell(row=1, col=1)], [Cell(row=1, col=0)], [Cell(row=0, col=1)]]
    >>> enumerate_layouts(board, limit=2) is None
    True
    """
    found = _leaves(board, total_mines, limit)
    if found is None:
        return None
    leaves, off, _ = found
    covered = board.covered
    # Off-frontier cells are interchangeable, so every subset of the right size fits.
    return tuple(
        frozenset([covered[i] for i in mined] + [covered[j] for j in extra])
        for mined, rest in leaves
        for extra in combinations(off, rest)
    )


def _leaves(
    board: Board, total_mines: int | None, limit: int | None, compiled: bool = True
) -> tuple[list[tuple[tuple[int, ...], int]], list[int], int] | None:
    """Return :func:`enumerate_layouts`' layouts before they are spelt out: ``(leaves, off, count)``.

    Each leaf is a placement of the frontier's mines (indices into
    ``board.covered``) and how many mines go off the frontier, on any of the
    cells ``off`` (indices too): the layouts are the leaves in order, each
    with every such subset in the order of :func:`itertools.combinations`;
    ``count`` of them in all.  ``None`` past ``limit``.  With a limit, the
    placement search runs in the C kernel where it is built (``compiled``):
    the same steps, the same leaves.
    """
    left = _total(board, total_mines) - len(board.flags)
    covered = board.covered
    index = {cell: i for i, cell in enumerate(covered)}
    need: list[int] = []
    scope: list[list[int]] = []
    for rule in number_constraints(board, {}):
        if not 0 <= rule.need <= len(rule.cells):
            return [], [], 0
        if rule.cells:
            need.append(rule.need)
            scope.append([index[n] for n in rule.cells])
    if not 0 <= left <= len(covered):
        return [], [], 0
    touching: dict[int, list[int]] = {}
    for k, vars_ in enumerate(scope):
        for v in vars_:
            touching.setdefault(v, []).append(k)
    order = _search_order(touching)
    off = [i for i in range(len(covered)) if i not in touching]
    search_leaves = getattr(endgame_tree.kernel, "leaves", None) if compiled else None
    if search_leaves is not None and limit is not None and 0 <= limit < 2**62:
        found = search_leaves(order, [touching[v] for v in order], need, [len(s) for s in scope], left, len(off), limit)
        return None if found is None else (found[0], off, found[1])

    mines_in = [0] * len(need)
    open_in = [len(vars_) for vars_ in scope]
    chosen: list[int] = []
    leaves: list[tuple[tuple[int, ...], int]] = []
    count = 0

    def place(depth: int, placed: int) -> bool:
        # Returns False once the limit is exceeded, to unwind at once.
        nonlocal count
        if depth == len(order):
            count += comb(len(off), left - placed)
            leaves.append((tuple(chosen), left - placed))
            return limit is None or count <= limit
        v = order[depth]
        unassigned = len(order) - depth - 1 + len(off)
        for value in (0, 1):
            # The total must stay reachable: neither exceeded nor out of reach.
            if not placed + value <= left <= placed + value + unassigned:
                continue
            ok = True
            for k in touching[v]:
                open_in[k] -= 1
                mines_in[k] += value
                if not mines_in[k] <= need[k] <= mines_in[k] + open_in[k]:
                    ok = False
            if ok:
                if value:
                    chosen.append(v)
                going = place(depth + 1, placed + value)
                if value:
                    chosen.pop()
            for k in touching[v]:
                open_in[k] += 1
                mines_in[k] -= value
            if ok and not going:
                return False
        return True

    if not place(0, 0):
        return None
    return leaves, off, count


def _search_order(touching: dict[int, list[int]]) -> list[int]:
    """Order frontier cells so each one shares as many numbers as possible with those before it.

    Constraints then close early and a wrong branch fails near where it was taken.
    """
    members: dict[int, list[int]] = {}
    for v, ks in touching.items():
        for k in ks:
            members.setdefault(k, []).append(v)
    linked = dict.fromkeys(touching, 0)
    order: list[int] = []
    while linked:
        v = min(linked, key=lambda u: (-linked[u], -len(touching[u]), u))
        del linked[v]
        order.append(v)
        for k in touching[v]:
            for u in members[k]:
                if u in linked:
                    linked[u] += 1
    return order


@dataclass(frozen=True)
class EndgameResult:
    """The outcome of :func:`best_move`.

    Attributes
    ----------
    cell : Cell
        An optimal first move: of highest safety among the optimal ones, then
        first in row-major order.
    win_probability : Fraction
        The exact probability of winning from this position under optimal play.
    layouts : int
        Consistent layouts of the position.
    nodes : int
        Search states expanded (states of two or more layouts, each counted once).
    """

    cell: Cell
    win_probability: Fraction
    layouts: int
    nodes: int


def _observations(board: Board, layouts: tuple[frozenset[Cell], ...]) -> tuple[list[int], list[list[int]]]:
    """Return, per covered cell, the layouts where it is a mine and the groups its click would show.

    Masks are ints with bit ``i`` for layout ``i``. A click's observation is the
    set of cells it opens, with their numbers: the game's own flood
    (:func:`cnfsweep.core.gamerules.flood`), run on the covered cells alone, each
    layout's numbers in place of the game's, so that it opens what
    :meth:`Game.click <cnfsweep.play.game.Game.click>` would on this board (the
    game's flood stops at revealed cells and flags, which are not among them).
    A cell revealed later in the search had its neighbours opened with it, so
    going on through it adds only cells whose numbers every remaining layout
    agrees on. That makes an observation a function of the layout alone, and a
    state's value a function of its layout set. The flood changes no value (a
    zero's neighbours are certainly safe, so clicking them later is free) but it
    spares the search those clicks, so it is followed as the game follows it.
    """
    covered = board.covered
    index = {cell: i for i, cell in enumerate(covered)}
    flags = set(board.flags)
    around = [[index[n] for n in board.neighbours(c) if n in index] for c in covered]
    base = [sum(n in flags for n in board.neighbours(c)) for c in covered]
    # What the game would show on the covered cells before the click: all covered.
    unopened = bytes([COVERED_BYTE]) * len(covered)
    mine_mask = [0] * len(covered)
    groups: list[dict[object, int]] = [{} for _ in covered]
    for i, layout in enumerate(layouts):
        bit = 1 << i
        mined = [False] * len(covered)
        # Neighbours are mutual: each mine adds one to the cells around it.
        number = base[:]
        for cell in layout:
            k = index[cell]
            mined[k] = True
            mine_mask[k] |= bit
            for n in around[k]:
                number[n] += 1
        seen: dict[int, object] = {}
        for c in range(len(covered)):
            if mined[c]:
                continue
            key: object = number[c]
            if number[c] == 0:
                if c not in seen:
                    region = flood(bytearray(unopened), number, around, [c])
                    key = tuple(sorted((j, number[j]) for j in region))
                    # Every zero of one region opens the same cells.
                    seen.update((j, key) for j in region if number[j] == 0)
                key = seen[c]
            groups[c][key] = groups[c].get(key, 0) | bit
    return mine_mask, [list(g.values()) for g in groups]


def best_move(
    board: Board,
    total_mines: int | None = None,
    *,
    max_layouts: int = MAX_LAYOUTS,
    node_limit: int = NODE_LIMIT,
    compiled: bool = True,
) -> EndgameResult | None:
    """Find the move with the highest exact probability of winning the game.

    Parameters
    ----------
    board : Board
        The position; flags count as mines.
    total_mines : int, optional
        Mines on the whole board, flags included; overrides ``board.total_mines``.
    max_layouts : int, optional
        Give up when more layouts than this are consistent.
    node_limit : int, optional
        Give up when the search expands more states than this.
    compiled : bool, optional
        Search with the C kernel when the install built it; ``False`` runs the
        pure-Python search, which gives the same result.

    Returns
    -------
    EndgameResult or None
        ``None`` when a limit is exceeded, when the position is inconsistent,
        or when it is already won (no covered safe cell is left). When a single
        layout remains, the value is 1 and the cell is its first safe cell.
        Certainly safe cells whose click tells nothing new are never proposed:
        they change nothing and can be clicked at any time.

    Raises
    ------
    ValueError
        If neither ``total_mines`` nor ``board.total_mines`` is known.

    Examples
    --------
    One mine hides among the five cells around the ``1``. Clicking a corner is
    safe 4 times in 5 and then shows which side the mine is on; where the left
    side holds it, a certainly safe cell on the right tells which left cell:

    >>> board = Board.from_rows([".1.", "..."], total_mines=1)
    >>> result = best_move(board)
    >>> result.cell, result.win_probability, result.layouts
    (Cell(row=0, col=0), Fraction(3, 5), 5)
    >>> best_move(board, max_layouts=4) is None
    True
    """
    observe = getattr(endgame_tree.kernel, "observe", None) if compiled else None
    if observe is not None:
        found_leaves = _leaves(board, total_mines, max_layouts, compiled)
        if found_leaves is None or not found_leaves[2]:
            return None
        if found_leaves[2] > 1:
            return _best_observed(board, *found_leaves, node_limit)
    layouts = enumerate_layouts(board, total_mines, limit=max_layouts)
    if not layouts:
        return None
    covered = board.covered
    if len(layouts) == 1:
        safe = [c for c in covered if c not in layouts[0]]
        return EndgameResult(safe[0], Fraction(1), 1, 0) if safe else None
    found = _search_layouts(board, layouts, node_limit, compiled)
    if found is None:
        return None
    won, move, expanded = found
    return EndgameResult(covered[move], Fraction(won, len(layouts)), len(layouts), expanded)


def _best_observed(
    board: Board, leaves: list[tuple[tuple[int, ...], int]], off: list[int], count: int, node_limit: int
) -> EndgameResult | None:
    """:func:`best_move` of two or more layouts, given as :func:`_leaves` gives them, in C from end to end.

    The kernel's ``observe`` does what :func:`_observations` and the cell
    filter of :func:`_search_layouts` do, on the layouts before they are
    spelt out as sets of cells, and hands ``solve`` its arguments: the same
    search, the same answer.
    """
    kernel = endgame_tree.kernel
    assert kernel is not None  # best_move comes here only with the kernel's observe
    covered = board.covered
    index = {cell: i for i, cell in enumerate(covered)}
    flags = set(board.flags)
    around = [[index[n] for n in board.neighbours(c) if n in index] for c in covered]
    base = [sum(n in flags for n in board.neighbours(c)) for c in covered]
    cells, safe, groups, sizes = kernel.observe(count, around, base, leaves, off)
    found = kernel.solve(count, safe, groups, sizes, max(-1, min(node_limit, 2**62)))
    if found is None:
        return None
    won, local, expanded = found
    # -1 (no move) cannot come from a real position, but stays -1 as search gives it.
    move = cells[local] if local >= 0 else local
    return EndgameResult(covered[move], Fraction(won, count), count, expanded)


def _search_layouts(
    board: Board, layouts: tuple[frozenset[Cell], ...], node_limit: int, compiled: bool
) -> tuple[int, int, int] | None:
    """Search the state that holds exactly ``layouts``: (layouts won, the best move's index, states expanded)."""
    mine_mask, groups = _observations(board, layouts)
    full = (1 << len(layouts)) - 1
    # A cell that is a mine in every layout, or safe in every one and always shows the
    # same, is never worth a click in any state: leave it out of the search.
    cells = [c for c in range(len(board.covered)) if mine_mask[c] != full and (mine_mask[c] or len(groups[c]) > 1)]
    return search([full ^ m for m in mine_mask], groups, cells, len(layouts), node_limit=node_limit, compiled=compiled)


def _won(board: Board, layouts: tuple[frozenset[Cell], ...], node_limit: int, compiled: bool) -> int | None:
    """Return how many of ``layouts`` optimal play wins from the state that holds exactly them.

    A state's value depends on its layout set alone (see :func:`_observations`),
    so a state reached after a click is searched as a position of its own.
    """
    if len(layouts) == 1:
        return 1
    found = _search_layouts(board, layouts, node_limit, compiled)
    return None if found is None else found[0]


def move_value(
    board: Board,
    cell: Cell,
    total_mines: int | None = None,
    *,
    max_layouts: int = MAX_LAYOUTS,
    node_limit: int = NODE_LIMIT,
    compiled: bool = True,
) -> Fraction | None:
    """Return the exact probability of winning by clicking ``cell`` now and playing optimally after.

    The counterpart of :func:`best_move` for one given first move: the best
    move's value is the largest of these, and the gap between the two is what
    a guess costs.

    Parameters
    ----------
    board : Board
        The position; flags count as mines.
    cell : Cell
        A covered cell of ``board``.
    total_mines : int, optional
        Mines on the whole board, flags included; overrides ``board.total_mines``.
    max_layouts : int, optional
        Give up when more layouts than this are consistent.
    node_limit : int, optional
        Give up when the search after any one thing the click can show
        expands more states than this.
    compiled : bool, optional
        Search with the C kernel when the install built it.

    Returns
    -------
    Fraction or None
        ``None`` when a limit is exceeded or the position is inconsistent.

    Raises
    ------
    ValueError
        If ``cell`` is not covered, or the total mine count is unknown.

    Examples
    --------
    >>> board = Board.from_rows([".1.", "..."], total_mines=1)
    >>> move_value(board, Cell(0, 0)), move_value(board, Cell(1, 1))
    (Fraction(3, 5), Fraction(2, 5))
    """
    covered = board.covered
    if cell not in covered:
        raise ValueError(f"move_value: {cell} is not a covered cell of the board")
    layouts = enumerate_layouts(board, total_mines, limit=max_layouts)
    if not layouts:
        return None
    _, groups = _observations(board, layouts)
    k = covered.index(cell)
    won = 0
    for group in groups[k]:
        # The layouts that show the same after the click form the next state.
        found = _won(board, tuple(layout for i, layout in enumerate(layouts) if group >> i & 1), node_limit, compiled)
        if found is None:
            return None
        won += found
    return Fraction(won, len(layouts))
