"""Engine work as jobs: plain data in, one JSON answer out, run in the worker pool.

A :class:`Job` says what a client asked for (the board text, the total, the
time limit, and when it was asked); :func:`run` reads the board, asks the
engine and returns an :class:`JobOutcome`: what kind of answer it is and the JSON
document, already encoded, so a worker process hands back bytes and the
server's event loop does no JSON work of its own. The time limit runs from
the request: waiting for a worker, reading the board, the engine's work and
encoding the answer all count. Nothing here knows about HTTP: the app maps
each :class:`Verdict` to a status code.

Each worker thread or process keeps one :class:`~cnfsweep.engine.Engine` per
backend, so components solved for one request are not solved again for the next.

:class:`~cnfsweep.web.workers.Workers` runs them in worker threads or processes.

Every job the server answers, here or in :mod:`~cnfsweep.web.gameplay`, has
``outcome(server)``: how it runs (these two: ``server.pool(self)``, in the worker
pool, which calls their ``run()`` there) and what it answers, a :class:`JobOutcome`.
A new analysis of a board is a function ``(engine, board, job) -> answer`` added to
:data:`TASKS`, as ``hint`` was: the answer is a document (a dict) or an object
with ``to_dict()`` (see :func:`~cnfsweep.core.jsontext.answer_json`); the job
it gets has the time left as its ``time_limit``.
"""

from __future__ import annotations

import dataclasses
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from cnfsweep.core.board import Board
from cnfsweep.core.deadline import deadline_after, time_left
from cnfsweep.core.errors import CnfsweepError, ParameterError, TimeLimitExceeded
from cnfsweep.core.jsontext import answer_json
from cnfsweep.engine import Analysis, CheckResult, ConsistencyLevels, Engine, unknown_document
from cnfsweep.explanation import Explainer, grade_board
from cnfsweep.generation import generate_boards
from cnfsweep.generation.variant_grade import grade_variant_layout
from cnfsweep.generation.variants import VariantPuzzle, VariantRequest, generate_variant
from cnfsweep.play import Level
from cnfsweep.play.level import format_size
from cnfsweep.formats import parse_board
from cnfsweep.variants.board import VariantBoard, has_rules, not_taken, parse_variant
from cnfsweep.variants.game import PuzzleGame

__all__ = [
    "TASKS",
    "VARIANT_TASKS",
    "GenerateJob",
    "Job",
    "JobOutcome",
    "PoolAccess",
    "PuzzleJob",
    "Verdict",
    "board_document",
    "board_too_large",
    "puzzle_document",
    "run",
    "run_generate",
    "run_puzzle",
    "timed_out",
]

#: The name a request's board text goes by in error messages (``board:3:5: ...``).
SOURCE = "board"


class PoolAccess(Protocol):
    """What a pool job's ``outcome`` needs of the server: a worker pool (:class:`~cnfsweep.web.gameplay.Server` is one)."""

    async def pool(self, job: Any) -> JobOutcome:
        """Run ``job.run()`` in a worker and return its outcome."""
        ...


class Verdict(Enum):
    """What kind of answer a job gave."""

    ANSWER = "answer"  # the engine answered (an inconsistent position is an answer too)
    UNKNOWN = "unknown"  # no answer within the time limit
    BAD_INPUT = "bad_input"  # the board or an option is at fault
    TOO_LARGE = "too_large"  # the board has more cells than the server takes
    FAILED = "failed"  # the worker pool could not run it
    BUSY = "busy"  # too many jobs waiting already
    NO_SUCH_GAME = "no_such_game"  # a game id the server does not hold
    UNAVAILABLE = "unavailable"  # the server lacks what the request needs (an optional extra not installed)


