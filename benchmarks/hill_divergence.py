"""Where David Hill's solver guesses otherwise than a cnfsweep policy, and what each choice is worth there.

Usage: python -m benchmarks hill-divergence [--source PATH] [--rev REV] [--build-dir DIR] [--games 300]
                                         [--seed 2026] [--start 0] [--level expert] [--first-click safe]
                                         [--policy strong] [--settings small] [--samples 64] [--top 10]
                                         [--out divergences.jsonl] [--json summary.json]

The policy plays the campaign's games (game ``i`` of run ``--seed`` from
``game_seed(seed, i)``, as ``hill-paired`` and ``campaign`` lay them).  At every
guess it makes (a click the trace does not call certain), Hill's solver, built
by ``hill-build`` from ``--source``/``$HILL_SOURCE``, is asked for its move on
the same position (:mod:`benchmarks.hill_positions`: our clicks replayed on his
game model, checked to reveal the same cells).  Where his move is another cell
that our analysis does not call certainly safe, the position is a *divergence*.

Each divergence is valued without the game's own noise: the value of a move is
the chance of winning by clicking it and then playing ``--policy``, averaged
over the same layouts for both moves, every consistent layout when there are at
most ``--samples`` of them (exact), else ``--samples`` drawn uniformly from them
(:func:`cnfsweep.search.sampling.sample_layouts`; the true layout is one such
draw).  A layout playing on is :meth:`Player.play_layout
<cnfsweep.play.player.Player.play_layout>` from the game's first click with
our clicks and the move opened, as a position read from a file is played.

The report: divergences per game; his value minus ours per divergence and summed
per game (win-rate points a game would gain from his choice at those positions
alone, each with the rest of the game played by ``--policy``), with 95% intervals
over divergences and over games; the same by our guess rule and by what his move
is (on or off the frontier, distance to the nearest revealed cell, covered
neighbours, whether our look-ahead had it among its candidates); and the
positions where the two differ most, as board text.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from math import sqrt
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.layout import MineLayout
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.engine.analysis import Analysis
from cnfsweep.play import FirstClick, Game, Level, Player, make_policy
from cnfsweep.play.strong import StrongPolicy
from cnfsweep.search.endgame import enumerate_layouts
from cnfsweep.search.sampling import sample_layouts
from cnfsweep.search.whatif import Snapshot

from benchmarks.harness.progress import progress_bar
from benchmarks.harness.results import close_run, meta
from benchmarks.hill.build import BuildError, build
from benchmarks.hill_paired import add_game_options, check_game, game_header
from benchmarks.hill_positions import HillMove, HillPositions

# The normal quantile of a two-sided 95% interval.
Z95 = 1.959964


@dataclass(frozen=True)
class Divergence:
    """One position where Hill's solver clicks another cell than ours, and both moves' values there.

    ``values`` are win probabilities (clicking the move, then playing on with
    our policy) over the same ``layouts`` layouts, ``exact`` when those are
    every consistent layout.
    """

    game: int
    move: int
    guess: int
    board: str
    ours: tuple[int, int]
    ours_rule: str
    ours_p_mine: float
    his: tuple[int, int]
    his_p_mine: float
    his_safety: float | None
    his_method: str
    his_frontier: bool
    his_distance: int
    his_covered_neighbours: int
    his_candidate: bool | None
    layouts: int
    exact: bool
    value_ours: float
    value_his: float

    @property
    def difference(self) -> float:
        """His value minus ours."""
        return self.value_his - self.value_ours


def mean_interval(values: Sequence[float]) -> dict[str, Any]:
    """Return the count, mean and normal 95% interval of ``values``.

    Examples
    --------
    >>> mean_interval([1.0, 3.0])
    {'n': 2, 'mean': 2.0, 'ci95': [0.040036, 3.959964]}
    >>> mean_interval([])
    {'n': 0, 'mean': None, 'ci95': None}
    """
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "ci95": None}
    m = sum(values) / n
    if n == 1:
        return {"n": 1, "mean": m, "ci95": None}
    sd = sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / sqrt(n)
    return {"n": n, "mean": m, "ci95": [round(m - half, 12), round(m + half, 12)]}


def distance_to_number(cell: Cell, revealed: Iterable[Cell]) -> int:
    """Return the king-move distance from ``cell`` to the nearest revealed cell (0 when there is none).

    Examples
    --------
    >>> distance_to_number(Cell(0, 3), [Cell(0, 0), Cell(1, 1)])
    2
    """
    return min((max(abs(cell.row - r.row), abs(cell.col - r.col)) for r in revealed), default=0)


def board_text(analysis: Analysis, ours: Cell, his: Cell) -> str:
    """Return the position's rows, our move marked ``o`` and his ``h``, with its mine count."""
    rows = [list(row) for row in analysis.board.grid]
    rows[ours.row][ours.col] = "o"
    rows[his.row][his.col] = "h"
    return f"mines: {analysis.board.total_mines}\n" + "\n".join("".join(row) for row in rows)


