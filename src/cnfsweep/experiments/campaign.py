"""Play many seeded games, on one core, several, or a Dask cluster, and summarise them.

Game ``i`` of a run with seed ``s`` always gets the same derived seed, so the
same run gives the same games and results whatever the number of workers and
wherever they run.
"""

from __future__ import annotations

import dataclasses
import statistics
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from math import sqrt
from typing import Any

from cnfsweep.core.layout import MineLayout
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.generation import Logic, generate
from cnfsweep.experiments.executors import Executor, Runner
from cnfsweep.play import FirstClick, GameRecord, Level, LossCause, Player, make_policy

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a win rate (95% by default).

    Examples
    --------
    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class PairedDifference:
    """How much more often policy B wins than policy A on the same games.

    ``only_a`` and ``only_b`` count the games exactly one of them won (the
    others tell nothing about the difference); ``ci95`` is the normal
    interval of the paired difference, which is far narrower than the two
    win rates' own intervals when the policies agree on most games.
    """

    games: int
    only_a: int
    only_b: int
    difference: float
    ci95: tuple[float, float]


def paired_difference(a: dict[int, bool], b: dict[int, bool], z: float = Z95) -> PairedDifference:
    """Compare two series of games keyed by game index, on the indices both played.

    Examples
    --------
    >>> d = paired_difference({0: True, 1: False, 2: False, 3: True}, {0: True, 1: True, 2: False, 3: True})
    >>> d.games, d.only_a, d.only_b, d.difference
    (4, 0, 1, 0.25)
    """
    common = a.keys() & b.keys()
    n = len(common)
    only_a = sum(1 for i in common if a[i] and not b[i])
    only_b = sum(1 for i in common if b[i] and not a[i])
    if n == 0:
        return PairedDifference(0, 0, 0, 0.0, (-1.0, 1.0))
    diff = (only_b - only_a) / n
    half = z * sqrt(max(only_a + only_b - (only_b - only_a) ** 2 / n, 0.0)) / n
    return PairedDifference(n, only_a, only_b, diff, (diff - half, diff + half))


@dataclass(frozen=True)
class PlayConfig:
    """What to play: board, first-click rule, policy and backend."""

    level: Level
    first_click: FirstClick = FirstClick.SAFE
    policy: str = "safest"
    backend: str | None = None
    # Play no-guess boards (generated from each game's seed, first click at the centre) for this logic.
    no_guess: Logic | None = None


@dataclass(frozen=True)
class PlayStats:
    """Summary of a run of games."""

    games: int
    wins: int
    win_rate: float
    ci95: tuple[float, float]
    mean_ms: float
    median_ms: float
    guesses_per_game: float
    losses: dict[str, int]
    guess_rules: dict[str, int] = field(default_factory=dict)
    guess_ms: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON document ``cnfsweep play --json`` prints (without the config)."""
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": list(self.ci95),
            "seconds_per_game": self.mean_ms / 1000,
            "mean_ms": self.mean_ms,
            "median_ms": self.median_ms,
            "guesses_per_game": self.guesses_per_game,
            "losses": self.losses,
            "guess_rules": self.guess_rules,
            "guess_ms": self.guess_ms,
        }


def summarise(records: list[GameRecord]) -> PlayStats:
    """Compute win rate, Wilson interval, timings, loss causes and how guesses were chosen.

    ``guess_rules`` counts guesses by the rule of the policy that chose them
    (the first click aside); ``guess_ms`` gives the median, 90th and 99th
    percentile and the maximum of the time the policy took per guess.
    """
    games = len(records)
    wins = sum(r.won for r in records)
    ms = [r.seconds * 1000 for r in records] or [0.0]
    causes = Counter(r.loss_cause for r in records if r.loss_cause is not None)
    rules = Counter(m.rule.value for r in records for m in r.moves if m.rule is not None)
    thinking = sorted(m.seconds * 1000 for r in records for m in r.moves if m.rule is not None)
    return PlayStats(
        games=games,
        wins=wins,
        win_rate=wins / games if games else 0.0,
        ci95=wilson(wins, games),
        mean_ms=statistics.fmean(ms),
        median_ms=statistics.median(ms),
        guesses_per_game=statistics.fmean([r.guesses for r in records]) if records else 0.0,
        losses={cause.value: causes.get(cause, 0) for cause in LossCause},
        guess_rules=dict(sorted(rules.items())),
        guess_ms=_percentiles(thinking),
    )


def _percentiles(sorted_ms: list[float]) -> dict[str, float]:
    if not sorted_ms:
        return {}
    last = len(sorted_ms) - 1
    return {
        "median": round(statistics.median(sorted_ms), 3),
        "p90": round(sorted_ms[round(0.9 * last)], 3),
        "p99": round(sorted_ms[round(0.99 * last)], 3),
        "max": round(sorted_ms[-1], 3),
    }


# One engine (with its cache) per worker thread, kept between games: the cache only holds exact,
# position-free results, and a thread of its own needs no lock.  Local pools and
# Dask workers started with one thread each thus keep one cache per process.
_LOCAL = threading.local()


def worker_engine(backend: str | None) -> Engine:
    """Return this worker thread's engine for ``backend``, made on first use and kept."""
    if not hasattr(_LOCAL, "engines"):
        _LOCAL.engines = {}
    engines: dict[str | None, Engine] = _LOCAL.engines
    if backend not in engines:
        engines[backend] = Engine.for_games(backend)
    return engines[backend]


