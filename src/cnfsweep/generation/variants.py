"""Variant puzzles with exactly one solution: a size, a total, a rule set, a range of clues and a seed.

A puzzle of *14 Minesweeper Variants* shows some safe cells' clues, the rest
covered, and the total; the player finds every mine by logic alone, so the
clues must leave one layout.  :func:`generate_variant` makes one:

1. a random layout of the total that obeys the mine rules
   (:func:`~cnfsweep.variants.puzzle.draw_layout`), 1M and 1N dye a random
   half of the cells first;
2. every safe cell's clue read off it (1L: one off);
3. clues taken away one by one in a random order, each only if the clues
   left still allow no other layout (one CP-SAT question each,
   :meth:`~cnfsweep.variants.puzzle.Puzzle.another`), until the range's
   least number of clues or no clue can go; a layout whose clues end above the
   range's most is drawn again;
   (a question still open after :data:`QUESTION_LIMIT` of CP-SAT's deterministic time, or
   :data:`QUESTION_SCALE` times the first question's where that is more, keeps its clue);
4. the puzzle checked by the exact solve on its own board
   (:func:`~cnfsweep.variants.solve.variant_witnesses`: one layout, the
   answer; global rules by their exact links there, by cuts in step 3, so the
   two encodings check each other), then graded.

**Grading** counts deduction steps: it plays the puzzle in rounds, each
opening every cell that the clues shown so far and the cells already known
settle (the total only when they settle none), a settled safe cell showing its
clue from then on.  The classic scale's grade (:class:`~cnfsweep.explanation.Grade`,
from the sizes of each step's smallest reason) is
:func:`~cnfsweep.generation.variant_grade.grade_variant_board`'s, which ``cnfsweep grade`` gives.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from cnfsweep.core.board import Cell
from cnfsweep.core.deadline import check_deadline, deadline_after, time_left
from cnfsweep.core.errors import ArgumentError, ArgumentTypeError, CnfsweepError, ParameterError
from cnfsweep.core.seeds import game_seed
from cnfsweep.play.level import format_size
from cnfsweep.variants.board import RuleSet, RuleSetError, VariantBoard
from cnfsweep.variants.puzzle import Puzzle, draw_layout, puzzle_board, reading_rule, shown_clues
from cnfsweep.variants.rule import Grid
from cnfsweep.variants.solve import variant_witnesses

__all__ = ["Round", "VariantPuzzle", "VariantRequest", "generate_variant", "generate_variants", "grade_variant"]

#: The largest board side generated: every clue is a solver question, so bigger boards take minutes.
MAX_SIDE = 30
#: Layouts drawn before a request is given up.
ATTEMPTS = 50
#: CP-SAT deterministic time one "is the answer still alone?" question may take, its cut rounds together; past it
#: the clue stays (still one layout).  Not seconds: a seed's puzzle must not depend on the machine's load.  0.03
#: costs about what the half-second wall-clock limit before it did on a quiet machine (8x8/16 under 1S V: 8-9
#: clues, about 1.4 s; 0.1 leaves 6-7 clues in twice the time).
QUESTION_LIMIT = 0.03
#: A question may also take this many times the work of the puzzle's first question (every clue shown), where
#: that is more: CP-SAT's deterministic time counts reading the model too, and 2P's clues make models of
#: thousands of constraints whose easy questions take 0.02-0.05 units (with :data:`QUESTION_LIMIT` alone, two
#: of three 8x8/16 2P puzzles kept every clue).  Every other rule's first question takes under 0.002.
QUESTION_SCALE = 3


@dataclass(frozen=True)
class VariantRequest:
    """What puzzles to make: the size, the mine count, the rules and the range of clues.

    ``mines`` is the puzzle's total of mines (``--mines`` and the HTTP API's ``mines``; the old name ``total``
    reads it for one release, with a ``DeprecationWarning``).  ``clues`` is the least and most number of clues shown (``None``: as few
    as the layout allows, each clue left needed).  ``graded`` says whether to
    count the deduction steps (a second solve of the puzzle).  Check a request with
    :meth:`checked`, which raises :class:`~cnfsweep.core.errors.ParameterError` (an
    ``ArgumentError``) with one line for a request no puzzle can meet, naming the parameter.
    """

    rows: int
    cols: int
    mines: int
    rules: RuleSet
    clues: tuple[int, int] | None = None
    graded: bool = True
    time_limit: float | None = None
    attempts: int = ATTEMPTS

    @classmethod
    def make(
        cls,
        rows: int,
        cols: int,
        mines: int | None = None,
        rules: Sequence[str] | None = None,
        clues: tuple[int, int] | None = None,
        graded: bool = True,
        time_limit: float | None = None,
        attempts: int = ATTEMPTS,
        *,
        total: int | None = None,
    ) -> VariantRequest:
        """A checked request from rule codes (``["1Q", "V"]``); ``mines`` and ``rules`` are both needed.

        ``total`` is the old name of ``mines``, read for one release with a ``DeprecationWarning``.

        Examples
        --------
        >>> VariantRequest.make(5, 5, 8, ["1Q", "V"]).size_text
        '5x5/8'
        >>> VariantRequest.make(5, 5, 8, ["1Z"])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cnfsweep.core.errors.ParameterError: rules: unknown rule '1Z'; choose from 1Q, 1C, 1T, ...
        """
        if total is not None:
            warnings.warn(
                "VariantRequest.make(total=...) is deprecated: the mine count is 'mines', as the command line and"
                " the HTTP API name it",
                DeprecationWarning,
                stacklevel=2,
            )
            if mines is not None:
                raise ArgumentError("give the mine count once, as 'mines' ('total' is its old name)")
            mines = total
        if mines is None or rules is None:
            raise ArgumentTypeError("VariantRequest.make needs the mine count ('mines') and the rule codes ('rules')")
        try:
            rule_set = RuleSet.from_codes(list(rules))
        except RuleSetError as exc:
            raise ParameterError("rules", None, str(exc)) from None
        return cls(rows, cols, mines, rule_set, clues, graded, time_limit, attempts).checked()

    @property
    def total(self) -> int:
        """The old name of :attr:`mines`, read for one release with a ``DeprecationWarning``."""
        warnings.warn("VariantRequest.total is deprecated: read 'mines'", DeprecationWarning, stacklevel=2)
        return self.mines

    @property
    def size_text(self) -> str:
        return format_size(self.rows, self.cols, self.mines)

    def checked(self) -> VariantRequest:
        """Return the request if a puzzle can meet it as far as sizes go, else raise :class:`ParameterError`."""
        if not (2 <= self.rows <= MAX_SIDE and 2 <= self.cols <= MAX_SIDE):
            raise ParameterError(
                ("rows", "cols"),
                format_size(self.rows, self.cols),
                f"variant puzzles are 2x2 up to {MAX_SIDE}x{MAX_SIDE}",
            )
        cells = self.rows * self.cols
        if not 0 <= self.mines < cells:
            raise ParameterError(
                "mines",
                str(self.mines),
                f"a {format_size(self.rows, self.cols)} board takes 0 to {cells - 1} mines "
                "(at least one cell must show a clue)",
            )
        reading_rule(self.rules)
        if getattr(self.rules.clue, "square", False) and self.rows != self.cols:
            raise ParameterError(
                ("rows", "cols"),
                format_size(self.rows, self.cols),
                f"{self.rules.clue.name} has a liar in every row and every column: give a square board",
            )
        if self.clues is not None:
            least, most = self.clues
            if not 0 <= least <= most or least > cells - self.mines:
                raise ParameterError(
                    "clues",
                    f"{least}-{most}",
                    f"expected at most {cells - self.mines} clues (the safe cells of {self.size_text}), the least first",
                )
        if self.attempts < 1:
            raise ParameterError("attempts", str(self.attempts), "expected at least 1")
        return self


@dataclass(frozen=True)
class VariantPuzzle:
    """One generated puzzle: the board to solve, its one layout, and how hard it is.

    ``steps`` are the grading's rounds (see the module's docstring; empty when
    not graded); ``attempts`` counts the layouts drawn for it.
    """

    request: VariantRequest
    seed: int
    board: VariantBoard
    answer: frozenset[Cell]
    steps: tuple[Round, ...]
    attempts: int

    @property
    def clues(self) -> int:
        return len(self.board.clues)

    def text(self) -> str:
        """The board as ``rules:`` text that ``cnfsweep solve`` reads back."""
        return self.board.text()

    def answer_text(self) -> str:
        """The answer as rows of ``*`` (a mine) and ``.`` (safe)."""
        return "\n".join(
            "".join("*" if Cell(r, c) in self.answer else "." for c in range(self.board.cols))
            for r in range(self.board.rows)
        )

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as ``generate --rules --json`` prints it."""
        return {
            "rules": list(self.board.rules.codes),
            "rows": self.board.rows,
            "cols": self.board.cols,
            "total_mines": self.board.total,
            "seed": self.seed,
            "board": self.text(),
            "mines": [[c.row, c.col] for c in sorted(self.answer)],
            "clues": self.clues,
            "dyed": [[c.row, c.col] for c in sorted(self.board.grid.dyed)],
            "steps": None
            if not self.request.graded
            else [{"cells": s.cells, "uses_total": s.uses_total} for s in self.steps],
            "attempts": self.attempts,
        }


