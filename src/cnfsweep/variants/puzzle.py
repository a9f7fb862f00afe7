"""The solver side of making a variant puzzle: a random layout, the clues it shows, and clues taken away while one layout is left.

Everything here asks one CP-SAT model (:class:`~cnfsweep.variants.solve.VariantModel`)
under assumptions, so global rules are kept by the same cuts as when solving:

- :func:`draw_layout` fixes the cells one by one in a random order, each a
  mine with the chance the mines left give it, and keeps a layout the rules
  allow at every step (a cell whose chosen value no layout allows takes the
  other), so it always ends on a layout obeying every rule and the total;
- :func:`shown_clues` reads what each safe cell shows (1L: one off, up or
  down at random);
- :class:`Puzzle` holds every safe cell's clue behind a literal of its own:
  :meth:`Puzzle.another` asks for a layout other than the answer that the
  kept clues allow (none: the kept clues leave one layout), and
  :meth:`Puzzle.forced` which cells some clues, the known cells and perhaps
  the total settle, what grading a puzzle asks step by step.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from ortools.sat.python import cp_model

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.variants.board import CellState, RuleSet, VariantBoard, VariantCell
from cnfsweep.variants.rule import ClueValue, Grid, Liars, ReadingRule, Sum
from cnfsweep.variants.solve import VariantModel, WorkLimitReached

__all__ = ["Puzzle", "draw_layout", "empty_board", "puzzle_board", "reading_rule", "shown_clues"]


def empty_board(rules: RuleSet, grid: Grid, total: int | None) -> VariantBoard:
    """A board of ``grid`` with every cell covered (dyed as the grid says), under ``rules`` and the total."""
    cells = tuple(
        tuple(VariantCell(CellState.COVERED, dyed=Cell(r, c) in grid.dyed) for c in range(grid.cols))
        for r in range(grid.rows)
    )
    return VariantBoard(rules, cells, total)


def puzzle_board(rules: RuleSet, grid: Grid, total: int | None, clues: Mapping[Cell, ClueValue]) -> VariantBoard:
    """The puzzle: ``clues`` revealed, every other cell covered."""
    cells = tuple(
        tuple(
            VariantCell(CellState.CLUE, clues[cell], cell in grid.dyed)
            if cell in clues
            else VariantCell(CellState.COVERED, dyed=cell in grid.dyed)
            for cell in (Cell(r, c) for c in range(grid.cols))
        )
        for r in range(grid.rows)
    )
    return VariantBoard(rules, cells, total)


def reading_rule(rules: RuleSet) -> ReadingRule:
    """The clue rule of ``rules`` if it can say what a clue shows on a layout, else an error naming it."""
    clue = rules.clue
    if not callable(getattr(clue, "reads", None)):
        raise CnfsweepError(f"the clue rule {clue.name} cannot say what its clues show on a layout (no 'reads')")
    return clue  # type: ignore[return-value]


def draw_layout(
    rules: RuleSet, grid: Grid, total: int, rng: random.Random, deadline: float | None = None
) -> frozenset[Cell] | None:
    """A random layout of ``total`` mines that obeys every mine rule, or ``None`` when the rules allow none.

    CP-SAT searches in a fixed order: the cells in a random order, each tried
    first as a mine with the board's density, else as safe; propagation and
    backtracking keep the rules and the total, so the first layout found is a
    random one that obeys them.  Under a global rule (1C, 1O, 1S) a random
    scatter almost never obeys it, and a fixed order would try very many: the
    rule is stated exactly (its links) and the random choices are only hints
    that CP-SAT's own search starts from.
    """
    m = VariantModel(empty_board(rules, grid, total), deadline=deadline, exact=True)
    order = list(grid.cells)
    rng.shuffle(order)
    density = total / len(order)
    first = [m.x[c] if rng.random() < density else ~m.x[c] for c in order]
    if all(rule.local for rule in rules.mine):
        m.model.add_decision_strategy(first, cp_model.CHOOSE_FIRST, cp_model.SELECT_MAX_VALUE)  # type: ignore[arg-type]
        m.fixed_search = True
    else:
        for c, lit in zip(order, first, strict=True):
            m.model.add_hint(m.x[c], lit is m.x[c])
    witness = m.solve()
    if witness is None:
        return None
    return frozenset(c for c in grid.cells if witness[c])


def shown_clues(
    rules: RuleSet,
    grid: Grid,
    mines: frozenset[Cell],
    rng: random.Random,
    shown: Mapping[Cell, ClueValue] | None = None,
) -> dict[Cell, ClueValue]:
    """What each safe cell shows on layout ``mines``: its rule's reading, and under 1L one more or one less at random.

    Under a rule that shows its counts in a code (2E's letters), or whose
    clues share a hidden choice (2I's left-out direction, 2L's liars), the code
    or the choice is drawn from ``rng``; with ``shown``, the clues a puzzle already
    shows, it is made to agree with them (a count they show keeps their
    letter; a way under which the layout shows them is taken), so a cell
    opened in play or in a grade reads in the puzzle's own code.
    """
    clue = reading_rule(rules)
    weight = rules.weight(grid)
    cipher = getattr(clue, "cipher", None)
    code: dict[int, ClueValue] | None = cipher(grid, rng) if callable(cipher) else None
    if code is not None:
        for cell, letter in (shown or {}).items():
            count = clue.reads(grid, cell, mines, weight)
            other = next((n for n, a in code.items() if a == letter), None)
            if isinstance(count, int) and count in code and other is not None:
                # A swap keeps the code one to one, and the counts already fixed: their letters are others.
                code[count], code[other] = code[other], code[count]
    # A rule whose clues share a hidden choice (2I's left-out direction, 2L's liars) reads every clue under one
    # way of it, drawn here, or one that the clues already shown read.
    choose = getattr(clue, "choose", None)
    way: dict[str, Any] = {} if not callable(choose) else {"way": choose(grid, rng, mines, shown, weight)}
    out: dict[Cell, ClueValue] = {}
    for cell in grid.cells:
        if cell in mines:
            continue
        value = clue.reads(grid, cell, mines, weight, **way)
        if code is not None and isinstance(value, int):
            value = code.get(value)  # a count past the code's numbers cannot be shown
        if value is None:
            continue  # nothing to show (2P with fewer than two mines)
        if "1L" in rules.modifiers and isinstance(value, int):
            value = value + 1 if value == 0 or rng.random() < 0.5 else value - 1
        out[cell] = value
    return out


class Puzzle:
    """A layout's clues, each behind a literal, in one model: which clues leave one layout, and what some settle.

    Parameters
    ----------
    rules, grid, total
        The puzzle's rules, its grid (with the dyed cells) and its total (``None``: not given).
    clues
        What every safe cell may show: each one the puzzle might reveal.
    answer
        The layout the clues were read from; :meth:`another` looks for any other.
    """

    def __init__(
        self,
        rules: RuleSet,
        grid: Grid,
        total: int | None,
        clues: Mapping[Cell, ClueValue],
        answer: frozenset[Cell],
        deadline: float | None = None,
    ) -> None:
        self.rules, self.grid, self.answer = rules, grid, answer
        self.model = VariantModel(empty_board(rules, grid, None), deadline=deadline)
        # One question per clue taken away (and per cell when grading): under local rules presolving each
        # costs more than it saves (1D V: three times the time); under global ones (1S) it pays for itself.
        self.model.presolve = not all(rule.local for rule in rules.mine)
        model = self.model.model
        self.shows = {c: model.new_bool_var(f"shown{c.row}_{c.col}") for c in clues}
        weight = rules.weight(grid)
        for cell, value in clues.items():
            lit = self.shows[cell]
            # A revealed clue is a safe cell that says what it shows.
            model.add_implication(lit, ~self.model.x[cell])
            values = rules.sums(value) if rules.clue.counts else rules.shown_to_true(value)
            self.model.add(rules.clue.clue(grid, cell, values, weight), [lit])
        # What each two clues state together (2E) holds where both are shown.
        relations = getattr(rules.clue, "relations", None)
        for statement in relations(grid, clues) if callable(relations) else ():
            if isinstance(statement, Liars):
                # 2L's liars: each clue behind the literal of its being shown.
                self.model.add_liars(statement, shown=self.shows)
            else:
                self.model.add(statement, [self.shows[c] for c in statement.pair])
        # A 2A puzzle's questions build the LP relaxation of every clue's distances each time and gain little
        # from it: without it generating 8x8/16 under 2A takes about half the time, the same puzzles.
        self.model.linearize = not self.model.areas
        self.total = model.new_bool_var("total")
        if total is not None:
            cells = grid.cells
            self.model.add(Sum(cells, (1,) * len(cells), frozenset({total}), "total"), [self.total])
        self.other = model.new_bool_var("other")
        # ``other``: the layout differs from the answer in some cell.
        x = self.model.x
        model.add_bool_or([~x[c] if c in answer else x[c] for c in grid.cells]).only_enforce_if(self.other)

    def _assume(self, kept: Collection[Cell], total: bool) -> list[Any]:
        out = [lit if c in kept else ~lit for c, lit in self.shows.items()]
        return [*out, self.total if total else ~self.total]

    def another(self, kept: Collection[Cell], within: float | None = None) -> dict[Cell, bool] | bool | None:
        """A layout other than the answer that the clues in ``kept`` and the total allow; ``None``: the answer is the only one.

        With ``within``, a question still open after that much of CP-SAT's
        deterministic time (about seconds on a quiet machine, but the same on
        any machine, so a seed's puzzle does not depend on the load) gives
        ``True`` (undecided: treat the answer as not alone); only the model's
        own deadline raises.
        """
        if within is None:
            return self.model.solve([*self._assume(kept, True), self.other])
        self.model.work_limit = within
        try:
            return self.model.solve([*self._assume(kept, True), self.other])
        except WorkLimitReached:
            return True
        finally:
            self.model.work_limit = None

    def forced(
        self, clues: Collection[Cell], known: Mapping[Cell, bool], cells: Iterable[Cell], total: bool = False
    ) -> dict[Cell, bool]:
        """The cells of ``cells`` (not in ``known``) that ``clues``, the known cells and the rules (and the total) settle.

        The answer obeys all of them, so it is the witness; each cell still
        open is asked the other way round, and every layout found opens the
        cells where it differs from the answer.
        """
        x = self.model.x
        base = self._assume(clues, total) + [x[c] if mine else ~x[c] for c, mine in known.items()]
        open_cells = [c for c in dict.fromkeys(cells) if c not in known]
        unsettled: set[Cell] = set()
        for cell in open_cells:
            if cell in unsettled:
                continue
            mine = cell in self.answer
            other = self.model.solve([*base, ~x[cell] if mine else x[cell]])
            if other is not None:
                unsettled.update(c for c in open_cells if other[c] != (c in self.answer))
        return {c: c in self.answer for c in open_cells if c not in unsettled}
