"""Consistency levels for people: the poster's colours, the words for each level, and the terminal view.

Bayer, Snyder and Choueiry colour the cells GAC decides blue, those 2-RC
decides green and those 3-RC decides yellow; higher levels, the numbers'
exact analysis (``full``) and the total mine count (``total``) get colours
of their own.  The SVG picture (:mod:`cnfsweep.present.svg`) and the page use
the same ones, and the same words: ``GAC (one number)``, ``2-RC (pairs)``,
``3-RC (triples)``.  A terminal of 16 colours cannot tell the poster's colours
apart (its blue and the purple of ``full`` are one colour there), so it gets
16 colours of its own, one per level.  In the terminal every decided cell also
reads without colour: ``s`` (safe) or ``M`` (mine) and its level's mark
(``1``-``8``, ``f`` for full, ``t`` for total).
"""

from __future__ import annotations

from rich.color import ColorSystem
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.words import counted
from cnfsweep.engine.consistency_levels import FULL, TOTAL, ConsistencyLevels
from cnfsweep.present.grid import base_mark, draw_grid
from cnfsweep.present.summary import percent, place

__all__ = [
    "LEVEL_COLOURS",
    "LEVEL_COLOURS_16",
    "level_colour",
    "level_lines",
    "level_mark",
    "level_style",
    "level_title",
    "levels_view",
]

#: Fill colour of each level: the poster's blue, green and yellow first.
LEVEL_COLOURS = {
    "1": "#3b7ddd",
    "2": "#43a84a",
    "3": "#f0c419",
    "4": "#f08a24",
    "5": "#b5651d",
    "6": "#17a5b8",
    "7": "#e377c2",
    "8": "#a6a61c",
    FULL: "#8e5cc4",
    TOTAL: "#d04f6b",
}


#: The terminal colour (of the 16 standard ones) of each level where only those are shown, each its own,
#: as near the poster's colour as 16 allow.
LEVEL_COLOURS_16 = {
    "1": "bright_blue",
    "2": "green",
    "3": "bright_yellow",
    "4": "yellow",
    "5": "red",
    "6": "cyan",
    "7": "bright_magenta",
    "8": "bright_green",
    FULL: "magenta",
    TOTAL: "bright_red",
}
# As rich names them (``Console.color_system``) and as its enum does.
_SIXTEEN = ("standard", "windows", ColorSystem.STANDARD, ColorSystem.WINDOWS)
#: The words of the first levels, as the page's legend says them.
_WORDS = {"1": "one number", "2": "pairs", "3": "triples"}


def level_style(name: str, colours: ColorSystem | str | None = None) -> str:
    """Return the rich style of a level's cells on a terminal of ``colours`` (the poster's colours unless 16).

    ``colours`` is a terminal's colour system as rich says it (``"standard"``, ``"256"`` ...) or its enum.

    Examples
    --------
    >>> level_style("1"), level_style("1", "standard"), level_style("full", ColorSystem.STANDARD)
    ('bold black on #3b7ddd', 'bold black on bright_blue', 'bold black on magenta')
    """
    return f"bold black on {LEVEL_COLOURS_16[name] if colours in _SIXTEEN else LEVEL_COLOURS[name]}"


def level_colour(name: str) -> str:
    """Return the fill colour of a level by name.

    Examples
    --------
    >>> level_colour("1"), level_colour("total")
    ('#3b7ddd', '#d04f6b')
    """
    return LEVEL_COLOURS[name]


def level_title(name: str) -> str:
    """Say what a level is in a few words.

    Examples
    --------
    >>> [level_title(n) for n in ("1", "2", "3", "4", "full", "total")]
    ['GAC (one number)', '2-RC (pairs)', '3-RC (triples)', '4-RC (sets of 4)', 'all the numbers', 'the total']
    """
    if name == FULL:
        return "all the numbers"
    if name == TOTAL:
        return "the total"
    return f"{'GAC' if name == '1' else f'{name}-RC'} ({_WORDS.get(name, f'sets of {name}')})"


def level_mark(name: str) -> str:
    """Return the one character that stands for a level in the terminal: its number, ``f`` or ``t``."""
    return {FULL: "f", TOTAL: "t"}.get(name, name)


def _cells(cells: tuple[Cell, ...], board: Board) -> str:
    # A graph's cells by name, a grid's as (r, c).
    return ", ".join(place(board, c).removeprefix("cell ") for c in cells)


