"""What searching exactly above strong's endgame threshold would win, measured without game noise.

Usage: ``python -m benchmarks endgame-window [--policy strong] [--games 200] [--seed 2026] [--upto 5000]
[--time-limit SECONDS] [--json PATH]``

``strong`` (or ``--policy``, e.g. ``record``) plays seeded expert games from a safe corner. At
each guess it makes where the position has more layouts than its exact
endgame search takes (``endgame_layouts``) and at most ``--upto``, the exact
search (:func:`cnfsweep.search.endgame.best_move`, its limit raised) gives
the best move's value, and :func:`cnfsweep.search.endgame.move_value` the
value of the move strong chose (clicking it, then playing optimally).

A game's gain is the sum, over those guesses, of best minus chosen. The
mean gain over games is the win rate a policy searching exactly up to
``--upto`` layouts would add, exactly and not only to first order: every
position it reaches later has fewer layouts, so it plays them optimally,
and the difference of two policies' values is the sum, along one policy's
games, of what the other's choice is worth over its own at each position
where they differ (the performance-difference identity). The same sum over
the guesses up to a lower count ``M`` is the gain of raising the threshold
to ``M``: the report gives it for several ``M``. A search that runs out of
nodes (``--nodes``) counts as no gain, as the raised threshold would then
fall back on the look-ahead too.

The time of each exact search of the best move is reported (p50, p90, max):
what raising the threshold would cost per such guess.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar

from rich.console import Console

from benchmarks.harness.progress import progress_bar
from benchmarks.harness.results import close_run, meta
from benchmarks.harness.stats import percentile
from cnfsweep.core.board import Board, Cell
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.engine.analysis import Analysis
from cnfsweep.play.game import LEVELS, FirstClick, Level
from cnfsweep.play.player import Player
from cnfsweep.play.policy import Guess, GuessRule, Policy
from cnfsweep.play.strong import StrongPolicy
from cnfsweep.play import make_policy
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.search.endgame import best_move, move_value
from cnfsweep.search.whatif import Snapshot

#: Where the report splits the window: the gain of raising the threshold to each of these.
STEPS = (1500, 2000, 3000, 5000, 10_000, 20_000)

#: The bins of the look-ahead's top-two gap (``--gaps``), in win probability: each bin's upper end.
GAP_BINS = (0.0, 0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 1.0)

#: The rules under which the look-ahead chose a guess.
LOOKAHEAD_RULES = frozenset(
    {
        GuessRule.SAFEST,
        GuessRule.LOOKAHEAD,
        GuessRule.DEAD_CELL,
        GuessRule.OFF_FRONTIER,
        GuessRule.TIE_BREAK,
        GuessRule.POCKET_LAST,
    }
)


@dataclass(frozen=True)
class Decision:
    """One guess in the window, valued exactly.

    Attributes
    ----------
    board, total
        The position and its mine count.
    cell
        The guess the policy made.
    layouts
        The position's consistent layouts.
    best, chosen
        The exact win probability of the best move and of ``cell`` (``None``: the search ran out of nodes).
    seconds
        The time of the search of the best move alone.
    gap
        With ``--gaps``, the look-ahead's top-two gap at this guess (:func:`lookahead_gap`).
    """

    board: Board
    total: int
    cell: Cell
    layouts: int
    best: Fraction | None
    chosen: Fraction | None
    # Two runs of the same search agree on everything but the time.
    seconds: float = field(compare=False)
    gap: Fraction | None = None

    @property
    def gain(self) -> Fraction:
        """What the best move wins over the chosen one (0 when the search ran out of nodes)."""
        if self.best is None or self.chosen is None:
            return Fraction(0)
        return self.best - self.chosen


def value_decision(
    board: Board, total: int, cell: Cell, layouts: int, *, upto: int, nodes: int, compiled: bool = True
) -> Decision:
    """Value the guess ``cell`` on ``board`` and the best move, by exact search up to ``upto`` layouts."""
    began = time.perf_counter()
    best = best_move(board, total, max_layouts=upto, node_limit=nodes, compiled=compiled)
    seconds = time.perf_counter() - began
    if best is None:
        return Decision(board, total, cell, layouts, None, None, seconds)
    # A guess the search itself would make is worth the best value: no second search.
    chosen = (
        best.win_probability
        if best.cell == cell
        else move_value(board, cell, total, max_layouts=upto, node_limit=nodes, compiled=compiled)
    )
    return Decision(board, total, cell, layouts, best.win_probability, chosen, seconds)


def lookahead_gap(policy: StrongPolicy, analysis: Analysis, engine: Engine) -> Fraction | None:
    """Return the gap between the two best look-ahead values among the policy's candidates.

    Each candidate of the look-ahead window (``tolerance``, ``candidates``, ``off_cells``)
    is valued ``depth`` moves deep (:meth:`StrongPolicy.move_value`, no bound), without
    the policy's dead-cell avoidance or bonuses: a pointer to how often two
    candidates are close, not the policy's own ranking. ``None`` with one candidate.
    """
    snap = Snapshot.of_analysis(analysis, engine)
    try:
        ranked = snap.candidates(policy.tolerance, policy.candidates, policy.off_cells)
        values = sorted((policy.move_value(snap, c, policy.depth) for c in ranked), reverse=True)
    finally:
        snap.forget()
    return values[0] - values[1] if len(values) > 1 else None


class WindowWatch(Policy):
    """A policy that plays as ``inner`` and values exactly its guesses in the window ``(low, upto]`` layouts."""

    name: ClassVar[str] = "endgame-window"

    def __init__(
        self, inner: Policy, low: int, upto: int, nodes: int, compiled: bool = True, gaps: bool = False
    ) -> None:
        self.inner, self.low, self.upto, self.nodes, self.compiled = inner, low, upto, nodes, compiled
        # The look-ahead's top-two gaps, at every guess it made (in the window or not), when asked.
        self.gaps: list[Fraction] | None = [] if gaps else None
        self.decisions: list[Decision] = []

    def start(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
        return self.inner.start(level, rule)

    def unavoidable(self, analysis: Analysis, engine: Engine) -> Guess | None:
        # A guess no reveal can resolve costs the same now or later: it has no gain to measure.
        return self.inner.unavoidable(analysis, engine)

    def choose(self, analysis: Analysis, engine: Engine) -> Guess:
        guess = self.inner.choose(analysis, engine)
        gap = None
        if (
            self.gaps is not None
            and isinstance(self.inner, StrongPolicy)
            and guess.rule in LOOKAHEAD_RULES
            and not analysis.approximate
        ):
            gap = lookahead_gap(self.inner, analysis, engine)
            if gap is not None:
                self.gaps.append(gap)
        n = analysis.solutions
        if n is not None and analysis.total_mines is not None and self.low < n <= self.upto:
            found = value_decision(
                analysis.board,
                analysis.total_mines,
                guess.cell,
                n,
                upto=self.upto,
                nodes=self.nodes,
                compiled=self.compiled,
            )
            self.decisions.append(replace(found, gap=gap))
        return guess


@dataclass
class Tally:
    """The study's figures so far: per game, the gain in the window and up to each step."""

    steps: tuple[int, ...]
    games: int = 0
    won: int = 0
    gains: list[float] = field(default_factory=list)
    by_step: dict[int, list[float]] = field(default_factory=dict)
    seconds: list[float] = field(default_factory=list)
    layouts: list[int] = field(default_factory=list)
    differ: int = 0
    unsearched: int = 0
    game_seconds: float = 0.0
    #: Per gap bin (its upper end): look-ahead guesses anywhere, and in the window the guesses with their gains.
    gap_guesses: dict[float, int] = field(default_factory=dict)
    gap_window: dict[float, list[float]] = field(default_factory=dict)

    def add(self, won: bool, decisions: list[Decision], seconds: float, gaps: list[Fraction] | None = None) -> None:
        for g in gaps or ():
            top = gap_bin(g)
            self.gap_guesses[top] = self.gap_guesses.get(top, 0) + 1
        for d in decisions:
            if d.gap is not None:
                self.gap_window.setdefault(gap_bin(d.gap), []).append(float(d.gain))
        self.games += 1
        self.won += won
        self.game_seconds += seconds
        self.gains.append(float(sum((d.gain for d in decisions), Fraction(0))))
        for m in self.steps:
            self.by_step.setdefault(m, []).append(
                float(sum((d.gain for d in decisions if d.layouts <= m), Fraction(0)))
            )
        for d in decisions:
            self.seconds.append(d.seconds)
            self.layouts.append(d.layouts)
            self.differ += d.gain > 0
            self.unsearched += d.best is None


