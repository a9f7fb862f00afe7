"""The command line, driven through typer's CliRunner as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cnfsweep.cli import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str, stdin: str | None = None):
        return runner.invoke(app, list(args), input=stdin)

    return invoke


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
]


@pytest.mark.parametrize(("text", "where"), [(t, w) for _, t, w in BAD_INPUTS], ids=[i for i, _, _ in BAD_INPUTS])
@pytest.mark.parametrize("command", ["solve", "check"])
def test_bad_input_is_one_clear_line(run, board_file, command, text, where):
    result = run(command, board_file(text))
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert where in result.output
    assert result.output.strip().startswith("error:")


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["solve", "does/not/exist.txt"], "no such file"),
        (["solve", "{board}", "--backend", "nosuch"], "unknown backend"),
        (["solve", "{board}", "--backend", "pysat:nosuchsolver"], "unknown PySAT solver"),
        (["solve", "{board}", "--assume", "u"], "expected LABEL=mine or LABEL=safe"),
        (["solve", "{board}", "--assume", "z=mine"], "no cell is labelled 'z'"),
    ],
)
def test_bad_options_are_clear(run, board_file, args, phrase):
    path = board_file("1u\n..\n")
    result = run(*[a.format(board=path) for a in args])
    assert result.exit_code == 2
    assert phrase in result.output and "Traceback" not in result.output


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
    masked = ["".join(ch if (r, c) in kept or not ch.isdigit() else "." for c, ch in enumerate(row)) for r, row in enumerate(rows)]
    assert check(Board.from_rows(masked)).consistent is False
