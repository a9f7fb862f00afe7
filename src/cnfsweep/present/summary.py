"""The words that sum up an analysis, shared by the terminal view and the SVG picture.

Plain strings only: the views add colour and layout around them.
"""

from __future__ import annotations

from fractions import Fraction

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.graph import is_graph
from cnfsweep.core.words import counted
from cnfsweep.engine.analysis import Analysis
from cnfsweep.explanation import EASY_PATTERN_STEPS, GradeReport, Hint, HintMove, Step
from cnfsweep.play.level import format_size

__all__ = [
    "best_guess_text",
    "grade_hint",
    "grade_lines",
    "hint_text",
    "inconsistent_text",
    "layouts_text",
    "move_text",
    "percent",
    "place",
    "search_text",
    "step_text",
    "summary_lines",
]


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
    return f"consistent layouts: {analysis.count}" + (
        "" if analysis.total_mines is not None else " (frontier only: no total given)"
    )


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
    return f"{place(analysis.board, cell, rows=True)} ({odds})"


def inconsistent_text(analysis: Analysis | Hint) -> str:
    """Say that no layout fits, naming the total when there is one.

    Examples
    --------
    >>> from cnfsweep import Board, analyze
    >>> inconsistent_text(analyze(Board.from_rows(["1*"], total_mines=2)))
    'inconsistent: no mine layout fits these numbers and a total of 2 mines'
    >>> inconsistent_text(analyze(Board.from_rows(["2."], total_mines=1)))
    'inconsistent: no mine layout fits these numbers and a total of 1 mine'
    """
    why = "" if analysis.total_mines is None else f" and a total of {counted(analysis.total_mines, 'mine')}"
    return f"inconsistent: no mine layout fits these numbers{why}"


def search_text(components: int) -> str:
    """Say how many components were left for the search, after the deductions that need none.

    A frontier that single numbers and their subsets settle leaves no
    component: that is not a board without a frontier.

    Examples
    --------
    >>> search_text(0), search_text(1), search_text(3)
    ('nothing left to search after simple deductions', '1 component searched', '3 components searched')
    """
    return (
        "nothing left to search after simple deductions"
        if components == 0
        else f"{counted(components, 'component')} searched"
    )


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
        lines.append(
            f"backend {analysis.backend}, {search_text(analysis.components)}, {analysis.seconds * 1000:.1f} ms"
        )
    return lines


def place(board: Board | None, cell: Cell, *, rows: bool = False) -> str:
    """Name a cell in words: ``cell NAME`` on a graph board, else ``(r, c)`` (``row r, col c`` with ``rows``).

    Examples
    --------
    >>> from cnfsweep.core.graph import Graph
    >>> place(None, Cell(1, 2)), place(None, Cell(1, 2), rows=True)
    ('(1, 2)', 'row 1, col 2')
    >>> place(Board((".1",), topology=Graph(("a", "b"), ((0, 1),))), Cell(0, 1))
    'cell b'
    """
    if board is not None and is_graph(board.topology):
        return f"cell {board.topology.cell_text(cell)}"
    return f"row {cell.row}, col {cell.col}" if rows else f"({cell.row}, {cell.col})"


def _at(cell: Cell, board: Board | None = None) -> str:
    return place(board, cell)


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _odds(p: Fraction | None) -> str:
    return "unknown without the total mine count" if p is None else f"{p} = {float(p):.2%}"


def move_text(board: Board, move: HintMove, total_mines: int | None = None) -> str:
    """Say what a move is and why: the numbers of its reason, or the odds of a guess.

    Examples
    --------
    >>> from cnfsweep.explanation import hint
    >>> board = Board.from_rows(["...", "121"])
    >>> move_text(board, hint(board).move)
    '(0, 0) is a mine: the 2 at (1, 1) and the 1 at (1, 2) force it'
    >>> move_text(Board.from_rows(["1.", ".."]), hint(Board.from_rows(["1.", ".."])).move)
    'nothing is certain: the best guess is (0, 1), mine probability 1/3 = 33.33%'
    """
    reason = move.reason
    if reason is None:
        if move.forced:
            # Not 'the best guess': solve names the safest cell, which may be safer than this one.
            text = (
                f"forced guess: take it now: {_at(move.cell, board)}, mine probability {_odds(move.probability)}; "
                "no future reveal can tell it from its partner, so it must be taken sooner or later"
            )
            if move.safest is not None and move.safest != move.cell:
                text += (
                    f"; the safest cell is {_at(move.safest, board)}, mine probability {_odds(move.safest_probability)}"
                )
            elif move.safest is not None:
                text += "; it is also the safest cell"
            return text
        return (
            f"nothing is certain: the best guess is {_at(move.cell, board)}, mine probability {_odds(move.probability)}"
        )
    parts = [f"the {board.char(n)} at {_at(n, board)}" for n in reason.numbers]
    total = board.total_mines if total_mines is None else total_mines
    if reason.uses_total:
        parts.append(f"the total of {counted(total, 'mine')}" if total is not None else "the total mine count")
    verb = "forces" if len(parts) == 1 else "force"
    return f"{_at(move.cell, board)} is {'a mine' if move.mine else 'safe'}: {_and(parts)} {verb} it"


