"""The JSON document of an analysis (``cnfsweep solve --json``), as a dict or as its text.

A 1000x1000 board's document has two grids of a million cells.  Cells share
their values (every cell off the frontier has the same probability, every
revealed number none), so each distinct value is converted once; the text
is built a row at a time from the board's own row with one
:meth:`str.translate`, the frontier's few cells of the row written in
between, and the clock is read between rows, so a time limit that runs out
while the answer is written is noticed there.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from cnfsweep.core.characters import CellKind, kind_of
from cnfsweep.core.deadline import checked
from cnfsweep.core.graph import is_graph, json_cell
from cnfsweep.core.jsontext import dumps
from cnfsweep.core.exact import exact_text, int_text

__all__ = ["analysis_dict", "analysis_json"]

_GRIDS = ("probabilities", "exact")
# Rows of a grid between two readings of the clock.
_ROWS = 64


def _values(analysis: Any, deadline: float | None) -> tuple[dict[int, float | None], dict[int, str | None]]:
    """Each distinct probability object's float and exact text, keyed by identity (``None`` included).

    Hashing a Fraction costs more than converting it; an approximate analysis
    has no exact text for probabilities strictly between 0 and 1.
    """
    distinct = {id(p): p for p in analysis.frontier_exact.values()}
    off = analysis.off_frontier_exact
    if off is not None:
        distinct[id(off)] = off
    floats: dict[int, float | None] = {id(None): None}
    texts: dict[int, str | None] = {id(None): None}
    approximate = analysis.approximate
    for key, p in checked(distinct.items(), deadline, 256):
        n, d = p.numerator, p.denominator  # probabilities: 0 <= n <= d, so 0 and 1 are told apart by n alone
        floats[key] = n / d
        texts[key] = None if approximate and 0 < n < d else exact_text(p)
    return floats, texts


def _start(analysis: Any) -> dict[str, Fraction | None]:
    """What each grid character stands for before the frontier is written over it."""
    off = analysis.off_frontier_exact if analysis.consistent else None
    return {ch: off if kind_of(ch) is CellKind.COVERED else None for ch in set().union(*analysis.board.grid)}


def _exact_grid(analysis: Any, deadline: float | None) -> list[list[Fraction | None]]:
    board = analysis.board
    start = _start(analysis)
    grid = [list(map(start.__getitem__, row)) for row in checked(board.grid, deadline, _ROWS)]
    if analysis.consistent:
        for (r, c), p in checked(analysis.frontier_exact.items(), deadline, 65_536):
            grid[r][c] = p
    return grid


def _rest(analysis: Any, deadline: float | None) -> dict[str, Any]:
    """The document with its grids left ``None``, in the order of its keys."""
    board = analysis.board
    cell = json_cell(board.topology)
    return {
        "status": "solved",
        "consistent": analysis.consistent,
        "rows": board.rows,
        "cols": board.cols,
        "total_mines": analysis.total_mines,
        "format": board.format,
        "safe": [cell(c) for c in checked(analysis.safe, deadline, 65_536)],
        "mines": [cell(c) for c in checked(analysis.mines, deadline, 65_536)],
        "probabilities": None,
        "exact": None,
        "best_guess": None if analysis.best_guess is None else cell(analysis.best_guess),
        "approximate": analysis.approximate,
        "solutions": None if analysis.solutions is None else int_text(analysis.solutions),
        "log10_solutions": analysis.log10_solutions,
        "components": analysis.components,
        "backend": analysis.backend,
        "seconds": round(analysis.seconds, 6),
    }


def analysis_dict(analysis: Any, deadline: float | None = None) -> dict[str, Any]:
    """Return :meth:`Analysis.to_dict() <cnfsweep.engine.analysis.Analysis.to_dict>`."""
    doc = _rest(analysis, deadline)
    grid = _exact_grid(analysis, deadline)
    both: tuple[dict[int, Any], ...] = _values(analysis, deadline)
    for name, values in zip(_GRIDS, both, strict=True):
        doc[name] = [list(map(values.__getitem__, map(id, row))) for row in checked(grid, deadline, _ROWS)]
    topology = analysis.board.topology
    if is_graph(topology):
        # A graph has no grid: each cell's value under its name, in the order of the cells.
        for name in _GRIDS:
            doc[name] = dict(zip(topology.names, doc[name][0], strict=True))
    return doc


def analysis_json(analysis: Any, deadline: float | None = None) -> str:
    """Return ``json.dumps(analysis.to_dict())``, built row by row from the board's text."""
    if is_graph(analysis.board.topology):  # no rows to build it from, and no board of a million cells
        return dumps(analysis_dict(analysis, deadline), deadline)
    doc = _rest(analysis, deadline)
    both: tuple[dict[int, Any], ...] = _values(analysis, deadline)
    by_row = _frontier_by_row(analysis, deadline)
    grids = {name: _grid_json(analysis, values, by_row, deadline) for name, values in zip(_GRIDS, both, strict=True)}
    return (
        "{"
        + ", ".join(
            f"{json.dumps(key)}: {grids[key] if key in grids else dumps(value, deadline)}" for key, value in doc.items()
        )
        + "}"
    )


def _frontier_by_row(analysis: Any, deadline: float | None) -> dict[int, tuple[list[int], list[int]]]:
    """The frontier's cells row by row: their columns and the identities of their probabilities."""
    by_row: dict[int, tuple[list[int], list[int]]] = {}
    if analysis.consistent:
        for (r, c), p in checked(analysis.frontier_exact.items(), deadline, 65_536):
            cols, keys = by_row.setdefault(r, ([], []))
            cols.append(c)
            keys.append(id(p))
    return by_row


def _json_texts(values: dict[int, Any]) -> dict[int, str]:
    # json.dumps writes a finite float as repr does, and a Fraction's text needs no escaping; the rest it writes.
    return {
        key: repr(v) if type(v) is float and v - v == 0 else '"' + v + '"' if type(v) is str else json.dumps(v)
        for key, v in values.items()
    }


def _grid_json(
    analysis: Any, values: dict[int, Any], by_row: dict[int, tuple[list[int], list[int]]], deadline: float | None
) -> str:
    text = _json_texts(values)
    start = {ch: text[id(p)] for ch, p in _start(analysis).items()}
    # A row without frontier cells is its characters translated, each to its cell's text and a separator
    # (the last cut off); a row with some is a list of texts with the frontier's written over it.
    table = str.maketrans({ch: t + ", " for ch, t in start.items()})
    rows = []
    for r, row in enumerate(checked(analysis.board.grid, deadline, _ROWS)):
        frontier = by_row.get(r)
        if frontier is None:
            rows.append("[" + row.translate(table)[:-2] + "]")
            continue
        cells = list(map(start.__getitem__, row))
        for c, key in zip(*frontier, strict=True):
            cells[c] = text[key]
        rows.append("[" + ", ".join(cells) + "]")
    return "[" + ", ".join(rows) + "]"
