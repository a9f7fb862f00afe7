"""Whatever a board file holds, ``solve``, ``check`` and ``hint`` answer, or say in one line what is wrong (exit 2)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cnfsweep.formats import FORMATS
from hostile import hostile_text

_names = itertools.count()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for every drawn file (a function-scoped one would be shared by the examples anyway)."""
    return tmp_path_factory.mktemp("hostile")


def assert_answer_or_one_line(result, command: str) -> None:
    """An answer (0, or 1 from ``check`` and ``hint``), or one line starting ``error:`` and exit 2; never a traceback."""
    # CliRunner turns an uncaught exception into exit 1: only a clean exit counts.
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert result.exit_code in ((0, 2) if command == "solve" else (0, 1, 2)), result.output
    if result.exit_code == 2:
        assert result.output.startswith("error: ") and result.output.count("\n") == 1, result.output
    else:
        assert "error:" not in result.output


@given(
    text=hostile_text(),
    command=st.sampled_from(["solve", "check", "hint"]),
    fmt=st.sampled_from(FORMATS),
    suffix=st.sampled_from([".txt", ".jsm"]),
    json=st.booleans(),
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_board_file_gets_an_answer_or_one_line(
    run, folder: Path, text: str, command: str, fmt: str, suffix: str, json: bool
) -> None:
    path = folder / f"b{next(_names)}{suffix}"
    path.write_bytes(text.encode())
    limit = [] if command == "hint" else ["--time-limit", "20"]  # hint takes no time limit yet
    result = run(command, str(path), "--format", fmt, *(["--json"] if json else []), *limit)
    assert_answer_or_one_line(result, command)


@pytest.mark.parametrize("ending", ["\n", "\r\n"])
@pytest.mark.parametrize("bom", ["", "\ufeff"])
def test_crlf_and_a_bom_are_ordinary_text_in_every_format(run, folder: Path, ending: str, bom: str) -> None:
    boards = {
        "native": "mines: 1\n1.\n..\n",
        "jsm": "2x2x1\n1H\nHH\n",
        "minesweepr": "1x\nxx\n",
        "msboard": "# MINESWEEPER-BOARD v0.1\nrows: 2\ncolumns: 2\nmines: 1\n\n[view]\n1U\nUU\n",
    }
    for fmt, text in boards.items():
        path = folder / f"b{next(_names)}.txt"
        path.write_bytes((bom + text.replace("\n", ending)).encode())
        for chosen in ("auto", fmt):
            result = run("solve", str(path), "--format", chosen, "--mines", "1", "--json")
            assert result.exit_code == 0, (fmt, chosen, result.output)