@dataclass(frozen=True)
class JobOutcome:
    """A job's verdict and its JSON document, encoded as UTF-8."""

    verdict: Verdict
    body: bytes

    @classmethod
    def of(cls, verdict: Verdict, document: dict[str, Any]) -> JobOutcome:
        """Encode ``document`` as the body of an outcome, as ``cnfsweep ... --json`` writes JSON."""
        return cls(verdict, json.dumps(document).encode())

    @classmethod
    def compact(cls, verdict: Verdict, document: dict[str, Any]) -> JobOutcome:
        """Encode ``document`` without spaces, as the server has always sent game documents (Starlette's encoding).

        Examples
        --------
        >>> JobOutcome.compact(Verdict.ANSWER, {"a": [1, 2], "b": "é"}).body.decode()
        '{"a":[1,2],"b":"é"}'
        """
        text = json.dumps(document, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":"))
        return cls(verdict, text.encode())

    @classmethod
    def error(cls, verdict: Verdict, message: str) -> JobOutcome:
        """An outcome whose document is ``{"error": message}``."""
        return cls.of(verdict, {"error": message})


@dataclass(frozen=True)
class Job:
    """One request for the engine, as plain data that can cross to a worker process.

    Attributes
    ----------
    task : str
        A key of :data:`TASKS`: ``"analyze"``, ``"check"``, ``"hint"``, ``"levels"`` or ``"board"``.
    board : str
        Board text in any format :func:`~cnfsweep.formats.parse_board` reads.
    mines : int or None
        Total mines, flags included; overrides the text's ``mines:`` header.
    format : str
        A board format name, or ``"auto"`` to detect it.
    time_limit : float
        Seconds the engine may take.
    max_cells : int
        Largest board accepted.
    backend : str or None
        Solver backend spec.
    minimise : bool
        For ``check``: shrink a conflict until every number in it is needed.
    every, smallest : bool
        For ``hint``: every certain cell with its reason; reasons of minimum size.
    max_level : int
        For ``levels``: the highest level of sets of numbers to try.
    steps : bool
        For ``levels``: keep every round of propagation.
    started : float or None
        ``time.perf_counter()`` when the request came (the clock every process
        of the machine shares); the time limit runs from then. ``None``: from
        when the job starts.
    """

    task: str
    board: str
    mines: int | None = None
    format: str = "auto"
    time_limit: float = 10.0
    max_cells: int = 1_000_000
    backend: str | None = None
    minimise: bool = True
    every: bool = False
    smallest: bool = False
    max_level: int = 3
    steps: bool = False
    started: float | None = None

    @property
    def size(self) -> int:
        """How large the job is, read off the request: its text's length (each cell is at least one character)."""
        return len(self.board)

    def run(self) -> JobOutcome:
        """Answer the job here and now (a worker does): :func:`run`."""
        return run(self)

    def expired(self) -> JobOutcome:
        """What the job answers past its time limit: ``status: unknown``, as ``cnfsweep solve --json`` says it.

        Examples
        --------
        >>> Job("analyze", "1.", time_limit=2.0).expired().body
        b'{"status": "unknown", "reason": "time limit", "time_limit": 2.0}'
        """
        return JobOutcome.of(Verdict.UNKNOWN, unknown_document(self.time_limit))

    async def outcome(self, server: PoolAccess) -> JobOutcome:
        """Run in the worker pool."""
        return await server.pool(self)


def _analyze(engine: Engine, board: Board, job: Job) -> Analysis:
    return engine.analyze(board, time_limit=job.time_limit)


def _check(engine: Engine, board: Board, job: Job) -> CheckResult:
    return engine.check(board, minimise=job.minimise, time_limit=job.time_limit)


def _explainer(engine: Engine) -> Explainer:
    # One explainer per engine, kept as the engine is: its caches serve every job after the first.
    explainers = _local.__dict__.setdefault("explainers", {})
    if id(engine) not in explainers:
        explainers[id(engine)] = Explainer(engine)
    found: Explainer = explainers[id(engine)]
    return found


def _hint(engine: Engine, board: Board, job: Job) -> dict[str, Any]:
    # The analysis and the search for reasons share the job's time limit, as `cnfsweep hint --time-limit` does.
    return _explainer(engine).hint(board, every=job.every, smallest=job.smallest, time_limit=job.time_limit).to_dict()


def _grade(engine: Engine, board: Board, job: Job) -> dict[str, Any]:
    return grade_board(board, explainer=_explainer(engine), time_limit=job.time_limit).to_dict()


