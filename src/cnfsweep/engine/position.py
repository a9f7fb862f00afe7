"""Turn a board into cardinality constraints split into independent components.

A revealed number ``n`` with ``f`` flagged neighbours says that exactly
``n - f`` of its unknown neighbours are mines.  Unknown cells seen by at least
one number form the *frontier*; networkx splits it into connected components
that are solved separately.  Inside a component, cells seen by exactly the same
numbers are interchangeable and form a *box*: solvers only need one canonical
model per box count, weighted by a binomial.
"""

from __future__ import annotations

import sys
import types
import warnings
from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import chain, compress, filterfalse, repeat
from operator import itemgetter
from typing import Any, cast


from cnfsweep.core.assumptions import normalise_assumptions
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import FLAG, NUMBERS
from cnfsweep.core.deadline import check_deadline, checked
from cnfsweep.core.errors import AssumptionError
from cnfsweep.core.checks import count_argument
from cnfsweep.core.constraints import Constraint, Problem, Rule
from cnfsweep.core.moved import moved
from cnfsweep.engine.kernels import load
from cnfsweep.engine.simplify import simplify
from cnfsweep.core.frozen import direct_init

# number_constraints and simplify in C where the install built it (see cnfsweep.engine.kernels); None
# sends every board through the Python reference, as tests do to compare the two.
kernel = load("cnfsweep.engine._position")


@direct_init
@dataclass(frozen=True)
class Component:
    """A connected part of the frontier together with its problem.

    ``cells[v]`` is the board cell of variable ``v``.
    """

    cells: tuple[Cell, ...]
    problem: Problem

    def box_cells(self, box: int) -> tuple[Cell, ...]:
        """Return the board cells of one box."""
        variables = self.problem.boxes[box]
        first, last = variables[0], variables[-1]
        if last - first + 1 == len(variables):  # consecutive, as Problem has them: one slice
            return tuple(self.cells[first : last + 1])
        return tuple(self.cells[v] for v in variables)


@direct_init
@dataclass(frozen=True)
class Position:
    """Everything the engine needs to know about a board.

    Attributes
    ----------
    components : tuple of Component
        Independent parts of the frontier.
    off_frontier : tuple of Cell
        Unknown cells seen by no number: all alike, they share one probability.
        In row-major order (sorted), as every builder here makes them: an
        analysis takes its best guess among them without sorting them again.
    fixed : Mapping of Cell to bool
        Covered cells whose value was assumed (``True`` for a mine).
    forced : Mapping of Cell to bool
        Covered cells settled by :func:`simplify`, without search.
    mines_left : int or None
        Mines still to place among the unknown cells, or ``None`` without a total.
    contradiction : Cell or None
        A number that cannot hold whatever the unknown cells are (too many
        flagged neighbours, or too few unknown ones).
    """

    board: Board
    components: tuple[Component, ...]
    off_frontier: tuple[Cell, ...]
    fixed: Mapping[Cell, bool]
    mines_left: int | None
    contradiction: Cell | None
    forced: Mapping[Cell, bool]


def _resolve_assumptions(board: Board, assume: Mapping[str, bool] | None) -> dict[Cell, bool]:
    fixed: dict[Cell, bool] = {}
    for label, is_mine in (assume or {}).items():
        cells = board.labelled(label)
        if not cells:
            known = ", ".join(sorted(board.labels)) or "none"
            raise AssumptionError(f"no cell is labelled {label!r} (labels on the board: {known})")
        fixed.update((c, bool(is_mine)) for c in cells)
    return fixed


# Byte masks over the board's characters (``bytes.translate``): which cells hide
# something (covered, labelled or flagged), which are flags, which show a number.
_HIDDEN = bytes(0 if chr(b) in NUMBERS else 1 for b in range(256))
_FLAGGED = bytes(1 if chr(b) == FLAG else 0 for b in range(256))
_NUMBER = bytes(1 if chr(b) in NUMBERS else 0 for b in range(256))
_COVERED = bytes(_HIDDEN[b] & (1 - _FLAGGED[b]) for b in range(256))


