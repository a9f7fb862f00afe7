"""Draw boards and their analyses as standalone SVG pictures.

Everything here is pure: a :class:`~cnfsweep.core.board.Board`, and optionally an
:class:`~cnfsweep.engine.analysis.Analysis` of it, goes in; SVG text comes out, built
with the standard library only (:func:`render_png` rasterises it with the
optional resvg). Every cell is one element whose ``class``
starts with ``cell`` and which carries ``data-row`` and ``data-col``. Where each cell
goes and its shape (squares, a torus's wrap marks, hexagons, a graph's nodes) come from
:mod:`cnfsweep.present.cellshapes`.
"""

from __future__ import annotations

import colorsys
import textwrap
from fractions import Fraction
from functools import lru_cache
from xml.sax.saxutils import escape

from cnfsweep.engine.analysis import Analysis
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import CellKind
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.words import counted
from cnfsweep.engine.consistency_levels import ConsistencyLevels
from cnfsweep.explanation import Hint
from cnfsweep.present.cellshapes import Shapes, shape_words, shapes_for
from cnfsweep.present.svgtext import attrs_text, num
from cnfsweep.present.levels import level_colour, level_lines, level_title
from cnfsweep.present.summary import hint_text, inconsistent_text, percent, summary_lines

#: Classic Minesweeper colours of the numbers 1-8 (index 0 is unused).
NUMBER_COLOURS = ("", "#0000ff", "#008000", "#ff0000", "#000080", "#800000", "#008080", "#000000", "#808080")
#: Boards with more cells than this get one bare rectangle per cell and no text.
DETAIL_LIMIT = 40_000
REVEALED, RAISED, SAFE, MINE, BEST, INK = "#e4e4e4", "#bdbdbd", "#2e9d46", "#d93025", "#1a3dff", "#222222"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
PAD, HEAD, LINE = 10, 26, 18
#: Width of a character in ems, regular and bold. SVG cannot measure text, so widths are estimated,
#: on the wide side: DejaVu Sans averages about 0.50 and 0.57 em a character of lowercase text.
EM_REGULAR, EM_BOLD = 0.62, 0.7
#: Captions wrap at this width at the least, however narrow the board.
CAPTION_MIN_WIDTH = 400


def _el(tag: str, text: str | None = None, **attrs: object) -> str:
    if text is None:
        return f"<{tag}{attrs_text(attrs)}/>"
    return f"<{tag}{attrs_text(attrs)}>{escape(text)}</{tag}>"


def _open(tag: str, **attrs: object) -> str:
    return f"<{tag}{attrs_text(attrs)}>"


