"""The ``record`` policy: ``strong`` with the record attempt's settings (issue 38), named as itself."""

from __future__ import annotations

import dataclasses
import json

import pytest
from typer.testing import CliRunner

from cnfsweep.cli import app
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.play import POLICIES, make_policy, policy_parameters
from cnfsweep.play.strong import RecordPolicy, StrongPolicy

#: What ``record`` sets otherwise than ``strong``, spelled as the issue asks for it.
RECORD = {
    "pseudo_pairs": True,
    "endgame_layouts": 5000,
    "endgame_nodes": 500_000,
    "second_weight": 0.2,
    "second_living": True,
}


def test_record_is_strong_with_the_blend_pseudo_pairs_and_a_wider_endgame():
    record, strong = policy_parameters("record"), policy_parameters("strong")
    assert set(record) == set(strong)
    assert {n: record[n] for n in RECORD} == RECORD
    # The next move's blend, which strong leaves off by default (it costs strong's 3x bound on safest's time).
    assert strong["second_weight"] == 0 and strong["second_living"] is False
    assert {n: v for n, v in record.items() if n not in RECORD} == {n: v for n, v in strong.items() if n not in RECORD}
    assert "record" in POLICIES and type(make_policy("record")) is RecordPolicy


def test_a_record_parameter_is_overridden_like_strongs():
    policy = make_policy("record:endgame_layouts=2000,second_weight=0")
    assert isinstance(policy, RecordPolicy)
    assert policy.endgame_layouts == 2000 and policy.second_weight == 0.0
    assert policy.pseudo_pairs and policy.endgame_nodes == 500_000
    assert make_policy("record:pseudo_pairs=off") == dataclasses.replace(RecordPolicy(), pseudo_pairs=False)
    # strong is untouched by record's settings.
    assert StrongPolicy().endgame_layouts == 1000 and not StrongPolicy().pseudo_pairs


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("record:depth=9", "policy record: depth=9 is out of range"),
        ("record:endgame_layouts=-1", "policy record: endgame_layouts expects a non-negative integer"),
        ("record:pseudo_pairs=maybe", "policy record: pseudo_pairs takes on or off, not 'maybe'"),
        ("record:nope=1", "policy record: expected PARAMETER=VALUE"),
    ],
)
def test_a_bad_record_value_is_refused_naming_record(spec: str, message: str):
    with pytest.raises(CnfsweepError, match=message):
        make_policy(spec)
    result = CliRunner().invoke(app, ["play", "--level", "beginner", "--games", "1", "--policy", spec])
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit), result.output
    assert message in result.output and "Traceback" not in result.output


def test_a_game_played_with_record_reports_its_name_and_settings():
    result = CliRunner().invoke(
        app, ["play", "--level", "beginner", "--games", "2", "--seed", "3", "--policy", "record", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["policy"] == "record" and report["games"] == 2
    assert {n: report["policy_parameters"][n] for n in RECORD} == RECORD
