"""Variant puzzles played on the server (``/api/puzzle/game``), against a live ``cnfsweep serve`` on 127.0.0.1.

The page's path never carries the answer: no document has the mines (nor a solution) while the game goes on.
Every move is judged by the puzzle's one answer, which the oracle finds on its own from the clues the
puzzle shows (every layout of the board, kept if it obeys each rule as the rule list defines it), and
every clue a click opens is one the oracle says is right for that answer. Bad moves and bad requests are
a 4xx with one line.
"""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest
from test_live import post

from cnfsweep.core.board import Cell
from cnfsweep.generation.variant_grade import grade_variant_board
from cnfsweep.variants import parse_variant
from cnfsweep.variants.board import VariantBoard

import variant_oracle as oracle
from variant_puzzles import Puzzle

#: Rule sets of both games, a counting clue rule and the others, mine rules local and global, dyed cells (1M, 2X,
#: 2F) and 1L, whose clues are each one off.
RULE_SETS = [("V",), ("1Q", "V"), ("1C", "V"), ("1H", "1E"), ("V", "1L"), ("1Q", "1M"), ("1W",), ("2X",), ("2F", "2D")]
#: Every key of a puzzle game's document.
KEYS = {
    "id",
    "rules",
    "rows",
    "cols",
    "total_mines",
    "seed",
    "state",
    "cells",
    "dyed",
    "flags",
    "mistakes",
    "lives",
    "lives_left",
    "mines_left",
    "board",
    "mines",
}


def get(url: str) -> tuple[int, dict[str, Any]]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def oracle_value(clue_rule: str, value: object) -> object:
    """A clue's value as the oracle writes it: a 1W clue of one run is its list of runs, ``(3,)``, not ``3``."""
    if clue_rule == "1W" and isinstance(value, int) and value > 0:
        return (value,)
    return value


def oracle_view(board: VariantBoard) -> Puzzle:
    """The oracle's puzzle of a variant board: its rules by code, its clues, dyed cells and total."""
    rules = board.rules
    clues = {(c.row, c.col): oracle_value(rules.clue.name, value) for c, value in board.clues.items()}
    dyed = [(c.row, c.col) for c in board.grid.dyed]
    mode = " ".join(sorted(rules.modifiers))
    return Puzzle(
        board.rows, board.cols, [r.name for r in rules.mine], rules.clue.name, mode, clues, dyed=dyed, total=board.total
    )


def right_clue(puzzle: Puzzle, cell: Cell, token: str, answer: frozenset[Cell]) -> bool:
    """Whether ``token`` (a clue as a cell's text writes it) is what the oracle says ``cell`` may show on ``answer``."""
    shown = oracle_value(puzzle.clue_rule, tuple(map(int, token.split(","))) if "," in token else int(token))
    mode, liar = puzzle.mode.replace("1L", "").strip(), "1L" in puzzle.mode
    mines = frozenset((c.row, c.col) for c in answer)
    p = (cell.row, cell.col)
    return oracle.shows(puzzle.clue_rule, mode, liar, p, mines, puzzle.rows, puzzle.cols, puzzle.dyed, shown)


def start(live_url: str, rules: tuple[str, ...], seed: int, lives: int) -> tuple[dict[str, Any], frozenset[Cell]]:
    """A new puzzle game of 4x4 with 4 mines, and its one answer as the oracle finds it from the clues shown."""
    body = {"rules": list(rules), "rows": 4, "cols": 4, "mines": 4, "seed": seed, "lives": lives}
    status, doc = post(f"{live_url}/api/puzzle/game", body)
    assert status == 200, doc
    assert set(doc) == KEYS and doc["mines"] is None and doc["state"] == "playing"
    board = parse_variant(doc["board"], "puzzle")
    assert [[cell.text() for cell in row] for row in board.cells] == doc["cells"]
    solutions = oracle_view(board).solutions()
    assert len(solutions) == 1, rules  # the puzzle has one answer, and the page was given none
    return doc, next(iter(solutions))


def move(live_url: str, doc: dict[str, Any], kind: str, cell: Cell) -> tuple[int, dict[str, Any]]:
    return post(f"{live_url}/api/puzzle/game/{doc['id']}/{kind}", {"row": cell.row, "col": cell.col})


