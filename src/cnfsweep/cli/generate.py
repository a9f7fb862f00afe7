"""``cnfsweep generate``: no-guess boards, written as board files or one JSON line each."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from cnfsweep.cli.common import (
    BackendOpt,
    TopologyOpt,
    choose_level,
    emit,
    error_text,
    exclusive,
    fail,
    json_option,
    load_board,
)
from cnfsweep.core.errors import ArgumentError, CnfsweepError, TimeLimitExceeded
from cnfsweep.explanation.grade_report import Grade
from cnfsweep.generation.choices import Logic, Method

# The rest of the library is imported inside the functions that use it: a command is a process of its own, and
# --rules needs neither the classic generator nor its formats (the options' own types are needed up front).
if TYPE_CHECKING:
    from rich.progress import Progress

    from cnfsweep.generation import Generated
    from cnfsweep.generation.variant_grade import VariantGradeReport
    from cnfsweep.generation.variants import VariantPuzzle, VariantRequest

__all__ = ["generate_command"]

#: Seconds each board may take unless ``--time-limit`` says otherwise: no request hangs.
DEFAULT_TIME_LIMIT = 60.0


class OutFormat(Enum):
    """Formats ``generate`` writes."""

    NATIVE = "native"
    JSM = "jsm"


def generate_command(
    ctx: typer.Context,
    level: Annotated[
        str | None, typer.Option("--level", "-l", help="beginner, intermediate or expert (default).")
    ] = None,
    size: Annotated[
        str | None,
        typer.Option(
            "--size",
            metavar="ROWSxCOLS",
            help="Custom board: rows x columns, such as 16x30 (expert's), with --mines, or 16x30/99.",
        ),
    ] = None,
    mines: Annotated[int | None, typer.Option("--mines", "-m", min=0, help="Mines on a custom board.")] = None,
    topology: TopologyOpt = "square",
    graph: Annotated[
        str | None,
        typer.Option(
            "--graph",
            metavar="FILE",
            help="Generate on the cells and edges of this graph board file (its numbers, "
            "flags and layout are not used); --mines or the file's 'mines'. Writes graph files.",
        ),
    ] = None,
    start: Annotated[
        str | None,
        typer.Option(
            "--start",
            metavar="R,C",
            help="Row and column (from 0) of the first click, an opening "
            "(a cell's name with --graph). Default: the centre (with --graph: the file's first_click, "
            "else the cell with the most neighbours).",
        ),
    ] = None,
    old_start: Annotated[
        str | None,
        typer.Option(
            "--first-click",
            metavar="R,C",
            help="The old name of --start (deprecated: --first-click names the first-click rule).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            "-s",
            min=0,
            help="Seed of the run: board i gets a seed derived from it. Default: a random one, printed.",
        ),
    ] = None,
    count: Annotated[int, typer.Option("--count", "-n", min=1, help="Number of boards.")] = 1,
    method: Annotated[
        Method,
        typer.Option("--method", help="fast: repair random layouts; uniform: exactly uniform over no-guess layouts."),
    ] = Method.FAST,
    logic: Annotated[
        Logic, typer.Option("--logic", help="full: the player uses the total mine count; local: numbers only.")
    ] = Logic.FULL,
    time_limit: Annotated[
        float, typer.Option("--time-limit", min=0.0, help="Seconds each board may take; past them exit 3.")
    ] = DEFAULT_TIME_LIMIT,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write here instead of standard output (- is standard output); with --count above 1, PATH gets -1, -2, ... before its suffix (or replaces {i}).",
        ),
    ] = None,
    fmt: Annotated[
        OutFormat, typer.Option("--format", "-f", help="native keeps the layout (a 'layout:' section); jsm cannot.")
    ] = OutFormat.NATIVE,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Processes to spread the boards over (same boards).")
    ] = 1,
    grade: Annotated[
        Grade | None,
        typer.Option(
            "--grade",
            "-g",
            help="Only boards (or, with --rules, puzzles) of this grade (see cnfsweep grade): drawn and graded until one is.",
        ),
    ] = None,
    backend: BackendOpt = None,
    json_out: Annotated[bool, json_option("each board (one JSON object per line)", "the board files")] = False,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules",
            metavar="CODES",
            help="Variant puzzles under these rules (codes separated by spaces, such as '1Q V'): "
            "one solution, --size ROWSxCOLS/MINES, written as 'rules:' board text.",
        ),
    ] = None,
    clues: Annotated[
        str | None,
        typer.Option(
            "--clues",
            metavar="N|LO-HI",
            help="With --rules: how many clues to show, a number or a range, each maybe a percentage of the cells "
            "(25%-40%). Default: as few as keep one solution.",
        ),
    ] = None,
    no_grade: Annotated[
        bool, typer.Option("--no-grade", help="With --rules: skip counting each puzzle's deduction rounds.")
    ] = False,
) -> None:
    """Generate boards that never force a guess, each replayed from its first click before it is written.

    With --rules: variant puzzles with exactly one solution.
    """
    if rules is not None:
        exclusive(
            ctx,
            "rules",
            ["level", "graph", "topology", "start", "old_start", "fmt", "workers"],
            "--rules makes variant puzzles on square grids",
        )
        _variants(rules, size, mines, clues, not no_grade, seed, count, time_limit, output, json_out, grade)
        return
    for flag, given in (("--clues", clues), ("--no-grade", no_grade or None)):
        if given is not None:
            fail(f"{flag} goes with --rules (variant puzzles)")
    from rich.console import Console

    from cnfsweep.core.checks import read_cell
    from cnfsweep.engine.backends import get_backend
    from cnfsweep.experiments.boards import GenerateConfig, generate_many
    from cnfsweep.explanation import Explainer
    from cnfsweep.formats import BoardFormat
    from cnfsweep.generation import centre, check_room, graph_request

    exclusive(ctx, "fmt", ["json_out"], "--json writes JSON lines, not board files")
    exclusive(ctx, "start", ["old_start"], "--first-click R,C is the old name of --start")
    if old_start is not None:
        # One release of grace: everywhere else --first-click is the rule (safe, opening, any), not a cell.
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            "warning: generate --first-click R,C is deprecated; use --start R,C (--first-click names the first-click rule)"
        )
        start = old_start
    start_flag = "--start" if old_start is None else "--first-click"
    exclusive(
        ctx,
        "graph",
        ["level", "size", "topology", "fmt"],
        "--graph takes the cells and edges of its file and writes graph files",
    )
    if output is not None and str(output) == "-":
        output = None  # '-' is standard output, as for render and grade, not a file named '-'
    if graph is not None and count > 1 and output is None and not json_out:
        fail(
            "--graph with --count above 1 writes one JSON file a board: give -o PATH (PATH gets -1, -2, ... "
            "before its suffix, or replaces {i}), or --json for one line a board"
        )
    try:
        if graph is not None:
            source = load_board(graph, BoardFormat.AUTO, None)  # its errors name the file already
            try:
                board_level, first = graph_request(source, mines, start, "graph" if graph == "-" else Path(graph).stem)
            except CnfsweepError as exc:
                raise CnfsweepError(f"--graph {graph}: {error_text(exc)}") from None
        else:
            board_level = choose_level(level, size, mines, topology)
            first = centre(board_level) if start is None else read_cell(start, start_flag)
        check_room(board_level, first)  # impossible requests stop here, before any search
        get_backend(backend)
        if grade is not None:
            Explainer(backend=backend)  # grading needs a backend with unsatisfiable cores
    except CnfsweepError as exc:
        fail(exc)
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    request = GenerateConfig(board_level, first, method, logic, time_limit, backend, grade)
    with _progress(count) as progress:
        task = progress.add_task("boards", total=count)
        try:
            for i, board in enumerate(generate_many(request, count, seed, workers=workers)):
                _write(board, i, count, seed, json_out, fmt, output)
                progress.advance(task)
        except TimeLimitExceeded as exc:
            _stopped(progress, exc, json_out, time_limit)
        except OSError as exc:
            _cannot_write(progress, output, exc)


def _progress(count: int) -> Progress:
    """The bar on stderr of a run making ``count`` boards or puzzles: only for many, and only on a terminal."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(
        TextColumn("generating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True, highlight=False),
        disable=count == 1 or not sys.stderr.isatty(),
    )


