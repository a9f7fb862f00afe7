"""The server answers about square boards only for now: the page draws square cells."""

from __future__ import annotations

import pytest

from paths import EXAMPLES


@pytest.mark.parametrize("endpoint", ["analyze", "check", "hint"])
@pytest.mark.parametrize("name", ["torus", "hex"])
def test_another_grid_gets_400_and_one_line(client, endpoint: str, name: str) -> None:
    answer = client.post(f"/api/{endpoint}", json={"board": (EXAMPLES / "grids" / f"{name}.txt").read_text()})
    assert answer.status_code == 400
    assert answer.json() == {
        "error": f"the server works on square boards only, not on a {name} board (cnfsweep solve and check work on any)"
    }
