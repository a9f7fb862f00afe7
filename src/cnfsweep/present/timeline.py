"""A reviewed game's timeline as an SVG picture: every click along the game's time, its mine probability as a bar.

Deductions are short green ticks under the axis; guesses are bars up to their chance of a
mine (0 to 100%), coloured by label, with a ring where the safest cell then stood; a fatal
click ends in a cross.  Each mark has a ``<title>`` (the click in words) and ``data-index``.
Games without times (autoplayer traces) are laid out by click number instead.

Examples
--------
>>> from cnfsweep.formats.game_records import read_game_records
>>> from cnfsweep.replay import review_game
>>> (game,) = read_game_records(b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}')
>>> svg = timeline_svg(review_game(game))
>>> svg.startswith("<svg") and 'class="click best_guess"' in svg
True
"""

from __future__ import annotations

from pathlib import PurePath
from xml.sax.saxutils import escape

from cnfsweep.present.review import LABEL_COLOURS, LABEL_WORDS, click_line, summary_words
from cnfsweep.present.svg import FONT, INK, text_width
from cnfsweep.present.svgtext import attrs_text, num
from cnfsweep.replay import ClickReview, GameReview, Label

__all__ = ["timeline_svg"]

WIDTH, PLOT_HEIGHT, LEFT, RIGHT, TOP = 960, 240, 56, 24, 56
TICK, BAR = 10, 4
GRID = "#d0d0d0"


def _el(tag: str, text: str | None = None, **attrs: object) -> str:
    return f"<{tag}{attrs_text(attrs)}/>" if text is None else f"<{tag}{attrs_text(attrs)}>{escape(text)}</{tag}>"


def _label(x: float, y: float, text: str, size: float = 12, **attrs: object) -> str:
    return _el("text", text, x=num(x), y=num(y), font_size=num(size), fill=INK, **attrs)


def _position(review: GameReview) -> tuple[list[float], float, str]:
    """Each click's place on the time axis, the axis's end, and what it counts."""
    times = [c.seconds for c in review.clicks]
    if review.clicks and all(t is not None for t in times):
        end = max([review.seconds or 0.0, *[t for t in times if t is not None]]) or 1.0
        return [t or 0.0 for t in times], end, "seconds"
    # Clicks are numbered from 1, as the report and --step count them.
    return [float(c.index) for c in review.clicks], float(max(len(review.clicks), 1)), "click"


def _ticks(end: float) -> list[float]:
    """Round steps along an axis from 0 to ``end``: about eight of them."""
    raw = end / 8
    step = 1.0
    for scale in (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000):
        step = scale
        if scale >= raw:
            break
    return [i * step for i in range(int(end / step) + 1)]


def _mark(click: ClickReview, x: float, base: float, height: float) -> list[str]:
    colour = LABEL_COLOURS[click.label]
    title = _el("title", click_line(click))
    attrs = {"class_": f"click {click.label.value}", "data_index": click.index}
    if click.label is Label.DEDUCTION:
        line = _el(
            "line", x1=num(x), y1=num(base + 3), x2=num(x), y2=num(base + 3 + TICK), stroke=colour, stroke_width=1.5
        )
        return [f"<g{attrs_text(attrs)}>{title}{line}</g>"]
    top = base - height * float(click.probability)
    parts = [_el("rect", x=num(x - BAR / 2), y=num(top), width=num(BAR), height=num(base - top), fill=colour)]
    best = base - height * float(click.best)
    parts.append(_el("circle", cx=num(x), cy=num(best), r=3.5, fill="none", stroke=INK, stroke_width=1))
    if click.label is Label.FATAL:
        d = 6
        parts.append(
            _el(
                "path",
                d=f"M{num(x - d)},{num(top - d)}L{num(x + d)},{num(top + d)}"
                f"M{num(x - d)},{num(top + d)}L{num(x + d)},{num(top - d)}",
                stroke=colour,
                stroke_width=2.5,
            )
        )
    return [f"<g{attrs_text(attrs)}>{title}{''.join(parts)}</g>"]


def timeline_svg(review: GameReview) -> str:
    """Draw ``review``'s clicks along the game's time, each guess's chance of a mine as a bar, with a legend."""
    base = TOP + PLOT_HEIGHT
    span = WIDTH - LEFT - RIGHT
    places, end, unit = _position(review)
    out: list[str] = []
    name = PurePath(review.source).name or review.source
    title = f"{name}: every click that opened cells, and its chance of a mine"
    words = summary_words(review)
    out.append(_label(LEFT, 20, title, 15, font_weight="bold"))
    out.append(_label(LEFT, 36, words[0], 12))
    for pct in (0, 25, 50, 75, 100):
        y = base - PLOT_HEIGHT * pct / 100
        out.append(
            _el("line", x1=LEFT, y1=num(y), x2=WIDTH - RIGHT, y2=num(y), stroke=GRID if pct else INK, stroke_width=1)
        )
        out.append(_label(LEFT - 6, y + 4, f"{pct}%", 11, text_anchor="end"))
    for tick in _ticks(end):
        x = LEFT + span * tick / end
        out.append(_el("line", x1=num(x), y1=num(base), x2=num(x), y2=num(base + 3 + TICK + 4), stroke=GRID))
        out.append(_label(x, base + TICK + 20, f"{tick:g}", 11, text_anchor="middle"))
    axis = "seconds from the first click" if unit == "seconds" else "click, in order"
    out.append(_label(LEFT + span / 2, base + TICK + 38, axis, 12, text_anchor="middle"))
    out.append(
        _label(
            14,
            TOP + PLOT_HEIGHT / 2,
            "chance of a mine",
            12,
            text_anchor="middle",
            transform=f"rotate(-90 14 {num(TOP + PLOT_HEIGHT / 2)})",
        )
    )
    # Deductions first, so that guesses are drawn over them.
    order = sorted(zip(review.clicks, places, strict=True), key=lambda cp: cp[0].label is not Label.DEDUCTION)
    for click, place in order:
        out.extend(_mark(click, LEFT + span * place / end, base, PLOT_HEIGHT))
    y = base + TICK + 62
    x = float(LEFT)
    for label in Label:
        text = f"{LABEL_WORDS[label]} ({review.count(label)})"
        out.append(_el("rect", x=num(x), y=num(y - 10), width=12, height=12, fill=LABEL_COLOURS[label]))
        out.append(_label(x + 17, y, text, 12))
        x += 17 + text_width(text, 12) + 18
    out.append(_el("circle", cx=num(x + 6), cy=num(y - 4), r=3.5, fill="none", stroke=INK, stroke_width=1))
    out.append(_label(x + 15, y, "safest cell then", 12))
    for i, line in enumerate(words[2:], start=1):
        out.append(_label(LEFT, y + 6 + 18 * i, line, 12))
    height = y + 6 + 18 * (len(words) - 1) + 8
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{num(height)}" '
        f'viewBox="0 0 {WIDTH} {num(height)}" font-family="{FONT}">'
    )
    return "".join(
        [head, _el("title", title), _el("rect", width="100%", height="100%", fill="#ffffff"), *out, "</svg>"]
    )
