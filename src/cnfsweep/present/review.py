"""A reviewed game for people: the terminal report (rich), one position as text or SVG, and the words the timeline picture shares.

Examples
--------
>>> from fractions import Fraction
>>> LABEL_WORDS[Label.NEEDLESS_GUESS], safer_text(Fraction(1, 2), Fraction(1, 5))
('needless guess', '2.5x the risk of the safest cell (20%)')
"""

from __future__ import annotations

from fractions import Fraction

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cnfsweep.core.board import Cell
from cnfsweep.core.words import counted
from cnfsweep.engine import Analysis
from cnfsweep.formats.game_records import ClickKind
from cnfsweep.present.cellshapes import shapes_for
from cnfsweep.present.grid import base_mark, draw_grid
from cnfsweep.play.level import format_size
from cnfsweep.present.summary import percent
from cnfsweep.present.svg import HEAD, PAD, default_cell_size, render_svg
from cnfsweep.replay import ClickReview, GameReview, Label

__all__ = [
    "LABEL_COLOURS",
    "LABEL_WORDS",
    "LUCK_WORDS",
    "click_line",
    "position_view",
    "review_view",
    "safer_text",
    "safest_text",
    "step_svg",
    "summary_words",
]

#: The red of the player's flags on a step's picture.
FLAG_RED = "#d93025"

#: Each label in words.
LABEL_WORDS = {
    Label.DEDUCTION: "deduction",
    Label.BEST_GUESS: "best guess",
    Label.NEEDLESS_GUESS: "needless guess",
    Label.MISTAKE: "mistake",
    Label.FATAL: "fatal",
}
#: Each label's colour, in the terminal and in pictures (the same hues).
LABEL_COLOURS = {
    Label.DEDUCTION: "#2e9d46",
    Label.BEST_GUESS: "#1a73e8",
    Label.NEEDLESS_GUESS: "#f29900",
    Label.MISTAKE: "#c5221f",
    Label.FATAL: "#000000",
}


def safer_text(probability: Fraction, best: Fraction) -> str:
    """Say how much riskier a click was than the safest cell then ("" when it was a safest one)."""
    if probability <= best:
        return ""
    if best == 0:
        return "a certainly safe cell was there"
    return f"{float(probability / best):.3g}x the risk of the safest cell ({percent(best)})"


def _note(click: ClickReview) -> str:
    if click.label is Label.NEEDLESS_GUESS or (click.label is Label.FATAL and click.certain_safe):
        return f"{counted(click.certain_safe, 'cell')} certainly safe"
    if click.best_guess:
        return "nothing safer"
    return f"{float(click.probability / click.best):.3g}x the safest" if click.best else ""


def click_line(click: ClickReview) -> str:
    """One click in words: where, when, its chance of a mine and its label.

    Examples
    --------
    >>> from cnfsweep.core.board import Cell
    >>> from cnfsweep.formats.game_records import ClickKind
    >>> c = ClickReview(3, 5, 1.25, ClickKind.OPEN, Cell(2, 7), (Cell(2, 7),), (), Fraction(1, 2), Fraction(1, 2),
    ...                 (Cell(2, 7),), 0, Label.BEST_GUESS)
    >>> click_line(c)
    'click 3 at 1.25 s: open (2, 7), mine 50% (1/2): best guess'
    """
    when = "" if click.seconds is None else f" at {click.seconds:g} s"
    where = f"{click.kind.value} ({click.cell.row}, {click.cell.col})"
    return f"click {click.index}{when}: {where}, mine {percent(click.probability)} ({_short(click.probability)}): {LABEL_WORDS[click.label]}"


def cell_name(cell: Cell) -> str:
    """A cell as the report writes it: ``(row, col)``."""
    return f"({cell.row}, {cell.col})"


def safest_text(click: ClickReview) -> str:
    """Name the safest cell then, with its chance of a mine (and how many others were as safe).

    Examples
    --------
    >>> from cnfsweep.core.board import Cell
    >>> from cnfsweep.formats.game_records import ClickKind
    >>> c = ClickReview(2, 2, None, ClickKind.OPEN, Cell(0, 0), (Cell(0, 0),), (), Fraction(1, 2), Fraction(1, 5),
    ...                 (Cell(1, 1), Cell(2, 2), Cell(3, 3)), 0, Label.MISTAKE)
    >>> safest_text(c)
    '(1, 1) 20% (+2 as safe)'
    """
    if not click.safest:
        return percent(click.best)
    more = len(click.safest) - 1
    return f"{cell_name(click.safest[0])} {percent(click.best)}" + (f" (+{more} as safe)" if more else "")


#: What luck means, in words (the report and the timeline say it under the figures).
LUCK_WORDS = (
    "luck = -log10(survival), where survival is the chance of coming through every guess taken: "
    "0 means no risk was taken, 1 a 1-in-10 chance of surviving, 2 a 1-in-100 one"
)


def _one_in(survival: Fraction) -> str:
    return "" if survival in (0, 1) else f", 1 in {float(1 / survival):.3g}"