def gap_bin(gap: Fraction) -> float:
    """Return the upper end of the bin of ``GAP_BINS`` that holds ``gap``."""
    return next(top for top in GAP_BINS if gap <= top)


def interval(values: list[float]) -> dict[str, float]:
    """Return the mean of ``values`` with its 95% normal interval (games are independent)."""
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
    return {"mean": mean, "low": mean - half, "high": mean + half}


def summary(t: Tally, low: int, upto: int) -> dict[str, Any]:
    """The report: gain in win-rate points with its interval, per step too, and the search times."""

    def points(values: list[float]) -> dict[str, float]:
        return {k: 100 * v for k, v in interval(values).items()}

    return {
        "games": t.games,
        "won": t.won,
        "window": [low, upto],
        "decisions": len(t.seconds),
        "decisions_per_game": len(t.seconds) / t.games if t.games else 0.0,
        "decisions_not_best": t.differ,
        "decisions_out_of_nodes": t.unsearched,
        "gain_points": points(t.gains),
        "gain_points_up_to": {str(m): points(v) for m, v in t.by_step.items() if low < m < upto},
        "search_seconds": {
            "p50": percentile(t.seconds, 0.5) if t.seconds else None,
            "p90": percentile(t.seconds, 0.9) if t.seconds else None,
            "max": max(t.seconds, default=None),
        },
        "seconds_per_game": t.game_seconds / t.games if t.games else None,
        "lookahead_gaps": [
            {
                "up_to": top,
                "guesses": t.gap_guesses.get(top, 0),
                "in_window": len(t.gap_window.get(top, [])),
                "window_gain": sum(t.gap_window.get(top, [])),
            }
            for top in GAP_BINS
        ]
        if t.gap_guesses
        else None,
    }