@dataclass(frozen=True)
class Round:
    """One round of grading: how many cells it settles, and whether it needs the total."""

    cells: int
    uses_total: bool


def grade_variant(puzzle: Puzzle, board: VariantBoard) -> tuple[Round, ...]:
    """Play ``board`` in rounds as the module's docstring says: each round opens every cell its clues settle."""
    grid = board.grid
    known: dict[Cell, bool] = dict.fromkeys(board.clues, False)
    revealed = set(board.clues)
    steps: list[Round] = []
    while len(known) < len(grid.cells):
        unknown = [c for c in grid.cells if c not in known]
        found: dict[Cell, bool] = {}
        uses_total = False
        for uses_total in (False, True) if board.total is not None else (False,):
            found = puzzle.forced(revealed, known, unknown, uses_total)
            if found:
                break
        if not found:
            raise CnfsweepError("the puzzle's clues leave more than one layout")  # never: it was checked unique
        for c, mine in found.items():
            known[c] = mine
            if not mine:
                revealed.add(c)
        steps.append(Round(len(found), uses_total))
    return tuple(steps)


def _dyed(request: VariantRequest, rng: random.Random) -> frozenset[Cell]:
    """The dyed cells: a random half of them where 1M, 1N or a rule (2X, 2F) gives dyed cells a meaning, else none."""
    rules = (request.rules.clue, *request.rules.mine)
    if not ({"1M", "1N"} & request.rules.modifiers or any(getattr(r, "uses_dye", False) for r in rules)):
        return frozenset()
    cells = list(Grid(request.rows, request.cols).cells)
    return frozenset(rng.sample(cells, len(cells) // 2))


def generate_variant(request: VariantRequest, seed: int) -> VariantPuzzle:
    """Make one puzzle for ``request`` from ``seed``: the same seed, the same puzzle.

    Raises
    ------
    ParameterError
        When the mine rules allow no layout of the total on the board.
    CnfsweepError
        When no layout drawn within the request's attempts gives a puzzle in its range of clues (or of its grade).
    TimeLimitExceeded
        Past the request's time limit.
    """
    rng = random.Random(seed)
    deadline = deadline_after(request.time_limit)
    rules = request.rules
    for attempt in range(1, request.attempts + 1):
        check_deadline(deadline)
        grid = Grid(request.rows, request.cols, _dyed(request, rng))
        answer = draw_layout(rules, grid, request.mines, rng, deadline)
        if answer is None:
            raise ParameterError(
                "rules", " ".join(rules.codes), f"no layout of {request.size_text} keeps the mine rules"
            )
        shown = shown_clues(rules, grid, answer, rng)
        puzzle = Puzzle(rules, grid, request.mines, shown, answer, deadline)
        kept = set(shown)
        if puzzle.another(kept) is not None:
            continue  # even every clue leaves another layout
        budget = max(QUESTION_LIMIT, QUESTION_SCALE * puzzle.model.last_work)
        least, most = request.clues if request.clues is not None else (0, len(shown))
        order = sorted(shown)
        rng.shuffle(order)
        for cell in order:
            if len(kept) <= least:
                break
            if puzzle.another(kept - {cell}, budget) is None:
                kept.discard(cell)
        if len(kept) > most:
            continue
        board = puzzle_board(rules, grid, request.mines, {c: shown[c] for c in kept})
        # The exact solve decides, on the board as written: its one layout is the answer.
        if variant_witnesses(board, time_limit=time_left(deadline), exact=True) != (answer,):
            raise CnfsweepError(f"generated puzzle of seed {seed} does not have its answer as its one layout")
        steps = grade_variant(puzzle, board) if request.graded else ()
        return VariantPuzzle(request, seed, board, answer, steps, attempt)
    wanted = f" with {request.clues[0]} to {request.clues[1]} clues" if request.clues is not None else ""
    raise CnfsweepError(
        f"no {request.size_text} puzzle under {' '.join(rules.codes)}{wanted} in {request.attempts} layouts drawn"
    )


def generate_variants(request: VariantRequest, count: int, seed: int) -> Iterator[VariantPuzzle]:
    """``count`` puzzles of a run seeded with ``seed``; puzzle ``i`` has seed ``game_seed(seed, i)``."""
    for index in range(count):
        yield generate_variant(request, game_seed(seed, index))
