"""Solving a variant board with CP-SAT: certain cells, exact counts where reachable, and minimal conflicts.

Every rule's constraints go into one CP-SAT model over a variable per cell
(revealed cells fixed safe, known mines fixed mines).  Global rules are
enforced lazily: a layout the model allows is checked against each rule, and
what a rule cuts off is added for good (each cut is kept by every layout that
obeys the rule, so nothing valid is lost).  Every auxiliary variable is fixed
by the mines (a case of an :class:`~cnfsweep.variants.rule.AnyOf` holds
exactly when its cells are as it says), so enumerating the model's solutions
enumerates layouts, each once; those a global rule refuses are dropped.  A
hidden choice (:class:`~cnfsweep.variants.rule.Chosen`, 2I) has a literal
for each way, and before an enumeration each is made true exactly when its
way keeps every statement naming the choice: fixed by the mines too, so a
layout that several ways keep is still met once.  2L's liars
(:class:`~cnfsweep.variants.rule.Liars`) are a choice too large to list
and are not fixed by the mines: an enumeration meets a layout once for each
choice of liars that fits it, and keeps it once.  A 2A clue
(:class:`~cnfsweep.variants.rule.Area`) gives each cell near it its
distance from the clue across mines, the least over its neighbours plus one
(capped): the one solution of those equations, so fixed by the mines too.

With local rules only, the known cells are put into each statement and the
board is counted component by component: a component of cardinality
statements by the engine's box search (as a classic board's numbers are),
any other by enumerating its layouts.  A board whose clues share a hidden
choice (2I) is first counted way by way: each set of ways is plain sums that
split into small parts, and the union of the ways' layouts is counted by
inclusion and exclusion.  A board with a global rule first asks
for two layouts: a puzzle's one layout is then found without listing what the
rules' local part allows.

Counting enumerates layouts up to :data:`COUNT_LIMIT`; past it the answer
still has every certain cell (each cell asked the other way round, as the
engine proves facts under assumptions) and says why it has no probabilities.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, NoReturn

from ortools.sat.python import cp_model

from cnfsweep.core.board import Cell
from cnfsweep.core.deadline import check_deadline, deadline_after, time_left
from cnfsweep.core.errors import CnfsweepError, TimeLimitExceeded
from cnfsweep.core.constraints import Constraint, CountTable, Problem, Rule
from cnfsweep.engine.boxsearch import box_solve
from cnfsweep.engine.boxsearch import kernel as boxsearch_kernel
from cnfsweep.engine.counting import combine
from cnfsweep.engine.position import build_problem, group_boxes
from cnfsweep.variants.board import CellState, VariantBoard
from cnfsweep.variants.profile import PROFILE_STATES, ProfileTooLarge, count_profile
from cnfsweep.variants.rule import Anchor, AnyOf, Area, Chosen, Layout, Liars, Linked, Sight, Statement, Sum

__all__ = [
    "COUNT_LIMIT",
    "VariantAnalysis",
    "VariantCheck",
    "VariantModel",
    "WorkLimitReached",
    "analyze_variant",
    "check_variant",
    "statements",
    "variant_layouts",
    "variant_witnesses",
]

#: The most layouts counted one by one before an answer gives up its probabilities.
COUNT_LIMIT = 20_000
#: Global rules: at most this many rounds of this many layouts, each adding the cuts of those refused.
TIGHTEN_ROUNDS, TIGHTEN_LIMIT = 20, 5_000
REFUSED_KEPT = 2_000
#: The engine's box search may take this many nodes on a component of cardinality statements before CP-SAT lists
#: its layouts instead (a few milliseconds at most).
BOX_NODES = 200_000
TOTAL = "total"


def statements(board: VariantBoard) -> list[Statement]:
    """Every constraint the board's rules and clues state (a global rule's local part only), in order."""
    grid = board.grid
    rules = board.rules
    out: list[Statement] = []
    for rule in rules.mine:
        out.extend(rule.constraints(grid))
    weight = rules.weight(grid)
    for cell, value in board.clues.items():
        values = rules.sums(value) if rules.clue.counts else rules.shown_to_true(value)
        out.append(rules.clue.clue(grid, cell, values, weight))
    # A rule whose clues constrain one another (2E's letters) states what each two of them say together.
    relations = getattr(rules.clue, "relations", None)
    if relations is not None:
        out.extend(relations(grid, board.clues))
    return out


def _total(board: VariantBoard) -> Statement | None:
    if board.total is None:
        return None
    cells = board.grid.cells
    return Sum(cells, (1,) * len(cells), frozenset({board.total}), TOTAL)


class _Model(cp_model.CpModel):
    """A CP-SAT model without the camelCase aliases ortools adds to every model it makes.

    Nothing here calls them, and making them is a tenth of the time of a small model's whole analysis.
    """

    def _add_pre_pep8_methods(self) -> None:
        pass


class VariantModel:
    """One CP-SAT model of a board; with ``guarded``, each rule, clue and the total behind a literal of its own.

    ``x`` holds each cell's variable (true for a mine); :meth:`add` adds a
    constraint, under literals if wanted, and :meth:`solve` finds a layout that
    obeys every rule, global ones too, under assumptions.
    """

    def __init__(
        self,
        board: VariantBoard,
        guarded: bool = False,
        parts: Sequence[Statement] | None = None,
        free: Iterable[Cell] | None = None,
        deadline: float | None = None,
        exact: bool = False,
    ) -> None:
        # ``parts`` and ``free``: one component only, its statements over its covered cells (the rest fixed safe).
        # ``exact``: global rules also by their exact links (auxiliary ranks), for questions of existence only:
        # the ranks are not fixed by the mines, so an enumeration would meet each layout many times.
        self.board, self.grid, self.deadline = board, board.grid, deadline
        self.model = _Model()
        # A component's model needs only the cells its statements name (the rest of the board is not asked about).
        named = None if parts is None else {c for statement in parts for c in _cells_of(statement)} | set(free or ())
        self.x = {
            c: self.model.new_bool_var(f"m{c.row}_{c.col}") for c in self.grid.cells if named is None or c in named
        }
        fixed_safe = board.where(CellState.CLUE) + board.where(CellState.HIDDEN)
        if free is not None:
            kept = set(free)
            fixed_safe += tuple(c for c in board.where(CellState.COVERED) if c not in kept)
        # Fixed by a one-literal clause: the same fact as ``x == 0``, a fraction of the time to build.
        for c in fixed_safe:
            if c in self.x:
                self.model.add_bool_or([~self.x[c]])
        #: The cells this model fixes safe: a 2A clue's area never reaches through them.
        self._safe = frozenset(fixed_safe)
        for c in board.where(CellState.MINE):
            if c in self.x:
                self.model.add_bool_or([self.x[c]])
        self.guards: dict[object, Any] = {}
        self.guarded = guarded
        # The indices of the assumptions CP-SAT last found enough for infeasibility (its core), if it gave them.
        self.last_core: tuple[int, ...] = ()
        #: Whether solving follows the model's decision strategy (a random layout's draw sets one).
        self.fixed_search = False
        #: Whether CP-SAT presolves each question; many small questions under assumptions answer faster without.
        self.presolve = True
        #: Whether CP-SAT builds its LP relaxation; a puzzle's questions of existence answer faster without it.
        self.linearize = True
        #: Whether CP-SAT skips its symmetry detection, probing and inprocessing: on a puzzle's small questions they
        #: cost more than they save (on the fan generator's 8x8 1C puzzles, a third of the time).
        self.light = False
        #: Whether a 2A clue is stated: its distances are integers whose LP relaxation costs more than it prunes.
        self.areas = False
        #: CP-SAT's deterministic time one :meth:`solve` may take, its cut rounds together (``None``: no bound); past
        #: it :class:`WorkLimitReached`.  It counts the same on any machine: a bounded question has the same answer
        #: however busy this one is.
        self.work_limit: float | None = None
        #: CP-SAT's deterministic time the last :meth:`solve` took, its cut rounds together.
        self.last_work = 0.0
        # "These cells are all safe", one literal per set of cells, shared by the 1E clues that look across them.
        self._all_safe: dict[frozenset[Cell], Any] = {}
        # The cells a sight may take as known (folded into constants): only in a component's model, which is
        # only ever enumerated, so that no other question's model (and what CP-SAT happens to find first) changes.
        self._component = parts is not None
        self._known = _known(board) if self._component else {}
        # Each hidden choice's literals, one a way; for each way, the literals "this statement holds under it" of
        # the statements added unguarded; and the choices whose ways were tied to those (see close_choices).
        self._ways: dict[str, list[Any]] = {}
        self._held: dict[str, list[list[Any]]] = {}
        self._closed: set[str] = set()
        #: Whether some choice the mines do not fix is in the model (2L's liars): an enumeration may then meet
        #: a layout more than once, and keeps it once.
        self.projected = False
        #: 2L's liar literals, one a cell, once a Liars statement is in; the liars of the last layout found.
        self.liars: dict[Cell, Any] | None = None
        self.last_liars: frozenset[Cell] = frozenset()
        for statement in statements(board) if parts is None else parts:
            self.add(statement)
        if exact and parts is None:
            for rule in board.rules.mine:
                links = getattr(rule, "links", None)
                for link in links(self.grid) if callable(links) else ():
                    self.add(link)
        total = _total(board) if parts is None else None
        if total is not None:
            self.add(total)
        if guarded:
            # A global rule that states nothing locally (2G) still needs its guard: its cuts come behind it.
            for rule in board.rules.mine:
                self._guard_of(rule.name)

    def guard(self, statement: Statement) -> list[Any]:
        """The literals a statement is enforced under: its clue's, or its rule's, when guarded."""
        if not self.guarded:
            return []
        pair = getattr(statement, "pair", None)
        if pair is not None:
            # Two clues state it together: it holds where both are kept, and a conflict that needs it names both.
            return [self._guard_of(c) for c in pair]
        return [self._guard_of(statement.clue if statement.clue is not None else statement.rule)]

    def _guard_of(self, key: object) -> Any:
        """The literal a clue (by its cell) or a rule (by its code) is enforced under, made on first use."""
        if key not in self.guards:
            self.guards[key] = self.model.new_bool_var(f"g{len(self.guards)}")
        return self.guards[key]

    def add(self, statement: Statement, when: Sequence[Any] = ()) -> None:
        """Add ``statement``, enforced only where every literal of ``when`` (and its guard, if guarded) holds."""
        if isinstance(statement, Liars):
            self.add_liars(statement, when)
            return
        on = [*self.guard(statement), *when]
        if isinstance(statement, Sum):
            if statement.when is not None:
                on = [*on, self.x[statement.when]]
            # One call builds the weighted sum: cheaper than adding up one product per cell in Python.
            expr = cp_model.LinearExpr.weighted_sum([self.x[c] for c in statement.cells], statement.weights)
            added = self.model.add_linear_expression_in_domain(expr, _domain(statement.allowed))
            if on:
                added.only_enforce_if(on)
            return
        if isinstance(statement, Sight):
            # Each ray adds one for each of its first cells that are all safe; a run known safe adds a constant.
            seen, known = [], 1
            for ray in statement.rays:
                for run in self._safe_runs(ray):
                    if run is False:
                        break
                    if run is True:
                        known += 1
                    else:
                        seen.append(run)
            domain = _domain(frozenset(v - known for v in statement.allowed))
            added = self.model.add_linear_expression_in_domain(cp_model.LinearExpr.sum(seen), domain)
            if on:
                added.only_enforce_if(on)
            return
        if isinstance(statement, Linked):
            self._add_linked(statement, on)
            return
        if isinstance(statement, Chosen):
            self._add_chosen(statement, on)
            return
        if isinstance(statement, Area):
            self._add_area(statement, on)
            return
        chosen = []
        for case in statement.cases:
            lits = [self.x[c] if mine else ~self.x[c] for c, mine in case]
            b = self.model.new_bool_var("case")
            for lit in lits:
                self.model.add_implication(b, lit)
            self.model.add_bool_or([b] + [~lit for lit in lits])
            chosen.append(b)
        self.model.add_bool_or(chosen).only_enforce_if(on)

    def _add_chosen(self, statement: Chosen, on: Sequence[Any]) -> None:
        """The way taken of the statement's choice makes its option hold (where ``on`` holds)."""
        choice = statement.choice
        if choice in self._closed:
            raise CnfsweepError(f"a statement of the choice {choice} came after its ways were tied to the mines")
        ways = self._ways.get(choice)
        if ways is None:
            ways = [self.model.new_bool_var(f"{choice}_way{k}") for k in range(len(statement.options))]
            # Some way is taken; more than one may hold, and an enumeration ties each to the mines.
            self.model.add_bool_or(ways)
            self._ways[choice], self._held[choice] = ways, [[] for _ in ways]
        for k, option in enumerate(statement.options):
            holds = self._holds(option)
            self.model.add_bool_or([~ways[k], *(~lit for lit in on), holds])
            if not on:
                self._held[choice][k].append(holds)

    def add_liars(self, statement: Liars, when: Sequence[Any] = (), shown: Mapping[Cell, Any] | None = None) -> None:
        """One liar in every row and column, each safe; each clue one off on a liar, right elsewhere.

        The rows and columns hold under ``when`` (and no guard: a conflict or a reason names the clues, and 2L
        with them as the rule that reads them); each clue behind its own guard, or ``shown[cell]`` where given
        (a puzzle's literal for the clue being shown).  A clue not in force leaves its cell as any other safe
        cell: it may lie or not.
        """
        model = self.model
        on = list(when)
        if statement.rows != statement.cols:
            model.add_bool_or([~lit for lit in on])  # one in each row and column: only a square board has them
            return
        self.projected = True
        if self.liars is not None:
            liar = self.liars  # a later statement of the same liars: more clues (a grade's next position)
            lines: Iterable[Sequence[Cell]] = ()
        else:
            liar = self.liars = {c: model.new_bool_var(f"liar{c.row}_{c.col}") for c in self.grid.cells}
            lines = (
                *(self.grid.cells[r * self.grid.cols : (r + 1) * self.grid.cols] for r in range(self.grid.rows)),
                *(self.grid.cells[c :: self.grid.cols] for c in range(self.grid.cols)),
            )
        for line in lines:
            # CP-SAT's own exactly-one: no linear expression to build in Python, and propagated as one.
            added = model.add_exactly_one([liar[c] for c in line])
            if on:
                added.only_enforce_if(on)
        known = self._known
        for c, lit in liar.items() if lines else ():
            # A liar is safe: nothing to say on a cell known safe, and a known mine never lies.
            if c in self.x and known.get(c) is not False:
                model.add_implication(lit, ~self.x[c])
        for clue in statement.clues:
            cell = clue.clue
            assert cell is not None, "each clue of a Liars statement names its cell"
            guard = [shown[cell]] if shown is not None else [self._guard_of(cell)] if self.guarded else []
            # The cells a component's model knows are put in (their mines move the values down): most of a clue's
            # cells are revealed on a puzzle, so each sum is a few cells, not eight.
            fixed, cells, weights = 0, [], []
            for c, w in zip(clue.cells, clue.weights, strict=True):
                v = known.get(c)
                if v is None:
                    cells.append(self.x[c])
                    weights.append(w)
                elif v:
                    fixed += w
            expr = cp_model.LinearExpr.weighted_sum(cells, weights)
            for values, lies in ((clue.allowed, ~liar[cell]), (statement.liar_values(clue), liar[cell])):
                left = frozenset(v - fixed for v in values)
                if cells:
                    model.add_linear_expression_in_domain(expr, _domain(left)).only_enforce_if([*guard, lies])
                elif 0 not in left:
                    model.add_bool_or([~lit for lit in (*guard, lies)])  # the known cells alone break it

    def _add_area(self, statement: Area, on: Sequence[Any]) -> None:
        """The mines joined across sides to the clue's sides number an allowed value (where ``on`` holds).

        Each cell that may be a mine within ``top`` steps of the clue across such cells (``top`` the largest
        allowed value) has its distance from the clue along mines: ``1 + `` the least of its neighbours' (the
        clue's is 0) on a mine, ``top + 2`` (never reached) on a safe cell, capped at ``top + 2``.  Those
        equations have one solution, the true distances up to the cap, so every distance is fixed by the mines.
        The area is an allowed value exactly when no mine is at ``top + 1`` (a mine one step past a counted
        cell) and the cells at ``top`` or less number an allowed value.
        """
        model = self.model
        self.areas = True
        top = max(statement.allowed, default=-1)
        if top < 0:
            model.add_bool_or([~lit for lit in on])  # no area is negative
            return
        cap = top + 2
        clue = statement.clue
        # Only cells that may be mines carry a distance: the least number of steps to them across cells that may
        # be mines (a revealed cell never is), within ``top + 1``.  No path of mines is shorter, so it bounds
        # each distance below, and a cell it does not reach is never in the area nor just beyond it.  On a
        # puzzle as printed half the cells are clues: the model is a fraction of the size.
        reach = set(_area_cells(self.grid, statement)) - self._safe
        step = {clue: 0}
        todo = [clue]
        for c in todo:
            if step[c] > top:
                continue
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                n = Cell(c.row + dr, c.col + dc)
                if n in reach and n not in step:
                    step[n] = step[c] + 1
                    todo.append(n)
        del step[clue]
        # The cells ``top + 1`` steps away (the rim) take no distance of their own: a mine there is just beyond
        # the area exactly when a cell beside it is counted (or it touches the clue, when ``top`` is 0), as a
        # counted cell beside it is ``top`` away; nothing nearer can be reached through it.
        ball = [c for c, k in step.items() if k <= top]
        rim = [c for c, k in step.items() if k == top + 1]
        inside = set(ball)
        far = {c: model.new_int_var(step[c], cap, "far") for c in ball}
        counted = {c: model.new_bool_var("counted") for c in ball}
        off = [~lit for lit in on]
        for c in ball:
            near: list[Any] = [cap]
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                n = Cell(c.row + dr, c.col + dc)
                if n == clue:
                    near.append(1)
                elif n in inside:
                    near.append(far[n] + 1)
            least = model.new_int_var(step[c], cap, "least")
            model.add_min_equality(least, near)
            model.add(far[c] == least).only_enforce_if(self.x[c])
            model.add(far[c] == cap).only_enforce_if(~self.x[c])
            model.add(far[c] <= top).only_enforce_if(counted[c])
            model.add(far[c] >= top + 1).only_enforce_if(~counted[c])
            beyond = model.add(far[c] != top + 1)
            if on:
                beyond.only_enforce_if(on)
        for c in rim:
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                n = Cell(c.row + dr, c.col + dc)
                if n == clue:
                    model.add_bool_or([~self.x[c], *off])
                elif n in inside:
                    model.add_bool_or([~self.x[c], ~counted[n], *off])
        within = list(counted.values())
        added = model.add_linear_expression_in_domain(cp_model.LinearExpr.sum(within), _domain(statement.allowed))
        if on:
            added.only_enforce_if(on)

    def _holds(self, statement: Sum) -> Any:
        """A literal true exactly when ``statement`` (a sum with no guard cell) holds."""
        if statement.when is not None:
            raise CnfsweepError(f"{statement.rule}: a chosen sum cannot be guarded by a cell")
        lit = self.model.new_bool_var("holds")
        low = sum(w for w in statement.weights if w < 0)
        high = sum(w for w in statement.weights if w > 0)
        inside = frozenset(v for v in statement.allowed if low <= v <= high)
        outside = frozenset(range(low, high + 1)) - inside
        expr = cp_model.LinearExpr.weighted_sum([self.x[c] for c in statement.cells], statement.weights)
        for values, when in ((inside, lit), (outside, ~lit)):
            if values:
                self.model.add_linear_expression_in_domain(expr, _domain(values)).only_enforce_if(when)
            else:
                self.model.add_bool_or([~when])
        return lit

    def close_choices(self) -> None:
        """Make each way of each hidden choice true exactly when it keeps every statement naming the choice.

        Then the ways are fixed by the mines, so an enumeration meets each
        layout once.  Only for a model whose choices were stated unguarded and
        that gets no more of them (an enumeration's); a guarded statement's
        way stays free, which questions of existence do not mind.
        """
        for choice, ways in self._ways.items():
            if choice in self._closed:
                continue
            for k, way in enumerate(ways):
                self.model.add_bool_or([way, *(~lit for lit in self._held[choice][k])])
            self._closed.add(choice)

    def _safe_runs(self, ray: Sequence[Cell]) -> Iterator[Any]:
        """For each run of ``ray``'s first cells, longest last, a literal true exactly when all of it is safe.

        Each run's literal is built from the one before it (the run without its last cell), and kept by the run's
        cells, so that clues looking across the same cells share it.  ``True`` or ``False`` where the board's
        revealed cells and known mines already say.
        """
        before: Any = True
        key: frozenset[Cell] = frozenset()
        for c in ray:
            key = key | {c}
            lit = self._all_safe.get(key)
            if lit is None:
                known = self._known.get(c)
                if known is True or before is False:
                    lit = False
                elif known is False:
                    lit = before  # a revealed cell adds nothing to what the cells before it say
                elif before is True:
                    lit = ~self.x[c]
                else:
                    last = ~self.x[c]
                    lit = self.model.new_bool_var("safe_run")
                    if self._component:
                        # The same clauses in one call fewer (a component's model is only ever enumerated).
                        self.model.add_bool_and([before, last]).only_enforce_if(lit)
                    else:
                        self.model.add_implication(lit, before)
                        self.model.add_implication(lit, last)
                    self.model.add_bool_or([lit, ~before, ~last])
                self._all_safe[key] = lit
            yield lit
            before = lit

    def _add_linked(self, link: Linked, on: Sequence[Any]) -> None:
        """Encode ``link`` exactly: every member has a rank, and each one not a root a member beside it ranked lower.

        Following lower ranks from any member ends at a root, so every member
        is joined to one; a layout that keeps the fact ranks its members by
        their distance from the roots.  With one group the root is the first
        member in row-major order, so the ranks alone say nothing more.
        """
        model = self.model
        cells = sorted(link.cells)
        inside = set(cells)
        member = {c: self.x[c] if link.mine else ~self.x[c] for c in cells}
        rank = {c: model.new_int_var(0, len(cells) - 1, "rank") for c in cells}
        root: dict[Cell, Any] = {}
        if link.anchor is Anchor.ONE_GROUP:
            model.add_bool_or([member[c] for c in cells]).only_enforce_if(on)
            before: Any = None  # true when some member comes before the cell
            for c in cells:
                if before is None:
                    root[c], before = member[c], member[c]
                    continue
                r, after = model.new_bool_var("root"), model.new_bool_var("before")
                model.add_implication(r, member[c])
                model.add_implication(r, ~before)
                model.add_bool_or([r, ~member[c], before])
                model.add_bool_or([~after, before, member[c]])
                model.add_implication(before, after)
                model.add_implication(member[c], after)
                root[c], before = r, after
        else:
            rows, cols = max(c.row for c in cells), max(c.col for c in cells)
            root = {c: member[c] for c in cells if c.row in (0, rows) or c.col in (0, cols)}
        for c in cells:
            joins = []
            for dr, dc in link.steps:
                d = Cell(c.row + dr, c.col + dc)
                if d in inside:
                    e = model.new_bool_var("join")
                    model.add_implication(e, member[d])
                    model.add(rank[d] < rank[c]).only_enforce_if(e)
                    joins.append(e)
            model.add_bool_or([~member[c], *([root[c]] if c in root else []), *joins]).only_enforce_if(on)
        if link.path:
            pairs = []
            for c in cells:
                for dr, dc in link.steps:
                    d = Cell(c.row + dr, c.col + dc)
                    if d in inside and c < d:
                        y = model.new_bool_var("pair")
                        model.add_implication(y, member[c])
                        model.add_implication(y, member[d])
                        model.add_bool_or([y, ~member[c], ~member[d]])
                        pairs.append(y)
            model.add(sum(pairs) == sum(member[c] for c in cells) - 1).only_enforce_if(on)

    def solver(self, work: float | None = None) -> Any:
        """A one-worker CP-SAT solver, given what is left of the deadline (and ``work`` units of deterministic time)."""
        check_deadline(self.deadline)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        if self.fixed_search:
            solver.parameters.search_branching = cp_model.FIXED_SEARCH
        if self.fixed_search or not self.presolve:
            # Presolve would answer before the search, ignoring the strategy; for a puzzle's many small
            # questions it costs more than the search (each solve presolves the whole model again).
            solver.parameters.cp_model_presolve = False
        if not self.linearize:
            solver.parameters.linearization_level = 0
        if self.light:
            _lighten(solver)
        left = time_left(self.deadline)
        if left is not None:
            solver.parameters.max_time_in_seconds = max(left, 1e-3)
        if work is not None:
            solver.parameters.max_deterministic_time = max(work, 1e-6)
        return solver

    def layout(self, solver: Any) -> dict[Cell, bool]:
        return {c: bool(solver.value(v)) for c, v in self.x.items()}

    def cuts(self, layout: Layout, rules: Iterable[str] | None = None) -> list[Statement]:
        """What the board's global rules (those named in ``rules``, if given) cut off of ``layout``."""
        out: list[Statement] = []
        for rule in self.board.rules.mine:
            if not rule.local and (rules is None or rule.name in rules):
                out.extend(rule.cuts(self.grid, layout))
        return out

    def solve(self, assume: Sequence[Any] = (), rules: Iterable[str] | None = None) -> dict[Cell, bool] | None:
        """A layout obeying every rule (in ``rules``, if given) under ``assume``, or ``None``: cuts added until one is."""
        rules = None if rules is None else set(rules)
        work = self.work_limit
        self.last_work = 0.0
        while True:
            self.model.clear_assumptions()
            self.model.add_assumptions(list(assume))
            solver = self.solver(work)
            status = solver.solve(self.model)
            self.last_work += solver.deterministic_time
            if work is not None:
                work -= solver.deterministic_time
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                if status != cp_model.INFEASIBLE:
                    _no_answer(self, solver, status)
                self.last_core = tuple(solver.sufficient_assumptions_for_infeasibility())
                return None
            layout = self.layout(solver)
            if self.liars is not None:
                self.last_liars = frozenset(c for c, v in self.liars.items() if solver.boolean_value(v))
            cuts = self.cuts(layout, rules)
            if not cuts:
                return layout
            if work is not None and work <= 0:
                raise WorkLimitReached(f"no answer within {self.work_limit} units of CP-SAT's deterministic time")
            for cut in cuts:
                self.add(cut)