def number_constraints(
    board: Board, fixed: Mapping[Cell, bool], deadline: float | None = None, *, every: bool = True
) -> list[Rule]:
    """List each number as ``(number cell, unknown neighbours, mines among them)``.

    With ``every=False``, leave out the numbers that say nothing: no unknown
    neighbour and no mine left to place (the inside of an opening).  Past ``deadline``
    raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    >>> b = Board.from_rows(["1*", ".2"])
    >>> [(rule.tag, rule.need) for rule in number_constraints(b, {})]
    [(Cell(row=0, col=0), 0), (Cell(row=1, col=1), 1)]
    >>> opening = Board.from_rows(["000", "111", "..."])
    >>> len(number_constraints(opening, {})), len(number_constraints(opening, {}, every=False))
    (6, 3)
    """
    flat = "".join(board.grid).encode("ascii")
    # The board's topology says who neighbours whom; its cells are row-major, as the flat grid is.
    cells, around = board.topology.tables(deadline)
    if kernel is not None and not fixed:
        check = None if deadline is None else partial(check_deadline, deadline)
        return kernel.number_rules(flat, cells, around, Rule, every, check)
    return _number_rules(flat, cells, around, fixed, every, deadline)


def _number_rules(
    flat: bytes,
    cells: Sequence[Any],
    around: Sequence[Sequence[int]],
    fixed: Mapping[Any, bool],
    every: bool,
    deadline: float | None,
) -> list[Rule]:
    """:func:`number_constraints` in Python: the reference the C kernel follows step by step.

    ``cells`` names each cell: its :class:`Cell`, or its index (then ``fixed`` is by index too).
    """
    out = []
    hidden = flat.translate(_HIDDEN)
    flags = flat.translate(_FLAGGED) if FLAG.encode() in flat else None
    numbers = compress(range(len(flat)), flat.translate(_NUMBER))
    plain = flags is None and not fixed
    for i in checked(numbers, deadline, 4096):
        need = flat[i] - 48
        if plain:
            # Bytes index to ints, and one comprehension keeps the neighbour scan in few bytecodes.
            unknown = [cells[j] for j in around[i] if hidden[j]]
        else:
            unknown = []
            for j in around[i]:
                if not hidden[j]:
                    continue
                if flags is not None and flags[j]:
                    need -= 1
                    continue
                nb = cells[j]
                if nb not in fixed:
                    unknown.append(nb)
                elif fixed[nb]:
                    need -= 1
        if unknown or need or every:
            out.append(Rule(cells[i], tuple(unknown), need))
    return out


# A rule's cells (Rule is a named tuple: tag, cells, need).
_CELLS = itemgetter(1)

# Up to this many rules the split merges lists of cells, which costs less than networkx's
# union-find (no path to walk per cell); beyond it networkx splits, as it always has.
SMALL_SPLIT = 2000


def _split(rules: Sequence[Rule], deadline: float | None = None) -> list[list[Cell]]:
    """Return the connected components of the rules' cells, each sorted, in order of their first cell."""
    if len(rules) <= SMALL_SPLIT:
        return split_small(rules)
    return split_networkx(rules, deadline)


def split_networkx(rules: Sequence[Rule], deadline: float | None = None) -> list[list[Cell]]:
    """Split with networkx's union-find (see :func:`split_small` for the same answer)."""
    # Imported here: boards below SMALL_SPLIT rules (every game level, every variant puzzle) never need it, and
    # networkx costs a command about 80 ms to import.
    from networkx.utils import UnionFind

    # Only the connected components are needed, not the graph itself: networkx's
    # union-find gives them without building edges (a rule joins all its cells).
    parts = UnionFind()
    for _, cells, _ in checked(rules, deadline, 4096):
        parts.union(*cells)
    return sorted(sorted(c) for c in checked(parts.to_sets(), deadline, 1024))


def split_small(rules: Sequence[Rule]) -> list[list[Cell]]:
    """Split by merging the smaller group of cells into the larger one; :func:`split_networkx`'s answer.

    Examples
    --------
    >>> a, b, c, d = Cell(0, 0), Cell(0, 1), Cell(0, 2), Cell(3, 3)
    >>> split_small([Rule(a, (c,), 0), Rule(a, (d,), 1), Rule(b, (a, b), 1), Rule(d, (b, c), 1)])
    [[Cell(row=0, col=0), Cell(row=0, col=1), Cell(row=0, col=2)], [Cell(row=3, col=3)]]
    """
    home: dict[Cell, list[Cell]] = {}
    for _, cells, _ in rules:
        groups = {id(g): g for g in map(home.get, cells) if g is not None}
        if not groups:
            group = list(cells)
        else:
            group = max(groups.values(), key=len)
            for other in groups.values():
                if other is not group:
                    group.extend(other)
                    home.update(dict.fromkeys(other, group))
            group.extend(c for c in cells if c not in home)
        home.update(dict.fromkeys(cells, group))
    return sorted(sorted(g) for g in {id(g): g for g in home.values()}.values())


