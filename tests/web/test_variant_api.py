"""The JSON API on variant boards (a ``rules:`` header), against a live ``cnfsweep serve`` on 127.0.0.1.

``/api/analyze``, ``/api/check`` and ``/api/hint`` answer what ``cnfsweep solve``, ``check`` and ``hint``
print with ``--json``; the probabilities are the oracle's; every answer is what ``/openapi.json`` says it
is; a board that cannot be read is a 400 with the CLI's one line (naming ``board`` where the CLI names
the file); ``/api/levels`` answers what the clues and rules, then the total, decide (the page's Peek),
as ``cnfsweep levels --json`` prints it.
"""

from __future__ import annotations

import json
import random
import urllib.request
from fractions import Fraction
from typing import Any

import jsonschema_rs
import pytest
from paths import ROOT
from test_live import post

from cnfsweep.core.board import Cell

import variant_oracle as oracle
from variant_puzzles import BAD_BOARDS, random_puzzle

EXAMPLES = sorted((ROOT / "examples" / "variants").glob("*.txt"))
#: Each route and the command whose ``--json`` document it answers.
ROUTES = {"analyze": ["solve"], "check": ["check"], "hint": ["hint"]}
#: Each route's answer in the schema, a classic board's document or a variant one's.
ANSWERS = {"analyze": "AnalyzeAnswer", "check": "CheckAnswer", "hint": "HintAnswer"}


