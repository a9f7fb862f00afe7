"""``first_click`` is the first-click rule; the cell clicked first is ``start`` (issue 35, vocabulary decision 2).

``generate --start R,C`` (``--first-click R,C`` still read for one release, with a one-line
warning), generated JSON, ``/api/generate`` and ``/api/game`` (the old cell keys still read, the
schema saying they are deprecated), and the Python names that moved (with a DeprecationWarning).
"""

from __future__ import annotations

import json
import warnings

import pytest

from cnfsweep.formats.game_records import read_game_records
from cnfsweep.replay import review

GENERATE = ["generate", "--size", "8x6", "--mines", "9", "--seed", "4", "--json"]


def test_generate_start_is_the_cell_and_the_json_says_start(run) -> None:
    result = run(*GENERATE, "--start", "2,5")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["start"] == [2, 5] and "first_click" not in doc


def test_generate_first_click_as_a_cell_still_works_with_a_one_line_warning(run) -> None:
    new, old = run(*GENERATE, "--start", "2,5"), run(*GENERATE, "--first-click", "2,5")
    assert old.exit_code == 0, old.output

    def board(result) -> dict:
        return {k: v for k, v in json.loads(result.stdout).items() if k != "seconds"}

    assert board(old) == board(new) and new.stderr == ""
    assert old.stderr == (
        "warning: generate --first-click R,C is deprecated; use --start R,C "
        "(--first-click names the first-click rule)\n"
    )
    both = run(*GENERATE, "--start", "2,5", "--first-click", "2,5")
    assert both.exit_code == 2 and both.stderr.count("\n") == 1 and "cannot be used together" in both.stderr


def test_the_python_names_that_moved_warn() -> None:
    line = (
        b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "first_click": "any", "start": [0, 2], "moves": [{"cell": [0, 2]}]}'
    )
    (game,) = read_game_records(line)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert game.start == (0, 2) and game.rule == "any"
        click = review(line).clicks[0]
        assert click.best_guess
    with pytest.warns(DeprecationWarning, match="RecordedGame.start"):
        assert game.first_click == game.start
    with pytest.warns(DeprecationWarning, match="ClickReview.best_guess"):
        assert click.forced == click.best_guess


GRAPH = {"format": "cnfsweep-graph", "cells": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"]], "revealed": {"a": 1}}


def untimed(answer: str) -> dict:
    """A command's JSON answer but the time it took."""
    return {k: v for k, v in json.loads(answer).items() if k != "seconds"}


@pytest.mark.parametrize("command", [["solve", "--json"], ["check", "--json"], ["hint", "--json"]])
def test_a_command_reading_an_old_graph_file_answers_with_a_one_line_deprecation_note(run, tmp_path, command) -> None:
    new, old = tmp_path / "new.json", tmp_path / "old.json"
    new.write_text(json.dumps({**GRAPH, "mines": 1, "layout": ["b"], "start": "a"}))
    old.write_text(json.dumps({**GRAPH, "mines": 1, "layout": ["b"], "first_click": "a"}))
    now, before = run(*command, str(new)), run(*command, str(old))
    assert now.exit_code == before.exit_code == 0, before.output
    assert untimed(before.stdout) == untimed(now.stdout)
    assert now.stderr == ""
    assert before.stderr == (
        f"warning: {old}: a graph file's 'first_click' (the cell clicked first) is deprecated: write 'start'; "
        "first_click names the first-click rule everywhere else\n"
    )


#: One game of a trace, its start cell under the key given, its rule said only by the first move's ``certain``.
def trace_line(key: str, *, certain: bool) -> str:
    return json.dumps(
        {
            "rows": 2,
            "cols": 3,
            "mines": [[0, 0]],
            key: [1, 2],
            "moves": [{"cell": [1, 2], "certain": certain}, {"cell": [0, 1]}, {"cell": [1, 0]}],
            "won": True,
        }
    )


@pytest.mark.parametrize("certain", [True, False])
def test_replay_of_an_old_trace_reviews_as_the_new_one_with_a_one_line_deprecation_note(run, tmp_path, certain) -> None:
    new, old = tmp_path / "new.jsonl", tmp_path / "old.jsonl"
    new.write_text(trace_line("start", certain=certain) + "\n")
    # Several old lines still make one note: it is about the file, not each game.
    old.write_text((trace_line("first_click", certain=certain) + "\n") * 3)
    now, before = run("replay", str(new), "--json"), run("replay", str(old), "--json", "--game", "2")
    assert now.exit_code == before.exit_code == 0, before.output
    assert json.loads(before.stdout)["clicks"] == json.loads(now.stdout)["clicks"]
    assert now.stderr == ""
    assert before.stderr == (
        f"warning: {old}: a trace line's 'first_click' (the cell clicked first) is deprecated: write 'start'; "
        "first_click names the first-click rule everywhere else\n"
    )


def test_reading_an_old_trace_in_python_warns_and_reads_the_same_game() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        (now,) = read_game_records(trace_line("start", certain=True).encode())
    with pytest.warns(DeprecationWarning, match="a trace line's 'first_click'"):
        (before,) = read_game_records(trace_line("first_click", certain=True).encode())
    assert now.rule == "safe" and (before.mines, before.clicks, before.rule) == (now.mines, now.clicks, now.rule)
