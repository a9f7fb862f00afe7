"""Play David Hill's solver and a cnfsweep policy on the same layouts, and pair the results.

Usage: python -m benchmarks hill-paired [--source PATH] [--rev REV] [--build-dir DIR] [--games 2000]
                                     [--seed 2026] [--start 0] [--level expert] [--first-click safe]
                                     [--policy strong] [--settings small] [--batch 100]
                                     [--out games.jsonl] [--json summary.json]
       python -m benchmarks hill-paired --own-games N [--own-seed -60442780] [--source PATH] [--settings small]

The layouts are the campaign's own: game ``i`` of run ``--seed`` is laid by
cnfsweep's :class:`~cnfsweep.play.game.Game` from ``game_seed(seed, i)`` when
the policy's first click lands (``python -m benchmarks campaign --seed S`` plays the same
ones), and the policy plays them through the campaign's ``iter_games``, whose
records are checked to carry the very mines Hill's solver was given.  Hill's
solver is built from a fetched copy of his repository by
``python -m benchmarks hill-build`` (``--source`` or ``$HILL_SOURCE``; see there)
and plays each layout through ``benchmarks/hill/HillHarness.java`` from the same
first click, at the settings of his record runs (``--settings small``).
Everything runs on one core, batch by batch: Hill's batch, then ours.

The table gives both win rates with Wilson intervals, the 2x2 table of
(Hill won, we won), our win rate minus his with its paired 95% interval, and
McNemar's test of the games exactly one side won.  The two sides' guess counts
in ``--out`` are counted differently (his: every move his solver was not sure
of; ours: every click that was not certain) and are not to be compared.

With ``--own-games N`` only Hill's solver plays, on his own expert games as his
bulk runner draws them from ``--own-seed`` (by default the seed of the
"expert 10,000,000 run" behind his published 41.132%, so these are its first N
games): his win rate with its Wilson interval, and a check that every game
played as a fixed layout through the harness ends as on his own game model.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from math import comb, erfc, sqrt
from pathlib import Path
from typing import IO, Any, TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.seeds import game_seed
from cnfsweep.experiments.campaign import PlayConfig, iter_games
from cnfsweep.experiments.executors import Runner
from cnfsweep.experiments.log import parse_levels, parse_rules
from cnfsweep.play import FirstClick, Game, Level, make_policy


from benchmarks.harness.results import write_result
from benchmarks.harness.stats import paired_summary, wilson
from benchmarks.hill.build import BuildError, HillBuild, build

# The seed of his "expert 10,000,000 run" (MinesweeperBulk.java), the run behind the published 41.132%.
RECORD_SEED = -60442780
SETTINGS = ("small", "tiny", "large", "very_large", "max", "no_brute_force")
# Hill's harness starts from a cell it is told is safe; a rule that may put a mine there has no pairing.
RULES = (FirstClick.SAFE, FirstClick.OPENING)


@dataclass(frozen=True)
class Layout:
    """Game ``index`` of a run: the cell clicked first and every mine."""

    index: int
    rows: int
    cols: int
    start: Cell
    mines: frozenset[Cell]

    def line(self) -> str:
        """Return the layout as one input line of ``HillHarness``."""
        cells = " ".join(f"{r},{c}" for r, c in sorted(self.mines))
        return f"{self.index} {self.rows} {self.cols} {self.start.row},{self.start.col} {cells}\n"


def layout(level: Level, rule: FirstClick, policy: str, seed: int, index: int) -> Layout:
    """Return the layout game ``index`` of run ``seed`` is played on, as the campaign lays it.

    The game itself draws the mines (from ``game_seed(seed, index)``, at the
    policy's first click, kept clear as ``rule`` says), exactly as
    :meth:`cnfsweep.play.Player.play` has it do.
    """
    first = make_policy(policy).start(level, rule)
    game = Game.new(level, game_seed(seed, index), rule)
    game.click(first)
    assert game.mines is not None  # the first click lays them
    return Layout(index, level.rows, level.cols, first, game.mines)


def layouts(level: Level, rule: FirstClick, policy: str, seed: int, indices: Iterable[int]) -> Iterator[Layout]:
    """Yield the layouts of games ``indices`` of run ``seed``, in that order."""
    for i in indices:
        yield layout(level, rule, policy, seed, i)


_H = TypeVar("_H", bound="Harness")


class Harness:
    """One running harness process: its standard error drained all along (the last 20 lines kept)."""

    def __init__(self, command: Sequence[str]) -> None:
        self._proc = subprocess.Popen(
            list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1
        )
        self._errors: list[str] = []
        # Drained all along, so his solver's chatter on stderr can never fill the pipe and stall it.
        self._drain = threading.Thread(target=self._keep_errors, args=(self._proc.stderr,), daemon=True)
        self._drain.start()

    def _keep_errors(self, stream: IO[str]) -> None:
        for line in stream:
            self._errors.append(line.rstrip())
            del self._errors[:-20]

    def _exited(self, where: str = "") -> CnfsweepError:
        """The error to raise once the harness stopped answering: its exit status and last message."""
        self._proc.wait()
        last = self._errors[-1] if self._errors else "no message"
        return CnfsweepError(f"Hill's harness exited {self._proc.returncode}{where}: {last}")

    def __enter__(self: _H) -> _H:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """End the harness: close its input (it exits when its input ends), else kill it after 30 s."""
        if self._proc.stdin is not None:
            # If it has already stopped, what it said is the error worth reporting.
            with contextlib.suppress(BrokenPipeError):
                self._proc.stdin.close()
        try:
            self._proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()


class HillProcess(Harness):
    """One running harness: layouts in, one outcome a layout out, in order."""

    def play(self, batch: Sequence[Layout]) -> Iterator[dict[str, Any]]:
        """Yield the harness's outcome for each layout of ``batch``, as each comes."""
        stdin, stdout = self._proc.stdin, self._proc.stdout
        assert stdin is not None and stdout is not None

        def feed() -> None:
            try:
                stdin.writelines(lay.line() for lay in batch)
                stdin.flush()
            except BrokenPipeError:
                pass  # the harness stopped; reading says why

        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        for lay in batch:
            text = stdout.readline()
            if not text:
                raise self._exited(f" at game {lay.index}")
            out = json.loads(text)
            if out["index"] != lay.index:
                raise CnfsweepError(f"Hill's harness answered game {out['index']} for game {lay.index}")
            yield out
        writer.join()


def mcnemar_p(only_a: int, only_b: int) -> float:
    """Return McNemar's two-sided p-value for the games exactly one side won.

    Exact (binomial on the discordant games) up to 10,000 of them, the
    continuity-corrected chi-square beyond.

    Examples
    --------
    >>> mcnemar_p(0, 0), round(mcnemar_p(1, 9), 4), round(mcnemar_p(20, 20), 3)
    (1.0, 0.0215, 1.0)
    """
    n = only_a + only_b
    if n == 0:
        return 1.0
    if n <= 10_000:
        tail = sum(comb(n, k) for k in range(min(only_a, only_b) + 1))
        return min(1.0, 2 * tail / 2**n)
    chi = (abs(only_a - only_b) - 1) ** 2 / n
    return erfc(sqrt(chi / 2))


def summary(hill: dict[int, bool], ours: dict[int, bool], hill_errors: int = 0) -> dict[str, Any]:
    """Pair the two sides on the games both played: win rates, the 2x2 table, the difference."""
    s = paired_summary(hill, ours, ("hill", "ours"))
    return {**s, "mcnemar_p": mcnemar_p(s["only_hill"], s["only_ours"]), "hill_errors": hill_errors}


def report(s: dict[str, Any], policy: str, console: Console) -> None:
    """Print the paired table."""
    rates = Table(title=f"{s['games']:,} paired games", title_justify="left")
    for name in ("", "won", "win rate", "95% Wilson"):
        rates.add_column(name, justify="right" if name else "left")
    for side, key in (("Hill", "hill"), (policy, "ours")):
        lo, hi = s[f"ci95_{key}"]
        rates.add_row(side, f"{s[f'wins_{key}']:,}", f"{s[f'win_rate_{key}']:.2%}", f"{lo:.2%}-{hi:.2%}")
    console.print(rates)
    grid = Table(title="games by outcome", title_justify="left")
    grid.add_column("")
    grid.add_column(f"{policy} won", justify="right")
    grid.add_column(f"{policy} lost", justify="right")
    grid.add_row("Hill won", f"{s['both_won']:,}", f"{s['only_hill']:,}")
    grid.add_row("Hill lost", f"{s['only_ours']:,}", f"{s['neither']:,}")
    console.print(grid)
    lo, hi = s["difference_ci95"]
    console.print(
        f"{policy} - Hill: {s['difference']:+.3%} (paired 95% interval {lo:+.3%} to {hi:+.3%}); "
        f"McNemar p = {s['mcnemar_p']:.3g} on {s['only_hill'] + s['only_ours']:,} games one side won",
        soft_wrap=True,
    )
    if s["hill_errors"]:
        console.print(f"[yellow]{s['hill_errors']} games Hill's solver could not finish (counted lost)[/]")


def add_game_options(parser: argparse.ArgumentParser, games: int) -> None:
    """The options of a run against Hill's harness: his build, and the games both sides play (``check_game``)."""
    parser.add_argument("--source", help="checkout or bare mirror of DavidNHill/Minesweeper (default $HILL_SOURCE)")
    parser.add_argument("--rev", default="HEAD", help="his commit to build (default HEAD)")
    parser.add_argument("--build-dir", help="where his solver is built (default ~/.cache/cnfsweep/hill)")
    parser.add_argument("--games", type=int, default=games, help=f"games (default {games})")
    parser.add_argument("--seed", type=int, default=2026, help="run seed, the campaign's (default 2026)")
    parser.add_argument("--start", type=int, default=0, help="index of the first game (default 0)")
    parser.add_argument("--level", default="expert", help="level name or ROWSxCOLS/MINES (default expert)")
    parser.add_argument("--first-click", default="safe", help="safe or opening (default safe)")
    parser.add_argument("--policy", default="strong", help="cnfsweep policy spec (default strong)")
    parser.add_argument(
        "--settings", default="small", help=f"Hill's solver settings: {', '.join(SETTINGS)} (default small)"
    )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_game_options(parser, games=2000)
    parser.add_argument("--batch", type=int, default=100, help="games per side and turn (default 100)")
    parser.add_argument("--out", type=Path, help="write each game's pair of outcomes here, one JSON line a game")
    parser.add_argument("--json", type=Path, help="write the summary here")
    parser.add_argument("--own-games", type=int, help="play only Hill's solver, on this many of his own expert games")
    parser.add_argument(
        "--own-seed",
        type=int,
        default=RECORD_SEED,
        help=f"his bulk runner's seed for --own-games (default {RECORD_SEED}, his record run's)",
    )
    return parser.parse_args(argv)


def own_games(args: argparse.Namespace, built: HillBuild, console: Console) -> dict[str, Any]:
    """Play Hill's solver alone on his own games; return its win rate and the harness check."""
    command = [*built.command(args.settings), "--own-games", str(args.own_games), str(args.own_seed)]
    wins = differ = errors = 0
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with (
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True) as proc,
        Progress(*columns, console=console, transient=True) as progress,
    ):
        assert proc.stdout is not None
        task = progress.add_task("Hill, his own games", total=args.own_games)
        for text in proc.stdout:
            game = json.loads(text)
            wins += game["won"]
            errors += "error" in game
            differ += (game["won"], game["guesses"]) != (game["fixed_layout_won"], game["fixed_layout_guesses"])
            progress.advance(task)
    if proc.returncode != 0:
        raise CnfsweepError(f"Hill's harness exited {proc.returncode} playing his own games")
    n = args.own_games
    return {
        "hill_commit": built.commit,
        "hill_settings": args.settings,
        "own_seed": args.own_seed,
        "games": n,
        "wins_hill": wins,
        "win_rate_hill": wins / n if n else 0.0,
        "ci95_hill": list(wilson(wins, n)),
        "fixed_layout_differs": differ,
        "hill_errors": errors,
    }


