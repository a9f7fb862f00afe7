"""Resumable campaigns: many arms of seeded games, logged one JSON line per game.

An :class:`Arm` is a board, a first-click rule and a policy spec played on a
run seed; game ``i`` of an arm has the seed :func:`~cnfsweep.experiments.campaign.game_seed`
gives, so arms with different policies play the same layouts (an ablation).
:func:`run_campaign` appends each finished batch of games to the log and, run
again on the same file, plays only the games the log does not hold yet.
"""

from __future__ import annotations

import json
import os
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from cnfsweep.play import GameRecord
from cnfsweep.experiments.campaign import PairedDifference, PlayConfig, game_seed, iter_games, paired_difference, wilson
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.words import article, counted
from cnfsweep.experiments.executors import Runner
from cnfsweep.play.game import LEVELS, FirstClick, Level
from cnfsweep.play.registry import make_policy
from cnfsweep.experiments.records import Record, records_for


@dataclass(frozen=True)
class Arm:
    """One series of a campaign: board, first-click rule and policy spec, on a run seed.

    Examples
    --------
    >>> arm = Arm(LEVELS["beginner"], FirstClick.SAFE, "safest", seed=7)
    >>> arm.label
    'beginner 9x9/10, safe, safest'
    """

    level: Level
    first_click: FirstClick
    policy: str
    seed: int

    @property
    def label(self) -> str:
        """Name the arm for tables and progress bars."""
        lv = self.level
        return f"{lv.name} {lv.size_text}, {self.first_click.value}, {self.policy}"

    @property
    def config(self) -> PlayConfig:
        """Return what :func:`~cnfsweep.experiments.campaign.play_many` needs to play this arm."""
        return PlayConfig(self.level, self.first_click, self.policy)


@dataclass(frozen=True)
class LoggedGame:
    """One line of a campaign log: the arm, the game's index and seed, and its outcome."""

    level: str
    rows: int
    cols: int
    mines: int
    first_click: str
    policy: str
    run_seed: int
    index: int
    game_seed: int
    won: bool
    ms: float
    guesses: int
    loss_cause: str | None
    analyses: int

    @classmethod
    def from_record(cls, arm: Arm, index: int, record: GameRecord) -> LoggedGame:
        """Log game ``index`` of ``arm``."""
        lv = arm.level
        return cls(
            lv.name,
            lv.rows,
            lv.cols,
            lv.mines,
            arm.first_click.value,
            arm.policy,
            arm.seed,
            index,
            record.seed,
            record.won,
            record.seconds * 1000,
            record.guesses,
            record.loss_cause.value if record.loss_cause else None,
            record.analyses,
        )

    @property
    def arm(self) -> Arm:
        """Return the arm this game belongs to."""
        level = Level(self.rows, self.cols, self.mines, self.level)
        return Arm(level, FirstClick(self.first_click), self.policy, self.run_seed)


def parse_levels(text: str) -> list[Level]:
    """Read a comma-separated list of level names and custom ``ROWSxCOLS/MINES`` boards.

    Examples
    --------
    >>> [lv.name for lv in parse_levels("beginner, expert")]
    ['beginner', 'expert']
    >>> parse_levels("8x9/10")
    [Level(rows=8, cols=9, mines=10, name='custom')]
    """
    levels = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        if item in LEVELS:
            levels.append(LEVELS[item])
            continue
        if "/" not in item:
            raise CnfsweepError(f"unknown level {item!r}; choose from {', '.join(LEVELS)} or give ROWSxCOLS/MINES")
        levels.append(Level.parse_size(item, what=f"level {item}"))
    if not levels:
        raise CnfsweepError("no levels given")
    return levels


def parse_rules(text: str) -> list[FirstClick]:
    """Read a comma-separated list of first-click rules.

    Examples
    --------
    >>> parse_rules("safe,opening")
    [<FirstClick.SAFE: 'safe'>, <FirstClick.OPENING: 'opening'>]
    """
    choices = {rule.value: rule for rule in FirstClick}
    rules = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        if item not in choices:
            raise CnfsweepError(f"unknown first-click rule {item!r}; choose from {', '.join(choices)}")
        rules.append(choices[item])
    if not rules:
        raise CnfsweepError("no first-click rules given")
    return rules


