"""Every click's probability, safest cells and label against the brute-force oracle, on small games played at random.

The oracle lists every layout of the right size that fits the numbers (flags are the
player's, so they count as covered cells), then counts: the chance that a click's
chosen cells hold a mine, each cell's chance, the least of them.  The label follows
from those by the rules of the issue, written here again.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from game_oracle import brute_layouts
from replays import random_game, save_evf

from cnfsweep.core.board import Board
from cnfsweep.formats.game_records import ClickKind, read_game_records
from cnfsweep.replay import ClickReview, GameReview, Label, review_game

#: Small boards, so that every layout can be listed: (rows, cols, mines).
SIZES = [(4, 5, 4), (3, 6, 4), (4, 4, 3), (5, 4, 5)]
GAMES = [(seed, size, safe) for seed in range(12) for size, safe in zip(SIZES, (True, False, True, True), strict=True)]


def expected_label(p: Fraction, best: Fraction, certain: int, hit: bool) -> str:
    if hit:
        return "fatal"
    if p == 0:
        return "deduction"
    if certain:
        return "needless_guess"
    return "best_guess" if p == best else "mistake"


def check_against_oracle(review: GameReview) -> int:
    """Check every click of ``review`` (kept with its positions) against the oracle; return how many were guesses."""
    guesses = 0
    for click, board in zip(review.clicks, review.positions, strict=True):
        assert isinstance(board, Board) and "*" not in "".join(board.grid)
        if click.index == 1 and review.rule != "any":
            assert click.probability == 0 and click.label is Label.DEDUCTION
            continue
        layouts = brute_layouts(board, review.mines)
        assert layouts, "a real game's position has its own layout at least"
        chance = {cell: Fraction(sum(cell in m for m in layouts), len(layouts)) for cell in board.covered}
        p = Fraction(sum(any(c in m for c in click.chosen) for m in layouts), len(layouts))
        open_to_pick = [q for q in chance.values() if q < 1]
        best = min(open_to_pick, default=Fraction(1))
        certain = sum(1 for q in chance.values() if q == 0)
        assert click.probability == p, (click, board.to_text())
        assert click.best == best and click.certain_safe == certain
        assert set(click.safest) == {c for c, q in chance.items() if q == best and q < 1}
        assert click.label.value == expected_label(p, best, certain, click.label is Label.FATAL)
        # A guess is a best guess or an avoidable one, whatever its label; a fatal click included.
        assert click.best_guess == (p > 0 and certain == 0 and p == best)
        assert click.avoidable == (p > 0 and (certain > 0 or p > best))
        guesses += p > 0
    check_summary(review)
    return guesses


def check_summary(review: GameReview) -> None:
    """The summary's counts are the per-click labels and flags counted (the CLI, the JSON and the page print them)."""
    summary, clicks = review.summary(), review.clicks
    for label in Label:
        assert summary[label.value] == sum(c.label is label for c in clicks)
    guesses = [c for c in clicks if c.probability > 0]
    assert summary["guesses"] == len(guesses) == summary["best_guesses"] + summary["avoidable"]
    fatal_avoidable = sum(c.label is Label.FATAL and c.avoidable for c in clicks)
    assert summary["avoidable"] == summary["needless_guess"] + summary["mistake"] + fatal_avoidable
    assert summary["best_guesses"] == summary["best_guess"] + sum(
        c.label is Label.FATAL and c.best_guess for c in clicks
    )
    doc = review.to_dict()
    assert [c["index"] for c in doc["clicks"]] == list(range(1, len(clicks) + 1))
    assert [(c["best_guess"], c["avoidable"]) for c in doc["clicks"]] == [(c.best_guess, c.avoidable) for c in clicks]


@pytest.mark.parametrize("seed, size, safe_first", GAMES)
def test_every_click_of_a_random_game_matches_the_oracle(
    seed: int, size: tuple[int, int, int], safe_first: bool
) -> None:
    game = random_game(seed, *size, safe_first=safe_first)
    review = review_game(game, positions=True)
    assert len(review.positions) == len(review.clicks) > 0
    check_against_oracle(review)
    # A fatal click is the last, and only a lost game has one.
    assert review.lost == (review.count(Label.FATAL) == 1) == (review.clicks[-1].label is Label.FATAL)
    assert review.won == bool(game.won)


def test_the_random_games_cover_every_label_and_chords_of_several_uncertain_cells() -> None:
    # The oracle test above is only as good as what it meets: every label, and chords that gamble on two cells or more.
    labels: set[Label] = set()
    fatal_kinds: set[str] = set()
    gambling_chords: list[ClickReview] = []
    for seed, size, safe_first in GAMES:
        review = review_game(random_game(seed, *size, safe_first=safe_first))
        labels.update(c.label for c in review.clicks)
        # Every kind of fatal click: with a certainly safe cell there, with a safer one, or a best guess.
        fatal_kinds.update(
            "certain" if c.certain_safe else "safer" if c.avoidable else "best"
            for c in review.clicks
            if c.label is Label.FATAL
        )
        gambling_chords += [
            c for c in review.clicks if c.kind is ClickKind.CHORD and c.probability > 0 and len(c.chosen) > 1
        ]
    assert labels == set(Label)
    assert fatal_kinds == {"certain", "safer", "best"}
    assert gambling_chords


#: Games saved by ms-toollib: careful ones (won, or lost to a chord on a wrong flag) and reckless ones.
SAVED = [(100 + seed, 0.0) for seed in range(6)] + [(100 + seed, 0.25) for seed in range(2)]


@pytest.mark.parametrize("seed, reckless", SAVED)
def test_a_game_saved_by_ms_toollib_reads_back_and_reviews_as_played(seed: int, reckless: float, tmp_path) -> None:
    pytest.importorskip("ms_toollib")
    game = random_game(seed, 4, 5, 4, reckless=reckless)
    path = save_evf(game, tmp_path, f"game{seed}")
    (read,) = read_game_records(path)
    assert read.mines == game.mines and read.reader == "evf" and read.rule == "safe" and read.won == game.won
    # ms-toollib keeps only clicks that changed the game: what it dropped changed nothing here either.
    ours = review_game(game, positions=True)
    theirs = review_game(read, positions=True)
    assert [(c.cell, c.kind, c.chosen, c.probability, c.label) for c in theirs.clicks] == [
        (c.cell, c.kind, c.chosen, c.probability, c.label) for c in ours.clicks
    ]
    assert (theirs.won, theirs.lost) == (ours.won, ours.lost)
    check_against_oracle(theirs)


def test_the_saved_games_are_won_and_lost_with_chords_among_them() -> None:
    games = [review_game(random_game(seed, 4, 5, 4, reckless=reckless)) for seed, reckless in SAVED]
    assert any(g.won for g in games) and any(g.lost for g in games)
    assert any(c.kind is ClickKind.CHORD for g in games for c in g.clicks)
