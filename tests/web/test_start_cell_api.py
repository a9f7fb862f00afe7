"""``/api/generate`` and ``/api/game`` take the cell clicked first as ``start`` (issue 35, vocabulary decision 2).

The old cell keys (``first_click`` of ``/api/generate``, ``opened`` of ``/api/game``) are still read for
one release, and the schema says they are deprecated; ``first_click`` of ``/api/game`` stays the rule.
"""

from __future__ import annotations


def test_api_generate_takes_start_and_still_the_old_first_click_cell(client) -> None:
    body = {"rows": 6, "cols": 8, "mines": 9, "seed": 4}
    new = client.post("/api/generate", json={**body, "start": [2, 5]})
    old = client.post("/api/generate", json={**body, "first_click": [2, 5]})
    assert new.status_code == old.status_code == 200, new.text
    assert new.json()["start"] == [2, 5] and "first_click" not in new.json()
    assert {k: v for k, v in new.json().items() if k != "seconds"} == {
        k: v for k, v in old.json().items() if k != "seconds"
    }
    both = client.post("/api/generate", json={**body, "start": [2, 5], "first_click": [2, 5]})
    assert (
        both.status_code == 422 and "give the start cell once, as 'start' ('first_click' is its old name)" in both.text
    )


def test_api_game_takes_start_and_still_the_old_opened(client) -> None:
    body = {"level": "beginner", "seed": 9, "first_click": "safe"}
    new = client.post("/api/game", json={**body, "start": [4, 4]}).json()
    old = client.post("/api/game", json={**body, "opened": [4, 4]}).json()
    assert new["first_click"] == old["first_click"] == "safe"
    assert new["clicks"] == old["clicks"] == 1 and new["board"] == old["board"]
    both = client.post("/api/game", json={**body, "start": [4, 4], "opened": [4, 4]})
    assert both.status_code == 422 and "('opened' is its old name)" in both.text


def test_the_schema_marks_the_old_cell_keys_deprecated(client) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    generate, game = schemas["GenerateRequest"]["properties"], schemas["GameRequest"]["properties"]
    assert generate["first_click"].get("deprecated") is True and "start" in generate
    assert game["opened"].get("deprecated") is True and "start" in game
    assert "deprecated" not in game["first_click"]  # the rule is no old name
    # Both at once is refused, and the schema says so, as it says what else the server refuses.
    assert schemas["GenerateRequest"]["not"]["required"] == ["start", "first_click"]
    assert schemas["GameRequest"]["not"]["required"] == ["start", "opened"]
