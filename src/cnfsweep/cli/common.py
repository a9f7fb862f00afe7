"""What the ``cnfsweep`` commands share: options, board loading, errors and help.

Every command module imports its common options and helpers from here, so a
bad board or option reads the same whichever command was given.
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console, RenderableType
from rich.markup import escape
from typer.core import TyperGroup

try:  # typer 0.29 and later carry their own copy of click, with its own exception classes
    from typer._click.exceptions import NoArgsIsHelpError, UsageError
except ImportError:  # pragma: no cover - older typer on the click package
    from click.exceptions import NoArgsIsHelpError, UsageError

from cnfsweep.core.assumptions import parse_assume_options
from cnfsweep.engine.analysis import unknown_document
from cnfsweep.engine.backends import DEFAULT
from cnfsweep.core.board import Board
from cnfsweep.core.errors import CnfsweepError, TimeLimitExceeded, check_deadline, time_left
from cnfsweep.core.jsontext import answer_json
from cnfsweep.formats import REGISTRY, BoardFormat, parse_board, read_text
from cnfsweep.play.game import Level

T = TypeVar("T")

BoardArg = Annotated[str, typer.Argument(help="Board file, or - to read standard input.", show_default=False)]
MinesOpt = Annotated[
    int | None, typer.Option("--mines", "-m", min=0, help="Total mines on the board, flags included (overrides the file).")
]
TopologyOpt = Annotated[
    str,
    typer.Option("--topology", metavar="NAME",
                 help="Which cells are neighbours: square (default), torus (wrapping around) or hex (odd rows shifted right)."),
]

BackendOpt = Annotated[
    str | None,
    typer.Option(
        "--backend", "-b", help=escape(f"Solver backend: cpsat, pysat[:SOLVER[:ENCODING]], brute. Default: {DEFAULT}.")
    ),
]
FormatOpt = Annotated[BoardFormat, typer.Option("--format", "-f", help="Board file format.")]
AssumeOpt = Annotated[
    list[str] | None,
    typer.Option("--assume", "-a", help="LABEL=mine or LABEL=safe for every cell with that label; repeatable."),
]


def json_option(what: str, instead: str) -> Any:
    """Return the ``--json`` option of a command that prints ``what`` instead of ``instead``.

    Each command says what its document holds and what it replaces, as not
    every command shows a board.

    Examples
    --------
    >>> json_option("the list", "the table").__metadata__[0].help
    'Print the list as one JSON document instead of the table.'
    """
    return Annotated[bool, typer.Option("--json", help=f"Print {what} as one JSON document instead of {instead}.")]


def fail(message: str) -> NoReturn:
    """Print ``error: message`` as one line on standard error and exit with status 2.

    The message is printed as it is: brackets in it (``cnfsweep[dask]``) are
    not read as rich markup.
    """
    Console(stderr=True).print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


def given(ctx: typer.Context, name: str) -> bool:
    """Say whether parameter ``name`` (its Python name) was given on the command line, not left at its default."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def _flag(ctx: typer.Context, name: str) -> str:
    for param in ctx.command.params:
        if param.name == name:
            return max(param.opts, key=len)
    raise KeyError(name)  # pragma: no cover - a typo in a command's own check


def exclusive(ctx: typer.Context, name: str, others: Iterable[str], why: str) -> None:
    """Fail in one line if option ``name`` was given with any of ``others``, saying ``why``.

    An option that the other one makes meaningless is refused rather than
    silently ignored (``play --board F --games 5`` plays the board once).
    """
    if given(ctx, name):
        for other in others:
            if given(ctx, other):
                fail(f"{_flag(ctx, name)} and {_flag(ctx, other)} cannot be used together: {why}")


def only_with(ctx: typer.Context, name: str, present: bool, what: str) -> None:
    """Fail in one line if option ``name`` was given while ``present`` (the option it needs) is false."""
    if given(ctx, name) and not present:
        fail(f"{_flag(ctx, name)} applies only with {what}")


def assumptions(items: list[str] | None) -> dict[str, bool]:
    """Read ``--assume LABEL=mine|safe`` values, failing on a malformed or contradictory one.

    Examples
    --------
    >>> assumptions(["u=mine", "v=SAFE"])
    {'u': True, 'v': False}
    """
    try:
        return parse_assume_options(items or ())
    except CnfsweepError as exc:
        fail(str(exc))