@dataclass
class _Recorder:
    """The analyses a game's player asked its policy about, by how many cells had been clicked then."""

    seen: dict[int, Analysis]

    def __call__(self, game: Game, analysis: Analysis) -> None:
        # The last analysis before a click is the one the click was chosen from.
        self.seen[len(game.clicks)] = analysis


def move_values(
    player: Player,
    level: Level,
    rule: FirstClick,
    start: Cell,
    clicks: Sequence[Cell],
    moves: Sequence[Cell],
    layouts: Sequence[frozenset[Cell]],
) -> list[float]:
    """Return each move's win probability over ``layouts``: click it after ``clicks``, then play on with ``player``."""
    wins = [0] * len(moves)
    for layout in layouts:
        for k, move in enumerate(moves):
            if move in layout:
                continue
            record = player.play_layout(
                MineLayout(layout, start), level.rows, level.cols, opened=[*clicks, move], rule=rule
            )
            wins[k] += record.won
    return [w / len(layouts) for w in wins]


def position_layouts(
    analysis: Analysis, engine: Engine, samples: int, rng: random.Random
) -> tuple[list[frozenset[Cell]], bool]:
    """Return every consistent layout when there are at most ``samples``, else ``samples`` uniform draws; and which."""
    board = analysis.board
    listed = enumerate_layouts(board, limit=samples)
    if listed:
        flags = frozenset(board.flags)
        return [layout | flags for layout in listed], True
    return sample_layouts(Snapshot.of_analysis(analysis, engine), samples, rng), False


def divergences_of_game(
    index: int,
    config: StudyConfig,
    player: Player,
    hill: HillPositions,
) -> tuple[bool, int, list[Divergence]]:
    """Play game ``index``; return whether we won, our guesses, and where Hill's solver chose otherwise."""
    level = config.level
    recorder = _Recorder({})
    record = player.play(level, game_seed(config.seed, index), config.rule, watch=recorder)
    start = record.moves[0].cell
    mines = frozenset(record.mines)
    found: list[Divergence] = []
    guesses = 0
    for k, move in enumerate(record.moves[1:], start=1):
        if move.certain:
            continue
        guesses += 1
        analysis = recorder.seen[k]
        clicks = [m.cell for m in record.moves[1:k]]
        answer = hill.move(level.rows, level.cols, start, mines, clicks)
        revealed = set(analysis.board.numbers)
        if answer.opened != revealed:
            raise CnfsweepError(
                f"game {index}, move {k}: Hill's game model reveals {len(answer.opened)} cells, ours {len(revealed)}"
            )
        his = answer.cell
        if his is None or his == move.cell or analysis.is_safe(his):
            continue
        rule = move.rule.value if move.rule is not None else "none"
        position = Position(index, k, guesses, analysis, start, tuple(clicks))
        found.append(value_divergence(position, move.cell, rule, float(move.p_mine), answer, config, player))
    return record.won, guesses, found


@dataclass(frozen=True)
class StudyConfig:
    """What every game of a run shares: the level, the first-click rule, the run seed and the layouts per value."""

    level: Level
    rule: FirstClick
    seed: int
    samples: int


@dataclass(frozen=True)
class Position:
    """A position of game ``game`` before its click ``move``, our ``guess``-th: the analysis, the first click, the clicks since."""

    game: int
    move: int
    guess: int
    analysis: Analysis
    start: Cell
    clicks: tuple[Cell, ...]


