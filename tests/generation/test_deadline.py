"""Generation keeps its time limit on any board: past the deadline it stops within a bounded amount of work.

No test here measures time: a fake clock (``clocks.fake_clock``) puts the
deadline behind at a chosen moment, and the tests count the work done after
it (cells revealed or flagged, exact analyses started).  The real figures on
1000x1000 boards are ``python -m benchmarks limits --generate``'s.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from clocks import FakeClock, fake_clock
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import TimeLimitExceeded
from cnfsweep.engine import Engine
from cnfsweep.generation import check_room, free_cells, generate, generate_boards, opening_area
from cnfsweep.generation.fair import CHECK_EVERY
from cnfsweep.generation.result import Method, draw_until
from cnfsweep.play import Level
from cnfsweep.play.frontier import Frontier

HUGE = Level(1000, 1000, 150_000)

#: Reveals and flags a replay may make between two readings of the clock: a flood of
#: CHECK_EVERY cells, or one batch of a rebuilt frontier.
WORK_BETWEEN_CHECKS = 4 * CHECK_EVERY


@dataclass
class Work:
    """Cells revealed or flagged and exact analyses started, before and after the clock jumped."""

    clock: FakeClock
    jump_at: int | None = None  # jump the clock at this unit of work
    units: int = 0
    after: int = 0
    analyses_after: int = 0
    jumped: bool = False

    def unit(self, cells: int = 1) -> None:
        """Count ``cells`` more cells revealed or flagged (one batch), jumping the clock at ``jump_at``."""
        before, self.units = self.units, self.units + cells
        if self.jumped:
            self.after += cells
        elif self.jump_at is not None and before < self.jump_at <= self.units:
            self.jumped = True
            self.clock.jump()
            self.after += self.units - self.jump_at  # the rest of the batch comes after the jump


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Iterator[Work]:
    """Count the replay's work, under a fake clock the counter can jump."""
    with fake_clock(monkeypatch) as clock:
        counter = Work(clock)
        # Cells one at a time (reveal, renumber) and in batches (reveal_many, flag_many, which flag() calls).
        for name, size in (("reveal", None), ("renumber", None), ("reveal_many", len), ("flag_many", len)):
            original = getattr(Frontier, name)

            def counted(self, *args, _original=original, _size=size):
                if _size is not None:
                    args = (list(args[0]), *args[1:])
                counter.unit(1 if _size is None else _size(args[0]))
                return _original(self, *args)

            monkeypatch.setattr(Frontier, name, counted)
        analyse = Engine.analyze_position

        def analysis(self, *args, **kwargs):
            counter.analyses_after += counter.jumped
            counter.units += 1
            return analyse(self, *args, **kwargs)

        monkeypatch.setattr(Engine, "analyze_position", analysis)
        yield counter


@pytest.mark.parametrize(("method", "grade"), [("fast", None), ("uniform", None), ("fast", "easy")])
def test_a_deadline_already_past_stops_before_any_work(work: Work, method: str, grade: str | None) -> None:
    work.clock.tick = 3600.0  # every reading of the clock is an hour after the last: the limit is past at once
    with pytest.raises(TimeLimitExceeded, match="within the time limit of 5"):
        generate(HUGE, seed=1, time_limit=5, method=method, grade=grade)
    assert work.units == 0


def test_the_cli_answers_unknown_without_doing_the_work(work: Work, run) -> None:
    work.clock.tick = 3600.0
    result = run("generate", "--size", "1000x1000", "--mines", "150000", "--seed", "1", "--time-limit", "5", "--json")
    assert result.exit_code == 3, result.output
    assert json.loads(result.stdout.splitlines()[0])["status"] == "unknown"
    assert work.units == 0


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    mines=st.integers(150, 3000),
    jump_at=st.integers(1, 12_000),
    method=st.sampled_from(["fast", "uniform"]),
    seed=st.integers(0, 2**16),
)
def test_past_the_deadline_a_replay_stops_within_a_bounded_amount_of_work(
    work: Work, mines: int, jump_at: int, method: str, seed: int
) -> None:
    # Low densities flood most of the board from the first click; high ones go to the exact analysis often.
    work.units = work.after = work.analyses_after = 0
    work.jumped, work.jump_at = False, jump_at
    try:
        next(generate_boards(Level(110, 110, mines), 1, seed=seed, method=method, time_limit=3600))
    except TimeLimitExceeded:
        assert work.jumped
    # (A board finished by the last bit of work before the next reading of the clock is handed out.)
    assert work.after <= WORK_BETWEEN_CHECKS
    assert work.analyses_after == 0


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(1, 12), cols=st.integers(1, 12), data=st.data())
def test_layouts_are_drawn_as_from_the_list_of_free_cells(rows: int, cols: int, data: st.DataObject) -> None:
    # The draw no longer lists the free cells first; a seed must still give the layout it gave.
    first = Cell(data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    room = rows * cols - len(opening_area(Level(rows, cols, 0), first))
    level = Level(rows, cols, data.draw(st.integers(0, max(room, 0))))
    seed = data.draw(st.integers(0, 2**32))
    drawn = draw_until(level, first, seed, "full", None, Method.FAST, lambda mines, _rng, _deadline: mines)
    assert check_room(level, first) == room
    assert drawn.mine_cells == tuple(sorted(random.Random(seed).sample(free_cells(level, first), level.mines)))