def make_arms(levels: Sequence[Level], rules: Sequence[FirstClick], policies: Sequence[str], seed: int) -> list[Arm]:
    """Return every combination, policies innermost, after checking each can be played."""
    for spec in policies:
        make_policy(spec)  # fail on a bad spec before any game starts
    for level in levels:
        for rule in rules:
            if level.mines > level.max_mines(rule):
                raise CnfsweepError(
                    f"{level.name}: {counted(level.mines, 'mine')} {'leaves' if level.mines == 1 else 'leave'} no room for {article(rule.value)} first click"
                )
    return [Arm(level, rule, spec, seed) for level in levels for rule in rules for spec in dict.fromkeys(policies)]


def read_log(path: Path) -> list[LoggedGame]:
    """Read a campaign log, keeping the first line of each game; a missing file is empty.

    A last line without its newline (a write cut short) is ignored, and
    :func:`append_log` drops it before writing.
    """
    try:
        text = path.read_text()
    except FileNotFoundError:
        return []
    lines = text.split("\n")[:-1]  # a cut-short last line has no newline after it
    games: dict[tuple[Arm, int], LoggedGame] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            game = LoggedGame(**json.loads(line))
        except (ValueError, TypeError) as exc:
            raise CnfsweepError(f"{path}:{number}: not a campaign log line ({exc})") from None
        games.setdefault((game.arm, game.index), game)
    return list(games.values())


def append_log(path: Path, games: Iterable[LoggedGame]) -> None:
    """Append games to the log and flush them to disk."""
    with path.open("a+b") as out:
        end = out.seek(0, os.SEEK_END)
        if end:
            out.seek(end - 1)
            if out.read(1) != b"\n":
                # Drop a line cut short by an interrupted write, or the next line would join it.
                out.seek(0)
                out.truncate(out.read().rfind(b"\n") + 1)
        out.write("".join(json.dumps(asdict(game)) + "\n" for game in games).encode())
        out.flush()
        os.fsync(out.fileno())


def run_campaign(
    arms: Sequence[Arm],
    games: int,
    path: Path,
    runner: Runner,
    *,
    batch: int = 200,
    on_progress: Callable[[Arm, int, int], None] | None = None,
) -> list[LoggedGame]:
    """Play games ``0 .. games - 1`` of every arm that the log lacks, logging each batch.

    Parameters
    ----------
    arms : sequence of Arm
        What to play; see :func:`make_arms`.
    games : int
        Games per arm.
    path : Path
        The JSON lines log, created if missing and read first to resume.
    runner : Runner
        Where to play, already entered.
    batch : int
        Games written (and flushed) at once: at most this many are lost to an interruption.
    on_progress : callable or None
        Called with an arm, its games played so far and its wins, once when the
        arm starts (counting games found in the log) and after each game.

    Returns
    -------
    list of LoggedGame
        The games ``0 .. games - 1`` of each arm, arm by arm, in game order.
    """
    if batch < 1:
        raise CnfsweepError(f"batch must be at least 1, got {batch}")
    logged = {(g.arm, g.index): g for g in read_log(path)}
    out: list[LoggedGame] = []
    for arm in arms:
        done = {i: logged[arm, i] for i in range(games) if (arm, i) in logged}
        played, wins = len(done), sum(g.won for g in done.values())
        if on_progress:
            on_progress(arm, played, wins)
        missing = [i for i in range(games) if i not in done]
        pending: list[LoggedGame] = []
        for index, record in zip(missing, iter_games(arm.config, arm.seed, missing, runner), strict=True):
            game = LoggedGame.from_record(arm, index, record)
            # A game logged under the wrong index would poison every later resume.
            assert game.game_seed == game_seed(arm.seed, index), "a game came back out of order"
            pending.append(game)
            done[index] = game
            played, wins = played + 1, wins + game.won
            if len(pending) == batch:
                append_log(path, pending)
                pending = []
            if on_progress:
                on_progress(arm, played, wins)
        if pending:
            append_log(path, pending)
        out.extend(done[i] for i in range(games))
    return out


