"""The common analysis in one step: a board's bytes to its :class:`~cnfsweep.engine.analysis.Analysis`.

:meth:`Engine.analyze <cnfsweep.engine.Engine.analyze>` comes here when the C kernels are built and
it is asked the common question: a :class:`~cnfsweep.core.board.Board`, no assumption, no time
limit, simplified.  :func:`board_analysis` then takes, in one function, the steps that
:meth:`RecentPositions.position <cnfsweep.engine.position.RecentPositions.position>`,
:func:`~cnfsweep.engine.position.indexed_position`,
:meth:`ComponentCache.solve <cnfsweep.engine.components.ComponentCache.solve>`,
:func:`~cnfsweep.engine.components.solve_component`,
:func:`~cnfsweep.engine.analysis.analysis_of` and
:func:`~cnfsweep.engine.counting.weigh_scaled` take one call each, all in one kernel call: the position (``board_parts``, on C arrays from the
board's rows to its Components), each component's box search and count table (on the split's arrays,
as ``box_solve`` counts them), the weighing (``weigh``), the certain cells and best guess
(``classify``), and for a fresh engine with nothing left for the solver to prove, the Analysis itself,
as :func:`~cnfsweep.engine.analysis.scaled_result` builds it (the kernel is given :data:`_KIT`).  The
engine's recent positions and component cache are read and filled as those steps fill them, so a
warm engine answers from them as before.

Why: an analysis whose code is out of the CPU's caches (a fresh engine on a new position, as a
server's or a generator's first look at a board) costs a few microseconds for every distinct
Python function it steps into, more than the work itself.  Everything this function does not
handle on the way (a component past the box search, forced boxes the solver must prove, no
total, floats, a count past the kernels' integers, no layout) goes on through the general
functions with what was found so far, so the answers are theirs: the same exact integers, certain
cells and best guess (``tests/engine/test_quick.py`` compares everything an analysis holds).
"""

from __future__ import annotations

import time
from dataclasses import replace
from functools import partial
from typing import Any
from math import comb

import cnfsweep.engine.boxsearch as boxsearch
import cnfsweep.engine.counting as weighing
import cnfsweep.engine.position as positioning
from cnfsweep.core.board import Board
from cnfsweep.core.characters import FLAG
from cnfsweep.core.checks import count_argument
from cnfsweep.core.constraints import Constraint, CountTable, Problem, Rule
import cnfsweep.engine.analysis as analysing
from cnfsweep.engine.analysis import (
    _OFF_RATIO,
    Analysis,
    Arithmetic,
    LayoutCount,
    _LazyExact,
    Run,
    Solve,
    _scaled_exact,
    _scaled_halves,
    _scaled_one,
    analysis_of,
    no_layout,
    scaled_result,
    weigh_tables,
)
from cnfsweep.engine.backends import Backend
import cnfsweep.engine.components as solving
from cnfsweep.engine.components import ComponentCache, Counting
from cnfsweep.engine.kernels import load
from cnfsweep.engine.position import Component, Position, RecentPositions, indexed_position

__all__ = ["FIRST", "board_analysis"]

FIRST = "_first_analysis"
"""Where a fresh engine's first analysis leaves its position and solved components (see :func:`board_analysis`)."""

# The steps below in one C call where the install built it (see cnfsweep.engine.kernels); None: the general path.
_kernel = load("cnfsweep.engine._analysis")

# What the kernel needs to finish a fresh engine's analysis as scaled_result does (see _analysis.c's finished).
_KIT = (
    Position,
    Analysis,
    LayoutCount,
    _LazyExact,
    partial,
    _scaled_exact,
    _scaled_one,
    _scaled_halves,
    comb,
    time.perf_counter,
    FIRST,
    _OFF_RATIO,
)