class _Collect(cp_model.CpSolverSolutionCallback):
    """Tallies the layouts of an enumeration that every global rule accepts: how many, and mines per cell."""

    def __init__(self, owner: VariantModel, cells: Sequence[Cell], limit: int, keep: bool = False) -> None:
        super().__init__()
        self.owner, self.cells, self.limit = owner, cells, limit
        self.seen = 0
        self.valid = 0
        self.counts = dict.fromkeys(cells, 0)
        self.stopped = False
        self.kept: list[frozenset[Cell]] | None = [] if keep else None
        self.refused: list[Statement] = []  # cuts of the layouts a global rule refused, some of them
        self.vars = [owner.x[c] for c in cells]
        self.tally = [0] * len(cells)
        self.judged = not all(rule.local for rule in owner.board.rules.mine)
        # Under a choice the mines do not fix (2L), the layouts met so far: each is kept once.
        self.met: set[tuple[bool, ...]] | None = set() if owner.projected else None
        # Cells outside ``cells`` never change during one enumeration: read them once, from its first layout.
        self.fixed: dict[Cell, bool] | None = None

    def on_solution_callback(self) -> None:
        self.seen += 1
        values = [self.boolean_value(v) for v in self.vars]
        if self.met is not None:
            key = tuple(values)
            if key in self.met:
                if self.seen >= self.limit:
                    self.stopped = True
                    self.stop_search()
                return
            self.met.add(key)
        cuts: list[Statement] = []
        if self.judged:
            if self.fixed is None:
                self.fixed = {c: bool(self.boolean_value(v)) for c, v in self.owner.x.items()}
            layout = dict(self.fixed)
            layout.update(zip(self.cells, values, strict=True))
            cuts = self.owner.cuts(layout)
            if cuts and len(self.refused) < REFUSED_KEPT:
                self.refused.extend(cuts)
        if not cuts:
            self.valid += 1
            for i, mine in enumerate(values):
                if mine:
                    self.tally[i] += 1
            if self.kept is not None:
                self.kept.append(frozenset(c for c, mine in zip(self.cells, values, strict=True) if mine))
        if self.seen >= self.limit:
            self.stopped = True
            self.stop_search()