def describe(s: dict[str, Any]) -> list[str]:
    """The report as lines of text."""

    def pts(g: dict[str, float]) -> str:
        return f"{g['mean']:+.3f} points (95% {g['low']:+.3f} to {g['high']:+.3f})"

    low, upto = s["window"]
    out = [
        f"{s['games']} games, {s['won']} won; {s['decisions']} guesses with {low} < layouts <= {upto} "
        f"({s['decisions_per_game']:.3f} a game), {s['decisions_not_best']} not the best move, "
        f"{s['decisions_out_of_nodes']} out of nodes",
        f"gain of searching exactly up to {upto} layouts: {pts(s['gain_points'])}",
    ]
    out += [f"  up to {m}: {pts(g)}" for m, g in s["gain_points_up_to"].items()]
    t = s["search_seconds"]
    if t["p50"] is not None:
        out.append(f"exact search of the best move: p50 {t['p50']:.3f} s, p90 {t['p90']:.3f} s, max {t['max']:.3f} s")
    if s["seconds_per_game"] is not None:
        out.append(f"{s['seconds_per_game']:.2f} s a game, the study's searches included")
    if s["lookahead_gaps"]:
        out.append("look-ahead's top-two gap: guesses (in the window, their summed exact gain)")
        out += [
            f"  <= {b['up_to']}: {b['guesses']} ({b['in_window']}, {b['window_gain']:.4f})" for b in s["lookahead_gaps"]
        ]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert", choices=list(LEVELS))
    parser.add_argument("--games", type=int, default=200, help="games at most (default 200)")
    parser.add_argument("--seed", type=int, default=2026, help="run seed; game i has game_seed(seed, i) (default 2026)")
    parser.add_argument("--start", type=int, default=0, help="index of the first game (default 0)")
    parser.add_argument(
        "--policy",
        default="strong",
        help="strong or record, with parameters (default strong): the window starts at its endgame_layouts",
    )
    parser.add_argument("--upto", type=int, default=5000, help="the window's top, in layouts (default 5000)")
    parser.add_argument("--nodes", type=int, default=2_000_000, help="states one exact search may expand")
    parser.add_argument("--time-limit", type=float, default=None, help="stop starting games after this many seconds")
    parser.add_argument(
        "--gaps", action="store_true", help="also the look-ahead's top-two value gap at each of its guesses (slower)"
    )
    parser.add_argument("--json", default=None, help="also write the report as JSON to this file")
    args = parser.parse_args(argv)
    console = Console(stderr=True)
    for name in ("games", "upto", "nodes"):
        if getattr(args, name) < 1:
            console.print(f"error: --{name.replace('_', '-')} must be at least 1")
            return 2
    try:
        inner = make_policy(args.policy)
    except CnfsweepError as exc:
        console.print(f"error: --policy: {exc}")
        return 2
    if not isinstance(inner, StrongPolicy):
        console.print(f"error: --policy must be strong or record (an exact endgame threshold), got {args.policy}")
        return 2
    low = inner.endgame_layouts
    if args.upto <= low:
        console.print(f"error: --upto must be above the policy's exact threshold, {low} layouts")
        return 2
    level = LEVELS[args.level]
    steps = (*(m for m in STEPS if low < m < args.upto), args.upto)
    tally = Tally(steps)
    started = time.perf_counter()
    with progress_bar(console) as progress:
        task = progress.add_task("games", total=args.games)
        for i in range(args.start, args.start + args.games):
            if args.time_limit is not None and time.perf_counter() - started > args.time_limit:
                break
            watch = WindowWatch(inner, low, args.upto, args.nodes, gaps=args.gaps)
            began = time.perf_counter()
            record = Player(watch, Engine.for_games()).play(level, game_seed(args.seed, i), FirstClick.SAFE)
            tally.add(record.won, watch.decisions, time.perf_counter() - began, watch.gaps)
            progress.update(task, advance=1, description=f"games, gain {100 * statistics.fmean(tally.gains):+.3f} pts")
    report = summary(tally, low, args.upto)
    report["meta"] = meta(
        started, seed=args.seed, start=args.start, level=args.level, nodes=args.nodes, policy=args.policy
    )
    for line in describe(report):
        print(line)
    close_run(report, args.json)
    return 0