def summary_words(review: GameReview) -> list[str]:
    """The summary's lines: the result, the labels' counts, guesses, survival and luck (and what luck is), the speed counters."""
    summary = review.summary()
    result = "won" if review.won else "lost" if review.lost else "unfinished"
    who = f" by {review.player}" if review.player else ""
    size = format_size(review.rows, review.cols, review.mines, graph=review.topology == "graph")
    grid = "" if review.topology in ("square", "graph") else f" {review.topology}"
    lines = [
        f"{review.reader} {size}{grid}{who}: {result}, "
        f"{counted(len(review.clicks), 'click')} that opened cells (first click {review.rule})"
    ]
    lines.append(", ".join(f"{summary[label.value]} {LABEL_WORDS[label]}" for label in Label))
    lines.append(
        f"{counted(summary['guesses'], 'guess')}: {summary['best_guesses']} best (nothing certain, no cell "
        f"safer), {summary['avoidable']} avoidable (a certainly safe or a safer cell was there)"
    )
    luck = summary["luck"]
    best_luck = summary["best_luck"]
    lines.append(
        f"survival {float(review.survival):.4g}{_one_in(review.survival)} "
        f"(luck {'infinite' if luck is None else f'{luck:.3f}'}); on the safest cells every time "
        f"{float(review.best_survival):.4g}{_one_in(review.best_survival)} "
        f"(luck {'infinite' if best_luck is None else f'{best_luck:.3f}'})"
    )
    lines.append(LUCK_WORDS)
    speed = [f"3BV {summary['bbbv']}"]
    if summary["time"] is not None:
        speed.append(f"time {summary['time']:g} s")
    for key, word in (("bbbv_per_s", "3BV/s"), ("clicks", "clicks"), ("ioe", "IOE"), ("zini", "ZiNi")):
        if summary[key] is not None:
            value = summary[key]
            speed.append(f"{word} {value:.3g}" if isinstance(value, float) else f"{word} {value}")
    lines.append(", ".join(speed))
    return lines


def review_view(review: GameReview, every: bool = False) -> RenderableType:
    """The terminal report: the summary, then a table of the guesses, the riskiest first (with ``every``: every click, in order)."""
    parts: list[RenderableType] = [Text(review.source, style="bold")]
    parts.extend(Text(line) for line in summary_words(review))
    shown = list(review.clicks) if every else review.guesses()
    if not shown:
        parts.append(Text("no guess: every click opened certainly safe cells", style="green"))
        return Group(*parts)
    title = (
        f"every {counted(len(shown), 'click')}, in order"
        if every
        else f"{counted(len(shown), 'guess')}, riskiest first"
    )
    table = Table("click", "time", "cell", "mine", "exact", "label", "safest cell", "note", title=title)
    for click in shown:
        colour = LABEL_COLOURS[click.label]
        chord = " chord" if click.label is not Label.DEDUCTION and len(click.chosen) > 1 else ""
        table.add_row(
            str(click.index),
            "" if click.seconds is None else f"{click.seconds:g}s",
            f"{click.cell.row},{click.cell.col}{chord}",
            percent(click.probability),
            _short(click.probability),
            Text(LABEL_WORDS[click.label], style=f"bold {colour}"),
            safest_text(click),
            _note(click),
        )
    parts.append(table)
    return Group(*parts)


def position_view(review: GameReview, step: int) -> RenderableType:
    """The position before click ``step`` (from 1) as text: the board, the click marked ``X`` (a chord's number in brackets), the player's flags ``F``.

    The review must keep its positions (``review(..., positions=True)``).
    """
    click, board, flags = review.clicks[step - 1], review.positions[step - 1], set(review.flags[step - 1])
    chord = click.kind is ClickKind.CHORD

    def mark(cell: Cell) -> tuple[str, str]:
        if cell == click.cell:
            return (f"[{board.char(cell)}]" if chord else "X"), f"bold reverse {LABEL_COLOURS[click.label]}"
        if cell in flags:
            return "F", "bold red"
        return base_mark(board, cell) or (board.char(cell), "dim")

    where = "chord on" if chord else "open"
    legend = (
        f"{'[n]' if chord else 'X'} the click ({where} {cell_name(click.cell)}), F the player's flags "
        f"({len(flags)}), . covered"
    )
    return Group(
        Text(f"before {click_line(click)}", style="bold"),
        draw_grid(board, mark),
        Text(legend, style="dim"),
        Text(f"safest then: {safest_text(click)}; {counted(click.certain_safe, 'cell')} certainly safe"),
    )


def step_svg(review: GameReview, step: int, analysis: Analysis, title: str) -> str:
    """The position before click ``step`` (from 1) with its probabilities, as ``render -p`` draws it, the click ringed and the player's flags marked."""
    click, board, flags = review.clicks[step - 1], review.positions[step - 1], review.flags[step - 1]
    s = default_cell_size(board.rows, board.cols, True)
    svg = render_svg(board, analysis, title=title, cell_size=s)
    shapes = shapes_for(board.topology, s)
    x0, y0 = PAD + shapes.margin, PAD + HEAD + shapes.margin
    marks = []
    for flag in flags:
        cx, cy = shapes.centre(flag)
        x, y = x0 + cx, y0 + cy
        d = max(s / 5, 2)
        marks.append(
            f'<path class="player-flag" data-row="{flag.row}" data-col="{flag.col}" '
            f'd="M{x - d:g},{y + 1.5 * d:g}V{y - 1.5 * d:g}L{x + 1.5 * d:g},{y - 0.75 * d:g}L{x - d:g},{y:g}" '
            f'fill="{FLAG_RED}" stroke="{FLAG_RED}" stroke-width="1"><title>the player\'s flag</title></path>'
        )
    marks.append(
        shapes.ring(
            click.cell,
            max(s - 3, 12),
            x0,
            y0,
            {"class_": "step-click", "data_row": click.cell.row, "data_col": click.cell.col},
            {
                "fill": "none",
                "stroke": LABEL_COLOURS[click.label],
                "stroke_width": 4,
                "stroke_dasharray": f"{s / 4:g} {s / 8:g}",
            },
        )
    )
    return svg.replace("</svg>", "\n".join(marks) + "\n</svg>")


def _short(p: Fraction) -> str:
    text = str(p)
    return text if len(text) <= 12 else f"{float(p):.5f}"