def value_divergence(
    position: Position,
    ours: Cell,
    rule: str,
    p_ours: float,
    answer: HillMove,
    config: StudyConfig,
    player: Player,
) -> Divergence:
    """Describe Hill's move at ``position`` and value both moves on the same layouts."""
    his = answer.cell
    assert his is not None
    analysis, engine, policy = position.analysis, player.engine, player.policy
    snap = Snapshot.of_analysis(analysis, engine)
    candidate = None
    if isinstance(policy, StrongPolicy):
        candidate = his in snap.candidates(policy.tolerance, policy.candidates, policy.off_cells)
    board = analysis.board
    covered = set(board.covered)
    # Seeded by the game and the move: a rerun draws the same layouts.
    rng = random.Random(game_seed(config.seed, position.game) * 1000 + position.move)
    layouts, exact = position_layouts(analysis, engine, config.samples, rng)
    value_ours, value_his = move_values(
        player, config.level, config.rule, position.start, position.clicks, (ours, his), layouts
    )
    p_his = analysis.exact(his)
    assert p_his is not None
    return Divergence(
        game=position.game,
        move=position.move,
        guess=position.guess,
        board=board_text(analysis, ours, his),
        ours=(ours.row, ours.col),
        ours_rule=rule,
        ours_p_mine=p_ours,
        his=(his.row, his.col),
        his_p_mine=float(p_his),
        his_safety=None if answer.safety is None else float(answer.safety),
        his_method=answer.method,
        his_frontier=his in snap.box_of,
        his_distance=distance_to_number(his, board.numbers),
        his_covered_neighbours=sum(1 for n in board.neighbours(his) if n in covered),
        his_candidate=candidate,
        layouts=len(layouts),
        exact=exact,
        value_ours=value_ours,
        value_his=value_his,
    )


# -- the report -----------------------------------------------------------------


def _distance_group(d: Divergence) -> str:
    return str(d.his_distance) if d.his_distance < 3 else "3+"


def _neighbours_group(d: Divergence) -> str:
    n = d.his_covered_neighbours
    return "0-2" if n <= 2 else "3-4" if n <= 4 else "5-8"


BREAKDOWNS: dict[str, Callable[[Divergence], str]] = {
    "our guess in the game": lambda d: str(d.guess) if d.guess < 3 else "3+",
    "our guess rule": lambda d: d.ours_rule,
    "his move on the frontier": lambda d: "on" if d.his_frontier else "off",
    "his move's distance to the nearest number": _distance_group,
    "his move's covered neighbours": _neighbours_group,
    "his move among our candidates": lambda d: "n/a" if d.his_candidate is None else str(d.his_candidate).lower(),
    "his move safer than ours": lambda d: (
        "safer" if d.his_p_mine < d.ours_p_mine else "riskier" if d.his_p_mine > d.ours_p_mine else "as safe"
    ),
}
"""How the divergences are grouped in the report: a name, and each divergence's group under it."""


def summarise(games: dict[int, tuple[bool, int, list[Divergence]]], top: int) -> dict[str, Any]:
    """Return the report's figures from every game's outcome, guesses and divergences."""
    found = [d for _, _, ds in games.values() for d in ds]
    n_games = len(games)
    per_game = [sum(d.difference for d in ds) for _, _, ds in games.values()]
    groups: dict[str, dict[str, Any]] = {}
    for name, key in BREAKDOWNS.items():
        split: dict[str, list[float]] = defaultdict(list)
        for d in found:
            split[key(d)].append(d.difference)
        groups[name] = {
            g: {**mean_interval(v), "per_game": sum(v) / n_games if n_games else None} for g, v in sorted(split.items())
        }
    ranked = sorted(found, key=lambda d: d.difference)
    return {
        "games": n_games,
        "wins_ours": sum(won for won, _, _ in games.values()),
        "guesses": sum(g for _, g, _ in games.values()),
        "divergences": len(found),
        "divergences_per_game": len(found) / n_games if n_games else None,
        "exact_positions": sum(d.exact for d in found),
        "difference_per_divergence": mean_interval([d.difference for d in found]),
        "difference_per_game": mean_interval(per_game),
        "by": groups,
        # Every divergence's values, so the figures above can be checked and regrouped from the result file alone.
        "values": [
            [d.game, d.move, d.ours_rule, d.layouts, d.exact, d.value_ours, d.value_his]
            for d in sorted(found, key=lambda d: (d.game, d.move))
        ],
        "his_better": [asdict(d) | {"difference": d.difference} for d in reversed(ranked[-top:])] if top else [],
        "ours_better": [asdict(d) | {"difference": d.difference} for d in ranked[:top]] if top else [],
    }


def _points(m: dict[str, Any]) -> str:
    if m["mean"] is None:
        return "-"
    text = f"{100 * m['mean']:+.2f}"
    if m["ci95"] is not None:
        lo, hi = m["ci95"]
        text += f" ({100 * lo:+.2f} to {100 * hi:+.2f})"
    return text


