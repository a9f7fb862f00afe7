"""The HTTP API through FastAPI's test client: the CLI's answers, every bad request's status and message."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import EXAMPLES
from typer.testing import CliRunner

from cnfsweep import Board
from cnfsweep.cli import app as cli
from cnfsweep.generation import generate_boards
from cnfsweep.play import Game, LEVELS, FirstClick, Level
from cnfsweep.core.board import Cell
from cnfsweep.web import Job, Pool, Verdict, Workers

BOARDS = sorted(p for p in EXAMPLES.iterdir() if p.suffix in (".txt", ".jsm"))


def cli_json(*args: str, stdin: str | None = None) -> dict[str, Any]:
    result = CliRunner().invoke(cli, [*args, "--json"], input=stdin)
    assert result.exit_code in (0, 1, 3), result.output
    return json.loads(result.output)


def cli_error(text: str, *args: str) -> str:
    """The message ``cnfsweep solve -`` prints after ``error:`` for this board text, its source named ``board``."""
    result = CliRunner().invoke(cli, ["solve", "-", *args], input=text)
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert line.startswith("error: ") and "\n" not in line
    return line.removeprefix("error: ").replace("<stdin>", "board", 1)


def without_seconds(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k != "seconds"}


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.name)
def test_analyze_answers_as_solve_json(client, path: Path) -> None:
    answer = client.post("/api/analyze", json={"board": path.read_text()})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    assert without_seconds(answer.json()) == without_seconds(cli_json("solve", str(path)))


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.name)
def test_check_answers_as_check_json(client, path: Path) -> None:
    answer = client.post("/api/check", json={"board": path.read_text()})
    assert answer.status_code == 200
    assert answer.json() == cli_json("check", str(path))


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.name)
def test_hint_answers_as_hint_json(client, path: Path) -> None:
    answer = client.post("/api/hint", json={"board": path.read_text()})
    assert answer.status_code == 200
    assert without_seconds(answer.json()) == without_seconds(cli_json("hint", str(path)))


def test_hint_every_and_smallest_work_as_the_options(client) -> None:
    path = EXAMPLES / "hint_demo.txt"
    answer = client.post("/api/hint", json={"board": path.read_text(), "every": True, "smallest": True})
    assert without_seconds(answer.json()) == without_seconds(cli_json("hint", str(path), "--all", "--smallest"))


def test_mines_and_format_work_as_the_options(client) -> None:
    text = (EXAMPLES / "expert.jsm").read_text()
    answer = client.post("/api/analyze", json={"board": text, "mines": 90, "format": "jsm"})
    expected = cli_json("solve", str(EXAMPLES / "expert.jsm"), "--mines", "90", "--format", "jsm")
    assert without_seconds(answer.json()) == without_seconds(expected)
    check = client.post("/api/check", json={"board": "4.\n..", "minimise": False})
    assert check.json() == cli_json("check", "-", "--no-minimise", stdin="4.\n..")


def test_board_reads_any_format_into_native_text(client) -> None:
    text = (EXAMPLES / "expert.jsm").read_text()
    doc = client.post("/api/board", json={"board": text}).json()
    board = Board.parse(text)
    assert (doc["rows"], doc["cols"], doc["grid"], doc["total_mines"]) == (board.rows, board.cols, list(board.grid), 99)
    assert doc["text"] == board.to_text()


BAD_BOARDS = [
    "\n",
    "1.\n9.\n",
    "12\n1\n",
    "mines: x\n1.\n",
    "colour: red\n1.\n",
    "1.\x00\n",
    "1?\n",
    "3x3x1\nHHH\nHH\n",
]


@pytest.mark.parametrize("text", BAD_BOARDS)
@pytest.mark.parametrize("endpoint", ["/api/analyze", "/api/check", "/api/hint", "/api/board"])
def test_a_bad_board_gets_400_and_the_message_solve_prints(client, endpoint: str, text: str) -> None:
    answer = client.post(endpoint, json={"board": text})
    assert answer.status_code == 400
    assert answer.json() == {"error": cli_error(text)}


HUGE = "9" * 5000  # past Python's 4,300-digit limit for int(text)
HUGE_NUMBERS = {
    "mines": f"mines: {HUGE}\n1..\n",
    "first-click": f"first-click: {HUGE},0\n0.\nlayout:\n..\n",
    "jsm size": f"{HUGE}x3x1\nHHH\n",
    "msboard rows": f"# MINESWEEPER-BOARD v0.1\nrows: {HUGE}\ncolumns: 2\nmines: 1\n\n[view]\nUU\n",
}


@pytest.mark.parametrize("text", HUGE_NUMBERS.values(), ids=HUGE_NUMBERS.keys())
@pytest.mark.parametrize("endpoint", ["/api/analyze", "/api/check", "/api/hint", "/api/board"])
def test_a_huge_number_gets_400_and_the_message_solve_prints(client, endpoint: str, text: str) -> None:
    answer = client.post(endpoint, json={"board": text})
    assert answer.status_code == 400
    assert answer.json() == {"error": cli_error(text)}
    assert "at most 18 digits" in answer.json()["error"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "board: Field required"),
        ({"board": 5}, "board: Input should be a valid string"),
        ({"board": "1.", "mines": -1}, "mines: Input should be greater than or equal to 0"),
        ({"board": "1.", "mines": "many"}, "mines: Input should be a valid integer"),
        (
            {"board": "1.", "format": "xml"},
            "format: Input should be 'auto', 'native', 'jsm', 'minesweepr', 'msboard' or 'graph'",
        ),
        ({"board": "1.", "time_limit": 0}, "time_limit: Input should be greater than 0"),
        ({"board": "1.", "file": "/etc/passwd"}, "file: Extra inputs are not permitted"),
        ([1, 2], "Input should be a valid dictionary or object to extract fields from"),
    ],
)
def test_a_malformed_request_gets_422_and_one_line(client, body: Any, message: str) -> None:
    answer = client.post("/api/analyze", json=body)
    assert answer.status_code == 422
    assert answer.json()["error"].endswith(message)
    assert "\n" not in answer.json()["error"]


def test_a_body_that_is_not_json_gets_422(client) -> None:
    answer = client.post("/api/analyze", content=b'{"board": ', headers={"Content-Type": "application/json"})
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("the request body is not JSON")


def test_a_body_over_the_limit_gets_413_whether_or_not_it_says_its_length(tight) -> None:
    big = json.dumps({"board": "." * 3000}).encode()
    said = tight.post("/api/analyze", content=big, headers={"Content-Type": "application/json"})
    assert said.status_code == 413
    assert said.json() == {"error": "the request body is over this server's limit of 2000 bytes"}
    streamed = tight.post(
        "/api/analyze", content=iter([big[:1500], big[1500:]]), headers={"Content-Type": "application/json"}
    )
    assert streamed.status_code == 413
    assert tight.post("/api/analyze", json={"board": "1."}).status_code == 200


def test_a_board_over_the_cell_limit_gets_413(tight) -> None:
    for endpoint in ("/api/analyze", "/api/check", "/api/hint", "/api/board"):
        answer = tight.post(endpoint, json={"board": "." * 101})
        assert answer.status_code == 413
        assert answer.json() == {"error": "the board has 1x101 = 101 cells, more than this server takes (100)"}
    game = tight.post("/api/game", json={"level": "intermediate"})
    assert game.status_code == 413
    assert "more than this server takes (100)" in game.json()["error"]


def test_past_the_time_limit_the_answer_is_unknown_as_solve_says(client) -> None:
    text = (EXAMPLES / "expert_midgame.txt").read_text()
    for endpoint, command in (("/api/analyze", "solve"), ("/api/check", "check"), ("/api/hint", "hint")):
        answer = client.post(endpoint, json={"board": text, "time_limit": 1e-9})
        assert answer.status_code == 200
        assert answer.json() == cli_json(command, str(EXAMPLES / "expert_midgame.txt"), "--time-limit", "1e-9")


def test_a_request_cannot_raise_the_servers_time_limit(make_client) -> None:
    with make_client(time_limit=1e-9) as c:
        text = (EXAMPLES / "expert_midgame.txt").read_text()
        answer = c.post("/api/analyze", json={"board": text, "time_limit": 60})
        assert answer.json() == {"status": "unknown", "reason": "time limit", "time_limit": 1e-9}


def test_health_says_what_the_server_offers(client) -> None:
    doc = client.get("/api/health").json()
    assert doc["status"] == "ok"
    assert {"analyze", "check", "hint", "game", "generate"} <= set(doc["features"])
    assert doc["limits"] == {"max_body": 1 << 20, "max_picture": 16 << 20, "max_cells": 1_000_000, "time_limit": 10.0}
    assert doc["levels"]["expert"] == {"rows": 16, "cols": 30, "mines": 99}


def test_a_seeded_game_is_the_game_play_would_play(client) -> None:
    doc = client.post("/api/game", json={"level": "expert", "seed": 7, "first_click": "opening"}).json()
    assert (doc["rows"], doc["cols"], doc["mines"], doc["state"], doc["clicks"]) == (16, 30, 99, "playing", 0)
    game = Game.new(LEVELS["expert"], 7, FirstClick.OPENING)
    game.click(Cell(8, 15))
    doc = client.post(f"/api/game/{doc['id']}/click", json={"row": 8, "col": 15}).json()
    assert doc["grid"] == list(game.board().grid)
    assert doc["board"] == game.board().to_text()
    # A flag is shown in the grid, counted in mines_left, and left covered in the board an analysis reads.
    covered = next((r, c) for r, row in enumerate(doc["grid"]) for c, ch in enumerate(row) if ch == ".")
    flagged = client.post(f"/api/game/{doc['id']}/flag", json={"row": covered[0], "col": covered[1]}).json()
    assert flagged["grid"][covered[0]][covered[1]] == "*" and flagged["mines_left"] == 98
    assert flagged["board"] == doc["board"]
    refused = client.post(f"/api/game/{doc['id']}/click", json={"row": covered[0], "col": covered[1]})
    assert refused.status_code == 400 and "flagged" in refused.json()["error"]
    unflagged = client.post(f"/api/game/{doc['id']}/flag", json={"row": covered[0], "col": covered[1]}).json()
    assert unflagged["grid"] == doc["grid"] and unflagged["mines_left"] == 99
    assert client.get(f"/api/game/{doc['id']}").json()["grid"] == doc["grid"]


def test_a_no_guess_game_is_the_board_generate_makes_with_its_opening_made(client) -> None:
    doc = client.post("/api/game", json={"level": "expert", "seed": 3, "no_guess": True}).json()
    made = next(generate_boards("expert", 1, seed=3))
    game = Game.from_layout(16, 30, made.mine_cells)
    game.click(made.start)
    assert (doc["clicks"], doc["state"], doc["seed"], doc["first_click"]) == (1, "playing", 3, "opening")
    assert doc["level"] == "expert"  # the level keeps its name, as a game that is not no-guess does
    assert doc["grid"] == list(game.board().grid)


@pytest.mark.parametrize(
    ("body", "options"),
    [
        ({"level": "beginner", "seed": 5}, ["--level", "beginner", "--seed", "5"]),
        (
            {"rows": 8, "cols": 10, "mines": 20, "seed": 2, "start": [0, 0], "method": "uniform", "logic": "local"},
            [
                "--size",
                "8x10",
                "--mines",
                "20",
                "--seed",
                "2",
                "--start",
                "0,0",
                "--method",
                "uniform",
                "--logic",
                "local",
            ],
        ),
    ],
)
def test_generate_answers_as_generate_json(client, body: dict, options: list[str]) -> None:
    doc = client.post("/api/generate", json=body).json()
    expected = cli_json("generate", *options)
    made = next(
        generate_boards(
            Level(expected["rows"], expected["cols"], expected["mines"]),
            1,
            seed=body["seed"],
            start=expected["start"],
            method=body.get("method", "fast"),
            logic=body.get("logic", "full"),
        )
    )
    assert without_seconds(doc) == {**without_seconds(expected), "board": made.board().to_text()}


def test_generate_refuses_what_generate_refuses(client, tight) -> None:
    answer = client.post("/api/generate", json={"level": "beginner", "start": [9, 0]})
    result = CliRunner().invoke(cli, ["generate", "--level", "beginner", "--start", "9,0"])
    assert answer.status_code == 400 and answer.json()["error"].startswith("start: first click (9, 0) is off")
    assert result.output.strip() == "error: --" + answer.json()["error"]  # the flag where the API names its field
    assert client.post("/api/generate", json={"rows": 3, "cols": 3, "mines": 1}).status_code == 400  # no room
    assert tight.post("/api/generate", json={"level": "intermediate"}).status_code == 413
    unknown = client.post("/api/generate", json={"level": "expert", "method": "uniform", "seed": 1, "time_limit": 1e-6})
    assert unknown.status_code == 200
    result = CliRunner().invoke(
        cli, ["generate", "--level", "expert", "--method", "uniform", "--seed", "1", "--time-limit", "1e-6", "--json"]
    )
    assert result.exit_code == 3
    assert unknown.json() == json.loads(result.output.splitlines()[0])  # then 'unknown: ...' on standard error


def test_a_game_ends_in_a_loss_or_a_win_and_shows_its_mines(client) -> None:
    game = Game.new(LEVELS["beginner"], 3)
    game.click(Cell(0, 0))
    lost = client.post("/api/game", json={"level": "beginner", "seed": 3}).json()
    client.post(f"/api/game/{lost['id']}/click", json={"row": 0, "col": 0})
    mine = sorted(game.mines)[0]
    doc = client.post(f"/api/game/{lost['id']}/click", json={"row": mine[0], "col": mine[1]}).json()
    assert doc["state"] == "lost" and doc["exploded"] == list(mine)
    assert doc["layout"] == [list(m) for m in sorted(game.mines)]
    after = client.post(f"/api/game/{lost['id']}/click", json={"row": 0, "col": 1})
    assert after.status_code == 400 and after.json() == {"error": "the game is over (lost): no more clicks"}

    won = client.post("/api/game", json={"rows": 1, "cols": 3, "mines": 1, "seed": 0}).json()
    doc = client.post(f"/api/game/{won['id']}/click", json={"row": 0, "col": 0}).json()
    for c, ch in enumerate(doc["grid"][0]):
        if ch == "." and doc["state"] == "playing":
            doc = client.post(f"/api/game/{won['id']}/click", json={"row": 0, "col": c}).json()
    assert doc["state"] in ("won", "lost")
    assert doc["layout"] is not None and doc["seconds"] is not None


@pytest.mark.parametrize(
    ("path", "body", "status", "message"),
    [
        ("/api/game", {"cols": 3}, 422, "body: give rows, cols and mines together, or a level (rows, mines missing)"),
        (
            "/api/game",
            {"rows": 2, "cols": 2, "mines": 4},
            400,
            "mines 4: no room for first-click rule 'safe' (at most 3 mines on a 2x2 board)",
        ),
        ("/api/game", {"level": "hard"}, 422, "level: Input should be 'beginner', 'intermediate' or 'expert'"),
        ("/api/game", {"level": "expert", "seed": -1}, 422, "seed: Input should be greater than or equal to 0"),
        (
            "/api/game/nope/click",
            {"row": 0, "col": 0},
            404,
            "no game with this id (finished games are kept only while there is room)",
        ),
        ("/api/game/nope/flag", {"row": 0}, 422, "col: Field required"),
    ],
)
def test_a_bad_game_request_gets_its_status_and_message(
    client, path: str, body: Any, status: int, message: str
) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == status
    assert answer.json() == {"error": message}


def test_a_move_off_the_board_says_so(client) -> None:
    game = client.post("/api/game", json={"level": "beginner"}).json()
    for move in ("click", "flag"):
        answer = client.post(f"/api/game/{game['id']}/{move}", json={"row": 9, "col": 0})
        assert answer.status_code == 400 and answer.json() == {"error": "row 9: outside the 9x9 board (rows 0 to 8)"}


def test_the_page_and_the_schema_are_served_and_nothing_else(client) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert 'src="/static/app.js"' in page.text and "http" not in page.text.replace("http-equiv", "")
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/docs").status_code == 200
    schema = client.get("/openapi.json").json()
    assert {
        "/api/analyze",
        "/api/check",
        "/api/hint",
        "/api/generate",
        "/api/board",
        "/api/health",
        "/api/game",
    } <= set(schema["paths"])
    for path in ("/static/../app.py", "/static/%2e%2e/settings.py", "/static/jobs.py", "/etc/passwd", "/redoc"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json() == {"error": "Not Found"}
    assert client.delete("/api/analyze").status_code == 405


SCALARS = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20)
)
JSON = (
    SCALARS
    | st.lists(SCALARS, max_size=4)
    | st.dictionaries(st.text(max_size=8), SCALARS | st.lists(SCALARS), max_size=4)
)
FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "board": st.text(alphabet="0123456789.*Fx\nHmines: #", max_size=40) | JSON,
        "mines": st.integers(-3, 200) | JSON,
        "format": st.sampled_from(["auto", "jsm", "native", "minesweepr", "msboard", "nope"]),
        "time_limit": st.floats(-1, 5) | JSON,
        "minimise": st.booleans() | JSON,
        "every": st.booleans() | JSON,
        "smallest": st.booleans() | JSON,
        "max_level": st.integers(-1, 10) | JSON,
        "steps": st.booleans() | JSON,
        "level": st.sampled_from(["beginner", "expert", "x"]),
        "rows": st.integers(-2, 30) | JSON,
        "cols": st.integers(-2, 30) | JSON,
        "row": st.integers(-2, 20) | JSON,
        "col": st.integers(-2, 40) | JSON,
        "seed": st.integers(-2, 2**64) | JSON,
        "first_click": st.sampled_from(["safe", "opening", "any", "never"]),
        "no_guess": st.booleans(),
        "method": st.sampled_from(["fast", "uniform", "slow"]),
        "logic": st.sampled_from(["full", "local", "none"]),
    },
)
PATHS = [
    "/api/analyze",
    "/api/check",
    "/api/hint",
    "/api/levels",
    "/api/grade",
    "/api/board",
    "/api/generate",
    "/api/game",
    "/api/game/{id}/click",
    "/api/game/{id}/flag",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(PATHS), body=FIELDS | JSON)
def test_the_server_never_answers_500(client, path: str, body: Any) -> None:
    if "{id}" in path:
        game = client.post("/api/game", json={"level": "beginner", "seed": 1}).json()["id"]
        path = path.format(id=game)
    answer = client.post(path, json=body)
    assert answer.status_code in (200, 400, 404, 413, 415, 422), answer.text  # 415: json=None sends no body
    assert isinstance(answer.json(), dict)


def test_worker_processes_answer_alike(make_client) -> None:
    text = (EXAMPLES / "expert_midgame.txt").read_text()
    with make_client(pool=Pool.PROCESS, workers=1) as c:
        answer = c.post("/api/analyze", json={"board": text})
        bad = c.post("/api/analyze", json={"board": "9"})
    assert without_seconds(answer.json()) == without_seconds(cli_json("solve", str(EXAMPLES / "expert_midgame.txt")))
    assert bad.status_code == 400 and bad.json() == {"error": cli_error("9")}


def test_serve_without_the_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "fastapi" else real(name, *a))
    result = CliRunner().invoke(cli, ["serve"])
    assert result.exit_code == 2
    assert result.output.strip() == "error: cnfsweep serve needs FastAPI and uvicorn: pip install 'cnfsweep[serve]'"


def test_other_commands_do_not_import_fastapi() -> None:
    code = "import sys, cnfsweep.cli; print('fastapi' in sys.modules, 'uvicorn' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_past_the_queue_limit_a_job_is_refused_at_once() -> None:
    workers = Workers(Pool.THREAD, 1, max_queue=1)

    async def two() -> list:
        return await asyncio.gather(workers.run(Job("analyze", "1.")), workers.run(Job("analyze", "1.")))

    try:
        first, second = asyncio.run(two())
    finally:
        workers.close()
    assert first.verdict is Verdict.ANSWER
    assert second.verdict is Verdict.BUSY
    assert json.loads(second.body) == {"error": "the server is busy (1 analyses under way); try again"}


def test_past_the_time_limit_a_hint_is_unknown(client) -> None:
    text = (EXAMPLES / "expert_midgame.txt").read_text()
    answer = client.post("/api/hint", json={"board": text, "time_limit": 1e-9})
    assert answer.json() == {"status": "unknown", "reason": "time limit", "time_limit": 1e-9}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.integers(1, 5), cols=st.integers(1, 5), data=st.data())
def test_a_game_the_server_starts_takes_any_first_click(client, rows: int, cols: int, data: st.DataObject) -> None:
    mines = data.draw(st.integers(0, rows * cols), label="mines")
    rule = data.draw(st.sampled_from(FirstClick), label="first_click")
    first = data.draw(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)), label="first")
    new = client.post(
        "/api/game", json={"rows": rows, "cols": cols, "mines": mines, "first_click": rule.value, "seed": 1}
    )
    if new.status_code == 400:
        # Refused at once, saying why, only when some first click could not start the game.
        area = min(rows, 3) * min(cols, 3) if rule is FirstClick.OPENING else 1 if rule is FirstClick.SAFE else 0
        assert mines > rows * cols - area
        assert f"no room for first-click rule {rule.value!r}" in new.json()["error"]
        return
    assert new.status_code == 200
    click = client.post(f"/api/game/{new.json()['id']}/click", json={"row": first[0], "col": first[1]})
    assert click.status_code == 200, click.json()


def test_a_game_with_no_room_for_an_opening_is_refused_at_once(client) -> None:
    answer = client.post("/api/game", json={"rows": 3, "cols": 3, "mines": 5, "first_click": "opening"})
    assert answer.status_code == 400
    assert answer.json() == {
        "error": "mines 5: no room for first-click rule 'opening' wherever the first click falls"
        " (at most 0 mines on a 3x3 board); choose fewer mines or first click 'safe'"
    }


def test_each_move_answered_is_counted_in_the_game_document(client) -> None:
    doc = client.post("/api/game", json={"level": "beginner", "seed": 4, "no_guess": True}).json()
    assert (doc["clicks"], doc["moves"], doc["seconds"]) == (
        1,
        0,
        None,
    )  # the server's opening is no move of the player's
    covered = [(r, c) for r, row in enumerate(doc["grid"]) for c, ch in enumerate(row) if ch == "."]
    for n, (r, c) in enumerate(covered[:3], start=1):
        doc = client.post(f"/api/game/{doc['id']}/flag", json={"row": r, "col": c}).json()
        assert doc["moves"] == n and doc["seconds"] is None  # flags do not start the clock
    refused = client.post(f"/api/game/{doc['id']}/click", json={"row": covered[0][0], "col": covered[0][1]})
    assert refused.status_code == 400
    assert client.get(f"/api/game/{doc['id']}").json()["moves"] == 3
