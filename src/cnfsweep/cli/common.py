"""What the ``cnfsweep`` commands share: options, board loading, errors and output.

Every command module imports its common options and helpers from here, so a
bad board or option reads the same whichever command was given.  The command
group itself (usage errors in one line, the help) is in :mod:`cnfsweep.cli.usage`.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import json
import os
import sys
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console, RenderableType
from rich.markup import escape
from typer.models import OptionInfo

from cnfsweep.core.assumptions import parse_assume_options
from cnfsweep.core.board import Board
from cnfsweep.core.deadline import check_deadline, deadline_after, time_left
from cnfsweep.core.errors import CnfsweepError, ParameterError, TimeLimitExceeded
from cnfsweep.core.jsontext import answer_json
from cnfsweep.core.plugins import Registry
from cnfsweep.core.topology import TOPOLOGIES
from cnfsweep.engine.backends import DEFAULT
from cnfsweep.engine.backends import REGISTRY as BACKENDS
from cnfsweep.formats import REGISTRY, BoardFormat, read_file
from cnfsweep.formats.registry import is_picture
from cnfsweep.variants.board import VariantBoard, has_rules, not_taken, parse_variant

if TYPE_CHECKING:  # imported where used: every command loads this module, few need these
    from cnfsweep.play.game import Level

T = TypeVar("T")

BoardArg = Annotated[str, typer.Argument(help="Board file, or - to read standard input.", show_default=False)]
MinesOpt = Annotated[
    int | None,
    typer.Option("--mines", "-m", min=0, help="Total mines on the board, flags included (overrides the file)."),
]


def plugins_named(registry: Registry[Any]) -> str:
    """Return ``" From plug-ins: a, b."`` for a registry's plug-ins (without importing them), or nothing."""
    names = registry.plugins()
    return f" From plug-ins: {', '.join(names)}." if names else ""


# The choices come from the registries: the built-ins described, then any installed plug-in's name.
TopologyOpt = Annotated[
    str,
    typer.Option(
        "--topology",
        metavar="NAME",
        help="Which cells are neighbours: square (default), torus (wrapping around) or hex (odd rows shifted right)."
        + plugins_named(TOPOLOGIES),
    ),
]

BackendOpt = Annotated[
    str | None,
    typer.Option(
        "--backend",
        "-b",
        help=escape(
            f"Solver backend: cpsat, pysat[:SOLVER[:ENCODING]], brute. Default: {DEFAULT}." + plugins_named(BACKENDS)
        ),
    ),
]
FormatOpt = Annotated[BoardFormat, typer.Option("--format", "-f", help="Board file format.")]
AssumeOpt = Annotated[
    list[str] | None,
    typer.Option("--assume", "-a", help="LABEL=mine or LABEL=safe for every cell with that label; repeatable."),
]


def json_option(what: str, instead: str) -> OptionInfo:
    """Return the ``--json`` option of a command that prints ``what`` instead of ``instead``.

    Each command says what its document holds and what it replaces, as not
    every command shows a board.

    Examples
    --------
    >>> json_option("the list", "the table").help
    'Print the list as one JSON document instead of the table.'
    """
    # The option's metadata, not an Annotated type: a call inside an annotation is no type a checker can read, so
    # a command writes ``json_out: Annotated[bool, json_option(...)] = False``.
    return typer.Option("--json", help=f"Print {what} as one JSON document instead of {instead}.")


#: The flags not spelled ``--NAME`` from the parameters they give: a size is one flag for its rows and columns.
FLAGS: dict[tuple[str, ...], str] = {("rows", "cols"): "--size"}


def flag(names: tuple[str, ...]) -> str:
    """The flag that gives the parameters ``names`` (``("mines",)``: ``--mines``; ``("rows", "cols")``: ``--size``)."""
    return FLAGS.get(names) or " ".join("--" + name.replace("_", "-") for name in names)


def error_text(exc: CnfsweepError) -> str:
    """An error's message as the command line says it: a :class:`ParameterError` names its flag.

    Examples
    --------
    >>> error_text(ParameterError(("rows", "cols"), "1x9", "a side is 2 to 30"))
    '--size 1x9: a side is 2 to 30'
    """
    return exc.worded(flag) if isinstance(exc, ParameterError) else str(exc)


def fail(message: str | CnfsweepError) -> NoReturn:
    """Print ``error: message`` as one line on standard error and exit with status 2.

    The message is printed as it is: brackets in it (``cnfsweep[dask]``) are
    not read as rich markup.  An error is worded by :func:`error_text`.
    """
    text = message if isinstance(message, str) else error_text(message)
    Console(stderr=True).print(f"[bold red]error:[/] {escape(text)}", highlight=False, soft_wrap=True)
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


