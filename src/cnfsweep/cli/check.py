"""``cnfsweep check``: whether one position is consistent, with a witness or a conflict."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from cnfsweep.cli.common import Answer, position_command, show
from cnfsweep.core.deadline import time_left
from cnfsweep.variants.board import VariantBoard

if TYPE_CHECKING:
    from cnfsweep.core.board import Board


@position_command("the verdict, witness or conflict", "board assume mines backend json_out fmt minimise time_limit")
def check_command(
    backend: str | None,
    json_out: bool,
    minimise: Annotated[
        bool,
        typer.Option(
            "--minimise/--no-minimise",
            help="Shrink a conflict until every number in it is needed (one solver call per number).",
        ),
    ] = True,
) -> Answer:
    """Decide whether a position is consistent (exit 0) or not (exit 1)."""

    def answer(position: Board | VariantBoard, assumed: dict[str, bool], deadline: float | None) -> int:
        if isinstance(position, VariantBoard):
            return 0 if check_variant_board(position, json_out, minimise, deadline) else 1
        # Imported here, not at the top: `check --help` and a usage error need neither the engine nor the views.
        from cnfsweep.engine import Engine
        from cnfsweep.present.text import check_view

        result = Engine.create(backend).check(
            position, assume=assumed, minimise=minimise, time_limit=time_left(deadline)
        )
        show(json_out, result, lambda: check_view(position, result), deadline)
        return 0 if result.consistent else 1

    return answer


def check_variant_board(board: VariantBoard, json_out: bool, minimise: bool, deadline: float | None) -> bool:
    """Print whether a variant board has a layout, or its conflict; return whether it has one."""
    from cnfsweep.present.variants import variant_check_text
    from cnfsweep.variants.solve import check_variant

    result = check_variant(board, minimise=minimise, time_limit=time_left(deadline))
    show(json_out, result, lambda: variant_check_text(board, result), deadline)
    return result.consistent