def check_args(args: argparse.Namespace) -> tuple[Level, FirstClick]:
    """Read the level and rule; raise CnfsweepError, one line, on anything unusable."""
    for name in ("games", "batch"):
        if getattr(args, name) < 1:
            raise CnfsweepError(f"--{name} must be at least 1, got {getattr(args, name)}")
    if args.start < 0 or args.seed < 0:
        raise CnfsweepError(f"--start and --seed must not be negative, got {args.start} and {args.seed}")
    return check_game(args)


def game_header(args: argparse.Namespace, commit: str, rule: FirstClick) -> dict[str, Any]:
    """What a result file of a run against Hill's harness says it played (``add_game_options``), first."""
    return {
        "hill_commit": commit,
        "hill_settings": args.settings,
        "policy": args.policy,
        "level": args.level,
        "first_click": rule.value,
        "seed": args.seed,
        "start": args.start,
    }


def check_game(args: argparse.Namespace) -> tuple[Level, FirstClick]:
    """Read what a run against Hill's harness plays: ``--settings``, ``--level``, ``--first-click``, ``--policy``.

    Raise CnfsweepError, one line, on anything unusable.
    """
    if args.settings not in SETTINGS:
        raise CnfsweepError(f"--settings must be one of {', '.join(SETTINGS)}, got {args.settings!r}")
    levels, rules = parse_levels(args.level), parse_rules(args.first_click)
    if len(levels) != 1 or len(rules) != 1:
        raise CnfsweepError("give one --level and one --first-click")
    if rules[0] not in RULES:
        raise CnfsweepError(
            f"--first-click must be safe or opening (Hill's harness starts on a safe cell), got {args.first_click!r}"
        )
    make_policy(args.policy)  # a bad spec fails here, before anything is built
    level = levels[0]
    if level.mines > level.max_mines(rules[0]):
        raise CnfsweepError(f"{args.level} has too many mines for first click {rules[0].value!r}")
    return level, rules[0]


