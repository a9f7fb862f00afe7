"""Human-readable views of analyses and checks, built with rich.

Colour helps but is never needed: every mark is also a distinct character,
so a view piped through ``cat`` or read by a screen reader says the same:
revealed numbers are bare digits, probabilities end in ``%`` and the best
guess is marked ``>``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cnfsweep.engine.analysis import Analysis
from cnfsweep.experiments.campaign import PlayConfig, PlayStats
from cnfsweep.engine.backends import BackendInfo
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import CellKind
from cnfsweep.core.words import counted
from cnfsweep.engine.consistency import CheckResult
from cnfsweep.play.records import GameRecord
from cnfsweep.play.registry import policy_parameters
from cnfsweep.experiments.records import records_for
from cnfsweep.explanation import GradeReport, Hint
from cnfsweep.present.grid import BASE_MARKS, base_mark, draw_grid
from cnfsweep.present.summary import grade_hint, grade_lines, hint_text, percent, place, summary_lines


def _heat(p: Fraction) -> str:
    if p < Fraction(1, 5):
        return "green"
    if p < Fraction(1, 2):
        return "yellow"
    return "red"


def _probability_mark(p: Fraction) -> tuple[str, str]:
    """The mark and style of a covered cell that is not a certain mine: a board has few distinct probabilities."""
    return ("s", "bold green") if p == 0 else (percent(p), _heat(p))


def analysis_view(analysis: Analysis) -> RenderableType:
    """Show the board with certain cells and percentages, a legend and a summary.

    Examples
    --------
    >>> from rich.console import Console
    >>> from cnfsweep import Board, analyze
    >>> console = Console(width=60, color_system=None)
    >>> with console.capture() as cap:
    ...     console.print(analysis_view(analyze(Board.from_rows(["...", "121"]))))
    >>> print(cap.get().splitlines()[1])
    0    M  >s   M
    >>> with console.capture() as cap:
    ...     console.print(analysis_view(analyze(Board.from_rows(["1.", ".."]))))
    >>> print(cap.get().splitlines()[1:3])
    ['0     1 >33%', '1   33%  33%']
    """
    board = analysis.board
    grid, best = board.grid, analysis.best_guess
    frontier = analysis.frontier_exact if analysis.consistent else {}

    def mark(p: Fraction | None, is_best: bool) -> tuple[str, str]:
        if p is None:
            return "?", "dim"
        if p == 1:
            return "M", "bold red"
        mark, style = _probability_mark(p)
        return (">" + mark, style + " underline reverse") if is_best else (mark, style)

    # Worked out once, not per cell: a 1000x1000 board has a million cells and few distinct marks.
    off = mark(analysis.off_frontier_exact if analysis.consistent else None, False)
    best_mark = None if best is None else mark(analysis.exact(best), True)
    # Keyed by identity: the cells of a box share one value, and hashing a Fraction of huge integers
    # costs more than its mark (the values live in the analysis, so no identity is reused meanwhile).
    marks: dict[int, tuple[str, str]] = {}

    def view(cell: Cell) -> tuple[str, str]:
        base = BASE_MARKS.get(grid[cell[0]][cell[1]])
        if base is not None:
            return base
        if not analysis.consistent:
            return board.char(cell), "dim"  # no layout fits: covered cells have no probability to show
        if cell == best:
            assert best_mark is not None
            return best_mark
        p = frontier.get(cell)
        if p is None:
            return off
        found = marks.get(id(p))
        if found is None:
            found = marks[id(p)] = mark(p, False)
        return found

    unknown: list[str | tuple[str, str]] = (
        [("?", "dim"), " unknown (no total given)  "] if analysis.total_mines is None else []
    )
    legend = (
        Text.assemble(
            "legend: ",
            ("s", "bold green"),
            " certainly safe  ",
            ("M", "bold red"),
            " certainly a mine  ",
            ("F", "bold red"),
            " flag  ",
            ("12%", "yellow"),
            " mine probability  ",
            *unknown,
            (">", "underline reverse"),
            " best guess",
        )
        if analysis.consistent
        else Text.assemble("legend: ", ("F", "bold red"), " flag  ", (".", "dim"), " covered")
    )
    return Group(
        *_detected(board),
        draw_grid(board, view, _width(analysis.best_guess, analysis.exact)),
        legend,
        Text(""),
        analysis_summary(analysis),
    )


def _width(guess: Cell | None, probability: Callable[[Cell], Fraction | None]) -> int:
    # Four characters a cell: up to three for a mark ('99%') and one for a space; five when the
    # best guess's mark ('>33%') takes four, so that it never runs into the number before it.
    p = None if guess is None else probability(guess)
    return 5 if p is not None and len(percent(p)) == 3 and p not in (0, 1) else 4


def _detected(board: Board) -> list[Text]:
    """Say which format was detected, when it is not the native one: the board may not be what its author meant."""
    read_as = board.read_as
    # A graph board is JSON, which no other format could be taken for.
    if read_as is None or not read_as.detected or read_as.format in ("native", "graph"):
        return []
    if read_as.format == "picture":
        return [Text("read from a picture (cnfsweep read shows each cell's confidence)", style="dim")]
    return [Text(f"read as {read_as.format} text (detected; --format chooses another)", style="dim")]


def analysis_summary(analysis: Analysis) -> Text:
    """Summarise an analysis in a few lines (see :func:`~cnfsweep.present.summary.summary_lines`)."""
    return Text("\n".join(summary_lines(analysis)), style="" if analysis.consistent else "bold red")


def check_view(board: Board, result: CheckResult) -> RenderableType:
    """Show a witness layout, or the conflicting numbers, on the board."""
    if result.consistent:
        mines = set(result.witness_mines or ())

        def witness(cell: Cell) -> tuple[str, str]:
            if board.kind(cell) is CellKind.NUMBER:
                return board.char(cell), "bold"
            if cell in mines:
                return "*", "bold red"
            return board.char(cell) if board.char(cell) != "." else "-", "dim"

        head = Text(f"consistent: one layout with {counted(len(mines), 'mine')} (* below)", style="bold green")
        return Group(*_detected(board), head, draw_grid(board, witness))
    conflict = set(result.conflict or ())

    def blame(cell: Cell) -> tuple[str, str]:
        base = base_mark(board, cell) or (board.char(cell), "dim")
        return (base[0], "bold white on red") if cell in conflict else (base[0], "dim")

    names = ", ".join(f"{board.char(c)} at {place(board, c, rows=True)}" for c in sorted(conflict))
    parts = [names] if names else []
    if result.total_in_conflict:
        parts.append("the total mine count")
    head = Text("inconsistent: these cannot all hold: " + "; ".join(parts), style="bold red")
    return Group(*_detected(board), head, draw_grid(board, blame))


def hint_view(result: Hint) -> RenderableType:
    """Show the board with the hinted move and the numbers of its reason, and say why in words.

    The move is marked ``>s`` (open it), ``>M`` (flag it) or ``>`` and its
    probability (a guess); the numbers of the first move's reason are shown in
    brackets (``[2]``); with every certain cell asked for, the others are
    marked ``s`` and ``M``.

    Examples
    --------
    >>> from rich.console import Console
    >>> from cnfsweep import Board
    >>> from cnfsweep.explanation import hint
    >>> console = Console(width=80, color_system=None)
    >>> with console.capture() as cap:
    ...     console.print(hint_view(hint(Board.from_rows(["...", "121"]))))
    >>> print(cap.get().rstrip())
         0   1   2
    0   >M   .   .
    1    1 [2] [1]
    <BLANKLINE>
    (0, 0) is a mine: the 2 at (1, 1) and the 1 at (1, 2) force it
    """
    board, first = result.board, result.move
    reason = set(first.reason.numbers) if first is not None and first.reason is not None else set()
    marks = {m.cell: m for m in result.moves}
    safest = first.safest if first is not None else None

    def view(cell: Cell) -> tuple[str, str]:
        base = base_mark(board, cell)
        if base is not None:
            return (f"[{base[0]}]", "bold reverse") if cell in reason else base
        move = marks.get(cell)
        if move is None:
            if cell == safest and first is not None and first.safest_probability is not None:
                return percent(first.safest_probability), "bold yellow"  # beside a forced guess, the safest cell
            return board.char(cell), "dim"
        if not move.certain:
            p = move.probability
            return ">" + ("?" if p is None else percent(p)), "bold yellow underline reverse"
        mark, style = ("M", "bold red") if move.mine else ("s", "bold green")
        return (">" + mark, style + " underline reverse") if move is first else (mark, style)

    lines = hint_text(result)
    style = "bold red" if not result.consistent else ""
    guess = first.cell if first is not None and not first.certain else None
    return Group(
        draw_grid(board, view, _width(guess, lambda _: first.probability if first else None)),
        Text("\n".join(lines), style=style),
    )


def grade_view(report: GradeReport) -> RenderableType:
    """Show a grade: the grade and the steps (:func:`~cnfsweep.present.summary.grade_lines`), then
    the hardest step's position with its first move and reason (as :func:`hint_view` shows a hint),
    or, for a board that needs a guess, the position where nothing is certain and the best guess.

    Examples
    --------
    >>> from rich.console import Console
    >>> from cnfsweep.explanation import grade_layout
    >>> console = Console(width=80, color_system=None)
    >>> with console.capture() as cap:
    ...     console.print(grade_view(grade_layout(3, 5, [(0, 0), (2, 1)], (0, 2))))
    >>> print(cap.get().rstrip())
    grade: easy (single numbers, and at most 3 steps of two numbers)
    3x5, 2 mines, first click (0, 2), the player uses the total mine count
    3 steps; the numbers each step's smallest reason needs, in order: 1 2 1
    steps by size: 1: 2, 2: 1
    hardest: step 2 of 3, two numbers (1 cell)
    <BLANKLINE>
         0   1   2   3   4
    0    . [1]   0   0   0
    1    . [2]   1   0   0
    2   >s   F   1   0   0
    <BLANKLINE>
    (2, 0) is safe: the 1 at (0, 1) and the 2 at (1, 1) force it
    """
    head = Text("\n".join(grade_lines(report)), style="bold red" if report.grade is None else "")
    shown = grade_hint(report)
    if shown is None:
        return head
    parts: list[RenderableType] = [head, Text(""), hint_view(shown)]
    step = report.hardest_step
    if report.grade is not None and step is not None and len(step.moves) > 1:
        others = len(step.moves) - 1
        parts.append(Text(f"(and {others} other move{'' if others == 1 else 's'} with reasons of the same size)"))
    return Group(*parts)


def backends_table(infos: Sequence[BackendInfo]) -> RenderableType:
    """Tabulate the registered backends, then the configurations usable here."""
    table = Table("backend", "available", "version", "counts models", "cores", "description")
    for info in infos:
        table.add_row(
            info.name,
            "yes" if info.available else "no",
            info.version or "-",
            "yes" if info.counts_models else "small only",
            "yes" if info.gives_cores else "no",
            info.description,
        )
    usable = Text("usable here (each probed: it honours assumptions and reports cores):\n")
    for info in infos:
        usable.append(f"  {info.name}: {', '.join(info.variants) or 'none'}\n")
    return Group(table, usable)


def game_view(name: str, record: GameRecord) -> RenderableType:
    """Show how one game on a given board went: the outcome, its clicks and its guesses."""
    level = record.level
    outcome = Text("won", style="bold green") if record.won else Text("lost", style="bold red")
    guesses = [m for m in record.moves[1:] if not m.certain]
    lines = [
        Text.assemble(
            f"{name}: {level.size_text}, ",
            outcome,
            f" in {counted(len(record.moves), 'click')}, {counted(len(guesses), 'guess')}, "
            f"{record.seconds * 1000:.1f} ms",
        ),
    ]
    for move in guesses:
        lines.append(
            Text(f"  guess at row {move.cell.row}, col {move.cell.col}: mine probability {percent(move.p_mine)}")
        )
    if record.loss_cause is not None:
        lines.append(Text(f"lost by: {record.loss_cause.value}"))
    return Group(*lines)


def play_view(config: PlayConfig, stats: PlayStats) -> RenderableType:
    """Show a run's results beside the published records for the same board and rule."""
    level = config.level
    lo, hi = stats.ci95
    boards = (
        f"first click {config.first_click.value}"
        if config.no_guess is None
        else f"no-guess boards (logic {config.no_guess.value})"
    )
    shape = "" if level.topology_name == "square" else f" {level.topology_name}"
    title = f"{level.name}{shape} {level.size_text}, {boards}, policy {config.policy}"
    table = Table("solver", "win rate", "95% interval", "games", "ms per game (mean / median)", title=title)
    table.add_row(
        "cnfsweep (this run)",
        f"{stats.win_rate:.2%}",
        f"{lo:.2%} - {hi:.2%}",
        str(stats.games),
        f"{stats.mean_ms:.1f} / {stats.median_ms:.1f}",
        style="bold",
    )
    # The published records are for random square boards, not no-guess ones nor other grids.
    published = config.no_guess is None and level.topology_name == "square"
    for record in records_for(level.rows, level.cols, level.mines, config.first_click) if published else ():
        table.add_row(f"{record.solver} ({record.source})", f"{record.win_rate}%", "", record.games, "")
    losses = ", ".join(f"{cause}: {n}" for cause, n in stats.losses.items())
    lines = [
        f"wins {stats.wins} of {stats.games}; guesses per game {stats.guesses_per_game:.2f}; losses by cause: {losses}"
    ]
    parameters = policy_parameters(config.policy)
    if parameters:
        lines.append("parameters: " + ", ".join(f"{k}={_on_off(v)}" for k, v in parameters.items()))
    if stats.guess_rules:
        lines.append("guesses chosen by: " + ", ".join(f"{rule} {n}" for rule, n in stats.guess_rules.items()))
    if stats.guess_ms:
        lines.append("ms per guess: " + ", ".join(f"{k} {v:.1f}" for k, v in stats.guess_ms.items()))
    return Group(table, Text("\n".join(lines)))


def _on_off(value: object) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)
