"""``cnfsweep render``: draw a board, or its analysis, as an SVG or PNG picture, on any topology.

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

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from cnfsweep.cli.common import BoardArg, FormatOpt, MinesOpt, assumptions, fail, load_any, only_with
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.formats import BoardFormat
from cnfsweep.variants.board import VariantBoard

if TYPE_CHECKING:
    from cnfsweep.core.board import Board

#: What each file name suffix of ``--output`` is written as.
SUFFIXES = {".svg": "svg", ".png": "png"}


def picture_kind(output: Path) -> str:
    """Return ``svg`` or ``png`` for an output file name, or fail naming the suffixes allowed."""
    if str(output) == "-":
        return "svg"
    kind = SUFFIXES.get(output.suffix.lower())
    if kind is None:
        # Writing SVG into 'out.jpg' would give a file no viewer opens as its name says.
        fail(
            f"--output {output}: expected a file name ending in {' or '.join(SUFFIXES)}, or - for SVG on standard output"
        )
    return kind


def render_command(
    ctx: typer.Context,
    board: BoardArg,
    output: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            show_default=False,
            help=escape("File to write: .svg, or .png (needs cnfsweep[png]); - writes SVG to standard output."),
        ),
    ],
    probabilities: Annotated[
        bool, typer.Option("--probabilities", "-p", help="Colour covered cells by exact mine probability.")
    ] = False,
    mines: MinesOpt = None,
    backend: Annotated[
        str | None,
        typer.Option(
            "--backend", "-b", help=escape("Solver for --probabilities: cpsat, pysat[:SOLVER[:ENCODING]], brute.")
        ),
    ] = None,
    fmt: FormatOpt = BoardFormat.AUTO,
    hint: Annotated[
        bool, typer.Option("--hint", help="Ring the next move (cnfsweep hint) and outline the numbers that force it.")
    ] = False,
    levels: Annotated[
        bool,
        typer.Option(
            "--levels",
            help="Colour each decided cell by the level that decides it (cnfsweep levels: GAC (one number), 2-RC (pairs), 3-RC (triples) ...), with a legend.",
        ),
    ] = False,
    assume: Annotated[
        list[str] | None,
        typer.Option(
            "--assume",
            "-a",
            help="LABEL=mine or LABEL=safe for every cell with that label; repeatable; implies --probabilities.",
        ),
    ] = None,
) -> None:
    """Draw a board as a picture, optionally as a heat map of mine probabilities: squares, hexagons for hex, a torus with its glued edges marked, a graph's nodes and edges."""
    only_with(
        ctx,
        "backend",
        probabilities or hint or levels or bool(assume),
        "--probabilities, --hint, --levels or --assume (a plain picture uses no solver)",
    )
    kind = picture_kind(output)
    from cnfsweep.present.svg import render_png  # here, not at the top: `render --help` draws nothing

    try:
        assumed = assumptions(assume)
        position = load_any(board, fmt, mines, assumed)
        if isinstance(position, VariantBoard):
            svg = variant_picture(position, board, probabilities, hint, levels)
        else:
            svg = classic_picture(position, board, backend, probabilities, hint, levels, assumed)
        data = render_png(svg) if kind == "png" else svg.encode()
    except CnfsweepError as exc:
        fail(str(exc))
    if str(output) == "-":
        typer.echo(svg, nl=False)
        return
    try:
        output.write_bytes(data)
    except OSError as exc:
        fail(f"{output}: cannot write: {exc.strerror or exc}")


def classic_picture(
    position: Board,
    board: str,
    backend: str | None,
    probabilities: bool,
    hint: bool,
    levels: bool,
    assumed: dict[str, bool],
) -> str:
    """The picture of a classic board, with what was asked for drawn on it."""
    # Imported here, not at the top: `render --help`, a usage error and a variant board need no engine.
    from cnfsweep.engine import Engine
    from cnfsweep.explanation import Explainer
    from cnfsweep.present.svg import render_svg

    # An assumption changes nothing but the probabilities, so asking for one asks for them.
    engine = Engine.create(backend)  # one engine: the heat map, the hint and the levels solve alike
    analysis = engine.analyze(position, assume=assumed) if probabilities or assumed else None
    shown = Explainer(engine).hint(position) if hint else None
    peek = engine.levels(position) if levels else None
    return render_svg(position, analysis, title=_title(board), hint=shown, levels=peek)


def variant_picture(position: VariantBoard, board: str, probabilities: bool, hint: bool, levels: bool) -> str:
    """The picture of a variant board (rule badges, dyed cells), with its analysis or hint if asked for."""
    from cnfsweep.present.variantsvg import render_variant_svg
    from cnfsweep.variants.hints import hint_variant
    from cnfsweep.variants.solve import analyze_variant

    if levels:
        raise CnfsweepError("--levels does not take variant boards: consistency levels are of classic numbers")
    analysis = analyze_variant(position) if probabilities else None
    shown = hint_variant(position) if hint else None
    return render_variant_svg(position, analysis, title=_title(board), hint=shown)


def _title(board: str) -> str:
    return "<stdin>" if board == "-" else Path(board).name