def load_board(
    path: str, fmt: BoardFormat, mines: int | None, assume: Mapping[str, bool] | None = None,
    deadline: float | None = None,
) -> Board:
    """Read the board named on the command line (``-`` for standard input), within ``deadline``.

    Raises
    ------
    TimeLimitExceeded
        Past ``deadline`` (a ``time.perf_counter()`` value).
    CnfsweepError
        If the board cannot be read, or labels are assumed on a board read in
        a format that has none (only the native format has labels): the
        message names the format, which may have been detected rather than asked for.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "b.jsm"
    >>> _ = path.write_text("2x1x1\\n1H\\n")
    >>> load_board(str(path), BoardFormat.AUTO, None, {"a": True})
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.CnfsweepError: no cell is labelled 'a' (board detected as jsm format; labels exist only in the native format)
    """
    source = "<stdin>" if path == "-" else path
    text = sys.stdin.read() if path == "-" else read_text(Path(path))
    board = parse_board(text, format=fmt, source=source, total_mines=mines, deadline=deadline)
    read_as = board.read_as
    if assume and read_as is not None and not REGISTRY[read_as.format].labels:
        # Say so when the format was guessed: a native board of 'x' labels reads as minesweepr text.
        raise CnfsweepError(
            f"no cell is labelled {next(iter(assume))!r} (board {'detected' if read_as.detected else 'read'} "
            f"as {read_as.format} format; labels exist only in the native format)"
        )
    return board


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
    fail(message + (f" (see '{path} --help')" if path else ""))


TimeLimitOpt = Annotated[
    float | None,
    typer.Option("--time-limit", min=0.0, help="Seconds allowed; past them answer 'unknown' (exit 3)."),
]


def emit(document: dict[str, Any]) -> None:
    """Print one JSON document on standard output."""
    typer.echo(json.dumps(document))


def unknown(json_out: bool, time_limit: float | None) -> NoReturn:
    """Say that no answer came within the time limit, and exit with status 3 at once."""
    if json_out:
        emit(unknown_document(time_limit))
    else:
        Console(highlight=False).print(f"unknown: no exact answer within the time limit of {time_limit} s")
    leave(3)


def finish(code: int, deadline: float | None) -> NoReturn:
    """End a command whose answer is out: with a time limit at once (see :func:`leave`), else as usual."""
    if deadline is not None:
        leave(code)
    raise typer.Exit(code)


def leave(code: int) -> NoReturn:
    """Exit with status ``code`` now, the output flushed, without Python's slow goodbyes.

    Freeing a million-cell board's structures, and waiting for a view left
    drawing (see :func:`within`), would take seconds after the time-out was
    said. Only the command line's own process leaves this way; under a test
    runner (standard output not the process's own) it raises ``typer.Exit``.
    """
    if sys.stdout is not sys.__stdout__ or sys.stderr is not sys.__stderr__:
        raise typer.Exit(code)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def show(json_out: bool, result: Any, view: Callable[[], RenderableType], deadline: float | None = None) -> None:
    """Print ``result.to_dict()`` as JSON with ``--json``, otherwise the view for people.

    The JSON text, or the view, is written in full before any of it is
    printed, within ``deadline``: past it
    :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised and nothing has
    been printed, so the command can still say ``unknown``.
    """
    if json_out:
        typer.echo(answer_json(result, deadline))
        return
    console = Console(highlight=False)
    if deadline is None:
        console.print(view(), soft_wrap=True)
        return

    def render() -> str:
        with console.capture() as captured:
            console.print(view(), soft_wrap=True)
        return captured.get()

    console.file.write(within(deadline, render))
    console.file.flush()


def within(deadline: float, work: Callable[[], T]) -> T:
    """Return ``work()``, or raise :class:`~cnfsweep.core.errors.TimeLimitExceeded` once ``deadline`` passes.

    For a step that cannot check the clock itself (drawing a million-cell view
    with rich takes most of a minute): it runs in a daemon thread, left behind
    when the time is up, which dies with the command. Work that ends after
    ``deadline`` counts as not done.

    Examples
    --------
    >>> import time
    >>> within(time.perf_counter() + 60, lambda: 42)
    42
    >>> within(time.perf_counter(), lambda: time.sleep(5))
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.TimeLimitExceeded: no answer within the time limit
    """
    check_deadline(deadline)
    out: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            out.append(work())
        except BaseException as exc:  # handed to the caller's thread
            failed.append(exc)

    thread = threading.Thread(target=run, name="cnfsweep-within", daemon=True)
    thread.start()
    thread.join(time_left(deadline))
    if thread.is_alive():
        raise TimeLimitExceeded("no answer within the time limit")
    if failed:
        raise failed[0]
    check_deadline(deadline)  # done, but too late: as if it had not been
    return out[0]


def choose_level(level: str | None, size: str | None, mines: int | None, topology: str = "square") -> Level:
    """Return the board ``--level``, or ``--size`` with ``--mines``, name (expert by default), on ``--topology``.

    Examples
    --------
    >>> choose_level(None, "30x16", 140)
    Level(rows=16, cols=30, mines=140, name='custom')
    >>> choose_level("beginner", None, None, "torus")
    Level(rows=9, cols=9, mines=10, name='beginner', topology_name='torus')
    """
    if size is not None:
        if level is not None:
            raise CnfsweepError("give either --level or --size, not both")
        if mines is None:
            raise CnfsweepError("--size needs --mines")
        return Level.parse_size(size, mines, topology_name=topology)
    if mines is not None:
        raise CnfsweepError("--mines goes with --size; a level has its own mine count")
    return Level.named(level or "expert", " or use --size").on(topology)