def _play_one(config: PlayConfig, seed: int) -> GameRecord:
    engine = worker_engine(config.backend)
    player = Player(make_policy(config.policy), engine)
    if config.no_guess is None:
        return player.play(config.level, seed, config.first_click)
    board = generate(config.level, seed=seed, logic=config.no_guess, engine=engine)
    layout = MineLayout(frozenset(board.mine_cells), board.start)
    record = player.play_layout(
        layout, config.level.rows, config.level.cols, seed, topology=config.level.topology_name, rule=config.first_click
    )
    return dataclasses.replace(record, level=config.level)


def iter_games(config: PlayConfig, seed: int, indices: Iterable[int], runner: Runner) -> Iterator[GameRecord]:
    """Play the games of run ``seed`` with these indices on ``runner``; yield records in that order.

    Examples
    --------
    >>> from cnfsweep.play.game import LEVELS
    >>> records = list(iter_games(PlayConfig(LEVELS["beginner"]), 1, [2, 0], Runner()))
    >>> [r.seed for r in records] == [game_seed(1, 2), game_seed(1, 0)]
    True
    """
    return runner.map(partial(_play_one, config), (game_seed(seed, i) for i in indices))


def play_many(
    config: PlayConfig,
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    executor: Executor = Executor.LOCAL,
    scheduler: str | None = None,
    on_record: Callable[[GameRecord], None] | None = None,
) -> list[GameRecord]:
    """Play ``games`` seeded games and return their records in game order.

    Parameters
    ----------
    config : PlayConfig
        Board, first-click rule, policy and backend.
    games, seed : int
        Number of games, and the run seed their own seeds derive from.
    workers : int
        Local processes, or workers of the local Dask cluster started when
        ``executor`` is :attr:`Executor.DASK` and no ``scheduler`` is given.
    executor : Executor
        Where to play; results are the same everywhere.
    scheduler : str or None
        Address of a running Dask scheduler (``tcp://HOST:8786``), with Dask only.
    on_record : callable or None
        Called with each record as soon as it and every earlier one are in.
        Ctrl-C never cuts a call short: pressed meanwhile, it raises
        :exc:`KeyboardInterrupt` as the call returns, so whatever ``on_record``
        keeps (a count, a trace file) holds exactly the games it was given.

    Raises
    ------
    CnfsweepError
        Dask was chosen but is not installed or cannot be reached, or a
        scheduler address was given without Dask.

    Examples
    --------
    >>> from cnfsweep.play.game import LEVELS
    >>> records = play_many(PlayConfig(LEVELS["beginner"]), games=3, seed=1)
    >>> [r.seed == game_seed(1, i) for i, r in enumerate(records)]
    [True, True, True]
    """
    records = []
    with Runner(executor, workers, scheduler) as runner:
        for record in iter_games(config, seed, range(games), runner):
            with runner.hold():
                records.append(record)
                if on_record is not None:
                    on_record(record)
    return records
