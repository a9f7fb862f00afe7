"""Find one mine layout that fits a whole position, component by component.

Components are independent apart from the total mine count, so a layout of
the board is one model per component plus mines off the frontier.  Each
component's models come from the same box search the analysis starts with
(:mod:`cnfsweep.engine.boxsearch`); one too big for it is decided by the backend.
With a total, every component offers the mine counts its models can have and
one count per component is chosen so that the cells off the frontier can take
the rest.  No probabilities, no entailment: this is the fast path of
:meth:`cnfsweep.engine.Engine.check`, which hands a position without a layout to
the solver on the unsimplified numbers to name a conflict.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from cnfsweep.engine.backends import Backend
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import FLAG
from cnfsweep.core.topology import Topology
from cnfsweep.core.topology import GridTopology
from cnfsweep.engine.boxsearch import search_box_models
from cnfsweep.engine.components import SEARCH_NODES, Counting, count_component
from cnfsweep.core.deadline import checked
from cnfsweep.core.constraints import Constraint, Problem, TOTAL
from cnfsweep.core.words import counted
from cnfsweep.engine.position import Position


@dataclass(frozen=True)
class Witness:
    """What :func:`find_witness` found: one mine layout that fits the position, or where none does.

    Attributes
    ----------
    mines : tuple of Cell or None
        Every mine of one layout that fits the position, flags included, in
        row-major order; ``None`` when there is none.
    blame : frozenset of Cell or None
        Without a layout: revealed numbers in the part of the board that has
        none (a conflict lies among the numbers connected to them; none when
        the total cannot hold whatever the numbers say), or ``None`` when
        every part has layouts and only their mine counts cannot make the total.
    total : bool
        Whether the total mine count is part of the conflict.
    """

    mines: tuple[Cell, ...] | None
    blame: frozenset[Cell] | None = None
    total: bool = False


def find_witness(pos: Position, engine: Backend, deadline: float | None = None) -> Witness:
    """Find one layout of ``pos``, or where the position has none.

    Parameters
    ----------
    pos : Position
        Simplified or not; its forced and assumed cells join the layout.
    engine : Backend
        Decides the components too big for the box search.
    deadline : float, optional
        A ``time.perf_counter()`` value; past it
        :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised.

    Examples
    --------
    >>> from cnfsweep.engine.backends import get_backend
    >>> from cnfsweep.engine.position import build_position
    >>> board = Board.from_rows(["1..", "...", "..1"], total_mines=1)
    >>> find_witness(build_position(board), get_backend("pysat")).mines
    (Cell(row=1, col=1),)
    >>> no_room = find_witness(build_position(board.with_total(5)), get_backend("pysat"))
    >>> no_room.mines, no_room.blame, no_room.total
    (None, None, True)
    """
    if pos.contradiction is not None:
        return Witness(None, frozenset({pos.contradiction}))
    with_total = pos.mines_left is not None
    if pos.mines_left is not None:
        # As the board shows it, before simplification settled any cell.
        unknown = len(pos.off_frontier) + sum(len(c.cells) for c in pos.components) + len(pos.forced)
        if not 0 <= pos.mines_left + sum(pos.forced.values()) <= unknown:
            return Witness(None, frozenset(), total=True)  # more mines than cells, or fewer than none
    options = []
    for comp in checked(pos.components, deadline, 16):
        found = models_by_count(engine, comp.problem, with_total, deadline)
        if not found:
            return Witness(None, frozenset(c.tag for c in comp.problem.constraints))  # type: ignore[misc]
        options.append(found)
    counts = [next(iter(found)) for found in options]
    if pos.mines_left is not None:
        supports = [sorted(found) for found in options]
        chosen = choose_counts(supports, pos.mines_left - len(pos.off_frontier), pos.mines_left, deadline)
        if chosen is None:
            return Witness(None, None, total=True)
        counts = chosen
    mines = set(pos.board.flags)
    mines.update(c for c, is_mine in {**pos.fixed, **pos.forced}.items() if is_mine)
    for comp, found, k in zip(pos.components, options, counts, strict=True):
        model = found[k]
        if model is None:
            model = _model_with(engine, comp.problem, k, deadline)
        mines.update(comp.cells[v] for v in model)
    if pos.mines_left is not None:
        mines.update(pos.off_frontier[: pos.mines_left - sum(counts)])
    return Witness(tuple(sorted(mines)))


def models_by_count(
    engine: Backend, problem: Problem, by_count: bool, deadline: float | None = None
) -> dict[int, frozenset[int] | None]:
    """Map mine counts a component's models can have to the mines (variables) of one model each.

    Empty when the component has no model.  Without ``by_count`` one model
    is enough.  A component too big for the box search is counted as the
    analysis counts it (:func:`~cnfsweep.engine.components.count_component`); its
    models are then left to :func:`_model_with` (``None``), for the one count
    chosen.
    """
    models = search_box_models(problem, SEARCH_NODES, deadline)
    if models is not None:
        first: dict[int, tuple[int, ...]] = {}
        for m in models:
            first.setdefault(sum(m), m)
        # Cells of a box are interchangeable: the first ``c`` of them hold its ``c`` mines.
        return {
            k: frozenset(v for box, c in zip(problem.boxes, m, strict=True) for v in box[:c]) for k, m in first.items()
        }
    if not by_count:
        session = engine.open(problem)
        try:
            out = session.solve(deadline=deadline)
        finally:
            session.close()
        return {len(out.model): out.model} if out.satisfiable and out.model is not None else {}
    table = count_component(engine, problem, Counting.AUTO, deadline)
    return {k: None for k, n in table.solutions.items() if n > 0}


def _model_with(engine: Backend, problem: Problem, mines: int, deadline: float | None = None) -> frozenset[int]:
    """Ask the backend for a model of ``problem`` with exactly ``mines`` mines (one its count table promises)."""
    everything = tuple(range(problem.num_vars))
    session = engine.open(Problem(problem.boxes, (*problem.constraints, Constraint.exactly(everything, mines, TOTAL))))
    try:
        out = session.solve(deadline=deadline)
    finally:
        session.close()
    if not out.satisfiable or out.model is None:
        raise RuntimeError(
            f"internal error: backend {engine.spec} finds no model with {mines} mines that the count has"
        )
    return out.model


def choose_counts(
    supports: Sequence[Sequence[int]], low: int, high: int, deadline: float | None = None
) -> list[int] | None:
    """Pick one count from each sorted support so that their sum lies in ``[low, high]``.

    ``None`` when no choice does.  The sums the first ``i`` supports reach are
    kept as bit sets, one per prefix; the choice is read back from the last.
    The smallest reachable sum is taken.

    Examples
    --------
    The sums of ``[0, 2]`` and ``[1, 3]`` are 1, 3 and 5:

    >>> choose_counts([[0, 2], [1, 3]], 2, 3)
    [2, 1]
    >>> choose_counts([[0, 2], [1, 3]], 4, 4) is None, choose_counts([[0, 2], [1, 3]], 4, 9)
    (True, [2, 3])
    """
    base = sum(s[0] for s in supports)
    shifts = [[k - s[0] for k in s] for s in supports]
    # reach[i]: bit t is set when the first i supports can sum to base_i + t.
    reach = [1]
    for ks in checked(shifts, deadline, 64):
        last = reach[-1]
        bits = 0
        for k in ks:
            bits |= last << k
        reach.append(bits)
    first, last_t = max(low - base, 0), high - base
    if last_t < first:
        return None
    window = reach[-1] >> first & ((1 << (last_t - first + 1)) - 1)
    if not window:
        return None
    t = first + (window & -window).bit_length() - 1
    chosen = []
    for i in checked(range(len(shifts) - 1, -1, -1), deadline, 64):
        k = next(k for k in shifts[i] if k <= t and reach[i] >> (t - k) & 1)
        chosen.append(supports[i][0] + k)
        t -= k
    return chosen[::-1]


def _mines_around(topology: Topology, mine: np.ndarray) -> np.ndarray:
    """Return how many of each cell's neighbours are mines, ``mine`` a boolean rows x cols array."""
    rows, cols = mine.shape
    counts = np.zeros((rows, cols), dtype=np.int16)
    if not isinstance(topology, GridTopology):
        # Any other topology: its tables, one cell at a time.
        flat, (_, around) = mine.ravel(), topology.tables()
        counts.ravel()[:] = [int(flat[list(near)].sum()) for near in around]
        return counts
    # A grid's rows of one parity share their offsets: shift the whole mine array once per offset.
    pad = np.pad(mine, 1, mode="wrap" if topology.wraps else "constant").astype(np.int16)
    step = 1 if topology.offsets(0) == topology.offsets(1) else 2
    for parity in range(min(rows, step)):
        for dr, dc in topology.offsets(parity):
            counts[parity::step] += pad[1 + dr : rows + 1 + dr, 1 + dc : cols + 1 + dc][parity::step]
    return counts


