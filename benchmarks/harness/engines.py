"""Engines the benchmark compares, the naive baseline among them, and a time cap.

Every engine answers a board with an :class:`Answer` (exact probabilities,
safe and mine sets), so answers can be compared exactly across engines.

The baseline is Studholme's method: each frontier component is enumerated by
plain backtracking over single cells, every solution visited and tallied per
cell; no boxes, no simplification, no SAT solver, no dynamic programming.
Its per-component tables are then weighed by the total with the engine's own
exact combination, so it answers the same question as ``analyze``.
"""

from __future__ import annotations

import hashlib
import signal
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from fractions import Fraction

from cnfsweep import analyze
from cnfsweep.core.constraints import CountTable
from cnfsweep.core.board import Board, Cell
from cnfsweep.engine.counting import combine
from cnfsweep.core.constraints import Problem
from cnfsweep.engine.position import build_position
from cnfsweep.core.exact import int_text


class CapReached(Exception):
    """An engine ran past its time cap on one position."""


@contextmanager
def time_cap(seconds: float) -> Iterator[None]:
    """Raise :class:`CapReached` in the block once ``seconds`` have passed.

    A timer signal interrupts any engine, solver calls included, without
    each engine needing its own deadline; the main thread only.
    """

    def ring(signum: int, frame: object) -> None:
        raise CapReached

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def exact_repr(value: object) -> str:
    """Return ``repr(value)`` with every integer written in full, whatever Python's digit limit.

    Exact probabilities on big boards have more digits than ``repr`` writes by
    default; this writes them without lifting the process-wide limit, and gives
    the same text as ``repr`` where that works, so digests match older trees'.

    Examples
    --------
    >>> value = (True, [(Cell(0, 1), Fraction(1, 3))], None, [Cell(2, 2)])
    >>> exact_repr(value) == repr(value)
    True
    """
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return int_text(value)
    if isinstance(value, Fraction):
        return f"Fraction({int_text(value.numerator)}, {int_text(value.denominator)})"
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        fields = ", ".join(f"{name}={exact_repr(v)}" for name, v in zip(value._fields, value, strict=True))
        return f"{type(value).__name__}({fields})"
    if isinstance(value, tuple):
        inner = ", ".join(exact_repr(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(exact_repr(v) for v in value) + "]"
    return repr(value)


@dataclass(frozen=True)
class Answer:
    """What every engine is compared on.

    ``frontier`` maps each covered cell seen by a number to its exact mine
    probability; ``off`` is the shared probability of the other covered cells
    (``None`` without a total or without such cells).
    """

    consistent: bool
    frontier: dict[Cell, Fraction]
    off: Fraction | None
    safe: frozenset[Cell]
    mines: frozenset[Cell]

    def digest(self) -> str:
        """Return a short fingerprint, to compare answers across processes."""
        items = sorted(self.frontier.items())
        text = exact_repr((self.consistent, items, self.off, sorted(self.safe), sorted(self.mines)))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def difference(self, other: Answer) -> str:
        """Describe the first difference from ``other`` in one line."""
        if self.consistent != other.consistent:
            return f"consistent {self.consistent} vs {other.consistent}"
        for cell in sorted(set(self.frontier) | set(other.frontier)):
            a, b = self.frontier.get(cell), other.frontier.get(cell)
            if a != b:
                return f"cell {tuple(cell)}: {exact_repr(a)} vs {exact_repr(b)}"
        if self.off != other.off:
            return f"off the frontier: {exact_repr(self.off)} vs {exact_repr(other.off)}"
        return f"safe/mine sets differ: {len(self.safe ^ other.safe)} safe, {len(self.mines ^ other.mines)} mines"


def _order(problem: Problem) -> list[int]:
    """Order variables breadth-first along shared constraints.

    Neighbouring cells then come one after another, so a number's constraint
    closes soon after its first cell is tried and prunes early (Studholme
    walks the frontier the same way); a random order would make the
    baseline needlessly slow.
    """
    touching: list[list[int]] = [[] for _ in range(problem.num_vars)]
    for j, con in enumerate(problem.constraints):
        for v in con.vars:
            touching[v].append(j)
    seen: set[int] = set()
    order: list[int] = []
    for start in range(problem.num_vars):
        if start in seen:
            continue
        seen.add(start)
        queue = deque([start])
        while queue:
            v = queue.popleft()
            order.append(v)
            for j in touching[v]:
                for w in problem.constraints[j].vars:
                    if w not in seen:
                        seen.add(w)
                        queue.append(w)
    return order


def count_cells(problem: Problem) -> CountTable:
    """Enumerate every cell-level solution of one component by backtracking."""
    order = _order(problem)
    n = len(order)
    cons = problem.constraints
    # need[j]: mines constraint j still requires; room[j]: its cells still unassigned.
    need = [c.lo for c in cons]
    room = [len(c.vars) for c in cons]
    watch: list[list[int]] = [[] for _ in range(problem.num_vars)]
    for j, c in enumerate(cons):
        for v in c.vars:
            watch[v].append(j)
    steps = [watch[v] for v in order]
    values = [-1] * n
    solutions: dict[int, int] = {}
    tallies: dict[int, list[int]] = {}
    mines = 0
    i = 0
    # An explicit stack instead of recursion: components can be thousands of cells long.
    while i >= 0:
        if i == n:
            solutions[mines] = solutions.get(mines, 0) + 1
            row = tallies.setdefault(mines, [0] * n)
            for k in range(n):
                row[k] += values[k]
            i -= 1
            continue
        val = values[i]
        if val >= 0:
            for j in steps[i]:
                room[j] += 1
                need[j] += val
            mines -= val
        val += 1
        placed = False
        while val <= 1:
            ok = True
            for j in steps[i]:
                room[j] -= 1
                need[j] -= val
                if need[j] < 0 or need[j] > room[j]:
                    ok = False
            if ok:
                placed = True
                break
            for j in steps[i]:
                room[j] += 1
                need[j] += val
            val += 1
        if placed:
            values[i] = val
            mines += val
            i += 1
        else:
            values[i] = -1
            i -= 1
    # Tallies are kept in search order; read them back per variable, one cell per box.
    where = {v: k for k, v in enumerate(order)}
    firsts = [where[box[0]] for box in problem.boxes]
    return CountTable(solutions, {k: tuple(row[f] for f in firsts) for k, row in tallies.items()})


def baseline(board: Board) -> Answer:
    """Answer a position the naive way (cap it with :func:`time_cap`)."""
    pos = build_position(board, simplified=False)
    nothing = Answer(False, {}, None, frozenset(), frozenset())
    if pos.contradiction is not None:
        return nothing
    total = pos.mines_left
    unknown = len(pos.off_frontier) + sum(len(c.cells) for c in pos.components)
    if total is not None and not 0 <= total <= unknown:
        return nothing
    tables = []
    for comp in pos.components:
        table = count_cells(comp.problem)
        if not table.solutions:
            return nothing
        tables.append(table)
    combined = combine(tables, len(pos.off_frontier), total)
    if combined.solutions == 0:
        return nothing
    frontier: dict[Cell, Fraction] = {}
    for comp, probs in zip(pos.components, combined.boxes, strict=True):
        for b, p in enumerate(probs):
            frontier.update((c, p) for c in comp.box_cells(b))
    off = combined.off_frontier
    offs = pos.off_frontier if off is not None else ()
    safe = {c for c, p in frontier.items() if p == 0} | ({*offs} if off == 0 else set())
    mines = {c for c, p in frontier.items() if p == 1} | ({*offs} if off == 1 else set())
    return Answer(True, frontier, off, frozenset(safe), frozenset(mines))


def _analysis(backend: str, counting: str) -> Callable[[Board], Answer]:
    def run(board: Board) -> Answer:
        a = analyze(board, backend=backend, counting=counting)
        return Answer(a.consistent, dict(a.frontier_exact), a.off_frontier_exact, frozenset(a.safe), frozenset(a.mines))

    return run


ENGINES: dict[str, tuple[str, Callable[[Board], Answer]]] = {
    "pysat": ("analyze, pysat (default: gluecard4), auto", _analysis("pysat", "auto")),
    "pysat:cadical195": ("analyze, pysat:cadical195, auto", _analysis("pysat:cadical195", "auto")),
    "pysat:minicard": ("analyze, pysat:minicard, auto", _analysis("pysat:minicard", "auto")),
    "cpsat": ("analyze, cpsat, auto", _analysis("cpsat", "auto")),
    "dp": ("analyze, pysat, counting dp", _analysis("pysat", "dp")),
    "enumerate": ("analyze, pysat, counting enumerate", _analysis("pysat", "enumerate")),
    "search": ("analyze, counting search (box backtracking, no solver)", _analysis("pysat", "search")),
    "baseline": ("naive cell backtracking (Studholme)", baseline),
}
"""Engine name to a description and a function answering one board."""
DEFAULT_ENGINE = "pysat"
BASELINE = "baseline"


def run_engine(name: str, board: Board, cap: float) -> tuple[float, Answer | None]:
    """Answer ``board`` with engine ``name``: seconds taken, and ``None`` if capped."""
    run = ENGINES[name][1]
    # Every engine pays for its own position: no reuse of another engine's work, not even the
    # cell lists a Board works out once and keeps (a fresh copy has none).
    board = replace(board)
    start = time.perf_counter()
    try:
        with time_cap(cap):
            answer = run(board)
    except CapReached:
        return cap, None
    return time.perf_counter() - start, answer