def _levels(engine: Engine, board: Board, job: Job) -> ConsistencyLevels:
    return engine.levels(board, job.max_level, job.steps, time_limit=job.time_limit)


def board_document(board: Board) -> dict[str, Any]:
    """The board as ``POST /api/board`` answers it: ``rows``, ``cols``, ``grid``, ``total_mines``, ``text``, ``topology``.

    Examples
    --------
    >>> board_document(Board.from_rows(["1.", ".."]))["grid"]
    ['1.', '..']
    """
    # The topology tells the page how to draw the grid (and that it draws no graph).
    return {
        "rows": board.rows,
        "cols": board.cols,
        "grid": list(board.grid),
        "total_mines": board.total_mines,
        "text": board.to_text(),
        "topology": board.topology.name,
    }


def _board(_engine: Engine, board: Board, _job: Job) -> dict[str, Any]:
    return board_document(board)


#: What each task does: the same library calls, and so the same documents, as ``cnfsweep solve --json``,
#: ``cnfsweep check --json``, ``cnfsweep hint --json``, ``cnfsweep levels --json`` and ``cnfsweep grade --json``;
#: ``board`` only reads the text, for the page's editor.
TASKS: dict[str, Callable[[Engine, Board, Job], Any]] = {
    "analyze": _analyze,
    "check": _check,
    "hint": _hint,
    "levels": _levels,
    "grade": _grade,
    "board": _board,
}


def _variant_analyze(board: VariantBoard, job: Job) -> Any:
    from cnfsweep.variants.solve import analyze_variant

    return analyze_variant(board, time_limit=job.time_limit)


def _variant_check(board: VariantBoard, job: Job) -> Any:
    from cnfsweep.variants.solve import check_variant

    return check_variant(board, minimise=job.minimise, time_limit=job.time_limit)


def _variant_hint(board: VariantBoard, job: Job) -> Any:
    from cnfsweep.variants.hints import hint_variant

    return hint_variant(board, every=job.every, smallest=job.smallest, time_limit=job.time_limit)


def _variant_levels(board: VariantBoard, job: Job) -> Any:
    from cnfsweep.variants.levels import variant_levels

    return variant_levels(board, time_limit=job.time_limit)


def _variant_grade(board: VariantBoard, job: Job) -> Any:
    from cnfsweep.generation.variant_grade import grade_variant_board

    return grade_variant_board(board, time_limit=job.time_limit)


def _variant_board(board: VariantBoard, _job: Job) -> dict[str, Any]:
    # One token a cell, as the text writes it: a clue of any size, a 1W list, a trailing "'" for a dyed cell.
    return {
        "rows": board.rows,
        "cols": board.cols,
        "rules": list(board.rules.codes),
        "cells": [[cell.text() for cell in row] for row in board.cells],
        "dyed": [[c.row, c.col] for c in sorted(board.grid.dyed)],
        "total_mines": board.total,
        "text": board.text(),
        "topology": "square",
    }


#: The tasks that take a variant board (text with a ``rules:`` header): the documents ``cnfsweep solve``,
#: ``check``, ``hint`` and ``grade`` print with ``--json`` for one, ``levels`` what its clues and rules, then the
#: total, decide (the page's Peek), and ``board`` its cells for the page.
VARIANT_TASKS: dict[str, Callable[[VariantBoard, Job], Any]] = {
    "analyze": _variant_analyze,
    "check": _variant_check,
    "hint": _variant_hint,
    "levels": _variant_levels,
    "grade": _variant_grade,
    "board": _variant_board,
}

_local = threading.local()


def _engine(backend: str | None) -> Engine:
    # One engine per thread (a process has one thread doing jobs): its cache is not shared across threads.
    engines = _local.__dict__.setdefault("engines", {})
    if backend not in engines:
        engines[backend] = Engine.create(backend)
    return engines[backend]


