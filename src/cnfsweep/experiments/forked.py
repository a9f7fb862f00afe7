"""Paired comparisons that play a variant's game only where its choices differ from the baseline's.

Two policies that agree on most moves play the same game on most seeds.  A
plain paired comparison still plays every game twice; here the baseline plays
each game once and, at every decision it makes (:meth:`Policy.unavoidable
<cnfsweep.play.policy.Policy.unavoidable>` and :meth:`Policy.choose
<cnfsweep.play.policy.Policy.choose>`), each variant is asked the same question
about the same analysis.  Until a variant answers differently, its own game
would have been exactly the baseline's, so its outcome is the baseline's.  At
the first decision where it differs (the *fork*), the variant's game is played
from the start with a policy that gives the baseline's recorded answers to the
decisions before the fork (they were the variant's own, so nothing is worked out
twice) and the variant's own from the fork on: the same game, to the move, that
a separate run of the variant plays.  The per-game outcomes, and so the paired
difference, are those of two full runs; only the differing games cost a second
game (tests/experiments/test_forked.py checks this against full runs).

Examples
--------
>>> from cnfsweep.play.game import LEVELS
>>> games = fork_games(LEVELS["beginner"], 1, range(3), "strong", {"d1": "strong:depth=1"})
>>> [g.index for g in games], sorted(games[0].variants)
([0, 1, 2], ['d1'])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from cnfsweep.core.board import Cell
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.engine.analysis import Analysis
from cnfsweep.play import FirstClick, Level, Player, make_policy
from cnfsweep.play.policy import Guess, Policy

__all__ = ["ForkedGame", "VariantOutcome", "fork_games"]


@dataclass(frozen=True)
class VariantOutcome:
    """A variant's game: the decision it first differed at (``None``: never, the baseline's game) and its result."""

    fork: int | None
    won: bool


@dataclass(frozen=True)
class ForkedGame:
    """One seeded game: the baseline's result, its decisions, and each variant's outcome by name."""

    index: int
    seed: int
    won: bool
    decisions: int
    variants: dict[str, VariantOutcome]


def _cell(guess: Guess | None) -> Cell | None:
    # Only the clicked cell moves the game on: the same cell under another rule's name is the same game.
    return None if guess is None else guess.cell


@dataclass
class _Watching(Policy):
    """The baseline, asking each variant that has not forked yet the same questions."""

    name: ClassVar[str] = "watching"

    base: Policy
    variants: dict[str, Policy]
    answers: list[Guess | None] = field(default_factory=list)
    forks: dict[str, int] = field(default_factory=dict)

    def start(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
        return self.base.start(level, rule)

    def _ask(self, kind: str, analysis: Analysis, engine: Engine) -> Guess | None:
        got = getattr(self.base, kind)(analysis, engine)
        for name, variant in self.variants.items():
            if name not in self.forks and _cell(getattr(variant, kind)(analysis, engine)) != _cell(got):
                self.forks[name] = len(self.answers)
        self.answers.append(got)
        return got

    def unavoidable(self, analysis: Analysis, engine: Engine) -> Guess | None:
        return self._ask("unavoidable", analysis, engine)

    def choose(self, analysis: Analysis, engine: Engine) -> Guess:
        got = self._ask("choose", analysis, engine)
        assert got is not None  # choose always answers
        return got


@dataclass
class _Replaying(Policy):
    """A variant that gives recorded answers to its first decisions, then decides for itself."""

    name: ClassVar[str] = "replaying"

    policy: Policy
    answers: list[Guess | None]
    asked: int = 0

    def start(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
        return self.policy.start(level, rule)

    def _ask(self, kind: str, analysis: Analysis, engine: Engine) -> Guess | None:
        i, self.asked = self.asked, self.asked + 1
        if i < len(self.answers):
            return self.answers[i]
        return getattr(self.policy, kind)(analysis, engine)

    def unavoidable(self, analysis: Analysis, engine: Engine) -> Guess | None:
        return self._ask("unavoidable", analysis, engine)

    def choose(self, analysis: Analysis, engine: Engine) -> Guess:
        got = self._ask("choose", analysis, engine)
        assert got is not None  # a recorded choose answer is never None
        return got


def iter_fork_games(
    level: Level,
    seed: int,
    indices: Iterable[int],
    base: str,
    variants: Mapping[str, str],
    rule: FirstClick = FirstClick.SAFE,
    engine: Engine | None = None,
) -> Iterator[ForkedGame]:
    """Play games ``indices`` of run ``seed`` with policy spec ``base``, forking for each variant spec.

    Game ``i`` has the campaign's seed :func:`~cnfsweep.core.seeds.game_seed`,
    so the baseline's results are those of ``cnfsweep play``/the campaign with
    the same run seed.  A variant whose first click differs plays its whole game.
    """
    engine = engine if engine is not None else Engine.for_games()
    base_policy = make_policy(base)
    policies = {name: make_policy(spec) for name, spec in variants.items()}
    for i in indices:
        s = game_seed(seed, i)
        same_start = {n: p for n, p in policies.items() if p.start(level, rule) == base_policy.start(level, rule)}
        watching = _Watching(base_policy, same_start)
        record = Player(watching, engine).play(level, s, rule)
        outcomes = {}
        for name, policy in policies.items():
            fork = watching.forks.get(name, 0 if name not in same_start else None)
            if fork is None:
                outcomes[name] = VariantOutcome(None, record.won)
                continue
            replay = Player(_Replaying(policy, watching.answers[:fork]), engine).play(level, s, rule)
            outcomes[name] = VariantOutcome(fork, replay.won)
        yield ForkedGame(i, s, record.won, len(watching.answers), outcomes)


def fork_games(
    level: Level,
    seed: int,
    indices: Iterable[int],
    base: str,
    variants: Mapping[str, str],
    rule: FirstClick = FirstClick.SAFE,
) -> list[ForkedGame]:
    """Return :func:`iter_fork_games`' games as a list."""
    return list(iter_fork_games(level, seed, indices, base, variants, rule))
