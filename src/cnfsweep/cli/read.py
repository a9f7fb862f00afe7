"""``cnfsweep read``: the board a screenshot shows, as a native board (or ``--json`` with each cell's confidence).

Examples
--------
>>> import tempfile
>>> from typer.testing import CliRunner
>>> app = typer.Typer()
>>> _ = app.command()(read_command)
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "b.txt").write_text("1.\\n..\\n")
>>> result = CliRunner().invoke(app, [str(folder / "b.txt")])
>>> result.exit_code, "expected a PNG, JPEG or BMP screenshot" in result.output
(2, True)
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cnfsweep.cli.common import emit, fail, json_option
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.formats import write_board

__all__ = ["read_command"]


def read_command(
    image: Annotated[
        str, typer.Argument(metavar="IMAGE", help="A screenshot of a board: PNG, JPEG or BMP (- reads standard input).")
    ],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", show_default=False, help="Write the board (native text) to this file."),
    ] = None,
    json_out: Annotated[bool, json_option("the reading: cells, board, each cell's confidence", "the board")] = False,
) -> None:
    """Read the board a screenshot shows (needs the extra cnfsweep[image]).

    Each cell is named (covered, flag, a number, a mine, the mine that went off, a wrong flag) with a
    confidence; a cell that cannot be read is an error naming it, never a guess.
    """
    import sys

    from cnfsweep.formats.picture.read import read_picture

    try:
        data = sys.stdin.buffer.read() if image == "-" else Path(image).read_bytes()
    except OSError as exc:
        fail(f"{image}: cannot read file: {exc.strerror or exc}")
    source = "<stdin>" if image == "-" else image
    try:
        reading = read_picture(data, source)
    except CnfsweepError as exc:
        fail(str(exc))
    text = write_board(reading.board())
    if output is not None:
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as exc:
            fail(f"--output {output}: cannot write: {exc.strerror or exc}")
    if json_out:
        emit(reading.to_dict())
    elif output is None:
        typer.echo(text, nl=False)