def group_boxes(cells: Sequence[Cell], rules: Sequence[Rule]) -> list[list[Cell]]:
    """Group ``cells`` into boxes: cells seen by exactly the same rules."""
    seen_by: dict[Cell, list[int]] = defaultdict(list)
    for i, (_, rule_cells, _) in enumerate(rules):
        for c in rule_cells:
            seen_by[c].append(i)
    groups: dict[tuple[int, ...], list[Cell]] = defaultdict(list)
    for c in cells:
        groups[tuple(seen_by[c])].append(c)
    return sorted(groups.values())


def build_problem(
    boxes: Sequence[Sequence[Cell]],
    rules: Sequence[tuple[Cell | str, Sequence[Cell], int]],
) -> tuple[tuple[Cell, ...], Problem]:
    """Number the cells box by box and express ``rules`` over those numbers.

    Returns the cell of every variable and the problem.
    """
    cells = tuple(chain.from_iterable(boxes))
    index = dict(zip(cells, range(len(cells)), strict=True))
    var_boxes, start = [], 0
    for box in boxes:
        var_boxes.append(tuple(range(start, start + len(box))))
        start += len(box)
    number = index.__getitem__
    constraints = tuple(
        Constraint(tuple(sorted(map(number, rule_cells))), need, need, tag) for tag, rule_cells, need in rules
    )
    return cells, Problem(tuple(var_boxes), constraints)


def build_position(
    board: Board,
    *,
    total_mines: int | None = None,
    assume: Mapping[str, bool | str] | None = None,
    simplified: bool = True,
    deadline: float | None = None,
) -> Position:
    """Split ``board`` into independent components.

    Parameters
    ----------
    board : Board
    total_mines : int, optional
        Overrides ``board.total_mines``.
    assume : mapping of str to bool or str, optional
        Label to value: ``True`` or ``"mine"`` makes every cell with that label
        a mine, ``False`` or ``"safe"`` safe (see :func:`~cnfsweep.core.assumptions.normalise_assumptions`).
    simplified : bool, optional
        Settle cells that need no search first (see :func:`simplify`).
    deadline : float, optional
        A ``time.perf_counter()`` value; past it
        :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised.

    Examples
    --------
    >>> pos = build_position(Board.from_rows(["1...", "....", "...1"], total_mines=2))
    >>> len(pos.components), len(pos.off_frontier), pos.mines_left
    (2, 4, 2)
    >>> pos.components[0].problem.box_sizes
    (3,)
    """
    return RecentPositions(0).position(
        board, total_mines=total_mines, assume=assume, simplified=simplified, deadline=deadline
    )