class WorkLimitReached(CnfsweepError):
    """A solve stopped at :attr:`VariantModel.work_limit` without an answer (the deadline had not passed)."""


def _no_answer(m: VariantModel, solver: Any, status: Any) -> NoReturn:
    # Only a limit stops CP-SAT short here: the deadline's, the work limit's, or else something is wrong.
    if m.work_limit is not None and solver.deterministic_time >= solver.parameters.max_deterministic_time:
        raise WorkLimitReached(f"no answer within {m.work_limit} units of CP-SAT's deterministic time")
    if m.deadline is not None:
        raise TimeLimitExceeded("no answer within the time limit")
    raise CnfsweepError(f"CP-SAT gave no answer ({solver.status_name(status)})")


def _lighten(solver: Any) -> None:
    """Turn off what CP-SAT does besides its search that a small question does not repay.

    Symmetry detection, probing and inprocessing each look over the whole model
    before or during the search, and presolve (where it is on) goes round until
    nothing changes; on a puzzle's part of a few dozen cells the search itself
    is shorter (the first three together: 2L's listing a fifth quicker, 1C's
    questions a third; one round of presolve halves 1S's).  None of them changes
    an answer, only how soon the search reaches it.
    """
    solver.parameters.symmetry_level = 0
    solver.parameters.cp_model_probing_level = 0
    solver.parameters.use_sat_inprocessing = False
    solver.parameters.max_presolve_iterations = 1


