"""The benchmark of other grids builds honest positions and writes every figure (no timing is checked)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from oracle import neighbours
from paths import ROOT

from cnfsweep.core.board import Cell
from cnfsweep.core.characters import COVERED

from benchmarks.topology import mid_game


@pytest.mark.parametrize("seed", range(4))
def test_positions_show_the_numbers_of_one_layout_on_each_grid(seed: int) -> None:
    boards = {name: mid_game(name, seed, openings=2, rows=8, cols=9, mines=10) for name in ("square", "torus", "hex")}
    for name, board in boards.items():
        assert board.topology.name == name and board.total_mines == 10
        shown = [Cell(r, c) for r in range(8) for c in range(9) if board.grid[r][c] != COVERED]
        assert shown, "some cell is opened"
        # The same mines on every grid: the oracle's neighbours of a shown cell count them.
        mines = _mines_of(seed)
        for cell in shown:
            assert cell not in mines
            around = neighbours(8, 9, cell, name)
            assert int(board.grid[cell.row][cell.col]) == sum(n in mines for n in around)
            if board.grid[cell.row][cell.col] == "0":  # a zero flood opens everything around it
                assert all(board.grid[n.row][n.col] != COVERED for n in around)


def _mines_of(seed: int) -> frozenset[Cell]:
    # Rebuilt from the seed as the script documents it: the sample of the row-major cells.
    import random

    cells = [Cell(r, c) for r in range(8) for c in range(9)]
    return frozenset(random.Random(seed).sample(cells, 10))


def test_quick_run_writes_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks", "topology", "--positions", "3", "--json", str(out)],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(out.read_text())
    assert (report["rows"], report["cols"], report["mines"]) == (16, 30, 99)
    assert list(report["topologies"]) == ["square", "torus", "hex"]
    for figures in report["topologies"].values():
        assert figures["runs"] == 3 and figures["p90_ms"] >= figures["median_ms"] > 0
        assert {"median_ratio", "p90_ratio"} <= set(figures) and figures["mean_revealed"] > 0
    assert report["topologies"]["square"]["median_ratio"] == 1.0


def test_an_unknown_topology_is_one_line() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks", "topology", "--topologies", "square,cube"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert run.returncode == 2 and run.stderr.strip() == "error: unknown topology 'cube'"
