"""Generate many no-guess boards of a seeded run, on one process or several."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial

from cnfsweep.core.board import Cell
from cnfsweep.core.moved import warn_renamed
from cnfsweep.core.seeds import game_seed
from cnfsweep.experiments.campaign import worker_engine
from cnfsweep.experiments.executors import Executor, Runner
from cnfsweep.explanation import Grade
from cnfsweep.generation import Generated, Logic, Method, generate
from cnfsweep.play.game import Level

__all__ = ["GenerateConfig", "generate_many"]


@dataclass(frozen=True)
class GenerateConfig:
    """What boards to make: size, the cell clicked first, method, logic, time per board, backend and grade (if any).

    ``first_click``, the old name of ``start``, still reads, with a :class:`DeprecationWarning`, until
    the next release (``first_click`` names the first-click rule everywhere else).

    The generation's counterpart of :class:`~cnfsweep.experiments.campaign.PlayConfig`.  (The web
    layer's ``BoardRequest`` is an HTTP body about one board, another thing.)
    """

    level: Level
    start: Cell
    method: Method = Method.FAST
    logic: Logic = Logic.FULL
    time_limit: float | None = None
    backend: str | None = None
    grade: Grade | None = None

    @property
    def first_click(self) -> Cell:
        """Deprecated name of :attr:`start`, the cell clicked first."""
        warn_renamed("GenerateConfig.first_click", "GenerateConfig.start", "first_click names the first-click rule")
        return self.start


def _make(request: GenerateConfig, seed: int) -> Generated:
    return generate(
        request.level,
        start=request.start,
        seed=seed,
        method=request.method,
        logic=request.logic,
        time_limit=request.time_limit,
        engine=worker_engine(request.backend),
        grade=request.grade,
    )


def generate_many(
    request: GenerateConfig, count: int, seed: int, *, workers: int = 1, executor: Executor = Executor.LOCAL
) -> Iterator[Generated]:
    """Yield the ``count`` boards of run ``seed`` in order, made on ``workers`` processes.

    Board ``i`` is made from ``game_seed(seed, i)`` alone, so the boards are
    the same for every number of workers.

    Examples
    --------
    >>> from cnfsweep.generation import centre
    >>> from cnfsweep.play.game import LEVELS
    >>> request = GenerateConfig(LEVELS["beginner"], centre(LEVELS["beginner"]))
    >>> [g.seed == game_seed(4, i) for i, g in enumerate(generate_many(request, 2, seed=4))]
    [True, True]
    """
    with Runner(executor, workers) as runner:
        yield from runner.map(partial(_make, request), (game_seed(seed, i) for i in range(count)))
