"""``cnfsweep reduce``: a thin command over :mod:`cnfsweep.gadgets`: a formula laid out as a board."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cnfsweep.cli.common import BackendOpt, fail, json_option, only_with
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.words import counted
from cnfsweep.gadgets.circuit import parse_expression
from cnfsweep.gadgets.cnf import parse_dimacs
from cnfsweep.gadgets.plan import MAX_CELLS

if TYPE_CHECKING:
    from cnfsweep.gadgets.reduction import Reduction


def _read_formula(file: str | None, expr: str | None, max_cells: int) -> Reduction:
    # The reduction needs the engine: imported when a formula is reduced, not for --help.
    from cnfsweep.gadgets.reduction import reduce_cnf, reduce_expression

    if (file is None) == (expr is None):
        raise CnfsweepError("give either a DIMACS file or --expr, not both and not neither")
    if expr is not None:
        return reduce_expression(parse_expression(expr), max_cells)
    assert file is not None
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text()
    except (OSError, UnicodeDecodeError) as exc:
        raise CnfsweepError(f"{file}: cannot read: {exc}") from None
    return reduce_cnf(parse_dimacs(text, source="<stdin>" if file == "-" else file), max_cells=max_cells)


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text)
    except OSError as exc:
        raise CnfsweepError(f"{path}: cannot write: {exc}") from None


def _summary(size: dict[str, int]) -> str:
    aux = f" (+{size['auxiliary_variables']} auxiliary)" if size["auxiliary_variables"] else ""
    return (
        f"formula: {counted(size['variables'], 'variable')}{aux}, {counted(size['clauses'], 'clause')}, "
        f"{counted(size['literals'], 'literal')}; board: {size['rows']} x {size['cols']} = {counted(size['cells'], 'cell')}, "
        f"{size['covered']} covered, {counted(size['known_mines'], 'known mine')}, {counted(size['bands'], 'band')}"
    )


def reduce_command(
    ctx: typer.Context,
    file: Annotated[
        str | None, typer.Argument(help="DIMACS CNF file, or - for standard input.", show_default=False)
    ] = None,
    expr: Annotated[str | None, typer.Option("--expr", "-e", help="A formula such as '(a | ~b) & c'.")] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the board here (default, or -: standard output).")
    ] = None,
    map_path: Annotated[
        Path | None,
        typer.Option(
            "--map", help="Write which cells carry which variable (JSON; - for standard output, with -o FILE)."
        ),
    ] = None,
    solve: Annotated[bool, typer.Option("--solve", help="Decide the board and print an assignment or UNSAT.")] = False,
    max_cells: Annotated[
        int, typer.Option("--max-cells", min=1, help="Refuse, before drawing it, a board of more cells than this.")
    ] = MAX_CELLS,
    backend: BackendOpt = None,
    json_out: Annotated[
        bool, json_option("the size, the board (without --output) and the --solve result", "text")
    ] = False,
) -> None:
    """Reduce a Boolean formula to a board that is consistent exactly when it is satisfiable."""
    only_with(ctx, "backend", solve, "--solve (the only part that solves)")
    if output is not None and str(output) == "-":
        output = None  # '-' is standard output, where the board goes anyway
    map_out = map_path is not None and str(map_path) == "-"
    if map_out and (output is None or json_out):
        fail("--map - needs standard output to itself: write the board with -o FILE, without --json")
    try:
        reduction = _read_formula(file, expr, max_cells)
        if output is not None:
            _write(output, reduction.board.to_text())
        if map_out:
            typer.echo(json.dumps(reduction.to_map(), indent=1))
        elif map_path is not None:
            _write(map_path, json.dumps(reduction.to_map(), indent=1) + "\n")
        from cnfsweep.engine import Engine
        from cnfsweep.gadgets.reduction import decide

        decision = decide(reduction.board, Engine.create(backend)) if solve else None
    except CnfsweepError as exc:
        fail(str(exc))
    size = reduction.size()
    assignment = None
    if decision is not None and decision.mines is not None:
        assignment = reduction.assignment(decision.mines)
    if json_out:
        doc: dict[str, Any] = {
            "size": size,
            "output": None if output is None else str(output),
            "map": None if map_path is None else str(map_path),
            "board": list(reduction.board.grid) if output is None else None,
        }
        if decision is not None:
            doc["solve"] = {
                "satisfiable": decision.satisfiable,
                "assignment": assignment,
                "backend": decision.backend,
                "seconds": round(decision.seconds, 6),
            }
        typer.echo(json.dumps(doc))
    else:
        if output is None:
            typer.echo(reduction.board.to_text(), nl=False)
        # Keep standard output a readable board (or map) when the board (or map) goes there.
        aside = output is None or map_out
        typer.echo(_summary(size), err=aside)
        if decision is not None:
            if decision.satisfiable and assignment is not None:
                values = " ".join(f"{k}={int(v)}" for k, v in assignment.items())
                typer.echo(f"SAT: {values}", err=aside)
            else:
                typer.echo("UNSAT", err=aside)
    if decision is not None and not decision.satisfiable:
        raise typer.Exit(1)