def _text(board: Generated, fmt: OutFormat, seed: int, index: int, count: int) -> str:
    from cnfsweep.formats.graph import write_graph
    from cnfsweep.formats.jsm import to_jsm

    lv = board.level
    if lv.graph is not None:
        # A graph file is JSON, which has no comments: the run's seed and method are in --json's lines.
        return write_graph(board.board())
    what = f"board {index + 1} of {count} of run seed {seed}" if count > 1 else f"run seed {seed}"
    head = (
        f"# cnfsweep generate: {lv.size_text}{'' if lv.topology_name == 'square' else ' ' + lv.topology_name}, {what} (board seed {board.seed}), "
        f"method {board.method.value}, logic {board.logic.value}, first click {board.start.row},{board.start.col}"
        + (
            f", grade {board.grade.value} ({board.candidates} no-guess boards graded)"
            if board.grade is not None
            else ""
        )
        + "\n"
    )
    if fmt is OutFormat.JSM:
        return (
            head
            + "# JSMinesweeper text has no place for the layout: use --format native or --json to keep it\n"
            + to_jsm(board.board())
        )
    return head + board.board().to_text()


def _path(output: Path, index: int, count: int) -> Path:
    if count == 1:
        return output
    if "{i}" in output.name:
        return output.with_name(output.name.replace("{i}", str(index + 1)))
    return output.with_name(f"{output.stem}-{index + 1}{output.suffix}")


