"""Command-line friction: usage errors in one line, ``-o -`` as standard output, conflicting options refused."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest
import typer

from cnfsweep.cli import app
from closed_pipe import into_closed_reader
from paths import EXAMPLES

GROUP = typer.main.get_command(app)
BOARD = str(EXAMPLES / "hint_demo.txt")


def _needs_board(command: str) -> list[str]:
    """The arguments a command needs to get past its own required argument."""
    params = GROUP.commands[command].params
    args = [BOARD for p in params if p.param_type_name == "argument" and p.required]
    if command == "render":
        args += ["-o", "-"]  # its one required option
    return args


def _value_options() -> list[tuple[str, str]]:
    return [
        (name, max(param.opts, key=len))
        for name, command in GROUP.commands.items()
        for param in command.params
        if param.param_type_name == "option" and not getattr(param, "is_flag", False) and param.name != "output"
    ]


def _numeric_options() -> list[tuple[str, str, float]]:
    return [
        (name, max(param.opts, key=len), param.min)
        for name, command in GROUP.commands.items()
        for param in command.params
        if param.param_type_name == "option" and getattr(param, "min", None) is not None
    ]


#: Options whose values are names from a fixed list.
CHOICES = [
    ("solve", "--format"),
    ("solve", "--counting"),
    ("solve", "--arithmetic"),
    ("check", "--format"),
    ("hint", "--format"),
    ("levels", "--format"),
    ("play", "--first-click"),
    ("play", "--executor"),
    ("play", "--logic"),
    ("generate", "--method"),
    ("generate", "--logic"),
    ("generate", "--format"),
    ("generate", "--grade"),
    ("grade", "--logic"),
    ("grade", "--format"),
    ("gadget", "--orientation"),
    ("render", "--format"),
]


def _cases() -> list[tuple[str, list[str], str]]:
    cases = []
    for name in GROUP.commands:
        cases.append((name, [*_needs_board(name), "--no-such-option"], "no such option: --no-such-option"))
    for name, option in _value_options():
        cases.append((name, [*_needs_board(name), option], f"option '{option}' requires an argument"))
    for name, option, minimum in _numeric_options():
        below = str(int(minimum) - 1) if float(minimum).is_integer() else "-1"
        cases.append((name, [*_needs_board(name), option, below], f"invalid value for '{option}'"))
        cases.append((name, [*_needs_board(name), option, "lots"], f"invalid value for '{option}'"))
    for name, option in CHOICES:
        cases.append((name, [*_needs_board(name), option, "xyz"], f"invalid value for '{option}'"))
    for name, command in GROUP.commands.items():
        if any(p.param_type_name == "argument" and p.required for p in command.params):
            cases.append((name, ["-o", "-"] if name == "render" else [], "missing argument"))
            cases.append((name, [*_needs_board(name), "extra-argument"], "unexpected extra argument"))
    cases.append(("render", [BOARD], "missing option '--output'"))
    return cases


CASES = _cases()


def test_the_cases_cover_every_command_and_kind():
    assert {name for name, _, _ in CASES} == set(GROUP.commands)
    assert len(CASES) > 100


@pytest.mark.parametrize(("command", "args", "phrase"), CASES, ids=[" ".join([c, *a[-2:]]) for c, a, _ in CASES])
def test_every_usage_error_is_one_line(run, command, args, phrase):
    result = run(command, *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert phrase in result.stderr and f"(see 'cnfsweep {command} --help')" in result.stderr.replace("root", "cnfsweep")
    assert "Usage:" not in result.stderr and "╭" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [["no-such-command"], ["--no-such-option"]],
)
def test_the_group_says_its_errors_in_one_line(run, args):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr


def test_no_command_still_shows_the_help(run):
    assert "Usage" in run().output


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (
            ["solve", BOARD, "--mines", "-1"],
            "error: invalid value for '--mines' / '-m': expected a value greater than or equal to 0",
        ),
        (["solve", BOARD, "--format", "xyz"], "error: invalid value for '--format' / '-f': 'xyz' is not one of"),
        (
            ["generate", "--count", "0"],
            "error: invalid value for '--count' / '-n': expected a value greater than or equal to 1",
        ),
        (["play", "--bogus"], "error: no such option: --bogus"),
    ],
)
def test_a_real_process_says_usage_errors_in_one_line(args, phrase):
    # The installed command runs typer in standalone mode, which CliRunner does not quite.
    out = subprocess.run([sys.executable, "-m", "cnfsweep", *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, out.stderr
    assert out.stdout == "" and out.stderr.count("\n") == 1 and out.stderr.startswith(phrase), out.stderr


@pytest.mark.parametrize(
    "args", [["--help"], ["solve", BOARD], ["solve", BOARD, "--json"]], ids=["help", "text", "json"]
)
def test_a_reader_that_stops_early_ends_the_command_quietly(args):
    # `cnfsweep ... | head`: click's standalone mode ends a closed pipe with status 1 and no traceback.
    done = into_closed_reader([sys.executable, "-m", "cnfsweep", *args])
    assert (done.returncode, done.stderr) == (1, "")


def _single_options() -> list[tuple[str, list[str]]]:
    cases = []
    for name, command in GROUP.commands.items():
        for param in command.params:
            if param.param_type_name != "option" or param.multiple or param.name == "output":
                continue
            given = [param.opts[-1]] if param.is_flag else [param.opts[-1], "1"]
            cases.append((name, [*_needs_board(name), *given, *given]))
    return cases


@pytest.mark.parametrize(
    ("command", "args"), _single_options(), ids=lambda x: x if isinstance(x, str) else " ".join(x[-2:])
)
def test_an_option_given_twice_is_refused_not_the_last_kept(run, command, args):
    result = run(command, *args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert "is given twice; give it once" in result.stderr


def test_repeatable_options_may_repeat(run):
    result = run("solve", str(EXAMPLES / "labelled.txt"), "-a", "a=mine", "--assume", "a=mine", "--json")
    assert result.exit_code == 0, result.output
    assert run("check", BOARD, "--minimise", "--no-minimise").stderr.startswith(
        "error: --minimise (as --no-minimise) is given twice"
    )


# -- -o - is standard output -----------------------------------------------------------


@pytest.mark.parametrize("extra", [[], ["--count", "2"], ["--count", "2", "--json"]])
def test_generate_dash_o_writes_to_standard_output(run, tmp_path, monkeypatch, extra):
    monkeypatch.chdir(tmp_path)
    result = run("generate", "-l", "beginner", "--seed", "1", "-o", "-", *extra)
    assert result.exit_code == 0, result.output
    assert list(tmp_path.iterdir()) == []  # no file named '-', '--1' or '--2'
    plain = run("generate", "-l", "beginner", "--seed", "1", *extra).stdout
    if "--json" in extra:  # the same boards as without -o; only the seconds differ
        assert [json.loads(line)["mine_cells"] for line in result.stdout.splitlines()] == [
            json.loads(line)["mine_cells"] for line in plain.splitlines()
        ]
        assert len(plain.splitlines()) == 2
    else:
        assert result.stdout == plain
        assert result.stdout.count("# cnfsweep generate:") == (2 if extra else 1)


def test_reduce_dash_o_and_dash_map(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board = run("reduce", "--expr", "a | b", "-o", "-")
    assert board.exit_code == 0 and board.stdout == run("reduce", "--expr", "a | b").stdout
    mapped = run("reduce", "--expr", "a | b", "-o", "board.txt", "--map", "-")
    assert mapped.exit_code == 0, mapped.output
    assert json.loads(mapped.stdout)["size"]["variables"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.txt"]
    refused = run("reduce", "--expr", "a | b", "--map", "-")
    assert refused.exit_code == 2 and refused.stderr.startswith("error: --map -")


def test_play_trace_dash_writes_the_trace_to_standard_output(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "-l", "beginner", "-n", "2", "--trace", "-")
    assert result.exit_code == 0, result.output
    assert [set(json.loads(line)) >= {"seed", "moves", "won"} for line in result.stdout.splitlines()] == [True, True]
    assert "win rate" in result.stderr and list(tmp_path.iterdir()) == []
    both = run("play", "-l", "beginner", "-n", "2", "--trace", "-", "--json")
    assert both.exit_code == 2 and "--trace - and --json" in both.stderr


# -- conflicting options --------------------------------------------------------------------


GUESS = str(EXAMPLES / "grade_demo.txt")


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["play", "--board", GUESS, "--games", "5"], "--board and --games cannot be used together"),
        (["play", "-l", "beginner", "--board", GUESS], "--board and --level cannot be used together"),
        (["play", "--board", GUESS, "--seed", "3"], "--board and --seed cannot be used together"),
        (["play", "--board", GUESS, "--no-guess"], "--board and --no-guess cannot be used together"),
        (["play", "--board", GUESS, "--workers", "2"], "--board and --workers cannot be used together"),
        (["play", "--no-guess", "--first-click", "any"], "--no-guess and --first-click cannot be used together"),
        (["play", "--logic", "local"], "--logic applies only with --no-guess"),
        (
            ["play", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:8786", "--workers", "3"],
            "--scheduler and --workers cannot be used together",
        ),
        (["play", "--policy", "strong:depth=1,depth=4"], "policy strong: depth is given twice"),
        (["hint", BOARD, "--cell", "2,5", "--all"], "--cell and --all cannot be used together"),
        (["generate", "--format", "jsm", "--json"], "--format and --json cannot be used together"),
        (["grade", GUESS, "-o", "-", "--json"], "--output - and --json cannot be used together"),
        (["render", BOARD, "-o", "-", "--backend", "brute"], "--backend applies only with --probabilities"),
        (["gadget", "--truth-table"], "--truth-table applies only with a gadget NAME"),
        (["gadget", "--orientation", "rot90"], "--orientation applies only with a gadget NAME"),
        (["gadget", "wire", "--backend", "brute"], "--backend applies only with --truth-table"),
        (["reduce", "--expr", "a", "--backend", "brute"], "--backend applies only with --solve"),
    ],
)
def test_conflicting_options_are_refused_in_one_line(run, args, phrase):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert phrase in result.stderr and result.stdout == ""


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--board", GUESS, "--policy", "strong", "--json"],
        ["play", "--no-guess", "--logic", "local", "-l", "beginner", "-n", "1", "--json"],
        ["hint", BOARD, "--cell", "0,1", "--smallest", "--json"],
        ["gadget", "wire", "--truth-table", "--backend", "brute", "--json"],
    ],
)
def test_options_that_go_together_still_do(run, args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)


# -- serve on a port in use ---------------------------------------------------------------


def test_serve_on_a_port_in_use_is_one_line_before_serving(run):
    pytest.importorskip("uvicorn")
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = run("serve", "--port", str(port), "--threads", "--workers", "1")
    assert result.exit_code == 2, result.output
    assert "serving" not in result.output
    assert result.stderr.startswith(f"error: --port {port}: cannot listen on 127.0.0.1:{port}: ")
    assert result.stderr.count("\n") == 1, result.stderr
