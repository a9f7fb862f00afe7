"""The ``cnfsweep`` command line: parse arguments, call the library, print."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from cnfsweep import __version__
from cnfsweep.analysis import analyze
from cnfsweep.backends import DEFAULT, backend_info
from cnfsweep.board import Board
from cnfsweep.consistency import check as check_board
from cnfsweep.display import analysis_view, backends_table, check_view
from cnfsweep.errors import CnfsweepError
from cnfsweep.parsing import BoardFormat, parse_board, read_board

app = typer.Typer(
    help="Exact Minesweeper inference with SAT and CP solvers.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

BoardArg = Annotated[str, typer.Argument(help="Board file, or - to read standard input.", show_default=False)]
MinesOpt = Annotated[
    int | None, typer.Option("--mines", "-m", min=0, help="Total mines on the board, flags included (overrides the file).")
]
BackendOpt = Annotated[
    str | None,
    typer.Option("--backend", "-b", help=f"Solver backend: cpsat, pysat[:SOLVER[:ENCODING]], brute. Default: {DEFAULT}."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document instead of the board view.")]
FormatOpt = Annotated[BoardFormat, typer.Option("--format", "-f", help="Board file format.")]
AssumeOpt = Annotated[
    list[str] | None,
    typer.Option("--assume", "-a", help="LABEL=mine or LABEL=safe for every cell with that label; repeatable."),
]


def _fail(message: str) -> NoReturn:
    Console(stderr=True).print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


def _load(path: str, fmt: BoardFormat, mines: int | None) -> Board:
    if path == "-":
        return parse_board(sys.stdin.read(), format=fmt, source="<stdin>", total_mines=mines)
    return read_board(Path(path), format=fmt, total_mines=mines)


def _assumptions(items: list[str] | None) -> dict[str, bool]:
    out = {}
    for item in items or ():
        label, sep, value = item.partition("=")
        if not sep or len(label) != 1 or value.lower() not in ("mine", "safe"):
            _fail(f"--assume {item!r}: expected LABEL=mine or LABEL=safe with a one-letter label")
        out[label] = value.lower() == "mine"
    return out


def _emit(document: dict[str, Any]) -> None:
    typer.echo(json.dumps(document))


@app.command()
def solve(
    board: BoardArg,
    mines: MinesOpt = None,
    backend: BackendOpt = None,
    json_out: JsonOpt = False,
    fmt: FormatOpt = BoardFormat.AUTO,
    assume: AssumeOpt = None,
) -> None:
    """Find safe cells, mines and exact mine probabilities of a position."""
    try:
        result = analyze(_load(board, fmt, mines), backend=backend, assume=_assumptions(assume))
    except CnfsweepError as exc:
        _fail(str(exc))
    if json_out:
        _emit(result.to_dict())
    else:
        Console(highlight=False).print(analysis_view(result), soft_wrap=True)


@app.command()
def check(
    board: BoardArg,
    assume: AssumeOpt = None,
    mines: MinesOpt = None,
    backend: BackendOpt = None,
    json_out: JsonOpt = False,
    fmt: FormatOpt = BoardFormat.AUTO,
) -> None:
    """Decide whether a position is consistent (exit 0) or not (exit 1)."""
    try:
        position = _load(board, fmt, mines)
        result = check_board(position, assume=_assumptions(assume), backend=backend)
    except CnfsweepError as exc:
        _fail(str(exc))
    if json_out:
        _emit(result.to_dict())
    else:
        Console(highlight=False).print(check_view(position, result), soft_wrap=True)
    raise typer.Exit(0 if result.consistent else 1)


@app.command()
def backends(json_out: JsonOpt = False) -> None:
    """List the solver backends, whether each is installed, and its version."""
    infos = backend_info()
    if json_out:
        _emit({"default": DEFAULT, "backends": [vars(i) for i in infos]})
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
