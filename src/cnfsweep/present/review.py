"""A reviewed game for people: the terminal report (rich) and the words the timeline picture shares.

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

from cnfsweep.core.words import counted
from cnfsweep.play.level import format_size
from cnfsweep.present.summary import percent
from cnfsweep.replay import ClickReview, GameReview, Label

__all__ = ["LABEL_COLOURS", "LABEL_WORDS", "click_line", "review_view", "safer_text", "summary_words"]

#: Each label in words.
LABEL_WORDS = {
    Label.DEDUCTION: "deduction", Label.FORCED_GUESS: "forced guess", Label.NEEDLESS_GUESS: "needless guess",
    Label.MISTAKE: "mistake", Label.FATAL: "fatal",
}
#: Each label's colour, in the terminal and in pictures (the same hues).
LABEL_COLOURS = {
    Label.DEDUCTION: "#2e9d46", Label.FORCED_GUESS: "#1a73e8", Label.NEEDLESS_GUESS: "#f29900",
    Label.MISTAKE: "#c5221f", Label.FATAL: "#000000",
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
    if click.forced:
        return "forced"
    return f"{float(click.probability / click.best):.3g}x the safest" if click.best else ""


def click_line(click: ClickReview) -> str:
    """One click in words: where, when, its chance of a mine and its label.

    Examples
    --------
    >>> from cnfsweep.core.board import Cell
    >>> from cnfsweep.formats.game_records import ClickKind
    >>> c = ClickReview(3, 5, 1.25, ClickKind.OPEN, Cell(2, 7), (Cell(2, 7),), (), Fraction(1, 2), Fraction(1, 2),
    ...                 (Cell(2, 7),), 0, Label.FORCED_GUESS)
    >>> click_line(c)
    'click 3 at 1.25 s: open (2, 7), mine 50% (1/2): forced guess'
    """
    when = "" if click.seconds is None else f" at {click.seconds:g} s"
    where = f"{click.kind.value} ({click.cell.row}, {click.cell.col})"
    return f"click {click.index}{when}: {where}, mine {percent(click.probability)} ({_short(click.probability)}): {LABEL_WORDS[click.label]}"


def summary_words(review: GameReview) -> list[str]:
    """The summary's lines: the result, the labels' counts, survival and luck, the speed counters."""
    summary = review.summary()
    result = "won" if review.won else "lost" if review.lost else "unfinished"
    who = f" by {review.player}" if review.player else ""
    lines = [f"{review.reader} {format_size(review.rows, review.cols, review.mines)}{who}: {result}, "
             f"{counted(len(review.clicks), 'click')} that opened cells (first click {review.rule})"]
    lines.append(", ".join(f"{summary[label.value]} {LABEL_WORDS[label]}" for label in Label))
    luck = summary["luck"]
    lines.append(f"survival {float(review.survival):.4g} (luck {'infinite' if luck is None else f'{luck:.3f}'}), "
                 f"best possible {float(review.best_survival):.4g}")
    speed = [f"3BV {summary['bbbv']}"]
    if summary["time"] is not None:
        speed.append(f"time {summary['time']:g} s")
    for key, word in (("bbbv_per_s", "3BV/s"), ("clicks", "clicks"), ("ioe", "IOE"), ("zini", "ZiNi")):
        if summary[key] is not None:
            value = summary[key]
            speed.append(f"{word} {value:.3g}" if isinstance(value, float) else f"{word} {value}")
    lines.append(", ".join(speed))
    return lines


def review_view(review: GameReview) -> RenderableType:
    """The terminal report: the summary, then a table of the guesses, the riskiest first."""
    parts: list[RenderableType] = [Text(review.source, style="bold")]
    parts.extend(Text(line) for line in summary_words(review))
    guesses = review.guesses()
    if not guesses:
        parts.append(Text("no guess: every click opened certainly safe cells", style="green"))
        return Group(*parts)
    table = Table("click", "time", "cell", "mine", "exact", "label", "safest", "note",
                  title=f"{counted(len(guesses), 'guess')}, riskiest first")
    for click in guesses:
        colour = LABEL_COLOURS[click.label]
        chord = " chord" if click.label is not Label.DEDUCTION and len(click.chosen) > 1 else ""
        table.add_row(
            str(click.index), "" if click.seconds is None else f"{click.seconds:g}s",
            f"{click.cell.row},{click.cell.col}{chord}", percent(click.probability), _short(click.probability),
            Text(LABEL_WORDS[click.label], style=f"bold {colour}"), percent(click.best), _note(click),
        )
    parts.append(table)
    return Group(*parts)


def _short(p: Fraction) -> str:
    text = str(p)
    return text if len(text) <= 12 else f"{float(p):.5f}"