def load_any(
    path: str,
    fmt: BoardFormat,
    mines: int | None,
    assume: Mapping[str, bool] | None = None,
    deadline: float | None = None,
) -> Board | VariantBoard:
    """Read the board named on the command line: a variant board if its text has a ``rules:`` header.

    Raises
    ------
    CnfsweepError
        As :func:`load_board`; for a variant board also when labels are assumed
        or a format other than the native one is asked for (variant boards are
        native text only).
    """
    data, text = _read(path)
    if text is None:
        return _board(path, data, fmt, mines, assume, deadline)
    if assume:
        raise CnfsweepError(f"no cell is labelled {next(iter(assume))!r} (a variant board has no labels)")
    return parse_variant(text, _source(path), mines, fmt.value)


def load_board(
    path: str,
    fmt: BoardFormat,
    mines: int | None,
    assume: Mapping[str, bool] | None = None,
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
    data, variant = _read(path)
    if variant is not None:
        raise CnfsweepError(not_taken(_source(path)))
    return _board(path, data, fmt, mines, assume, deadline)


def _board(
    path: str,
    data: bytes | None,
    fmt: BoardFormat,
    mines: int | None,
    assume: Mapping[str, bool] | None,
    deadline: float | None,
) -> Board:
    # A file is read again by read_file, which names what is wrong with it (missing, empty ...); standard input cannot be.
    stdin = path == "-"
    with deprecation_notes(_source(path)):
        board = read_file(
            None if stdin else Path(path),
            format=fmt,
            total_mines=mines,
            deadline=deadline,
            data=data if stdin else None,
        )
    return _checked(board, assume)


@contextlib.contextmanager
def deprecation_notes(source: str) -> Iterator[None]:
    """Say on standard error, in one line each, what a file read in the block is written in a deprecated form.

    A graph file's or a trace's ``first_click`` holding the cell clicked first, say: the reader warns
    (:class:`DeprecationWarning`, for Python callers) and the file is read as before; a command says so once
    per distinct note, however many lines of the file carry the old form. Other warnings are shown as usual.
    """
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always", DeprecationWarning)
        try:
            yield
        finally:
            notes = dict.fromkeys(str(w.message) for w in said if issubclass(w.category, DeprecationWarning))
            for note in notes:
                typer.echo(f"warning: {source}: {note}", err=True)
            for warning in said:
                if not issubclass(warning.category, DeprecationWarning):
                    warnings.showwarning(warning.message, warning.category, warning.filename, warning.lineno)


def _source(path: str) -> str:
    return "<stdin>" if path == "-" else path


def _read(path: str) -> tuple[bytes | None, str | None]:
    """The bytes named on the command line (``None`` if they cannot be read: ``read_file`` then says why), and their
    text when it is a variant board (a ``rules:`` header), else ``None``."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError:
        return None, None
    if is_picture(data):
        return data, None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data, None
    return data, text if has_rules(text) else None


def _checked(board: Board, assume: Mapping[str, bool] | None) -> Board:
    read_as = board.read_as
    if assume and read_as is not None and (read_as.format not in REGISTRY or not REGISTRY[read_as.format].labels):
        # Say so when the format was guessed: a native board of 'x' labels reads as minesweepr text.
        raise CnfsweepError(
            f"no cell is labelled {next(iter(assume))!r} (board {'detected' if read_as.detected else 'read'} "
            f"as {read_as.format} format; labels exist only in the native format)"
        )
    return board


TimeLimitOpt = Annotated[
    float | None,
    typer.Option("--time-limit", min=0.0, help="Seconds allowed; past them answer 'unknown' (exit 3)."),
]


def emit(document: dict[str, Any]) -> None:
    """Print one JSON document on standard output."""
    typer.echo(json.dumps(document))


def answer_position(
    board: str,
    fmt: BoardFormat,
    mines: int | None,
    assume: list[str] | None,
    json_out: bool,
    time_limit: float | None,
    answer: Callable[[Board | VariantBoard, dict[str, bool], float | None], int],
) -> NoReturn:
    """Read the one position a command answers (a board, or a variant board) and exit with what ``answer`` returns.

    ``answer(position, assumed, deadline)`` prints the answer and returns the exit status.  One deadline
    covers reading the board and writing the answer: past it the command says ``unknown`` (exit 3); bad
    input is a one-line error (exit 2).
    """
    deadline = deadline_after(time_limit)
    try:
        assumed = assumptions(assume)
        code = answer(load_any(board, fmt, mines, assumed, deadline), assumed, deadline)
    except TimeLimitExceeded:
        unknown(json_out, time_limit)
    except CnfsweepError as exc:
        fail(str(exc))
    finish(code, deadline)


#: How a one-position command answers a position it was given: print the answer, return the exit status.
Answer = Callable[[Board | VariantBoard, dict[str, bool], float | None], int]

# The options of a one-position command that are not its own, by parameter name: their types and help are written once,
# here; the board is the argument.  ``json_out`` is ``--json``, its help made from what the command prints.
_POSITION_OPTIONS: dict[str, tuple[Any, Any]] = {
    "board": (BoardArg, inspect.Parameter.empty),
    "mines": (MinesOpt, None),
    "backend": (BackendOpt, None),
    "fmt": (FormatOpt, BoardFormat.AUTO),
    "assume": (AssumeOpt, None),
    "time_limit": (TimeLimitOpt, None),
}


def position_command(prints: str, order: str) -> Callable[[Callable[..., Answer]], Callable[..., None]]:
    """Make the command that reads one position (``solve``, ``check``) from a function that says how to answer it.

    The decorated function takes the command's own options (typed as the command line takes them)
    and any of the shared ones by name (``backend``, ``json_out``...), and returns an :data:`Answer`.
    The command takes every option of :data:`_POSITION_OPTIONS`, ``--json`` (printing ``prints``
    instead of the board view) and the function's own, in ``order`` (parameter names separated by
    spaces: the order of its ``--help``); it reads the position and exits as
    :func:`answer_position` does.

    Examples
    --------
    >>> @position_command("the count", "board mines json_out")
    ... def count_command(json_out: bool) -> Answer:
    ...     'Count the cells.'
    ...     return lambda position, assumed, deadline: 0
    >>> list(inspect.signature(count_command).parameters), count_command.__doc__
    (['board', 'mines', 'json_out'], 'Count the cells.')
    """

    def command_of(make_answer: Callable[..., Answer]) -> Callable[..., None]:
        own = inspect.signature(make_answer, eval_str=True).parameters
        shared = {
            name: inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=kind, default=default)
            for name, (kind, default) in {
                **_POSITION_OPTIONS,
                "json_out": (Annotated[bool, json_option(prints, "the board view")], False),
            }.items()
        }
        names = order.split()
        if sorted(names) != sorted(set(names)) or set(own) - set(names) or set(names) - set(own) - set(shared):
            raise TypeError(f"position_command: {order!r} must name every option of {make_answer.__name__} once")

        # Its name and help, but not its annotations: typer reads the options from the signature alone.
        @functools.wraps(make_answer, assigned=("__module__", "__name__", "__qualname__", "__doc__"))
        def command(**given: Any) -> None:
            answer = make_answer(**{name: given[name] for name in own})
            answer_position(
                given["board"],
                given["fmt"],
                given["mines"],
                given["assume"],
                given["json_out"],
                given["time_limit"],
                answer,
            )

        # The shared options and the function's own, in the order of the help.
        command.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [shared[name] if name in shared else own[name] for name in names]
        )
        del command.__wrapped__  # the signature above, not the function's, is the command's
        return command

    return command_of


def unknown(json_out: bool, time_limit: float | None) -> NoReturn:
    """Say that no answer came within the time limit, and exit with status 3 at once."""
    if json_out:
        from cnfsweep.engine.analysis import unknown_document

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
    out, err = sys.__stdout__, sys.__stderr__
    if out is None or err is None or sys.stdout is not out or sys.stderr is not err:
        raise typer.Exit(code)
    out.flush()
    err.flush()
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
    """Return the board ``--level``, or ``--size`` (ROWSxCOLS) with ``--mines``, name (expert by default), on ``--topology``.

    Examples
    --------
    >>> choose_level(None, "16x30", 140), choose_level(None, "5x9/4", None)
    (Level(rows=16, cols=30, mines=140, name='custom'), Level(rows=5, cols=9, mines=4, name='custom'))
    >>> choose_level("beginner", None, None, "torus")
    Level(rows=9, cols=9, mines=10, name='beginner', topology_name='torus')
    """
    from cnfsweep.play.game import Level

    if size is not None:
        if level is not None:
            raise CnfsweepError("give either --level or --size, not both")
        if mines is None and "/" not in size:
            raise CnfsweepError("--size needs --mines (or ROWSxCOLS/MINES)")
        return Level.parse_size(size, mines, topology_name=topology, what="--size")
    if mines is not None:
        raise CnfsweepError("--mines goes with --size; a level has its own mine count")
    return Level.named(level or "expert", " or use --size").on(topology)