def run(args: argparse.Namespace, level: Level, rule: FirstClick, built: HillBuild, console: Console) -> dict[str, Any]:
    """Play every game on both sides, batch by batch; return the summary."""
    hill: dict[int, bool] = {}
    ours: dict[int, bool] = {}
    errors = 0
    indices = range(args.start, args.start + args.games)
    config = PlayConfig(level, rule, args.policy)
    out = args.out.open("w", encoding="utf-8") if args.out else None
    harness = HillProcess(built.command(args.settings))
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    try:
        with Runner() as runner, Progress(*columns, console=console, transient=True) as progress:
            hill_task = progress.add_task("Hill", total=args.games)
            ours_task = progress.add_task(args.policy, total=args.games)
            for lo in range(0, args.games, args.batch):
                batch = list(layouts(level, rule, args.policy, args.seed, indices[lo : lo + args.batch]))
                answers = {}
                for answer in harness.play(batch):
                    answers[answer["index"]] = answer
                    hill[answer["index"]] = bool(answer["won"])
                    errors += "error" in answer
                    progress.advance(hill_task)
                for lay, record in zip(
                    batch, iter_games(config, args.seed, [x.index for x in batch], runner), strict=True
                ):
                    if frozenset(record.mines) != lay.mines or record.moves[0].cell != lay.start:
                        raise CnfsweepError(f"game {lay.index}: the policy played another layout than Hill's")
                    ours[lay.index] = record.won
                    progress.advance(ours_task)
                    if out is not None:
                        a = answers[lay.index]
                        out.write(
                            json.dumps(
                                {
                                    "index": lay.index,
                                    "hill_won": a["won"],
                                    "ours_won": record.won,
                                    "hill_guesses": a["guesses"],
                                    "ours_guesses": record.guesses,
                                    **({"hill_error": a["error"]} if "error" in a else {}),
                                }
                            )
                            + "\n"
                        )
                if out is not None:
                    out.flush()
                s = summary(hill, ours, errors)
                progress.console.print(
                    f"{s['games']:,} games: Hill {s['win_rate_hill']:.2%}, {args.policy} "
                    f"{s['win_rate_ours']:.2%}, difference {s['difference']:+.2%} "
                    f"({s['difference_ci95'][0]:+.2%} to {s['difference_ci95'][1]:+.2%})"
                )
    finally:
        harness.close()
        if out is not None:
            out.close()
    return summary(hill, ours, errors)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    console = Console(stderr=False)
    try:
        if args.own_games is not None:
            if args.own_games < 1:
                raise CnfsweepError(f"--own-games must be at least 1, got {args.own_games}")
            if args.settings not in SETTINGS:
                raise CnfsweepError(f"--settings must be one of {', '.join(SETTINGS)}, got {args.settings!r}")
            built = build(args.source, args.build_dir, args.rev)
            own = own_games(args, built, console)
            lo, hi = own["ci95_hill"]
            console.print(
                f"Hill on {own['games']:,} of his own expert games (seed {args.own_seed}): "
                f"{own['wins_hill']:,} won, {own['win_rate_hill']:.2%} (95% Wilson {lo:.2%}-{hi:.2%}); "
                f"played as fixed layouts here, {own['fixed_layout_differs']} ended otherwise",
                soft_wrap=True,
            )
            if args.json:
                write_result(args.json, own)
            return 0
        level, rule = check_args(args)
        built = build(args.source, args.build_dir, args.rev)
        s = run(args, level, rule, built, console)
    except (CnfsweepError, BuildError, OSError) as exc:
        print(f"hill_paired: {exc}", file=sys.stderr)
        return 2
    s = {**game_header(args, built.commit, rule), **s}
    report(s, args.policy, console)
    if args.json:
        write_result(args.json, s)
    return 0


if __name__ == "__main__":
    sys.exit(main())