def board_too_large(board: Board | VariantBoard, max_cells: int) -> str | None:
    """Say why ``board`` is over the cell limit, or return ``None`` when it is within it.

    Examples
    --------
    >>> board_too_large(Board.from_rows(["...", "..."]), 4)
    'the board has 2x3 = 6 cells, more than this server takes (4)'
    >>> board_too_large(Board.from_rows(["..."]), 4) is None
    True
    """
    cells = board.rows * board.cols
    if cells <= max_cells:
        return None
    return f"the board has {format_size(board.rows, board.cols)} = {cells} cells, more than this server takes ({max_cells})"


def run(job: Job) -> JobOutcome:
    """Read the job's board, run its task with the engine, and encode the answer.

    Bad input comes back as ``{"error": message}``, the message ``cnfsweep solve``
    prints after ``error:``; a time limit reached, as ``cnfsweep solve --json`` says it,
    whichever step it ran out in: reading the board, the task, or encoding its answer.

    Examples
    --------
    >>> run(Job("analyze", "1.")).verdict
    <Verdict.ANSWER: 'answer'>
    >>> print(json.loads(run(Job("check", "1.\\n9.")).body)["error"])
    board:2:1: number 9 is above 8: expected 0-8, '.', '*', 'F' or a letter
    """
    started = time.perf_counter() if job.started is None else job.started
    try:
        deadline = deadline_after(job.time_limit, started)
        if has_rules(job.board):
            return _run_variant(job, deadline)
        board = parse_board(job.board, format=job.format, source=SOURCE, total_mines=job.mines, deadline=deadline)
        if (why := board_too_large(board, job.max_cells)) is not None:
            return JobOutcome.error(Verdict.TOO_LARGE, why)
        answer = TASKS[job.task](_engine(job.backend), board, dataclasses.replace(job, time_limit=time_left(deadline)))
        body = answer_json(answer, deadline).encode()
    except TimeLimitExceeded:
        return job.expired()
    except CnfsweepError as exc:
        return JobOutcome.error(Verdict.BAD_INPUT, str(exc))
    return JobOutcome(Verdict.ANSWER, body)


def _run_variant(job: Job, deadline: float) -> JobOutcome:
    """Answer a job on a variant board as :func:`run` answers one on a classic board (its caller catches alike)."""
    if job.task not in VARIANT_TASKS:
        return JobOutcome.error(Verdict.BAD_INPUT, not_taken(SOURCE))
    board = parse_variant(job.board, SOURCE, job.mines, job.format)
    if (why := board_too_large(board, job.max_cells)) is not None:
        return JobOutcome.error(Verdict.TOO_LARGE, why)
    answer = VARIANT_TASKS[job.task](board, dataclasses.replace(job, time_limit=time_left(deadline)))
    return JobOutcome(Verdict.ANSWER, answer_json(answer, deadline).encode())


@dataclass(frozen=True)
class GenerateJob:
    """A no-guess board asked for, as ``cnfsweep generate`` takes it: board 0 of the run seeded ``seed``.

    ``text`` adds the board's native text as ``board`` (``/api/generate``); a new
    game needs only the layout. ``started`` is ``time.perf_counter()`` when the
    request came: the pool answers at ``time_limit`` after it, whatever the worker
    is doing.
    """

    level: Level
    seed: int
    start: tuple[int, int] | None = None
    method: str = "fast"
    logic: str = "full"
    time_limit: float = 10.0
    max_cells: int = 1_000_000
    text: bool = True
    started: float | None = None

    @property
    def size(self) -> int:
        """How large the job is: the cells of the board to make."""
        return self.level.cells

    def run(self) -> JobOutcome:
        """Answer the job here and now (a worker does): :func:`run_generate`."""
        return run_generate(self)

    def expired(self) -> JobOutcome:
        """What the job answers when the pool gives up on it at its deadline: :func:`timed_out`'s document.

        Examples
        --------
        >>> json.loads(GenerateJob(Level(9, 9, 10), seed=1, time_limit=1.0).expired().body)
        {'status': 'unknown', 'reason': 'no no-guess layout found within the time limit of 1.0 s', 'time_limit': 1.0}
        """
        reason = f"no no-guess layout found within the time limit of {self.time_limit} s"
        return JobOutcome.of(Verdict.UNKNOWN, timed_out(self.time_limit, reason))

    async def outcome(self, server: PoolAccess) -> JobOutcome:
        """Run in the worker pool."""
        return await server.pool(self)