@pytest.mark.parametrize("rules", RULE_SETS, ids=" ".join)
def test_a_puzzle_played_to_a_win_is_judged_by_its_one_answer_which_no_document_has_before_the_end(
    live_url: str, rules: tuple[str, ...]
) -> None:
    doc, answer = start(live_url, rules, seed=11, lives=100)
    first = parse_variant(doc["board"], "puzzle")
    puzzle = oracle_view(first)
    cells = [Cell(r, c) for r in range(4) for c in range(4)]
    random.Random(3).shuffle(cells)
    # Mines and safe cells in a random order, a safe cell last: the game is won on it, and not before.
    last = [c for c in cells if c not in answer][-1]
    cells = [c for c in cells if c != last] + [last]
    # A flag on a mine first: it is the player's, never a fact the server adds.
    flagged = sorted(answer)[0]
    status, doc = move(live_url, doc, "flag", flagged)
    assert status == 200 and doc["flags"] == [list(flagged)] and doc["mines_left"] == 3
    assert doc["cells"][flagged.row][flagged.col].rstrip("'") == "*"
    mistakes: list[list[int]] = []
    for cell in cells:
        if cell == flagged or first.cell(cell).text().rstrip("'") != ".":
            continue
        status, doc = move(live_url, doc, "click", cell)
        assert status == 200, doc
        assert set(doc) == KEYS
        token = doc["cells"][cell.row][cell.col].rstrip("'")
        if cell in answer:
            mistakes.append(list(cell))
            assert token == "*" and doc["mistakes"] == mistakes and doc["lives_left"] == 100 - len(mistakes)
        else:
            assert right_clue(puzzle, cell, token, answer), (cell, token)
        if cell != last:
            assert doc["state"] == "playing" and doc["mines"] is None and "solution" not in doc
    assert doc["state"] == "won"
    assert {Cell(*m) for m in doc["mines"]} == answer
    assert doc["mines_left"] == 0
    # Every safe cell was opened once the last one was: the win came on the last safe cell, not before.
    assert all(doc["cells"][c.row][c.col].rstrip("'") != "." for c in cells)


@pytest.mark.parametrize("rules", RULE_SETS[:3], ids=" ".join)
def test_the_mistake_that_uses_the_last_life_loses_and_only_then_shows_the_mines(
    live_url: str, rules: tuple[str, ...]
) -> None:
    doc, answer = start(live_url, rules, seed=12, lives=2)
    covered = [c for c in sorted(answer) if doc["cells"][c.row][c.col].rstrip("'") == "."]
    status, doc = move(live_url, doc, "click", covered[0])
    assert status == 200 and doc["state"] == "playing" and doc["mines"] is None and doc["lives_left"] == 1
    status, doc = move(live_url, doc, "click", covered[1])
    assert status == 200 and doc["state"] == "lost" and doc["lives_left"] == 0
    assert {Cell(*m) for m in doc["mines"]} == answer
    status, again = get(f"{live_url}/api/puzzle/game/{doc['id']}")
    assert (status, again) == (200, doc)
    status, after = move(live_url, doc, "click", covered[0])
    assert (status, after) == (400, {"error": "the game is over (lost): no more moves"})


def test_bad_moves_and_requests_are_a_4xx_with_one_line(live_url: str) -> None:
    doc, answer = start(live_url, ("1Q", "V"), seed=13, lives=3)
    mine = sorted(answer)[0]
    clue = next(Cell(r, c) for r in range(4) for c in range(4) if doc["cells"][r][c].rstrip("'") not in (".", "*"))
    game = f"{live_url}/api/puzzle/game/{doc['id']}"
    assert move(live_url, doc, "flag", mine)[0] == 200
    cases = [
        (f"{game}/click", {"row": 4, "col": 0}, 400, "row 4: outside the 4x4 board (rows 0 to 3)"),
        (
            f"{game}/click",
            {"row": mine.row, "col": mine.col},
            400,
            f"cell {tuple(mine)} is flagged: unflag it before opening it",
        ),
        (f"{game}/flag", {"row": clue.row, "col": clue.col}, 400, f"cell {tuple(clue)} is open and cannot be flagged"),
        (
            f"{live_url}/api/puzzle/game/nosuchgame/click",
            {"row": 0, "col": 0},
            404,
            "no puzzle game with this id (finished games are kept only while there is room)",
        ),
        (f"{game}/click", {"row": -1, "col": 0}, 400, "row -1: outside the 4x4 board (rows 0 to 3)"),
        (f"{game}/click", {"row": "a", "col": 0}, 422, None),
        (f"{live_url}/api/puzzle/game", {"rules": ["1Z"], "rows": 4, "cols": 4, "mines": 4}, 400, None),
        (f"{live_url}/api/puzzle/game", {"rules": ["V"], "rows": 3, "cols": 3, "mines": 9}, 400, None),
        (f"{live_url}/api/puzzle/game", {"rules": ["V"], "rows": 4, "cols": 4, "mines": 4, "lives": 0}, 422, None),
    ]
    for url, body, status, message in cases:
        got, document = post(url, body)
        assert got == status, (url, body, document)
        assert set(document) == {"error"} and "\n" not in document["error"], document
        if message is not None:
            assert document["error"] == message
    # A classic game's id is no puzzle game's, and a puzzle's no classic game's.
    status, classic = post(f"{live_url}/api/game", {"level": "beginner", "seed": 1})
    assert get(f"{live_url}/api/puzzle/game/{classic['id']}")[0] == 404
    assert get(f"{live_url}/api/game/{doc['id']}")[0] == 404


