"""Square games play exactly the same moves as before boards had a topology.

The hashes are of ``cnfsweep play --trace`` files written before
:mod:`cnfsweep.core.topology` existed (the first games of runs with ``--seed 0``):
a change to how neighbours are found that changed a single move, probability
or layout on a square board would change them.

Traces have since gained the first-click rule (``first_click``) and name the start cell
``start`` (issue 35): each line is mapped back to the form the digests were taken of (the
rule dropped, ``start`` named ``first_click`` again, in its place) before it is hashed, so
the pins still say that no move changed.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cnfsweep.cli import app

TRACES = {
    ("safest", "beginner", 25): "a2d2c7901c0715ba13abc17efb3ddd4d422480007b9d98ff0ef1f190bace70a4",
    ("strong", "beginner", 25): "1791b387a03259b9979fc6c2668164a44318e7bfecd9313c85525c962ed87c96",
    ("safest", "expert", 6): "756f87d0b07d6f47e3ab01645eb192c83b8a0847ffa98f9970cf3e5ad7505d3a",
    ("strong", "expert", 6): "72ff69191a34ad64a9ffe0bf08039da5653f41bb0d037609943c39842cf6ec0f",
}


def pinned_form(trace: Path, rule: str = "safe") -> bytes:
    """The trace as it was written when the digests were taken: no rule, the start cell under ``first_click``."""
    out = []
    for line in trace.read_text().splitlines():
        doc = json.loads(line)
        assert doc["first_click"] == rule and doc["start"] == doc["moves"][0]["cell"], line[:200]
        old = {("first_click" if key == "start" else key): value for key, value in doc.items() if key != "first_click"}
        out.append(json.dumps(old) + "\n")
    return "".join(out).encode()


@pytest.mark.parametrize(("policy", "level", "games"), list(TRACES), ids=["-".join(map(str, k)) for k in TRACES])
def test_square_traces_are_unchanged(tmp_path, policy: str, level: str, games: int) -> None:
    trace = tmp_path / "trace.jsonl"
    result = CliRunner().invoke(
        app,
        [
            "play",
            "--level",
            level,
            "--games",
            str(games),
            "--seed",
            "0",
            "--policy",
            policy,
            "--workers",
            "1",
            "--trace",
            str(trace),
        ],
    )
    assert result.exit_code == 0, result.output
    assert hashlib.sha256(pinned_form(trace)).hexdigest() == TRACES[policy, level, games]


#: The two runs the architecture issue pinned (``sha1sum`` of the trace), before topologies and since.
PINNED = {
    "safest": (30, "cc94b090b62d984e1b9b258045fc815eb92cdfcb"),
    "strong": (20, "32d54afff356a73c865c100cc5946c4d4ed46e45"),
}


@pytest.mark.parametrize("policy", list(PINNED))
def test_the_pinned_expert_traces_are_unchanged(tmp_path, policy: str) -> None:
    games, digest = PINNED[policy]
    trace = tmp_path / "trace.jsonl"
    result = CliRunner().invoke(
        app,
        ["play", "--level", "expert", "--games", str(games), "--seed", "5", "--policy", policy, "--trace", str(trace)],
    )
    assert result.exit_code == 0, result.output
    assert hashlib.sha1(pinned_form(trace)).hexdigest() == digest
