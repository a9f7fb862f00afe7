"""``cnfsweep check``: whether one position is consistent, with a witness or a conflict."""

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
from cnfsweep.engine import Engine
from cnfsweep.formats import BoardFormat
from cnfsweep.variants.board import VariantBoard
from cnfsweep.present.text import check_view


def check_command(
    board: BoardArg,
    assume: AssumeOpt = None,
    mines: MinesOpt = None,
    backend: BackendOpt = None,
    json_out: Annotated[bool, json_option("the verdict, witness or conflict", "the board view")] = False,
    fmt: FormatOpt = BoardFormat.AUTO,
    minimise: Annotated[
        bool,
        typer.Option(
            "--minimise/--no-minimise",
            help="Shrink a conflict until every number in it is needed (one solver call per number).",
        ),
    ] = True,
    time_limit: TimeLimitOpt = None,
) -> None:
    """Decide whether a position is consistent (exit 0) or not (exit 1)."""

    def answer(position: Board | VariantBoard, assumed: dict[str, bool], deadline: float | None) -> int:
        if isinstance(position, VariantBoard):
            return 0 if check_variant_board(position, json_out, minimise, deadline) else 1
        result = Engine.create(backend).check(
            position, assume=assumed, minimise=minimise, time_limit=time_left(deadline)
        )
        show(json_out, result, lambda: check_view(position, result), deadline)
        return 0 if result.consistent else 1

    answer_position(board, fmt, mines, assume, json_out, time_limit, answer)


def check_variant_board(board: VariantBoard, json_out: bool, minimise: bool, deadline: float | None) -> bool:
    """Print whether a variant board has a layout, or its conflict; return whether it has one."""
    from cnfsweep.present.variants import variant_check_text
    from cnfsweep.variants.solve import check_variant

    result = check_variant(board, minimise=minimise, time_limit=time_left(deadline))
    show(json_out, result, lambda: variant_check_text(board, result), deadline)
    return result.consistent