def hint_text(result: Hint) -> list[str]:
    """Say every move of a hint, best first, or why there is none.

    Examples
    --------
    >>> from cnfsweep.explanation import hint
    >>> hint_text(hint(Board.from_rows(["1*"], total_mines=1)))
    ['nothing to do: no covered cell is left']
    """
    if not result.consistent:
        return [inconsistent_text(result)]
    if not result.moves:
        return ["nothing to do: no covered cell is left"]
    lines = [move_text(result.board, m, result.total_mines) for m in result.moves]
    if result.assume:
        # The reasons count on the assumed cells as on flags: say so, or a reason reads as wrong.
        said = ", ".join(
            f"{label} {'is a mine' if mine else 'is safe'}" for label, mine in sorted(result.assume.items())
        )
        lines.append(f"(assuming {said})")
    return lines


def step_text(step: Step) -> str:
    """Say what a step's smallest reasons use.

    Examples
    --------
    >>> step_text(Step(1, False, 4)), step_text(Step(3, True, 1)), step_text(Step(1, True, 2))
    ('one number', 'two numbers and the total', 'the total alone')
    """
    words = ["no number", "one number", "two numbers", "three numbers", "four numbers"]
    n = step.numbers
    said = words[n] if n < len(words) else f"{n} numbers"
    if step.uses_total:
        return "the total alone" if n == 0 else f"{said} and the total"
    return said


#: What each grade asks of the player, as the view says it.
GRADE_RULES = {
    "easy": f"single numbers, and at most {EASY_PATTERN_STEPS} steps of two numbers",
    "medium": "at most two numbers a step",
    "hard": "a step of three numbers, or of the total with at most one number",
    "evil": "a step of four or more numbers, or of the total with two or more",
}


def grade_hint(report: GradeReport) -> Hint | None:
    """Return the hardest step's first move as a :class:`Hint` to draw, or the guess a board needs.

    ``None`` when there is neither (a board the first click solves).
    """
    moves: tuple[HintMove, ...]
    if report.stuck is not None:
        board, moves = report.stuck, (report.guess,) if report.guess is not None else ()
    else:
        step = report.hardest_step
        if step is None or step.board is None or not step.moves:
            return None
        board, moves = step.board, step.moves[:1]
    return Hint(board, moves, True, False, True, board.total_mines, "", 0.0)


def grade_lines(report: GradeReport) -> list[str]:
    """Sum up a grade: the grade and why, the steps in order and by size, and the hardest step.

    Examples
    --------
    >>> from cnfsweep.explanation import grade_layout
    >>> for line in grade_lines(grade_layout(3, 5, [(0, 0), (2, 1)], (0, 2))):
    ...     print(line)
    grade: easy (single numbers, and at most 3 steps of two numbers)
    3x5, 2 mines, first click (0, 2), the player uses the total mine count
    3 steps; the numbers each step's smallest reason needs, in order: 1 2 1
    steps by size: 1: 2, 2: 1
    hardest: step 2 of 3, two numbers (1 cell)
    """
    graph = report.graph
    if report.start is None:
        where = "the position shown"
    else:
        where = f"first click {_at(report.start) if graph is None else repr(graph.cell_text(report.start))}"
    size = format_size(report.rows, report.cols) if graph is None else f"a graph of {counted(report.cols, 'cell')}"
    total = "uses the total mine count" if report.uses_total else "uses the numbers only"
    if report.grade is not None:
        head = f"grade: {report.grade.value} ({GRADE_RULES[report.grade.value]})"
    else:
        head = f"needs a guess after {counted(len(report.steps), 'step')}: no grade"
    lines = [head, f"{size}, {counted(report.mines, 'mine')}, {where}, the player {total}"]
    n = len(report.steps)
    if n:
        order = " ".join(s.label.replace(" + total", "+T") for s in report.steps)
        plus = " (+T: and the total)" if "+T" in order else ""
        lines.append(f"{counted(n, 'step')}; the numbers each step's smallest reason needs, in order{plus}: {order}")
        counts = ", ".join(f"{Step(size, total, 0).label}: {k}" for (size, total), k in report.histogram.items())
        lines.append(f"steps by size: {counts}")
    else:
        lines.append("no step: the first click opens every safe cell" if report.grade is not None else "no step")
    step = report.hardest_step
    if step is not None and report.grade is not None:
        cells = counted(step.cells, "cell")
        assert report.hardest is not None
        lines.append(f"hardest: step {report.hardest + 1} of {n}, {step_text(step)} ({cells})")
    if report.stuck is not None:
        lines.append(f"stuck at step {n + 1}: nothing is certain")
    return lines
