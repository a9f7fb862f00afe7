"""What people read of a variant board's analysis or check: the grid with its certain cells, and the words."""

from __future__ import annotations

from cnfsweep.core.board import Cell
from cnfsweep.variants.board import CellState, VariantBoard
from cnfsweep.core.words import counted
from cnfsweep.present.levels import level_mark
from cnfsweep.variants.hints import VariantHint
from cnfsweep.generation.variant_grade import VariantGradeReport
from cnfsweep.variants.levels import LEVELS, VariantLevels
from cnfsweep.variants.solve import VariantAnalysis, VariantCheck

__all__ = [
    "variant_analysis_text",
    "variant_check_text",
    "variant_hint_text",
    "variant_hint_words",
    "variant_levels_text",
]

#: What each level of a variant board decides by, in words.
_LEVEL_WORDS = {"full": "the clues and rules", "total": "the total"}


def _grid(board: VariantBoard, mark: dict[Cell, str], framed: frozenset[Cell] = frozenset()) -> list[str]:
    # A dyed cell keeps its trailing "'" whatever mark it gets; a clue of a reason is framed in brackets.
    cells = [
        [
            mark.get(Cell(r, c), ".") + ("'" if v.dyed else "")
            if v.state is CellState.COVERED
            else f"[{v.text()}]"
            if Cell(r, c) in framed
            else v.text()
            for c, v in enumerate(row)
        ]
        for r, row in enumerate(board.cells)
    ]
    width = max(len(t) for row in cells for t in row)
    return ["  ".join(t.rjust(width) for t in row) for row in cells]


def _head(board: VariantBoard) -> str:
    return f"rules: {' '.join(board.rules.codes)}" + (f"   mines: {board.total}" if board.total is not None else "")


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
    lines = [_head(board)]
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


def _cells(cells: tuple[Cell, ...], board: VariantBoard) -> str:
    said = [f"the {board.cell(c).text()} at ({c.row}, {c.col})" for c in cells]
    return ", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0]


def variant_hint_words(result: VariantHint) -> str:
    """What a variant hint says in words: the move and its reason, or why there is none (text and picture alike).

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> from cnfsweep.variants.hints import hint_variant
    >>> variant_hint_words(hint_variant(parse_variant("rules: 1H\\n. . .\\n? 2 ?\\n")))
    '(0, 0) is a mine by the 2 at (1, 1) under rules 1H V'
    """
    board, move = result.board, result.move
    if not result.consistent:
        return "inconsistent: no layout obeys these rules and clues"
    if move is None:
        why = f" (not counted: {result.uncounted})" if result.uncounted else ""
        return f"nothing is certain and no cell is known safest{why}"
    if not move.certain:
        return f"nothing is certain: the best guess is ({move.cell.row}, {move.cell.col}), mine probability {move.probability}"
    reason = move.reason
    facts = []
    if reason is not None:
        if reason.clues:
            facts.append(_cells(reason.clues, board))
        if reason.uses_total:
            facts.append(f"the total of {board.total} mines")
    codes = reason.rules if reason is not None else ()
    rules = f"rule{'s' if len(codes) > 1 else ''} {' '.join(codes)}"
    said = " and ".join(facts) + (f" under {rules}" if codes else "") if facts else f"{rules} alone"
    return f"({move.cell.row}, {move.cell.col}) is {'a mine' if move.mine else 'safe'} by {said}"


def variant_hint_text(result: VariantHint) -> str:
    """The board with the hinted cell (``>s`` open it, ``>M`` a mine) and its reason's clues in brackets, then why.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> from cnfsweep.variants.hints import hint_variant
    >>> print(variant_hint_text(hint_variant(parse_variant("rules: 1H\\n. . .'\\n? 2 ?\\n"))))
    rules: 1H V
     >M    .   .'
      ?  [2]    ?
    (0, 0) is a mine by the 2 at (1, 1) under rules 1H V
    """
    board, move = result.board, result.move
    mark: dict[Cell, str] = {}
    framed: frozenset[Cell] = frozenset()
    if result.consistent and move is not None:
        mark = {m.cell: ("M" if m.mine else "s") for m in result.moves if m.certain}
        if move.certain:
            mark[move.cell] = ">" + mark[move.cell]
            framed = frozenset(move.reason.clues) if move.reason is not None else frozenset()
        else:
            p = move.probability
            mark[move.cell] = ">" + ("?" if p is None else f"{float(p):.0%}")
    return "\n".join([_head(board), *_grid(board, mark, framed), variant_hint_words(result)])