class RecentPositions:
    """The last few positions an :class:`~cnfsweep.engine.Engine` built, by board and settings.

    A player or a server asks about the same board more than once (a quick
    pass, then a full analysis; an analysis, then a check); the engine that
    answers keeps them here, so nothing process-wide needs forgetting.
    Positions are treated as read-only by everything that gets one.  Not
    :func:`functools.lru_cache`: the deadline must reach the build but not the key.

    Examples
    --------
    >>> recent = RecentPositions(2)
    >>> board = Board.from_rows(["1.", ".."])
    >>> recent.position(board) is recent.position(board), len(recent)
    (True, 1)
    """

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._recent: dict[tuple[Board, int | None, tuple[tuple[str, bool], ...], bool], Position] = {}

    def __len__(self) -> int:
        return len(self._recent)

    def keep(self, key: tuple[Board, int | None, tuple[tuple[str, bool], ...], bool], pos: Position) -> None:
        """Keep ``pos``, built elsewhere, as :meth:`position` keeps the position it built for ``key``.

        ``key`` is ``(board, total, assumptions as sorted pairs, simplified)``, as :meth:`position` makes it
        (:func:`~cnfsweep.engine.quick.board_analysis` builds positions itself).
        """
        recent = self._recent
        recent.pop(key, None)
        if recent and len(recent) >= self.size:
            del recent[next(iter(recent))]
        if self.size > 0:
            recent[key] = pos

    def position(
        self,
        board: Board,
        *,
        total_mines: int | None = None,
        assume: Mapping[str, bool | str] | None = None,
        simplified: bool = True,
        deadline: float | None = None,
    ) -> Position:
        """Return :func:`position`'s answer, from the recent ones when it is among them (then at once)."""
        # No total and no assumption, as most callers ask: nothing to check or normalise (a cold analysis
        # of an intermediate board is tens of microseconds, and each call here costs one or two).
        total = board.total_mines if total_mines is None else count_argument(total_mines, "total_mines")
        assumed = normalise_assumptions(assume) if assume is not None else {}
        key = (board, total, tuple(sorted(assumed.items())) if assumed else (), simplified)
        found = self._recent.pop(key, None)
        if found is None:
            # The first board of its shape builds the shape's tables, a second on 1000x1000:
            # under the deadline, before the board's cell lists need them.
            board.topology.tables(deadline)
            fixed = _resolve_assumptions(board, assumed) if assumed else {}
            # Counted off the rows: the board's cell lists (``board.flags``) cost more than the analysis of
            # a fresh intermediate board needs of them.
            unflagged = None if total is None else total - "".join(board.grid).count(FLAG)
            found = indexed_position(board, fixed, unflagged, simplified, deadline)
            if self._recent and len(self._recent) >= self.size:
                del self._recent[next(iter(self._recent))]
        if self.size > 0:
            # (Re-)inserted last, so that the least recently used position goes first.
            self._recent[key] = found
        # An equal board may differ in what equality ignores (the format it was read from): answer about this one.
        return found if found.board is board else replace(found, board=board)


def indexed_position(
    board: Board,
    fixed: Mapping[Cell, bool],
    mines: int | None,
    simplified: bool = True,
    deadline: float | None = None,
) -> Position:
    """Build the board's :class:`Position` over integer cell indices, as :func:`assemble_position` would.

    The rules are read with each cell as its index in the topology's tables
    (row-major, so indices sort as the cells do); simplification, the split and
    the boxes then hash and compare small integers instead of :class:`Cell`
    objects, and the cells come back only in the finished components.  Every
    step is the one :func:`assemble_position` takes on the cells themselves, so
    the position is the same (``tests/engine/test_position_paths.py``).
    ``mines`` is the board's total minus its flags, if known.

    Examples
    --------
    >>> b = Board.from_rows(["1.", ".."], total_mines=1)
    >>> indexed_position(b, {}, 1) == assemble_position(b, number_constraints(b, {}), b.covered, 1)
    True
    """
    flat = "".join(board.grid).encode("ascii")
    cells, around = board.topology.tables(deadline)
    if kernel is not None and not fixed:
        check = None if deadline is None else partial(check_deadline, deadline)
        # Every step below in one call: the rules, their simplification, the split and the cells off it.
        parts = kernel.board_parts(flat, None, around, cells, Rule, Constraint, Problem, Component, simplified, check)
        if parts is not NotImplemented:
            components, off, forced, contradiction = parts
            left = None if mines is None else mines - sum(forced.values())
            return Position(board, components, off, fixed, left, contradiction, forced)
        rules = kernel.number_rules(flat, None, around, Rule, False, check)
    else:
        ids = tuple(range(len(flat)))
        index = {c: i for i, c in enumerate(cells)} if fixed else {}
        rules = _number_rules(flat, ids, around, {index[c]: v for c, v in fixed.items()}, False, deadline)
    return _assemble(board, rules, cells, bytearray(flat.translate(_COVERED)), mines, fixed, simplified, deadline)


def settle(
    rules: list[Rule], deadline: float | None = None, *, indexed: bool = False
) -> tuple[list[Rule], dict[Any, bool], Any]:
    """:func:`~cnfsweep.engine.simplify.simplify`, in C where the install built it and cells are ``indexed``.

    The kernel takes the Python code's steps on integer cell indices (it cannot
    compare :class:`Cell` objects), so both give the same rules, forced cells
    (in the same order) and contradiction.
    """
    if indexed and kernel is not None:
        check = None if deadline is None else partial(check_deadline, deadline)
        return kernel.simplify_rules(rules, Rule, check)
    return simplify(rules, deadline)