def _write(
    board: Generated, index: int, count: int, seed: int, json_out: bool, fmt: OutFormat, output: Path | None
) -> None:
    _put(board.to_dict, lambda: _text(board, fmt, seed, index, count), index, count, json_out, output)


def _put(
    doc: Callable[[], dict[str, Any]],
    text: Callable[[], str],
    index: int,
    count: int,
    json_out: bool,
    output: Path | None,
) -> None:
    """Write item ``index`` of ``count``: a JSON line (to stdout or appended to ``output``) or its text."""
    if json_out:
        if output is None:
            emit(doc())
        else:
            with output.open("w" if index == 0 else "a") as sink:
                sink.write(json.dumps(doc()) + "\n")
        return
    if output is None:
        typer.echo(("\n" if index else "") + text(), nl=False)
    else:
        _path(output, index, count).write_text(text())


def _cannot_write(progress: Progress, output: Path | None, exc: OSError) -> NoReturn:
    """Writing failed: one line naming where (the file, or standard output when a pipe closed early)."""
    progress.stop()
    fail(f"{'standard output' if output is None else f'--output {output}'}: cannot write: {exc.strerror or exc}")


def _stopped(progress: Progress, exc: TimeLimitExceeded, json_out: bool, time_limit: float) -> NoReturn:
    """The time limit ran out: say so (exit 3), as a JSON document too with ``--json``."""
    progress.stop()
    if json_out:
        emit({"status": "unknown", "reason": str(exc), "time_limit": time_limit})
    progress.console.print(f"unknown: {exc}", soft_wrap=True)
    raise typer.Exit(3) from None


def _graded(
    request: VariantRequest, count: int, seed: int, grade: Grade | None
) -> Iterator[tuple[VariantPuzzle, VariantGradeReport | None]]:
    """The run's puzzles, each with its classic grade's report when a grade was asked for."""
    from cnfsweep.generation.variant_grade import generate_graded_variants
    from cnfsweep.generation.variants import generate_variants

    if grade is None:
        yield from ((puzzle, None) for puzzle in generate_variants(request, count, seed))
    else:
        yield from generate_graded_variants(request, count, seed, grade)


