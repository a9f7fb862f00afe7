"""``cnfsweep levels``: which level of constraint propagation (GAC (one number), 2-RC (pairs), 3-RC (triples) ...) decides each covered cell.

On a variant board (a ``rules:`` header) the levels are what its clues and rules decide together
(``full``) and what only the total decides besides (``total``): :func:`~cnfsweep.variants.levels.variant_levels`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from cnfsweep.cli.common import (
    BackendOpt,
    BoardArg,
    FormatOpt,
    MinesOpt,
    TimeLimitOpt,
    fail,
    finish,
    json_option,
    load_any,
    show,
    unknown,
)
from cnfsweep.core.deadline import deadline_after, time_left
from cnfsweep.core.errors import CnfsweepError, TimeLimitExceeded
from cnfsweep.engine.propagation import MAX_LEVEL
from cnfsweep.formats import BoardFormat
from cnfsweep.variants.board import VariantBoard

MaxLevelOpt = Annotated[
    int,
    typer.Option(
        "--max-level",
        help=f"The highest level of sets of numbers to try, 1 (GAC: one number) to {MAX_LEVEL}; 3 (3-RC: triples) as the poster.",
    ),
]


def levels_command(
    board: BoardArg,
    max_level: MaxLevelOpt = 3,
    steps: Annotated[
        bool, typer.Option("--steps", help="Show each round of propagation in order, as the poster's step mode.")
    ] = False,
    mines: MinesOpt = None,
    backend: BackendOpt = None,
    json_out: Annotated[bool, json_option("every level's cells", "the board view")] = False,
    fmt: FormatOpt = BoardFormat.AUTO,
    time_limit: TimeLimitOpt = None,
) -> None:
    """Colour each covered cell by the least level of propagation that decides it (exit 1 if inconsistent).

    On a variant board (a rules: header): its clues and rules together, then the total (no --steps).
    """
    # The engine and the view are imported when the command runs, not when its options are built for --help.
    from cnfsweep.engine import Engine
    from cnfsweep.engine.consistency_levels import check_max_level
    from cnfsweep.present.levels import levels_view

    deadline = deadline_after(time_limit)  # reading the board and writing the answer count too
    try:
        check_max_level(max_level, "--max-level")
        position = load_any(board, fmt, mines, deadline=deadline)
        if isinstance(position, VariantBoard):
            consistent = variant_levels_board(position, steps, json_out, deadline)
        else:
            result = Engine.create(backend).levels(position, max_level, steps, time_limit=time_left(deadline))
            show(json_out, result, lambda: levels_view(result), deadline)
            consistent = result.consistent
    except TimeLimitExceeded:
        unknown(json_out, time_limit)
    except CnfsweepError as exc:
        fail(str(exc))
    finish(0 if consistent else 1, deadline)


def variant_levels_board(board: VariantBoard, steps: bool, json_out: bool, deadline: float | None) -> bool:
    """Print which level decides each covered cell of a variant board; return whether it has a layout.

    Raises
    ------
    CnfsweepError
        With ``--steps``: a variant board's clues and rules are decided together, in no rounds.
    """
    from cnfsweep.present.variants import variant_levels_text
    from cnfsweep.variants.levels import variant_levels

    if steps:
        raise CnfsweepError(
            "--steps takes classic boards only: a variant board's clues and rules decide its cells together, in no rounds"
        )
    result = variant_levels(board, time_limit=time_left(deadline))
    show(json_out, result, lambda: variant_levels_text(result), deadline)
    return result.consistent