def _enumerate(m: VariantModel, cells: Sequence[Cell], limit: int, keep: bool = False) -> _Collect:
    solver = m.solver()
    solver.parameters.enumerate_all_solutions = True
    # Listing every layout of a puzzle's part is many small searches: presolve and the LP relaxation cost
    # more than they save there (measured on the fan generator's 8x8 puzzles: about half the time).
    solver.parameters.cp_model_presolve = False
    solver.parameters.linearization_level = 0
    _lighten(solver)
    collect = _Collect(m, cells, limit, keep)
    m.close_choices()
    m.model.clear_assumptions()
    status = solver.solve(m.model, collect)
    collect.counts = dict(zip(cells, collect.tally, strict=True))
    # An enumeration is whole only when CP-SAT proved it so (OPTIMAL, or INFEASIBLE for none).
    if not collect.stopped and status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        _no_answer(m, solver, status)
    return collect


def _tightened(m: VariantModel, cells: Sequence[Cell], limit: int, keep: bool = False) -> _Collect:
    """Enumerate, first in short rounds that add the cuts of the layouts global rules refuse.

    A model of global rules holds only what they imply locally, so it may allow
    far more layouts than the rules do; each round's cuts remove many of them
    for good, and a round that finishes is the answer.
    """
    if all(rule.local for rule in m.board.rules.mine):
        return _enumerate(m, cells, limit, keep)
    for _ in range(TIGHTEN_ROUNDS):
        collect = _enumerate(m, cells, min(limit, TIGHTEN_LIMIT), keep)
        if not collect.stopped or not collect.refused:
            break
        for cut in collect.refused:
            m.add(cut)
    if collect.stopped and limit > TIGHTEN_LIMIT:
        collect = _enumerate(m, cells, limit, keep)
    return collect


