"""Grading a board: the steps, their sizes and the grade, checked without the engine that found them.

Every reason a graded replay uses is checked by enumeration over only its own
numbers (``reason_oracle``); a step's size is the least size any certain cell
has, found by trying every smaller set of numbers; a step that needs the total
comes only when the brute-force oracle finds no cell certain without it; and a
board needs a guess only where the brute-force oracle finds no certain cell either (and
every move before is checked, so a board graded is solved without a guess).
Grades, sizes and the hardest step do not change under the board's eight symmetries.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cnfsweep import Board, Cell, generate, levels
from cnfsweep.core.characters import CellKind
from cnfsweep.core.errors import CnfsweepError, TimeLimitExceeded
from cnfsweep.core.layout import MineLayout
from cnfsweep.explanation import EASY_PATTERN_STEPS, Explainer, Grade, GradeReport, Step, grade_board, grade_layout
from cnfsweep.engine import Engine
from cnfsweep.play.game import Game, Level
from oracle import reference
from reason_oracle import assert_valid, smaller_reason_exists

# -- the thresholds ---------------------------------------------------------------


def steps(*spec: int | str) -> list[Step]:
    """Steps from sizes: ``2`` is two numbers, ``"1T"`` one number and the total."""
    out = []
    for s in spec:
        if isinstance(s, str):
            out.append(Step(int(s[:-1]) + 1, True, 1))
        else:
            out.append(Step(s, False, 1))
    return out


@pytest.mark.parametrize(
    ("spec", "grade"),
    [
        ((), Grade.EASY),
        ((1, 1, 1), Grade.EASY),
        ((1,) + (2,) * EASY_PATTERN_STEPS, Grade.EASY),
        ((1,) + (2,) * (EASY_PATTERN_STEPS + 1), Grade.MEDIUM),
        ((1, 3, 1), Grade.HARD),
        ((1, "0T"), Grade.HARD),
        ((2, 2, 2, 2, 2, "1T"), Grade.HARD),
        ((1, 3, 3, 3, 2), Grade.HARD),
        ((1, 4), Grade.EVIL),
        ((1, "2T"), Grade.EVIL),
        ((7,), Grade.EVIL),
    ],
)
def test_grade_thresholds(spec, grade):
    assert Grade.of_steps(steps(*spec)) is grade


def test_grades_are_ordered_and_steps_labelled():
    assert Grade.EASY < Grade.MEDIUM < Grade.HARD < Grade.EVIL
    assert max(Grade) is Grade.EVIL and sorted(Grade, reverse=True)[0] is Grade.EVIL
    assert [s.label for s in steps(1, 2, "0T", "2T")] == ["1", "2", "0 + total", "2 + total"]
    # The hardest step: the grade a step allows first, then its size.
    assert max(steps(2, "1T", 3), key=lambda s: s.difficulty).size == 3
    assert max(steps(2, "0T"), key=lambda s: s.difficulty).uses_total


# -- every step checked by brute force ----------------------------------------------


def _layouts(count: int, seed: int) -> list[tuple[Level, list[Cell], Cell]]:
    """Random small layouts with a free opening: a mix of no-guess boards and boards that need a guess."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        rows, cols = rng.choice([(5, 6), (6, 6), (6, 7), (5, 8)])
        first = Cell(rng.randrange(rows), rng.randrange(cols))
        opening = {Cell(r, c) for r in range(first.row - 1, first.row + 2) for c in range(first.col - 1, first.col + 2)}
        free = [Cell(r, c) for r in range(rows) for c in range(cols) if Cell(r, c) not in opening]
        mines = sorted(rng.sample(free, rng.randint(5, min(11, len(free)))))
        out.append((Level(rows, cols, len(mines)), mines, first))
    return out


LAYOUTS = _layouts(60, seed=17)


@pytest.fixture(scope="module")
def explainer() -> Explainer:
    return Explainer(Engine.for_games())


