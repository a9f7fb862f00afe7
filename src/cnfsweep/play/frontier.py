"""Keep a player's knowledge up to date click by click instead of re-reading the board.

A game loop asks the engine about nearly the same board dozens of times; most
of the work of :func:`~cnfsweep.engine.position.position` (reading every number,
counting its covered and flagged neighbours) repeats what the last move did not
change.  :class:`Frontier` holds each live number's unknown neighbours and the
mines they still need, updates only the numbers around a revealed or flagged
cell, settles cells by the single-point rule with a work list, and hands the
rest to the full engine as a ready-made :class:`~cnfsweep.engine.position.Position`.

The bookkeeping of a click (:meth:`Frontier.reveal_many`, :meth:`Frontier.flag_many`,
:meth:`Frontier.settled`, :meth:`Frontier.paired`) runs in the C kernel ``cnfsweep.play._frontier`` where the install
built it: the same steps on the same sets and dicts, the Python code here being the reference
(``CNFSWEEP_PURE_PYTHON=1`` runs it; ``tests/play/test_frontier_kernel.py`` compares the two).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.deadline import check_deadline, checked
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.topology import Topology
from cnfsweep.core.constraints import Rule
from cnfsweep.core.topology import Square
from cnfsweep.engine.kernels import load
from cnfsweep.engine.position import Component, Position, assemble_indexed_position, build_components, settle

# The click-by-click bookkeeping in C where the install built it; None runs the Python reference below.
kernel = load("cnfsweep.play._frontier")

# A Rule over cell indices (ints where Cells are typed), as the engine's indexed path and kernels take rules.
_IndexRule: Any = Rule

_ZERO = ord("0")

_Group = tuple[list[tuple[Cell, Component]], dict[Cell, bool], Cell | None]
"""What one connected group of numbers gives a position: its components (each with its first cell), forced cells, conflict."""


class Frontier:
    """What a player has seen of one game: numbers, flags and covered cells.

    Mutable and owned by one game loop: call :meth:`reveal` for every cell a
    click opened and :meth:`flag` for every flag placed.

    Parameters
    ----------
    rows, cols : int
    total_mines : int or None
        Mines on the whole board, if the player knows it.
    topology : Topology or None
        Which cells are neighbours, of ``rows`` by ``cols`` cells; ``None`` is the square.

    Examples
    --------
    >>> f = Frontier(2, 3, total_mines=1)
    >>> f.reveal(Cell(1, 0), 1); f.reveal(Cell(1, 1), 1); f.reveal(Cell(1, 2), 0)
    >>> f.settled()
    ([Cell(row=0, col=1), Cell(row=0, col=2)], [])
    >>> f.reveal(Cell(0, 1), 1); f.reveal(Cell(0, 2), 0)
    >>> f.settled()
    ([], [Cell(row=0, col=0)])
    """

    def __init__(self, rows: int, cols: int, total_mines: int | None, topology: Topology | None = None) -> None:
        # Indices are row-major (cell[0] * cols + cell[1]), as every grid topology's tables are.
        self._cells, self._around = (Square(rows, cols) if topology is None else topology).tables()
        self._cols = cols
        self._covered = set(range(rows * cols))
        self._flagged: set[int] = set()
        self._total = total_mines
        # Live numbers only: index -> covered unflagged neighbours, and the mines among them.
        self._unknown: dict[int, set[int]] = {}
        self._need: dict[int, int] = {}
        self._touched: set[int] = set()
        # Components of unsimplified positions, by their numbers (see build_position()).
        self._built: dict[tuple[bool, tuple[tuple[int, int, tuple[int, ...]], ...]], _Group] = {}
        # Numbers changed since the last look at pairs (None: never looked, so every number).
        self._unpaired: set[int] | None = None

    def reveal(self, cell: Cell, number: int) -> None:
        """Record that ``cell`` was opened and shows ``number``."""
        i = cell[0] * self._cols + cell[1]
        covered = self._covered
        if i not in covered:
            return
        covered.discard(i)
        around, live, touched = self._around[i], self._unknown, self._touched
        for j in around:
            unknown = live.get(j)
            if unknown is not None:
                unknown.discard(i)
                touched.add(j)
        unknown = covered.intersection(around)
        need = number - len(self._flagged.intersection(around)) if self._flagged else number
        # A number with no covered neighbour and no mine to find is settled for good (covered cells only go).
        if unknown or need:
            self._need[i] = need
            live[i] = unknown
            touched.add(i)

    def reveal_many(self, opened: Sequence[int], numbers: Sequence[int]) -> None:
        """Record that the cells of indices ``opened`` were opened, showing ``numbers``: :meth:`reveal` for each, at once.

        Every cell leaves the covered ones before any number's unknown
        neighbours are read, so the cells a zero opened around it are never
        taken for unknown ones first.

        Examples
        --------
        >>> f = Frontier(1, 4, total_mines=1)
        >>> f.reveal_many([0, 1, 2], [0, 0, 1])
        >>> f.settled()
        ([], [Cell(row=0, col=3)])
        """
        covered, around, live, touched = self._covered, self._around, self._unknown, self._touched
        if len(opened) != len(numbers):
            raise ValueError(f"{len(opened)} cells opened but {len(numbers)} numbers")
        if not covered.issuperset(opened):  # cells recorded already are skipped, as reveal() skips them
            fresh = [(i, n) for i, n in zip(opened, numbers, strict=True) if i in covered]
            opened, numbers = [i for i, _ in fresh], [n for _, n in fresh]
        if kernel is not None:
            kernel.reveal_many(
                covered, around, live, touched, self._flagged, self._need, _listed(opened), _listed(numbers)
            )
            return
        covered.difference_update(opened)
        for i in opened:
            for j in around[i]:
                if j in live:
                    live[j].discard(i)
                    touched.add(j)
        flagged, need_of = self._flagged, self._need
        for i, number in zip(opened, numbers, strict=True):
            near = around[i]
            unknown = covered.intersection(near)
            need = number - len(flagged.intersection(near)) if flagged else number
            if unknown or need:
                need_of[i] = need
                live[i] = unknown
                touched.add(i)

    def reveal_shown(self, opened: list[int], view: bytes | bytearray | memoryview) -> None:
        """:meth:`reveal_many`, each cell showing its digit in ``view`` (a game's bytes, by cell index).

        Examples
        --------
        >>> f = Frontier(1, 4, total_mines=1)
        >>> f.reveal_shown([0, 1, 2], b"001.")
        >>> f.settled()
        ([], [Cell(row=0, col=3)])
        """
        if kernel is None or not self._covered.issuperset(opened):
            self.reveal_many(opened, [view[i] - _ZERO for i in opened])
            return
        kernel.reveal_shown(
            self._covered, self._around, self._unknown, self._touched, self._flagged, self._need, _listed(opened), view
        )

    def renumber(self, cell: Cell, number: int) -> None:
        """Record that the revealed ``cell`` now shows ``number``.

        Never in a game; a generator that moves covered mines changes the
        numbers around them and keeps what the player has seen.
        """
        i = cell[0] * self._cols + cell[1]
        if i in self._need:
            self._need[i] = number - len(self._flagged.intersection(self._around[i]))
            self._touched.add(i)

    def flag(self, cell: Cell) -> None:
        """Record a flag on ``cell``: a mine the player is sure of."""
        self.flag_many((cell[0] * self._cols + cell[1],))

    def flag_many(self, flagged: Iterable[int]) -> None:
        """Record flags on the cells of indices ``flagged``: :meth:`flag` for each."""
        if kernel is not None:
            kernel.flag_many(
                flagged, self._covered, self._flagged, self._unknown, self._need, self._around, self._touched
            )
            return
        covered, marked, live, need, around, touched = (
            self._covered,
            self._flagged,
            self._unknown,
            self._need,
            self._around,
            self._touched,
        )
        for i in flagged:
            if i not in covered:
                continue
            covered.discard(i)
            marked.add(i)
            for j in around[i]:
                if j in live:
                    live[j].discard(i)
                    need[j] -= 1
                    touched.add(j)

    def settled(self, deadline: float | None = None) -> tuple[list[Cell], list[Cell]]:
        """Return the cells the numbers changed since the last call settle on their own (see :meth:`settled_indices`)."""
        safe, mines = self.settled_indices(deadline)
        cells = self._cells
        return [cells[i] for i in safe], [cells[i] for i in mines]

    def settled_indices(self, deadline: float | None = None) -> tuple[list[int], list[int]]:
        """Return the cells the numbers changed since the last call settle on their own.

        A number whose unknown neighbours must all be safe (it needs no more
        mines) or all be mines (it needs every one) settles them; the cells come
        back by index as ``(safe, mines)``, each in row-major order.  Numbers that cannot
        hold raise :class:`~cnfsweep.core.errors.CnfsweepError`: a real game never
        produces them.  Past ``deadline`` (a ``time.perf_counter()`` value) raise
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`, the frontier left half-way: use it no more.
        """
        safe: set[int] = set()
        mines: set[int] = set()
        touched, live, need_of = self._touched, self._unknown, self._need
        # A clock reading per call, and per 8192 numbers on big boards; nothing without a deadline.
        check_deadline(deadline)
        if kernel is not None and len(touched) <= 1 << 13:
            safe, mines, bad = kernel.settled(touched, live, need_of)
            if bad is not None:
                raise CnfsweepError(f"the number at {tuple(self._cells[bad])} cannot hold")
        else:
            for j in touched if len(touched) <= 1 << 13 else checked(touched, deadline, 1 << 13):
                unknown = live.get(j)
                if unknown is None:
                    continue
                need = need_of[j]
                if not 0 <= need <= len(unknown):
                    raise CnfsweepError(f"the number at {tuple(self._cells[j])} cannot hold")
                if not unknown:
                    del live[j], need_of[j]
                elif need == 0:
                    safe |= unknown
                elif need == len(unknown):
                    mines |= unknown
        if self._unpaired is not None:
            self._unpaired |= touched
        touched.clear()
        return sorted(safe), sorted(mines)

    def paired(self, deadline: float | None = None) -> tuple[list[Cell], list[Cell]]:
        """Return the cells two numbers settle together, where no number alone settles any.

        Of two live numbers ``a`` and ``b`` sharing unknown cells, the mines in
        the shared cells are at least what either needs beyond its own cells
        and at most what either needs (or the shared cells hold); so the cells
        only ``a`` sees hold between ``need(a) - most`` and ``need(a) - least``
        mines.  When that is all of them, or none, they are settled.  Only pairs
        with a number changed since the last call (or not yet handed to
        :meth:`settled`) are looked at, every pair the first time.  The cells come back as ``(safe, mines)``, in row-major
        order; past ``deadline`` raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

        Examples
        --------
        >>> f = Frontier(3, 3, None)
        >>> for cell, n in [((1, 0), 1), ((1, 1), 2), ((1, 2), 1), ((2, 0), 0), ((2, 1), 0), ((2, 2), 0)]:
        ...     f.reveal(Cell(*cell), n)
        >>> f.settled()           # the 1-2-1 against the wall: no number alone settles a cell
        ([], [])
        >>> f.paired()            # each 1 with the 2: the corner the 1 does not see is a mine
        ([], [Cell(row=0, col=0), Cell(row=0, col=2)])
        """
        live, need, around = self._unknown, self._need, self._around
        dirty = set(live) if self._unpaired is None else self._unpaired | self._touched
        self._unpaired = set()
        check_deadline(deadline)
        dirty &= live.keys()
        found = NotImplemented
        if kernel is not None and len(dirty) <= 1 << 10:
            found = kernel.paired(dirty, live, need, around)
        safe, mines = _pairs(dirty, live, need, around, deadline) if found is NotImplemented else found
        cells = self._cells
        return [cells[i] for i in sorted(safe)], [cells[i] for i in sorted(mines)]

    def live_numbers(self) -> dict[int, set[int]]:
        """Return each revealed number with covered, unflagged neighbours, and those neighbours, by cell index.

        Examples
        --------
        >>> f = Frontier(1, 3, total_mines=1)
        >>> f.reveal(Cell(0, 0), 1)
        >>> f.live_numbers(), f.unknown_cells()
        ({0: {1}}, [1, 2])
        """
        return {j: set(unknown) for j, unknown in self._unknown.items() if unknown}

    def unknown_cells(self) -> list[int]:
        """Return the covered, unflagged cells by index, in order."""
        return sorted(self._covered)

    def position(
        self, board: Board, simplified: bool = True, deadline: float | None = None, *, reuse: bool = False
    ) -> Position:
        """Build the engine's :class:`~cnfsweep.engine.position.Position` of the current state.

        ``board`` must show what this frontier has seen (the game's
        ``board()``); it becomes the position's board.  ``simplified``
        settles what needs no search first (see :func:`~cnfsweep.engine.simplify.simplify`).
        With ``reuse``, each connected group of live numbers is simplified
        and split on its own, and a group whose numbers are as they were in
        an earlier position of this frontier gets that position's components
        again, not built anew: the position's analysis is the same (every
        number of a group is as it was), though its components need not be
        those a reading of the whole board gives.  Past ``deadline`` raise
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`.
        """
        cells = self._cells
        mines = None if self._total is None else self._total - len(self._flagged)
        if reuse:
            return self._reused(board, mines, simplified, deadline)
        # Rules over cell indices, as the frontier keeps them: the engine's kernels take them without a Cell made.
        need = self._need
        rules = [
            _IndexRule(j, tuple(sorted(unknown)), need[j])
            for j, unknown in checked(sorted(self._unknown.items()), deadline, 1 << 12)
            if unknown
        ]
        covered = bytearray(len(cells))
        for i in self._covered:
            covered[i] = 1
        return assemble_indexed_position(board, rules, cells, covered, mines, simplified, deadline)

    def _reused(self, board: Board, mines: int | None, simplified: bool, deadline: float | None) -> Position:
        """Return the position built group by group, reusing the groups built before (see :meth:`position`)."""
        cells, live, need_of = self._cells, self._unknown, self._need
        # Live numbers sharing an unknown cell are in one group: union-find over the numbers.
        parent: dict[int, int] = {}
        seen_by: dict[int, int] = {}

        def root(j: int) -> int:
            while parent[j] != j:
                parent[j] = j = parent[parent[j]]
            return j

        contradiction = None
        for j, unknown in checked(sorted(live.items()), deadline, 1 << 12):
            if not unknown:
                continue
            if contradiction is None and not 0 <= need_of[j] <= len(unknown):
                contradiction = cells[j]
            parent[j] = j
            for c in unknown:
                other = seen_by.setdefault(c, j)
                if other != j:
                    a, b = root(other), root(j)
                    if a != b:
                        parent[max(a, b)] = min(a, b)
        groups: dict[int, list[int]] = {}
        for j in parent:  # in index order, so each group's numbers are too
            groups.setdefault(root(j), []).append(j)
        built = self._built
        if len(built) > 4096:
            built.clear()  # a bound on what one game keeps, far above what one position holds
        found: list[tuple[Cell, Component]] = []
        forced: dict[Cell, bool] = {}
        for members in checked(groups.values(), deadline, 1 << 10):
            key = (simplified, tuple([(j, need_of[j], tuple(sorted(live[j]))) for j in members]))
            group = built.get(key)
            if group is None:
                group = built[key] = _group(key[1], cells, simplified, deadline)
            parts, settled, bad = group
            found += parts
            forced.update(settled)
            contradiction = contradiction or bad
        # Components in the order of their first cells, as a reading of the whole board orders them.
        found.sort(key=lambda part: part[0])
        off = tuple([cells[i] for i in sorted(self._covered.difference(seen_by))])
        if mines is not None:
            mines -= sum(forced.values())
        return Position(board, tuple(component for _, component in found), off, {}, mines, contradiction, forced)


def _pairs(
    dirty: set[int],
    live: dict[int, set[int]],
    need: dict[int, int],
    around: Sequence[Sequence[int]],
    deadline: float | None,
) -> tuple[set[int], set[int]]:
    """:meth:`Frontier.paired`'s pass over the changed live numbers ``dirty``, in Python: the kernel's reference."""
    safe: set[int] = set()
    mines: set[int] = set()
    lives = live.keys()
    for a in dirty if len(dirty) <= 1 << 10 else checked(dirty, deadline, 1 << 10):
        mine_a = live[a]
        if not mine_a:
            continue
        need_a = need[a]
        # The live numbers around a's unknown cells (the intersection runs over the neighbours, in C).
        for b in lives & set().union(*[around[c] for c in mine_a]):
            mine_b = live[b]
            # Each pair once: from the smaller of two changed numbers.
            if not mine_b or b == a or (b < a and b in dirty):
                continue
            need_b = need[b]
            shared = len(mine_a & mine_b)
            only_a, only_b = len(mine_a) - shared, len(mine_b) - shared
            least = max(0, need_a - only_a, need_b - only_b)
            most = min(shared, need_a, need_b)
            if only_a:
                if need_a - most == only_a:
                    mines |= mine_a - mine_b
                elif need_a == least:
                    safe |= mine_a - mine_b
            if only_b:
                if need_b - most == only_b:
                    mines |= mine_b - mine_a
                elif need_b == least:
                    safe |= mine_b - mine_a
    return safe, mines


def _listed(values: Sequence[int]) -> list[int]:
    """``values`` as a list, as the kernel takes them (the table's lists as they are)."""
    return values if type(values) is list else list(values)


def _group(
    numbers: tuple[tuple[int, int, tuple[int, ...]], ...],
    cells: Sequence[Cell],
    simplified: bool,
    deadline: float | None,
) -> _Group:
    """Build one connected group of numbers ``(index, need, unknown indices)``: its components, forced cells and conflict.

    The rules stay over cell indices (which sort as the cells do), so simplifying and splitting them
    take the engine's kernels where the install built them; cells are named in the finished group only.
    """
    rules = [_IndexRule(j, near, need) for j, need, near in numbers]
    forced: dict[Cell, bool] = {}
    bad: Cell | None = None
    if simplified:
        rules, settled, tag = settle(rules, deadline, indexed=True)
        assert tag is None or isinstance(tag, int)  # a group's rules are its numbers': the total is none of them
        forced = {cells[i]: value for i, value in settled.items()}
        bad = None if tag is None else cells[tag]
    components = build_components([r for r in rules if r.cells], deadline, cells)
    return [(min(component.cells), component) for component in components], forced, bad
