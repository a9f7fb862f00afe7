"""``POST /api/levels``: the document ``cnfsweep levels --json`` prints, and errors as for the other routes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from paths import EXAMPLES

BOARDS = [EXAMPLES / name for name in ("peek_pairs.txt", "peek_circle.txt", "inconsistent.txt", "expert_midgame.txt")]


def without_seconds(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "seconds"}


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.name)
@pytest.mark.parametrize("options", [{}, {"max_level": 2, "steps": True}], ids=["default", "level-2-steps"])
def test_levels_answers_as_levels_json(client, run, path: Path, options: dict) -> None:
    answer = client.post("/api/levels", json={"board": path.read_text(), **options})
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    args = ["--max-level", "2", "--steps"] if options else []
    printed = run("levels", str(path), "--json", *args)
    assert printed.exit_code in (0, 1)
    assert without_seconds(answer.json()) == without_seconds(json.loads(printed.output))


def test_an_inconsistent_position_is_an_answer(client) -> None:
    doc = client.post("/api/levels", json={"board": (EXAMPLES / "inconsistent.txt").read_text()}).json()
    assert doc["consistent"] is False and doc["inconsistent_level"] == "2" and doc["conflict"] == [[1, 1]]


def test_mines_overrides_the_header(client) -> None:
    doc = client.post("/api/levels", json={"board": "mines: 1\n1..\n...\n...\n", "mines": 8}).json()
    assert doc["total_mines"] == 8 and doc["levels"]["total"] == {"safe": [], "mines": []}


def test_a_bad_board_is_the_clis_one_line(client, run) -> None:
    answer = client.post("/api/levels", json={"board": "1.\n9.\n"})
    printed = run("levels", "-", stdin="1.\n9.\n")
    assert answer.status_code == 400 and printed.exit_code == 2
    assert answer.json() == {"error": printed.output.strip().removeprefix("error: ").replace("<stdin>", "board")}


@pytest.mark.parametrize("bad", [0, 9, "3", True, 2.5])
def test_a_max_level_out_of_range_or_of_another_type_is_422(client, bad) -> None:
    answer = client.post("/api/levels", json={"board": "1.", "max_level": bad})
    assert answer.status_code == 422 and "max_level" in answer.json()["error"]


def test_past_the_time_limit_it_is_unknown(client) -> None:
    answer = client.post(
        "/api/levels", json={"board": (EXAMPLES / "expert_midgame.txt").read_text(), "time_limit": 1e-9}
    )
    assert answer.status_code == 200 and answer.json()["status"] == "unknown"


def test_a_board_over_the_cell_limit_is_413(tight) -> None:
    answer = tight.post("/api/levels", json={"board": "." * 101})
    assert answer.status_code == 413 and "more than this server takes" in answer.json()["error"]


def test_the_page_is_told_it_can_peek(client) -> None:
    assert "levels" in client.get("/api/health").json()["features"]
    assert "/api/levels" in client.get("/openapi.json").json()["paths"]


def test_the_page_peeks_in_the_colours_of_cnfsweep_levels(client) -> None:
    import re

    from cnfsweep.present.levels import LEVEL_COLOURS

    css = client.get("/static/style.css").text
    colours = dict(re.findall(r"\.peek-(\w+) \{ --peek: (#[0-9a-f]{6});", css))
    assert colours == {name: LEVEL_COLOURS[name] for name in ("1", "2", "3", "full", "total")}
    page = client.get("/").text
    assert 'id="peek"' in page and 'data-feature="levels"' in page