def _text(x: float, y: float, text: str, size: float, fill: str = INK, **attrs: object) -> str:
    # Baseline a third of the font size below the centre: dominant-baseline is not supported everywhere.
    return _el("text", text, x=f"{x:g}", y=f"{y + 0.35 * size:.1f}", font_size=f"{size:.1f}", fill=fill, **attrs)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Estimate the width in pixels of ``text`` at font size ``size``, erring wide.

    Examples
    --------
    >>> text_width("mine probability", 12)
    119.04
    """
    return round(len(text) * size * (EM_BOLD if bold else EM_REGULAR), 2)


def _wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Break ``text`` into lines of at most ``width`` pixels by :func:`text_width` (longer words stay whole).

    Examples
    --------
    >>> _wrap("no mine layout fits these numbers", 120, 10)
    ['no mine layout fits', 'these numbers']
    """
    return textwrap.wrap(text, max(1, int(width // text_width("x", size, bold))))


@lru_cache(maxsize=1024)
def heat_colour(p: Fraction) -> str:
    """Return the heat-map colour of mine probability ``p``: green, yellow, red.

    Examples
    --------
    >>> heat_colour(Fraction(0)), heat_colour(Fraction(1, 2)), heat_colour(Fraction(1))
    ('#5fe35f', '#e3e35f', '#e35f5f')
    """
    r, g, b = colorsys.hls_to_rgb((1 - float(p)) / 3, 0.63, 0.7)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def default_cell_size(rows: int, cols: int, probabilities: bool = False) -> int:
    """Choose a cell size in pixels: roomy for expert boards, 4 px at the least.

    Examples
    --------
    >>> default_cell_size(16, 30), default_cell_size(16, 30, True), default_cell_size(1000, 1000)
    (24, 28, 4)
    """
    return max(4, min(28 if probabilities else 24, 2400 // max(rows, cols)))


def _defs(s: int) -> str:
    """Shapes drawn once at cell size and reused by every cell."""
    b, h = max(1.0, s / 10), s / 2
    spikes = " ".join(
        f"M{h - dx:g} {h - dy:g}L{h + dx:g} {h + dy:g}"
        for dx, dy in ((0.36 * s, 0), (0, 0.36 * s), (0.25 * s, 0.25 * s), (0.25 * s, -0.25 * s))
    )
    return "".join(
        [
            "<defs>",
            f'<g id="bevel"><path d="M0 0H{s}L{s - b:g} {b:g}H{b:g}V{s - b:g}L0 {s}Z" fill="#fff" fill-opacity="0.75"/>',
            f'<path d="M{s} {s}H0L{b:g} {s - b:g}H{s - b:g}V{b:g}L{s} 0Z" fill="#000" fill-opacity="0.3"/></g>',
            f'<g id="flag"><path d="M{0.56 * s:g} {0.18 * s:g}V{0.74 * s:g}" stroke="#000" stroke-width="{s / 14:g}"/>',
            f'<path d="M{0.58 * s:g} {0.16 * s:g}L{0.22 * s:g} {0.34 * s:g}L{0.58 * s:g} {0.52 * s:g}Z" fill="{MINE}"/>',
            f'<path d="M{0.3 * s:g} {0.78 * s:g}H{0.8 * s:g}" stroke="#000" stroke-width="{s / 9:g}"/></g>',
            f'<g id="mine"><path d="{spikes}" stroke="#000" stroke-width="{s / 12:g}"/>',
            f'<circle cx="{h:g}" cy="{h:g}" r="{0.24 * s:g}" fill="#000"/>',
            f'<circle cx="{0.42 * s:g}" cy="{0.42 * s:g}" r="{0.06 * s:g}" fill="#fff"/></g>',
            (
                f'<path id="check" d="M{0.26 * s:g} {0.52 * s:g}L{0.44 * s:g} {0.7 * s:g}L{0.76 * s:g} {0.3 * s:g}"'
                f' fill="none" stroke="#fff" stroke-width="{s / 7:g}" stroke-linecap="round" stroke-linejoin="round"/>'
            ),
            '<linearGradient id="heat">',
            *(f'<stop offset="{t}" stop-color="{heat_colour(Fraction(t))}"/>' for t in ("0", "0.5", "1")),
            "</linearGradient></defs>",
        ]
    )


def _look(board: Board, cell: Cell, heat: Analysis | None) -> tuple[str, str, Fraction | None]:
    """Return the class, fill and (with a heat map) probability of one cell."""
    kind = board.kind(cell)
    if kind is CellKind.NUMBER:
        return "number", REVEALED, None
    if kind is CellKind.FLAG:
        return "flag", RAISED, None
    p = heat.exact(cell) if heat is not None else None
    if p is None:
        return ("covered unknown" if heat is not None else "covered"), RAISED, None
    if p in (0, 1):
        return ("covered safe", SAFE, p) if p == 0 else ("covered mine", MINE, p)
    return "covered", heat_colour(p), p


def _cell(board: Board, cell: Cell, heat: Analysis | None, shapes: Shapes) -> str:
    """Draw one cell as a group of a background, a bevel, marks and text, in the cell's shape."""
    name, fill, p = _look(board, cell, heat)
    s = shapes.s
    out = [
        _open(
            "g",
            class_=f"cell {name}",
            data_row=cell.row,
            data_col=cell.col,
            data_p=None if p is None else str(p),
            transform=shapes.box(cell),
        )
    ]
    h = s / 2
    if name == "number":
        out.append(shapes.background(REVEALED, stroke="#a0a0a0", stroke_width="1"))
        n = board.number(cell)
        if n:
            out.append(_text(h, h, str(n), 0.68 * s, NUMBER_COLOURS[n], font_weight="bold"))
    else:
        out.append(shapes.background(fill) + shapes.bevel())
        label = board.label(cell)
        mark = {"flag": "#flag", "covered safe": "#check", "covered mine": "#mine"}.get(name)
        if mark:
            # Beside a label the mark shrinks into the bottom-right corner, clear of the letter.
            corner = f' transform="translate({0.3 * s:g},{0.3 * s:g}) scale(0.7)"' if label else ""
            out.append(f'<use href="{mark}"{corner}/>')
        elif p is not None or name == "covered unknown":
            text = "?" if p is None else percent(p)
            if label:  # the label takes the top-left corner, so the number moves to the bottom right
                out.append(_text(0.86 * s, 0.72 * s, text, 0.3 * s, text_anchor="end"))
            else:
                out.append(_text(h, h, text, 0.36 * s))
        if label:
            # Labels matter on gadget boards: big when alone, else in the corner, with a
            # thin light halo so that they stay readable on any heat colour or mark.
            big = heat is None
            out.append(
                _text(
                    h if big else 0.28 * s,
                    h if big else 0.3 * s,
                    label,
                    (0.62 if big else 0.44) * s,
                    "#0d1b8c",
                    font_weight="bold",
                    stroke="#fff",
                    stroke_opacity="0.8",
                    stroke_width=f"{s / 18:.2f}",
                    paint_order="stroke",
                    class_="label",
                )
            )
    out.append("</g>")
    return "".join(out)


def _bare_cell(board: Board, cell: Cell, heat: Analysis | None, shapes: Shapes) -> str:
    """Draw one cell as a single shape, for boards too big for detail."""
    name, fill, _ = _look(board, cell, heat)
    if name == "flag":
        fill = MINE
    return shapes.whole(cell, name, fill)


def _legend(analysis: Analysis, s: int, top: float) -> tuple[list[str], float, float]:
    """Draw the heat scale, the marks and a summary; return them, their width and height.

    Swatches reuse the marks defined at grid cell size ``s``, scaled up to at
    least 20 px so that the legend stays legible under tiny cells.
    """
    k = max(1.0, 20 / s)
    out = [
        _text(PAD, top + 8, "mine probability", 12, text_anchor="start"),
        _el("rect", x=PAD + 110, y=top + 2, width=150, height=12, fill="url(#heat)", stroke="#888"),
    ]
    out += [_text(PAD + 110 + 75 * i, top + 22, f"{50 * i}%", 10) for i in range(3)]
    board, x, y = analysis.board, float(PAD), top + 32
    unknown = any(analysis.exact(c) is None for c in board.covered)
    items = [
        ("#check", SAFE, "certainly safe"),
        ("#mine", MINE, "certain mine"),
        *([("?", RAISED, "unknown (no total given)")] if unknown else []),
        *([("#flag", RAISED, "flag")] if board.flags else []),
        ("best", "none", "best guess"),
    ]
    for mark, fill, words in items:
        g = [_el("rect", width=s, height=s, fill=fill)]
        if mark == "best":
            g = [
                _el(
                    "rect",
                    x=f"{1.5 / k:g}",
                    y=f"{1.5 / k:g}",
                    width=f"{s - 3 / k:g}",
                    height=f"{s - 3 / k:g}",
                    fill="none",
                    stroke=BEST,
                    stroke_width=f"{3 / k:g}",
                )
            ]
        elif mark == "?":
            g += ['<use href="#bevel"/>', _text(s / 2, s / 2, "?", 0.4 * s)]
        else:
            g += ['<use href="#bevel"/>', f'<use href="{mark}"/>']
        out.append(f'<g class="legend-item" transform="translate({x:g},{y:g}) scale({k:g})">{"".join(g)}</g>')
        out.append(_text(x + k * s + 5, y + k * s / 2, words, 12, text_anchor="start"))
        x += k * s + 5 + text_width(words, 12) + 16
    y += k * s + 8
    lines = summary_lines(analysis, timing=False)
    for i, line in enumerate(lines):
        out.append(_text(PAD, y + LINE * i + 6, line, 12, text_anchor="start", class_="summary"))
    return out, max(x, PAD + max(text_width(line, 12) for line in lines)) + PAD, y + LINE * len(lines) - top


def _hint_marks(result: Hint, shapes: Shapes, x0: float, y0: float) -> list[str]:
    """Ring the hinted move and outline the numbers of its reason; the grid is placed at ``(x0, y0)``."""
    out: list[str] = []
    move = result.move
    if move is None:
        return out
    s = shapes.s
    if move.reason is not None:
        for n in move.reason.numbers:
            out.append(
                shapes.ring(
                    n,
                    s - 4,
                    x0,
                    y0,
                    {"class_": "hint-reason", "data_row": n.row, "data_col": n.col},
                    {"fill": "none", "stroke": BEST, "stroke_width": 3, "stroke_dasharray": f"{s / 5:g} {s / 10:g}"},
                )
            )
    colour = BEST if not move.certain else (MINE if move.mine else SAFE)
    r, c = move.cell
    out.append(
        shapes.ring(
            move.cell,
            max(s - 3, 12),
            x0,
            y0,
            {"class_": "hint-move", "data_row": r, "data_col": c},
            {"fill": "none", "stroke": colour, "stroke_width": 4},
        )
    )
    return out


def _level_marks(result: ConsistencyLevels, shapes: Shapes, x0: float, y0: float, detail: bool) -> list[str]:
    """Colour every decided cell by its level, marked safe or mine where cells are big enough; ring a conflict's numbers.

    Without a layout no cell is decided: only the conflict is drawn.
    """
    out = []
    s = shapes.s
    for (r, c), (name, mine) in sorted(result.decided.items() if result.consistent else ()):
        mark = f'<use href="{"#mine" if mine else "#check"}"/>' if detail else ""
        out.append(
            f'<g class="level level-{name} {"mine" if mine else "safe"}" data-row="{r}" data-col="{c}" '
            f'data-level="{name}" transform="{shapes.placed((r, c), x0, y0)}">'
            f"{shapes.background(level_colour(name))}{mark}</g>"
        )
    for r, c in result.conflict or ():
        out.append(
            shapes.ring(
                (r, c),
                s - 4,
                x0,
                y0,
                {"class_": "level-conflict", "data_row": r, "data_col": c},
                {"fill": "none", "stroke": MINE, "stroke_width": 3},
            )
        )
    return out


def _level_legend(result: ConsistencyLevels, s: int, top: float, width: float) -> tuple[list[str], float, float]:
    """Draw a swatch per level (the poster's colours) with its count, then the steps; return them, their width and height."""
    k = max(1.0, 20 / s)
    out, x, y = [], float(PAD), top + 4
    counts = result.counts()
    for name in result.names:
        words = f"{level_title(name)}: {counts[name]}"
        out.append(
            f'<g class="legend-item level-{name}" transform="translate({x:g},{y:g}) scale({k:g})">'
            f"{_el('rect', width=s, height=s, fill=level_colour(name))}</g>"
        )
        out.append(_text(x + k * s + 5, y + k * s / 2, words, 12, text_anchor="start"))
        x += k * s + 5 + text_width(words, 12) + 16
    y += k * s + 8
    wide = max(width, x) - 2 * PAD
    lines = [
        (w, line.startswith("inconsistent"))
        for line in [f"undecided: {len(result.undecided)}", *level_lines(result)[1:]]
        for w in _wrap(line, max(wide, CAPTION_MIN_WIDTH), 12)
    ]
    for i, (line, red) in enumerate(lines):
        out.append(_text(PAD, y + LINE * i + 6, line, 12, MINE if red else INK, text_anchor="start", class_="summary"))
    return out, max(x, PAD + max(text_width(line, 12) for line, _ in lines)) + PAD, y + LINE * len(lines) - top


def render_svg(
    board: Board,
    analysis: Analysis | None = None,
    *,
    title: str | None = None,
    cell_size: int | None = None,
    hint: Hint | None = None,
    levels: ConsistencyLevels | None = None,
) -> str:
    """Draw a board, and with an analysis its exact mine probabilities, as SVG.

    Parameters
    ----------
    board : Board
    analysis : Analysis, optional
        An analysis of ``board``: covered cells become a heat map of their mine
        probability with certain cells marked, the best guess outlined, and a
        legend below. An inconsistent analysis is shown as a caption.
    title : str, optional
        Shown above the grid and as the picture's ``<title>``.
    cell_size : int, optional
        Pixels per cell; by default from :func:`default_cell_size`.
    hint : Hint, optional
        A hint for ``board`` (:func:`~cnfsweep.explanation.hints.hint`): its move is ringed
        (green to open, red to flag, blue for a guess), the numbers of its
        reason are outlined with dashes, and the reason is said below the grid.
    levels : ConsistencyLevels, optional
        Consistency levels of ``board`` (:func:`~cnfsweep.engine.consistency_levels.levels`):
        each decided cell is coloured by its level (the poster's blue GAC (one number),
        green 2-RC (pairs), yellow 3-RC (triples), then the colours of higher levels, of all the numbers and
        of the total), marked safe or mine, with a legend and the counts below.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> from cnfsweep import analyze
    >>> board = Board.from_rows(["1.", ".."], total_mines=1)
    >>> svg = ET.fromstring(render_svg(board, analyze(board)))
    >>> [e.get("data-p") for e in svg.iter() if (e.get("class") or "").startswith("cell")]
    [None, '1/3', '1/3', '1/3']
    """
    if analysis is not None and analysis.board != board:
        raise ValueError("the analysis is of another board")
    if hint is not None and hint.board != board:
        raise ValueError("the hint is of another board")
    if levels is not None and levels.board.grid != board.grid:
        raise ValueError("the levels are of another board")
    s = cell_size or default_cell_size(board.rows, board.cols, analysis is not None)
    heat = analysis if analysis is not None and analysis.consistent else None
    draw = _cell if board.rows * board.cols <= DETAIL_LIMIT and s >= 10 else _bare_cell
    # The shapes say where each cell goes: squares in rows, hexagons in offset rows, a graph's nodes.
    shapes = shapes_for(board.topology, s)
    (grid_w, grid_h), margin = shapes.size, shapes.margin
    top = PAD + HEAD
    x0, y0 = PAD + margin, top + margin
    name = title or "cnfsweep board"
    total = "" if board.total_mines is None else f", {counted(board.total_mines, 'mine')}"
    heading = f"{name}  ({shape_words(board.topology, board.rows, board.cols)}{total})"
    body = [
        _el("title", name),
        _defs(s),
        _el("rect", width="100%", height="100%", fill="#fff"),
        _text(PAD, PAD + 8, heading, 14, font_weight="bold", text_anchor="start", class_="heading"),
        f'<g class="grid" transform="translate({num(x0)},{num(y0)})">',
        *shapes.under(),
        *(draw(board, cell, heat, shapes) for cell in board.cells()),
        "</g>",
        *shapes.frame(x0, y0),
    ]
    width = max(grid_w + 2 * margin, text_width(heading, 14, bold=True)) + 2 * PAD
    bottom = top + grid_h + 2 * margin + PAD
    if (about := shapes.caption()) is not None:
        lines = _wrap(about, max(width - 2 * PAD, CAPTION_MIN_WIDTH), 12)
        body += [
            _text(PAD, bottom + 6 + LINE * i, line, 12, "#555", text_anchor="start", class_="topology-caption")
            for i, line in enumerate(lines)
        ]
        width = max(width, max(text_width(line, 12) for line in lines) + 2 * PAD)
        bottom += LINE * len(lines) + 4
    if levels is not None:
        body += _level_marks(levels, shapes, x0, y0, draw is _cell)
    if heat is not None and heat.best_guess is not None:
        # Under small cells the outline is kept 12 px wide, overlapping neighbours, so it stays findable.
        body.append(
            shapes.ring(
                heat.best_guess,
                max(s - 3, 12),
                x0,
                y0,
                {"class_": "best-guess"},
                {"fill": "none", "stroke": BEST, "stroke_width": 3},
            )
        )
    if hint is not None:
        body += _hint_marks(hint, shapes, x0, y0)
        lines = [w for line in hint_text(hint) for w in _wrap(line, max(width - 2 * PAD, CAPTION_MIN_WIDTH), 13)]
        body += [
            _text(PAD, bottom + 8 + LINE * i, line, 13, text_anchor="start", class_="hint")
            for i, line in enumerate(lines)
        ]
        width = max(width, max(text_width(line, 13) for line in lines) + 2 * PAD)
        bottom += LINE * len(lines) + 4
    if levels is not None:
        legend, legend_w, legend_h = _level_legend(levels, s, bottom, width)
        body += legend
        width, bottom = max(width, legend_w), bottom + legend_h + 4
    if heat is not None:
        legend, legend_w, legend_h = _legend(heat, s, bottom + 4)
        body += legend
        width, bottom = max(width, legend_w), bottom + legend_h + 4
    elif analysis is not None:
        caption = inconsistent_text(analysis)
        # Wrapped to the picture, which widens only as far as a caption line needs.
        lines = _wrap(caption, max(width - 2 * PAD, CAPTION_MIN_WIDTH), 13, bold=True)
        body += [
            _text(PAD, bottom + 8 + LINE * i, line, 13, MINE, font_weight="bold", text_anchor="start", class_="caption")
            for i, line in enumerate(lines)
        ]
        width = max(width, max(text_width(line, 13, bold=True) for line in lines) + 2 * PAD)
        bottom += LINE * len(lines) + 4
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{bottom + PAD:g}" '
        f'viewBox="0 0 {width:g} {bottom + PAD:g}" font-family="{FONT}" text-anchor="middle">'
    )
    return "\n".join([head, *body, "</svg>"]) + "\n"


def render_png(svg: str) -> bytes:
    """Rasterise an SVG picture to PNG with resvg, from the optional ``png`` extra.

    resvg comes as a self-contained wheel: no system library and no browser.

    Raises
    ------
    CnfsweepError
        If the extra is not installed; the message says how to install it.

    Examples
    --------
    >>> render_png(render_svg(Board.from_rows(["1."])))[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    try:
        import resvg_py
    except ImportError:
        raise CnfsweepError("writing PNG needs the png extra: pip install 'cnfsweep[png]'") from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg))
