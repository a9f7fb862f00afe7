"""The classic grade for variant puzzles: play the puzzle step by step, each step the smallest reasons.

A variant puzzle has one layout, its answer (:func:`grade_variant_board` finds it as the puzzle's unique
witness).  It is played as :func:`~cnfsweep.explanation.grade.grade_layout` plays a classic board:

* a **step** settles every covered cell whose smallest reason
  (:class:`~cnfsweep.variants.smallest.SmallestReasons`) is the least: reasons of clues alone before
  reasons that need the total, then fewer facts;
* a settled safe cell then shows its clue read on the answer (under 1L one off, drawn from ``seed``,
  as :class:`~cnfsweep.variants.game.PuzzleGame` shows it); a settled mine is known;
* a step's **size** counts the clues of its reasons, plus one for the total; mine rules are always in
  force and do not count (a step that mine rules alone decide from known cells has size 0);
* the grade is :class:`~cnfsweep.explanation.Grade`'s, from the steps, on the classic scale.

A puzzle with one layout never needs a guess: the clues and the total decide every cell.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cnfsweep.core.board import Cell
from cnfsweep.core.deadline import check_deadline, deadline_after, time_left
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.seeds import game_seed
from cnfsweep.explanation.grade_report import Grade, Step
from cnfsweep.generation.variants import VariantPuzzle, VariantRequest, generate_variant
from cnfsweep.variants.board import CellState, VariantBoard, VariantCell
from cnfsweep.variants.hints import VariantMove
from cnfsweep.variants.puzzle import shown_clues
from cnfsweep.variants.smallest import SmallestReasons
from cnfsweep.variants.solve import variant_witnesses

__all__ = [
    "GRADE_TRIES",
    "VariantGradeReport",
    "generate_graded_variants",
    "grade_variant_board",
    "grade_variant_layout",
]


@dataclass(frozen=True)
class VariantGradeReport:
    """How a variant puzzle played step by step went, and its grade (the classic scale).

    Attributes
    ----------
    board : VariantBoard
        The puzzle as given.
    answer : frozenset of Cell
        Its one layout.
    steps : tuple of Step
        Every step in order (``Step.size``: clues, plus one for the total).
    grade : Grade
    hardest : int
        Index in ``steps`` of the hardest step (the first of equals).
    hardest_board : VariantBoard
        The position the hardest step starts from.
    hardest_moves : tuple of VariantMove
        Its moves with their smallest reasons.
    seconds : float
    """

    board: VariantBoard
    answer: frozenset[Cell]
    steps: tuple[Step, ...]
    grade: Grade
    hardest: int
    hardest_board: VariantBoard = field(repr=False)
    hardest_moves: tuple[VariantMove, ...] = field(repr=False)
    seconds: float = field(default=0.0, compare=False)

    @property
    def sizes(self) -> tuple[int, ...]:
        """Every step's size, in order."""
        return tuple(s.size for s in self.steps)

    def to_dict(self) -> dict[str, Any]:
        """The document ``cnfsweep grade --json`` prints for a variant puzzle.

        Its keys are the classic report's where they mean the same (``grade``, ``steps``, ``hardest``),
        with ``rules`` and ``total_mines`` for a variant board.
        """
        hardest = self.steps[self.hardest]
        move = self.hardest_moves[0].to_dict() if self.hardest_moves else {"move": None, "reason": None}
        return {
            "rules": list(self.board.rules.codes),
            "rows": self.board.rows,
            "cols": self.board.cols,
            "total_mines": self.board.total,
            "grade": self.grade.value,
            "needs_guess": False,
            "steps": [s.to_dict() for s in self.steps],
            "hardest": {
                "step": self.hardest,
                **hardest.to_dict(),
                **move,
                "board": self.hardest_board.text().splitlines(),
            },
            "seconds": round(self.seconds, 6),
        }


def _settled(board: VariantBoard, known: dict[Cell, bool], read: dict[Cell, Any]) -> VariantBoard:
    """``board`` with the cells in ``known`` settled: a mine known, a safe cell showing its clue."""
    cells = []
    for r, row in enumerate(board.cells):
        out = []
        for c, cell in enumerate(row):
            at = Cell(r, c)
            if cell.state is not CellState.COVERED or at not in known:
                out.append(cell)
            elif known[at]:
                out.append(VariantCell(CellState.MINE, dyed=cell.dyed))
            elif at in read:
                out.append(VariantCell(CellState.CLUE, read[at], cell.dyed))
            else:
                # A count its code has no letter for (2E past its bound) shows nothing: open, its clue hidden.
                out.append(VariantCell(CellState.HIDDEN, dyed=cell.dyed))
        cells.append(tuple(out))
    return VariantBoard(board.rules, tuple(cells), board.total)