@pytest.mark.parametrize("uses_total", [True, False], ids=["full", "local"])
def test_every_step_is_checked_by_the_oracles(uses_total, explainer):
    graded = guesses = total_steps = 0
    for level, mines, first in LAYOUTS:
        report = grade_layout(
            level.rows, level.cols, mines, first, uses_total=uses_total, explainer=explainer, trace=True
        )
        if report.needs_guess:
            # Stuck: the brute-force oracle finds no covered cell certain either.
            stuck = reference(report.stuck)
            assert not [c for c in report.stuck.covered if stuck.exact.get(c) in (0, 1)], report.stuck
            assert (report.stuck.total_mines is not None) is uses_total
        graded += report.grade is not None
        guesses += report.needs_guess
        for step in report.steps:
            board = step.board
            assert board is not None and len(step.moves) == step.cells
            assert (board.total_mines is not None) is uses_total
            ref = reference(board)
            certain = {c: p == 1 for c, p in ref.exact.items() if p in (0, 1) and board.kind(c) is CellKind.COVERED}
            for move in step.moves:
                assert certain[move.cell] is move.mine
                assert_valid(board, move)
                assert (move.reason.size, move.reason.uses_total) == (step.size, step.uses_total)
            if step.size == 1 and not step.uses_total:
                # Every cell a single number settles is in the step.
                singles = {m.cell for m in step.moves}
                for number in board.numbers:
                    cells = [c for c in board.neighbours(number) if board.kind(c) is CellKind.COVERED]
                    need = board.number(number) - sum(board.kind(c) is CellKind.FLAG for c in board.neighbours(number))
                    if cells and need in (0, len(cells)):
                        assert singles.issuperset(cells)
                continue
            total_steps += step.uses_total
            if step.uses_total:
                # The total only when the numbers alone settle no cell.
                alone = reference(board.with_total(None))
                assert not [c for c in board.covered if alone.exact.get(c) in (0, 1)], board
            # No certain cell has a smaller reason (with the total if the step uses it) ...
            for cell, mine in certain.items():
                assert not smaller_reason_exists(board, cell, mine, step.size, step.uses_total), (board, cell)
            # ... and every certain cell with a reason of the step's size is in the step.
            chosen = {m.cell for m in step.moves}
            for cell, mine in certain.items():
                if cell not in chosen and not step.uses_total:
                    assert not smaller_reason_exists(board, cell, mine, step.size + 1, False), (board, cell)
    assert graded >= 20 and guesses >= 15
    if uses_total:
        assert total_steps >= 3


def test_every_reason_of_expert_boards_of_every_grade_is_checked(explainer):
    # Too big for the brute-force answers above, but each reason is checked over its own numbers.
    checked = 0
    for i, grade in enumerate(Grade):
        g = generate("expert", seed=40 + i, method="uniform", grade=grade)
        report = grade_layout(16, 30, g.mine_cells, g.start, explainer=explainer, trace=True)
        assert report.grade is grade
        for step in report.steps:
            for move in step.moves:
                assert_valid(step.board, move)
                assert (move.reason.size, move.reason.uses_total) == (step.size, step.uses_total)
                checked += 1
    assert checked > 1000


def test_the_grade_follows_the_steps(explainer):
    for level, mines, first in LAYOUTS[:20]:
        report = grade_layout(level.rows, level.cols, mines, first, explainer=explainer)
        if report.grade is None:
            assert report.stuck is not None and report.guess is not None and not report.guess.certain
            continue
        assert report.grade is Grade.of_steps(report.steps)
        hardest = report.hardest_step
        assert hardest is not None and hardest.board is not None and hardest.moves
        assert hardest.difficulty == max(s.difficulty for s in report.steps)
        assert report.hardest == min(i for i, s in enumerate(report.steps) if s.difficulty == hardest.difficulty)
        # Only the hardest step keeps its position.
        assert all(s.board is None for i, s in enumerate(report.steps) if i != report.hardest)
        assert sum(report.histogram.values()) == len(report.steps)


# -- the eight symmetries -------------------------------------------------------------

Symmetry = Callable[[int, int, int, int], tuple[int, int]]

