"""Side by side with the fan generator ``minesweepervariants``: on its own puzzles, ``solve`` finds its one answer.

The generator is GPL and needs Python 3.12, so it is a peer at test time only:
it runs as a separate program from the interpreter ``CNFSWEEP_PEER_PYTHON``
names (default ``/tmp/mv312/bin/python``, a venv with the package installed),
and the test is skipped where there is none.  Its puzzle text, as it prints it
(tab-separated, ``___`` covered, ``?`` a hidden clue, ``1.3`` a wall clue, ``1 2``
a 2X clue), is read as a variant board, its ``[1T][1X]5x5`` title line as the
rules and its custom dye (``[@cst:0110...]``), once its total is written as ``mines:``.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.solve import analyze_variant, variant_layouts

PEER = Path(os.environ.get("CNFSWEEP_PEER_PYTHON", "/tmp/mv312/bin/python"))


def peer_available() -> bool:
    if not PEER.exists():
        return False
    probe = subprocess.run([str(PEER), "-c", "import minesweepervariants"], capture_output=True, timeout=120)
    return probe.returncode == 0


pytestmark = pytest.mark.skipif(not peer_available(), reason=f"no minesweepervariants peer at {PEER}")


#: A dye for the rules that read one, a 1 for each dyed cell of a 5x5 board in row-major order (no pattern in it).
DYE = "1001001000110010010001011"


def cells(line: str) -> list[str]:
    """The cells of one row as the peer prints them: tab-separated, and a cell may hold two numbers (``1 2``)."""
    return [cell.strip() for cell in line.split("\t") if cell.strip()]


def generate(
    tmp_path: Path, rules: list[str], seed: int, size: int = 5, total: int = 8, dye: str | None = None
) -> tuple[str, set[Cell]]:
    """The peer's puzzle as variant board text, and its answer's mines."""
    subprocess.run(
        [
            str(PEER),
            "-m",
            "minesweepervariants",
            "--lang",
            "en",
            "-s",
            str(size),
            "-t",
            str(total),
            "-c",
            *rules,
            "-S",
            str(seed),
            *(["-d", f"cst:{dye}"] if dye else []),
            "-I",
            "--output-path",
            str(tmp_path),
            "--log-path",
            str(tmp_path),
        ],
        check=True,
        capture_output=True,
        timeout=600,
        cwd=tmp_path,
    )
    text = (tmp_path / "demo.txt").read_text(encoding="utf-8")
    block = text.split("=" * 20)[-1]
    lines = block.splitlines()
    head = next(i for i, line in enumerate(lines) if re.fullmatch(r"(\[[^\]]+\])+\d+x\d+", line.strip()))
    mines = re.search(r"(\d+)/\d+", next(line for line in lines if "/" in line and ":" in line)).group(1)
    grids = [[]]  # the puzzle, then the answer, separated by blank lines
    for line in lines[head + 1 :]:
        if line.strip():
            grids[-1].append(cells(line))
        elif grids[-1]:
            grids.append([])
        if len(grids) == 3:
            break
    puzzle, answer = grids[0], grids[1]
    # Its title line stands for the rules: header; its total is given as mines:.
    board = f"{lines[head].strip()}\nmines: {mines}\n" + "\n".join("\t".join(row) for row in puzzle) + "\n"
    truth = {Cell(r, c) for r, row in enumerate(answer) for c, v in enumerate(row) if v == "雷"}
    return board, truth


@pytest.mark.parametrize(
    ("rules", "total"),  # the rule set and a total the peer can fill a 5x5 board with
    [
        (["V", "1Q"], 8),
        (["1T", "1X"], 8),
        (["1H", "1E"], 8),
        (["1C", "V"], 8),
        (["1A", "1X'"], 8),
        (["1D", "V"], 8),
        (["1B", "1K"], 10),
        (["1O", "V"], 8),
        (["1Q", "1P"], 10),
        (["1W"], 8),
        (["2H", "2D"], 8),
        (["2T", "2M"], 8),
        (["2S", "V"], 8),
        (["2C", "V"], 8),
        (["2G", "V"], 8),
        (["2B", "V"], 10),  # two bridges across a 5x5 board
    ],
    ids=lambda x: " ".join(x) if isinstance(x, list) else str(x),
)
def test_solve_finds_the_peers_one_answer(tmp_path: Path, rules: list[str], total: int) -> None:
    assert_solves_to_the_peers_answer(*generate(tmp_path, rules, seed=5, total=total))


@pytest.mark.parametrize("rules", [["2X"], ["2F", "V"], ["2F", "2X"]], ids=" ".join)
def test_solve_finds_the_peers_one_answer_on_dyed_boards(tmp_path: Path, rules: list[str]) -> None:
    """The rules that read the dye, on the peer's puzzles with a dye it was given; 2X's clues print as ``a b``."""
    text, truth = generate(tmp_path, rules, seed=5, dye=DYE)
    board = parse_variant(text)
    assert board.grid.dyed == {Cell(i // 5, i % 5) for i, bit in enumerate(DYE) if bit == "1"}
    if "2X" in rules:
        assert any(isinstance(v, tuple) for v in board.clues.values())
    assert_solves_to_the_peers_answer(text, truth)


def assert_solves_to_the_peers_answer(text: str, truth: set[Cell]) -> None:
    board = parse_variant(text)
    layouts = variant_layouts(board)
    assert layouts is not None and len(layouts) == 1
    assert set(layouts[0]) == truth
    analysis = analyze_variant(board)
    assert set(analysis.mines) == truth and len(analysis.safe) + len(analysis.mines) == len(analysis.counts or ())
