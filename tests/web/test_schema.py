"""The API is what ``/openapi.json`` says: schemathesis over every operation, and the published schema as an oracle.

``python -m benchmarks schema-fuzz`` runs the same checks longer against a live server;
both read what the API promises beyond JSON Schema from ``schemathesis.toml``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import jsonschema_rs
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import ROOT
from sampling import examples
from schemathesis.config import SchemathesisConfig

from cnfsweep.web import Pool, Settings, create_app
from cnfsweep.web.models import MAX_SEED

#: Small limits keep every generated game and board quick to answer.
APP = create_app(Settings(pool=Pool.THREAD, max_cells=2500, time_limit=1.0))
SCHEMA = schemathesis.openapi.from_asgi(
    "/openapi.json", APP, config=SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
)
#: Fuzzed cases per operation here (21 operations; each CI run draws new ones); ``python -m benchmarks schema-fuzz --max-examples`` runs more.
EXAMPLES = examples(50, full=300)
QUIET = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))


@SCHEMA.parametrize()
@QUIET
def test_every_operation_answers_as_its_schema_says(case) -> None:
    case.call_and_validate()


TestStatefulSchema = SCHEMA.as_state_machine().TestCase
TestStatefulSchema.settings = settings(
    max_examples=10, stateful_step_count=5, deadline=None, suppress_health_check=list(HealthCheck)
)


@pytest.fixture(scope="module")
def spec(client) -> dict[str, Any]:
    return client.get("/openapi.json").json()


def operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(path, method, op) for path, methods in spec["paths"].items() for method, op in methods.items()]


def concrete(path: str) -> str:
    return path.replace("{game_id}", "nosuchgame")


BODY_PATHS = [
    "/api/analyze",
    "/api/check",
    "/api/hint",
    "/api/levels",
    "/api/grade",
    "/api/board",
    "/api/generate",
    "/api/game",
    "/api/game/{game_id}/click",
    "/api/game/{game_id}/flag",
]


def test_a_405_says_which_methods_are_allowed(client, spec) -> None:
    for path, methods in spec["paths"].items():
        documented = {m.upper() for m in methods}
        allowed = documented | ({"HEAD"} if "GET" in documented else set())
        for method in {"GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"} - allowed:
            answer = client.request(method, concrete(path))
            assert answer.status_code == 405, (method, path)
            assert answer.json() == {"error": "Method Not Allowed"}
            assert {m.strip() for m in answer.headers["allow"].split(",")} == allowed, (method, path)


def test_head_is_answered_wherever_get_is(client) -> None:
    game = client.post("/api/game", json={"level": "beginner", "seed": 1}).json()["id"]
    for path in ("/api/health", f"/api/game/{game}", "/api/game/nosuchgame", "/", "/docs", "/static/app.js"):
        got, head = client.get(path), client.head(path)
        assert head.status_code == got.status_code, path
        assert head.headers["content-type"] == got.headers["content-type"], path
        assert head.content == b"", path


def test_every_error_is_documented_as_the_error_document(spec) -> None:
    assert set(spec["components"]["schemas"]) & {"HTTPValidationError", "ValidationError"} == set()
    error = spec["components"]["schemas"]["ErrorDocument"]
    assert error["required"] == ["error"] and error["properties"]["error"]["type"] == "string"
    assert error["additionalProperties"] is False
    for path, _method, op in operations(spec):
        for status, answer in op["responses"].items():
            if not status.startswith("2"):
                assert answer["content"]["application/json"]["schema"] == {
                    "$ref": "#/components/schemas/ErrorDocument"
                }, (path, status)


NEW = "a new game's id"
# Each status each operation can answer, with a request that gets it: method, path, body, status, and the game id
# or Content-Type to use.
ANSWERS = [
    ("post", "/api/analyze", {"board": "9"}, 400, {}),
    ("post", "/api/analyze", {"board": "1."}, 415, {"content_type": "text/plain"}),
    ("post", "/api/analyze", {"board": 1}, 422, {}),
    ("post", "/api/grade", {"board": "mines: 1\n1.\n..\n"}, 400, {}),
    ("post", "/api/grade", {"board": "rules: V\nmines: x\n"}, 400, {}),
    ("post", "/api/grade", {"board": "1."}, 415, {"content_type": "text/plain"}),
    ("post", "/api/grade", {"board": 1}, 422, {}),
    ("post", "/api/game", {"rows": 2, "cols": 2, "mines": 4}, 400, {}),
    ("post", "/api/game", {"rows": 200, "cols": 200, "mines": 1}, 413, {}),
    ("post", "/api/game", {"rows": 2}, 422, {}),
    ("post", "/api/generate", {"level": "beginner", "first_click": [9, 0]}, 400, {}),
    ("post", "/api/generate", {"rows": 200, "cols": 200, "mines": 1}, 413, {}),
    ("get", "/api/game/{game_id}", None, 404, {}),
    ("get", "/api/game/{game_id}", None, 422, {"game_id": "a b"}),
    ("post", "/api/game/{game_id}/click", {"row": 0, "col": 0}, 404, {}),
    ("post", "/api/game/{game_id}/click", {"row": 99, "col": 0}, 400, {"game_id": NEW}),
    ("post", "/api/game/{game_id}/flag", {"row": 0}, 422, {}),
]


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "how"), ANSWERS, ids=[f"{a[0]} {a[1]} {a[3]}" for a in ANSWERS]
)
def test_every_status_an_operation_answers_is_documented(tight, method, path, body, status, how) -> None:
    game_id = how.get("game_id", "nosuchgame")
    if game_id == NEW:
        game_id = tight.post("/api/game", json={"rows": 5, "cols": 5, "mines": 3}).json()["id"]
    url = path.replace("{game_id}", game_id)
    if "content_type" in how:
        answer = tight.post(url, content=json.dumps(body), headers={"Content-Type": how["content_type"]})
    else:
        answer = tight.request(method.upper(), url, json=body)
    assert answer.status_code == status, answer.text
    assert str(status) in tight.get("/openapi.json").json()["paths"][path][method]["responses"]
    assert set(answer.json()) == {"error"} and "\n" not in answer.json()["error"]


@pytest.mark.parametrize("path", [p for p in BODY_PATHS if "game_id" not in p])
def test_every_body_operation_documents_its_refusals(spec, path: str) -> None:
    assert {"400", "413", "415", "422", "503"} <= set(spec["paths"][path]["post"]["responses"])


@pytest.mark.parametrize("path", BODY_PATHS)
@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_a_body_not_sent_as_json_gets_415_naming_json(client, path: str, content_type: str | None) -> None:
    headers = {} if content_type is None else {"Content-Type": content_type}
    answer = client.post(concrete(path), content=b'{"board": "1."}', headers=headers)
    assert answer.status_code == 415
    assert "Content-Type: application/json" in answer.json()["error"]
    assert str(content_type or "no Content-Type") in answer.json()["error"]
    assert "415" in client.get("/openapi.json").json()["paths"][path]["post"]["responses"]


def test_integer_bounds_are_published_as_integers(client, spec) -> None:
    def bounds(node: Any) -> list[Any]:
        if isinstance(node, dict):
            own = [v for k, v in node.items() if k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")]
            return own + [b for v in node.values() for b in bounds(v)]
        return [b for v in node for b in bounds(v)] if isinstance(node, list) else []

    assert bounds(spec) and all(isinstance(b, int) for b in bounds(spec))
    for name in ("GameRequest", "GenerateRequest", "PuzzleRequest"):
        seed = spec["components"]["schemas"][name]["properties"]["seed"]["anyOf"][0]
        assert seed["maximum"] == MAX_SEED == 2**63 - 1
    assert client.post("/api/game", json={"seed": MAX_SEED}).json()["seed"] == MAX_SEED
    assert client.post("/api/game", json={"seed": MAX_SEED + 1}).status_code == 422


def test_the_board_may_not_be_empty(client, spec) -> None:
    for name in ("BoardRequest", "CheckRequest", "HintRequest"):
        assert spec["components"]["schemas"][name]["properties"]["board"]["minLength"] == 1
    answer = client.post("/api/analyze", json={"board": ""})
    assert answer.status_code == 422
    assert answer.json() == {"error": "board: String should have at least 1 character"}


@pytest.mark.parametrize("path", ["/api/game", "/api/generate"])
def test_no_level_and_no_size_is_the_beginner_level(client, path: str) -> None:
    doc = client.post(path, json={"seed": 3}).json()
    assert (doc["rows"], doc["cols"], doc["mines"]) == (9, 9, 10)
    assert client.post(path, json={}).status_code == 200


LEVEL_OR_SIZE = [
    ({"level": "expert", "rows": 3}, "body: give a level or rows, cols and mines, not both (level 'expert' with rows)"),
    (
        {"level": "expert", "rows": 3, "cols": 3, "mines": 1},
        "body: give a level or rows, cols and mines, not both (level 'expert' with rows, cols, mines)",
    ),
    ({"rows": 3, "mines": 1}, "body: give rows, cols and mines together, or a level (cols missing)"),
    ({"mines": True, "rows": 3, "cols": 3}, "mines: Input should be a valid integer"),
    ({"mines": "2", "rows": 3, "cols": 3}, "mines: Input should be a valid integer"),
    (
        {"rows": 2.5, "cols": 3, "mines": 1},
        "rows: Input should be a valid integer, got a number with a fractional part",
    ),
    ({"seed": "7"}, "seed: Input should be a valid integer"),
]
REFUSED = [(path, body, message) for path in ("/api/game", "/api/generate") for body, message in LEVEL_OR_SIZE] + [
    ("/api/game", {"no_guess": "yes"}, "no_guess: Input should be a valid boolean"),
    ("/api/game", {"no_guess": 1}, "no_guess: Input should be a valid boolean"),
    ("/api/generate", {"first_click": ["1", 0]}, "first_click.0: Input should be a valid integer"),
    ("/api/generate", {"first_click": [True, 0]}, "first_click.0: Input should be a valid integer"),
]


@pytest.mark.parametrize(("path", "body", "message"), REFUSED)
def test_a_size_request_is_refused_unless_exactly_as_published(client, path: str, body: dict, message: str) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == 422
    assert answer.json() == {"error": message}


# Values of every JSON type, each right for some field and wrong for the others.
VALUES = (
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.floats(-2, 40, allow_nan=False)
    | st.sampled_from([2.0, 1e-9, 7])
    | st.text(max_size=4)
    | st.sampled_from(["beginner", "expert", "safe", "opening", "uniform", "local", "jsm", "1.", "yes", "hex", "torus"])
    | st.lists(st.integers(-1, 9), max_size=3)
    | st.just({})
)
FIELDS = {
    "/api/analyze": ["board", "mines", "format", "time_limit"],
    "/api/check": ["board", "mines", "format", "time_limit", "minimise"],
    "/api/hint": ["board", "mines", "format", "time_limit", "every", "smallest"],
    "/api/levels": ["board", "mines", "format", "time_limit", "max_level", "steps"],
    "/api/grade": ["board", "mines", "format", "time_limit"],
    "/api/game": ["level", "rows", "cols", "mines", "first_click", "topology", "seed", "no_guess"],
    "/api/generate": ["level", "rows", "cols", "mines", "seed", "first_click", "method", "logic", "time_limit"],
}


@st.composite
def bodies(draw: Any) -> tuple[str, dict[str, Any]]:
    path = draw(st.sampled_from(sorted(FIELDS)))
    fields = draw(st.lists(st.sampled_from(FIELDS[path] + ["extra"]), unique=True, max_size=4))
    return path, {name: draw(VALUES) for name in fields}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(request=bodies())
def test_a_body_is_refused_with_422_exactly_when_the_schema_refuses_it(client, spec, request) -> None:
    path, body = request
    schema = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    valid = jsonschema_rs.validator_for({**schema, "components": spec["components"]}).is_valid(body)
    answer = client.post(path, json=body)
    assert (answer.status_code == 422) == (not valid), (answer.status_code, answer.text)
    if valid:
        assert answer.status_code in (200, 400, 413), answer.text


def test_the_test_client_runs_without_a_deprecation_warning_as_httpx2_is_installed() -> None:
    # Starlette warns when its test client has only httpx; the test extra brings httpx2.
    code = "import fastapi.testclient"
    result = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize(
    "path", ["/api/analyze", "/api/check", "/api/hint", "/api/levels", "/api/grade", "/api/generate", "/api/game"]
)
def test_a_time_out_is_documented_as_an_answer(spec, path: str) -> None:
    # Past its time limit every job answers 200 with `status: unknown` (tests/web/test_lanes.py: generations too).
    assert '"status": "unknown"' in spec["paths"][path]["post"]["responses"]["200"]["description"]
