"""CLI: the ``cnfsweep`` command line, one module per command group.

Each command only parses its options, calls the library and prints the answer
(a view for people, or ``--json`` for programs); shared options, board
loading and the one-line error live in :mod:`~cnfsweep.cli.common`, the
command group that says usage errors in one line in :mod:`~cnfsweep.cli.usage`.

May import every layer below it; nothing imports the CLI.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.console import Console

from cnfsweep.cli import (
    check,
    gadget,
    generate,
    grade,
    hint,
    levels,
    play,
    read,
    reduce,
    render,
    replay,
    serve,
    solve,
)
from cnfsweep.cli.common import emit, json_option
from cnfsweep.cli.usage import HelpGroup
from cnfsweep.core.version import __version__
from cnfsweep.engine.backends import DEFAULT, backend_info
from cnfsweep.present.text import backends_table

__all__ = ["app"]

app = typer.Typer(
    cls=HelpGroup,
    help="Exact Minesweeper inference with SAT and CP solvers.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def backends(json_out: Annotated[bool, json_option("the list", "the table")] = False) -> None:
    """List the solver backends, whether each is installed, and its version."""
    infos = backend_info()
    if json_out:
        emit({"default": DEFAULT, "backends": [vars(i) for i in infos]})
    else:
        Console().print(backends_table(infos))


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cnfsweep {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """Exact Minesweeper inference with SAT and CP solvers."""


# Each command's module is named after it and holds its function ``<name>_command``; the modules are imported,
# not the functions, so ``cnfsweep.cli.solve`` is always the module and never a command shadowing it.
_COMMANDS: list[tuple[str, Callable[..., Any]]] = [
    ("solve", solve.solve_command),
    ("check", check.check_command),
    ("hint", hint.hint_command),
    ("levels", levels.levels_command),
    ("play", play.play_command),
    ("backends", backends),
    ("generate", generate.generate_command),
    ("grade", grade.grade_command),
    ("gadget", gadget.gadget_command),
    ("reduce", reduce.reduce_command),
    ("render", render.render_command),
    ("read", read.read_command),
    ("replay", replay.replay_command),
    ("serve", serve.serve_command),
]
for name, command in _COMMANDS:
    app.command(name)(command)