def timed_out(time_limit: float, message: str) -> dict[str, Any]:
    """Return the document of a generation past its time limit: what ``cnfsweep generate --json`` prints then.

    ``/api/generate`` and a no-guess ``/api/game`` both answer it, with status 200 as
    ``/api/analyze`` answers its own ``status: unknown``.

    Examples
    --------
    >>> timed_out(1.0, "no no-guess layout found")
    {'status': 'unknown', 'reason': 'no no-guess layout found', 'time_limit': 1.0}
    """
    return {"status": "unknown", "reason": message, "time_limit": time_limit}


def run_generate(job: GenerateJob) -> JobOutcome:
    """Generate the board and answer as ``cnfsweep generate --json`` does, with its native text added as ``board``.

    Past the time limit the answer is :func:`timed_out`'s document (``Verdict.UNKNOWN``).

    Examples
    --------
    >>> doc = json.loads(run_generate(GenerateJob(Level(9, 9, 10), seed=1)).body)
    >>> doc["rows"], doc["cols"], len(doc["mine_cells"]), doc["board"].splitlines()[0]
    (9, 9, 10, 'mines: 10')
    """
    if job.level.cells > job.max_cells:
        return JobOutcome.error(
            Verdict.TOO_LARGE,
            f"a {format_size(job.level.rows, job.level.cols)} board has {job.level.cells} cells, more than this server takes ({job.max_cells})",
        )
    if not hasattr(_local, "game_engine"):
        _local.game_engine = Engine.for_games()  # as cnfsweep generate replays its boards
    engine = _local.game_engine
    try:
        # The whole limit, not what is left of it after waiting for a worker: the answer past it names the limit,
        # as `generate --json`'s does; the pool answers at the request's deadline whatever this takes.
        made = next(
            generate_boards(
                job.level,
                1,
                seed=job.seed,
                start=job.start,
                method=job.method,
                logic=job.logic,
                time_limit=job.time_limit,
                engine=engine,
            )
        )
    except TimeLimitExceeded as exc:
        return JobOutcome.of(Verdict.UNKNOWN, timed_out(job.time_limit, str(exc)))
    except CnfsweepError as exc:
        return JobOutcome.error(Verdict.BAD_INPUT, str(exc))
    if not job.text:
        return JobOutcome.of(Verdict.ANSWER, made.to_dict())
    return JobOutcome.of(Verdict.ANSWER, {**made.to_dict(), "board": made.board().to_text()})


#: What a graded puzzle past its time limit may be asked as instead.
UNGRADED = "ask without grade, or for a smaller puzzle"


@dataclass(frozen=True)
class PuzzleJob:
    """A variant puzzle asked for, as ``cnfsweep generate --rules`` makes it: rules, size, total and seed.

    Its answer is what ``generate --rules --json`` prints, and ``solution``: every cell as it shows when
    opened (``*`` a mine, else its clue, a trailing ``'`` on a dyed cell), which the page plays it by.
    """

    rules: tuple[str, ...]
    rows: int
    cols: int
    mines: int
    seed: int
    time_limit: float = 10.0
    max_cells: int = 1_000_000
    started: float | None = None
    #: Whether the answer also has the puzzle's grade (``grade``, ``grade_steps``), as ``generate --rules --grade``.
    grade: bool = False

    @property
    def size(self) -> int:
        """How large the job is: the cells of the puzzle to make."""
        return self.rows * self.cols

    def run(self) -> JobOutcome:
        """Answer the job here and now (a worker does): :func:`run_puzzle`."""
        return run_puzzle(self)

    def expired(self) -> JobOutcome:
        """What the job answers when the pool gives up on it at its deadline: :func:`timed_out`'s document.

        Examples
        --------
        >>> json.loads(PuzzleJob(("1Q", "V"), 5, 5, 8, seed=1, time_limit=1.0).expired().body)["reason"]
        'no puzzle found within the time limit of 1.0 s: ask for a smaller puzzle'
        >>> json.loads(PuzzleJob(("2E",), 6, 6, 9, seed=1, time_limit=1.0, grade=True).expired().body)["reason"]
        'no puzzle made and graded within the time limit of 1.0 s: ask without grade, or for a smaller puzzle'
        """
        if self.grade:
            reason = f"no puzzle made and graded within the time limit of {self.time_limit} s: {UNGRADED}"
        else:
            reason = f"no puzzle found within the time limit of {self.time_limit} s: ask for a smaller puzzle"
        return JobOutcome.of(Verdict.UNKNOWN, timed_out(self.time_limit, reason))

    async def outcome(self, server: PoolAccess) -> JobOutcome:
        """Run in the worker pool."""
        return await server.pool(self)