def _graded_doc(puzzle: VariantPuzzle, report: VariantGradeReport) -> dict[str, Any]:
    return {**puzzle.to_dict(), "grade": report.grade.value, "grade_steps": [s.to_dict() for s in report.steps]}


def _puzzle_text(
    puzzle: VariantPuzzle,
    request: VariantRequest,
    index: int,
    count: int,
    seed: int,
    report: VariantGradeReport | None = None,
) -> str:
    """A generated variant puzzle's board text under its ``#`` header line."""
    what = f"puzzle {index + 1} of {count} of run seed {seed}" if count > 1 else f"run seed {seed}"
    rounds = f", {len(puzzle.steps)} deduction rounds" if request.graded else ""
    if report is not None:
        rounds += f", grade {report.grade.value}"
    head = (
        f"# cnfsweep generate: {request.size_text}, rules {' '.join(request.rules.codes)}, {what} "
        f"(puzzle seed {puzzle.seed}), {puzzle.clues} clues{rounds}\n"
    )
    return head + puzzle.text()


def _clue_count(text: str, cells: int) -> int:
    text = text.strip()
    if text.endswith("%"):
        return round(cells * read_number(text[:-1], "--clues") / 100)
    return read_number(text, "--clues")


def read_number(text: str, flag: str) -> int:
    """A whole number of an option's text, or the one-line error naming the option."""
    if not text.strip().isdigit():
        fail(f"{flag}: expected a whole number (or a percentage), not {text!r}")
    return int(text)


def _variants(
    codes: str,
    size: str | None,
    mines: int | None,
    clues: str | None,
    graded: bool,
    seed: int | None,
    count: int,
    time_limit: float,
    output: Path | None,
    json_out: bool,
    grade: Grade | None = None,
) -> None:
    """``generate --rules``: variant puzzles, written as board text or JSON lines (with ``grade``, of that grade)."""
    from cnfsweep.generation.variants import VariantRequest
    from cnfsweep.play.level import parse_size

    if size is None:
        fail("--rules needs --size ROWSxCOLS/MINES (or --size ROWSxCOLS with --mines)")
    try:
        rows, cols, given = parse_size(size, "--size")
        if given is not None and mines is not None and given != mines:
            fail(f"--size {size} says {given} mines and --mines {mines}: give one")
        total = given if given is not None else mines
        if total is None:
            fail("--rules needs the total: --size ROWSxCOLS/MINES or --mines")
        span: tuple[int, int] | None = None
        if clues is not None:
            low, _, high = clues.partition("-") if "-" in clues.strip()[1:] else (clues, "", clues)
            span = (_clue_count(low, rows * cols), _clue_count(high, rows * cols))
        request = VariantRequest.make(rows, cols, total, codes.split(), span, graded, time_limit)
    except CnfsweepError as exc:
        fail(exc)
    if grade is not None and not graded:
        fail("--grade and --no-grade contradict each other: --grade grades every puzzle")
    if output is not None and str(output) == "-":
        output = None
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    with _progress(count) as progress:
        task = progress.add_task("puzzles", total=count)
        try:
            for i, (puzzle, report) in enumerate(_graded(request, count, seed, grade)):
                doc = puzzle.to_dict if report is None else partial(_graded_doc, puzzle, report)
                text = partial(_puzzle_text, puzzle, request, i, count, seed, report)
                _put(doc, text, i, count, json_out, output)
                progress.advance(task)
        except TimeLimitExceeded as exc:
            _stopped(progress, exc, json_out, time_limit)
        except ArgumentError as exc:
            progress.stop()
            fail(exc)
        except CnfsweepError as exc:
            progress.stop()
            progress.console.print(f"error: {exc}", soft_wrap=True)
            raise typer.Exit(1) from None
        except OSError as exc:
            _cannot_write(progress, output, exc)
