"""``cnfsweep gadget``: a thin command over :mod:`cnfsweep.gadgets`: one of Kaye's gadgets, its board and truth table."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cnfsweep.cli.common import BackendOpt, fail, json_option, only_with
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.gadgets.catalogue import gadgets, get_gadget
from cnfsweep.gadgets.library import Gadget, Orientation
from cnfsweep.gadgets.tiles import TILES

if TYPE_CHECKING:
    from cnfsweep.gadgets.truth import TruthTable


def _bit(value: bool | None) -> str:
    return "?" if value is None else str(int(value))


def _table_lines(table: TruthTable) -> list[str]:
    head = " ".join(table.inputs) + " | " + " ".join(table.outputs) + " | completions"
    lines = [head]
    for row in table.rows:
        outs = " ".join(_bit(v) if row.completions else "-" for v in row.outputs)
        lines.append(" ".join(map(_bit, row.inputs)) + " | " + outs + f" | {row.completions}")
    return lines


def _gadget_doc(g: Gadget, board_rows: tuple[str, ...], table: TruthTable | None) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "name": g.name,
        "orientation": g.orientation.value,
        "summary": g.summary,
        "rows": len(board_rows),
        "cols": len(board_rows[0]),
        "board": list(board_rows),
        "gadget_grid": list(g.grid),
        "ports": [
            {
                "name": p.name,
                "cell": list(p.cell),
                "direction": p.direction.name,
                "role": p.role.value,
                "phase": p.phase,
            }
            for p in g.ports
        ],
        "rule": dict(g.rule),
        "constraint": g.constraint or None,
        "note": g.note or None,
    }
    if table is not None:
        doc["truth_table"] = table.to_dict()
        doc["matches_rule"] = table.matches(g)
    return doc


def gadget_command(
    ctx: typer.Context,
    name: Annotated[
        str | None,
        typer.Argument(help="Gadget name, or tile:NAME for a layout tile; leave out to list them.", show_default=False),
    ] = None,
    orientation: Annotated[
        # No short flag: -o means --output everywhere else.
        Orientation, typer.Option("--orientation", help="Rotation or reflection of the stored grid.")
    ] = Orientation.IDENTITY,
    truth: Annotated[
        bool, typer.Option("--truth-table", "-t", help="Compute the input/output relation with the engine.")
    ] = False,
    backend: BackendOpt = None,
    json_out: Annotated[bool, json_option("the gadget (or the list of gadgets)", "text")] = False,
) -> None:
    """Print a Kaye gadget as a board, with wire stubs and labelled port cells."""
    for option in ("orientation", "truth"):
        only_with(ctx, option, name is not None, "a gadget NAME (without one, gadget lists them)")
    only_with(ctx, "backend", truth, "--truth-table (the only part that solves)")
    try:
        if name is None:
            listing = {n: g.summary for n, g in gadgets().items()}
            listing.update({f"tile:{n}": t.summary for n, t in TILES.items() if t.summary})
            if json_out:
                typer.echo(json.dumps(listing))
            else:
                for n, summary in listing.items():
                    typer.echo(f"{n:14} {summary}")
            return
        # The board and its truth table need the engine: imported when a gadget is drawn, not for --help.
        from cnfsweep.engine import Engine
        from cnfsweep.gadgets.truth import gadget_board, truth_table

        g = get_gadget(name, orientation)
        gb = gadget_board(g)
        table = truth_table(g, Engine.create(backend)) if truth else None
    except CnfsweepError as exc:
        fail(str(exc))
    if json_out:
        typer.echo(json.dumps(_gadget_doc(g, gb.board.grid, table)))
        return
    typer.echo(f"# {g.name} ({g.orientation.value}): {g.summary}")
    for p in g.ports:
        cell = gb.ports[p.name]
        typer.echo(f"# {p.role.value} {p.name} at row {cell.row}, col {cell.col}, facing {p.direction.name}")
    typer.echo(gb.board.to_text(), nl=False)
    if table is not None:
        typer.echo("")
        for line in _table_lines(table):
            typer.echo(line)
        typer.echo("matches the rule" if table.matches(g) else "does NOT match the rule")
        counts = {r.completions for r in table.rows if r.completions}
        if len(counts) > 1:
            typer.echo("note: the number of completions depends on the input" + (f" ({g.note})" if g.note else ""))
