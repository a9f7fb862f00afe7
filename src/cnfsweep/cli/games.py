"""``cnfsweep play``: seeded games with a policy, a progress bar and the win rate beside the records."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from cnfsweep.cli.common import BackendOpt, emit, fail, json_option
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.engine.backends import get_backend
from cnfsweep.experiments.campaign import PlayConfig, play_many, summarise
from cnfsweep.experiments.executors import Executor, check_executor
from cnfsweep.play import GameRecord
from cnfsweep.play.game import LEVELS, FirstClick, Level
from cnfsweep.play.registry import POLICIES, make_policy, policy_parameters
from cnfsweep.present.text import play_view


def play(
    level: Annotated[str | None, typer.Option("--level", "-l", help="beginner, intermediate or expert.")] = None,
    size: Annotated[str | None, typer.Option("--size", help="Custom board WIDTHxHEIGHT, with --mines.")] = None,
    mines: Annotated[int | None, typer.Option("--mines", "-m", min=0, help="Mines on a custom board.")] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the run: game i gets a seed derived from it.")] = 0,
    first_click: Annotated[FirstClick, typer.Option("--first-click", help="What the first click may hit.")] = FirstClick.SAFE,
    policy: Annotated[str, typer.Option("--policy", help=f"Guessing policy: {', '.join(POLICIES)}, optionally with parameters, e.g. strong:lookahead=off.")] = "safest",
    backend: BackendOpt = None,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="Processes to spread the games over.")] = 1,
    json_out: json_option("the results", "the table") = False,
    trace: Annotated[Path | None, typer.Option("--trace", help="Write one JSON line per game to this file.")] = None,
    executor: Annotated[
        Executor,
        typer.Option("--executor", help=escape("Where to play: local processes, or a Dask cluster (needs cnfsweep[dask]).")),
    ] = Executor.LOCAL,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler", metavar="ADDRESS",
            help="Dask scheduler to use, e.g. tcp://10.0.0.5:8786; without it --executor dask starts a local cluster of --workers processes.",
        ),
    ] = None,
) -> None:
    """Play seeded games with the engine and report the win rate."""
    try:
        check_executor(executor, scheduler)
        board_level = _level(level, size, mines)
        make_policy(policy)  # fail on a bad policy spec before any game starts
        if board_level.mines > board_level.max_mines(first_click):
            raise CnfsweepError(f"{board_level.mines} mines leave no room for a {first_click.value} first click")
        config = PlayConfig(board_level, first_click, policy, backend)
        get_backend(backend)  # fail on a bad backend before any game starts
        sink = trace.open("w") if trace else None
    except CnfsweepError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"--trace {trace}: cannot write: {exc.strerror}")
    records: list[GameRecord] = []
    wins, interrupted = 0, False
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(), console=Console(stderr=True), disable=json_out and not sys.stderr.isatty(),
    ) as progress:
        task = progress.add_task(f"playing {board_level.name}", total=games, rate="")

        def on_record(record: GameRecord) -> None:
            nonlocal wins
            records.append(record)
            wins += record.won
            if sink:
                sink.write(json.dumps(record.trace()) + "\n")
            progress.update(task, advance=1, rate=f"win rate {wins / len(records):.1%}")

        try:
            play_many(config, games, seed, workers=workers, executor=executor, scheduler=scheduler, on_record=on_record)
        except KeyboardInterrupt:
            # Ctrl-C: play_many has shut its workers down; the games finished so far still make a summary.
            interrupted = True
        except CnfsweepError as exc:  # an unreachable Dask scheduler shows only once we connect
            progress.stop()
            fail(str(exc))
        finally:
            if sink:
                sink.close()
    stats = summarise(records)
    if json_out:
        doc = {
            "level": board_level.name, "rows": board_level.rows, "cols": board_level.cols,
            "mines": board_level.mines, "first_click": first_click.value, "policy": policy,
            "seed": seed, "workers": workers, "policy_parameters": policy_parameters(policy), **stats.to_dict(),
            "interrupted": interrupted,
        }
        emit(doc)
    else:
        Console(highlight=False).print(play_view(config, stats))
    if interrupted:
        Console(stderr=True, highlight=False).print(f"interrupted: {len(records)} of {games} games played")
        raise typer.Exit(130)


def _level(level: str | None, size: str | None, mines: int | None) -> Level:
    if size is not None:
        if level is not None:
            raise CnfsweepError("give either --level or --size, not both")
        if mines is None:
            raise CnfsweepError("--size needs --mines")
        return Level.parse_size(size, mines)
    if mines is not None:
        raise CnfsweepError("--mines goes with --size; a level has its own mine count")
    name = level or "expert"
    if name not in LEVELS:
        raise CnfsweepError(f"unknown level {name!r}; choose from {', '.join(LEVELS)} or use --size")
    return LEVELS[name]
