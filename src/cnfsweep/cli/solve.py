"""``cnfsweep solve``: one position's answers (the certain cells, every exact probability)."""

from __future__ import annotations

from typing import Annotated

import typer

from cnfsweep.cli.common import (
    AssumeOpt,
    BackendOpt,
    BoardArg,
    FormatOpt,
    MinesOpt,
    TimeLimitOpt,
    answer_position,
    json_option,
    show,
)
from cnfsweep.core.deadline import time_left
from cnfsweep.core.board import Board
from cnfsweep.engine import Arithmetic, Counting, Engine
from cnfsweep.formats import BoardFormat
from cnfsweep.variants.board import VariantBoard
from cnfsweep.present.text import analysis_view


def solve_command(
    board: BoardArg,
    mines: MinesOpt = None,
    backend: BackendOpt = None,
    json_out: Annotated[bool, json_option("the analysis", "the board view")] = False,
    fmt: FormatOpt = BoardFormat.AUTO,
    assume: AssumeOpt = None,
    counting: Annotated[
        Counting,
        typer.Option(
            "--counting",
            help="Model counting: auto, search (small components without a solver), enumerate (backend) or dp.",
        ),
    ] = Counting.AUTO,
    time_limit: TimeLimitOpt = None,
    arithmetic: Annotated[
        Arithmetic,
        typer.Option(
            "--arithmetic",
            help="Probabilities as exact fractions, or floats with exact facts; auto uses floats only on huge boards.",
        ),
    ] = Arithmetic.AUTO,
) -> None:
    """Find safe cells, mines and exact mine probabilities of a position."""

    def answer(position: Board | VariantBoard, assumed: dict[str, bool], deadline: float | None) -> int:
        if isinstance(position, VariantBoard):
            solve_variant(position, json_out, deadline)
            return 0
        engine = Engine.create(backend, counting=counting, arithmetic=arithmetic)
        result = engine.analyze(position, assume=assumed, time_limit=time_left(deadline))
        show(json_out, result, lambda: analysis_view(result), deadline)
        return 0

    answer_position(board, fmt, mines, assume, json_out, time_limit, answer)


def solve_variant(board: VariantBoard, json_out: bool, deadline: float | None) -> None:
    """Print a variant board's analysis (its certain cells, and exact probabilities where counted)."""
    from cnfsweep.present.variants import variant_analysis_text
    from cnfsweep.variants.solve import analyze_variant

    result = analyze_variant(board, time_limit=time_left(deadline))
    show(json_out, result, lambda: variant_analysis_text(result), deadline)