#: The dihedral group of the rectangle's grid: (row, col, rows, cols) -> (row, col) on the new board.
#: The last four transpose: a rows x cols board becomes cols x rows.
SYMMETRIES: dict[str, Symmetry] = {
    "identity": lambda r, c, R, C: (r, c),
    "rotate 180": lambda r, c, R, C: (R - 1 - r, C - 1 - c),
    "flip rows": lambda r, c, R, C: (R - 1 - r, c),
    "flip columns": lambda r, c, R, C: (r, C - 1 - c),
    "transpose": lambda r, c, R, C: (c, r),
    "rotate 90": lambda r, c, R, C: (c, R - 1 - r),
    "rotate 270": lambda r, c, R, C: (C - 1 - c, r),
    "anti-transpose": lambda r, c, R, C: (C - 1 - c, R - 1 - r),
}


def _image(name: str, level: Level, mines: list[Cell], first: Cell) -> tuple[int, int, list[Cell], Cell]:
    f, R, C = SYMMETRIES[name], level.rows, level.cols
    rows, cols = (C, R) if list(SYMMETRIES).index(name) >= 4 else (R, C)
    return rows, cols, sorted(Cell(*f(r, c, R, C)) for r, c in mines), Cell(*f(first.row, first.col, R, C))


def _summary(report: GradeReport) -> tuple:
    hardest = report.hardest_step
    return (
        report.grade,
        report.steps,
        report.histogram,
        report.hardest,
        None if hardest is None else (hardest.size, hardest.uses_total, len(hardest.moves)),
        report.needs_guess,
        report.mines,
    )


def _symmetry_boards() -> list[tuple[Level, list[Cell], Cell]]:
    """Expert boards of every grade, intermediate and small boards, and some that need a guess."""
    boards = []
    for i, grade in enumerate(Grade):
        g = generate("expert", seed=40 + i, method="uniform", grade=grade)
        boards.append((g.level, list(g.mine_cells), g.start))
    for i in range(3):
        g = generate("intermediate", seed=i, start=(3, 5))
        boards.append((g.level, list(g.mine_cells), g.start))
    return boards + LAYOUTS[:12]


@pytest.fixture(scope="module")
def symmetry_boards(explainer) -> list[tuple[Level, list[Cell], Cell, GradeReport]]:
    return [(lv, m, f, grade_layout(lv.rows, lv.cols, m, f, explainer=explainer)) for lv, m, f in _symmetry_boards()]


@pytest.mark.parametrize("name", list(SYMMETRIES)[1:])
def test_grades_do_not_change_under_the_boards_symmetries(name, explainer, symmetry_boards):
    for level, mines, first, before in symmetry_boards:
        rows, cols, moved, click = _image(name, level, mines, first)
        after = grade_layout(rows, cols, moved, click, explainer=explainer)
        assert _summary(after) == _summary(before), (name, mines, first)
        if before.hardest_step is not None:
            # The hardest step's position is the image of the original's.
            f = SYMMETRIES[name]
            grid = before.hardest_step.board.grid
            image = {f(r, c, level.rows, level.cols): ch for r, row in enumerate(grid) for c, ch in enumerate(row)}
            assert after.hardest_step.board.grid == tuple(
                "".join(image[(r, c)] for c in range(cols)) for r in range(rows)
            )


def test_symmetry_boards_cover_every_grade_and_a_guess(symmetry_boards):
    assert {report.grade for *_, report in symmetry_boards} == set(Grade) | {None}


# -- boards that carry their layout ------------------------------------------------------


def test_grade_board_starts_from_the_first_click():
    g = generate("beginner", seed=2)
    report = grade_board(g.board())
    assert report.start == g.start and report.grade is not None
    assert report == grade_layout(9, 9, g.mine_cells, g.start)
    # Opened further, the same board is still graded from its first click.
    game = Game.from_layout(9, 9, g.mine_cells)
    game.click(g.start)
    for cell in [c for c in game.board().covered if c not in g.mine_cells][:5]:
        game.click(cell)
    further = game.board().with_layout(MineLayout(frozenset(g.mine_cells), g.start))
    assert further.grid != g.board().grid and grade_board(further) == report


def test_a_layout_without_first_click_starts_from_the_position_shown():
    board = Board.parse("mines: 1\n01.\n01.\nlayout:\n..*\n...\n")
    report = grade_board(board)
    assert report.start is None and report.needs_guess and report.stuck.grid == ("01.", "01.")
    g = generate("beginner", seed=2)
    shown = g.board().with_layout(MineLayout(frozenset(g.mine_cells)))
    assert grade_board(shown).steps == grade_board(g.board()).steps


