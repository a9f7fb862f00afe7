"""The forked paired comparison gives, game by game, the outcomes of separate full runs."""

from __future__ import annotations

import pytest

from cnfsweep.experiments.campaign import PlayConfig, play_many
from cnfsweep.experiments.forked import fork_games
from cnfsweep.play.game import LEVELS, FirstClick

VARIANTS = {
    "depth1": "strong:depth=1",
    "no-lookahead": "strong:lookahead=off",
    "no-forced": "strong:early_forced=off",
    "same": "strong:pseudo_pairs=off",
    "corner": "strong:opening_click=0",
}


@pytest.mark.parametrize(
    ("level", "rule", "games"),
    [("beginner", FirstClick.SAFE, 40), ("intermediate", FirstClick.SAFE, 12), ("beginner", FirstClick.OPENING, 25)],
    ids=str,
)
def test_forked_outcomes_are_those_of_full_runs(level: str, rule: FirstClick, games: int) -> None:
    forked = fork_games(LEVELS[level], 3, range(games), "strong", VARIANTS, rule)
    base = play_many(PlayConfig(LEVELS[level], rule, "strong"), games, 3)
    assert [g.won for g in forked] == [r.won for r in base]
    assert [g.seed for g in forked] == [r.seed for r in base]
    for name, spec in VARIANTS.items():
        full = play_many(PlayConfig(LEVELS[level], rule, spec), games, 3)
        assert [g.variants[name].won for g in forked] == [r.won for r in full], name
        # A variant that never forked played the baseline's game, move for move.
        for g, r, b in zip(forked, full, base, strict=True):
            if g.variants[name].fork is None:
                assert r.moves == b.moves, (name, g.index)
    # The comparison saves work only if most games do not fork: the identical variant never does.
    assert all(g.variants["same"].fork is None for g in forked)
    if rule is FirstClick.SAFE:
        assert any(g.variants[n].fork is not None for g in forked for n in ("depth1", "no-lookahead"))
    else:
        # Another first click forks at once.
        assert all(g.variants["corner"].fork == 0 for g in forked)


def test_a_fork_is_where_the_variant_first_chose_another_cell() -> None:
    forked = fork_games(LEVELS["beginner"], 3, range(40), "strong", {"depth1": "strong:depth=1"})
    base = play_many(PlayConfig(LEVELS["beginner"], FirstClick.SAFE, "strong"), 40, 3)
    full = play_many(PlayConfig(LEVELS["beginner"], FirstClick.SAFE, "strong:depth=1"), 40, 3)
    for g, b, v in zip(forked, base, full, strict=True):
        fork = g.variants["depth1"].fork
        guesses_b = [m.cell for m in b.moves if m.rule is not None]
        guesses_v = [m.cell for m in v.moves if m.rule is not None]
        if fork is None:
            assert guesses_b == guesses_v
        else:
            assert guesses_b != guesses_v