def variant_levels_text(result: VariantLevels) -> str:
    """The board with each decided cell marked by its level, then how many cells each level decides.

    A decided cell reads ``s`` (safe) or ``M`` (mine) and its level's mark, as on a classic board:
    ``f`` for what the clues and rules decide together, ``t`` for what only the total decides besides.
    On an inconsistent board no cell is marked (no layout holds) and the conflict's clues are in brackets.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> from cnfsweep.variants.levels import variant_levels
    >>> print(variant_levels_text(variant_levels(parse_variant("rules: 1Q\\nmines: 3\\n. . . .\\n. 1 . .\\n"))))
    rules: 1Q V   mines: 3
    sf  Mf  sf  Mt
    sf   1  sf  Mt
    the clues and rules: 4 safe, 1 mine   the total: 2 mines   undecided: 0
    >>> print(variant_levels_text(variant_levels(parse_variant("rules: 1Q\\n. . .\\n. 1 .\\n. . .\\n"))))
    rules: 1Q V
      .    .    .
      .  [1]    .
      .    .    .
    before the conflict: the clues and rules: 0   undecided: 8
    inconsistent at the clues and rules: the 1 at (1, 1) under rules 1Q V allow no layout together
    """
    board = result.board
    names = LEVELS if board.total is not None else LEVELS[:1]
    counts = []
    for name in names:
        safe = sum(1 for level, mine in result.decided.values() if level == name and not mine)
        mines = sum(1 for level, mine in result.decided.values() if level == name and mine)
        said = ", ".join(([f"{safe} safe"] if safe else []) + ([counted(mines, "mine")] if mines else [])) or "0"
        counts.append(f"{_LEVEL_WORDS[name]}: {said}")
    line = "   ".join([*counts, f"undecided: {len(result.undecided)}"])
    if result.consistent:
        mark = {c: ("M" if mine else "s") + level_mark(name) for c, (name, mine) in result.decided.items()}
        return "\n".join([_head(board), *_grid(board, mark), line])
    # Without a layout nothing is decided: the counts only say how far the levels before the conflict got.
    conflict = result.conflict or ()
    facts = [_cells(conflict, board)] if conflict else []
    if result.inconsistent_level == "total":
        facts.append(f"the total of {board.total} mines")
    codes = result.conflict_rules or ()
    said = " and ".join(facts) or "no clue"
    rules = f" under rule{'s' if len(codes) > 1 else ''} {' '.join(codes)}" if codes else ""
    level = _LEVEL_WORDS[result.inconsistent_level or "full"]
    return "\n".join(
        [
            _head(board),
            *_grid(board, {}, frozenset(conflict)),
            f"before the conflict: {line}",
            f"inconsistent at {level}: {said}{rules} allow no layout together",
        ]
    )


def variant_grade_text(report: VariantGradeReport) -> str:
    """A variant puzzle's grade, each step's size, and the hardest step's position with its first move.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> from cnfsweep.generation.variant_grade import grade_variant_board
    >>> print(variant_grade_text(grade_variant_board(parse_variant("rules: V\\nmines: 1\\n. 1 0\\n? ? 0\\n"))))
    grade: easy (1 step; sizes 1)
    hardest: step 1, size 1, 1 cell
    rules: V   mines: 1
     >M  [1]    0
      ?    ?    0
    (0, 0) is a mine by the 1 at (0, 1) under rule V
    """
    hardest = report.steps[report.hardest]
    hint = VariantHint(report.hardest_board, True, report.hardest_moves[:1])
    return "\n".join(
        [
            f"grade: {report.grade.value} ({counted(len(report.steps), 'step')}; sizes {' '.join(map(str, report.sizes))})",
            f"hardest: step {report.hardest + 1}, size {hardest.label}, {counted(hardest.cells, 'cell')}",
            variant_hint_text(hint),
        ]
    )
