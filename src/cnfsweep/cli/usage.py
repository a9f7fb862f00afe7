"""The ``cnfsweep`` command group's parsing: usage errors in one line, flags shown bare in the help.

Offers :class:`HelpGroup`, the group class the app is built with, and
:func:`usage_error`, which says a bad option, argument or command as one line
``error: ...`` (through :func:`~cnfsweep.cli.common.fail`) and exits with status 2.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NoReturn

from typer.core import TyperGroup

try:  # typer 0.29 and later carry their own copy of click, with its own exception classes
    from typer._click.exceptions import NoArgsIsHelpError, UsageError
except ImportError:  # pragma: no cover - older typer on the click package
    # The same names from click: other classes to a type checker, which sees the newer typer's.
    from click.exceptions import NoArgsIsHelpError, UsageError  # type: ignore[assignment]

__all__ = ["HelpGroup", "usage_error"]


def _bare_flags(params: Iterable[Any]) -> None:
    # typer 0.29's rich help prints a type such as <bool> after every option,
    # flags included, though a flag takes no value; an empty metavar prints none.
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""


class HelpGroup(TyperGroup):
    """A command group whose help shows flags bare: ``--json``, not ``--json <bool>``.

    Pass it as ``typer.Typer(cls=HelpGroup)``; it fixes the group's options
    and every subcommand's as the subcommand is looked up, so no option needs
    a setting of its own.
    """

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """Write the group's help, its own flags bare."""
        _bare_flags(self.get_params(ctx))
        super().format_help(ctx, formatter)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """Look a subcommand up, its flags made bare before its help can be shown."""
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _bare_flags(command.get_params(ctx))
        return command

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        """Read the group's own options, a bad one said in one line (see :func:`usage_error`)."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except NoArgsIsHelpError:
            raise  # 'cnfsweep' alone shows the help
        except UsageError as exc:
            usage_error(exc)

    def invoke(self, ctx: Any) -> Any:
        """Run the subcommand; an unknown one, or a bad option or argument of it, is one line."""
        # Some errors (an option missing its value) come without the subcommand's context: name it from here.
        words = [*getattr(ctx, "_protected_args", ()), *ctx.args]
        command = self.get_command(ctx, words[0]) if words else None
        if command is not None:
            repeated = _repeated(command.params, words[1:])
            if repeated is not None:
                from cnfsweep.cli.common import fail

                fail(f"{repeated} is given twice; give it once (see '{ctx.command_path} {words[0]} --help')")
        try:
            return super().invoke(ctx)
        except NoArgsIsHelpError:
            raise
        except UsageError as exc:
            usage_error(exc, f"{ctx.command_path} {words[0]}" if words else ctx.command_path)


def _repeated(params: Iterable[Any], args: list[str]) -> str | None:
    """Name the first option given twice that keeps one value, or return ``None``.

    Click keeps the last value silently: ``--games 5 --games 10`` plays 10, and
    ``--minimise --no-minimise`` does not minimise. Repeatable options (``--assume``)
    may repeat.

    Examples
    --------
    >>> import typer.main
    >>> from cnfsweep.cli import app
    >>> solve = typer.main.get_command(app).commands["solve"]
    >>> _repeated(solve.params, ["b.txt", "--mines", "3", "-m", "4"])
    '--mines (as -m)'
    >>> _repeated(solve.params, ["b.txt", "-a", "u=mine", "--assume=v=safe", "--mines=3", "--json"]) is None
    True
    """
    names: dict[str, Any] = {}
    for param in params:
        if getattr(param, "param_type_name", "") == "option":
            for opt in (*param.opts, *getattr(param, "secondary_opts", ())):
                names[opt] = param
    seen: dict[str, str] = {}
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            break
        opt = word.split("=", 1)[0] if word.startswith("--") else word
        param = names.get(opt)
        if param is not None:
            takes_value = not param.is_flag and not getattr(param, "count", False)
            if not param.multiple and not getattr(param, "count", False):
                if param.name in seen:
                    return opt if seen[param.name] == opt else f"{seen[param.name]} (as {opt})"
                seen[param.name] = opt
            if takes_value and "=" not in word:
                i += 1  # its value, which may look like an option
        i += 1
    return None


def usage_error(exc: UsageError, command: str | None = None) -> NoReturn:
    """Say a command-line usage error as one line ``error: ...`` and exit with status 2.

    Click and typer would print the usage, a hint and a box around the message;
    every other bad input is one line, so a bad option (a value out of range, an
    unknown option or choice, a missing argument) is one too, naming the command
    whose ``--help`` lists the options (``command`` where the error has no context).

    Examples
    --------
    >>> import typer
    >>> try:
    ...     usage_error(UsageError("Invalid value for '--count': Input should be greater than or equal to 1"), "cnfsweep generate")
    ... except typer.Exit as exit:
    ...     exit.exit_code
    2
    """
    message = " ".join(exc.format_message().split()).rstrip(".")
    # typer words range and type errors as 'Input should be ...'; say what was expected.
    message = re.sub(r"Input should be (greater|less)", r"expected a value \1", message)
    message = message.replace("Input should be ", "expected ").replace("Value error, ", "")
    message = message[:1].lower() + message[1:]
    ctx = exc.ctx
    path = ctx.command_path if ctx is not None and ctx.command_path else command
    from cnfsweep.cli.common import fail  # here: the group's module loads none of the library

    fail(message + (f" (see '{path} --help')" if path else ""))