def variant_layouts(board: VariantBoard, *, limit: int = COUNT_LIMIT) -> tuple[frozenset[Cell], ...] | None:
    """Every layout of ``board``'s covered cells that its rules, clues and total allow (each as its mines).

    ``None`` when the enumeration would pass ``limit`` candidate layouts.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> [sorted(c.col for c in mines) for mines in variant_layouts(parse_variant("rules: 1H\\n. . .\\n"))]
    [[], [0], [1], [2], [0, 2]]
    """
    m = VariantModel(board)
    collect = _tightened(m, board.where(CellState.COVERED), limit, keep=True)
    if collect.stopped:
        return None
    return tuple(sorted(collect.kept or (), key=lambda mines: (len(mines), sorted(mines))))


def variant_witnesses(
    board: VariantBoard, *, limit: int = 2, time_limit: float | None = None, exact: bool = False
) -> tuple[frozenset[Cell], ...]:
    """Up to ``limit`` layouts of ``board`` (each as its mines), each found with every layout before it ruled out.

    Fewer than ``limit`` means there are no more: a board with exactly one
    layout gives one, whatever its rules (global ones by their cuts), without
    enumerating what a global rule refuses, as :func:`variant_layouts` does.
    With ``exact``, global rules are also stated by their exact links (see
    :class:`VariantModel`), which is often faster when there is one layout.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> sorted(sorted(c.col for c in mines) for mines in variant_witnesses(parse_variant("rules: 1C\\n. 1 .\\n"), limit=5))
    [[0], [2]]
    """
    return _witnesses(VariantModel(board, deadline=deadline_after(time_limit), exact=exact), limit)


def _witnesses(m: VariantModel, limit: int) -> tuple[frozenset[Cell], ...]:
    """Up to ``limit`` layouts of ``m``'s board, each found with those before it ruled out (see :func:`variant_witnesses`)."""
    covered = m.board.where(CellState.COVERED)
    found: list[frozenset[Cell]] = []
    while len(found) < limit:
        layout = m.solve()
        if layout is None:
            break
        mines = frozenset(c for c in covered if layout[c])
        found.append(mines)
        m.model.add_bool_or([~m.x[c] if c in mines else m.x[c] for c in covered])
    return tuple(found)


@dataclass(frozen=True)
class VariantAnalysis:
    """What a variant board allows: its certain cells, and its layouts counted where the count was reached.

    ``counts`` (each covered cell's mines over all layouts) and ``layouts`` are
    ``None`` when counting was out of reach; ``uncounted`` then says why.
    """

    board: VariantBoard
    consistent: bool
    safe: tuple[Cell, ...]
    mines: tuple[Cell, ...]
    layouts: int | None
    counts: dict[Cell, int] | None
    uncounted: str | None = None

    def probability(self, cell: Cell) -> Fraction | None:
        """The exact mine probability of a covered cell, every layout weighed alike, if counted."""
        if self.counts is None or not self.layouts:
            return None
        return Fraction(self.counts[cell], self.layouts)

    def to_dict(self) -> dict[str, Any]:
        """The analysis as ``solve --json`` prints it."""
        covered = self.board.where(CellState.COVERED)
        exact: list[list[str | None]] | None = None
        if self.counts is not None and self.layouts:
            exact = [[None] * self.board.cols for _ in range(self.board.rows)]
            for c in covered:
                exact[c.row][c.col] = str(Fraction(self.counts[c], self.layouts))
        return {
            "status": "solved" if self.consistent else "inconsistent",
            "consistent": self.consistent,
            "rules": list(self.board.rules.codes),
            "rows": self.board.rows,
            "cols": self.board.cols,
            "total_mines": self.board.total,
            "safe": [[c.row, c.col] for c in self.safe],
            "mines": [[c.row, c.col] for c in self.mines],
            "exact": exact,
            "solutions": None if self.layouts is None else str(self.layouts),
            "counted": self.layouts is not None,
            "uncounted": self.uncounted,
        }


def _why_uncounted(board: VariantBoard, limit: int, why_not: str | None = None) -> str:
    """Say what keeps a board's layouts from being counted: a global rule, or a part too big for either count."""
    global_rules = [r.name for r in board.rules.mine if not r.local]
    if global_rules:
        return (
            f"{', '.join(global_rules)} {'is a global rule' if len(global_rules) == 1 else 'are global rules'}: "
            f"its layouts are counted one by one over the whole board, and there are more than {limit:,}"
        )
    rules = " ".join(r.name for r in board.rules.mine) or board.rules.clue.name
    # Under 2L a layout is listed once for each choice of liars that fits it.
    listed = "layouts with their liars" if getattr(board.rules.clue, "lies", False) else "layouts"
    text = f"a part of the board that no revealed cell splits ({rules}) has more than {limit:,} {listed} to count one by one"
    return text if why_not is None else f"{text}, and {why_not}"


