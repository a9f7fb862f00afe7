"""The words that sum up an analysis, shared by the terminal view and the SVG picture.

Plain strings only: the views add colour and layout around them.
"""

from __future__ import annotations

from fractions import Fraction

from cnfsweep.core.board import Board, Cell
from cnfsweep.engine.analysis import Analysis
from cnfsweep.explain import Hint, Move

__all__ = ["best_guess_text", "hint_text", "inconsistent_text", "layouts_text", "move_text", "percent", "summary_lines"]


def percent(p: Fraction) -> str:
    """Write a mine probability in whole percent, never 0% or 100% unless certain.

    Examples
    --------
    >>> from fractions import Fraction
    >>> percent(Fraction(1, 3)), percent(Fraction(1, 1000)), percent(Fraction(0))
    ('33%', '1%', '0%')
    """
    value = round(p * 100)
    return f"{value if p in (0, 1) else min(max(value, 1), 99)}%"


def layouts_text(analysis: Analysis) -> str:
    """Say how many layouts fit, from the exact count or, on float analyses, its logarithm.

    Examples
    --------
    >>> from cnfsweep import Board, analyze
    >>> layouts_text(analyze(Board.from_rows(["1.", ".."])))
    'consistent layouts: 3 (frontier only: no total given)'
    >>> layouts_text(analyze(Board.from_rows(["1.", "..", ".."], total_mines=2), arithmetic="float"))
    'consistent layouts: about 6.0 x 10^0'
    """
    return f"consistent layouts: {analysis.count}" + ("" if analysis.total_mines is not None else " (frontier only: no total given)")


def best_guess_text(analysis: Analysis) -> str:
    """Say which cell to try and how risky it is, or why there is none.

    Examples
    --------
    >>> from cnfsweep import Board, analyze
    >>> best_guess_text(analyze(Board.from_rows(["1.", ".."])))
    'row 0, col 1 (mine probability 1/3 = 33.33%)'
    >>> best_guess_text(analyze(Board.from_rows(["1..."])))
    'row 0, col 2 (off the frontier: its probability needs the total mine count)'
    >>> best_guess_text(analyze(Board.from_rows(["3.", "*."], total_mines=3)))
    'none: every covered cell is a certain mine'
    >>> best_guess_text(analyze(Board.from_rows(["1*"], total_mines=1)))
    'none: no covered cell is left'
    """
    cell = analysis.best_guess
    if cell is None:
        if not analysis.consistent:
            return "none: the position is inconsistent"
        return "none: every covered cell is a certain mine" if analysis.mines else "none: no covered cell is left"
    p = analysis.exact(cell)
    if p is None:
        odds = "off the frontier: its probability needs the total mine count"
    elif p == 0:
        odds = "certainly safe"
    else:
        odds = f"mine probability {'' if analysis.approximate else f'{p} = '}{float(p):.2%}"
    return f"row {cell.row}, col {cell.col} ({odds})"


def inconsistent_text(analysis: Analysis) -> str:
    """Say that no layout fits, naming the total when there is one."""
    why = "" if analysis.total_mines is None else f" and a total of {analysis.total_mines} mines"
    return f"inconsistent: no mine layout fits these numbers{why}"


def summary_lines(analysis: Analysis, *, timing: bool = True) -> list[str]:
    """Sum up a consistent analysis: layouts, certain cells, the best guess (and the backend's time).

    Examples
    --------
    >>> from cnfsweep import Board, analyze
    >>> summary_lines(analyze(Board.from_rows(["...", "121"])), timing=False)
    ['consistent layouts: 1 (frontier only: no total given)', 'certainly safe: 1   certain mines: 2', 'best guess: row 0, col 1 (certainly safe)']
    """
    if not analysis.consistent:
        return [inconsistent_text(analysis)]
    lines = [
        layouts_text(analysis),
        f"certainly safe: {len(analysis.safe)}   certain mines: {len(analysis.mines)}",
        f"best guess: {best_guess_text(analysis)}",
    ]
    if analysis.approximate:
        lines.append("probabilities in floating point, to about nine digits; safe cells and mines are exact")
    if timing:
        lines.append(f"backend {analysis.backend}, {analysis.components} component(s), {analysis.seconds * 1000:.1f} ms")
    return lines


def _at(cell: Cell) -> str:
    return f"({cell.row}, {cell.col})"


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def move_text(board: Board, move: Move, total_mines: int | None = None) -> str:
    """Say what a move is and why: the numbers of its reason, or the odds of a guess.

    Examples
    --------
    >>> from cnfsweep.explain import hint
    >>> board = Board.from_rows(["...", "121"])
    >>> move_text(board, hint(board).move)
    '(0, 0) is a mine: the 2 at (1, 1) and the 1 at (1, 2) force it'
    >>> move_text(Board.from_rows(["1.", ".."]), hint(Board.from_rows(["1.", ".."])).move)
    'nothing is certain: the best guess is (0, 1), mine probability 1/3 = 33.33%'
    """
    reason = move.reason
    if reason is None:
        p = move.probability
        odds = "unknown without the total mine count" if p is None else f"{p} = {float(p):.2%}"
        text = f"nothing is certain: the best guess is {_at(move.cell)}, mine probability {odds}"
        if move.forced:
            text += " (a forced guess: no future reveal can tell it from its partner, so it must be taken sooner or later)"
        return text
    parts = [f"the {board.char(n)} at {_at(n)}" for n in reason.numbers]
    total = board.total_mines if total_mines is None else total_mines
    if reason.uses_total:
        parts.append(f"the total of {total} mines" if total is not None else "the total mine count")
    verb = "forces" if len(parts) == 1 else "force"
    return f"{_at(move.cell)} is {'a mine' if move.mine else 'safe'}: {_and(parts)} {verb} it"


def hint_text(result: Hint) -> list[str]:
    """Say every move of a hint, best first, or why there is none.

    Examples
    --------
    >>> from cnfsweep.explain import hint
    >>> hint_text(hint(Board.from_rows(["1*"], total_mines=1)))
    ['nothing to do: no covered cell is left']
    """
    if not result.consistent:
        why = "" if result.total_mines is None else f" and a total of {result.total_mines} mines"
        return [f"inconsistent: no mine layout fits these numbers{why}"]
    if not result.moves:
        return ["nothing to do: no covered cell is left"]
    return [move_text(result.board, m, result.total_mines) for m in result.moves]
