"""Grades of torus and hex boards, every step checked by brute force.

As ``test_grade.py`` does for square boards: each step's moves are certain
under the brute-force oracle (``oracle.reference``, which computes the
topology's neighbours itself), each reason forces its fact by enumeration over
its numbers alone (``reason_oracle``), no certain cell has a smaller reason,
and a board needs a guess only where the oracle finds nothing certain.  The
neighbours of a number come from ``oracle.around`` here, never from the board.
"""

from __future__ import annotations

import json
import random

import pytest
from game_oracle import oracle_replay
from oracle import around, neighbours, reference
from reason_oracle import assert_valid, smaller_reason_exists

from cnfsweep.core.board import Board, Cell
from cnfsweep.core.characters import CellKind
from cnfsweep.engine import Engine
from cnfsweep.explanation import Explainer, grade_board, grade_layout
from cnfsweep.generation import Logic, generate
from cnfsweep.play.game import Level

GRIDS = ["torus", "hex"]


def _layouts(topology: str, count: int, seed: int) -> list[tuple[Level, list[Cell], Cell]]:
    """Random small layouts with the grid's opening free: no-guess boards and boards that need a guess."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        rows, cols = rng.choice([(5, 6), (6, 6), (6, 5)])
        first = Cell(rng.randrange(rows), rng.randrange(cols))
        opening = {first, *neighbours(rows, cols, first, topology)}
        free = [Cell(r, c) for r in range(rows) for c in range(cols) if Cell(r, c) not in opening]
        mines = sorted(rng.sample(free, rng.randint(4, 9)))
        out.append((Level(rows, cols, len(mines), topology_name=topology), mines, first))
    return out


def _covered(board: Board, cells: tuple[Cell, ...]) -> list[Cell]:
    return [c for c in cells if board.kind(c) is CellKind.COVERED]


@pytest.fixture(scope="module")
def explainer() -> Explainer:
    return Explainer(Engine.for_games())


@pytest.mark.parametrize("topology", GRIDS)
@pytest.mark.parametrize("uses_total", [True, False], ids=["full", "local"])
def test_every_step_is_checked_by_the_oracles(topology: str, uses_total: bool, explainer: Explainer) -> None:
    graded = guesses = 0
    # Fewer torus boards: every cell has eight neighbours, so the enumerations take longer.
    for level, mines, first in _layouts(topology, 12 if topology == "torus" else 25, seed=29):
        report = grade_layout(
            level.rows,
            level.cols,
            mines,
            first,
            uses_total=uses_total,
            topology=topology,
            explainer=explainer,
            trace=True,
        )
        assert report.to_dict()["topology"] == topology
        logic = Logic.FULL if uses_total else Logic.LOCAL
        # A grade exactly when the independent replay needs no guess.
        assert report.needs_guess is not oracle_replay(level, mines, first, logic), (mines, first)
        if report.needs_guess:
            stuck = reference(report.stuck)
            assert report.stuck.topology.name == topology
            assert not [c for c in report.stuck.covered if stuck.exact.get(c) in (0, 1)], report.stuck
            # The guess has the oracle's probability; with the total, the safest named is a safest cell.
            guess = report.guess
            assert guess.probability == stuck.exact[guess.cell]
            if uses_total:
                safest = guess.safest_probability if guess.forced else guess.probability
                assert safest == min(stuck.exact[c] for c in report.stuck.covered)
        graded += report.grade is not None
        guesses += report.needs_guess
        for step in report.steps:
            board = step.board
            assert board is not None and board.topology.name == topology and len(step.moves) == step.cells
            ref = reference(board)
            certain = {c: p == 1 for c, p in ref.exact.items() if p in (0, 1) and board.kind(c) is CellKind.COVERED}
            for move in step.moves:
                assert certain[move.cell] is move.mine
                assert_valid(board, move)
                assert (move.reason.size, move.reason.uses_total) == (step.size, step.uses_total)
            if step.size == 1 and not step.uses_total:
                singles = {m.cell for m in step.moves}
                for number in board.numbers:
                    near = around(board, number)
                    cells = _covered(board, near)
                    need = board.number(number) - sum(board.kind(c) is CellKind.FLAG for c in near)
                    if cells and need in (0, len(cells)):
                        assert singles.issuperset(cells)
                continue
            if step.uses_total:
                alone = reference(board.with_total(None))
                assert not [c for c in board.covered if alone.exact.get(c) in (0, 1)], board
            for cell, mine in certain.items():
                assert not smaller_reason_exists(board, cell, mine, step.size, step.uses_total), (board, cell)
    # Both kinds of board occur, or the checks prove little.
    assert graded >= 5 and guesses >= 3


@pytest.mark.parametrize("topology", GRIDS)
def test_the_cli_grades_a_generated_board_of_the_grid(run, tmp_path, topology: str) -> None:
    path = tmp_path / "board.txt"
    g = generate(Level(8, 9, 14, topology_name=topology), seed=5)
    path.write_text(g.board().to_text())
    result = run("grade", str(path), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["topology"] == topology and not doc["needs_guess"] and doc["grade"] is not None
    # The command says what the library says of the same board.
    assert [s["size"] for s in doc["steps"]] == [s.size for s in grade_board(g.board()).steps]


def test_square_grade_json_has_no_topology_key() -> None:
    assert "topology" not in grade_layout(3, 5, [(0, 0), (2, 1)], (0, 2)).to_dict()