def _cells_of(statement: Statement) -> set[Cell]:
    if isinstance(statement, Sum):
        return set(statement.cells) | ({statement.when} if statement.when is not None else set())
    if isinstance(statement, Sight):
        return {c for ray in statement.rays for c in ray}
    if isinstance(statement, Linked):
        return set(statement.cells)
    if isinstance(statement, Chosen):
        return {c for option in statement.options for c in option.cells}
    if isinstance(statement, Area):
        return set(_area_cells(None, statement))
    if isinstance(statement, Liars):
        # Every cell may lie, so every cell is named: a board under 2L is one part.
        return {Cell(r, c) for r in range(statement.rows) for c in range(statement.cols)}
    return {c for case in statement.cases for c, _ in case}


def _area_cells(grid: Any, statement: Area) -> list[Cell]:
    """The cells a 2A clue's area may reach within ``max(allowed) + 1`` steps across sides (the clue not one).

    ``grid`` bounds them; ``None``: the board's own cells are not known here, so every cell that near is
    named (a cell off the board is never in a model, and is dropped where it is looked up).
    """
    top = max(statement.allowed, default=-1) + 1
    clue = statement.clue
    out = []
    for dr in range(-top, top + 1):
        for dc in range(-(top - abs(dr)), top - abs(dr) + 1):
            c = Cell(clue.row + dr, clue.col + dc)
            if (dr or dc) and (grid is None or grid.inside(c)):
                out.append(c)
    return out


def _domain(allowed: frozenset[int]) -> Any:
    """CP-SAT's domain of ``allowed``: one interval where it is one (made without listing its values)."""
    if allowed:
        low, high = min(allowed), max(allowed)
        if high - low + 1 == len(allowed):
            return cp_model.Domain(low, high)
    return cp_model.Domain.from_values(sorted(allowed))


def _known(board: VariantBoard) -> dict[Cell, bool]:
    """Each revealed cell (safe) and known mine of ``board``, as a layout's value."""
    known = dict.fromkeys(board.where(CellState.CLUE) + board.where(CellState.HIDDEN), False)
    known.update(dict.fromkeys(board.where(CellState.MINE), True))
    return known


def _reduced(statement: Statement, known: dict[Cell, bool]) -> Statement | None:
    """``statement`` over the cells not in ``known``, the known ones put in; ``None`` when it then always holds.

    A sum's known mines move its allowed values down; a case that a known cell
    breaks is dropped, and one that known cells alone keep makes the statement
    hold.  What no case or value is left for still says so (it allows nothing).
    A sight is kept whole: its rays run past known cells.
    """
    if isinstance(statement, Sum):
        when = statement.when
        if when is not None and when in known:
            if not known[when]:
                return None
            when = None
        fixed = 0
        cells, weights = [], []
        get = known.get
        for c, w in zip(statement.cells, statement.weights, strict=True):
            v = get(c)
            if v is None:
                cells.append(c)
                weights.append(w)
            elif v:
                fixed += w
        n = len(cells)
        if n == len(statement.cells) and when is statement.when:
            return statement
        allowed = frozenset(a - fixed for a in statement.allowed) if fixed else statement.allowed
        if when is None and len(allowed) > n and weights.count(1) == n and all(k in allowed for k in range(n + 1)):
            return None  # every count of the cells left is allowed
        return Sum(tuple(cells), tuple(weights), allowed, statement.rule, statement.clue, when, statement.pair)
    if isinstance(statement, AnyOf):
        cases = []
        for case in statement.cases:
            if any(known.get(c, mine) != mine for c, mine in case):
                continue
            left = tuple((c, mine) for c, mine in case if c not in known)
            if not left:
                return None
            cases.append(left)
        return replace(statement, cases=tuple(cases))
    if isinstance(statement, Chosen):
        options: list[Sum] = []
        for option in statement.options:
            rest = _reduced(option, known)
            # An option the known cells keep whatever the rest is: a sum of nothing that is 0.
            options.append(rest if isinstance(rest, Sum) else Sum((), (), frozenset({0}), option.rule, option.clue))
        if all(not o.cells and 0 in o.allowed for o in options):
            return None  # every way keeps it: it says nothing, not even of the choice
        return replace(statement, options=tuple(options))
    return statement


def _reduced_all(said: Iterable[Statement], known: dict[Cell, bool]) -> list[Statement]:
    """Each statement of ``said`` with the ``known`` cells put in, those that then always hold left out."""
    return [statement for statement in (_reduced(s, known) for s in said) if statement is not None]


def _split(board: VariantBoard, parts: Sequence[Statement]) -> tuple[list[tuple[list[Cell], list[Statement]]], int]:
    """The statements in groups that share no covered cell, each with its covered cells; and the covered cells in none."""
    covered = board.where(CellState.COVERED)
    parent = {c: c for c in covered}

    def root(c: Cell) -> Cell:
        # A root is always one of the ``covered`` cells themselves, so identity says when it is reached.
        while parent[c] is not c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    touched: list[list[Cell]] = []
    # The statements of one hidden choice are one group, through the first covered cell any of them names.
    anchor: dict[str, Cell] = {}
    for statement in parts:
        # A sum's own cells as they are (the usual case, and no set to make); repeats join nothing more.
        names = statement.cells if type(statement) is Sum and statement.when is None else _cells_of(statement)
        cells = [c for c in names if c in parent]
        if isinstance(statement, Chosen) and cells:
            cells.append(anchor.setdefault(statement.choice, cells[0]))
        touched.append(cells)
        if cells:
            first = root(cells[0])
            for c in cells[1:]:
                other = root(c)
                if other is not first:
                    parent[other] = first
    roots = {c: root(c) for c in covered}
    groups: dict[Cell | None, tuple[list[Cell], list[Statement]]] = {}
    for statement, named in zip(parts, touched, strict=True):
        # Over known cells only, a chosen statement still narrows its choice: it goes with the choice's group.
        cells = (
            [anchor[statement.choice]]
            if not named and isinstance(statement, Chosen) and statement.choice in anchor
            else named
        )
        # A statement over known cells only is a group of its own: it holds or it does not.
        groups.setdefault(roots[cells[0]] if cells else None, ([], []))[1].append(statement)
    seen = {roots[c] for cells in touched for c in cells}
    for c in covered:
        if roots[c] in seen:
            groups[roots[c]][0].append(c)
    return list(groups.values()), sum(1 for c in covered if roots[c] not in seen)


def _box_table(free: Sequence[Cell], group: Sequence[Statement], deadline: float | None) -> CountTable | None:
    """A component's count table (one entry a cell of ``free``) by the engine's box search, if it can be had so.

    Only where every statement is a cardinality constraint over distinct cells (1Q, 1T, 1H, 1A, V, 1X, 1K ...),
    as a revealed number is: the cells every statement names alike are one box, as the engine's own problems
    have them.  ``None`` otherwise, or past :data:`BOX_NODES` nodes: CP-SAT then lists the layouts.
    """
    if not free or boxsearch_kernel is None:
        return None  # without the C kernel (CNFSWEEP_PURE_PYTHON=1) CP-SAT lists the layouts sooner
    inside = set(free)
    rules: list[Rule] = []
    highs: list[int] = []
    for statement in group:
        if not isinstance(statement, Sum) or not statement.cardinality:
            return None
        cells = statement.cells
        if len(set(cells)) != len(cells) or not inside.issuperset(cells):
            return None
        allowed = statement.allowed
        low, high = max(min(allowed), 0), min(max(allowed), len(cells))
        if low > high:
            return CountTable({}, {})  # allows no count of its cells: no layout (2I: a way the known mines break)
        rules.append(Rule(statement.clue if statement.clue is not None else statement.rule, cells, low))
        highs.append(high)
    # Boxes and variables as the engine makes them for numbers; a statement allows a range where a number asks one.
    boxes = group_boxes(free, rules)
    _, exact = build_problem(boxes, rules)
    ranged = (Constraint(c.vars, c.lo, high, c.tag) for c, high in zip(exact.constraints, highs, strict=True))
    problem = Problem(exact.boxes, tuple(ranged))
    found = box_solve(problem, BOX_NODES, deadline)
    if found == []:
        return CountTable({}, {})  # no layout
    if not isinstance(found, tuple):
        return None  # past the nodes, or a count past the kernel's integers (far past any limit to list)
    solutions, tallies = found[1], found[2]
    box_of = {c: b for b, box in enumerate(boxes) for c in box}
    return CountTable(solutions, {k: tuple(row[box_of[c]] for c in free) for k, row in tallies.items()})


