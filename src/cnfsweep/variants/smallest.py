"""Reasons of minimum size on a variant board: the fewest clues (and perhaps the total) that force a cell.

A reason's **size** counts its clues, plus one for the total, as a classic
reason counts numbers and the total (:class:`~cnfsweep.explanation.Grade`'s
scale).  Mine rules do not count: they hold on every cell of every puzzle, as
"a number counts its eight neighbours" does on a classic board, so they are
always in force; a reason still names the mine rules it needs (a
subset-minimal set of them, for its clues).  Known mines and opened cells are
facts of the position, free as flags are in a classic grade.  Reasons from
clues alone come before reasons that need the total, as in the classic grade.

The minimum is found exactly by implicit hitting sets: a set of clues forces
the cell unless some layout obeys the rules, those clues and has the cell the
other way round; each such layout breaks some clues, and every reason must
hold one of them.  A smallest set holding one clue of every set met so far
(exact: a branching search for a few clues, else a SAT solver kept for the
question, its sets added as layouts are found) is tried next; the first one
that forces the cell is a smallest reason.  Each layout found is first made
to keep as many clues as one pass can (a minimal correction set), which keeps
the loop short.  The size found does not depend on the solver; which clues of that size it names
may.

Under a rule whose clues also constrain each other in pairs (2E: two clues
with one letter count alike, two with different letters differently), a set
of clues states those pairs of its own too.  A layout may break no clue alone
and only such a pair, so what it breaks is a set of *terms*, a clue or a pair
of clues, and a reason holds all of some term of each: the hitting set is then
over terms, a pair held where both its clues are.

Under a rule whose clues share a hidden choice (2I: the direction every clue
leaves out), a set of clues forces the cell unless some layout and some way
of the choice keep them all: each layout found is kept once for each way,
with the clues it breaks under that way, and a reason holds one of each.

Every layout found is kept and serves every cell it has the other way round
(it obeys the rules and the position's facts, so a reason for that cell holds
one of the clues it breaks), and the model is kept from one step of a grade to
the next.  The least reason of a step is found size by size (0, 1, 2 ...), each
cell asked only whether it has a reason of that size, so no search goes past
the step's least size.  Under a global rule each question is asked with the
rule's exact links and by its cuts alone, taking turns with growing budgets of
CP-SAT's deterministic time (either way answers exactly).  CP-SAT tries every
guard true first, so a layout found keeps, by the way, what clues it can: it
breaks fewer, and the hitting sets close in sooner.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any


from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.variants.board import CellState, VariantBoard
from cnfsweep.variants.reasons import VariantMove, VariantReason
from cnfsweep.variants.rule import Chosen, Liars, Statement, Sum
from cnfsweep.variants.solve import TOTAL, VariantModel, WorkLimitReached, statements

__all__ = ["FIRST_WORK", "SmallestReasons"]

#: CP-SAT's deterministic time a question under a global rule first gets with its links, then without them.
FIRST_WORK = 0.05


class SmallestReasons:
    """One guarded model of a board, asked for each certain cell's reason of minimum size.

    The model and every layout it has found are kept: :meth:`advance` moves
    them on to a later position of the same puzzle (more cells settled, more
    clues shown), as a grade plays it.  Each layout found obeys every mine rule
    and the position's facts; it shows, for every cell it has the other way
    round, clues a reason for that cell must hold one of (those it breaks), so
    one cell's search starts from what the searches of the others found.

    Parameters
    ----------
    board
        The position: its clues, known mines, rules and total.
    deadline
        A ``time.perf_counter()`` value past which a solve raises
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> finder = SmallestReasons(parse_variant("rules: V\\n. . 1\\n? ? ?\\n"))
    >>> move = finder.move(Cell(0, 1), True)
    >>> move.reason.clues, move.reason.size   # the 1 alone: (0, 1) is its only covered neighbour
    ((Cell(row=0, col=2),), 1)
    """

    def __init__(self, board: VariantBoard, deadline: float | None = None) -> None:
        self.board = board
        self.m = VariantModel(board, guarded=True, deadline=deadline)
        # Many small questions under assumptions: presolve costs more than it saves.
        self.m.presolve = False
        # A global rule is also stated by its exact links, behind a literal of their own: some questions are
        # answered at once by the cuts, others only by the links (see ``_ask``).
        self._links: Any = None
        for rule in board.rules.mine:
            links = getattr(rule, "links", None)
            for link in links(self.m.grid) if callable(links) else ():
                if self._links is None:
                    self._links = self.m.model.new_bool_var("links")
                self.m.add(link, [self._links])
        said = statements(board)
        self.said = {s.clue: s for s in said if s.clue is not None}
        # What two clues state together (2E's letters), by the pair.
        self.pairs: dict[tuple[Cell, Cell], Statement] = {}
        for s in said:
            pair = getattr(s, "pair", None)
            if pair is not None:
                self.pairs[pair] = s
        self.clues = tuple(sorted(self.said))
        self.rules = tuple(rule.name for rule in board.rules.mine)
        # The ways of the clues' hidden choice (2I), if they share one: each layout is kept once for each.
        self.ways = max((len(s.options) for s in said if isinstance(s, Chosen)), default=0)
        # 2L: each clue's exact sum, by its cell; a layout is kept with the liars it was found with.
        self.lying: Liars | None = next((s for s in said if isinstance(s, Liars)), None)
        self.exact: dict[Cell, Sum] = {c.clue: c for c in self.lying.clues if c.clue} if self.lying else {}
        self._layouts: list[tuple[dict[Cell, bool], frozenset[Cell]]] = []
        self._prefer_kept()
        self._index()

    def _prefer_kept(self) -> None:
        """Have CP-SAT try every guard true first: a layout found then keeps what clues it can by the way.

        A question assumes only some guards; the others are free, and CP-SAT tries a free literal false first,
        so its layouts broke nearly every clue they were not held to.  A layout that breaks fewer terms is a
        smaller set for the hitting sets, and the loop of :meth:`clues_needed` ends sooner: on 6x6 2E puzzles
        a grade asked CP-SAT for two to three times fewer layouts.  Only the order of the search changes, never
        whether a layout exists.
        """
        self.m.model.clear_hints()
        for guard in self.m.guards.values():
            self.m.model.add_hint(guard, True)

    def _index(self) -> None:
        """Index the layouts kept as bit masks (bit ``i``: layout ``i``), by cell, by breaking nothing and by total."""
        self._broken: list[frozenset[frozenset[Cell]]] = []
        self._seen: set[tuple[frozenset[Cell], frozenset[Cell]]] = set()
        self._mine_at: dict[Cell, int] = dict.fromkeys(self.m.x, 0)
        self._whole = self._every = self._at_total = 0
        layouts, self._layouts = self._layouts, []
        for hitter in getattr(self, "_hitters", {}).values():
            hitter.close()
        # Each question's hitting sets, kept as its loop and its sizes go on (see :meth:`clues_needed`).
        self._hitters: dict[tuple[Cell, bool, bool], _Hitter] = {}
        for layout, liars in layouts:
            self._keep(layout, liars)

    def _keep(self, layout: dict[Cell, bool], liars: frozenset[Cell] = frozenset()) -> None:
        """Keep ``layout`` (it obeys every mine rule and the position's facts) for the searches to come.

        It takes one bit, or under a hidden choice one bit a way: each with what the layout breaks under it.
        Under 2L it is kept with ``liars``, those it was found with: each choice of liars is a layout of its
        own for the search (a reason must break it), as each way of 2I's choice is.
        """
        mines = frozenset(c for c, mine in layout.items() if mine)
        if (mines, liars) in self._seen:
            return
        self._seen.add((mines, liars))
        self._layouts.append((layout, liars))
        for way in range(self.ways) if self.ways else (None,):
            bit = 1 << len(self._broken)
            broken = self._lied(layout, liars) if self.lying else self._terms(layout, way)
            self._broken.append(broken)
            self._every |= bit
            for c in mines:
                self._mine_at[c] |= bit
            if not broken:
                self._whole |= bit
            if self.board.total is not None and len(mines) == self.board.total:
                self._at_total |= bit

    def _terms(self, layout: Any, way: int | None = None) -> frozenset[frozenset[Cell]]:
        """What ``layout`` breaks: each clue it breaks alone, and each pair of clues it breaks together.

        Under a hidden choice, what it breaks when the choice goes ``way``; with ``way`` ``None`` there, the
        least it breaks under any way.
        """
        if self.ways and way is None:
            return min((self._terms(layout, w) for w in range(self.ways)), key=len)
        single = [frozenset((c,)) for c in self.clues if not _keeps(self.said[c], layout, way)]
        paired = [frozenset(pair) for pair, s in self.pairs.items() if not _keeps(s, layout, None)]
        return frozenset((*single, *paired))

    def _lied(self, layout: Any, liars: frozenset[Cell]) -> frozenset[frozenset[Cell]]:
        """Under 2L, the clues ``layout`` breaks with ``liars`` lying: a liar's not one off, another's not right."""
        assert self.lying is not None
        out = []
        for c in self.clues:
            exact = self.exact[c]
            count = sum(w for d, w in zip(exact.cells, exact.weights, strict=True) if layout[d])
            if count not in (self.lying.liar_values(exact) if c in liars else exact.allowed):
                out.append(frozenset((c,)))
        return frozenset(out)

    def _flipped(self, cell: Cell, mine: bool, total: bool) -> int:
        """The layouts kept that have ``cell`` the other way round (and, with ``total``, the total)."""
        found = self._every & ~self._mine_at[cell] if mine else self._mine_at[cell]
        return found & self._at_total if total else found

    def _sets(self, cell: Cell, mine: bool, total: bool) -> list[frozenset[frozenset[Cell]]]:
        """What each layout kept breaks, of those against ``cell`` being ``mine``: a reason holds a term of each."""
        found = self._flipped(cell, mine, total)
        out: set[frozenset[frozenset[Cell]]] = set()
        while found:
            low = found & -found
            out.add(self._broken[low.bit_length() - 1])
            found ^= low
        return sorted(out, key=lambda s: (len(s), sorted(sorted(t) for t in s)))

    def advance(self, board: VariantBoard) -> None:
        """Move on to ``board``, a later position of the same puzzle: cells settled, the clues of safe ones shown.

        The model keeps what it learnt; the layouts kept that disagree with a settled cell are dropped.
        """
        if board.rules != self.board.rules or board.total != self.board.total or board.grid != self.board.grid:
            raise CnfsweepError("internal error: a later position of another puzzle")
        fresh: list[Cell] = []
        for at in board.where(CellState.CLUE) + board.where(CellState.MINE):
            before = self.board.cell(at).state
            now = board.cell(at).state
            if before is now:
                continue
            if before is not CellState.COVERED:
                raise CnfsweepError(f"internal error: ({at.row}, {at.col}) was settled before")
            self.m.model.add(self.m.x[at] == int(now is CellState.MINE))
            if now is CellState.CLUE:
                fresh.append(at)
        self.board = board
        self.m.board = board
        for s in statements(board):
            pair: tuple[Cell, Cell] | None = getattr(s, "pair", None)
            if isinstance(s, Liars):
                # 2L: the clues shown now join the liars the model has (its rows and columns stay as they are).
                new = tuple(c for c in s.clues if c.clue in fresh)
                self.m.add(Liars(s.rows, s.cols, new, s.rule))
                self.exact.update((c.clue, c) for c in new if c.clue)
            elif s.clue in fresh:
                self.m.add(s)
                self.said[s.clue] = s
            elif pair is not None and pair not in self.pairs:
                # A pair with a clue shown now: both its clues' guards hold it, as the model's first pairs.
                self.m.add(s)
                self.pairs[pair] = s
        self.clues = tuple(sorted(self.said))
        self._prefer_kept()  # the guards of fresh clues too
        settled = {at: board.cell(at).state is CellState.MINE for at in board.where(CellState.MINE) + tuple(fresh)}
        self._layouts = [(lay, way) for lay, way in self._layouts if all(lay[c] == mine for c, mine in settled.items())]
        self._index()

    def _solve(self, cell: Cell, mine: bool, clues: Iterable[Cell], total: bool, rules: Sequence[str]) -> Any:
        """A layout with ``cell`` the other way under ``rules``, ``clues`` and perhaps the total, or ``None``."""
        g = self.m.guards
        x = self.m.x[cell]
        assume = [~x if mine else x, *(g[r] for r in rules), *(g[c] for c in clues)]
        if total:
            assume.append(g[TOTAL])
        layout = self._ask(assume, rules)
        if layout is not None and len(rules) == len(self.rules):
            self._keep(layout, self.m.last_liars)
        return layout

    def _ask(self, assume: list[Any], rules: Sequence[str]) -> Any:
        """A layout under ``assume`` obeying ``rules``, or ``None``: with and without the links, taking turns.

        Under a global rule one question is answered at once with the links and takes CP-SAT minutes
        without them, another the other way round; each try has a budget of CP-SAT's deterministic time,
        four times the last one's after both failed, so neither way is ever much slower than the faster one.
        Both answer exactly, and the budgets count the same on any machine, so the answers are the same too.
        """
        if self._links is None:
            return self.m.solve(assume, rules)
        budget = FIRST_WORK
        try:
            while True:
                for links in (True, False):
                    self.m.work_limit = budget
                    try:
                        return self.m.solve([*assume, self._links if links else ~self._links], rules)
                    except WorkLimitReached:
                        pass
                budget *= 4
        finally:
            self.m.work_limit = None

    def certain(self, cell: Cell, mine: bool, total: bool) -> bool:
        """Whether every clue and rule (and the total, if ``total``) force ``cell`` to be ``mine``."""
        if total and self.board.total is None:
            return False
        if self._flipped(cell, mine, total) & self._whole:
            return False
        return self._solve(cell, mine, self.clues, total, self.rules) is None

    def _correction(self, cell: Cell, mine: bool, total: bool, layout: Any) -> None:
        """Look for layouts breaking fewer clues than ``layout``: one pass keeping each clue it breaks where some layout allows it.

        Each layout found is kept (:meth:`_solve`), and a smaller set of broken clues is a tighter set for the
        hitting sets: the loop of :meth:`clues_needed` then ends sooner.
        """
        if self.lying is not None:
            return  # what a layout breaks depends on its liars, which the layouts of this pass would change
        if self.pairs:
            # A layout that changes one count breaks that clue's pairs with many others, and keeping each of them
            # in turn costs a solve apiece: on 2E's 6x6 puzzles the pass took half a grade's time and the grade
            # was two to three times faster without it, the same steps (the layout is kept all the same).
            return
        broken = set().union(*self._terms(layout))
        for clue in sorted(broken):
            if clue not in broken:
                continue  # a later layout kept it
            kept = [c for c in self.clues if c not in broken] + [clue]
            found = self._solve(cell, mine, kept, total, self.rules)
            if found is not None:
                broken = set().union(*self._terms(found))

    def clues_needed(self, cell: Cell, mine: bool, total: bool, most: int | None = None) -> tuple[Cell, ...] | None:
        """A smallest set of clues that forces ``cell`` (with the rules, and the total if ``total``).

        ``None`` when every such set has more than ``most`` clues.  The cell must be certain with every clue.
        """
        while True:
            if most is not None and most <= SEARCHED:
                sets = self._sets(cell, mine, total)
                if sets and not sets[0]:
                    raise CnfsweepError(f"({cell.row}, {cell.col}) is not certain")
                chosen = _hitting_set(sets, most)
            else:
                chosen = self._hit(cell, mine, total, most)
            if chosen is None:
                return None
            layout = self._solve(cell, mine, chosen, total, self.rules)
            if layout is None:
                return tuple(sorted(chosen))
            self._correction(cell, mine, total, layout)

    def _hit(self, cell: Cell, mine: bool, total: bool, most: int | None) -> set[Cell] | None:
        """:func:`_hitting_set` of :meth:`_sets`, by the question's own hitter: only layouts new to it are added.

        A fresh SAT model a turn (CP-SAT's, before) cost most of a 2E grade's time: a step of seven clues asks
        hundreds of turns over hundreds of sets.
        """
        key = (cell, mine, total)
        hitter = self._hitters.get(key)
        if hitter is None:
            hitter = self._hitters[key] = _Hitter(self.clues)
        found = self._flipped(cell, mine, total) & ~hitter.fed
        hitter.fed |= found
        while found:
            low = found & -found
            broken = self._broken[low.bit_length() - 1]
            if not broken:
                raise CnfsweepError(f"({cell.row}, {cell.col}) is not certain")
            hitter.add(broken)
            found ^= low
        return hitter.smallest(most)

    def _reason(self, cell: Cell, mine: bool, clues: tuple[Cell, ...], total: bool) -> VariantReason:
        """The reason of ``clues`` (and the total, if ``total``), naming the mine rules it needs for them."""
        # None counts toward its size; each is named, a subset-minimal set of them.
        rules = list(self.rules)
        for rule in self.rules:
            rest = [r for r in rules if r != rule]
            if self._solve(cell, mine, clues, total, rest) is None:
                rules = rest
        codes = self.board.rules.codes
        reading = (self.board.rules.clue.name, *sorted(self.board.rules.modifiers, key=codes.index)) if clues else ()
        return VariantReason(clues, tuple(rules), reading, total)

    def _needs_total(self, cell: Cell, mine: bool) -> bool:
        total = not self.certain(cell, mine, False)
        if total and not self.certain(cell, mine, True):
            raise CnfsweepError(f"({cell.row}, {cell.col}) is not certain")
        return total

    def reason(self, cell: Cell, mine: bool, most: tuple[bool, int] | None = None) -> VariantReason | None:
        """A reason of minimum size for ``cell`` being ``mine``: clues alone if they can, else with the total.

        ``most`` bounds ``(uses_total, size)`` (reasons from clues alone first): ``None`` when every reason is
        beyond it.

        Raises
        ------
        CnfsweepError
            When the cell is not certain.
        """
        total = self._needs_total(cell, mine)
        bound: int | None = None
        if most is not None:
            if (total, 0) > (most[0], most[1]):
                return None
            bound = most[1] - int(total) if total == most[0] else None
            if bound is not None and bound < 0:
                return None
        clues = self.clues_needed(cell, mine, total, bound)
        if clues is None:
            return None
        return self._reason(cell, mine, clues, total)

    def move(self, cell: Cell, mine: bool) -> VariantMove:
        """The certain move on ``cell`` with a reason of minimum size."""
        reason = self.reason(cell, mine)
        return VariantMove(cell, mine, True, Fraction(int(mine)), reason)

    def easiest(self, certain: Sequence[tuple[Cell, bool]]) -> list[VariantMove]:
        """Every move of ``certain`` whose smallest reason is the least (clues alone first, then fewest facts).

        Sizes are tried in increasing order, each cell asked only whether a reason of that size exists, so no
        cell's search goes past the least size; a cell is asked with the total only when no cell is certain
        without it.  The moves come in the order of ``certain``.

        Raises
        ------
        CnfsweepError
            When a cell of ``certain`` is not certain.
        """
        plain = [(c, mine) for c, mine in certain if self.certain(c, mine, False)]
        total = not plain
        if total:
            for c, mine in certain:
                if not self.certain(c, mine, True):
                    raise CnfsweepError(f"({c.row}, {c.col}) is not certain")
        asked = list(certain) if total else plain
        for size in range(len(self.clues) + 1):
            found = [(c, mine, self.clues_needed(c, mine, total, size)) for c, mine in asked]
            moves = [
                VariantMove(c, mine, True, Fraction(int(mine)), self._reason(c, mine, clues, total))
                for c, mine, clues in found
                if clues is not None
            ]
            if moves or not asked:
                return moves
        raise CnfsweepError("internal error: every clue together did not force a certain cell")


#: Sizes of hitting set searched by branching (:func:`_within`) before CP-SAT is asked.
SEARCHED = 3


def _keeps(statement: Statement, layout: Any, way: int | None) -> bool:
    """Whether ``layout`` keeps ``statement``, a chosen one when its choice goes ``way``."""
    if isinstance(statement, Chosen):
        ways = range(len(statement.options)) if way is None else (way,)
        return any(statement.holds_under(layout, w) for w in ways)
    if isinstance(statement, Liars):
        raise CnfsweepError("internal error: 2L's clues are read with their liars (_lied)")
    return statement.holds(layout)


def _within(sets: Sequence[frozenset[frozenset[Cell]]], cells: Sequence[Cell], size: int) -> set[Cell] | None:
    """A set of at most ``size`` of ``cells`` holding a whole term of each of ``sets``, or ``None``.

    Cells are bits; a set is held where one of its terms' bits are all chosen.  Each step branches on the
    terms of the first set not held yet, so at most (terms a set) ** ``size`` choices are tried.
    """
    bit = {c: 1 << i for i, c in enumerate(cells)}
    masks = [sorted({sum(bit[c] for c in t) for t in s}) for s in sets]

    def search(chosen: int, left: int) -> int | None:
        missed = next((terms for terms in masks if not any(t & ~chosen == 0 for t in terms)), None)
        if missed is None:
            return chosen
        for t in missed:
            more = (t & ~chosen).bit_count()
            if more <= left:
                found = search(chosen | t, left - more)
                if found is not None:
                    return found
        return None

    found = search(0, size)
    return None if found is None else {c for c in cells if found & bit[c]}


class _Hitter:
    """Smallest sets of ``cells`` holding a whole term of each set added, by an incremental SAT solver.

    A picked cell is a variable, a pair term a variable that implies both of its cells, each set a clause of
    its terms; a totalizer over the cells bounds how many are picked.  Sets are only ever added, so one
    hitter serves every turn of a question's loop, and what it proved (no set of ``least - 1`` cells holds
    them all) stays proved: the sizes tried go up from there.  Exact, and the same answers on any machine
    (the solver is deterministic).
    """

    def __init__(self, cells: Sequence[Cell]) -> None:
        from pysat.card import ITotalizer
        from pysat.solvers import Solver

        self.cells = tuple(cells)
        self.pick = {c: i + 1 for i, c in enumerate(self.cells)}
        # Bounds past a few clues are raised when asked for: a totalizer up to every clue of a big board is
        # tens of thousands of clauses, and most questions end within a few.
        first = min(len(self.cells), 2 * SEARCHED)
        self.count = ITotalizer(lits=list(self.pick.values()), ubound=first, top_id=len(self.cells))
        self.top: int = self.count.top_id
        self.solver = Solver(name="g4", bootstrap_with=self.count.cnf.clauses)
        self.both: dict[frozenset[Cell], int] = {}
        self.said: set[frozenset[frozenset[Cell]]] = set()
        #: The layouts (bits, as :class:`SmallestReasons` numbers them) whose sets were added.
        self.fed = 0
        #: No fewer cells hold every set added (a bound proved, or 0).
        self.least = 0

    def close(self) -> None:
        """Free the solver."""
        self.solver.delete()
        self.count.delete()

    def _held(self, term: frozenset[Cell]) -> int:
        if len(term) == 1:
            return self.pick[next(iter(term))]
        if term not in self.both:
            self.top += 1
            self.both[term] = self.top
            for c in term:
                self.solver.add_clause([-self.top, self.pick[c]])
        return self.both[term]

    def add(self, terms: frozenset[frozenset[Cell]]) -> None:
        """Hold a whole term of ``terms`` (each of its cells among the hitter's) from now on."""
        if terms in self.said:
            return
        self.said.add(terms)
        self.solver.add_clause([self._held(t) for t in sorted(terms, key=sorted)])

    def _more_than(self, size: int) -> int:
        """The totalizer's literal true where more than ``size`` cells are picked, raising its bound if need be."""
        if size > self.count.ubound:
            self.count.increase(ubound=min(len(self.cells), 2 * size), top_id=self.top)
            if self.count.nof_new:
                self.solver.append_formula(self.count.cnf.clauses[-self.count.nof_new :])
            self.top = self.count.top_id
        return int(self.count.rhs[size])

    def smallest(self, most: int | None) -> set[Cell] | None:
        """A smallest set holding every set added, or ``None`` when each has more than ``most`` cells."""
        top = len(self.cells) if most is None else min(most, len(self.cells))
        while self.least <= top:
            # At most ``least`` cells: the totalizer's output for "more than least" is false.
            bound = [-self._more_than(self.least)] if self.least < len(self.cells) else []
            if self.solver.solve(assumptions=bound):
                model = self.solver.get_model()
                # No smaller set holds them (``least`` is a proved bound), so none of these cells is spare.
                return {c for c, v in self.pick.items() if model[v - 1] > 0}
            self.least += 1
        return None


def _hitting_set(sets: Sequence[frozenset[frozenset[Cell]]], most: int | None) -> set[Cell] | None:
    """A smallest set of cells holding a whole term of each of ``sets`` (exactly); ``None`` past ``most``.

    A term is one cell, or two that hold it together (a pair of clues).
    """
    if not sets:
        return set() if most is None or most >= 0 else None
    common = frozenset.intersection(*sets)
    if common:
        # A term in every set: one cell alone if any is, else two (no one cell holds a term of each).
        term = min(common, key=lambda t: (len(t), sorted(t)))
        return set(term) if most is None or most >= len(term) else None
    if most is not None and most <= 1:
        return None
    cells = sorted(set().union(*(t for s in sets for t in s)))
    if most is not None and most <= SEARCHED:
        # A bound a few clues deep (most of a grade's questions, asked size by size) is searched directly: a
        # smallest set holds a whole term of the first set it misses, so branching on those terms finds it.
        for size in range(2, most + 1):
            found = _within(sets, cells, size)
            if found is not None:
                return found
        return None
    hitter = _Hitter(cells)
    try:
        hitter.least = 2  # no term is in every set, so no one cell holds them all
        for s in sets:
            hitter.add(s)
        return hitter.smallest(most)
    finally:
        hitter.close()