def build_components(
    rules: Sequence[Rule], deadline: float | None = None, cells: Sequence[Cell] | None = None
) -> tuple[Component, ...]:
    """Split rules that each mention at least one cell into components, with boxes and problems.

    With ``cells``, the rules name cells (and tags) by their indices in it, which
    must sort as the cells do; the components name the cells.  Past ``deadline``
    raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    >>> a, b, c = Cell(0, 0), Cell(0, 1), Cell(5, 5)
    >>> [comp.cells for comp in build_components([Rule(Cell(1, 0), (a, b), 1), Rule(Cell(4, 4), (c,), 0)])]
    [(Cell(row=0, col=0), Cell(row=0, col=1)), (Cell(row=5, col=5),)]
    """
    if cells is not None and kernel is not None:
        found = _components_in_c(rules, cells, deadline)
        if found is not None:
            return found
    groups = _split(rules, deadline)
    # Each rule lies inside one component: file it there by any of its cells.
    home = {c: k for k, group in checked(enumerate(groups), deadline, 1024) for c in group}
    rules_of: list[list[Rule]] = [[] for _ in groups]
    for rule in checked(rules, deadline, 4096):
        rules_of[home[rule.cells[0]]].append(rule)
    components = []
    for comp_cells, comp_rules in checked(zip(groups, rules_of, strict=True), deadline, 256):
        boxes = group_boxes(comp_cells, comp_rules)
        if cells is None:
            components.append(Component(*build_problem(boxes, comp_rules)))
            continue
        # Indices number the variables as the cells would (they sort alike): name the cells last.
        name: Callable[[Any], Cell] = cells.__getitem__
        var_cells, problem = build_problem(boxes, [Rule(name(tag), found, need) for tag, found, need in comp_rules])
        components.append(Component(tuple(map(name, var_cells)), problem))
    return tuple(components)


def _components_in_c(
    rules: Sequence[Rule], cells: Sequence[Cell], deadline: float | None
) -> tuple[Component, ...] | None:
    """:func:`build_components` on rules over cell indices, split and grouped into boxes by the C kernel.

    ``None`` when a rule names a cell twice, which no board's rule does: the Python code answers.
    """
    check_deadline(deadline)
    if kernel is None:
        return None
    split = kernel.split_boxes(list(rules))
    if split is NotImplemented:
        return None
    if type(cells) is tuple and (deadline is None or len(split) <= 256):
        # The objects made in C too, as the loop below makes them; the loop would read the deadline
        # only before each 256 components, the first time just as above.
        return cast(tuple[Component, ...], kernel.name_components(split, cells, Constraint, Problem, Component))
    name: Callable[[Any], Cell] = cells.__getitem__
    components = []
    for var_cells, sizes, constraints in checked(split, deadline, 256):
        boxes, start = [], 0
        for size in sizes:
            boxes.append(tuple(range(start, start + size)))
            start += size
        problem = Problem(tuple(boxes), tuple(Constraint(vs, need, need, name(tag)) for tag, vs, need in constraints))
        components.append(Component(tuple(map(name, var_cells)), problem))
    return tuple(components)


def component_rules(component: Component) -> list[Rule]:
    """Read a component's constraints back as ``(number cell, cells, mines among them)`` rules."""
    cells = component.cells
    return [Rule(c.tag, tuple(cells[v] for v in c.vars), c.lo) for c in component.problem.constraints]


def assemble_position(
    board: Board,
    rules: Sequence[Rule],
    covered: Sequence[Cell],
    mines: int | None,
    fixed: Mapping[Cell, bool] | None = None,
    simplified: bool = True,
    deadline: float | None = None,
) -> Position:
    """Build a :class:`Position` from rules already read off the board.

    ``rules`` are ``(number cell, unknown neighbours, mines among them)`` as
    :func:`number_constraints` gives them, ``covered`` the covered unflagged
    cells in row-major order and ``mines`` the number of mines among them (the
    board's total minus its flags), if known.  A player that keeps its rules up to date click by click calls
    this instead of reading every number of the board again.  Past
    ``deadline`` raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    >>> b = Board.from_rows(["1.", ".."], total_mines=1)
    >>> pos = assemble_position(b, number_constraints(b, {}), b.covered, 1)
    >>> len(pos.components), pos.off_frontier, pos.mines_left
    (1, (), 1)
    """
    fixed = fixed or {}
    return _assemble(board, rules, None, covered, mines, fixed, simplified, deadline)


