"""The command line, driven through typer's CliRunner as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from paths import EXAMPLES
from cnfsweep.cli import app


@pytest.fixture
def board_file(tmp_path: Path):
    def write(text: str | bytes, name: str = "board.txt") -> str:
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text)
        return str(path)

    return write


def test_solve_json_schema_and_values(run, board_file):
    result = run("solve", board_file("mines: 2\n...\n121\n"), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["consistent"] is True
    assert (doc["rows"], doc["cols"], doc["total_mines"]) == (2, 3, 2)
    # The 1-2-1 pattern against the wall decides the whole top row.
    assert doc["mines"] == [[0, 0], [0, 2]]
    assert doc["safe"] == [[0, 1]]
    assert doc["exact"] == [["1", "0", "1"], [None, None, None]]
    assert doc["probabilities"] == [[1.0, 0.0, 1.0], [None, None, None]]
    assert doc["solutions"] == "1"
    assert doc["best_guess"] == [0, 1]
    assert doc["backend"].startswith("pysat")
    assert isinstance(doc["seconds"], float)


@pytest.mark.parametrize("backend", ["cpsat", "brute", "pysat:glucose4:totalizer"])
def test_solve_backend_option(run, board_file, backend):
    doc = json.loads(run("solve", board_file("1.\n..\n"), "--json", "--backend", backend, "--mines", "1").output)
    assert doc["backend"].startswith(backend.split(":")[0])
    assert doc["exact"] == [[None, "1/3"], ["1/3", "1/3"]]


def test_solve_human_view_has_board_legend_and_summary(run):
    result = run("solve", str(EXAMPLES / "expert_midgame.txt"))
    assert result.exit_code == 0, result.output
    assert "legend:" in result.output
    assert "best guess: row" in result.output
    assert "consistent layouts:" in result.output


def test_plain_solve_view_tells_numbers_probabilities_and_best_guess_apart(run, board_file):
    # One mine beside the 1 and one among the 116 cells off the frontier: those show 1%, never a bare 1.
    path = board_file("mines: 2\n1" + "." * 11 + "\n" + ("." * 12 + "\n") * 9)
    doc = json.loads(run("solve", path, "--json").output)
    result = run("solve", path)  # no terminal: no colour, so the characters alone must tell
    assert result.exit_code == 0 and "\x1b[" not in result.output
    lines = result.output.splitlines()
    start = len("9 ")  # the row index, then four characters a cell
    marks = {(r, c): lines[1 + r][start + 4 * c : start + 4 * c + 4].strip() for r in range(10) for c in range(12)}
    assert marks[0, 0] == "1"
    best = tuple(doc["best_guess"])
    assert [cell for cell, mark in marks.items() if mark.startswith(">")] == [best]
    for cell, mark in marks.items():
        if cell != (0, 0):
            assert mark.removeprefix(">") == ("33%" if cell in {(0, 1), (1, 0), (1, 1)} else "1%"), cell
    assert "12% mine probability" in result.output and "> best guess" in result.output


def test_solve_inconsistent_is_an_answer(run, board_file):
    result = run("solve", board_file("3.\n..\n"), "--json", "--mines", "2")
    assert result.exit_code == 0
    doc = json.loads(result.output)
    assert doc["consistent"] is False and doc["solutions"] == "0" and doc["best_guess"] is None


def test_solve_reads_stdin(run):
    result = run("solve", "-", "--json", stdin="1.\n..\n")
    assert json.loads(result.output)["exact"][0][1] == "1/3"


def test_solve_other_formats(run, board_file):
    jsm = board_file("3x2x1\nH1H\nHHH\n", "b.jsm")
    doc = json.loads(run("solve", jsm, "--json").output)
    assert doc["total_mines"] == 1 and doc["rows"] == 2
    # Read as native, the size line is a five-cell row and the next row is short.
    forced = run("solve", jsm, "--json", "--format", "native")
    assert forced.exit_code == 2 and "b.jsm:2:" in forced.output


@pytest.mark.parametrize("name", ["j.jsm", "j.txt"])
@pytest.mark.parametrize("command", ["solve", "check", "hint"])
def test_a_jsm_file_without_its_mine_count_is_refused_naming_the_line(run, board_file, command, name):
    result = run(command, board_file("3x3\nHHH\nH1H\nHHH\n", name))
    assert result.exit_code == 2, result.output
    assert f"{name}:1:4: the size line '3x3' has no mine count: expected 'WxHxM'" in result.output
    assert result.output.count("\n") == 1


@pytest.mark.parametrize("command", ["solve", "check"])
def test_the_json_and_the_view_say_which_format_was_read(run, board_file, command):
    jsm, mrgriscom = board_file("3x2x1\nH1H\nHHH\n", "b.jsm"), str(EXAMPLES / "mrgriscom.txt")
    assert json.loads(run(command, jsm, "--json").output)["format"] == "jsm"
    assert json.loads(run(command, mrgriscom, "--json").output)["format"] == "minesweepr"
    assert json.loads(run(command, mrgriscom, "--json", "--format", "native").output)["format"] == "native"
    assert "read as jsm text (detected" in run(command, jsm).output
    assert "read as minesweepr text (detected" in run(command, mrgriscom).output
    # Named on the command line, or native (what a board is unless it says otherwise): nothing to point out.
    assert "read as" not in run(command, jsm, "--format", "jsm").output
    assert "read as" not in run(command, board_file("1.\n..\n")).output


def test_solve_assume(run, board_file):
    path = board_file("1u\nvv\n")
    doc = json.loads(run("solve", path, "--json", "--assume", "u=safe").output)
    assert [Fraction(x) for x in doc["exact"][1]] == [Fraction(1, 2), Fraction(1, 2)]
    doc = json.loads(run("solve", path, "--json", "--assume", "u=mine").output)
    assert doc["safe"] == [[1, 0], [1, 1]] and doc["mines"] == [[0, 1]]


def test_check_consistent_gives_witness(run, board_file):
    result = run("check", board_file("mines: 2\n.2.\n...\n"), "--json")
    assert result.exit_code == 0
    doc = json.loads(result.output)
    assert doc["consistent"] is True and doc["conflict"] is None
    assert len(doc["witness_mines"]) == 2
    assert sum(1 for r, c in doc["witness_mines"] if r <= 1 and c <= 2 and (r, c) != (0, 1)) == 2


def test_check_inconsistent_names_minimal_conflict(run, board_file):
    # A 4 in a corner can never hold; the other numbers are fine.
    result = run("check", board_file("4.1\n...\n1..\n"), "--json")
    assert result.exit_code == 1
    doc = json.loads(result.output)
    assert doc == {
        "consistent": False,
        "witness_mines": None,
        "conflict": [[0, 0]],
        "total_in_conflict": False,
        "format": "native",
        "backend": doc["backend"],
    }
    human = run("check", board_file("4.1\n...\n1..\n"))
    assert human.exit_code == 1 and "4 at row 0, col 0" in human.output


def test_check_total_in_conflict(run, board_file):
    doc = json.loads(run("check", board_file("mines: 1\n.2.\n...\n"), "--json").output)
    assert doc["consistent"] is False and doc["total_in_conflict"] is True
    assert doc["conflict"] == [[0, 1]]


def test_check_assume_labels(run, board_file):
    path = board_file("1u\n..\n")
    assert run("check", path, "--assume", "u=mine").exit_code == 0
    both = board_file("2u\nuu\n", "b2.txt")
    assert run("check", both, "--assume", "u=safe").exit_code == 1


def test_backends_lists_all(run):
    result = run("backends", "--json")
    doc = json.loads(result.output)
    names = {b["name"]: b for b in doc["backends"]}
    assert set(names) == {"cpsat", "pysat", "brute"}
    assert all(b["available"] and b["version"] for b in names.values())
    assert "cpsat" in run("backends").output


BAD_INPUTS = [
    ("ragged rows", "1..\n..\n", "board.txt:2:"),
    ("unknown character", "1.?\n...\n", "board.txt:1:3"),
    ("number above 8", "19.\n...\n", "board.txt:1:2"),
    ("bad mine count", "mines: lots\n...\n", "board.txt:1:8"),
    ("negative mine count", "mines: -3\n...\n", "board.txt:1:8"),
    ("empty file", "", "empty"),
    ("binary file", b"\x00\x01\x02", "binary"),
    ("misspelt header", "mine: 10\n...\n", "board.txt:1:1: unknown header 'mine:'"),
]


@pytest.mark.parametrize(("text", "where"), [(t, w) for _, t, w in BAD_INPUTS], ids=[i for i, _, _ in BAD_INPUTS])
@pytest.mark.parametrize("command", ["solve", "check", "hint", "levels"])
def test_bad_input_is_one_clear_line(run, board_file, command, text, where):
    result = run(command, board_file(text))
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert where in result.output
    assert result.output.strip().startswith("error:")


HUGE = "9" * 5000  # past Python's 4,300-digit limit for int(text)


@pytest.mark.parametrize(
    ("args", "text", "where"),
    [
        (["solve", "{board}"], f"mines: {HUGE}\n1.\n", "board.txt:1:8: 'mines:'"),
        (["check", "{board}"], f"first-click: 0,{HUGE}\n0.\nlayout:\n..\n", "board.txt:1:14: 'first-click:'"),
        (["solve", "{board}"], f"3x{HUGE}x1\nHHH\n", "board.txt:1:3: the size line's height"),
        (
            ["hint", "{board}"],
            f"# MINESWEEPER-BOARD v0.1\nrows: 1\ncolumns: 1\nmines: {HUGE}\n[view]\nU\n",
            "board.txt:4:8: 'mines:'",
        ),
        (["hint", "{board}", "--cell", f"{HUGE},0"], "1.\n", "--cell expects a whole number"),
        (["generate", "--start", f"0,{HUGE}"], "", "--start expects a whole number"),
        (["generate", "--size", f"{HUGE}x3", "--mines", "1"], "", "--size ROWS expects a whole number"),
        (["play", "--size", f"3x{HUGE}", "--mines", "1"], "", "--size COLS expects a whole number"),
        (["play", "--policy", f"strong:depth={HUGE}"], "", "policy strong: depth expects a whole number"),
        (["reduce", "{cnf}"], f"p cnf 3 {HUGE}\n1 0\n", "b.cnf:1: CLAUSES expects a whole number"),
    ],
)
def test_a_huge_number_anywhere_is_one_line(run, board_file, args, text, where):
    paths = {"board": board_file(text), "cnf": board_file(text, "b.cnf")}
    result = run(*[a.format(**paths) for a in args])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: ") and result.output.count("\n") == 1, result.output
    assert where in result.output and "at most 18 digits" in result.output


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["solve", "does/not/exist.txt"], "no such file"),
        (["solve", "{board}", "--backend", "nosuch"], "unknown backend"),
        (["solve", "{board}", "--backend", "pysat:nosuchsolver"], "unknown PySAT solver"),
        (["solve", "{board}", "--assume", "u"], "expected LABEL=mine or LABEL=safe"),
        (["solve", "{board}", "--assume", "z=mine"], "no cell is labelled 'z'"),
        (["solve", "{board}", "--assume", "u=mine", "--assume", "u=safe"], "contradicts --assume u=mine"),
        (["check", "{board}", "--assume", "u=safe", "-a", "u=mine"], "contradicts --assume u=safe"),
        # Kissat drops assumptions: it once called this board consistent.
        (["check", "{board}", "--backend", "pysat:kissat404"], "ignores assumptions"),
        (["solve", "{board}", "--backend", "pysat:kissat404"], "ignores assumptions"),
        (["check", "{board}", "--backend", "pysat:cryptosat"], "cannot be used"),
        (["play", "--games", "1", "--backend", "pysat:cryptosat"], "cannot be used"),
        (["solve", "{board}", "--backend", "pysat:cadical195:native"], "no native cardinality"),
    ],
)
def test_bad_options_are_clear(run, board_file, args, phrase):
    path = board_file("1u\n..\n")
    result = run(*[a.format(board=path) for a in args])
    assert result.exit_code == 2
    assert phrase in result.output and "Traceback" not in result.output


def test_error_lines_keep_brackets(run, tmp_path):
    # Error messages are not rich markup: a file named like a style tag must show as it is.
    result = run("solve", str(tmp_path / "[bold]b.txt"))
    assert result.exit_code == 2
    assert f"error: {tmp_path / '[bold]b.txt'}: no such file" in result.output


@pytest.mark.parametrize("command", ["solve", "check"])
def test_assume_on_a_board_without_labels_names_the_format(run, board_file, command):
    result = run(command, board_file("2x1x1\n1H\n", "b.jsm"), "--assume", "a=mine")
    assert result.exit_code == 2
    assert (
        "no cell is labelled 'a' (board detected as jsm format; labels exist only in the native format)"
        in result.output
    )
    forced = run(command, board_file("1.\n", "b.txt"), "--format", "minesweepr", "--assume", "a=mine")
    assert forced.exit_code == 2 and "board read as minesweepr format" in forced.output
    # Meant as native with cells labelled x, this reads as minesweepr text: the message says why x is missing.
    guessed = run(command, board_file("3x\nxx\n", "x.txt"), "--assume", "x=mine")
    assert guessed.exit_code == 2 and "board detected as minesweepr format" in guessed.output
    assert run(command, board_file("3x\nxx\n", "x.txt"), "--assume", "x=mine", "--format", "native").exit_code == 0


def test_python_dash_m_works():
    out = subprocess.run(
        [sys.executable, "-m", "cnfsweep", "solve", str(EXAMPLES / "expert_midgame.txt"), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout)["consistent"] is True


@pytest.mark.parametrize("command", ["solve", "check"])
def test_time_limit_answers_unknown(run, board_file, command):
    # A wide open board: enumeration cannot finish in a millisecond.
    path = board_file("mines: 30\n" + "1.1.1.1.1.1.1.1\n" + "...............\n" * 6)
    result = run(command, path, "--time-limit", "0", "--json")
    assert result.exit_code == 3
    assert json.loads(result.output) == {"status": "unknown", "reason": "time limit", "time_limit": 0.0}
    human = run(command, path, "--time-limit", "0")
    assert human.exit_code == 3 and "unknown" in human.output
    assert run(command, path, "--time-limit", "60", "--json").exit_code == 0


def test_check_without_minimising_still_gives_an_unsatisfiable_core(run, board_file):
    from cnfsweep import Board, check

    path = board_file("4.1\n...\n1..\n")
    doc = json.loads(run("check", path, "--no-minimise", "--json").output)
    assert doc["consistent"] is False and [0, 0] in doc["conflict"]
    # The core alone must already be contradictory: keep only its numbers.
    rows = ["4.1", "...", "1.."]
    kept = {tuple(c) for c in doc["conflict"]}
    masked = [
        "".join(ch if (r, c) in kept or not ch.isdigit() else "." for c, ch in enumerate(row))
        for r, row in enumerate(rows)
    ]
    assert check(Board.from_rows(masked)).consistent is False


# -- help -----------------------------------------------------------------------

COMMANDS = sorted(typer.main.get_command(app).commands)
BOARDLESS = {"play", "backends", "gadget", "reduce", "render"}  # commands that print no board view


def _help(*args: str) -> str:
    # Wide enough that no help text wraps, so each one can be found whole.
    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_shows_every_option_text_whole_and_flags_bare(command):
    text = _help(*filter(None, [command]))
    assert "<bool>" not in text  # a flag takes no value
    group = typer.main.get_command(app)
    params = group.params if command is None else group.commands[command].params
    for param in params:
        if param.help:
            # What the help says must show as written: rich markup must not eat brackets.
            assert " ".join(param.help.replace("\\[", "[").split()) in text, param.name
    if command in BOARDLESS:
        assert "board view" not in text


def test_help_names_the_extras():
    assert "(needs cnfsweep[dask])" in _help("play")
    assert "needs cnfsweep[png]" in _help("render")


def test_json_help_says_what_each_command_prints():
    def json_help(command: str) -> str:
        (param,) = [p for p in typer.main.get_command(app).commands[command].params if p.name == "json_out"]
        return param.help

    assert "board view" in json_help("solve") and "board view" in json_help("check")
    assert "table" in json_help("play") and "table" in json_help("backends")
    assert json_help("play") != json_help("backends")


def test_minus_o_means_output_everywhere():
    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        for param in command.params:
            if "-o" in param.opts:
                assert "--output" in param.opts, name


# -- Ctrl-C in play ---------------------------------------------------------------


def test_play_interrupted_summarises_the_games_finished(run, tmp_path, monkeypatch):
    from cnfsweep.experiments import campaign
    from cnfsweep.play.game import LEVELS

    finished = campaign.play_many(campaign.PlayConfig(LEVELS["beginner"]), games=3, seed=7)

    def interrupted(*args, on_record, **kwargs):
        for record in finished:
            on_record(record)
        raise KeyboardInterrupt  # as Ctrl-C during the fourth game

    # The command imports play_many from its home when it runs (not when its options are built).
    monkeypatch.setattr(campaign, "play_many", interrupted)
    trace = tmp_path / "t.jsonl"
    result = run("play", "--level", "beginner", "--games", "50", "--seed", "7", "--trace", str(trace))
    assert result.exit_code == 130
    wins = sum(r.won for r in finished)
    assert f"wins {wins} of 3" in result.output and "interrupted: 3 of 50 games played" in result.output
    assert len(trace.read_text().splitlines()) == 3
    result = run("play", "--level", "beginner", "--games", "50", "--seed", "7", "--json")
    assert result.exit_code == 130
    doc = json.loads(result.stdout)
    assert doc["interrupted"] is True and doc["games"] == 3 and doc["wins"] == wins


@pytest.mark.parametrize("executor", ["local", "dask"])
def test_play_ctrl_c_stops_workers_cleanly(tmp_path, executor):
    import os
    import signal
    import time

    trace = tmp_path / "t.jsonl"
    args = [
        sys.executable,
        "-m",
        "cnfsweep",
        "play",
        "--level",
        "beginner",
        "--games",
        "1000000",
        "--workers",
        "2",
        "--executor",
        executor,
        "--json",
        "--trace",
        str(trace),
    ]
    # A session of its own: Ctrl-C goes to the whole process group, workers included.  SIGINT is
    # given back its default, as in a terminal: a shell's background job (`pytest &`) ignores it,
    # and its children would inherit that and never see the Ctrl-C.
    proc = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # The child is alone in its session and runs no threads yet: restoring SIGINT before exec is safe.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    try:
        deadline = time.monotonic() + 120
        while not (trace.exists() and trace.stat().st_size) and time.monotonic() < deadline:
            time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "interrupted:" in err
    doc = json.loads(out)
    assert doc["interrupted"] is True and doc["games"] == len(trace.read_text().splitlines()) > 0


def test_the_labelled_example_says_what_a_label_means_without_assume(run):
    # The a cells are all mines or all safe only under --assume: unassumed, a layout may split them.
    from itertools import product

    from cnfsweep import Board

    text = (EXAMPLES / "labelled.txt").read_text()
    board = Board.parse(text)
    covered = [c for c in board.cells() if not board.char(c).isdigit()]
    labelled = [i for i, c in enumerate(covered) if board.char(c) == "a"]

    def fits(mines: tuple[int, ...]) -> bool:
        return all(
            sum(m for m, c in zip(mines, covered, strict=True) if max(abs(c.row - n.row), abs(c.col - n.col)) == 1)
            == int(board.char(n))
            for n in board.numbers
        )

    fitting = [m for m in product((0, 1), repeat=len(covered)) if fits(m)]
    assert any(len({m[i] for i in labelled}) > 1 for m in fitting)
    comment = " ".join(line.lstrip("# ") for line in text.splitlines() if line.startswith("#"))
    assert "without --assume each a is a covered cell like any other" in comment
    assert run("check", str(EXAMPLES / "labelled.txt"), "--assume", "a=mine").exit_code == 0
    assert run("check", str(EXAMPLES / "labelled.txt"), "--assume", "a=safe").exit_code == 1