def _count_by_components(
    board: VariantBoard,
    limit: int,
    deadline: float | None = None,
    said: Sequence[Statement] | None = None,
    reduced: bool = False,
) -> tuple[int, dict[Cell, int]] | None:
    """Count the layouts of a board whose rules are all local, component by component; ``None`` past ``limit``.

    Each component's layouts are enumerated into a :class:`~cnfsweep.core.constraints.CountTable` (one box a
    cell), and the engine's own counting weighs the tables against each other, the cells no clue or rule
    touches, and the total.  ``said``: these statements in place of the board's own; with ``reduced``, they
    already have the known cells put in (see :func:`_reduced`).
    """
    said = statements(board) if said is None else said
    if not reduced:
        # Known cells put in first: many statements (a 1A pair with a revealed cell) then say nothing, and the rest
        # name only covered cells, so each component's model is a good deal smaller to build.
        said = _reduced_all(said, _known(board))
    parts, n_off = _split(board, said)
    cells = [free for free, _ in parts]
    # Every part the box search counts first: a part with no layout leaves the board none, and then no part is
    # listed by CP-SAT (of a 2I board's sets of ways, most have none).
    found: list[CountTable | None] = []
    for free, group in parts:
        table = _box_table(free, group, deadline)
        if table is not None:
            if not sum(table.solutions.values()):
                return _none_left(board, cells)
            if sum(table.solutions.values()) >= limit:
                return None  # as many as an enumeration stops at: the same answer as one
        found.append(table)
    tables: list[CountTable] = []
    for (free, group), boxed in zip(parts, found, strict=True):
        table = boxed if boxed is not None else _listed(board, free, group, limit, deadline)
        if table is None:
            return None
        if not sum(table.solutions.values()):
            return _none_left(board, cells)
        tables.append(table)
    left = None if board.total is None else board.total - len(board.where(CellState.MINE))
    combined = combine(tables, n_off, left)
    layouts = combined.solutions * (2**n_off if left is None else 1)
    off = Fraction(1, 2) if left is None else combined.off_frontier
    counts: dict[Cell, int] = {}
    if layouts:
        for free, probabilities in zip(cells, combined.boxes, strict=True):
            for c, p in zip(free, probabilities, strict=True):
                counts[c] = int(p * layouts)
    in_parts = {c for free in cells for c in free}
    for c in board.where(CellState.COVERED):
        if c not in in_parts:
            counts[c] = int((off or 0) * layouts)
    return layouts, counts


def _listed(
    board: VariantBoard, free: Sequence[Cell], group: Sequence[Statement], limit: int, deadline: float | None
) -> CountTable | None:
    """A part's count table from CP-SAT's list of its layouts; ``None`` past ``limit``."""
    collect = _enumerate(VariantModel(board, parts=group, free=free, deadline=deadline), free, limit, keep=True)
    if collect.stopped:
        return None
    solutions: dict[int, int] = {}
    tallies: dict[int, list[int]] = {}
    for mines in collect.kept or ():
        k = len(mines)
        solutions[k] = solutions.get(k, 0) + 1
        row = tallies.setdefault(k, [0] * len(free))
        for i, c in enumerate(free):
            row[i] += c in mines
    return CountTable(solutions, {k: tuple(v) for k, v in tallies.items()})


def _none_left(board: VariantBoard, cells: Sequence[Sequence[Cell]]) -> tuple[int, dict[Cell, int]]:
    """No layout, as :func:`_count_by_components` says it: each covered cell in none of ``cells`` on no mine."""
    in_parts = {c for free in cells for c in free}
    return 0, {c: 0 for c in board.where(CellState.COVERED) if c not in in_parts}


def _count_each_way(
    board: VariantBoard,
    limit: int,
    profile_states: int,
    deadline: float | None,
    said: Sequence[Statement] | None = None,
) -> tuple[int, dict[Cell, int]] | None:
    """Count a board whose clues share one hidden choice (2I) by inclusion and exclusion over the choice's ways.

    The layouts some way allows are the union of each way's; the layouts every way of a set ``S`` allows are
    those that keep every option of ``S`` of every chosen statement, a board of plain sums, counted as any
    other (by parts, else along a profile).  A set none of whose layouts exist has none in any larger set,
    so those are skipped.  ``None`` where some set's count is out of reach, or with more than one choice.
    ``said``: the board's statements, if already made.
    """
    said = statements(board) if said is None else said
    chosen = [s for s in said if isinstance(s, Chosen)]
    if not chosen or len({s.choice for s in chosen}) > 1 or len({len(s.options) for s in chosen}) > 1:
        return None
    rest = [s for s in said if not isinstance(s, Chosen)]
    ways = len(chosen[0].options)
    # The known cells put in once for every set of ways (each set's count would otherwise put them in again).
    known = _known(board)
    rest_in = _reduced_all(rest, known)
    options_in = [_reduced_all([s.options[k] for s in chosen], known) for k in range(ways)]
    covered = board.where(CellState.COVERED)
    total, counts = 0, dict.fromkeys(covered, 0)
    empty: list[int] = []  # the sets of ways (as bit masks) that allow no layout
    for mask in sorted(range(1, 1 << ways), key=lambda m: (m.bit_count(), m)):
        if any(mask & e == e for e in empty):
            continue
        parts_in = rest_in + [option for k in range(ways) if mask >> k & 1 for option in options_in[k]]
        counted = _count_by_components(board, limit, deadline, parts_in, reduced=True)
        if counted is None and profile_states > 0:
            parts = rest + [s.options[k] for s in chosen for k in range(ways) if mask >> k & 1]
            try:
                counted = count_profile(board, parts, max_states=profile_states, deadline=deadline)
            except ProfileTooLarge:
                return None
        if counted is None:
            return None
        n, by_cell = counted
        if n == 0:
            empty.append(mask)
            continue
        sign = 1 if mask.bit_count() % 2 else -1
        total += sign * n
        for c in covered:
            counts[c] += sign * by_cell[c]
    return total, counts


def _counted(board: VariantBoard, n: int, counts: dict[Cell, int]) -> VariantAnalysis:
    """The analysis of ``n`` layouts, ``counts[c]`` of them with a mine on each covered cell ``c``."""
    covered = board.where(CellState.COVERED)
    safe = tuple(c for c in covered if counts[c] == 0) if n else ()
    mines = tuple(c for c in covered if counts[c] == n) if n else ()
    return VariantAnalysis(board, n > 0, safe, mines, n, counts)