def test_grade_board_refuses_a_board_without_layout():
    with pytest.raises(CnfsweepError, match="carries no layout"):
        grade_board(Board.from_rows(["1.", ".."]))
    with pytest.raises(CnfsweepError, match="no first click and the board shows no revealed cell"):
        grade_board(Board.from_rows(["..", ".."]).with_layout(MineLayout(frozenset({Cell(0, 0)}))))
    with pytest.raises(CnfsweepError, match=r"the first click \(0, 0\) is a mine"):
        grade_layout(2, 2, [(0, 0)], (0, 0))
    with pytest.raises(CnfsweepError, match="reports no unsatisfiable cores"):
        grade_layout(2, 2, [(0, 0)], (1, 1), backend="brute")


# -- generate --grade -------------------------------------------------------------------------


@pytest.mark.parametrize("grade", list(Grade))
def test_generate_by_grade_gives_that_grade_and_the_same_board_again(grade):
    g = generate("intermediate", seed=11, grade=grade, time_limit=60)
    assert g.grade is grade and g.seed == 11 and g.candidates >= 1 and g.attempts >= g.candidates
    assert grade_board(g.board()).grade is grade
    again = generate("intermediate", seed=11, grade=grade.value)
    assert (again.mine_cells, again.candidates, again.attempts) == (g.mine_cells, g.candidates, g.attempts)
    assert g.to_dict()["grade"] == grade.value


def test_the_first_candidate_is_the_ungraded_board():
    plain = generate("beginner", seed=3)
    graded = generate("beginner", seed=3, grade=grade_board(plain.board()).grade)
    assert graded.candidates == 1 and graded.mine_cells == plain.mine_cells
    assert "grade" not in plain.to_dict()


def test_generate_by_grade_with_local_logic_grades_without_the_total():
    g = generate("beginner", seed=5, logic="local", grade="hard")
    report = grade_board(g.board(), uses_total=False)
    assert report.grade is Grade.HARD and not any(s.uses_total for s in report.steps)


def test_generate_by_grade_gives_up_at_the_time_limit():
    with pytest.raises(TimeLimitExceeded, match="no evil no-guess layout of 1 mine on 3x3"):
        generate(Level(3, 3, 1), start=(0, 0), grade="evil", time_limit=0.3)
    with pytest.raises(CnfsweepError, match="unknown grade 'brutal'; choose from easy, medium, hard, evil"):
        generate("beginner", grade="brutal")


@pytest.mark.parametrize("uses_total", [True, False], ids=["full", "local"])
def test_each_steps_levels_are_its_cells_levels(uses_total, explainer):
    # Each step's levels are what cnfsweep levels finds for its cells in its position, single-number
    # steps included (GAC, without asking); and they fit the step's size: a reason of k numbers alone
    # makes a cell level k or less (or beyond 3-RC, the numbers' exact analysis), a reason that needs
    # the total makes it level total.
    seen = set()
    for level, mines, first in LAYOUTS[:30]:
        report = grade_layout(
            level.rows, level.cols, mines, first, uses_total=uses_total, explainer=explainer, trace=True, levels=True
        )
        plain = grade_layout(level.rows, level.cols, mines, first, uses_total=uses_total, explainer=explainer)
        assert all(not s.levels and "level" not in s.to_dict() for s in plain.steps)
        for step in report.steps:
            found = levels(step.board)
            cells = [m.cell for m in step.moves]
            counts = {name: sum(found.level(c) == name for c in cells) for name in found.names}
            assert dict(step.levels) == {k: v for k, v in counts.items() if v}
            for name, _ in step.levels:
                seen.add((step.size, step.uses_total, name))
                if step.uses_total:
                    assert name == "total"
                else:
                    assert (name == "full" and step.size > 3) or (name.isdigit() and int(name) <= step.size)
            assert step.to_dict()["level"] == step.level == step.levels[-1][0]
    assert {(1, False, "1"), (2, False, "2")} <= seen
