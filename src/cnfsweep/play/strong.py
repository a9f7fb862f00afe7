"""The ``strong`` policy: exact probabilities plus look-ahead, dead cells, forced guesses and endgame search.

Every heuristic is a named field of :class:`StrongPolicy`, so that a spec such
as ``strong:lookahead=off`` switches one off (see :mod:`cnfsweep.play.registry`).

- ``endgame``: once at most ``endgame_layouts`` layouts remain, the exact
  game-tree search of :mod:`cnfsweep.search.endgame` picks the move that maximises the
  probability of winning (within ``endgame_nodes`` states; beyond them the
  heuristics below decide).
- ``regions``: a part of the frontier that touches no other unknown cell and
  holds the same number of mines in every layout is a game of its own (see
  :mod:`cnfsweep.search.regions`); while one of at most ``endgame_layouts`` layouts
  is left, its best move by exact search is played.
- ``early_forced``: a pair of covered cells holding exactly one mine whose two
  placements look the same from every other cell (every cell next to one of them
  but not the other is a certain mine) can never be told apart; one of them must
  be clicked at even odds sooner or later, so it is clicked as soon as it is
  found, before the certain cells.
- ``dead_cells``: a covered cell that can show only one number when it is safe
  tells nothing beyond its own safety; it is not guessed while another candidate
  is left.
- ``lookahead``: the candidates whose safety is within ``tolerance`` (relative)
  of the safest cell's, at most ``candidates`` of them (of which at most
  ``off_cells`` off the frontier), are scored by the chance of surviving this
  guess and the next move: for each number the cell could show, the
  hypothetical position is worked out (:mod:`cnfsweep.search.whatif`), and a position
  with a certain-safe cell counts as a safe next move, otherwise the next
  move's safety is the best guess's (blended with the second best by
  ``second_weight``).  The highest score wins; ties go to the safer cell, then
  to the cell with fewest open neighbours, then to row-major order.
- ``depth``: from ``2`` to ``4``, the ``deep_candidates`` best by that score
  are scored ``depth - 1`` moves further (:meth:`StrongPolicy.move_value`):
  after each number, the next guess is the best of that position's own
  candidates by the score one move shorter (at most ``candidates`` of them for
  the last look-ahead move, ``deep_candidates`` before it).  Branch and bound
  skips what cannot change the choice.
- ``fifty_fifty``: a bonus, in proportion to the layouts where the candidate is
  the mine of a likely 50/50 (:mod:`cnfsweep.search.pairs`), for guesses that also
  settle a coin flip the game would force later; 0 switches it off.
- ``off_two_steps``, ``off_all_below``, ``off_few_covered`` (off by default):
  more cells off the frontier weighed by the look-ahead beside the
  ``off_cells`` above (:func:`cnfsweep.search.ranking.more_off_cells`): those
  two steps in a straight line from a number; all of them while fewer than
  ``off_all_below`` are left; those with at most ``off_few_covered``
  neighbours left to open.  A guess one of them wins is traced as
  ``off-frontier look-ahead``.
- ``pseudo_pairs`` (off by default): a living cell that is a mine only where
  it and a neighbour across a side form a 50/50 no reveal can settle
  (:func:`cnfsweep.search.pairs.pseudo_fifty`) is clicked at once, before the
  look-ahead (after the exact searches), traced as ``pseudo 50/50``.
- ``second_living`` (off by default): the best and second-best safety that
  ``second_weight`` blends leave out plainly dead cells (every neighbour
  settled: :func:`cnfsweep.search.ranking.living_safety_pair`).
- ``second_dead`` (``plain`` by default): with ``second_living``, which cells
  are dead: ``plain``, every neighbour settled; ``full``, also a cell that
  shows the same number in every layout where it is safe, whatever its
  neighbours (:func:`cnfsweep.search.ranking.numbers_shown`), as Hill's
  solver tests.
- ``opening_book`` (off by default): after the first click in the corner
  shows a number, the guess is the opening book's (:mod:`cnfsweep.play.book`:
  the cell of best look-ahead value over every covered cell, worked out
  offline per board size), traced as ``opening book``.
- ``forced_total`` (off by default): ``early_forced`` also takes a pair whose
  cap off the frontier is a mine only because of the total.
- ``tie_break`` (``score`` by default): how the deeper look-ahead chooses
  among candidates of equal value. ``score``: the better one-move score, then
  the safer cell, then the candidates' order. ``covered``: the cell with most
  neighbours that are a mine in some layouts but not all, then as ``score``.
  ``deeper``: the cell of best value one move deeper, then as ``score``. A
  guess the rule changes is traced as ``look-ahead tie-break``.
- ``pocket_last`` (0, off, by default): the look-ahead leaves out the cells
  of pockets of at most this many cells while a candidate outside them is
  left (:func:`cnfsweep.search.regions.pocket_cells`: the covered cells, not
  certain mines, that a cell reaches through neighbours of the same kind).
  A guess in a small pocket opens little, and the mines the rest of the
  board turns out to hold may settle the pocket at the end.  A guess chosen
  while a cell at least as safe was left out so is traced as ``pocket last``.
- ``progress`` (0, off, by default): every candidate is valued ``depth``
  moves deep (no deep-candidate cut, no pruning), plus this weight times the
  cells its click settles on average
  (:func:`cnfsweep.search.ranking.expected_settled`), and the best total
  wins; a guess the term changes is traced as ``look-ahead progress``.
- ``living_safe`` (off by default): after a number, a certain-safe cell
  counts as a safe next move only when it is living; where every certain-safe
  cell is dead (it shows the same number in every layout:
  :func:`cnfsweep.search.ranking.dead_safe`), opening them tells nothing, and
  the next move is the guess the position needs with them open, as Hill's
  solver values a guess's next move.  A look-ahead guess made where the
  rule lowered the one-move score of a candidate that without it scored
  above the guess is traced as ``living safe``.
- ``opening_click``: with the ``opening`` first-click rule, the first click goes
  to ``(opening_click, opening_click)``; with the others, to the top-left corner.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from cnfsweep.engine.analysis import Analysis
from cnfsweep.play.book import book_move, load_book
from cnfsweep.play.policy import Guess, GuessRule, Policy, open_neighbours
from cnfsweep.play.safest import SafestPolicy
from cnfsweep.core.board import Cell
from cnfsweep.search.endgame import best_move
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.search.pairs import forced_pair, influence, pseudo_fifty
from cnfsweep.search.ranking import expected_settled, living_safety_pair, more_off_cells
from cnfsweep.play.game import FirstClick, Level
from cnfsweep.search.regions import best_region_move, pocket_cells
from cnfsweep.search.whatif import Snapshot

if TYPE_CHECKING:
    # Annotations only: importing the policies (for their names, in --help) does not import the engine.
    from cnfsweep.engine import Engine


class DeadTest(str, Enum):
    """Which cells the next move's blend (``second_living``) leaves out as dead.

    A string too, so that a spec's plain setting (``second_dead=full``) is one.
    """

    #: Every neighbour settled: the cell can show one number only, plainly.
    PLAIN = "plain"
    #: The cell shows the same number in every layout where it is safe.
    FULL = "full"

    def __str__(self) -> str:
        return str(self.value)


class TieBreak(str, Enum):
    """How the look-ahead chooses among its deep candidates of equal value (``tie_break``).

    A string too, so that a spec's plain setting (``tie_break=covered``) is one.
    """

    #: The better one-move score, then the safer cell, then the candidates' order (safest, fewest neighbours
    #: left to open, row-major).
    SCORE = "score"
    #: The cell with most neighbours that are a mine in some layouts but not all (the most it can tell),
    #: then as ``score``.
    COVERED = "covered"
    #: The cell of best value one move deeper (``depth + 1`` moves, at most 4), then as ``score``.
    DEEPER = "deeper"

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class RevealOutcome:
    """What revealing one candidate can show: layouts per number, given that it is safe."""

    cell: Cell
    p_mine: Fraction
    counts: dict[int, int]
    next_safety: dict[int, Fraction]
    bonus: Fraction = Fraction(1)
    #: Where each next safety is the best guess's: the layouts in which the cell and the next guess both
    #: survive, the score's numerator over the layouts without the bonus (None: add the fractions up).
    survivors: int | None = field(default=None, compare=False)
    #: With the blend, from the leaf kernel: ``(a, q)``, the score without the bonus being ``a / (layouts * q)``
    #: (``q`` the blend weight's denominator), as the fractions add up (None: add them up).
    blended: tuple[int, int] | None = field(default=None, compare=False)
    #: With ``living_safe``, where it lowered the score: the one-move score without it (None: not lowered).
    unlowered: Fraction | None = field(default=None, compare=False)
    # Scores already worked out, by the number of layouts: choosing sorts by them several times.
    _scores: dict[int, Fraction] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def dead(self) -> bool:
        """Whether the cell can show only one number when safe."""
        return len(self.counts) == 1

    def score(self, solutions: int) -> Fraction:
        """Return the chance of surviving this click and the next move, times the 50/50 bonus."""
        found = self._scores.get(solutions)
        if found is None and self.survivors is not None:
            # Each number's share times its best safety is its layouts left minus the next guess's losses.
            found = Fraction(self.survivors, solutions)
            # Without a 50/50 bonus (the default) no product to reduce: the same value.
            found = self._scores[solutions] = found if self.bonus == 1 else self.bonus * found
        if found is None and self.blended is not None:
            # One fraction for the sum of each number's share times its blend (see StrongPolicy._blend).
            a, q = self.blended
            found = Fraction(a, solutions * q)
            found = self._scores[solutions] = found if self.bonus == 1 else self.bonus * found
        if found is None:
            found = self._scores[solutions] = self.bonus * sum(
                (Fraction(n, solutions) * self.next_safety[v] for v, n in self.counts.items()), Fraction(0)
            )
        return found


@dataclass(frozen=True)
class StrongPolicy(Policy):
    """Guess with look-ahead, avoid dead cells, take forced guesses early, search endgames.

    Examples
    --------
    >>> from cnfsweep import Board, Engine, analyze
    >>> board = Board.from_rows(["1..", "...", "..."], total_mines=2)
    >>> guess = StrongPolicy().choose(analyze(board), Engine.create())
    >>> guess.cell, guess.rule.value
    (Cell(row=0, col=2), 'endgame search')
    """

    name: ClassVar[str] = "strong"

    endgame: bool = True
    endgame_layouts: int = 1000
    endgame_nodes: int = 200_000
    early_forced: bool = True
    regions: bool = True
    dead_cells: bool = True
    lookahead: bool = True
    tolerance: float = 0.2
    candidates: int = 8
    off_cells: int = 2
    second_weight: float = 0.0
    depth: int = 2
    fifty_fifty: float = 0.0
    deep_candidates: int = 3
    opening_click: int = 3
    off_two_steps: bool = False
    off_all_below: int = 0
    off_few_covered: int = 0
    pseudo_pairs: bool = False
    forced_total: bool = False
    second_living: bool = False
    second_dead: DeadTest = DeadTest.PLAIN
    opening_book: bool = False
    tie_break: TieBreak = TieBreak.SCORE
    pocket_last: int = 0
    progress: float = 0.0
    living_safe: bool = False

    def __post_init__(self) -> None:
        for name, kind in (("second_dead", DeadTest), ("tie_break", TieBreak)):
            names = [m.value for m in kind]
            value = getattr(self, name)
            if value not in names:
                raise CnfsweepError(f"policy {self.name}: {name}={value} is not one of {', '.join(names)}")
            # A plain string naming a member is that member: the dataclass is frozen, hence the object call.
            object.__setattr__(self, name, kind(value))
        checks = {
            "endgame_layouts": self.endgame_layouts >= 0,
            "endgame_nodes": self.endgame_nodes >= 1,
            "tolerance": 0 <= self.tolerance <= 1,
            "candidates": self.candidates >= 1,
            "off_cells": self.off_cells >= 1,
            "second_weight": 0 <= self.second_weight <= 1,
            "depth": 1 <= self.depth <= 4,
            "fifty_fifty": 0 <= self.fifty_fifty <= 1,
            "deep_candidates": self.deep_candidates >= 1,
            "opening_click": self.opening_click >= 0,
            "off_all_below": self.off_all_below >= 0,
            "off_few_covered": self.off_few_covered >= 0,
            "pocket_last": self.pocket_last >= 0,
            "progress": self.progress >= 0,
        }
        wrong = [name for name, ok in checks.items() if not ok]
        if wrong:
            raise CnfsweepError(
                f"policy {self.name}: {wrong[0]}={getattr(self, wrong[0])} is out of range "
                "(endgame_layouts >= 0, endgame_nodes >= 1, 0 <= tolerance <= 1, candidates >= 1, off_cells >= 1, "
                "0 <= second_weight <= 1, 1 <= depth <= 4, deep_candidates >= 1, 0 <= fifty_fifty <= 1, opening_click >= 0, "
                "off_all_below >= 0, off_few_covered >= 0, pocket_last >= 0, progress >= 0)"
            )

    def start(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
        if rule is FirstClick.OPENING:
            # An opening is guaranteed anywhere: away from the edges it opens more.
            return Cell(min(self.opening_click, level.rows - 1), min(self.opening_click, level.cols - 1))
        # Otherwise a corner has the best chance of being a zero.
        return Cell(0, 0)

    def unavoidable(self, analysis: Analysis, engine: Engine) -> Guess | None:
        """Return a guess no future reveal can resolve, if there is one and the heuristic is on."""
        if not self.early_forced:
            return None
        pair = forced_pair(analysis, engine, total_caps=self.forced_total)
        if pair is None:
            return None
        counts = open_neighbours(analysis, pair)
        cell = min(pair, key=lambda c: (counts[c], c))
        return Guess(cell, GuessRule.FORCED, forced=True)

    def choose(self, analysis: Analysis, engine: Engine) -> Guess:
        board = analysis.board
        if analysis.approximate:
            # Reveal outcomes' counts need exact layout counts, which a board this big does not get.
            return SafestPolicy().choose(analysis, engine)
        solutions = analysis.solutions
        assert solutions is not None  # an exact analysis counts its layouts
        if self.opening_book:
            found_book = book_move(board, load_book())
            if found_book is not None:
                return Guess(found_book, GuessRule.BOOK)
        if self.endgame and analysis.total_mines is not None and 0 < solutions <= self.endgame_layouts:
            found = best_move(
                board, analysis.total_mines, max_layouts=self.endgame_layouts, node_limit=self.endgame_nodes
            )
            if found is not None:
                return Guess(found.cell, GuessRule.ENDGAME)
        snap = Snapshot.of_analysis(analysis, engine)
        try:
            return self._choose_with(analysis, snap)
        finally:
            # The hypothetical positions share a memo that refers back to them: free them now, so that
            # reference counting, not the cyclic collector, reclaims them.
            snap.forget()

    def _choose_with(self, analysis: Analysis, snap: Snapshot) -> Guess:
        board = analysis.board
        if self.regions:
            found_region = best_region_move(
                board, snap, max_layouts=self.endgame_layouts, node_limit=self.endgame_nodes
            )
            if found_region is not None:
                return Guess(found_region[0], GuessRule.REGION)
        if self.pseudo_pairs:
            found_pseudo = pseudo_fifty(snap, lambda c: not self.outcome(analysis, c, snap).dead)
            if found_pseudo is not None:
                return Guess(found_pseudo, GuessRule.PSEUDO)
        ranked = snap.candidates(self.tolerance, self.candidates, self.off_cells)
        deferred: list[Cell] = []
        if self.pocket_last:
            ranked, deferred = self._pockets_left(snap, ranked)
        guess = self._look(analysis, snap, ranked)
        if deferred:
            p = analysis.exact(guess.cell)
            first = analysis.exact(deferred[0])
            assert p is not None and first is not None  # only exact analyses get here (choose)
            if first <= p:
                # A pocket cell was at least as safe: the guess is the rule's.
                return Guess(guess.cell, GuessRule.POCKET_LAST)
        return guess

    def _pockets_left(self, snap: Snapshot, ranked: list[Cell]) -> tuple[list[Cell], list[Cell]]:
        """Return the candidates without the cells of small pockets, and those left out, safest first.

        Only while a candidate outside them is left: else ``ranked`` as it was, and none.
        """
        if not pocket_cells(snap, ranked, self.pocket_last):
            return ranked, []
        # As many more as a pocket could take from the list, so that it stays as long where it can.
        wide = snap.candidates(self.tolerance, self.candidates + self.pocket_last, self.off_cells)
        pockets = pocket_cells(snap, wide, self.pocket_last)
        kept = [c for c in wide if c not in pockets]
        if not kept:
            return ranked, []
        return kept[: self.candidates], [c for c in wide if c in pockets]

    def _look(self, analysis: Analysis, snap: Snapshot, ranked: list[Cell]) -> Guess:
        """Return the look-ahead's guess among ``ranked`` (safest first) and the cells the wider switches add."""
        wider = self._more_off_cells(analysis, snap, ranked)
        if not self.lookahead:
            if self.dead_cells:
                for cell in ranked[: self.candidates]:
                    if not self.outcome(analysis, cell, snap).dead:
                        return Guess(cell, GuessRule.SAFEST if cell == ranked[0] else GuessRule.DEAD_CELL)
            return Guess(ranked[0], GuessRule.SAFEST)
        if self.progress:
            return self._with_progress(analysis, snap, ranked[: self.candidates] + wider)
        outcomes = self.scored(analysis, snap, ranked[: self.candidates] + wider)
        solutions = analysis.solutions
        assert solutions is not None  # only exact analyses get here (choose)

        def best_of(pool: list[RevealOutcome]) -> RevealOutcome:
            # Ties go to the safer cell, then to the earlier one in the ranking.
            return max(pool, key=lambda o: (o.score(solutions), -o.p_mine))

        best = best_any = best_of(outcomes)
        if self.dead_cells:
            best = best_of([o for o in outcomes if not o.dead] or outcomes)
        if self.depth >= 2:
            pool = [o for o in outcomes if not (self.dead_cells and o.dead)] or outcomes
            top = sorted(pool, key=lambda o: (-o.score(solutions), o.p_mine))[: self.deep_candidates]
            if len(top) > 1:
                best, today = self._deepest(snap, top, solutions)
                if best is not today:
                    return Guess(best.cell, GuessRule.TIE_BREAK)
        if self.living_safe and self._lowered_past(outcomes, best, solutions):
            return Guess(best.cell, GuessRule.LIVING_SAFE)
        if best.cell == ranked[0]:
            return Guess(best.cell, GuessRule.SAFEST)
        if best.cell in wider:
            return Guess(best.cell, GuessRule.OFF_FRONTIER)
        return Guess(best.cell, GuessRule.DEAD_CELL if best is not best_any and best_any.dead else GuessRule.LOOKAHEAD)

    @staticmethod
    def _lowered_past(outcomes: list[RevealOutcome], best: RevealOutcome, solutions: int) -> bool:
        """Tell whether ``living_safe`` lowered a candidate whose one-move score without it is above ``best``'s."""
        mine = best.unlowered if best.unlowered is not None else best.score(solutions)
        return any(o.unlowered is not None and o.unlowered > mine for o in outcomes)

    def _with_progress(self, analysis: Analysis, snap: Snapshot, cells: list[Cell]) -> Guess:
        """Return the candidate of best value ``depth`` moves deep plus ``progress`` times the cells it settles.

        Every candidate is valued in full: the term can lift any of them, so
        neither the deep-candidate cut nor the branch and bound applies.
        """
        solutions = analysis.solutions
        assert solutions is not None  # only exact analyses get here (choose)
        outcomes = [self.outcome(analysis, c, snap) for c in cells]
        pool = [o for o in outcomes if not (self.dead_cells and o.dead)] or outcomes
        weight = Fraction(self.progress)
        valued = [
            (o.bonus * self.move_value(snap, o.cell, self.depth), weight * expected_settled(snap, o.cell), o)
            for o in pool
        ]
        plain = max(valued, key=lambda t: (t[0], t[2].score(solutions), -t[2].p_mine))[2]
        best = max(valued, key=lambda t: (t[0] + t[1], t[2].score(solutions), -t[2].p_mine))[2]
        if best is not plain:
            return Guess(best.cell, GuessRule.PROGRESS)
        return Guess(best.cell, GuessRule.SAFEST if best.cell == cells[0] else GuessRule.LOOKAHEAD)

    def _more_off_cells(self, analysis: Analysis, snap: Snapshot, ranked: list[Cell]) -> list[Cell]:
        """Return the cells off the frontier the wider switches add to the look-ahead's candidates.

        Only while a cell off the frontier is within the candidates' safety window;
        those already among the first ``candidates`` are not repeated.
        """
        if not (self.off_two_steps or self.off_all_below or self.off_few_covered) or not snap.off:
            return []
        n, w = snap.solutions, snap.weights
        if w.off_frontier is None or w.off_frontier >= n or snap.lowest == n:
            return []
        if n - w.off_frontier < (n - snap.lowest) * (1 - self.tolerance):
            return []
        taken = set(ranked[: self.candidates])
        found = more_off_cells(
            snap,
            analysis.board.numbers,
            two_steps=self.off_two_steps,
            all_below=self.off_all_below,
            few_covered=self.off_few_covered,
        )
        return [c for c in found if c not in taken]

    def scored(self, analysis: Analysis, snap: Snapshot, ranked: list[Cell]) -> list[RevealOutcome]:
        """Return the outcomes of the candidates (safest first) that can still be chosen, in their order.

        A score is at most the cell's safety (times the largest 50/50 bonus),
        and candidates come safest first: once enough outcomes the choice may
        take (``deep_candidates`` of them, one at depth 1; dead cells not
        counted while they are avoided) score at least that much, a candidate
        can be neither the best nor among the deep candidates, so it is
        skipped, or dropped as soon as its numbers so far take it below them;
        and when the safest cell scores its own safety, no other is scored.
        The choice is the same as with every candidate scored.
        """
        solutions = analysis.solutions
        assert solutions is not None  # only exact analyses are scored (choose)
        keep = self.deep_candidates if self.depth >= 2 else 1
        cap = 1 + Fraction(self.fifty_fifty)
        taken: list[Fraction] = []  # scores of the outcomes the choice may take, best first
        out = []
        for cell in ranked:
            floor = taken[keep - 1] if len(taken) >= keep else None
            if floor is not None:
                p = analysis.exact(cell)
                assert p is not None
                bound = 1 - p if cap == 1 else cap * (1 - p)
                # With no bonus a tie is lost too: it would be as safe as the cells ahead of it.
                if bound < floor or (bound == floor and not self.fifty_fifty):
                    continue
            if floor is not None and not self._reaches(snap, cell, floor):
                continue
            found = self.outcome(analysis, cell, snap)
            out.append(found)
            if not (self.dead_cells and found.dead):
                score = found.score(solutions)
                if cell == ranked[0] and score >= cap * (1 - found.p_mine):
                    # The safest cell scores its own safety (every number leaves a safe move),
                    # the most any candidate can score, and as much further on: it is the choice.
                    return out
                taken.append(score)
                taken.sort(reverse=True)
        return out

    def outcome(self, analysis: Analysis, cell: Cell, snap: Snapshot) -> RevealOutcome:
        """Return what revealing ``cell`` can show, and the next move's value after each number.

        ``snap`` is the analysis's :class:`~cnfsweep.search.whatif.Snapshot`.
        """
        p = analysis.exact(cell)
        assert p is not None
        counts: dict[int, int] = {}
        next_safety: dict[int, Fraction] = {}
        survivors: int | None = None
        blended: tuple[int, int] | None = None
        unlowered: Fraction | None = None
        if self.second_weight:
            blends = self._blends(snap, cell)
            if blends is not None:
                # The pair after each number from the kernel's one call, no position built: the same values,
                # and their sum in whole numbers.
                q = Fraction(self.second_weight).denominator
                total = 0
                for v, n, first, second in blends:
                    kept = self._kept(n, first, second)
                    counts[v], next_safety[v] = n, Fraction(kept, q * n)
                    total += kept
                blended = (total, q)
            else:
                for v, after in snap.outcomes(cell).items():
                    counts[v] = after.solutions
                    next_safety[v] = self._next_safety(after)
        else:
            # The best guess's safety after each number needs two counts of that position, not the position:
            # only the few candidates the deeper look-ahead takes are worked out in full.
            survivors = 0
            plain = _numbers(snap, cell)
            for v, n, fails in self._counts(snap, cell, plain):
                if n:
                    counts[v], next_safety[v] = n, Fraction(n - fails, n)
                    survivors += n - fails
            if self.living_safe:
                kept = sum(n - fails for _, n, fails in plain)
                if kept != survivors:
                    unlowered = Fraction(kept, snap.solutions)
        bonus = Fraction(1)
        if self.fifty_fifty:
            survive = snap.solutions - snap.weight(cell)
            bonus += Fraction(self.fifty_fifty) * Fraction(influence(snap, cell), survive)
        if unlowered is not None and bonus != 1:
            unlowered *= bonus
        return RevealOutcome(cell, p, counts, next_safety, bonus, survivors, blended, unlowered)

    def _counts(
        self, snap: Snapshot, cell: Cell, plain: list[tuple[int, int, int]] | None = None
    ) -> list[tuple[int, int, int]]:
        """Return ``(v, n, fails)`` for each number ``v`` of ``cell``: ``_numbers``, with ``living_safe`` applied.

        ``fails`` is the layouts of the ``n`` after ``v`` that the next move
        loses; with ``living_safe``, a number after which every certain-safe
        cell is dead loses what the best guess then loses
        (:func:`~cnfsweep.search.ranking.dead_safe`), not nothing.  ``plain``: ``_numbers(snap, cell)``, if already at hand.
        """
        parts = _numbers(snap, cell) if plain is None else plain
        if not self.living_safe:
            return parts
        out = []
        for v, n, fails in parts:
            lost = fails
            if n and not fails:
                # Nothing lost: a certain-safe cell, or a won game. Only the position tells which, and whether
                # every safe cell is dead.
                after = snap.reveal(cell, v)
                found = None if after is None else after.dead_safe
                if found is not None:
                    lost = found[1]
            out.append((v, n, lost))
        return out

    def _blends(self, snap: Snapshot, cell: Cell) -> list[tuple[int, int, int, int]] | None:
        """Return ``(v, n, first, second)`` for each number ``v`` ``cell`` can show, from the leaf kernel.

        ``n`` layouts after ``v``, and in ``first`` and ``second`` of them a mine
        on the cells the blend reads (:meth:`_next_safety`), from
        :meth:`Snapshot.leaf_blend <cnfsweep.search.whatif.Snapshot.leaf_blend>`;
        ``None`` where it does not answer, or for ``second_dead=full``, which it
        does not read: then the positions are built.
        """
        if (self.second_living and self.second_dead is DeadTest.FULL) or self.living_safe:
            # The kernel reads neither test: the positions are built.
            return None
        found = snap.leaf_blend(cell, self.second_living)
        if found is None:
            return None
        low, entries = found
        return [(low + i, n, first, second) for i, (n, _, first, second) in enumerate(entries) if n]

    def _kept(self, n: int, first: int, second: int) -> int:
        """Return :meth:`_next_safety` times ``q * n``, of a position of ``n`` layouts whose pair has a mine in
        ``first`` and ``second`` of them (``q`` the blend weight's denominator): a whole number.

        With ``w = p / q``, ``(1 - w) (n - first) / n + w (n - second) / n`` is this over ``q n``.
        """
        w = Fraction(self.second_weight)
        p, q = w.numerator, w.denominator
        return (q - p) * (n - first) + p * (n - second)

    def _next_safety(self, after: Snapshot) -> Fraction:
        if self.living_safe:
            found = after.dead_safe
            if found is not None:
                # Every safe cell is dead: the next move is the guess of the position with them open.
                after = _opened(after, found[0])
        if not self.second_weight:
            return after.best_safety()
        w = Fraction(self.second_weight)
        first, second = (
            living_safety_pair(after, full=self.second_dead is DeadTest.FULL)
            if self.second_living
            else after.safety_pair()
        )
        return (1 - w) * first + w * second

    def _reaches(self, snap: Snapshot, cell: Cell, floor: Fraction) -> bool:
        """Tell whether ``cell``'s score may reach ``floor``, working its numbers out one at a time."""
        n = snap.solutions
        cap = 1 + Fraction(self.fifty_fifty)
        # The score is at most the bonus's cap times the chance of surviving both moves.
        if not self.second_weight:
            # In whole numbers (no fraction to reduce): after a number, the next move fails in best_weight() of
            # the n layouts.
            kept, scale, limit = (
                n - snap.weight(cell),
                cap.numerator * floor.denominator,
                floor.numerator * n * cap.denominator,
            )
            for fails in _fails(snap, cell):
                kept -= fails
                if kept * scale < limit:
                    return False
            return True
        blends = self._blends(snap, cell)
        if blends is not None:
            # In whole numbers: the bound below times q * n, each number taking off q * n_v minus its blend's.
            q = Fraction(self.second_weight).denominator
            kept = q * (n - snap.weight(cell))
            scale, limit = cap.numerator * floor.denominator, floor.numerator * n * q * cap.denominator
            for _, n_v, first, second in blends:
                kept -= q * n_v - self._kept(n_v, first, second)
                if kept * scale < limit:
                    return False
            return True
        bound = Fraction(n - snap.weight(cell), n)
        low, high = snap.number_range(cell)
        for v in range(low, high + 1):
            after = snap.reveal(cell, v)
            if after is not None:
                bound -= Fraction(after.solutions, n) * (1 - self._next_safety(after))
                if cap * bound < floor:
                    return False
        return True

    # -- internals --------------------------------------------------------------

    def deepest(self, snap: Snapshot, top: list[RevealOutcome], solutions: int) -> RevealOutcome:
        """Return the outcome of best ``depth``-move score among ``top`` (sorted by one-step score).

        Among outcomes of equal score, ``tie_break`` chooses (:meth:`_tie_key`).
        """
        return self._deepest(snap, top, solutions)[0]

    def _deepest(self, snap: Snapshot, top: list[RevealOutcome], solutions: int) -> tuple[RevealOutcome, RevealOutcome]:
        """Return :meth:`deepest`'s outcome and the one ``tie_break=score`` would choose."""
        first = top[0]
        best, best_key = (
            first,
            (first.bonus * self.move_value(snap, first.cell, self.depth), first.score(solutions), -first.p_mine),
        )
        # Every outcome whose value was worked out exactly, with that value: branch and bound keeps exact
        # every value at or above the best so far, so the final best's equals are all here.
        valued = [(first, best_key[0])]
        for o in top[1:]:
            one_step = o.score(solutions)
            # Nothing below the best so far can win. The bound is the unblended score, not ``one_step``: with
            # ``second_weight`` the blend can put ``one_step`` below the value (see :meth:`_value_bound`), and
            # ``top`` is sorted by ``one_step``, so a later candidate may still reach the best: skip, not stop.
            if self._value_bound(snap, o) < best_key[0]:
                continue
            key = (o.bonus * self.move_value(snap, o.cell, self.depth, best_key[0] / o.bonus), one_step, -o.p_mine)
            valued.append((o, key[0]))
            if key > best_key:
                best, best_key = o, key
        if self.tie_break is TieBreak.SCORE:
            return best, best
        tied = [o for o, value in valued if value == best_key[0]]
        if len(tied) < 2:
            return best, best
        # The rule's key first; its own ties keep today's choice, then the earlier candidate.
        return max(tied, key=lambda o: (self._tie_key(snap, o.cell), o is best, -tied.index(o))), best

    def _value_bound(self, snap: Snapshot, o: RevealOutcome) -> Fraction:
        """Return an upper bound of ``o.bonus`` times ``o``'s :meth:`move_value` at any depth of 1 or more.

        It is the one-move score without the blend: the layouts where ``o.cell``
        is safe and the best next guess survives, over all layouts.  Why it
        bounds the value: :meth:`_survivors` sums, over the numbers ``v`` the
        cell can show, either ``n_v`` (a certain safe cell or a won game, where
        ``best_weight()`` is 0) or the most survivors of one of that position's
        candidates ``c``, itself at most ``n_v - weight(c)`` (surviving ``c``'s
        click) and so at most ``n_v - best_weight()``; both cases are at most
        ``n_v - best_weight()``, which summed over ``v`` is this count.  The
        blended score (``second_weight``) mixes the best safety with the
        second best (of living cells with ``second_living``), each at most the
        best safety: it is at most this bound but may fall below the value.
        """
        if o.survivors is not None:
            # Without the blend the score is this count already.
            return o.bonus * Fraction(o.survivors, snap.solutions)
        kept = sum(n_v - fails for n_v, fails in (snap.reveal_counts(o.cell, v) for v in o.counts))
        return o.bonus * Fraction(kept, snap.solutions)

    def _tie_key(self, snap: Snapshot, cell: Cell) -> Fraction:
        """Return what ``tie_break`` maximises among the look-ahead's equals, for ``cell``.

        ``covered``: the neighbours that are a mine in some layouts but not in all;
        ``deeper``: the value ``depth + 1`` moves deep (:meth:`move_value`, at most 4 moves).
        """
        if self.tie_break is TieBreak.DEEPER:
            return self.move_value(snap, cell, min(self.depth + 1, 4))
        n = snap.solutions
        return Fraction(sum(1 for c in snap.topology.neighbours(cell) if snap.unknown(c) and 0 < snap.weight(c) < n))

    def move_value(self, snap: Snapshot, cell: Cell, moves: int, floor: Fraction | None = None) -> Fraction:
        """Return the chance of surviving a click on ``cell`` and the ``moves`` guesses after it.

        After each number the cell could show, a position with a certain-safe
        cell counts as survived; otherwise the next guess is the best of that
        position's candidates, scored the same way one move shorter, and the
        last guess counts at the safety of the safest cell.  With ``floor``,
        stop as soon as the value is sure to fall below it and return a bound
        that does (branch and bound: only the best move matters); a value at
        or above ``floor`` is always exact, so ties are still seen.

        Examples
        --------
        >>> from cnfsweep import Board, Engine, analyze
        >>> policy = StrongPolicy()
        >>> board = Board.from_rows(["1..", "...", "..."], total_mines=2)
        >>> snap = Snapshot.of_analysis(analyze(board))
        >>> [policy.move_value(snap, Cell(2, 2), k) for k in range(3)]
        [Fraction(4, 5), Fraction(11, 15), Fraction(2, 3)]
        """
        n = snap.solutions
        # Below ceil(floor * n) layouts is below the floor: the search runs on whole numbers of layouts.
        least = None if floor is None else -((-floor.numerator * n) // floor.denominator)
        return Fraction(self._survivors(snap, cell, moves, least), n)

    def _survivors(self, snap: Snapshot, cell: Cell, moves: int, least: int | None) -> int:
        """Return :meth:`move_value` times ``snap.solutions``: the layouts the click and ``moves`` guesses survive.

        A position reached by reveals keeps a subset of ``snap``'s layouts, so
        every value down the tree is a count of the same layouts, and whole
        numbers compare and add exactly where fractions would cost a gcd each.
        With ``least``, stop as soon as the count is sure to fall below it and
        return a bound that does; a count at or above ``least`` is exact.
        """
        n = snap.solutions
        if moves == 0:
            return n - snap.weight(cell)
        if moves == 1:
            # One number at a time: the loop can stop before the cell's other outcomes are built.
            # After a number, the next guess fails in best_weight() layouts.
            kept = n - snap.weight(cell)
            fails_each = (f for _, _, f in self._counts(snap, cell)) if self.living_safe else _fails(snap, cell)
            for fails in fails_each:
                kept -= fails
                if least is not None and kept < least:
                    break
            return kept
        # Each outcome survives at most where its best next guess does: start from that and lower it.
        # The two counts of each number come without the position (cached from the scoring, often).
        parts = self._counts(snap, cell)
        bound = sum(n_v - fails for _, n_v, fails in parts)
        for v, n_v, fails in parts:
            # No layout, or nothing lost after it (a certain safe cell, or a won game): nothing to lower,
            # and the position need not be made unless the bound below must be checked as before.
            if not n_v or (not fails and (least is None or bound >= least)):
                continue
            after = snap.reveal(cell, v)
            assert after is not None  # it has layouts
            if after.safe_exists:
                found = after.dead_safe if self.living_safe else None
                if found is None:
                    continue
                # Every safe cell is dead (``fails`` counts the guess after them): play on with them open.
                after = _opened(after, found[0])
            first = n_v - fails
            # Below this, the outcome alone takes the total under ``least``.
            inner_least = None if least is None else least - bound + first
            bound -= first - self._position_survivors(after, moves - 1, inner_least)
            if least is not None and bound < least:
                return bound
        return bound

    def _position_survivors(self, snap: Snapshot, moves: int, least: int | None) -> int:
        """Return the most :meth:`_survivors` of a candidate of ``snap``, or a bound below ``least``."""
        # Two-step scores keep the full candidate list; deeper ones the deep candidates only.
        limit = self.candidates if moves == 1 else self.deep_candidates
        n = snap.solutions
        inner = -1
        for c in snap.candidates(self.tolerance, limit):
            # Candidates come safest first, and a count is at most the cell's own (its 0-move count).
            if n - snap.weight(c) <= inner:
                break
            inner = max(inner, self._survivors(snap, c, moves, inner if least is None else max(inner, least)))
        return n - snap.best_weight() if inner < 0 else inner


def _numbers(snap: Snapshot, cell: Cell) -> list[tuple[int, int, int]]:
    """Return ``(v, *snap.reveal_counts(cell, v))`` for every number ``v`` of ``snap.number_range(cell)``.

    From the leaf kernel's one call where it answers (:meth:`Snapshot.leaf`), else number by number.
    """
    found = snap.leaf(cell)
    if found is not None:
        low, counts = found
        return [(low + i, n, fails) for i, (n, fails) in enumerate(counts)]
    low, high = snap.number_range(cell)
    return [(v, *snap.reveal_counts(cell, v)) for v in range(low, high + 1)]


def _opened(snap: Snapshot, shown: list[tuple[Cell, int]]) -> Snapshot:
    """Return ``snap`` with each certain-safe cell of ``shown`` open, showing its number.

    The cells are dead (:func:`~cnfsweep.search.ranking.dead_safe`): every layout stays, and the position
    differs only in that they are no longer there to click.
    """
    for c, v in shown:
        after = snap.reveal(c, v)
        assert after is not None  # a safe cell shows its only number in every layout
        snap = after
    return snap


def _fails(snap: Snapshot, cell: Cell) -> Iterator[int]:
    """Yield ``snap.reveal_weight(cell, v)`` for every number ``v`` of ``snap.number_range(cell)``, in order.

    From the leaf kernel's one call where it answers, else number by number.
    """
    found = snap.leaf(cell)
    if found is not None:
        for _, fails in found[1]:
            yield fails
        return
    low, high = snap.number_range(cell)
    for v in range(low, high + 1):
        yield snap.reveal_weight(cell, v)


@dataclass(frozen=True)
class RecordPolicy(StrongPolicy):
    """``strong`` as the record attempt plays it (issue 38): slower, for long campaigns.

    ``strong`` with the next move's blend (``second_weight=0.2``,
    ``second_living`` on), ``pseudo_pairs`` on and an exact endgame search from
    5,000 layouts within 500,000 states (``endgame_layouts``, ``endgame_nodes``):
    each measured a gain on paired games, each too slow for ``strong``'s
    default (``strong`` stays within 3x ``safest``'s time a game).  Every
    parameter is ``strong``'s, set the same way (``record:endgame_layouts=2000``).

    Examples
    --------
    >>> policy = RecordPolicy()
    >>> policy.name, policy.pseudo_pairs, policy.endgame_layouts, policy.endgame_nodes, policy.second_weight
    ('record', True, 5000, 500000, 0.2)
    """

    name: ClassVar[str] = "record"

    endgame_layouts: int = 5000
    endgame_nodes: int = 500_000
    pseudo_pairs: bool = True
    second_weight: float = 0.2
    second_living: bool = True
