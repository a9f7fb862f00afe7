"""``POST /api/grade``: the document ``cnfsweep grade --json`` prints, for a classic board and a variant puzzle alike.

The grade over HTTP is the library's on the same board (:func:`~cnfsweep.explanation.grade_board` for a classic board,
:func:`~cnfsweep.generation.variant_grade.grade_variant_board` for a variant one; both have brute-force tests); only
``seconds``, the time the grading took, may differ.  Past ``time_limit`` either kind answers as every analysis does.
"""

from __future__ import annotations

from typing import Any

import pytest
from paths import ROOT

from cnfsweep.explanation import grade_board
from cnfsweep.generation.variant_grade import grade_variant_board
from cnfsweep.generation.variants import VariantRequest, generate_variant
from cnfsweep.variants.board import parse_variant

CLASSIC = (ROOT / "examples" / "grade_demo.txt").read_text()
#: Variant puzzles of one layout: the example, and ones the generator makes under other rules.
PUZZLES = [(ROOT / "examples" / "variants" / "graded.txt").read_text()] + [
    generate_variant(VariantRequest.make(5, 5, mines, rules), seed).board.text()
    for rules, mines, seed in ((["1Q", "V"], 7, 3), (["1X"], 6, 1), (["1Q", "1E"], 7, 2))
]


def without_seconds(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` without ``seconds``, the only key two gradings of one board may not share."""
    return {k: v for k, v in document.items() if k != "seconds"}


@pytest.mark.parametrize("text", PUZZLES, ids=lambda t: t.splitlines()[0])
def test_a_variant_puzzle_is_graded_as_the_library_grades_it(client, text: str) -> None:
    answer = client.post("/api/grade", json={"board": text})
    assert answer.status_code == 200, answer.text
    expected = grade_variant_board(parse_variant(text, "board")).to_dict()
    assert without_seconds(answer.json()) == without_seconds(expected)


def test_a_classic_board_is_graded_as_the_library_grades_it(client) -> None:
    answer = client.post("/api/grade", json={"board": CLASSIC})
    assert answer.status_code == 200, answer.text
    assert without_seconds(answer.json()) == without_seconds(grade_board(CLASSIC).to_dict())


@pytest.mark.parametrize("text", [CLASSIC, PUZZLES[0]], ids=["classic", "variant"])
def test_past_the_time_limit_either_kind_answers_unknown(client, text: str) -> None:
    answer = client.post("/api/grade", json={"board": text, "time_limit": 1e-6})
    assert answer.status_code == 200
    assert answer.json() == {"status": "unknown", "reason": "time limit", "time_limit": 1e-6}


BAD = [
    ({"board": 1}, 422, "board: "),
    ({"board": PUZZLES[0], "time_limit": 0}, 422, "time_limit: "),
    ({"board": PUZZLES[0], "mines": -1}, 422, "mines: "),
    ({"board": PUZZLES[0], "level": 3}, 422, "level: "),
    # A puzzle of more than one layout, and a classic board without one, have no grade.
    ((ROOT / "examples" / "variants" / "quad.txt").read_text(), 400, "the puzzle has more than one layout"),
    ((ROOT / "examples" / "expert_midgame.txt").read_text(), 400, "the board carries no layout"),
]


@pytest.mark.parametrize(("body", "status", "start"), BAD, ids=[b[2].strip(": ") for b in BAD])
def test_bad_input_is_a_4xx_whose_one_line_names_it(client, body: Any, status: int, start: str) -> None:
    answer = client.post("/api/grade", json=body if isinstance(body, dict) else {"board": body})
    assert answer.status_code == status, answer.text
    assert set(answer.json()) == {"error"} and "\n" not in answer.json()["error"]
    assert answer.json()["error"].startswith(start)
