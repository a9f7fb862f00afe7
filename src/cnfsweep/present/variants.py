"""What people read of a variant board's analysis or check: the grid with its certain cells, and the words."""

from __future__ import annotations

from cnfsweep.core.board import Cell
from cnfsweep.variants.board import CellState, VariantBoard
from cnfsweep.variants.solve import VariantAnalysis, VariantCheck

__all__ = ["variant_analysis_text", "variant_check_text"]


def _grid(board: VariantBoard, mark: dict[Cell, str]) -> list[str]:
    cells = [
        [
            mark.get(Cell(r, c), ".") + ("'" if v.dyed else "") if v.state is CellState.COVERED else v.text()
            for c, v in enumerate(row)
        ]
        for r, row in enumerate(board.cells)
    ]
    width = max(len(t) for row in cells for t in row)
    return ["  ".join(t.rjust(width) for t in row) for row in cells]


def variant_analysis_text(analysis: VariantAnalysis) -> str:
    """The board with each covered cell's certainty or exact probability, then what was found.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> from cnfsweep.variants.solve import analyze_variant
    >>> print(variant_analysis_text(analyze_variant(parse_variant("rules: 1Q\\n. .\\n. 3\\n"))))
    rules: 1Q V
    M  M
    M  3
    consistent layouts: 1
    certainly safe: 0   certain mines: 3
    """
    board = analysis.board
    lines = [f"rules: {' '.join(board.rules.codes)}" + (f"   mines: {board.total}" if board.total is not None else "")]
    if not analysis.consistent:
        return "\n".join(lines + _grid(board, {}) + ["inconsistent: no layout obeys these rules and clues"])
    mark = {c: "s" for c in analysis.safe} | {c: "M" for c in analysis.mines}
    if analysis.counts is not None:
        for c in board.where(CellState.COVERED):
            p = analysis.probability(c)
            if c not in mark and p is not None:
                mark[c] = f"{float(p):.0%}"
    lines += _grid(board, mark)
    if analysis.layouts is not None:
        lines.append(f"consistent layouts: {analysis.layouts}")
    else:
        lines.append(f"not counted: {analysis.uncounted}")
    lines.append(f"certainly safe: {len(analysis.safe)}   certain mines: {len(analysis.mines)}")
    return "\n".join(lines)


def variant_check_text(board: VariantBoard, result: VariantCheck) -> str:
    """Consistent with a layout's mines, or the conflict: its clues and rules."""
    if result.consistent:
        mines = ", ".join(f"({c.row}, {c.col})" for c in result.witness_mines) or "none"
        return f"consistent: a layout obeying every rule and clue has mines at {mines}"
    clues = ", ".join(f"{board.cell(c).text()} at ({c.row}, {c.col})" for c in result.clues) or "no clue"
    parts = [f"clues {clues}", f"rules {' '.join(result.rules) or 'none'}"]
    if result.total_in_conflict:
        parts.append(f"the total of {board.total} mines")
    return "inconsistent: " + "; ".join(parts) + " allow no layout together"
