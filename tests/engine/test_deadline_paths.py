"""A time limit covers every step of every path: reading the board, the engine, a conflict's minimisation, the answer.

No wall clock is timed here. Either the deadline has passed before a step
starts, or a fake clock jumps past it at one chosen moment (the clock every
deadline check reads is ``cnfsweep.core.deadline.time.perf_counter``), and the
answer must then be the time-out: ``TimeLimitExceeded`` from the library, exit
3 with ``{"status": "unknown"}`` from the CLI, and that document from the
server's jobs. ``python -m benchmarks limits --paths`` measures how late the
time-out comes on a 1000x999 board.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cnfsweep
from cnfsweep import Board, TimeLimitExceeded, analyze, check, levels
from cnfsweep.core import deadline
from cnfsweep.core.jsontext import answer_json, dumps
from cnfsweep.formats import parse_board
from cnfsweep.web import jobs
from cnfsweep.web.jobs import Job, Verdict, run

BOARD = "mines: 4\n1..\n...\n.2.\n"
INCONSISTENT = "2.\n00\n"  # check minimises its conflict
TEXTS = {  # one board in every format
    "native": "mines: 3\n1F.\n...\n",
    "jsm": "3x2x3\n1FH\nHHH\n",
    "minesweepr": "1*x\nxxx\n",
    "msboard": "# MINESWEEPER-BOARD v0.1\nrows: 2\ncolumns: 3\nmines: 3\n\n[view]\n1FU\nUUU\n",
}
UNKNOWN = {"status": "unknown", "reason": "time limit"}


class FakeClock:
    """``time.perf_counter`` as the deadline checks read it: the real one, plus whatever :meth:`jump` added."""

    def __init__(self) -> None:
        self.offset = 0.0

    def perf_counter(self) -> float:
        return time.perf_counter() + self.offset

    def jump(self, seconds: float = 1e6) -> None:
        """Move the clock on, as if a step had taken ``seconds``."""
        self.offset += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeClock]:
    fake = FakeClock()
    monkeypatch.setattr(deadline, "time", fake)
    yield fake


def jumping_after(clock: FakeClock, call: Callable[..., Any]) -> Callable[..., Any]:
    """``call``, after which the clock jumps past any deadline: the next step starts too late."""

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        out = call(*args, **kwargs)
        clock.jump()
        return out

    return wrapped


def jumping_before(clock: FakeClock, call: Callable[..., Any]) -> Callable[..., Any]:
    """``call``, before which the clock jumps past any deadline: the step itself must notice."""

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        clock.jump()
        return call(*args, **kwargs)

    return wrapped


# The library: each step gives up once its deadline has passed.


@pytest.mark.parametrize("fmt", TEXTS)
def test_reading_a_board_gives_up_past_its_deadline(fmt: str) -> None:
    assert parse_board(TEXTS[fmt], format=fmt).rows == 2
    with pytest.raises(TimeLimitExceeded):
        parse_board(TEXTS[fmt], format=fmt, deadline=time.perf_counter() - 1)


@pytest.mark.parametrize("call", [analyze, check, levels])
def test_the_python_api_counts_reading_the_text(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch, call: Callable[..., Any]
) -> None:
    # The text is read with the clock already past: the limit covers it, so nothing after it runs.
    from cnfsweep.formats import native

    monkeypatch.setattr(native, "split_lines", jumping_before(clock, native.split_lines))
    with pytest.raises(TimeLimitExceeded):
        call(BOARD, time_limit=10)


def test_check_gives_up_while_minimising_its_conflict(clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    from cnfsweep.engine import consistency

    assert not check(INCONSISTENT).consistent
    monkeypatch.setattr(consistency, "minimise_core", jumping_before(clock, consistency.minimise_core))
    with pytest.raises(TimeLimitExceeded):
        check(INCONSISTENT, time_limit=10)


@pytest.mark.parametrize("name", ["Analysis.to_dict", "Analysis.to_json", "levels.to_dict", "levels.to_json"])
def test_building_an_answer_gives_up_past_its_deadline(name: str) -> None:
    result = analyze(BOARD) if name.startswith("Analysis") else levels(BOARD)
    method = getattr(result, name.split(".")[1])
    assert method(None)  # without a deadline: the answer
    with pytest.raises(TimeLimitExceeded):
        method(time.perf_counter() - 1)


def test_encoding_gives_up_past_its_deadline() -> None:
    document = analyze(BOARD).to_dict()
    assert json.loads(answer_json(document)) == json.loads(dumps(document)) == document
    for encode in (answer_json, dumps):
        with pytest.raises(TimeLimitExceeded):
            encode(document, time.perf_counter() - 1)


def test_an_answer_finished_after_its_deadline_is_a_time_out(clock: FakeClock) -> None:
    # The last step may overrun: the clock is read once more when the text is done.
    class Late:
        def to_dict(self) -> dict[str, Any]:
            clock.jump()
            return {"consistent": True}

    with pytest.raises(TimeLimitExceeded):
        answer_json(Late(), time.perf_counter() + 10)


# The CLI: exit 3 and the unknown document, whichever step ran out.

COMMANDS = {"solve": BOARD, "check": BOARD, "levels": BOARD, "check-conflict": INCONSISTENT}


def _cli(run: Callable[..., Any], tmp_path: Any, command: str, *extra: str) -> Any:
    path = tmp_path / "board.txt"
    path.write_text(COMMANDS[command])
    return run(command.removesuffix("-conflict"), str(path), "--time-limit", "10", *extra)


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("step", ["reading", "engine", "answer"])
@pytest.mark.parametrize("json_out", [True, False], ids=["json", "view"])
def test_every_command_times_out_in_every_step(
    run: Callable[..., Any],
    tmp_path: Any,
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    step: str,
    json_out: bool,
) -> None:
    from cnfsweep.cli import common
    from cnfsweep.engine import Engine

    extra = ("--json",) if json_out else ()
    before = _cli(run, tmp_path, command, *extra)
    assert before.exit_code in (0, 1), before.output
    if step == "reading":
        monkeypatch.setattr(common, "read_file", jumping_after(clock, common.read_file))
    else:  # "engine": the library call starts too late, it must notice at once; "answer": the engine
        # answered in time, writing the answer starts too late
        jumping = jumping_before if step == "engine" else jumping_after
        for method in ("analyze", "check", "levels"):
            monkeypatch.setattr(Engine, method, jumping(clock, getattr(Engine, method)))
    # The commands take this class from cnfsweep.engine (solve and check when they run): were one to use another,
    # no step would be late and it would not exit with 3.
    result = _cli(run, tmp_path, command, *extra)
    assert result.exit_code == 3, result.output
    if json_out:
        assert json.loads(result.stdout) == {**UNKNOWN, "time_limit": 10.0}
    else:
        assert result.stdout.startswith("unknown: no exact answer within the time limit of 10.0 s")


# The server's jobs: the unknown document, whichever step ran out, with the clock started by the request.

#: Each task's board; ``grade`` takes one that carries its layout.
GRADED = "mines: 1\nfirst-click: 0,0\n...\nlayout:\n.*.\n"
TASK_BOARDS = {
    "analyze": BOARD,
    "check": BOARD,
    "levels": BOARD,
    "board": BOARD,
    "grade": GRADED,
    "check-conflict": INCONSISTENT,
}


def _job(task: str, **kwargs: Any) -> Job:
    return Job(task.removesuffix("-conflict"), TASK_BOARDS[task], **kwargs)


@pytest.mark.parametrize("task", TASK_BOARDS)
def test_a_job_that_waited_past_its_limit_is_a_time_out(task: str) -> None:
    assert run(_job(task)).verdict is Verdict.ANSWER
    late = run(_job(task, time_limit=1.0, started=time.perf_counter() - 2.0))
    assert late.verdict is Verdict.UNKNOWN and json.loads(late.body) == {**UNKNOWN, "time_limit": 1.0}


@pytest.mark.parametrize("task", TASK_BOARDS)
@pytest.mark.parametrize("step", ["reading", "task", "answer"])
def test_a_job_times_out_in_every_step(clock: FakeClock, monkeypatch: pytest.MonkeyPatch, task: str, step: str) -> None:
    name = task.removesuffix("-conflict")
    if step == "reading":
        monkeypatch.setattr(jobs, "parse_board", jumping_after(clock, jobs.parse_board))
    elif step == "task":
        monkeypatch.setitem(jobs.TASKS, name, jumping_before(clock, jobs.TASKS[name]))
    else:
        monkeypatch.setitem(jobs.TASKS, name, jumping_after(clock, jobs.TASKS[name]))
    outcome = run(_job(task, time_limit=5.0))
    if step == "task" and name == "board":  # reading the text is all it does: nothing left to notice
        return
    assert outcome.verdict is Verdict.UNKNOWN, outcome.body[:200]
    assert json.loads(outcome.body) == {**UNKNOWN, "time_limit": 5.0}


def test_a_task_gets_the_time_left_as_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[float] = []

    def spy(_engine: Any, _board: Board, job: Job) -> dict[str, Any]:
        seen.append(job.time_limit)
        return {}

    monkeypatch.setitem(jobs.TASKS, "analyze", spy)
    run(Job("analyze", BOARD, time_limit=10.0, started=time.perf_counter() - 4.0))
    assert 0 < seen[0] <= 6.0


def test_the_server_starts_the_clock_when_the_request_comes(monkeypatch: pytest.MonkeyPatch) -> None:
    # A request whose job could start only long after it came is answered as a time-out.
    from fastapi.testclient import TestClient

    from cnfsweep.web import app as app_module
    from cnfsweep.web.routes import context as route_context
    from cnfsweep.web.settings import Pool, Settings

    class LongAgo:
        @staticmethod
        def perf_counter() -> float:
            return time.perf_counter() - 100.0

    settings = Settings(pool=Pool.THREAD, workers=1)
    with TestClient(app_module.create_app(settings)) as client:
        assert client.post("/api/analyze", json={"board": BOARD}).json()["status"] == "solved"
        monkeypatch.setattr(route_context, "time", LongAgo)
        answer = client.post("/api/analyze", json={"board": BOARD, "time_limit": 1.0})
    assert answer.status_code == 200 and answer.json() == {**UNKNOWN, "time_limit": 1.0}


def test_every_exported_entry_point_takes_a_limit() -> None:
    # The three calls the README lists with time_limit read text as well as boards.
    for call in (cnfsweep.analyze, cnfsweep.check, cnfsweep.levels):
        assert call(BOARD, time_limit=60) is not None


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("json_out", [True, False], ids=["json", "view"])
def test_a_limit_in_time_changes_nothing_printed(
    run: Callable[..., Any], tmp_path: Any, command: str, json_out: bool
) -> None:
    # With a limit the answer is written whole before it is printed (the view in a thread of its own).
    extra = ("--json",) if json_out else ()
    path = tmp_path / "board.txt"
    path.write_text(COMMANDS[command])
    free = run(command.removesuffix("-conflict"), str(path), *extra)
    limited = _cli(run, tmp_path, command, *extra)
    assert limited.exit_code == free.exit_code
    if json_out:
        strip = lambda out: {k: v for k, v in json.loads(out).items() if k != "seconds"}  # noqa: E731
        assert strip(limited.stdout) == strip(free.stdout)
    else:
        timing = lambda out: [line for line in out.splitlines() if " ms" not in line]  # noqa: E731
        assert timing(limited.stdout) == timing(free.stdout) and limited.stdout.strip()


@pytest.mark.parametrize("command", ["solve", "check", "levels"])
def test_the_command_line_says_unknown_in_full_and_leaves(tmp_path: Any, command: str) -> None:
    # Its own process exits at once after the time-out (os._exit): what it said must still be all there.
    import subprocess
    import sys

    path = tmp_path / "board.txt"
    path.write_text(BOARD)
    for extra, expected in (
        ("--json", json.dumps({**UNKNOWN, "time_limit": 0.0}) + "\n"),
        (None, "unknown: no exact answer within the time limit of 0.0 s\n"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "cnfsweep", command, str(path), "--time-limit", "0", *([extra] if extra else [])],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert (done.returncode, done.stdout, done.stderr) == (3, expected, "")


@pytest.mark.parametrize("command", COMMANDS)
def test_the_command_line_answers_in_full_and_leaves(tmp_path: Any, command: str) -> None:
    # With a limit the process also exits at once once its answer is out: the answer must be all there.
    import subprocess
    import sys

    path = tmp_path / "board.txt"
    path.write_text(COMMANDS[command])
    args = [sys.executable, "-m", "cnfsweep", command.removesuffix("-conflict"), str(path), "--json"]
    free = subprocess.run(args, capture_output=True, text=True, timeout=120)
    limited = subprocess.run([*args, "--time-limit", "60"], capture_output=True, text=True, timeout=120)
    strip = lambda out: {k: v for k, v in json.loads(out).items() if k != "seconds"}  # noqa: E731
    assert limited.returncode == free.returncode and limited.stderr == free.stderr == ""
    assert strip(limited.stdout) == strip(free.stdout) and limited.stdout.endswith("}\n")