def puzzle_document(puzzle: VariantPuzzle) -> dict[str, Any]:
    """The puzzle as ``generate --rules --json`` prints it, its ``cells`` as ``POST /api/board`` gives a variant
    board's, and ``solution``: each cell as it shows when opened.

    A cell the puzzle shows keeps its clue; any other safe cell shows what its clue rule reads on the answer
    (under 1L one off, drawn from the puzzle's seed).
    """
    # The cells as they show when opened: as a game of the puzzle shows them (the one place that reads them).
    solution = PuzzleGame(puzzle.board, puzzle.answer, puzzle.seed).solution()
    cells = [[cell.text() for cell in row] for row in puzzle.board.cells]
    return {**puzzle.to_dict(), "cells": cells, "solution": solution}


def run_puzzle(job: PuzzleJob) -> JobOutcome:
    """Make the puzzle and answer :func:`puzzle_document`; bad rules or sizes are one line, past the limit unknown.

    Examples
    --------
    >>> doc = json.loads(run_puzzle(PuzzleJob(("1Q", "V"), 4, 4, 4, seed=3)).body)
    >>> doc["rules"], len(doc["mines"]), doc["solution"][0][0] in {"*", "0", "1", "2", "3"}
    (['1Q', 'V'], 4, True)
    >>> json.loads(run_puzzle(PuzzleJob(("1Z",), 4, 4, 4, seed=3)).body)["error"].split(";")[0]
    "rules: unknown rule '1Z'"
    """
    if job.size > job.max_cells:
        size = format_size(job.rows, job.cols)
        too_large = ParameterError(
            ("rows", "cols"),
            size,
            f"a {size} puzzle has {job.size} cells, more than this server takes ({job.max_cells})",
        )
        return JobOutcome.error(Verdict.TOO_LARGE, str(too_large))
    deadline = deadline_after(job.time_limit)  # the limit covers making the puzzle and grading it
    try:
        request = VariantRequest.make(job.rows, job.cols, job.mines, job.rules, time_limit=job.time_limit)
        puzzle = generate_variant(request, job.seed)
        doc = puzzle_document(puzzle)
    except TimeLimitExceeded:
        return job.expired()
    except CnfsweepError as exc:
        return JobOutcome.error(Verdict.BAD_INPUT, str(exc))
    if not job.grade:
        return JobOutcome.of(Verdict.ANSWER, doc)
    try:
        # Seed 0 for 1L's clues opened on the way, as ``generate --rules --grade`` grades: one grade a puzzle.
        report = grade_variant_layout(puzzle.board, puzzle.answer, time_limit=time_left(deadline))
    except TimeLimitExceeded:
        # Made, but its grade ran out of time (a grade asks far more than making it, under 2E most): say which.
        reason = f"the puzzle was made but not graded within the time limit of {job.time_limit} s: {UNGRADED}"
        return JobOutcome.of(Verdict.UNKNOWN, timed_out(job.time_limit, reason))
    except CnfsweepError as exc:
        return JobOutcome.error(Verdict.BAD_INPUT, str(exc))
    doc |= {"grade": report.grade.value, "grade_steps": [s.to_dict() for s in report.steps]}
    return JobOutcome.of(Verdict.ANSWER, doc)
