"""CLI: the ``cnfsweep`` command line, one module per command group.

Each command only parses its options, calls the library and prints the answer
(a view for people, or ``--json`` for programs); shared options, board
loading and the one-line error live in :mod:`~cnfsweep.cli.common`, the
command group that says usage errors in one line in :mod:`~cnfsweep.cli.usage`.

May import every layer below it; nothing imports the CLI.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from typing import Annotated, Any

import typer

from cnfsweep.cli.usage import HelpGroup
from cnfsweep.core.version import __version__

__all__ = ["app"]

# Each command, the module named after it (``cnfsweep.cli.<name>``) and its function ``<name>_command``, in the
# order the help lists them.  A command's module is imported only when the command is looked up (to run it, or
# for the group's help): ``cnfsweep generate`` pays neither for the other commands' libraries nor for their
# options' types.  Modules are named, not their functions, so ``cnfsweep.cli.solve`` is always the module.
_COMMANDS = (
    "solve",
    "check",
    "hint",
    "levels",
    "play",
    "backends",
    "generate",
    "grade",
    "gadget",
    "reduce",
    "render",
    "read",
    "replay",
    "serve",
)


class _Commands(MutableMapping[str, Any]):
    """The group's commands by name, each built from its module on first use."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names
        self._built: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._built:
            if name not in self._names:
                raise KeyError(name)
            # A one-command Typer with the app's settings gives the command exactly as ``app.command`` would.
            one = typer.Typer(rich_markup_mode=app.rich_markup_mode, add_completion=False)
            module = importlib.import_module(f"{__name__}.{name}")
            one.command(name)(getattr(module, f"{name}_command"))
            self._built[name] = typer.main.get_command_from_info(
                one.registered_commands[0],
                pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode,
            )
        return self._built[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._built[name] = command
        if name not in self._names:
            self._names = (*self._names, name)

    def __delitem__(self, name: str) -> None:
        raise TypeError("the cnfsweep commands are fixed")

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


class _CommandGroup(HelpGroup):
    """The ``cnfsweep`` group: :class:`~cnfsweep.cli.usage.HelpGroup` with its commands built on first use."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = _Commands(_COMMANDS)

    def list_commands(self, ctx: Any) -> list[str]:
        """Name the commands in the help's order, without building them."""
        return list(self.commands)


app = typer.Typer(
    cls=_CommandGroup,
    help="Exact Minesweeper inference with SAT and CP solvers.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


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
