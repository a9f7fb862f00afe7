"""``cnfsweep replay``: the report, --json, the timeline picture, --step N, and its refusals."""

from __future__ import annotations

import json
import re

import pytest
from paths import DATA

from cnfsweep.replay import Label, review

pytest.importorskip("ms_toollib")

EXPERT = DATA / "replays" / "arbiter_expert_49.25.avf"
BEGINNER = DATA / "replays" / "arbiter_beginner_15.52.avf"


def test_the_report_lists_the_guesses_riskiest_first(run) -> None:
    result = run("replay", str(BEGINNER))
    assert result.exit_code == 0, result.output
    done = review(BEGINNER)
    assert "19 deduction, 0 best guess, 2 needless guess, 1 mistake, 0 fatal" in result.output
    assert "3BV 24" in result.output and "3 guesses, riskiest first" in result.output
    rows = [int(m.group(1)) for m in re.finditer(r"^│ (\d+) ", result.output, re.MULTILINE)]
    assert rows == [c.index for c in done.guesses()] and len(rows) == 3
    chances = [c.probability for c in done.guesses()]
    assert chances == sorted(chances, reverse=True)


def test_json_is_the_review_document(run) -> None:
    result = run("replay", str(BEGINNER), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc == json.loads(json.dumps(review(BEGINNER).to_dict()))
    assert doc["format"] == "avf" and doc["completed"] is True and doc["summary"]["bbbv"] == 24
    assert {"positions", "final"}.isdisjoint(doc)  # kept for the page only


def test_the_timeline_has_a_mark_per_click_and_a_legend(run, tmp_path) -> None:
    target = tmp_path / "t.svg"
    result = run("replay", str(EXPERT), "-o", str(target))
    assert result.exit_code == 0, result.output
    svg = target.read_text()
    done = review(EXPERT)
    assert svg.count('class="click ') == len(done.clicks)
    for label in Label:
        assert svg.count(f'class="click {label.value}"') == done.count(label)
    assert "seconds from the first click" in svg and "needless guess (2)" in svg
    png = tmp_path / "t.png"
    assert run("replay", str(EXPERT), "-o", str(png)).exit_code == 0
    assert png.read_bytes().startswith(b"\x89PNG")


def test_step_draws_the_position_before_that_click(run, tmp_path) -> None:
    target = tmp_path / "s.svg"
    result = run("replay", str(EXPERT), "--step", "7", "-o", str(target))
    assert result.exit_code == 0, result.output
    svg = target.read_text()
    done = review(EXPERT, positions=True)
    board = done.positions[6]  # before click 7: clicks are counted from 1
    assert svg.count('class="cell') == board.rows * board.cols
    assert "before click 7" in svg and "21%" in svg  # the needless guess there, 86/403
    (tmp_path / "b.txt").write_text(board.to_text())
    drawn = run("render", str(tmp_path / "b.txt"), "-p", "-o", "-").output
    cells = lambda text: re.findall(r'<g class="cell[^>]*>.*?</g>|<rect class="cell[^>]*/>', text)  # noqa: E731
    assert cells(svg) == cells(drawn)


@pytest.mark.parametrize(
    "args, says",
    [
        (["--step", "500", "-o", "x.svg"], "--step 500: the review has 133 clicks (1 to 133)"),
        (["--step", "500"], "--step 500: the review has 133 clicks (1 to 133)"),
        (["--step", "0"], "--step"),
        (["--step", "3", "--json"], "--step and --json cannot be used together"),
        (["--positions"], "--positions applies only with --json"),
        (["--game", "2"], "game 2: it holds 1 game"),
        (["--json", "-o", "-"], "cannot be used together"),
        (["-o", "x.jpg"], "expected a file name ending in .svg or .png"),
    ],
)
def test_bad_options_are_one_line(run, tmp_path, monkeypatch, args: list[str], says: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("replay", str(EXPERT), *args)
    assert result.exit_code == 2 and result.output.startswith("error: ") and result.output.count("\n") == 1
    assert says in result.output, result.output


def test_first_click_any_makes_the_first_click_a_guess(run) -> None:
    doc = json.loads(run("replay", str(BEGINNER), "--json", "--first-click", "any").output)
    assert doc["first_click"] == "any" and doc["clicks"][0]["probability"] == "5/32"  # 10 mines in 64 cells
    assert doc["clicks"][0]["label"] == "best_guess"


def test_an_autoplayer_trace_is_a_replay_too(run, tmp_path) -> None:
    trace = tmp_path / "t.jsonl"
    assert run("play", "--level", "beginner", "--games", "2", "--seed", "3", "--trace", str(trace)).exit_code == 0
    doc = json.loads(run("replay", str(trace), "--json").output)
    first = json.loads(trace.read_text().splitlines()[0])
    # The game was played with a safe first click (play's default), and the trace says so.
    assert (
        doc["format"] == "trace" and doc["won"] == first["won"] and doc["first_click"] == first["first_click"] == "safe"
    )
    assert [c["cell"] for c in doc["clicks"]][:1] == [first["start"]]
    assert all(c["label"] in ("deduction", "best_guess", "fatal") for c in doc["clicks"])  # the safest policy
