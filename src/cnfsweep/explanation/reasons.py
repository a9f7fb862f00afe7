"""Why a cell is certain: a subset-minimal (or minimum) set of revealed numbers that forces it.

A covered cell is certainly safe when "the numbers, and this cell a mine" has
no layout, and certainly a mine when "the numbers, and this cell safe" has
none.  The numbers of an unsatisfiable core of that question are an argument
a player can check; shrunk until dropping any one of them breaks it, they are
a :class:`Reason`.

Only the numbers a fact can depend on are encoded: those connected to the
cell through shared covered cells (the rest of the board has layouts of its
own), as the board shows them, not simplified.  When they do not force the
fact, the total mine count does too: then every number of the board is a
candidate, and the total bounds the encoded cells by what the other covered
cells can hold.  Each question is a guarded problem for the backend of the
engine the finder is given (:meth:`~cnfsweep.engine.backends.base.Backend.open`),
one selector per number.

A minimum reason (``smallest=True``) comes from an implicit hitting-set loop:
every set of numbers found satisfiable with the cell's other value is grown to
a maximal one, whose complement any reason must hit; the smallest set hitting
all of them (python-sat's :class:`~pysat.examples.hitman.Hitman`, RC2 inside)
is tried next, until one is unsatisfiable.  Both loops, and the encoded
question they ask, are in :mod:`cnfsweep.explanation.cores`.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import CellKind
from cnfsweep.core.topology import Topology
from cnfsweep.core.errors import ArgumentTypeError, shown
from cnfsweep.core.constraints import Rule
from cnfsweep.engine import Engine
from cnfsweep.engine.backends import Backend
from cnfsweep.engine.position import number_constraints
from cnfsweep.explanation.cores import Part, minimal, minimum

__all__ = ["Reason", "ReasonFinder", "board_rules", "steps_from"]


@dataclass(frozen=True)
class Reason:
    """Revealed numbers (and maybe the total mine count) that alone force a fact.

    Attributes
    ----------
    numbers : tuple of Cell
        The revealed number cells whose constraints are used, row-major.
        Dropping any one of them (keeping the total, if used) no longer forces the fact.
    uses_total : bool
        Whether the total mine count is needed as well: only when no set of
        numbers alone forces the fact.
    cells : tuple of Cell
        The covered cells the argument is about: those the numbers see, and the cell itself.

    Examples
    --------
    >>> r = Reason((Cell(1, 0), Cell(1, 1)), False, (Cell(0, 0), Cell(0, 1), Cell(0, 2)))
    >>> r.size, r.to_dict()
    (2, {'numbers': [[1, 0], [1, 1]], 'uses_total': False, 'size': 2})
    """

    numbers: tuple[Cell, ...]
    uses_total: bool
    cells: tuple[Cell, ...]

    @property
    def size(self) -> int:
        """How many facts the argument uses: its numbers, plus one for the total if it is used."""
        return len(self.numbers) + int(self.uses_total)

    def to_dict(self, cell: Callable[[Cell], Any] = list) -> dict[str, Any]:
        """Return the reason as ``hint --json`` prints it, each cell as ``cell`` writes it."""
        return {"numbers": [cell(c) for c in self.numbers], "uses_total": self.uses_total, "size": self.size}


def board_rules(board: Board, fixed: Mapping[Cell, bool] | None = None) -> list[Rule]:
    """List the numbers that still see a covered cell, as the board shows them (flags subtracted).

    ``fixed`` holds assumed cells (``True`` for a mine): they are subtracted as flags are.

    Examples
    --------
    >>> [(r.tag, r.need) for r in board_rules(Board.from_rows(["1*1", "..."]))]
    [(Cell(row=0, col=0), 0), (Cell(row=0, col=2), 0)]
    """
    return [r for r in number_constraints(board, fixed or {}) if r.cells]


class _Frozen:
    """A tuple of rules as a dictionary key whose hash is computed once.

    A memo key holds every number of a part (of the board, for the total):
    hashing such a tuple afresh for each of thousands of cells costs more than
    finding their reasons.
    """

    __slots__ = ("_hash", "items")

    def __init__(self, items: Sequence[Rule]) -> None:
        self.items = tuple(items)
        self._hash = hash(self.items)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Frozen) and self._hash == other._hash and self.items == other.items


#: What a capped search for a minimum reason gives when every reason is bigger than the cap.
_OVER = object()

#: Parts of more numbers than this are searched near the cell first (see ``ReasonFinder._near``);
#: smaller ones whole, in one solver for all their cells.
BIG_PART = 400
#: How far from the cell (in steps from neighbour to neighbour) the numbers of the near searches lie.
NEAR_RADII = (3, 7)


def steps_from(topology: Topology, cell: Cell, radius: int) -> dict[Cell, int]:
    """Return every cell within ``radius`` steps of ``cell`` (neighbour to neighbour), with its distance.

    A breadth-first search over the topology's neighbour tables, so it wraps
    on a torus and follows the edges of a graph.  On a square it is the
    rectangle of ``radius`` rows and columns either side, cut at the edges.

    Examples
    --------
    >>> from cnfsweep.core.topology import Torus
    >>> sorted(steps_from(Torus(3, 5), Cell(0, 0), 1).values()).count(1)
    8
    >>> Cell(0, 4) in steps_from(Torus(3, 5), Cell(0, 0), 1)
    True
    """
    tables = topology.tables()
    start = tables.index(cell)
    seen = {start: 0}
    ring = [start]
    for step in range(1, radius + 1):
        next_ring = []
        for i in ring:
            for j in tables.around[i]:
                if j not in seen:
                    seen[j] = step
                    next_ring.append(j)
        ring = next_ring
    return {tables.cells[i]: d for i, d in seen.items()}


def _trivial(rules: Iterable[Rule], cell: Cell, mine: bool) -> Rule | None:
    """Return a number that settles the cell alone (it needs none, or all, of its cells)."""
    for rule in rules:
        if cell in rule.cells and rule.need == (len(rule.cells) if mine else 0):
            return rule
    return None


def _engine(engine: Engine | Backend) -> Engine:
    """The engine a finder is given, or one around the bare backend older callers give (deprecated)."""
    if isinstance(engine, Engine):
        return engine
    if isinstance(engine, Backend):
        warnings.warn(
            "ReasonFinder(board, backend) is deprecated: pass an Engine (Engine.create(backend)); "
            "a bare backend will be refused in the next release",
            DeprecationWarning,
            stacklevel=3,
        )
        return Engine.create(engine)
    raise ArgumentTypeError(f"engine must be an Engine, got {shown(engine)} ({type(engine).__name__})")


class ReasonFinder:
    """Reasons for the certain cells of one position, each question encoded once.

    ``memo`` (a dict the caller may keep from position to position) maps a
    part of the board's numbers and a fact to its reason, so a player asking
    step after step re-solves only the parts a click changed.

    Parameters
    ----------
    board : Board
    engine : Engine
        Whose backend answers every question (it must report unsatisfiable cores).
        A bare :class:`~cnfsweep.engine.backends.Backend` is still taken, with a
        :class:`DeprecationWarning`, until the next release.
    total_mines, memo, fixed, deadline
        The total (else the board's), the reasons kept from earlier positions,
        cells assumed mines or safe, and a ``time.perf_counter()`` value past
        which :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised.
    big_part, near_radii
        Parts of more than ``big_part`` numbers (:data:`BIG_PART` unless given) are
        searched near the cell first, at each of ``near_radii`` steps in turn
        (:data:`NEAR_RADII` unless given; see :meth:`_near`): a test lowers them to
        reach that path on a small board.

    Examples
    --------
    >>> from cnfsweep.engine import Engine
    >>> board = Board.from_rows(["...", "121"])
    >>> finder = ReasonFinder(board, Engine.create())
    >>> finder.reason(Cell(0, 0), True)
    Reason(numbers=(Cell(row=1, col=1), Cell(row=1, col=2)), uses_total=False, cells=(Cell(row=0, col=0), Cell(row=0, col=1), Cell(row=0, col=2)))
    >>> finder.reason(Cell(0, 1), False).numbers
    (Cell(row=1, col=0), Cell(row=1, col=1), Cell(row=1, col=2))
    >>> finder.close()
    """

    def __init__(
        self,
        board: Board,
        engine: Engine | Backend,
        *,
        total_mines: int | None = None,
        memo: dict[Any, Any] | None = None,
        fixed: Mapping[Cell, bool] | None = None,
        deadline: float | None = None,
        big_part: int | None = None,
        near_radii: Sequence[int] | None = None,
    ) -> None:
        self.board = board
        #: Parts of more numbers than this are searched near the cell first (:data:`BIG_PART` by default).
        self.big_part = BIG_PART if big_part is None else big_part
        #: The radii, in steps, of the near searches (:data:`NEAR_RADII` by default).
        self.near_radii = tuple(NEAR_RADII if near_radii is None else near_radii)
        self.engine = _engine(engine)
        #: The engine's backend, which every question is put to.
        self.backend = self.engine.backend
        self.deadline = deadline
        fixed = fixed or {}
        total = board.total_mines if total_mines is None else total_mines
        # Assumed cells count as flags do: known, and out of every question.
        self.mines_left = None if total is None else total - len(board.flags) - sum(fixed.values())
        self.unknown = len(board.covered) - len(fixed)
        self.rules = board_rules(board, fixed)
        self.memo = memo if memo is not None else {}
        #: The numbers that see each cell, in the order of ``rules``.
        self.rules_at: dict[Cell, list[Rule]] = {}
        for rule in self.rules:
            for c in rule.cells:
                self.rules_at.setdefault(c, []).append(rule)
        self._split = False
        self._root: dict[Cell, Any] = {}
        self._rules_of: dict[Any, list[Rule]] = {}
        self._keys: dict[Any, _Frozen] = {}
        self._all = _Frozen(())
        self._rule_by_tag: dict[Any, Rule] = {}
        self._parts: dict[Any, Part] = {}

    def _split_parts(self) -> None:
        """Split the numbers into parts that share no covered cell, once a solver is needed.

        A cell one number settles needs none of it: on a big board the split costs
        more than finding the one-number move.
        """
        if self._split:
            return
        parts = nx.utils.UnionFind()
        for rule in self.rules:
            parts.union(*rule.cells)
        self._root = {c: parts[c] for r in self.rules for c in r.cells}
        for rule in self.rules:
            self._rules_of.setdefault(self._root[rule.cells[0]], []).append(rule)
        self._keys = {root: _Frozen(rules) for root, rules in self._rules_of.items()}
        self._all = _Frozen(self.rules)
        self._rule_by_tag = {rule.tag: rule for rule in self.rules}
        self._split = True

    def _part(self, key: Any, make: Any) -> Part:
        part = self._parts.get(key)
        if part is None:
            part = self._parts[key] = make()
        return part

    def single(self, cell: Cell, mine: bool) -> Reason | None:
        """Return the reason of one number that settles ``cell`` alone, if one does (no solver).

        It is the reason :meth:`reason` gives such a cell: the first such number, row-major.
        """
        trivial = _trivial(self.rules_at.get(cell, ()), cell, mine)
        return None if trivial is None else self._reason([trivial], cell, False)

    def total_alone(self) -> bool:
        """Whether the total settles every covered cell by itself (no mine left, or nothing but mines)."""
        return self.mines_left is not None and self.mines_left in (0, self.unknown)

    def reason(self, cell: Cell, mine: bool, smallest: bool = False) -> Reason:
        """Explain why ``cell`` is certainly a mine (``mine``) or certainly safe.

        Raises
        ------
        ValueError
            If ``cell`` is not a covered cell, or the numbers and the total do not force the fact.
        TimeLimitExceeded
            Past the finder's deadline.
        """
        found = self.reason_within(cell, mine, smallest, None)
        assert found is not None
        return found

    def reason_within(self, cell: Cell, mine: bool, smallest: bool, cap: int | None) -> Reason | None:
        """Like :meth:`reason`, but with ``smallest`` give up (``None``) once no reason of ``cap`` facts is left.

        Below the cap the reason is the one :meth:`reason` gives.
        """
        if self.board.kind(cell) is not CellKind.COVERED:
            raise ValueError(f"{tuple(cell)} is not a covered cell")
        single = self.single(cell, mine)
        if single is not None:
            return single
        self._split_parts()
        root = self._root.get(cell)
        if root is not None:
            found = self._near(cell, mine, smallest, cap, root) if len(self._rules_of[root]) > self.big_part else None
            if found is _OVER:
                return None
            if found is None:
                key: tuple[Any, ...] = (self._keys[root], cell, mine, smallest)
                found = self.memo.get(key)
            if found is None:
                local = self._rules_of[root]
                part = self._part(root, lambda: Part(self.backend, local, deadline=self.deadline))
                found = self._solve(part, cell, mine, smallest, cap)
                if found is _OVER:
                    return None
                if found is not None:
                    self.memo[key] = found
            if found is not None:
                return self._reason(found, cell, False)
        if self.mines_left is None:
            raise ValueError(f"{tuple(cell)} is not forced by the numbers, and no total is given")
        # Cells off the frontier are interchangeable: one of them stands for all.
        off = root is None
        key = (self._all, self.mines_left, self.unknown, "off" if off else cell, mine, smallest)
        found = self.memo.get(key)
        if found is None:
            part = self._part(("total", off), self._total_part(cell if off else None))
            # The part of the cells off the frontier encodes the first one asked about.
            asked = next(c for c in part.index if c not in self._root) if off else cell
            found = self._solve(part, asked, mine, smallest, None if cap is None else cap - 1)
            if found is _OVER:
                return None
            if found is None:
                raise ValueError(f"{tuple(cell)} is not forced by the numbers and the total")
            self.memo[key] = found
        return self._reason(found, cell, True)

    def _near(self, cell: Cell, mine: bool, smallest: bool, cap: int | None, root: Any) -> Any:
        """Look for the reason among the numbers near ``cell`` first, in a part of a big component.

        Every question to the component's solver carries a selector for each of its
        thousands of numbers; a reason's numbers are near its cell.  "Near" is counted
        in steps over the topology's neighbour tables (:func:`steps_from`), never in
        rows and columns: a torus wraps, and a graph's cells are one row whose
        indices say nothing about who touches whom.

        Why a minimum found near the cell is a minimum of the whole component: a
        minimum reason is subset-minimal, and the numbers of a subset-minimal reason
        are joined to the cell through shared covered cells (numbers cut off from the
        cell and its other numbers could be dropped: on their own they have layouts,
        as the position has one).  The cell is one step from the first number, and
        each further number two steps (through a shared cell) from one before it, so
        a reason of ``k`` numbers lies within ``2k - 1`` steps.  When a minimum of
        size ``s`` is found among the numbers within ``radius >= 2s - 1`` steps, any
        smaller reason would lie there too, and would have been found.  Likewise no
        reason of ``cap`` numbers or fewer exists anywhere when none exists within
        ``2 cap - 1`` steps.  ``None`` sends the question on to the whole component
        (no reason near enough to be proved smallest); ``_OVER`` as :meth:`_solve`.
        """
        self._split_parts()
        if not self.near_radii:
            return None
        distance = steps_from(self.board.topology, cell, max(self.near_radii))
        # Row-major (index order), as the rules of a part are everywhere else.
        around = sorted(distance)
        for radius in self.near_radii:
            rules = [
                rule
                for c in around
                if distance[c] <= radius
                and (rule := self._rule_by_tag.get(c)) is not None
                and self._root[rule.cells[0]] == root
            ]
            key = (_Frozen(rules), cell, mine, smallest)
            found = self.memo.get(key)
            if found is None:
                part = Part(self.backend, rules, deadline=self.deadline)
                try:
                    found = self._solve(part, cell, mine, smallest, cap) if cell in part.index else None
                finally:
                    part.close()
            if found is _OVER:
                if cap is not None and 2 * cap - 1 <= radius:
                    return _OVER
                continue
            if found is None:
                continue
            self.memo[key] = found
            if not smallest or 2 * len(found) - 1 <= radius:
                return found
        return None

    def _total_part(self, extra: Cell | None) -> Any:
        def make() -> Part:
            encoded = {c for r in self.rules for c in r.cells} | ({extra} if extra else set())
            assert self.mines_left is not None
            # The covered cells left out can hold anything from none to all of them.
            lo = self.mines_left - (self.unknown - len(encoded))
            return Part(self.backend, self.rules, [extra] if extra else [], (lo, self.mines_left), self.deadline)

        return make

    def _solve(self, part: Part, cell: Cell, mine: bool, smallest: bool, cap: int | None = None) -> Any:
        """The numbers of a reason; ``None`` when the part does not force the fact, ``_OVER`` past ``cap``."""
        out = part.refute(cell, mine, part.numbers | part.keep())
        if out.satisfiable:
            return None
        core = out.core if out.core is not None else part.numbers
        chosen: frozenset[int] | None = minimal(part, cell, mine, frozenset(core) & part.numbers)
        if smallest:
            assert chosen is not None
            chosen = minimum(part, cell, mine, chosen, cap)
            if chosen is None:
                return _OVER
        assert chosen is not None
        return [part.rules[i] for i in sorted(chosen)]

    def _reason(self, rules: Sequence[Rule], cell: Cell, uses_total: bool) -> Reason:
        numbers = tuple(sorted(r.tag for r in rules if isinstance(r.tag, Cell)))
        cells = tuple(sorted({c for r in rules for c in r.cells} | {cell}))
        return Reason(numbers, uses_total, cells)

    def close(self) -> None:
        """Release every solver opened."""
        for part in self._parts.values():
            part.close()
        self._parts.clear()

    def __enter__(self) -> ReasonFinder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
