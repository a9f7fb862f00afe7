"""``cnfsweep render``: draw a board, or its analysis, as an SVG picture.

Examples
--------
>>> import tempfile
>>> from typer.testing import CliRunner
>>> app = typer.Typer()
>>> _ = app.command()(render_command)
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "b.txt").write_text("1.\\n..\\n")
>>> CliRunner().invoke(app, [str(folder / "b.txt"), "-o", str(folder / "b.svg"), "-p"]).exit_code
0
>>> "33%" in (folder / "b.svg").read_text()
True
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from cnfsweep.analysis import analyze
from cnfsweep.board import Board
from cnfsweep.errors import CnfsweepError
from cnfsweep.parsing import BoardFormat, parse_board, read_board
from cnfsweep.render import render_svg


def _load(path: str, fmt: BoardFormat, mines: int | None) -> Board:
    if path == "-":
        return parse_board(sys.stdin.read(), format=fmt, source="<stdin>", total_mines=mines)
    return read_board(Path(path), format=fmt, total_mines=mines)


def render_command(
    board: Annotated[str, typer.Argument(help="Board file, or - to read standard input.", show_default=False)],
    output: Annotated[Path, typer.Option("--output", "-o", help="SVG file to write.", show_default=False)],
    probabilities: Annotated[
        bool, typer.Option("--probabilities", "-p", help="Colour covered cells by exact mine probability.")
    ] = False,
    mines: Annotated[
        int | None,
        typer.Option("--mines", "-m", min=0, help="Total mines on the board, flags included (overrides the file)."),
    ] = None,
    backend: Annotated[
        str | None,
        typer.Option("--backend", "-b", help="Solver for --probabilities: cpsat, pysat[:SOLVER[:ENCODING]], brute."),
    ] = None,
    fmt: Annotated[BoardFormat, typer.Option("--format", "-f", help="Board file format.")] = BoardFormat.AUTO,
) -> None:
    """Draw a board as an SVG picture, optionally as a heat map of mine probabilities."""
    try:
        position = _load(board, fmt, mines)
        analysis = analyze(position, backend=backend) if probabilities else None
        svg = render_svg(position, analysis, title="<stdin>" if board == "-" else Path(board).name)
    except CnfsweepError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    try:
        output.write_text(svg, encoding="utf-8")
    except OSError as exc:
        typer.echo(f"error: {output}: cannot write: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from None
