"""The timeline picture of a reviewed game: a mark per click, bars as tall as their chance of a mine, a cross on a loss."""

from __future__ import annotations

import re
from fractions import Fraction

from replays import random_game

from cnfsweep.present.timeline import PLOT_HEIGHT, timeline_svg
from cnfsweep.replay import Label, review_game


def _lost_game():
    for seed in range(50):
        done = review_game(random_game(seed, 4, 5, 4, reckless=0.6))
        if done.lost and done.count(Label.DEDUCTION) and done.guesses():
            return done
    raise AssertionError("no lost game among the first 50 seeds")


def test_each_guess_is_a_bar_as_tall_as_its_chance_and_a_loss_ends_in_a_cross() -> None:
    done = _lost_game()
    svg = timeline_svg(done)
    marks = re.findall(r'<g class="click (\w+)" data-index="(\d+)"><title>([^<]*)</title>(.*?)</g>', svg)
    assert sorted(int(i) for _, i, _, _ in marks) == list(range(1, len(done.clicks) + 1))  # clicks from 1
    for label, index, title, body in marks:
        click = done.clicks[int(index) - 1]
        assert label == click.label.value and title.startswith(f"click {index}")
        if click.label is Label.DEDUCTION:
            assert body.startswith("<line")
            continue
        height = float(re.search(r'<rect [^>]*height="([\d.]+)"', body)[1])
        assert abs(height - PLOT_HEIGHT * float(click.probability)) < 0.01
        assert ("<path" in body) == (click.label is Label.FATAL)
    assert "fatal (1)" in svg and "seconds from the first click" in svg
    assert done.clicks[-1].probability > Fraction(0)


def test_a_game_without_times_is_laid_out_by_click() -> None:
    from cnfsweep.replay import review

    done = review(b'{"rows": 1, "cols": 4, "mines": [[0, 0]], "moves": [{"cell": [0, 3]}]}', name="t.jsonl")
    svg = timeline_svg(done)
    assert "click, in order" in svg and svg.count('class="click ') == 1
