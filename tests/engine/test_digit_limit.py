"""Exact answers are written in every digit without lifting Python's process-wide limit on int/str conversion.

Python refuses to convert integers of more than ``sys.get_int_max_str_digits()``
digits (4,300 by default) to or from text.  The limit guards every thread of the
process (a server reading a request's numbers while another thread writes an
answer), so writing an answer must leave it alone: the writers convert big
integers themselves (``core.exact.int_text``).  The tests compare what they write
with ``str`` under a limit raised in the test alone, and catch a writer in the
middle of its work to check the limit another thread sees.
"""

from __future__ import annotations

import json
import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from replays import random_game

from cnfsweep import Board, Engine
from cnfsweep.core.exact import exact_text, int_text
from cnfsweep.replay import review_game

HUGE = "1" * 5_000  # beyond the default limit of 4,300 digits


@contextmanager
def any_digits() -> Iterator[None]:
    """Let this test process convert integers of any length (the reference ``str`` needs it)."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(old)


@pytest.mark.parametrize("digits", [1, 56, 639, 641, 4_299, 4_301, 6_000, 20_000, 60_000])
def test_int_text_writes_what_str_writes_at_every_size(digits: int) -> None:
    rng = random.Random(digits)
    numbers = [10 ** (digits - 1), 10**digits - 1, rng.randrange(10 ** (digits - 1), 10**digits)]
    with any_digits():
        expected = [str(n) for n in numbers] + [str(-n) for n in numbers]
    assert [int_text(n) for n in numbers] + [int_text(-n) for n in numbers] == expected


def test_exact_text_writes_what_str_writes_for_fractions_of_huge_terms() -> None:
    rng = random.Random(1)
    values = [Fraction(rng.getrandbits(30_000) | 1, rng.getrandbits(25_000) | 1) for _ in range(3)]
    values += [Fraction(3**9_000), Fraction(0), Fraction(-2, 10**5_000 + 1)]
    with any_digits():
        expected = [str(v) for v in values]
    assert [exact_text(v) for v in values] == expected


def test_int_text_works_under_the_lowest_limit_python_allows() -> None:
    n = 7**3_000  # 2,536 digits
    with any_digits():
        expected = str(n)
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        assert int_text(n) == expected
    finally:
        sys.set_int_max_str_digits(old)


def huge_analysis() -> Any:
    """An exact analysis whose layout count has about 5,200 digits: 150x150 cells, 5,000 mines, one number."""
    rows = ["1" + "." * 149] + ["." * 150] * 149
    return Engine.create(arithmetic="exact").analyze(Board.from_rows(rows, total_mines=5_000))


def test_the_analysis_documents_write_every_digit_of_exact_answers() -> None:
    analysis = huge_analysis()
    with any_digits():
        solutions = str(analysis.solutions)
        exact = {cell: str(p) for cell, p in analysis.frontier_exact.items()}
        off = str(analysis.off_frontier_exact)
    assert len(solutions) > 5_000
    for doc in (analysis.to_dict(), json.loads(analysis.to_json())):
        assert doc["solutions"] == solutions
        for (r, c), text in exact.items():
            assert doc["exact"][r][c] == text
        assert doc["exact"][149][149] == off


class Paused(Fraction):
    """A probability that holds up whoever writes it until the test lets it go."""

    reached: threading.Event
    release: threading.Event

    @property
    def numerator(self) -> int:  # type: ignore[override]
        self.reached.set()
        self.release.wait(30)
        return super().numerator


def paused(value: Fraction) -> Paused:
    out = Paused(value)
    out.reached, out.release = threading.Event(), threading.Event()
    return out


def paused_analysis() -> tuple[Callable[[bool], Any], Paused]:
    analysis = huge_analysis()
    cell, value = next(iter(analysis.frontier_exact.items()))
    stop = paused(value)
    held = replace(analysis, frontier_exact={**analysis.frontier_exact, cell: stop})
    return (lambda as_text: held.to_json() if as_text else held.to_dict()), stop


def paused_review() -> tuple[Callable[[bool], Any], Paused]:
    review = review_game(random_game(3, 8, 8, 10))
    stop = paused(review.clicks[-1].probability)
    held = replace(review, clicks=(*review.clicks[:-1], replace(review.clicks[-1], probability=stop)))
    return (lambda _: held.to_dict()), stop


@pytest.mark.parametrize(
    ("make", "as_text"),
    [(paused_analysis, True), (paused_analysis, False), (paused_review, False)],
    ids=["Analysis.to_json", "Analysis.to_dict", "GameReview.to_dict"],
)
def test_another_thread_keeps_the_digit_limit_while_an_answer_is_written(
    make: Callable[[], tuple[Callable[[bool], Any], Paused]], as_text: bool
) -> None:
    write, stop = make()
    limit = sys.get_int_max_str_digits()
    written: list[Any] = []
    writer = threading.Thread(target=lambda: written.append(write(as_text)))
    writer.start()
    try:
        assert stop.reached.wait(30), "the writer never reached the paused probability"
        # The writer is in the middle of its answer: this thread must still be guarded.
        assert sys.get_int_max_str_digits() == limit
        with pytest.raises(ValueError, match="digits"):
            int(HUGE)
    finally:
        stop.release.set()
        writer.join(30)
    assert written and sys.get_int_max_str_digits() == limit
