"""``cnfsweep play``: seeded games with a policy, a progress bar and the win rate beside the records."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from cnfsweep.cli.common import (
    BackendOpt,
    TopologyOpt,
    choose_level,
    emit,
    exclusive,
    fail,
    json_option,
    load_board,
    only_with,
)
from cnfsweep.core.errors import BoardFormatError, CnfsweepError
from cnfsweep.core.words import article, counted
from cnfsweep.engine.backends import get_backend
from cnfsweep.experiments.executors import Executor, check_executor
from cnfsweep.formats import BoardFormat
from cnfsweep.generation.choices import Logic
from cnfsweep.play.game import FirstClick
from cnfsweep.play.registry import POLICIES, make_policy, policy_parameters

if TYPE_CHECKING:
    from cnfsweep.play import GameRecord


def play_command(
    ctx: typer.Context,
    level: Annotated[str | None, typer.Option("--level", "-l", help="beginner, intermediate or expert.")] = None,
    size: Annotated[
        str | None,
        typer.Option(
            "--size",
            metavar="ROWSxCOLS",
            help="Custom board: rows x columns, such as 16x30 (expert's), with --mines, or 16x30/99.",
        ),
    ] = None,
    mines: Annotated[int | None, typer.Option("--mines", "-m", min=0, help="Mines on a custom board.")] = None,
    topology: TopologyOpt = "square",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the run: game i gets a seed derived from it.")] = 0,
    first_click: Annotated[
        FirstClick, typer.Option("--first-click", help="What the first click may hit.")
    ] = FirstClick.SAFE,
    policy: Annotated[
        str,
        typer.Option(
            "--policy",
            help=f"Guessing policy: {', '.join(POLICIES)}, optionally with parameters, e.g. strong:lookahead=off.",
        ),
    ] = "safest",
    backend: BackendOpt = None,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="Processes to spread the games over.")] = 1,
    json_out: Annotated[bool, json_option("the results", "the table")] = False,
    trace: Annotated[
        Path | None,
        typer.Option(
            "--trace",
            help="Write one JSON line per game to this file (- for standard output, the summary then going to standard error).",
        ),
    ] = None,
    executor: Annotated[
        Executor,
        typer.Option(
            "--executor", help=escape("Where to play: local processes, or a Dask cluster (needs cnfsweep[dask]).")
        ),
    ] = Executor.LOCAL,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            metavar="ADDRESS",
            help="Dask scheduler to use, e.g. tcp://10.0.0.5:8786; without it --executor dask starts a local cluster of --workers processes.",
        ),
    ] = None,
    no_guess: Annotated[
        bool,
        typer.Option(
            "--no-guess", help="Play no-guess boards (as 'cnfsweep generate' makes them, first click at the centre)."
        ),
    ] = False,
    logic: Annotated[
        Logic,
        typer.Option(
            "--logic", help="With --no-guess: boards solvable with the total mine count (full) or without it (local)."
        ),
    ] = Logic.FULL,
    board_file: Annotated[
        str | None,
        typer.Option(
            "--board",
            metavar="FILE",
            help="Play the layout this board file carries (as 'cnfsweep generate' writes it), once.",
        ),
    ] = None,
) -> None:
    """Play seeded games with the engine and report the win rate."""
    # The games, the engine and the views are imported when the command runs, not when its options are built.
    from cnfsweep.experiments.campaign import PlayConfig, play_many, summarise
    from cnfsweep.generation import centre, check_room
    from cnfsweep.present.text import play_view

    to_stdout = trace is not None and str(trace) == "-"
    if to_stdout and json_out:
        fail("--trace - and --json cannot be used together: both would write JSON to standard output")
    exclusive(ctx, "board_file", _RUN_OPTIONS, "--board plays the layout of that one board, once")
    exclusive(ctx, "no_guess", ["first_click"], "no-guess boards start with an opening at the centre")
    only_with(ctx, "logic", no_guess, "--no-guess (the boards it makes)")
    exclusive(ctx, "scheduler", ["workers"], "a running Dask scheduler has its own workers")
    if board_file is not None:
        _play_board(board_file, policy, backend, json_out, None if to_stdout else trace, to_stdout)
        return
    try:
        check_executor(executor, scheduler)
        board_level = choose_level(level, size, mines, topology)
        make_policy(policy)  # fail on a bad policy spec before any game starts
        if no_guess:
            check_room(board_level, centre(board_level))
        elif board_level.mines > board_level.max_mines(first_click):
            raise CnfsweepError(
                f"{counted(board_level.mines, 'mine')} {'leaves' if board_level.mines == 1 else 'leave'} no room for {article(first_click.value)} first click"
            )
        config = PlayConfig(
            board_level, FirstClick.OPENING if no_guess else first_click, policy, backend, logic if no_guess else None
        )
        get_backend(backend)  # fail on a bad backend before any game starts
        sink = sys.stdout if to_stdout else trace.open("w") if trace else None
    except CnfsweepError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"--trace {trace}: cannot write: {exc.strerror}")
    records: list[GameRecord] = []
    wins, interrupted = 0, False
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=json_out and not sys.stderr.isatty(),
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
            if sink and not to_stdout:
                sink.close()
    stats = summarise(records)
    if json_out:
        doc = {
            "level": board_level.name,
            "rows": board_level.rows,
            "cols": board_level.cols,
            "mines": board_level.mines,
            # Square runs print what they printed before levels had a topology.
            **({} if board_level.topology_name == "square" else {"topology": board_level.topology_name}),
            "first_click": config.first_click.value,
            "policy": policy,
            "no_guess": None if config.no_guess is None else config.no_guess.value,
            "seed": seed,
            "workers": workers,
            "policy_parameters": policy_parameters(policy),
            **stats.to_dict(),
            "interrupted": interrupted,
        }
        emit(doc)
    else:
        Console(stderr=to_stdout, highlight=False).print(play_view(config, stats))
    if interrupted:
        Console(stderr=True, highlight=False).print(f"interrupted: {len(records)} of {games} games played")
        raise typer.Exit(130)


#: What a run of seeded games is made of: none of it applies to ``--board``.
_RUN_OPTIONS = (
    "level",
    "size",
    "mines",
    "topology",
    "games",
    "seed",
    "first_click",
    "workers",
    "executor",
    "scheduler",
    "no_guess",
    "logic",
)


def _play_board(
    path: str, policy: str, backend: str | None, json_out: bool, trace: Path | None, trace_out: bool = False
) -> None:
    """Play the layout of one board file and print the game (its trace on standard output with ``trace_out``)."""
    from cnfsweep.engine import Engine
    from cnfsweep.play.player import play_board
    from cnfsweep.present.text import game_view

    try:
        board = load_board(path, BoardFormat.AUTO, None)
        record = play_board(board, make_policy(policy), Engine.for_games(backend))
        if trace:
            trace.write_text(json.dumps(record.trace()) + "\n")
        elif trace_out:
            typer.echo(json.dumps(record.trace()))
    except BoardFormatError as exc:
        fail(str(exc))
    except CnfsweepError as exc:
        fail(f"{path}: {exc}")
    except OSError as exc:
        fail(f"--trace {trace}: cannot write: {exc.strerror}")
    if json_out:
        emit({"board": path, "policy": policy, **record.trace()})
    else:
        Console(stderr=trace_out, highlight=False).print(game_view(path, record))
