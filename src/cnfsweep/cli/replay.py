"""``cnfsweep replay``: review a recorded game, every click's exact chance of a mine and its label.

Examples
--------
>>> import json, tempfile
>>> from typer.testing import CliRunner
>>> app = typer.Typer()
>>> _ = app.command()(replay_command)
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "t.jsonl").write_text('{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}')
>>> result = CliRunner().invoke(app, [str(folder / "t.jsonl"), "--json"])
>>> result.exit_code, json.loads(result.output)["clicks"][0]["label"]
(0, 'best_guess')
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from cnfsweep.cli.common import deprecation_notes, emit, exclusive, fail, json_option, only_with
from cnfsweep.cli.render import picture_kind
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.words import counted
from cnfsweep.play import FirstClick

if TYPE_CHECKING:
    from cnfsweep.engine import Engine
    from cnfsweep.replay import GameReview

__all__ = ["replay_command"]

#: Reviews of more clicks than this show a progress bar (on a terminal).
PROGRESS_FROM = 200


def replay_command(
    ctx: typer.Context,
    record: Annotated[
        str,
        typer.Argument(
            metavar="FILE",
            show_default=False,
            help="A replay: .avf, .rmv, .evf, .mvf (needs cnfsweep\\[replay]) or a 'cnfsweep play --trace' file, "
            "recognised by its contents whatever its name.",
        ),
    ],
    json_out: Annotated[bool, json_option("the review", "the report")] = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            show_default=False,
            help=escape(
                "Write the timeline (or with --step, that position) as .svg or .png (needs cnfsweep[png]); - for SVG on standard output."
            ),
        ),
    ] = None,
    step: Annotated[
        int | None,
        typer.Option(
            "--step",
            min=1,
            show_default=False,
            help="Show the position before click N (from 1, as the report counts them): as text, the click marked and the "
            "player's flags; with --output, drawn with its probabilities.",
        ),
    ] = None,
    every: Annotated[
        bool, typer.Option("--all", help="List every click in the report, in order, not only the guesses.")
    ] = False,
    positions: Annotated[
        bool,
        typer.Option(
            "--positions",
            help="With --json: add each position before a click (board text, flags covered), the player's "
            "flags at each, and the final board.",
        ),
    ] = False,
    game: Annotated[
        int,
        typer.Option(
            "--game",
            min=1,
            help="Which game of a trace of several to review, from 1.",
        ),
    ] = 1,
    first_click: Annotated[
        FirstClick | None,
        typer.Option(
            "--first-click",
            show_default=False,
            help="The first-click rule to assume instead of the record's (safe, opening or any); a record whose first click "
            "breaks it is refused.",
        ),
    ] = None,
    backend: Annotated[
        str | None,
        typer.Option(
            "--backend",
            "-b",
            help=escape("Solver: cpsat, pysat[:SOLVER[:ENCODING]], brute."),
        ),
    ] = None,
) -> None:
    """Review a recorded game: each click's exact chance of a mine, deductions and guesses, survival and luck."""
    kind = picture_kind(output) if output is not None else None
    if output is not None and str(output) == "-" and json_out:
        fail("--output - and --json cannot be used together: both would write to standard output")
    exclusive(ctx, "step", ["json_out", "every"], "--step shows one position (--json --positions gives them all)")
    only_with(ctx, "positions", json_out, "--json (the positions go into the document)")
    exclusive(ctx, "every", ["output"], "--all lists the clicks in the report; the timeline draws every click")
    # Imported here, not at the top: `replay --help` and a usage error need neither the engine nor the views.
    from cnfsweep.engine import Engine
    from cnfsweep.present.review import position_view, review_view
    from cnfsweep.present.svg import render_png
    from cnfsweep.present.timeline import timeline_svg

    try:
        engine = Engine.for_games(backend)
        done = _review(record, engine, first_click, positions=step is not None or positions, game=game)
        if step is not None and step > len(done.clicks):
            raise CnfsweepError(
                f"--step {step}: the review has {counted(len(done.clicks), 'click')}"
                + (f" (1 to {len(done.clicks)})" if done.clicks else "")
            )
        picture = None
        if output is not None:
            svg = _step_svg(done, step, engine, record) if step is not None else timeline_svg(done)
            picture = (svg, render_png(svg) if kind == "png" else svg.encode())
    except CnfsweepError as exc:
        fail(str(exc))
    if picture is not None:
        if str(output) == "-":
            typer.echo(picture[0], nl=False)
            return
        try:
            assert output is not None
            output.write_bytes(picture[1])
        except OSError as exc:
            fail(f"{output}: cannot write: {exc.strerror or exc}")
    if json_out:
        emit(done.to_dict())
    elif step is not None:
        if output is None:
            Console(highlight=False).print(position_view(done, step), soft_wrap=True)
    else:
        Console().print(review_view(done, every))


def _review(record: str, engine: Engine, rule: FirstClick | None, positions: bool, game: int) -> GameReview:
    """Review, with a progress bar on a terminal once a long game is under way (nothing is drawn otherwise)."""
    from cnfsweep.replay import review

    console = Console(stderr=True)
    bar: Progress | None = None

    def tick(done: int, total: int) -> None:
        nonlocal bar
        if total < PROGRESS_FROM or not console.is_terminal:
            return
        if bar is None:
            bar = Progress(
                TextColumn("reviewing"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=console,
                transient=True,
            )
            bar.start()
            bar.add_task("review", total=total)
        bar.update(bar.task_ids[0], completed=done)

    try:
        # An old trace (the start cell under 'first_click') still reads, and says so in one line.
        with deprecation_notes(record):
            return review(record, engine=engine, first_click=rule, positions=positions, progress=tick, game=game)
    finally:
        if bar is not None:
            bar.stop()


def _step_svg(done: GameReview, step: int, engine: Engine, record: str) -> str:
    """The position before click ``step`` (from 1), drawn as ``render --probabilities`` draws a board, the click and the player's flags marked."""
    from cnfsweep.present.review import click_line, step_svg

    board = done.positions[step - 1]
    return step_svg(
        done, step, engine.analyze(board), f"{Path(record).name}, before {click_line(done.clicks[step - 1])}"
    )