@dataclass(frozen=True)
class ArmSummary:
    """Win rate and timing of one arm, beside the best published record for its board and rule."""

    arm: Arm
    games: int
    wins: int
    win_rate: float
    ci95: tuple[float, float]
    mean_ms: float
    median_ms: float
    record: Record | None
    versus_first: PairedDifference | None = None

    @property
    def beats_record(self) -> bool | None:
        """Whether the interval's lower end is above the record; ``None`` without a record."""
        return None if self.record is None else self.ci95[0] * 100 > self.record.win_rate

    def to_dict(self) -> dict[str, Any]:
        """Return the summary as JSON-ready values."""
        lv, rec = self.arm.level, self.record
        return {
            "level": lv.name,
            "rows": lv.rows,
            "cols": lv.cols,
            "mines": lv.mines,
            "first_click": self.arm.first_click.value,
            "policy": self.arm.policy,
            "seed": self.arm.seed,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": list(self.ci95),
            "mean_ms": self.mean_ms,
            "median_ms": self.median_ms,
            "record": None
            if rec is None
            else {"solver": rec.solver, "win_rate": rec.win_rate / 100, "source": rec.source},
            "beats_record": self.beats_record,
            "versus_first": None if self.versus_first is None else asdict(self.versus_first),
        }


def find_arms(
    games: Iterable[LoggedGame],
    *,
    levels: Sequence[Level] | None = None,
    rules: Sequence[FirstClick] | None = None,
    policies: Sequence[str] | None = None,
    seed: int | None = None,
) -> list[Arm]:
    """Return the arms of a log in order of first appearance, keeping those every given filter allows.

    Examples
    --------
    >>> base = dict(rows=9, cols=9, mines=10, first_click="safe", run_seed=1, index=0, game_seed=0,
    ...             won=True, ms=2.0, guesses=0, loss_cause=None, analyses=1)
    >>> log = [LoggedGame(level="beginner", policy=p, **base) for p in ("safest", "strong", "safest")]
    >>> [arm.policy for arm in find_arms(log)], [arm.policy for arm in find_arms(log, policies=["strong"])]
    (['safest', 'strong'], ['strong'])
    """
    return [
        arm
        for arm in dict.fromkeys(game.arm for game in games)
        if (levels is None or arm.level in levels)
        and (rules is None or arm.first_click in rules)
        and (policies is None or arm.policy in policies)
        and (seed is None or arm.seed == seed)
    ]


def summarise_log(
    games: Iterable[LoggedGame], arms: Sequence[Arm] | None = None, *, limit: int | None = None
) -> list[ArmSummary]:
    """Summarise logged games per arm: the given arms in order, or every arm found.

    With ``limit``, only games ``0 .. limit - 1`` of each arm count.  Every arm
    after the first of its board, rule and seed is also compared game by game
    with that first arm (``versus_first``): an ablation's paired difference.

    Examples
    --------
    >>> base = dict(level="beginner", rows=9, cols=9, mines=10, first_click="safe", policy="safest",
    ...             run_seed=1, game_seed=0, ms=2.0, guesses=0, loss_cause=None, analyses=1)
    >>> log = [LoggedGame(index=i, won=i < 9, **base) for i in range(10)]
    >>> [s] = summarise_log(log)
    >>> s.wins, s.win_rate, s.record.win_rate, s.beats_record
    (9, 0.9, 91.6949, False)
    """
    by_arm: dict[Arm, list[LoggedGame]] = {}
    for game in games:
        if limit is None or game.index < limit:
            by_arm.setdefault(game.arm, []).append(game)
    summaries = []
    first: dict[tuple[Level, FirstClick, int], dict[int, bool]] = {}
    for arm in by_arm if arms is None else arms:
        series = by_arm.get(arm, [])
        outcomes = {g.index: g.won for g in series}
        group = (arm.level, arm.first_click, arm.seed)
        versus = paired_difference(first[group], outcomes) if group in first else None
        first.setdefault(group, outcomes)
        wins = sum(g.won for g in series)
        ms = [g.ms for g in series] or [0.0]
        lv = arm.level
        found = records_for(lv.rows, lv.cols, lv.mines, arm.first_click)
        summaries.append(
            ArmSummary(
                arm,
                len(series),
                wins,
                wins / len(series) if series else 0.0,
                wilson(wins, len(series)),
                statistics.fmean(ms),
                statistics.median(ms),
                found[0] if found else None,
                versus,
            )
        )
    return summaries