def _at_most_one(board: VariantBoard, deadline: float | None) -> VariantAnalysis | None:
    """The analysis of a board under a global rule that has one layout or none; ``None`` where it has two or more.

    A puzzle has one layout: finding it and then none other is far quicker than listing every layout the
    global rules' local part allows and cutting off those they refuse.  A rule whose cuts close in slowly
    (1S: a snake's local part allows many loops and broken paths) is stated by its exact links, as
    generating does (on the fan generator's 8x8 1S puzzles, 50 ms against 2 s, and 25 ms with one round
    of presolve and no LP); for the others cuts are quicker, asked without presolve or LP, as each
    question is small.
    """
    exact = any(getattr(rule, "links_first", False) for rule in board.rules.mine)
    w = VariantModel(board, deadline=deadline, exact=exact)
    # Without the LP relaxation and CP-SAT's heavier extras either way (on the fan generator's 8x8 puzzles: 1C
    # a third quicker, 1S twice as quick); presolve stays for the exact links, which it shrinks a good deal.
    w.linearize, w.light = False, True
    if not exact:
        w.presolve = False
    found = _witnesses(w, 2)
    if len(found) >= 2:
        return None
    only = found[0] if found else frozenset()
    return _counted(board, len(found), {c: int(c in only) for c in board.where(CellState.COVERED)})


def analyze_variant(
    board: VariantBoard,
    *,
    limit: int = COUNT_LIMIT,
    time_limit: float | None = None,
    profile_states: int = PROFILE_STATES,
) -> VariantAnalysis:
    """Find the certain cells of a variant board and count its layouts exactly where that is in reach.

    With local rules only, each part is enumerated up to ``limit`` layouts; a
    part past it is counted along a profile of the board
    (:func:`~cnfsweep.variants.profile.count_profile`, up to ``profile_states``
    states on a cut, none with 0).  Past those counts the answer has the
    certain cells and says which rule keeps it from counting.

    Raises
    ------
    TimeLimitExceeded
        Past ``time_limit`` seconds.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> a = analyze_variant(parse_variant("rules: 1Q\\n. .\\n. 3\\n"))
    >>> a.mines, a.layouts
    ((Cell(row=0, col=0), Cell(row=0, col=1), Cell(row=1, col=0)), 1)
    """
    deadline = deadline_after(time_limit)
    covered = board.where(CellState.COVERED)
    why_not: str | None = None
    if all(rule.local for rule in board.rules.mine):
        said = statements(board)
        chosen = any(isinstance(s, Chosen) for s in said)
        # A hidden choice (2I) ties all its clues into one part that CP-SAT lists slowly; way by way, each set
        # of ways is plain sums that split into small parts, about twice as quick on the fan generator's 8x8.
        counted = _count_each_way(board, limit, 0, deadline, said) if chosen else None
        if counted is None:
            counted = _count_by_components(board, limit, deadline, said)
        if counted is None and chosen:
            # A hidden choice's part past the limit: counted way by way, the ways' overlaps taken off.
            share = None if deadline is None else deadline_after(time_left(deadline) / 2)
            try:
                counted = _count_each_way(board, limit, profile_states, share, said)
            except TimeLimitExceeded:
                why_not = "counting the hidden choice's ways one by one did not finish in half of the time limit"
            if counted is None and why_not is None:
                why_not = "a count of the hidden choice's ways, one set of ways at a time, is out of reach too"
        elif counted is None and profile_states > 0:
            # A part past the limit (1Q, 1B or 1D linking the board): counted exactly along a profile of the board.
            # Half of what is left, so that past it the certain cells below still have time to be found.
            share = None if deadline is None else deadline_after(time_left(deadline) / 2)
            try:
                counted = count_profile(board, said, max_states=profile_states, deadline=share)
            except ProfileTooLarge as exc:
                why_not = str(exc)
            except TimeLimitExceeded:
                why_not = "the profile count did not finish in half of the time limit"
        if counted is not None:
            return _counted(board, *counted)
    else:
        alone = _at_most_one(board, deadline)
        if alone is not None:
            return alone
    m = VariantModel(board, deadline=deadline)
    first = m.solve()
    if first is None:
        return VariantAnalysis(board, False, (), (), 0, dict.fromkeys(covered, 0))
    seen = {c: {first[c]} for c in covered}
    # With local rules only, a part was past the limit, so the whole board, which holds it, is too.
    if not all(rule.local for rule in board.rules.mine):
        collect = _tightened(m, covered, limit)
        if not collect.stopped:
            return _counted(board, collect.valid, collect.counts)
        for c in covered:
            if 0 < collect.counts[c] < collect.valid:
                seen[c] = {False, True}
    # Too many to count: each cell not yet seen both ways is asked the other way round.
    for c in covered:
        if len(seen[c]) == 2:
            continue
        value = next(iter(seen[c]))
        other = m.solve([~m.x[c] if value else m.x[c]])
        if other is not None:
            for d in covered:
                seen[d].add(other[d])
    safe = tuple(c for c in covered if seen[c] == {False})
    mines = tuple(c for c in covered if seen[c] == {True})
    return VariantAnalysis(board, True, safe, mines, None, None, _why_uncounted(board, limit, why_not))


@dataclass(frozen=True)
class VariantCheck:
    """Whether a variant board has a layout: one such layout's mines, or a minimal conflict.

    A conflict is the clues and rules (and ``total`` if the mine count is one
    of them) that together allow no layout, none of them superfluous.
    """

    consistent: bool
    witness_mines: tuple[Cell, ...] = ()
    clues: tuple[Cell, ...] = ()
    rules: tuple[str, ...] = ()
    total_in_conflict: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The verdict as ``check --json`` prints it."""
        return {
            "consistent": self.consistent,
            "witness_mines": [[c.row, c.col] for c in self.witness_mines] if self.consistent else None,
            "conflict": None
            if self.consistent
            else {"clues": [[c.row, c.col] for c in self.clues], "rules": list(self.rules)},
            "total_in_conflict": self.total_in_conflict,
        }


def check_variant(board: VariantBoard, *, minimise: bool = True, time_limit: float | None = None) -> VariantCheck:
    """Decide whether ``board`` has a layout; if not, name a conflict (subset-minimal with ``minimise``).

    Raises
    ------
    TimeLimitExceeded
        Past ``time_limit`` seconds.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> check_variant(parse_variant("rules: 1H\\n3 .\\n. .\\n")).rules
    ('1H', 'V')
    """
    m = VariantModel(board, guarded=True, deadline=deadline_after(time_limit))
    keys = list(m.guards)

    def rules_of(active: Sequence[object]) -> set[str]:
        return {k for k in active if isinstance(k, str)}

    def feasible(active: Sequence[object]) -> dict[Cell, bool] | None:
        return m.solve([m.guards[k] for k in active], rules_of(active))

    witness = feasible(keys)
    if witness is not None:
        return VariantCheck(
            True, tuple(c for c in board.grid.cells if witness[c] and board.cell(c).state is CellState.COVERED)
        )
    core = list(keys)
    if minimise:
        for key in list(core):
            rest = [k for k in core if k != key]
            if feasible(rest) is None:
                core = rest
    clues = tuple(sorted(k for k in core if isinstance(k, Cell)))
    named = [k for k in core if isinstance(k, str) and k != TOTAL]
    # The clues are read by the clue rule and any of 1M, 1N, 1L: a conflict of clues names them too.
    reading = {board.rules.clue.name, *board.rules.modifiers} if clues else set()
    rules = tuple(sorted(set(named) | reading, key=board.rules.codes.index))
    return VariantCheck(False, (), clues, rules, TOTAL in core)
