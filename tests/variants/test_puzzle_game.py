"""A variant puzzle played (``PuzzleGame``): every move judged by the one answer, each clue opened the oracle's reading.

The answer is the oracle's own (every layout of the board, kept by the rules' definitions); each clue a
click opens must be one the oracle says that cell may show on it (under 1L, one off); mistakes, lives,
flags and the end follow the game's rules; bad moves are one-line errors.
"""

from __future__ import annotations

import random

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.generation.variants import VariantRequest, generate_variant
from cnfsweep.variants.board import CellState
from cnfsweep.play import Game, GameState
from cnfsweep.variants.game import PuzzleGame, PuzzleState
from cnfsweep.web.games import game_document

import variant_oracle as oracle
from variant_puzzles import Puzzle

#: Rule sets whose puzzles are played: counting clues with each modifier, non-counting ones, global mine rules.
RULE_SETS = [("V",), ("1Q", "V"), ("1C", "V"), ("V", "1L"), ("1Q", "1M"), ("1W",), ("1H", "1E"), ("2X",), ("2F", "2D")]


def oracle_value(clue_rule: str, value: object) -> object:
    # The oracle writes a 1W clue of one run as its list of runs, (3,), where the board reads 3.
    return (value,) if clue_rule == "1W" and isinstance(value, int) and value > 0 else value


def oracle_puzzle(game: PuzzleGame) -> Puzzle:
    board, rules = game.board, game.board.rules
    clues = {(c.row, c.col): oracle_value(rules.clue.name, v) for c, v in board.clues.items()}
    return Puzzle(
        board.rows,
        board.cols,
        [r.name for r in rules.mine],
        rules.clue.name,
        " ".join(sorted(rules.modifiers)),
        clues,
        dyed=[(c.row, c.col) for c in board.grid.dyed],
        total=board.total,
    )


@pytest.mark.parametrize("rules", RULE_SETS, ids=" ".join)
def test_every_open_is_judged_by_the_oracles_answer_and_shows_a_clue_the_oracle_reads(rules: tuple[str, ...]) -> None:
    made = generate_variant(VariantRequest.make(3, 4, 3, rules), 2)
    game = PuzzleGame(made.board, made.answer, made.seed, lives=99)
    puzzle = oracle_puzzle(game)
    (answer,) = puzzle.solutions()  # one answer, found by the oracle alone
    assert answer == made.answer
    mode, liar = puzzle.mode.replace("1L", "").strip(), "1L" in puzzle.mode
    mines = frozenset((c.row, c.col) for c in answer)
    order = list(made.board.where(CellState.COVERED))
    random.Random(1).shuffle(order)
    last = [c for c in order if c not in answer][-1]
    order = [c for c in order if c != last] + [last]
    for n, cell in enumerate(order):
        assert game.view()["mines"] is None
        state = game.open(cell)
        token = game.view()["cells"][cell.row][cell.col].rstrip("'")
        if cell in answer:
            assert token == "*" and game.mistakes[-1] == cell
        else:
            shown = tuple(map(int, token.split(","))) if "," in token else int(token)
            shown = oracle_value(puzzle.clue_rule, shown)
            p = (cell.row, cell.col)
            assert oracle.shows(puzzle.clue_rule, mode, liar, p, mines, 3, 4, puzzle.dyed, shown), (cell, token)
        assert state is (PuzzleState.WON if n == len(order) - 1 else PuzzleState.PLAYING)
    view = game.view()
    assert {Cell(*m) for m in view["mines"]} == answer and view["mines_left"] == 0
    assert game.solution() == view["cells"]


@pytest.mark.parametrize(
    ("shape", "mines", "seed"), [((4, 4), 6, s) for s in range(1, 7)] + [((5, 5), 11, s) for s in range(1, 7)]
)
def test_2e_cells_opened_read_in_the_puzzles_own_letter_code(shape: tuple[int, int], mines: int, seed: int) -> None:
    # The letters opened and the puzzle's own are one code, by the oracle: one letter a count, one count a letter.
    rows, cols = shape
    made = generate_variant(VariantRequest.make(rows, cols, mines, ["2E"], graded=False), seed)
    game = PuzzleGame(made.board, made.answer, made.seed, lives=99)
    safe = [c for c in made.board.where(CellState.COVERED) if c not in made.answer]
    for n, cell in enumerate(safe):
        assert game.open(cell) is (PuzzleState.WON if n == len(safe) - 1 else PuzzleState.PLAYING)
    m = frozenset((c.row, c.col) for c in made.answer)
    letters, hidden = {}, []
    for r, row in enumerate(game.view()["cells"]):
        for c, token in enumerate(row):
            if token.isalpha():
                letters[(r, c)] = token
            elif token == "?":
                hidden.append((r, c))
    assert oracle.encrypted(letters, m, rows, cols), letters
    # A count past the code's numbers has no letter: its cell opens with its clue hidden.
    assert all(sum(q in m for q in oracle._near(p, oracle.KING, rows, cols)) >= min(rows, 9) for p in hidden)


def test_lives_flags_and_the_end() -> None:
    made = generate_variant(VariantRequest.make(4, 4, 4, ("1Q", "V")), 5)
    mines = sorted(made.answer)
    game = PuzzleGame(made.board, made.answer, made.seed, lives=2)
    assert game.flag(mines[0]) and not game.flag(mines[0]) and game.flag(mines[0])
    with pytest.raises(CnfsweepError, match=r"^cell \(\d, \d\) is flagged: unflag it before opening it$"):
        game.open(mines[0])
    assert game.view()["mines_left"] == 3
    assert game.open(mines[1]) is PuzzleState.PLAYING and game.view()["lives_left"] == 1
    assert game.open(mines[1]) is PuzzleState.PLAYING  # open already: nothing happens
    assert game.open(mines[2]) is PuzzleState.LOST and game.view()["mines"] == [list(m) for m in mines]
    with pytest.raises(CnfsweepError, match=r"^the game is over \(lost\): no more moves$"):
        game.open(mines[3])


@pytest.mark.parametrize(
    ("answer", "lives", "message"),
    [
        ({Cell(4, 0)}, 3, r"^cell \(4, 0\) is outside the board's 4 rows and 4 columns$"),
        (set(), 3, r"^the answer has 0 mines and the puzzle's total is 4$"),
        (None, 0, r"^lives must be at least 1, not 0$"),
    ],
)
def test_a_game_that_cannot_be_is_refused_in_one_line(answer: set[Cell] | None, lives: int, message: str) -> None:
    made = generate_variant(VariantRequest.make(4, 4, 4, ("1Q", "V")), 5)
    with pytest.raises(CnfsweepError, match=message):
        PuzzleGame(made.board, made.answer if answer is None else frozenset(answer), made.seed, lives)


def test_the_mines_counter_after_a_loss_is_the_classic_boards_total_less_flags() -> None:
    made = generate_variant(VariantRequest.make(4, 4, 4, ("1Q", "V")), 5)
    mines = sorted(made.answer)
    game = PuzzleGame(made.board, made.answer, made.seed, lives=2)
    game.flag(mines[0])
    game.open(mines[1])
    assert game.view()["mines_left"] == 4 - 1 - 1  # while playing, a mistake is a known mine
    assert game.open(mines[2]) is PuzzleState.LOST
    classic = Game.from_layout(4, 4, mines)
    classic.flag(mines[0])
    classic.click(mines[2])
    assert classic.state is GameState.LOST
    assert game.view()["mines_left"] == game_document("g", classic)["mines_left"] == 4 - 1