@pytest.fixture(scope="module")
def schema(live_url: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{live_url}/openapi.json", timeout=30) as answer:
        return json.loads(answer.read())


def conforms(schema: dict[str, Any], name: str, document: dict[str, Any]) -> bool:
    """Whether ``document`` is valid against the component ``name`` of the published schema."""
    root = {**schema["components"]["schemas"][name], "components": schema["components"]}
    return jsonschema_rs.validator_for(root).is_valid(document)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("route", sorted(ROUTES))
def test_each_route_answers_what_the_cli_prints(live_url: str, schema: dict, run, route: str, example) -> None:
    text = example.read_text()
    status, document = post(f"{live_url}/api/{route}", {"board": text})
    cli = run(*ROUTES[route], "--json", str(example))
    assert status == 200, document
    assert document == json.loads(cli.output)
    assert conforms(schema, ANSWERS[route], document)
    # The answer is the variant document, not any object: a variant board's documents have these keys.
    variant = {"analyze": "VariantAnalysis", "check": "VariantCheck", "hint": "VariantHint"}[route]
    assert conforms(schema, variant, document)


@pytest.mark.parametrize("rule", sorted(oracle.MINE_RULES))
def test_analyze_gives_the_oracles_exact_probabilities(live_url: str, rule: str) -> None:
    rng = random.Random(f"api {rule}")
    for total in (False, True):
        puzzle = random_puzzle(rng, 3, 4, [rule], "V", "", total)
        expected = puzzle.solutions()
        status, document = post(f"{live_url}/api/analyze", {"board": puzzle.text()})
        assert status == 200 and document["solutions"] == str(len(expected))
        for r, c in puzzle.covered():
            mines = sum(Cell(r, c) in m for m in expected)
            assert Fraction(document["exact"][r][c]) == Fraction(mines, len(expected))


def test_hint_and_check_answer_with_every_and_a_conflict(live_url: str, schema: dict) -> None:
    status, every = post(f"{live_url}/api/hint", {"board": "rules: 1H\n. . .'\n? 2 ?\n", "every": True})
    assert status == 200 and [m["move"]["cell"] for m in every["moves"]] == [[0, 0], [0, 1], [0, 2]]
    assert all(m["reason"]["rules"] == ["1H", "V"] for m in every["moves"]) and conforms(schema, "VariantHint", every)
    status, conflict = post(f"{live_url}/api/check", {"board": "rules: 1H\n3 .\n. .\n"})
    assert status == 200 and conflict["conflict"] == {"clues": [[0, 0]], "rules": ["1H", "V"]}
    status, total = post(f"{live_url}/api/analyze", {"board": "rules: 1T\n. . .\n. 2 .\n", "mines": 3})
    assert status == 200 and total["total_mines"] == 3


@pytest.mark.parametrize(("text", "message"), BAD_BOARDS)
@pytest.mark.parametrize("route", sorted(ROUTES))
def test_a_bad_variant_board_is_a_400_with_the_clis_line(live_url: str, run, route: str, text: str, message) -> None:
    status, document = post(f"{live_url}/api/{route}", {"board": text})
    cli = run(*ROUTES[route], "-", stdin=text)
    assert status == 400 and cli.exit_code == 2
    assert document["error"].startswith(message.replace("<stdin>", "board"))
    assert "error: " + document["error"].replace("board", "<stdin>", 1) == " ".join(cli.output.split())


@pytest.mark.parametrize("seed", range(6))
def test_levels_of_a_variant_board_are_the_oracles_for_the_pages_peek(live_url: str, seed: int) -> None:
    # What Peek shows: `full`, the cells every layout of the clues and rules agrees on; `total`, those the
    # layouts with the total agree on besides; the rest undecided. The oracle enumerates every layout itself.
    rng = random.Random(f"peek {seed}")
    rule = sorted(oracle.MINE_RULES)[seed % len(oracle.MINE_RULES)]
    puzzle = random_puzzle(rng, 3, 4, [rule], "V", "", True)
    status, document = post(f"{live_url}/api/levels", {"board": puzzle.text()})
    assert status == 200, document
    covered = [Cell(*p) for p in puzzle.covered()]
    full, total = puzzle.solutions(total=False), puzzle.solutions()
    for name, layouts in (("full", full), ("total", total)):
        same = {c for c in covered if len({c in m for m in layouts}) == 1}
        earlier = set() if name == "full" else {c for c in covered if len({c in m for m in full}) == 1}
        got = document["levels"][name]
        assert {Cell(*c) for c in got["mines"]} == {c for c in same - earlier if c in next(iter(layouts))}
        assert {Cell(*c) for c in got["safe"]} == {c for c in same - earlier if c not in next(iter(layouts))}
    assert document["consistent"] and document["rules"] == [rule, "V"]


def test_other_formats_refuse_a_variant_board_in_one_line(live_url: str) -> None:
    text = "rules: 1Q\n. .\n. 3\n"
    status, document = post(f"{live_url}/api/analyze", {"board": text, "format": "jsm"})
    assert status == 400 and document == {
        "error": "board: a board with a 'rules:' header is native text, not jsm format"
    }


def test_board_reads_a_variant_board_for_the_page(live_url: str) -> None:
    status, document = post(f"{live_url}/api/board", {"board": (ROOT / "examples/variants/quad.txt").read_text()})
    assert status == 200
    assert document["rules"] == ["1Q", "V", "1M"] and document["dyed"] == [[1, 0], [2, 2]]
    assert document["cells"][1] == [".'", ".", "4", "."] and document["total_mines"] == 5
    status, again = post(f"{live_url}/api/board", {"board": document["text"]})
    assert status == 200 and again == document


def test_a_variant_board_past_its_time_limit_is_unknown(live_url: str) -> None:
    status, document = post(f"{live_url}/api/analyze", {"board": "rules: 1C\n. . .\n. 3 .\n", "time_limit": 1e-9})
    assert (status, document) == (200, {"status": "unknown", "reason": "time limit", "time_limit": 1e-9})


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_levels_answers_what_cnfsweep_levels_prints(live_url: str, run, example) -> None:
    status, document = post(f"{live_url}/api/levels", {"board": example.read_text()})
    cli = run("levels", "--json", str(example))
    assert status == 200, document
    printed = json.loads(cli.output)
    # The time taken is the one key two runs need not agree on.
    assert document.pop("seconds") >= 0 and printed.pop("seconds") >= 0
    assert cli.exit_code == (0 if document["consistent"] else 1) and document == printed
