"""The compiled endgame kernel against the Python search it follows: same answers, same node counts."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest
from paths import DATA, ROOT
from positions import SMALL, guess_points

from cnfsweep import Board, Cell
from cnfsweep.play import Level
from cnfsweep.search import endgame_tree
from cnfsweep.search.endgame import EndgameResult, best_move
from cnfsweep.search.endgame_tree import search, search_python

needs_kernel = pytest.mark.skipif(
    endgame_tree.kernel is None,
    reason="the C kernel cnfsweep.search._endgame is not built (no compiler at install): nothing to compare",
)

# Endgames met by the strong player in expert games (seed 11), with what the search found then.
EXPERT = json.loads((DATA / "expert_endgames.json").read_text())
LAYOUTS, NODES = 1000, 200_000  # the strong player's limits


def both(board: Board, max_layouts: int = LAYOUTS, node_limit: int = NODES) -> EndgameResult | None:
    """Search with the kernel and in Python, check they agree, and return the answer."""
    compiled = best_move(board, max_layouts=max_layouts, node_limit=node_limit, compiled=True)
    python = best_move(board, max_layouts=max_layouts, node_limit=node_limit, compiled=False)
    assert compiled == python  # cell, win probability, layouts and nodes
    return python


@pytest.fixture(scope="module")
def played() -> list[Board]:
    """Positions where a player had to guess, in small and middling games, within reach of the search."""
    boards = [a.board for a in guess_points(SMALL, 3, 30) + guess_points(Level(6, 7, 9, "middling"), 3, 20)]
    return [b for b in boards if (r := best_move(b, max_layouts=LAYOUTS, node_limit=NODES)) is not None and r.nodes]


@pytest.mark.parametrize("case", EXPERT, ids=lambda case: f"game{case['game']}-{case['layouts']}layouts")
def test_expert_endgames(case: dict[str, Any]) -> None:
    board = Board.from_rows(case["rows"], case["mines"])
    expected = EndgameResult(Cell(*case["cell"]), Fraction(case["win"]), case["layouts"], case["nodes"])
    # Without the kernel the Python search still answers as it did in those games.
    found = (
        both(board) if endgame_tree.kernel else best_move(board, max_layouts=LAYOUTS, node_limit=NODES, compiled=False)
    )
    assert found == expected


@needs_kernel
def test_played_positions(played: list[Board]) -> None:
    results = [both(board) for board in played]
    # States of more than one 64-bit word, and searches of some depth, are among them.
    assert any(r is not None and r.layouts > 128 for r in results)
    assert any(r is not None and r.nodes > 1000 for r in results)


@needs_kernel
def test_node_limits_give_up_together(played: list[Board]) -> None:
    cases = [Board.from_rows(c["rows"], c["mines"]) for c in EXPERT[:6]] + played[:12]
    for board in cases:
        full = best_move(board, max_layouts=LAYOUTS, node_limit=NODES)
        assert full is not None
        for limit in {0, full.nodes // 2, full.nodes - 1}:
            assert both(board, max_layouts=1000, node_limit=limit) is None
        for limit in (full.nodes, full.nodes + 1):
            assert both(board, max_layouts=1000, node_limit=limit) == full


@needs_kernel
def test_hand_boards_and_edge_cases() -> None:
    boards = [
        Board.from_rows(["1.", ".."], 1),
        Board.from_rows(["1..", "...", "..."], 2),  # cells off the frontier
        Board.from_rows(["*2.", "...", "..."], 3),  # a flag
        Board.from_rows(["..*..", "14*41", "02*20"], 5),  # two independent fifty-fifties
        Board.from_rows(["...", "121"], 2),  # a single layout: no search
        Board.from_rows(["2.", ".."], 1),  # inconsistent
        Board.from_rows(["...", "...", "..."], 2),
    ]
    for board in boards:
        both(board)
    assert both(Board.from_rows(["....", "....", "...."], 2), max_layouts=100) is not None


def random_tree(rng: random.Random, count: int, cells: int) -> tuple[list[int], list[list[int]]]:
    """Safe masks and groups of made-up cells: any such input has one answer, whatever board it fits."""
    safe_mask, groups = [], []
    for _ in range(cells):
        safe = [i for i in range(count) if rng.random() < 0.75] or [rng.randrange(count)]
        parted: dict[int, int] = {}
        for i in safe:
            label = rng.randrange(rng.randint(1, 4))
            parted[label] = parted.get(label, 0) | 1 << i
        safe_mask.append(sum(1 << i for i in safe))
        groups.append(list(parted.values()))
    return safe_mask, groups


@needs_kernel
@pytest.mark.parametrize("count", [2, 3, 63, 64, 65, 127, 128, 129, 300])
def test_made_up_trees_across_word_boundaries(count: int) -> None:
    rng = random.Random(count)
    for _ in range(6):
        cells = rng.randint(1, 10)
        safe_mask, groups = random_tree(rng, count, cells)
        for limit in (5, 200, 3000):
            expected = search_python(safe_mask, groups, list(range(cells)), count, node_limit=limit)
            assert search(safe_mask, groups, list(range(cells)), count, node_limit=limit) == expected
            # Layouts no cell tells apart make states without a move (won -1): both say so alike.
            if expected is not None:
                won, _move, nodes = expected
                assert won <= count and nodes <= limit


@needs_kernel
def test_kernel_rejects_inconsistent_input() -> None:
    kernel = endgame_tree.kernel
    assert kernel is not None
    word = (3).to_bytes(8, "little")
    assert kernel.solve(2, word, word, [1], 10) is not None
    with pytest.raises(ValueError, match="two layouts"):
        kernel.solve(1, word, word, [1], 10)
    with pytest.raises(ValueError, match="do not match"):
        kernel.solve(2, word, word + word, [1], 10)
    with pytest.raises(ValueError, match="at least one group"):
        kernel.solve(2, word, b"", [0], 10)


def test_python_search_serves_without_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the install built no kernel, best_move gives the same answer from Python."""
    board = Board.from_rows([".1.", "..."], 1)
    expected = best_move(board, compiled=False)
    monkeypatch.setattr(endgame_tree, "kernel", None)
    assert best_move(board) == expected
    assert expected is not None and expected.win_probability == Fraction(3, 5)


@needs_kernel
def test_benchmark_script_runs() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks", "endgame-kernel", "--games", "4", "--repeats", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    assert "kernel/python" in run.stdout and "python/kernel" in run.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "benchmarks", "endgame-kernel", "--games", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert bad.returncode == 2 and "at least 1" in bad.stderr and "Traceback" not in bad.stderr