def _assemble(
    board: Board,
    rules: Sequence[Rule],
    cells: Sequence[Cell] | None,
    covered: Iterable[Cell] | bytearray,
    mines: int | None,
    fixed: Mapping[Cell, bool],
    simplified: bool,
    deadline: float | None,
) -> Position:
    """:func:`assemble_position` on rules over cells (``cells`` is ``None``) or over indices into ``cells``.

    With indices, ``covered`` is a byte per cell, 1 where it is covered (it is overwritten); cells that
    sort as their indices do (row-major) make every step the same on both.
    """
    contradiction: Any = next((tag for tag, found, need in rules if not 0 <= need <= len(found)), None)
    # Numbers with no unknown neighbour are settled (checked just above).  filter and chain walk in C.
    rules = list(filter(_CELLS, rules))
    forced: dict[Any, bool] = {}
    off: tuple[Cell, ...]
    if simplified and contradiction is None:
        rules, forced, contradiction = settle(rules, deadline, indexed=cells is not None)
    live = list(filter(_CELLS, rules))
    components = build_components(live, deadline, cells)
    # Everything seen by a live rule, settled, or assumed is not off the frontier.
    taken = set(chain.from_iterable(map(_CELLS, live)))
    taken.update(forced)
    if cells is None:
        taken.update(fixed)
        off = tuple(filterfalse(taken.__contains__, cast(Iterable[Cell], covered)))
    else:
        mask: Any = covered
        # A mask, so that the covered cells are walked in C; the loop that clears it runs in C too.
        deque(map(mask.__setitem__, taken, repeat(0)), 0)
        off = tuple(compress(cells, mask))
        if fixed:
            off = tuple(filterfalse(fixed.__contains__, off))
        forced = {cells[i]: v for i, v in forced.items()}
        if contradiction is not None:
            contradiction = cells[contradiction]
    mines_left = None
    if mines is not None:
        mines_left = mines - sum(fixed.values()) - sum(forced.values())
    return Position(board, components, off, fixed, mines_left, contradiction, forced)


def assemble_indexed_position(
    board: Board,
    rules: Sequence[Rule],
    cells: Sequence[Cell],
    covered: bytearray,
    mines: int | None,
    simplified: bool = True,
    deadline: float | None = None,
) -> Position:
    """:func:`assemble_position` on rules over cell indices, as a player that keeps them by index holds them.

    ``rules`` name each number and cell by its index in ``cells`` (the topology's
    cells, which sort as their indices do); ``covered`` is a byte per cell, 1 where
    it is covered and unflagged (it is overwritten).  The steps are
    :func:`assemble_position`'s (so is the position), in the C kernels where the install built them.

    Examples
    --------
    >>> b = Board.from_rows(["1.", ".."], total_mines=1)
    >>> cells = b.topology.tables().cells
    >>> rules = [Rule(0, (1, 2, 3), 1)]
    >>> assemble_indexed_position(b, rules, cells, bytearray([0, 1, 1, 1]), 1) == indexed_position(b, {}, 1)
    True
    """
    return _assemble(board, rules, cells, covered, mines, {}, simplified, deadline)


# ``build_position`` was ``position`` in 0.1.0, a name that hid this module from ``cnfsweep.engine``.
# Both old spellings work for one release with a warning: ``from cnfsweep.engine.position import position``
# through ``_MOVED``, and ``cnfsweep.engine.position(board)``, which now finds this module, by calling it.
_MOVED = {"position": "cnfsweep.engine.position:build_position"}
__getattr__: Any = moved(__name__, _MOVED)


class _CallableModule(types.ModuleType):
    """This module, callable as the function that had its name, with a :class:`DeprecationWarning`."""

    def __call__(self, board: Board, **options: Any) -> Position:
        warnings.warn(
            "cnfsweep.engine.position(...) is deprecated: use cnfsweep.engine.build_position(...)",
            DeprecationWarning,
            stacklevel=2,
        )
        return build_position(board, **options)


sys.modules[__name__].__class__ = _CallableModule
