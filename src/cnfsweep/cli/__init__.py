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

from cnfsweep.cli.analyse import check, solve
from cnfsweep.cli.common import emit, json_option
from cnfsweep.cli.explain import hint_command
from cnfsweep.cli.gadgets import gadget_command, reduce_command
from cnfsweep.cli.games import play
from cnfsweep.cli.generate import generate_command
from cnfsweep.cli.grade import grade_command
from cnfsweep.cli.levels import levels_command
from cnfsweep.cli.read import read_command
from cnfsweep.cli.render import render_command
from cnfsweep.cli.replay import replay_command
from cnfsweep.cli.serve import serve
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


_COMMANDS: list[tuple[str, Callable[..., Any]]] = [
    ("solve", solve),
    ("check", check),
    ("hint", hint_command),
    ("levels", levels_command),
    ("play", play),
    ("backends", backends),
    ("generate", generate_command),
    ("grade", grade_command),
    ("gadget", gadget_command),
    ("reduce", reduce_command),
    ("render", render_command),
    ("read", read_command),
    ("replay", replay_command),
    ("serve", serve),
]
for name, command in _COMMANDS:
    app.command(name)(command)
