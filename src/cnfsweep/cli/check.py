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
    assumptions,
    fail,
    finish,
    json_option,
    load_any,
    show,
    unknown,
)
from cnfsweep.core.deadline import deadline_after, time_left
from cnfsweep.core.errors import CnfsweepError, TimeLimitExceeded
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
    deadline = deadline_after(time_limit)  # reading the board and writing the answer count too
    try:
        assumed = assumptions(assume)
        position = load_any(board, fmt, mines, assumed, deadline)
        if isinstance(position, VariantBoard):
            verdict = check_variant_board(position, json_out, minimise, deadline)
            finish(0 if verdict else 1, deadline)
        result = Engine.create(backend).check(
            position, assume=assumed, minimise=minimise, time_limit=time_left(deadline)
        )
        show(json_out, result, lambda: check_view(position, result), deadline)
    except TimeLimitExceeded:
        unknown(json_out, time_limit)
    except CnfsweepError as exc:
        fail(str(exc))
    finish(0 if result.consistent else 1, deadline)


def check_variant_board(board: VariantBoard, json_out: bool, minimise: bool, deadline: float | None) -> bool:
    """Print whether a variant board has a layout, or its conflict; return whether it has one."""
    from cnfsweep.present.variants import variant_check_text
    from cnfsweep.variants.solve import check_variant

    result = check_variant(board, minimise=minimise, time_limit=time_left(deadline))
    show(json_out, result, lambda: variant_check_text(board, result), deadline)
    return result.consistent
