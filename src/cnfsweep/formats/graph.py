"""Graph boards: any cells and any undirected adjacency, in a JSON file.

A graph board file is one JSON object::

    {"format": "cnfsweep-graph",
     "cells": ["a", "b", "c", "d"],
     "edges": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]],
     "revealed": {"a": 1},
     "flags": ["c"],
     "mines": 2,
     "pos": {"a": [0, 0], "b": [1, 0], "c": [1, 1], "d": [0, 1]},
     "layout": ["c", "d"],
     "start": "a"}

``format``, ``cells`` and ``edges`` are needed; the rest may be left out.
Cells are named by distinct non-empty printable strings; an edge joins two
different known cells, and each edge is listed once (``["a", "b"]`` and
``["b", "a"]`` are the same edge: listing it twice is an error, as it is
most likely a mistake in whatever wrote the file).  ``revealed`` gives
the number each revealed cell shows (0 to 8, and at most the cell's
neighbours), ``flags`` the cells marked as mines; every other cell is
covered.  ``mines`` is the total, flags included (``null`` or left out:
unknown).  ``pos`` places every cell for drawing.  ``layout`` lists every
mine of the answer, as a generated board carries it, and ``start``
the cell clicked first (it needs a layout; ``first_click``, its old name, is
still read for one release, with a :class:`DeprecationWarning`).  Any other key is an error, so
that a misspelt one is not silently ignored.

The board is one row of cells in the order of ``cells``
(:class:`~cnfsweep.core.graph.Graph`).  Errors name the file, the line and
column for JSON that does not parse, and the key and item for the rest
(``edges[3]: ...``).

Examples
--------
>>> from cnfsweep.core.errors import BoardFormatError
>>> text = '{"format": "cnfsweep-graph", "cells": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"]], "revealed": {"b": 1}}'
>>> board = GraphFormat.read(text, BoardFormatError, None)
>>> board.grid, board.topology.names
(('.1.',), ('a', 'b', 'c'))
>>> GraphFormat.read(text.replace('"c"]]', '"z"]]'), BoardFormatError, None)
Traceback (most recent call last):
...
cnfsweep.core.errors.BoardFormatError: <string>: edges[1]: edge ['b', 'z'] names an unknown cell 'z'
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, ClassVar

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import COVERED, FLAG
from cnfsweep.core.deadline import check_deadline
from cnfsweep.core.errors import ArgumentError, shown
from cnfsweep.core.graph import Graph
from cnfsweep.core.layout import MineLayout, layout_conflict
from cnfsweep.core.topology import GridTopology
from cnfsweep.core.checks import json_whole, start_key, TooManyDigits
from cnfsweep.core.words import counted
from cnfsweep.formats.lines import Err, Sample

__all__ = ["FORMAT", "GraphFormat", "graph_document", "write_graph"]

FORMAT = "cnfsweep-graph"
"""The value of a graph file's ``format`` key."""
KEYS = ("format", "cells", "edges", "revealed", "flags", "mines", "pos", "layout", "start")
# Read for one release, with a warning; never written (see _start_key).
OLD_KEYS = ("first_click",)
_NEEDED = ("format", "cells", "edges")
# White space, then the brace of a JSON object: matched, not stripped, as the text may be a million-cell board.
_OPENS = re.compile(r"\s*\{")


class _Bad(Exception):
    """A problem found at a JSON path, said as ``path: message`` by the reader."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)


def _duplicates_refused(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # json.loads keeps the last of two equal keys silently: a file saying "mines" twice says two things.
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Bad("", f"duplicate key {shown(key)} in an object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise _Bad("", f"{name} is not a JSON number")


def _load(text: str, err: Err) -> Any:
    try:
        return json.loads(
            text, object_pairs_hook=_duplicates_refused, parse_constant=_no_constant, parse_int=json_whole
        )
    except json.JSONDecodeError as exc:
        raise err(f"not JSON: {exc.msg}", line=exc.lineno, column=exc.colno) from None
    except _Bad as exc:
        raise err(str(exc)) from None
    except TooManyDigits as exc:
        raise err(f"not JSON that can be read: {exc}") from None
    except RecursionError:
        raise err("not a graph board: JSON nested too deeply") from None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _names(doc: dict[str, Any], key: str, known: dict[str, int]) -> list[int]:
    """The indices of a list of cell names at ``key``, each known and listed once."""
    items = doc.get(key, [])
    if not isinstance(items, list):
        raise _Bad(key, f"expected a list of cell names, got {_kind(items)}")
    seen: dict[int, int] = {}
    for k, name in enumerate(items):
        where = f"{key}[{k}]"
        i = _cell(name, known, where)
        if i in seen:
            raise _Bad(where, f"cell {shown(name)} is listed twice (first as {key}[{seen[i]}])")
        seen[i] = k
    return list(seen)


def _cell(name: Any, known: dict[str, int], where: str) -> int:
    if not isinstance(name, str):
        raise _Bad(where, f"expected a cell name (a string), got {_kind(name)}")
    i = known.get(name)
    if i is None:
        raise _Bad(where, f"unknown cell {shown(name)}")
    return i


def _kind(value: Any) -> str:
    """Say what a JSON value is, shortly, for an error."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    kinds: dict[type, str] = {dict: "an object", list: "a list", str: "a string"}
    what = kinds.get(type(value), "a number")
    return f"{what} {shown(value, 30)}"


