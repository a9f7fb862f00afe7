"""``cnfsweep grade``: play a board with its layout from the first click with hints only, and grade it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from cnfsweep.cli.common import BackendOpt, BoardArg, FormatOpt, fail, json_option, load_any, show
from cnfsweep.cli.render import picture_kind
from cnfsweep.core.board import Board
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.formats import BoardFormat
from cnfsweep.generation import Logic
from cnfsweep.variants.board import VariantBoard


def grade_command(
    board: BoardArg,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help=escape(
                "Draw the hardest step (or the guess the board needs) as render --hint does: .svg, or .png "
                "(needs cnfsweep[png]); - writes SVG to standard output instead of the report."
            ),
        ),
    ] = None,
    logic: Annotated[
        Logic, typer.Option("--logic", help="full: the player uses the total mine count; local: numbers only.")
    ] = Logic.FULL,
    backend: BackendOpt = None,
    json_out: Annotated[bool, json_option("the grade, every step and the hardest", "the report")] = False,
    fmt: FormatOpt = BoardFormat.AUTO,
) -> None:
    """Grade a board with its layout: play it from the first click with hints only (exit 1 if it needs a guess)."""
    if output is not None and str(output) == "-" and json_out:
        fail(
            "--output - and --json cannot be used together: -o - writes the picture to standard output instead of the report"
        )
    kind = picture_kind(output) if output is not None else None
    try:
        read = load_any(board, fmt, None)
    except CnfsweepError as exc:
        fail(str(exc))
    if not isinstance(read, Board):
        _grade_variant(read, output, logic, json_out)
        return
    position = read
    # Imported here, not at the top: `grade --help`, a usage error and a variant puzzle need none of them.
    from cnfsweep.engine import Engine
    from cnfsweep.explanation import Explainer, grade_board
    from cnfsweep.present.summary import grade_hint
    from cnfsweep.present.svg import render_png, render_svg
    from cnfsweep.present.text import grade_view

    try:
        explainer = Explainer(Engine.for_games(backend))
        # Each step's consistency levels go into the JSON document only: find them only for it.
        report = grade_board(position, uses_total=logic is Logic.FULL, explainer=explainer, levels=json_out)
        shown = grade_hint(report)
        picture: bytes | None = None
        if output is not None and shown is not None:
            name = "<stdin>" if board == "-" else Path(board).name
            step = report.hardest
            title = (
                f"{name}: needs a guess at step {len(report.steps) + 1}"
                if report.grade is None
                else f"{name}: {report.grade.value}, hardest step {step + 1 if step is not None else '-'} of {len(report.steps)}"
            )
            svg = render_svg(shown.board, title=title, hint=shown)
            picture = render_png(svg) if kind == "png" else svg.encode()
    except CnfsweepError as exc:
        fail(str(exc))
    if output is not None and str(output) == "-":
        typer.echo((picture or b"").decode(), nl=False)
    else:
        if output is not None and picture is not None:
            try:
                output.write_bytes(picture)
            except OSError as exc:
                fail(f"{output}: cannot write: {exc.strerror or exc}")
        show(json_out, report, lambda: grade_view(report))
    raise typer.Exit(1 if report.needs_guess else 0)


def _grade_variant(board: VariantBoard, output: Path | None, logic: Logic, json_out: bool) -> None:
    """A variant puzzle (a ``rules:`` header): its one layout played step by step, graded on the classic scale."""
    from cnfsweep.generation.variant_grade import grade_variant_board
    from cnfsweep.present.variants import variant_grade_text

    if output is not None:
        fail("--output draws classic boards only: a variant puzzle's grade is text or --json")
    if logic is not Logic.FULL:
        fail(
            "--logic local is for classic boards: a variant puzzle's steps use the total only when clues alone decide nothing"
        )
    try:
        report = grade_variant_board(board)
    except CnfsweepError as exc:
        fail(str(exc))
    show(json_out, report, lambda: variant_grade_text(report))