def grade_variant_layout(
    board: VariantBoard,
    answer: frozenset[Cell],
    *,
    seed: int = 0,
    time_limit: float | None = None,
) -> VariantGradeReport:
    """Play ``board`` towards its layout ``answer`` step by step with smallest reasons, and grade it.

    Parameters
    ----------
    board : VariantBoard
        The puzzle.
    answer : frozenset of Cell
        Its layout (the mines); the board's clues and total must allow it and no other.
    seed : int, optional
        Under 1L, which way each clue opened on the way is off (as a puzzle game of that seed shows it).
    time_limit : float, optional
        Seconds for the whole grading; past them raise :class:`~cnfsweep.core.errors.TimeLimitExceeded`.

    Raises
    ------
    CnfsweepError
        When some position on the way has no certain cell (the clues leave another layout).
    """
    began = time.perf_counter()
    deadline = deadline_after(time_limit)
    read = shown_clues(board.rules, board.grid, answer, random.Random(seed), board.clues)
    known: dict[Cell, bool] = {}
    steps: list[Step] = []
    hardest: tuple[int, VariantBoard, tuple[VariantMove, ...]] | None = None
    covered = board.where(CellState.COVERED)
    position = board
    # One model and the layouts it found, moved on step by step: what one step learnt serves the next.
    finder = SmallestReasons(position, deadline)
    while len(known) < len(covered):
        check_deadline(deadline)
        if finder.board is not position:
            finder.advance(position)
        left = [(c, c in answer) for c in covered if c not in known]
        certain = [(c, mine) for c, mine in left if finder.certain(c, mine, False)]
        if not certain:
            certain = [(c, mine) for c, mine in left if finder.certain(c, mine, True)]
        if not certain:
            raise CnfsweepError("the puzzle needs a guess: its clues and total leave more than one layout")
        moves = tuple(finder.easiest(certain))
        reason = moves[0].reason
        assert reason is not None
        step = Step(reason.size, reason.uses_total, len(moves))
        if hardest is None or step.difficulty > steps[hardest[0]].difficulty:
            hardest = (len(steps), position, moves)
        steps.append(step)
        known.update((m.cell, m.mine) for m in moves)
        position = _settled(board, known, read)
        time_left(deadline)
    if hardest is None:
        raise CnfsweepError("the puzzle has no covered cell to settle")
    return VariantGradeReport(
        board,
        answer,
        tuple(steps),
        Grade.of_steps(steps),
        hardest[0],
        hardest[1],
        hardest[2],
        time.perf_counter() - began,
    )


def grade_variant_board(board: VariantBoard, *, seed: int = 0, time_limit: float | None = None) -> VariantGradeReport:
    """Grade a variant puzzle on the classic scale: its layout is its one solution, found first.

    ``seed`` and ``time_limit`` are as :func:`grade_variant_layout` takes them.

    Raises
    ------
    CnfsweepError
        When the puzzle has no layout, or more than one.

    Examples
    --------
    >>> from cnfsweep.variants.board import parse_variant
    >>> report = grade_variant_board(parse_variant("rules: V\\nmines: 1\\n. 1 0\\n? ? 0\\n"))
    >>> report.grade, report.sizes, sorted(report.answer)   # one step: the 1 alone flags (0, 0)
    (<Grade.EASY: 'easy'>, (1,), [Cell(row=0, col=0)])
    """
    deadline = deadline_after(time_limit)
    found = variant_witnesses(board, limit=2, time_limit=time_left(deadline), exact=True)
    if not found:
        raise CnfsweepError(
            "the puzzle has no layout: its clues and rules contradict each other (see 'cnfsweep check')"
        )
    if len(found) > 1:
        raise CnfsweepError(
            "the puzzle has more than one layout: a grade needs a puzzle with one solution (see 'cnfsweep solve')"
        )
    return grade_variant_layout(board, found[0], seed=seed, time_limit=time_left(deadline))


#: Puzzles drawn for each one of a grade before :func:`generate_graded_variants` gives up.
GRADE_TRIES = 40


def generate_graded_variants(
    request: VariantRequest, count: int, seed: int, grade: Grade, tries: int = GRADE_TRIES
) -> Iterator[tuple[VariantPuzzle, VariantGradeReport]]:
    """``count`` puzzles of ``grade`` (the classic scale), each with its report: puzzles drawn and graded until one is.

    Candidate ``j`` of the run has seed ``game_seed(seed, j)``, as :func:`~cnfsweep.generation.variants.generate_variants`
    numbers its puzzles, so a run is the same on any machine.

    Raises
    ------
    CnfsweepError
        When ``tries`` candidates in a row are of other grades.
    TimeLimitExceeded
        Past the request's time limit (for each candidate).
    """
    drawn = 0
    for _ in range(count):
        for _ in range(tries):
            puzzle = generate_variant(request, game_seed(seed, drawn))
            drawn += 1
            # Seed 0 for 1L's clues opened on the way, as ``cnfsweep grade`` reads the puzzle's file: one grade.
            report = grade_variant_layout(puzzle.board, puzzle.answer, time_limit=request.time_limit)
            if report.grade is grade:
                yield puzzle, report
                break
        else:
            raise CnfsweepError(
                f"no {grade.value} puzzle of {request.size_text} under {' '.join(request.rules.codes)} "
                f"in {tries} puzzles drawn: try another grade, size or total"
            )