def _graph(doc: dict[str, Any]) -> tuple[Graph, dict[str, int]]:
    cells = doc["cells"]
    if not isinstance(cells, list) or not cells:
        raise _Bad("cells", f"expected a non-empty list of cell names, got {_kind(cells)}")
    known: dict[str, int] = {}
    for k, name in enumerate(cells):
        where = f"cells[{k}]"
        if not isinstance(name, str) or not name:
            raise _Bad(where, f"a cell name must be a non-empty string, got {_kind(name)}")
        if not name.isprintable():
            raise _Bad(where, f"cell name {shown(name)} has a control character: names are printed one a line")
        if name in known:
            raise _Bad(where, f"duplicate cell {shown(name)} (first as cells[{known[name]}])")
        known[name] = k
    edges = doc["edges"]
    if not isinstance(edges, list):
        raise _Bad("edges", f"expected a list of [cell, cell] pairs, got {_kind(edges)}")
    pairs: dict[tuple[int, int], int] = {}
    for k, edge in enumerate(edges):
        where = f"edges[{k}]"
        if not isinstance(edge, list) or len(edge) != 2 or not all(isinstance(e, str) for e in edge):
            raise _Bad(where, f'expected a pair of cell names such as ["a", "b"], got {_kind(edge)}')
        for end in edge:
            if end not in known:
                raise _Bad(where, f"edge {shown(edge)} names an unknown cell {shown(end)}")
        i, j = sorted((known[edge[0]], known[edge[1]]))
        if i == j:
            raise _Bad(where, f"edge {shown(edge)} is a self-loop: a cell is not its own neighbour")
        if (i, j) in pairs:
            raise _Bad(where, f"duplicate edge {shown(edge)} (first as edges[{pairs[i, j]}])")
        pairs[i, j] = k
    return Graph(tuple(cells), tuple(sorted(pairs)), _pos(doc, known)), known


def _pos(doc: dict[str, Any], known: dict[str, int]) -> tuple[tuple[float, float], ...] | None:
    pos = doc.get("pos")
    if pos is None:
        return None
    if not isinstance(pos, dict):
        raise _Bad("pos", f"expected an object of cell name to [x, y], got {_kind(pos)}")
    for name, xy in pos.items():
        where = f"pos[{json.dumps(name)}]"
        _cell(name, known, where)
        if (
            not isinstance(xy, list)
            or len(xy) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in xy)
        ):
            raise _Bad(where, f"expected [x, y], two finite numbers, got {_kind(xy)}")
    missing = [name for name in known if name not in pos]
    if missing:
        raise _Bad("pos", f"no position for cell {shown(missing[0])}: give every cell one, or leave 'pos' out")
    return tuple((float(pos[name][0]), float(pos[name][1])) for name in known)


def _grid(doc: dict[str, Any], graph: Graph, known: dict[str, int]) -> str:
    chars = [COVERED] * len(known)
    revealed = doc.get("revealed", {})
    if not isinstance(revealed, dict):
        raise _Bad("revealed", f"expected an object of cell name to number, got {_kind(revealed)}")
    for name, number in revealed.items():
        where = f"revealed[{json.dumps(name)}]"
        i = _cell(name, known, where)
        if not _is_int(number) or number < 0:
            raise _Bad(where, f"expected a number 0-8, got {_kind(number)}")
        degree = graph.degree(Cell(0, i))
        if number > degree:
            raise _Bad(where, f"{number} is above the {counted(degree, 'neighbour')} of cell {shown(name)}")
        if number > 8:
            raise _Bad(where, f"{number} is above 8: a board shows numbers 0-8, one digit a cell")
        chars[i] = str(number)
    for i in _names(doc, "flags", known):
        if chars[i] != COVERED:
            raise _Bad("flags", f"cell {shown(graph.names[i])} is both revealed and flagged")
        chars[i] = FLAG
    return "".join(chars)


def _mines(doc: dict[str, Any]) -> int | None:
    mines = doc.get("mines")
    if mines is not None and (not _is_int(mines) or mines < 0):
        raise _Bad("mines", f"expected a whole number of mines (or null), got {_kind(mines)}")
    return mines


def _start_key(doc: dict[str, Any]) -> str:
    """Return the key that holds the cell clicked first: ``start``, or ``first_click``, its deprecated name."""
    try:
        return start_key(doc, "a graph file")
    except ArgumentError as both:
        raise _Bad("first_click", str(both)) from None