def report(s: dict[str, Any], policy: str, console: Console) -> None:
    """Print the headline, the breakdowns, and the positions where the two differ most."""
    console.print(
        f"{s['games']:,} games ({policy} won {s['wins_ours']:,}), {s['guesses']:,} guesses of ours, "
        f"{s['divergences']:,} where Hill's solver clicks another cell ({s['divergences_per_game']:.2f} a game; "
        f"{s['exact_positions']:,} valued on every consistent layout)",
        soft_wrap=True,
    )
    console.print(
        f"Hill minus {policy}, in win-rate points: {_points(s['difference_per_divergence'])} per divergence, "
        f"{_points(s['difference_per_game'])} per game (95% intervals)",
        soft_wrap=True,
    )
    for name, groups in s["by"].items():
        table = Table(title=name, title_justify="left")
        for column in ("group", "divergences", "Hill - ours per divergence (points)", "per game (points)"):
            table.add_column(column, justify="left" if column == "group" else "right")
        for g, m in groups.items():
            table.add_row(g, f"{m['n']:,}", _points(m), f"{100 * m['per_game']:+.3f}")
        console.print(table)
    for title, key in (
        ("Hill's choice better by most", "his_better"),
        (f"{policy}'s choice better by most", "ours_better"),
    ):
        if s[key]:
            console.print(f"[bold]{title}[/] (o: ours, h: his)")
        for d in s[key]:
            console.print(
                f"game {d['game']} move {d['move']}: Hill {d['value_his']:.3f} - ours {d['value_ours']:.3f} "
                f"= {d['difference']:+.3f} over {d['layouts']} layouts{' (all)' if d['exact'] else ''}; "
                f"ours {tuple(d['ours'])} by {d['ours_rule']} p={d['ours_p_mine']:.3f}, "
                f"his {tuple(d['his'])} p={d['his_p_mine']:.3f}",
                soft_wrap=True,
            )
            console.print(d["board"], highlight=False, markup=False)


# -- running it -----------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_game_options(parser, games=300)
    parser.add_argument(
        "--samples", type=int, default=64, help="layouts each divergence is valued on (default 64; all if fewer)"
    )
    parser.add_argument("--top", type=int, default=10, help="positions shown each way (default 10)")
    parser.add_argument("--out", type=Path, help="write every divergence here, one JSON line each")
    parser.add_argument("--json", type=Path, help="write the summary here")
    return parser.parse_args(argv)


def check_args(args: argparse.Namespace) -> StudyConfig:
    """Read the level and rule; raise CnfsweepError, one line, on anything unusable."""
    for name in ("games", "samples"):
        if getattr(args, name) < 1:
            raise CnfsweepError(f"--{name} must be at least 1, got {getattr(args, name)}")
    for name in ("start", "seed", "top"):
        if getattr(args, name) < 0:
            raise CnfsweepError(f"--{name} must not be negative, got {getattr(args, name)}")
    level, rule = check_game(args)
    return StudyConfig(level, rule, args.seed, args.samples)


def run(args: argparse.Namespace, config: StudyConfig, command: Sequence[str]) -> dict[str, Any]:
    """Play every game, ask Hill at every guess, value every divergence; return the summary."""
    games: dict[int, tuple[bool, int, list[Divergence]]] = {}
    player = Player(make_policy(args.policy), Engine.for_games())
    out = args.out.open("w", encoding="utf-8") if args.out else None
    try:
        with HillPositions(command) as hill, progress_bar() as progress:
            task = progress.add_task("games", total=args.games)
            for index in range(args.start, args.start + args.games):
                games[index] = divergences_of_game(index, config, player, hill)
                if out is not None:
                    for d in games[index][2]:
                        out.write(json.dumps(asdict(d) | {"difference": d.difference}) + "\n")
                    out.flush()
                progress.advance(task)
    finally:
        if out is not None:
            out.close()
    return summarise(games, args.top)


def main(argv: Sequence[str] | None = None) -> int:
    started = time.perf_counter()
    args = parse_args(argv)
    console = Console(stderr=False)
    try:
        config = check_args(args)
        built = build(args.source, args.build_dir, args.rev)
        s = run(args, config, built.command(args.settings))
    except (CnfsweepError, BuildError, OSError) as exc:
        print(f"hill-divergence: {exc}", file=sys.stderr)
        return 2
    s = {
        **game_header(args, built.commit, config.rule),
        "samples": args.samples,
        **s,
        "meta": meta(started, games=args.games, samples=args.samples),
    }
    report(s, args.policy, console)
    close_run(s, args.json, console.print)
    return 0


if __name__ == "__main__":
    sys.exit(main())