def level_lines(result: ConsistencyLevels) -> list[str]:
    """Sum up the levels in words: how many cells each decides, the steps, or where the position breaks.

    Examples
    --------
    >>> from cnfsweep import Board, levels
    >>> for line in level_lines(levels(Board.from_rows(["...", "121"]), steps=True)):
    ...     print(line)
    GAC (one number): 0   2-RC (pairs): 1 safe, 2 mines   3-RC (triples): 0   all the numbers: 0   the total: 0   undecided: 0
    step 1, 2-RC (pairs): mines (0, 0), (0, 2)
    step 2, GAC (one number) after 2-RC (pairs): safe (0, 1)
    """
    parts = []
    for name in result.names:
        safe, mines = result.cells(name)
        said = f"{len(safe)} safe, {counted(len(mines), 'mine')}" if safe or mines else "0"
        parts.append(f"{level_title(name)}: {said}")
    counts = "   ".join([*parts, f"undecided: {len(result.undecided)}"])
    # Without a layout nothing is decided: the counts only say how far propagation got.
    lines = [counts if result.consistent else f"before the conflict: {counts}"]
    for i, step in enumerate(result.rounds or (), 1):
        ran = level_title(str(step.level))
        if step.phase != step.level:
            ran += f" after {level_title(str(step.phase))}"
        decided = [f"safe {_cells(step.safe, result.board)}"] if step.safe else []
        decided += [f"mines {_cells(step.mines, result.board)}"] if step.mines else []
        if step.conflict is not None:
            decided.append(f"no solution for the numbers at {_cells(step.conflict, result.board)}")
        lines.append(f"step {i}, {ran}: {'; '.join(decided)}")
    if not result.consistent:
        level = result.inconsistent_level or ""
        numbers = ", ".join(f"the {result.board.char(c)} at {place(result.board, c)}" for c in result.conflict or ())
        hold = "cannot all hold" if len(result.conflict or ()) > 1 else "cannot hold"
        if level == TOTAL:
            assert result.total_mines is not None  # only a total can be the level that failed
            lines.append(
                f"inconsistent: no layout has {counted(result.total_mines, 'mine')}; {numbers or 'the flags'} and the total "
                "cannot all hold"
            )
        elif level == FULL:
            lines.append(f"inconsistent: no level up to {result.max_level} finds it, but {numbers} {hold}")
        else:
            lines.append(
                f"inconsistent: level {level}, {level_title(level)}, finds no layout: with the cells decided "
                f"before, {numbers} {hold}"
            )
    return lines


def levels_view(result: ConsistencyLevels) -> RenderableType:
    """Show the board with every decided cell coloured by its level, a legend and the counts.

    On an inconsistent position no cell is decided (no layout fits the numbers):
    covered cells are left covered and the numbers of the conflict are shown in
    brackets.  The legend says what each mark on the board means, ``?`` (a cell
    off the numbers' reach, whose chance needs the total) included.

    Examples
    --------
    >>> from rich.console import Console
    >>> from cnfsweep import Board, levels
    >>> console = Console(width=80, color_system=None)
    >>> with console.capture() as cap:
    ...     console.print(levels_view(levels(Board.from_rows(["...", "121", "000"]))))
    >>> print(cap.get().splitlines()[1])
    0   M2  s2  M2
    """
    return _LevelsView(result)


class _LevelsView:
    """The levels view, its colours chosen for the terminal it is drawn on."""

    def __init__(self, result: ConsistencyLevels) -> None:
        self.result = result

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield _levels_group(self.result, console.color_system)


def _levels_group(result: ConsistencyLevels, colours: str | None) -> Group:
    board = result.board
    analysis = result.analysis
    conflict = set(result.conflict or ())
    unknown = False

    def view(cell: Cell) -> tuple[str, str]:
        nonlocal unknown
        base = base_mark(board, cell)
        if base is not None:
            return (f"[{base[0]}]", "bold white on red") if cell in conflict else base
        if not result.consistent:
            return ".", "dim"  # what was decided before the conflict was found holds in no layout
        found = result.decided.get(cell)
        if found is None:
            p = analysis.exact(cell) if analysis is not None and analysis.consistent else None
            unknown = unknown or p is None
            return ("?" if p is None else percent(p)), "dim"
        name, mine = found
        return ("M" if mine else "s") + level_mark(name), level_style(name, colours)

    grid = draw_grid(board, view, 4)
    legend = Text("legend: ")
    if result.consistent:
        for name in result.names:
            legend.append(f" s{level_mark(name)} M{level_mark(name)} ", style=level_style(name, colours))
            legend.append(f" {level_title(name)}  ")
        legend.append("(s safe, M mine; an undecided cell shows its mine probability")
        legend.append("; ? one that needs the total mine count, which is not given)" if unknown else ")")
    else:
        legend.append("[n]", style="bold white on red")
        legend.append(" numbers that cannot all hold  ")
        legend.append(".", style="dim")
        legend.append(" covered: no layout fits the numbers, so no cell is decided")
    style = "" if result.consistent else "bold red"
    return Group(grid, legend, Text(""), Text("\n".join(level_lines(result)), style=style))