def board_analysis(
    board: Board,
    total_mines: int | None,
    positions: RecentPositions | None,
    cache: ComponentCache | None,
    keep: dict[str, Any] | None,
    backend: Backend,
    counting: Counting,
    arithmetic: Arithmetic,
    solve: Solve,
    started: float,
) -> Analysis | None:
    """Analyse ``board`` as :meth:`Engine.analyze <cnfsweep.engine.Engine.analyze>` does, in one step where it can.

    ``total_mines`` is the caller's (``None``: the board's own), ``positions`` and ``cache`` the
    engine's, ``solve`` the engine's :meth:`~cnfsweep.engine.Engine.solve` for the general path.
    A fresh engine, which has made neither yet, gives ``None`` for both and its instance dict as
    ``keep``: the position and what was solved are left there under :data:`FIRST` (the board not
    hashed, no constructor called), for the engine to file when it first reads either.
    Returns ``None``, having done nothing, where the kernels are not all built: the caller takes
    the general path.
    """
    kernel = _kernel
    if (
        kernel is None
        or positioning.kernel is None  # the kernels it is built from, each of which tests may turn off
        or boxsearch.kernel is None
        or weighing.kernel is None
        or (counting is not Counting.AUTO and counting is not Counting.SEARCH)
    ):
        return None
    # RecentPositions.position, without its argument checks (none to make) and its call.
    total = board.total_mines if total_mines is None else count_argument(total_mines, "total_mines")
    key = (board, total, (), True)
    pos = None
    if positions is not None:
        recent = positions._recent  # the store RecentPositions.position reads and fills
        pos = recent.pop(key, None)
    solved = None
    if pos is None:
        cells, around = board.topology.tables(None)
        # The store ComponentCache.solve reads and fills; a fresh engine's own, filed into its cache later.
        store = {} if cache is None else cache._store
        found = kernel.analyze_board(
            board.grid,  # its rows joined and its flags counted off the total in C
            around,
            cells,
            Rule,
            Constraint,
            Problem,
            Component,
            CountTable,
            store,
            solving.CACHE_SIZE if cache is None else cache.maxsize,
            solving.SEARCH_NODES,  # read now, as solve_component reads it
            total,
            arithmetic is not Arithmetic.FLOAT,
            analysing.EXACT_WORK,  # read now: the limit is the analysis module's
            counting is Counting.AUTO,
            _KIT,
            keep,  # a fresh engine's: its analysis is finished in the kernel where nothing is left to do
            key,
            backend.spec,
            started,
            board.total_mines if total_mines is None else total_mines,
            analysing.LAZY_BITS,  # read now: the limit is the analysis module's
        )
        if type(found) is Analysis:  # finished in the kernel, its position left in keep
            return found
        if found is NotImplemented:
            unflagged = None if total is None else total - "".join(board.grid).count(FLAG)
            pos = indexed_position(board, {}, unflagged, True, None)
        else:
            components, off, forced, contradiction, left, solved = found
            # Position(...) without its __init__'s call: the fields direct_init's __init__ writes.
            pos = object.__new__(Position)
            pos.__dict__.update(
                board=board,
                components=components,
                off_frontier=off,
                fixed={},
                mines_left=left,
                contradiction=contradiction,
                forced=forced,
            )
        hits, misses = (0, 0) if solved is None else solved[3:5]
        if keep is not None:
            # Left for the engine to file (before any general step below reads its cache: see engine._filed).
            keep[FIRST] = (key, pos, store, hits, misses)
        else:
            assert positions is not None and cache is not None
            positions.keep(key, pos)
            cache.hits += hits
            cache.misses += misses
    elif positions is not None and positions.size > 0:
        positions._recent[key] = pos  # met again: the most recent now
    if solved is None:  # a position met before, or one the kernel left to the general path
        if pos.board is not board:
            pos = replace(pos, board=board)
        return analysis_of(pos, Run(total_mines, solve, backend.spec, arithmetic, started, None))
    forceds, tables, to_certify, _, _, weighed, decided = solved
    for problem, facts in to_certify:  # Counting.AUTO: the solver proves what the search found
        solving._certify(backend, problem, facts, None)
    spec = backend.spec
    if forceds is None:
        return no_layout(pos, Run(total_mines, solve, spec, arithmetic, started, None))
    if weighed is None or weighed is NotImplemented or weighed[0].bit_length() > analysing.LAZY_BITS:
        run = Run(total_mines, solve, spec, arithmetic, started, None)
        return weigh_tables(pos, run, tables, forceds, declined=weighed is NotImplemented)
    # weigh_scaled's Scaled, unpacked (the kernel's numbers fit 128 bits: within analysis.LAZY_BITS unless it is lowered).
    scaled, rows, off_n, top, r_top = weighed
    n_off = len(pos.off_frontier)
    return scaled_result(
        pos,
        board.total_mines if total_mines is None else total_mines,
        spec,
        started,
        forceds,
        scaled * comb(n_off, r_top) // top,
        scaled,
        rows,
        off_n,
        n_off * scaled,
        decided,
    )
