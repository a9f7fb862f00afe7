"""``cnfsweep hint``: the next move a careful player would make, and the numbers that force it."""

from __future__ import annotations

import time
from typing import Annotated, NoReturn

import typer

from cnfsweep.cli.common import (
    AssumeOpt,
    BackendOpt,
    BoardArg,
    FormatOpt,
    MinesOpt,
    TimeLimitOpt,
    assumptions,
    exclusive,
    fail,
    json_option,
    load_any,
    show,
    unknown,
)
from cnfsweep.core.errors import CnfsweepError, TimeLimitExceeded
from cnfsweep.core.graph import is_graph
from cnfsweep.core.checks import read_cell
from cnfsweep.formats import BoardFormat
from cnfsweep.variants.board import VariantBoard


def hint_command(
    ctx: typer.Context,
    board: BoardArg,
    every: Annotated[bool, typer.Option("--all", help="Every certain cell with its reason, easiest first.")] = False,
    smallest: Annotated[
        bool, typer.Option("--smallest", help="Reasons of minimum size, not only ones where every number is needed.")
    ] = False,
    cell: Annotated[
        str | None,
        typer.Option(
            "--cell",
            help="Explain this cell (ROW,COL from 0, or its name on a graph board) instead; it must be certain.",
        ),
    ] = None,
    mines: MinesOpt = None,
    backend: BackendOpt = None,
    json_out: Annotated[bool, json_option("the move and its reason", "the board view")] = False,
    fmt: FormatOpt = BoardFormat.AUTO,
    assume: AssumeOpt = None,
    time_limit: TimeLimitOpt = None,
) -> None:
    """Show the next certain move and a minimal set of numbers that force it (or the best guess)."""
    exclusive(ctx, "cell", ["every"], "--cell explains one cell, --all lists every certain cell")
    # Imported here, not at the top: `hint --help` and a usage error need neither the engine nor the views.
    from cnfsweep.engine import Engine
    from cnfsweep.explanation import Explainer, Hint
    from cnfsweep.present.text import hint_view

    try:
        assumed = assumptions(assume)
        position = load_any(board, fmt, mines, assumed)
        if isinstance(position, VariantBoard):
            hint_variant_board(position, json_out, every, smallest, cell, time_limit)
        explainer = Explainer(Engine.create(backend))
        if cell is not None:
            # A graph's cells have names, a grid's a row and a column.
            target = position.topology.cell_named(cell) if is_graph(position.topology) else read_cell(cell, "--cell")
            position.char(target)  # off the board: one line naming the board's size
            start = time.perf_counter()
            move = explainer.explain(position, target, smallest=smallest, assume=assumed, time_limit=time_limit)
            result = Hint(
                position,
                (move,),
                True,
                every,
                smallest,
                position.total_mines,
                explainer.engine.spec,
                time.perf_counter() - start,
                assumed,
            )
        else:
            result = explainer.hint(position, every=every, smallest=smallest, assume=assumed, time_limit=time_limit)
    except TimeLimitExceeded:
        unknown(json_out, time_limit)
    except CnfsweepError as exc:
        fail(str(exc))
    show(json_out, result, lambda: hint_view(result))
    raise typer.Exit(0 if result.consistent else 1)


def hint_variant_board(
    board: VariantBoard, json_out: bool, every: bool, smallest: bool, cell: str | None, time_limit: float | None
) -> NoReturn:
    """Print a variant board's easiest certain cell (or every one) with a minimal reason naming clues and rules."""
    from cnfsweep.present.variants import variant_hint_text
    from cnfsweep.variants.hints import hint_variant

    target = None if cell is None else read_cell(cell, "--cell")
    result = hint_variant(board, every=every, cell=target, smallest=smallest, time_limit=time_limit)
    show(json_out, result, lambda: variant_hint_text(result))
    raise typer.Exit(0 if result.consistent else 1)