def test_the_puzzle_route_still_gives_programs_the_answer_the_game_judges_by(live_url: str) -> None:
    # POST /api/puzzle answers what `generate --rules --json` prints, the answer too, as documented: programs rely on it.
    body = {"rules": ["1Q", "V"], "rows": 4, "cols": 4, "mines": 4, "seed": 14}
    status, made = post(f"{live_url}/api/puzzle", body)
    assert status == 200 and "solution" in made
    doc, answer = start(live_url, ("1Q", "V"), seed=14, lives=100)
    assert {Cell(*m) for m in made["mines"]} == answer and made["board"] == doc["board"]
    for r in range(4):
        for c in range(4):
            if doc["cells"][r][c].rstrip("'") == "." and Cell(r, c) not in answer:
                status, doc = move(live_url, doc, "click", Cell(r, c))
    # Won: every safe cell shows its clue and every mine its flag, as the solution writes them.
    assert doc["state"] == "won" and doc["cells"] == made["solution"]


def test_a_2e_puzzle_asked_with_grade_comes_with_the_grade_cnfsweep_grade_gives(live_url: str) -> None:
    # 2E's clues also constrain each other in pairs: the grade's smallest reasons take those pairs.
    body = {"rules": ["2E"], "rows": 5, "cols": 5, "mines": 7, "seed": 3, "grade": True}
    for route in ("/api/puzzle", "/api/puzzle/game"):
        status, made = post(f"{live_url}{route}", body)
        assert status == 200, made
        report = grade_variant_board(parse_variant(made["board"]))
        assert made["grade"] == report.grade.value and made["grade_steps"] == [s.to_dict() for s in report.steps]


@pytest.mark.parametrize("rule", ["2I", "2L", "2A"])
def test_2i_2l_and_2a_puzzles_asked_with_grade_come_with_the_grade_cnfsweep_grade_gives(
    live_url: str, rule: str
) -> None:
    # 2I's and 2L's clues share a hidden choice: the grade's smallest reasons keep each layout with its choice.
    body = {"rules": [rule], "rows": 5, "cols": 5, "mines": 7, "seed": 3, "grade": True}
    status, made = post(f"{live_url}/api/puzzle", body)
    assert status == 200, made
    report = grade_variant_board(parse_variant(made["board"]))
    assert made["grade"] == report.grade.value and made["grade_steps"] == [s.to_dict() for s in report.steps]


def test_a_2l_puzzle_is_square(live_url: str) -> None:
    body = {"rules": ["2L"], "rows": 5, "cols": 6, "mines": 7, "seed": 3}
    status, refused = post(f"{live_url}/api/puzzle", body)
    assert status == 400 and "square" in refused["error"] and "\n" not in refused["error"], refused


def test_a_puzzle_asked_with_grade_comes_with_the_grade_cnfsweep_grade_gives(live_url: str) -> None:
    body = {"rules": ["1Q", "V"], "rows": 5, "cols": 5, "mines": 7, "seed": 3, "grade": True}
    status, made = post(f"{live_url}/api/puzzle", body)
    assert status == 200, made
    report = grade_variant_board(parse_variant(made["board"]))
    assert made["grade"] == report.grade.value and made["grade_steps"] == [s.to_dict() for s in report.steps]
    # The game of the same puzzle gives it in its first view, beside no answer.
    status, game = post(f"{live_url}/api/puzzle/game", {**body, "lives": 3})
    assert status == 200 and game["board"] == made["board"] and game["mines"] is None
    assert (game["grade"], game["grade_steps"]) == (made["grade"], made["grade_steps"])
    # Without it, no grade; a grade that is no boolean is a 422 naming the field, in one line.
    status, plain = post(f"{live_url}/api/puzzle", {**body, "grade": False})
    assert status == 200 and "grade" not in plain
    status, bad = post(f"{live_url}/api/puzzle", {**body, "grade": "yes"})
    assert status == 422 and "grade" in bad["error"] and "\n" not in bad["error"]
    # The time limit covers the grading too: past it the answer is unknown.
    status, late = post(f"{live_url}/api/puzzle", {**body, "rows": 8, "cols": 8, "mines": 16, "time_limit": 0.001})
    assert status == 200 and late["status"] == "unknown"


def test_a_puzzle_made_but_not_graded_in_time_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # A grade asks far more than making the puzzle (under 2E most); when it is the grade that runs out of time the
    # answer says so and what to ask instead, not that no puzzle was found (main said that either way).
    from cnfsweep.core.errors import TimeLimitExceeded
    from cnfsweep.web import jobs

    def out_of_time(*args: object, **kwargs: object) -> None:
        raise TimeLimitExceeded("past the limit")

    monkeypatch.setattr(jobs, "grade_variant_layout", out_of_time)
    job = jobs.PuzzleJob(("2E",), 4, 4, 4, seed=1, time_limit=10.0, grade=True)
    outcome = job.run()
    doc = json.loads(outcome.body)
    assert outcome.verdict is jobs.Verdict.UNKNOWN and doc["status"] == "unknown" and doc["time_limit"] == 10.0
    assert doc["reason"] == (
        "the puzzle was made but not graded within the time limit of 10.0 s: ask without grade, or for a smaller puzzle"
    )
    # When the pool gives up at the deadline it cannot tell which part ran out: it names both.
    assert "made and graded" in json.loads(job.expired().body)["reason"]
    assert "graded" not in json.loads(jobs.PuzzleJob(("2E",), 4, 4, 4, seed=1).expired().body)["reason"]
