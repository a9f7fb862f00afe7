"""``cnfsweep solve``: one position's answers (the certain cells, every exact probability)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from cnfsweep.cli.common import Answer, position_command, show
from cnfsweep.core.deadline import time_left
from cnfsweep.engine import Arithmetic, Counting
from cnfsweep.variants.board import VariantBoard

if TYPE_CHECKING:
    from cnfsweep.core.board import Board


@position_command("the analysis", "board mines backend json_out fmt assume counting time_limit arithmetic")
def solve_command(
    backend: str | None,
    json_out: bool,
    counting: Annotated[
        Counting,
        typer.Option(
            "--counting",
            help="Model counting: auto, search (small components without a solver), enumerate (backend) or dp.",
        ),
    ] = Counting.AUTO,
    arithmetic: Annotated[
        Arithmetic,
        typer.Option(
            "--arithmetic",
            help="Probabilities as exact fractions, or floats with exact facts; auto uses floats only on huge boards.",
        ),
    ] = Arithmetic.AUTO,
) -> Answer:
    """Find safe cells, mines and exact mine probabilities of a position."""

    def answer(position: Board | VariantBoard, assumed: dict[str, bool], deadline: float | None) -> int:
        if isinstance(position, VariantBoard):
            solve_variant(position, json_out, deadline)
            return 0
        # Imported here, not at the top: `solve --help` and a usage error need neither the engine nor the views.
        from cnfsweep.engine import Engine
        from cnfsweep.present.text import analysis_view

        engine = Engine.create(backend, counting=counting, arithmetic=arithmetic)
        result = engine.analyze(position, assume=assumed, time_limit=time_left(deadline))
        show(json_out, result, lambda: analysis_view(result), deadline)
        return 0

    return answer


def solve_variant(board: VariantBoard, json_out: bool, deadline: float | None) -> None:
    """Print a variant board's analysis (its certain cells, and exact probabilities where counted)."""
    from cnfsweep.present.variants import variant_analysis_text
    from cnfsweep.variants.solve import analyze_variant

    result = analyze_variant(board, time_limit=time_left(deadline))
    show(json_out, result, lambda: variant_analysis_text(result), deadline)