def _layout(doc: dict[str, Any], graph: Graph, known: dict[str, int], row: str, mines: int | None) -> MineLayout | None:
    key = _start_key(doc)
    first = doc.get(key)
    if "layout" not in doc:
        if first is not None:
            raise _Bad(key, "needs a 'layout' of the board's mines")
        return None
    layout = MineLayout(
        frozenset(Cell(0, i) for i in _names(doc, "layout", known)),
        None if first is None else Cell(0, _cell(first, known, key)),
    )
    if mines is not None and mines != layout.count:
        raise _Bad("mines", f"{mines} but the layout has {counted(layout.count, 'mine')}")
    conflict = layout_conflict((row,), layout, graph)
    if conflict is not None:
        cell, why = conflict
        name = graph.names[cell[1]]
        if first is not None and name == first and "first click" in why:
            raise _Bad(key, f"{shown(first)} {why.removeprefix('the first click ')}")
        raise _Bad("layout", f"cell {shown(name)}: {why}")
    return layout


class GraphFormat:
    """Graph board files (this module): JSON, detected by their ``{`` or a ``.json`` name."""

    name: ClassVar[str] = "graph"
    description: ClassVar[str] = "a JSON graph board: named cells, edges, revealed numbers, flags (cnfsweep-graph)"
    suffixes: ClassVar[tuple[str, ...]] = (".json",)
    priority: ClassVar[int] = 10
    labels: ClassVar[bool] = False
    layouts: ClassVar[bool] = True
    writes: ClassVar[bool] = True

    @staticmethod
    def detect(sample: Sample) -> bool:
        """A text whose first character that is not white space is ``{``: a JSON object, as no other format starts."""
        return _OPENS.match(sample.text) is not None

    @staticmethod
    def read(text: str, err: Err, deadline: float | None) -> Board:
        """Read a graph board file (see the module docstring)."""
        doc = _load(text, err)
        check_deadline(deadline)
        try:
            if not isinstance(doc, dict):
                raise _Bad("", f"expected a JSON object with 'format': {json.dumps(FORMAT)}, got {_kind(doc)}")
            if doc.get("format") != FORMAT:
                got = "no 'format' key" if "format" not in doc else f"'format' is {_kind(doc['format'])}"
                raise _Bad("", f"{got}: expected 'format': {json.dumps(FORMAT)}")
            unknown = [k for k in doc if k not in KEYS and k not in OLD_KEYS]
            if unknown:
                raise _Bad("", f"unknown key {shown(unknown[0])}: expected {', '.join(KEYS[:-1])} or {KEYS[-1]}")
            missing = [k for k in _NEEDED if k not in doc]
            if missing:
                raise _Bad("", f"no {missing[0]!r} key: a graph board needs 'cells' and 'edges'")
            graph, known = _graph(doc)
            check_deadline(deadline)
            row = _grid(doc, graph, known)
            mines = _mines(doc)
            layout = _layout(doc, graph, known, row, mines)
        except _Bad as exc:
            raise err(str(exc)) from None
        return Board((row,), mines, layout, topology=graph)

    @staticmethod
    def write(board: Board) -> str:
        """Write ``board`` as a graph file (see :func:`write_graph`)."""
        return write_graph(board)


def graph_document(board: Board) -> dict[str, Any]:
    """Return the JSON document of ``board`` as a graph file.

    A grid board becomes the graph of its cells (named ``R,C``) and its
    topology's neighbours, so every board can be written as a graph; labels
    are left out (a graph board has none: its cells are covered).

    Examples
    --------
    >>> doc = graph_document(Board.from_rows(["1*"], total_mines=1))
    >>> doc["cells"], doc["edges"], doc["revealed"], doc["flags"]
    (['0,0', '0,1'], [['0,0', '0,1']], {'0,0': 1}, ['0,1'])
    """
    topology = board.topology
    names = [topology.cell_text(c) for c in topology.tables().cells]
    if isinstance(topology, Graph):
        edges = [[names[i], names[j]] for i, j in topology.edges]
    else:
        assert isinstance(topology, GridTopology)
        around = topology.tables().around
        edges = [[names[i], names[j]] for i, near in enumerate(around) for j in near if i < j]
    flat = "".join(board.grid)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "cells": names,
        "edges": edges,
        "revealed": {names[i]: int(ch) for i, ch in enumerate(flat) if ch.isdigit()},
        "flags": [names[i] for i, ch in enumerate(flat) if ch == FLAG],
        "mines": board.total_mines,
    }
    pos = getattr(topology, "pos", None)
    if pos is not None:
        doc["pos"] = {name: list(xy) for name, xy in zip(names, pos, strict=True)}
    layout = board.layout
    if layout is not None:
        index: dict[tuple[int, int], int] = {cell: i for i, cell in enumerate(topology.tables().cells)}
        doc["layout"] = [names[index[c]] for c in sorted(layout.mines)]
        if layout.start is not None:
            doc["start"] = names[index[layout.start]]
    return doc


def write_graph(board: Board) -> str:
    """Write ``board`` as a graph file: one key a line, each value on its line as compact JSON.

    Examples
    --------
    >>> print(write_graph(Board.from_rows(["1."])), end="")
    {"format": "cnfsweep-graph",
     "cells": ["0,0", "0,1"],
     "edges": [["0,0", "0,1"]],
     "revealed": {"0,0": 1},
     "flags": [],
     "mines": null}
    """
    doc = graph_document(board)
    return "{" + ",\n ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in doc.items()) + "}\n"
