"""Draw a variant board as SVG: its rule badges, its clues and dyed cells, and optionally its analysis or hint.

The picture is :func:`~cnfsweep.present.svg.render_svg`'s, on square cells: a badge for each rule
of the board (its code, its title and definition as the badge's tooltip) under the heading; each cell
one element whose ``class`` starts with ``cell`` and carries ``data-row`` and ``data-col``; a dyed cell
gets the class ``dyed`` and a dark corner; clues of any size and 1W's run lengths written as the
text writes them. With an analysis, covered cells are coloured by their exact mine probability
(where counted) and certain cells marked; with a hint, its move is ringed, its reason's clues
outlined, and its words below.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from cnfsweep.core.board import Cell
from cnfsweep.core.topology import Square
from cnfsweep.present.cellshapes import shapes_for
from cnfsweep.present.summary import percent
from cnfsweep.present.svg import (
    BEST,
    FONT,
    INK,
    LINE,
    MINE,
    PAD,
    RAISED,
    REVEALED,
    SAFE,
    _defs,
    _el,
    _open,
    _text,
    _wrap,
    default_cell_size,
    heat_colour,
    text_width,
)
from cnfsweep.present.variants import variant_hint_words
from cnfsweep.variants.board import CellState, VariantBoard
from cnfsweep.variants.hints import VariantHint
from cnfsweep.variants.registry import RULES
from cnfsweep.variants.solve import VariantAnalysis

__all__ = ["render_variant_svg"]

#: The colour of a dyed cell's corner and of a rule badge.
DYE, BADGE = "#5b2a86", "#eee6f5"
BADGE_SIZE = 12


def _badges(board: VariantBoard, top: float) -> tuple[list[str], float]:
    """One badge a rule, left to right: its code, and its title and definition as a tooltip; and their width."""
    out, x = [], float(PAD)
    for code in board.rules.codes:
        rule: Any = RULES[code]  # a registry gives classes; the protocol is on their instances
        w = text_width(code, BADGE_SIZE, bold=True) + 10
        out += [
            _open("g", class_="rule-badge", data_rule=code, transform=f"translate({x:g},{top:g})"),
            _el("title", f"{code} {rule.title}: {rule.definition}"),
            _el("rect", width=f"{w:g}", height="18", rx="4", fill=BADGE, stroke=DYE),
            _text(w / 2, 9, code, BADGE_SIZE, DYE, font_weight="bold"),
            "</g>",
        ]
        x += w + 6
    return out, x


def _cell(board: VariantBoard, cell: Cell, s: int, box: str, analysis: VariantAnalysis | None) -> str:
    v = board.cell(cell)
    h = s / 2
    names, inner = ["cell"], []
    p: Fraction | None = None
    if v.state in (CellState.CLUE, CellState.HIDDEN):
        names.append("clue" if v.state is CellState.CLUE else "hidden")
        inner.append(_el("rect", width=s, height=s, fill=REVEALED, stroke="#a0a0a0", stroke_width="1"))
        text = v.text().rstrip("'") if v.state is CellState.CLUE else "?"
        size = min(0.68 * s, 0.9 * s / max(1, len(text)) * 1.6)
        inner.append(_text(h, h, text, size, INK, font_weight="bold"))
    elif v.state is CellState.MINE:
        names.append("flag")
        inner += [_el("rect", width=s, height=s, fill=RAISED), '<use href="#bevel"/>', '<use href="#flag"/>']
    else:
        names.append("covered")
        fill = RAISED
        mark = None
        if analysis is not None and analysis.consistent:
            p = analysis.probability(cell)
            if cell in analysis.safe:
                names.append("safe")
                fill, mark, p = SAFE, "#check", Fraction(0)
            elif cell in analysis.mines:
                names.append("mine")
                fill, mark, p = MINE, "#mine", Fraction(1)
            elif p is not None:
                fill = heat_colour(p)
        inner += [_el("rect", width=s, height=s, fill=fill), '<use href="#bevel"/>']
        if mark is not None:
            inner.append(f'<use href="{mark}"/>')
        elif p is not None:
            inner.append(_text(h, h, percent(p), 0.36 * s))
    if v.dyed:
        names.append("dyed")
        # A dark corner, so that a dyed cell reads as dyed whatever its colour underneath.
        inner.append(f'<path class="dye" d="M0 0H{0.4 * s:g}L0 {0.4 * s:g}Z" fill="{DYE}"/>')
    group = _open(
        "g",
        class_=" ".join(names),
        data_row=cell.row,
        data_col=cell.col,
        data_p=None if p is None else str(p),
        transform=box,
    )
    return group + "".join(inner) + "</g>"


def render_variant_svg(
    board: VariantBoard,
    analysis: VariantAnalysis | None = None,
    *,
    title: str | None = None,
    cell_size: int | None = None,
    hint: VariantHint | None = None,
) -> str:
    """Draw a variant board, its rule badges and dyed cells, and optionally an analysis or a hint, as SVG.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> from cnfsweep.variants.board import parse_variant
    >>> svg = ET.fromstring(render_variant_svg(parse_variant("rules: 1Q 1M\\n2 .'\\n. .\\n")))
    >>> [e.get("data-rule") for e in svg.iter() if e.get("class") == "rule-badge"]
    ['1Q', 'V', '1M']
    >>> [(e.get("data-row"), e.get("data-col")) for e in svg.iter() if "dyed" in (e.get("class") or "").split()]
    [('0', '1')]
    """
    if analysis is not None and analysis.board != board:
        raise ValueError("the analysis is of another board")
    if hint is not None and hint.board != board:
        raise ValueError("the hint is of another board")
    s = cell_size or default_cell_size(board.rows, board.cols, analysis is not None)
    shapes = shapes_for(Square(board.rows, board.cols), s)
    grid_w, grid_h = shapes.size
    name = title or "cnfsweep variant board"
    total = "" if board.total is None else f", {board.total} mines"
    heading = f"{name}  ({board.rows}x{board.cols}{total})"
    badges, badges_w = _badges(board, PAD + 24)
    top = PAD + 24 + 18 + PAD
    x0, y0 = PAD, top
    body = [
        _el("title", name),
        _defs(s),
        _el("rect", width="100%", height="100%", fill="#fff"),
        _text(PAD, PAD + 8, heading, 14, font_weight="bold", text_anchor="start", class_="heading"),
        *badges,
        f'<g class="grid" transform="translate({x0},{y0})">',
        *(
            _cell(board, Cell(r, c), s, shapes.box((r, c)), analysis)
            for r in range(board.rows)
            for c in range(board.cols)
        ),
        "</g>",
    ]
    width = max(grid_w, text_width(heading, 14, bold=True), badges_w - PAD) + 2 * PAD
    bottom = top + grid_h + PAD
    words: list[tuple[str, str]] = []
    if hint is not None:
        move = hint.move
        if move is not None and move.reason is not None:
            for c in move.reason.clues:
                body.append(
                    shapes.ring(
                        c,
                        s - 4,
                        x0,
                        y0,
                        {"class_": "hint-reason", "data_row": c.row, "data_col": c.col},
                        {
                            "fill": "none",
                            "stroke": BEST,
                            "stroke_width": 3,
                            "stroke_dasharray": f"{s / 5:g} {s / 10:g}",
                        },
                    )
                )
        if move is not None:
            colour = BEST if not move.certain else (MINE if move.mine else SAFE)
            body.append(
                shapes.ring(
                    move.cell,
                    max(s - 3, 12),
                    x0,
                    y0,
                    {"class_": "hint-move", "data_row": move.cell.row, "data_col": move.cell.col},
                    {"fill": "none", "stroke": colour, "stroke_width": 4},
                )
            )
        words.append((variant_hint_words(hint), "hint"))
    if analysis is not None:
        if not analysis.consistent:
            words.append(("inconsistent: no layout obeys these rules and clues", "caption"))
        elif analysis.layouts is not None:
            words.append((f"consistent layouts: {analysis.layouts}", "summary"))
        else:
            words.append((f"not counted: {analysis.uncounted}", "summary"))
    for said, kind in words:
        lines = _wrap(said, max(width - 2 * PAD, 400), 13)
        body += [
            _text(PAD, bottom + 8 + LINE * i, line, 13, text_anchor="start", class_=kind)
            for i, line in enumerate(lines)
        ]
        width = max(width, max(text_width(line, 13) for line in lines) + 2 * PAD)
        bottom += LINE * len(lines) + 4
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{bottom + PAD:g}" '
        f'viewBox="0 0 {width:g} {bottom + PAD:g}" font-family="{FONT}" text-anchor="middle">'
    )
    return "\n".join([head, *body, "</svg>"]) + "\n"