def layout_problems(
    board: Board, mines: Sequence[Cell], total: int | None = None, fixed: Mapping[Cell, bool] | None = None
) -> list[str]:
    """Say why ``mines`` (every mine, flags included) is not a layout of ``board``; empty when it is.

    Checks, without the engine, that every revealed number sees its number of
    mines, that flags are mines and revealed numbers are not, the total, and
    the ``fixed`` cells (``True`` for a mine: assumptions).
    Vectorised, so a million-cell board takes milliseconds.

    Examples
    --------
    >>> board = Board.from_rows(["1.", "*."], total_mines=1)
    >>> layout_problems(board, [Cell(1, 0)], 1), layout_problems(board, [Cell(1, 0), Cell(0, 1)], 1)
    ([], ['the 1 at row 0, col 0 sees 2 mines', '2 mines, the total is 1'])
    """
    rows, cols = board.rows, board.cols
    chars = np.frombuffer("".join(board.grid).encode("ascii"), dtype=np.uint8).reshape(rows, cols)
    mine = np.zeros((rows + 2, cols + 2), dtype=np.int8)
    if mines:
        at = np.array(mines, dtype=np.int64).reshape(-1, 2) + 1
        mine[at[:, 0], at[:, 1]] = 1
    inner = mine[1:-1, 1:-1].astype(bool)
    around = _mines_around(board.topology, inner)
    number = (chars >= ord("0")) & (chars <= ord("8"))
    problems = []
    for r, c in zip(*np.nonzero(number & (around != chars.astype(np.int16) - ord("0"))), strict=True):
        problems.append(f"the {chr(chars[r, c])} at row {r}, col {c} sees {counted(int(around[r, c]), 'mine')}")
    for r, c in zip(*np.nonzero(number & inner), strict=True):
        problems.append(f"a mine on the revealed number at row {r}, col {c}")
    for r, c in zip(*np.nonzero((chars == ord(FLAG)) & ~inner), strict=True):
        problems.append(f"the flag at row {r}, col {c} is not a mine")
    if len(set(mines)) != len(mines):
        problems.append("a cell is listed twice")
    problems.extend(
        f"the assumption at row {c.row}, col {c.col} does not hold"
        for c, is_mine in (fixed or {}).items()
        if bool(inner[c]) != is_mine
    )
    if total is not None and len(mines) != total:
        problems.append(f"{counted(len(mines), 'mine')}, the total is {total}")
    return problems
