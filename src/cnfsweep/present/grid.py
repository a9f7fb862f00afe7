"""A board drawn for the terminal: column and row indices, and a mark of each cell's choosing.

Offers :func:`draw_grid` (a grid with its indices, or a graph board as a list of
cells and their neighbours), :func:`base_mark` and :data:`BASE_MARKS` (how a
revealed number or a flag is shown) and :data:`CellView`, the function a view
passes to say how each cell is marked.  The views themselves are in
:mod:`cnfsweep.present.text` and :mod:`cnfsweep.present.levels`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import groupby
from operator import itemgetter

from rich.console import Console, ConsoleOptions
from rich.segment import Segment
from rich.style import Style
from rich.text import Span, Text

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import FLAG, NUMBERS, CellKind, kind_of
from cnfsweep.core.graph import Graph, is_graph

__all__ = ["BASE_MARKS", "MERGE_SPANS_ABOVE", "CellView", "base_mark", "draw_grid"]

#: How a view marks each cell: its mark and its rich style.
CellView = Callable[[Cell], tuple[str, str]]


#: Boards of more cells than this are drawn as runs of one style, straight to rich's segments: a million
#: spans cost rich more than solving the board.  Smaller boards keep a span a cell, so their coloured
#: output stays as it was (the characters are the same either way).
MERGE_SPANS_ABOVE = 10_000


class _Runs:
    """Lines of text as runs of one style each, drawn as they are (no markup, wrapping or highlighting)."""

    def __init__(self, lines: list[list[tuple[str, str]]]) -> None:
        self.lines = lines

    @property
    def plain(self) -> str:
        """The text without its styles."""
        return "".join("".join(piece for piece, _ in line) + "\n" for line in self.lines)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        styles: dict[str, Style] = {}
        for line in self.lines:
            for piece, name in line:
                style = styles.get(name)
                if style is None:
                    style = styles[name] = console.get_style(name) if name else Style.null()
                yield Segment(piece, style)
            yield Segment.line()
        # As a Text ending in a new line prints: the view's blank line after the board.
        yield Segment.line()


def draw_grid(board: Board, view: CellView, cell_width: int = 3) -> Text | _Runs:
    """Draw the board with column and row indices, ``cell_width`` characters a cell, marks right-aligned.

    The text is put together as one string and its spans, not appended a cell
    at a time; a big board is drawn as runs of one style (see :data:`MERGE_SPANS_ABOVE`).

    Examples
    --------
    >>> print(draw_grid(Board.from_rows(["1.", ".."]), lambda cell: ("x", "")).plain, end="")
        0  1
    0   x  x
    1   x  x
    """
    if is_graph(board.topology):
        return _cell_list(board, view)
    width = len(str(board.rows - 1))
    cols = range(board.cols)
    lines = [([" " * (width + 1), *(f"{c:>{cell_width}}" for c in cols)], ["", *(["dim"] * board.cols)])]
    for r in range(board.rows):
        marks = [view(Cell(r, c)) for c in cols]
        lines.append(
            (
                [f"{r:>{width}} ", *(f"{mark:>{cell_width}}" for mark, _ in marks)],
                ["dim", *(style for _, style in marks)],
            )
        )
    if board.rows * board.cols > MERGE_SPANS_ABOVE:
        return _Runs(
            [
                [
                    ("".join(piece for piece, _ in run), style)
                    for style, run in groupby(zip(pieces, styles, strict=True), key=itemgetter(1))
                ]
                for pieces, styles in lines
            ]
        )
    parts: list[str] = []
    spans: list[Span] = []
    at = 0
    for pieces, styles in lines:
        for piece, style in zip(pieces, styles, strict=True):
            if style:
                spans.append(Span(at, at + len(piece), style))
            at += len(piece)
        parts.extend(pieces)
        parts.append("\n")
        at += 1
    return Text("".join(parts), spans=spans)


def _cell_list(board: Board, view: CellView) -> Text:
    """Draw a graph board, which has no grid: a line a cell, its name, its mark and the names of its neighbours.

    Examples
    --------
    >>> from cnfsweep.core.graph import Graph
    >>> board = Board(("1..",), topology=Graph(("a", "b", "cc"), ((0, 1), (0, 2))))
    >>> print(_cell_list(board, lambda cell: (board.char(cell), "")).plain, end="")
    cell  mark  next to
    a        1  b, cc
    b        .  a
    cc       .  a
    """
    topology = board.topology
    assert isinstance(topology, Graph)  # a grid board is drawn as a grid
    names = topology.names
    cells, around = topology.tables()
    marks = [view(c) for c in cells]
    width = max(4, *map(len, names))
    mark_width = max(4, *(len(m) for m, _ in marks))
    text = Text(f"{'cell':<{width}}  {'mark':>{mark_width}}  next to\n", style="dim")
    for name, (mark, style), near in zip(names, marks, around, strict=True):
        text.append(f"{name:<{width}}  ")
        text.append(f"{mark:>{mark_width}}", style=style)
        text.append("  " + ", ".join(names[j] for j in near) + "\n", style="dim")
    return text


def base_mark(board: Board, cell: Cell) -> tuple[str, str] | None:
    """Return the mark and style of a revealed number or a flag; ``None`` for any other cell."""
    r, c = cell
    inside = 0 <= r < board.rows and 0 <= c < board.cols
    # Straight from the grid: Board.char checks the cell again, a million times on a big board.
    return _base_char(board.grid[r][c] if inside else board.char(cell))


def _base_char(char: str) -> tuple[str, str] | None:
    kind = kind_of(char)
    if kind is CellKind.NUMBER:
        return char, "bold"
    if kind is CellKind.FLAG:
        return "F", "bold red"
    return None


#: The marks of revealed numbers and flags, by the grid's character.
BASE_MARKS = {**{n: (n, "bold") for n in NUMBERS}, FLAG: ("F", "bold red")}
