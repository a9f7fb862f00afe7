"""Sizes are rows x columns everywhere: what cnfsweep reads (``--size``, a campaign's levels) and what it prints.

``play.level.format_size`` writes every size and ``play.level.parse_size`` reads every one. The
boards here are not square and not symmetric under transposition (5 rows of 9 cells), so a place
that swaps rows and columns shows ``9x5`` and fails.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from paths import EXAMPLES, ROOT

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.experiments.log import Arm, parse_levels
from cnfsweep.generation import generate, opening_area
from cnfsweep.play import FirstClick
from cnfsweep.play.level import LEVELS, Level, format_size, parse_size

ROWS, COLS, MINES = 5, 9, 4
SIZE = f"{ROWS}x{COLS}"  # 5 rows of 9 cells
WITH_MINES = f"{SIZE}/{MINES}"


@given(st.integers(1, 10**6), st.integers(1, 10**6), st.none() | st.integers(0, 10**6))
def test_a_written_size_reads_back_as_itself(rows: int, cols: int, mines: int | None) -> None:
    assert parse_size(format_size(rows, cols, mines)) == (rows, cols, mines)


def test_sizes_are_rows_by_columns_and_a_graphs_is_its_cells() -> None:
    assert LEVELS["expert"].size_text == "16x30/99"
    assert format_size(ROWS, COLS) == SIZE and format_size(ROWS, COLS, MINES) == WITH_MINES
    assert format_size(1, 162, 22, graph=True) == "162 cells/22 mines"
    assert format_size(1, 1, 1, graph=True) == "1 cell/1 mine"


@pytest.mark.parametrize(
    ("text", "mines", "phrase"),
    [
        ("9 by 5", 4, "--size must be ROWSxCOLS (or ROWSxCOLS/MINES) such as 16x30, got '9 by 5'"),
        ("0x5", 4, "--size ROWS expects an integer >= 1"),
        (SIZE, None, "needs a mine count"),
        (WITH_MINES, MINES + 1, "give them once"),
    ],
)
def test_a_bad_size_says_what_was_expected(text: str, mines: int | None, phrase: str) -> None:
    with pytest.raises(CnfsweepError, match=re.escape(phrase)):
        Level.parse_size(text, mines, what="--size")


@pytest.mark.parametrize("command", ["play", "generate"])
@pytest.mark.parametrize("size", [[SIZE, "--mines", str(MINES)], [WITH_MINES]], ids=["mines-apart", "with-mines"])
def test_size_is_rows_by_columns(run, command: str, size: list[str]) -> None:
    extra = ["--games", "1"] if command == "play" else []
    result = run(command, "--size", *size, "--seed", "1", "--json", *extra)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout.splitlines()[0])
    assert (doc["rows"], doc["cols"], doc["mines"]) == (ROWS, COLS, MINES)


def test_size_and_mines_that_disagree_are_one_line(run) -> None:
    result = run("generate", "--size", WITH_MINES, "--mines", "5")
    assert result.exit_code == 2 and result.output.count("\n") == 1 and "give them once" in result.output


def test_the_play_summary_and_a_games_line_print_rows_by_columns(run, tmp_path: Path) -> None:
    summary = run("play", "--size", SIZE, "--mines", str(MINES), "--games", "1", "--seed", "1")
    assert f"custom {WITH_MINES}, first click safe" in summary.stdout
    board = tmp_path / "b.txt"
    assert run("generate", "--size", WITH_MINES, "--seed", "1", "-o", str(board)).exit_code == 0
    assert board.read_text().startswith(f"# cnfsweep generate: {WITH_MINES}, run seed 1")
    game = run("play", "--board", str(board))
    assert game.exit_code == 0 and f"{board}: {WITH_MINES}, won" in " ".join(game.stdout.split())


def test_a_graph_board_is_its_cells(run, tmp_path: Path) -> None:
    board = tmp_path / "g.json"
    assert (
        run(
            "generate",
            "--graph",
            str(EXAMPLES / "graphs" / "cube.json"),
            "--mines",
            "8",
            "--seed",
            "1",
            "-o",
            str(board),
        ).exit_code
        == 0
    )
    game = run("play", "--board", str(board))
    assert game.exit_code == 0 and f"{board}: 64 cells/8 mines, won" in " ".join(game.stdout.split()), game.stdout


def test_replay_prints_rows_by_columns(run, tmp_path: Path) -> None:
    trace = tmp_path / "t.jsonl"
    assert run("play", "--size", WITH_MINES, "--games", "1", "--seed", "1", "--trace", str(trace)).exit_code == 0
    assert f"\ntrace {WITH_MINES}: won" in run("replay", str(trace)).stdout


def test_grade_and_render_print_rows_by_columns(run, tmp_path: Path) -> None:
    board = tmp_path / "b.txt"
    assert run("generate", "--size", WITH_MINES, "--seed", "1", "-o", str(board)).exit_code == 0
    assert f"{SIZE}, {MINES} mines" in run("grade", str(board)).stdout
    picture = tmp_path / "b.svg"
    assert run("render", str(board), "-o", str(picture)).exit_code == 0
    heading = next(e.text for e in ET.parse(picture).iter() if e.get("class") == "heading")
    assert f"({SIZE}, {MINES} mines)" in heading


def test_generation_errors_say_rows_by_columns() -> None:
    level = Level(ROWS, COLS, MINES)
    with pytest.raises(CnfsweepError, match=f"off the {SIZE} board: rows run 0-4 and columns 0-8"):
        opening_area(level, Cell(5, 0))
    with pytest.raises(CnfsweepError, match=f"on {SIZE}: "):
        generate(Level(ROWS, COLS, ROWS * COLS - 1), start=(2, 4), seed=1)


def test_a_campaigns_levels_are_rows_by_columns() -> None:
    (level,) = parse_levels(WITH_MINES)
    assert (level.rows, level.cols, level.mines) == (ROWS, COLS, MINES)
    assert Arm(level, FirstClick.SAFE, "safest", seed=1).label == f"custom {WITH_MINES}, safe, safest"


def test_the_page_writes_rows_by_columns() -> None:
    static = ROOT / "src" / "cnfsweep" / "web" / "static"
    assert "Expert 16×30/99" in (static / "index.html").read_text()
    for name in ("edit.js", "review.js"):
        text = static / name
        sizes = re.findall(r"\$\{(\w+)\.(rows|cols)\}×\$\{\1\.(rows|cols)\}", text.read_text())
        assert sizes and all(first == "rows" and second == "cols" for _, first, second in sizes), (name, sizes)
