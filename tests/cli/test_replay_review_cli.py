"""What people who review games asked of ``cnfsweep replay`` (issue 35), through the CLI on traces ``cnfsweep play`` wrote.

``--step N`` without ``-o`` shows the position before click N as text (the click marked, the
player's flags), and with ``-o`` draws it with both marked; ``--json --positions`` adds every
position; ``--all`` lists every click; ``--game N`` picks a game of a trace of several; the report
says what luck means and names the safest cell; clicks are counted from 1 everywhere.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from paths import DATA

from cnfsweep.core.board import Cell
from cnfsweep.formats.game_records import ClickKind, read_game_records
from cnfsweep.replay import GameReview, review, review_game

GAMES = 8


@pytest.fixture(scope="module")
def trace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight beginner games of the safest policy, some with guesses, as ``cnfsweep play --trace`` writes them."""
    from typer.testing import CliRunner

    from cnfsweep.cli import app

    path = tmp_path_factory.mktemp("review") / "t.jsonl"
    result = CliRunner().invoke(
        app, ["play", "--level", "beginner", "--games", str(GAMES), "--seed", "3", "--trace", str(path)]
    )
    assert result.exit_code == 0, result.output
    return path


def reviewed(path: Path, number: int, **options) -> GameReview:
    """The review of game ``number`` (from 1) of a record, by the library, to check the CLI against."""
    return review_game(read_game_records(path)[number - 1], **options)


def most_guesses(path: Path) -> int:
    """The number (from 1) of the game of the trace with the most guesses."""
    guesses = [sum(1 for c in reviewed(path, n).clicks if c.guess) for n in range(1, GAMES + 1)]
    assert max(guesses) >= 2, "the trace should hold a game with guesses"
    return guesses.index(max(guesses)) + 1


def grid_of(output: str, rows: int, cols: int) -> list[list[str]]:
    """The marks of the text grid ``--step`` prints (3 characters a cell, after the row's index)."""
    lines = output.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split() == [str(c) for c in range(cols)])
    width = len(str(rows - 1)) + 1
    return [
        [line[width + 3 * c : width + 3 * c + 3].strip() for c in range(cols)]
        for line in lines[header + 1 : header + 1 + rows]
    ]


def expected_marks(done: GameReview, step: int) -> list[list[str]]:
    """The marks --step should show: the board's characters, flags F, the clicked cell X (a chord's number in [ ])."""
    click, board, flags = done.clicks[step - 1], done.positions[step - 1], set(done.flags[step - 1])
    out = []
    for r in range(board.rows):
        row = []
        for c in range(board.cols):
            cell, char = Cell(r, c), board.grid[r][c]
            if cell == click.cell:
                row.append(f"[{char}]" if click.kind is ClickKind.CHORD else "X")
            else:
                row.append("F" if cell in flags else char)
        out.append(row)
    return out


def test_game_picks_a_game_of_a_trace_from_1(run, trace: Path) -> None:
    lines = trace.read_text().splitlines()
    for number in (1, 2, GAMES):
        doc = json.loads(run("replay", str(trace), "--game", str(number), "--json").output)
        line = json.loads(lines[number - 1])
        assert doc["clicks"][0]["cell"] == line["start"] and doc["won"] == line["won"]
        assert doc == json.loads(json.dumps(reviewed(trace, number).to_dict()))
    result = run("replay", str(trace), "--game", str(GAMES + 1))
    assert (
        result.exit_code == 2
        and result.output == f"error: {trace}: game {GAMES + 1}: it holds {GAMES} games (1 to {GAMES})\n"
    )


def test_clicks_are_counted_from_1_in_the_text_the_json_and_step(run, trace: Path) -> None:
    number = most_guesses(trace)
    done = reviewed(trace, number)
    doc = json.loads(run("replay", str(trace), "--game", str(number), "--json").output)
    assert [c["index"] for c in doc["clicks"]] == list(range(1, len(done.clicks) + 1))
    assert doc["clicks"][0]["move"] == 1
    text = run("replay", str(trace), "--game", str(number), "--all").output
    assert [int(m) for m in re.findall(r"^│ (\d+) ", text, re.MULTILINE)] == list(range(1, len(done.clicks) + 1))
    last = len(done.clicks)
    assert run("replay", str(trace), "--game", str(number), "--step", str(last)).output.startswith(
        f"before click {last}:"
    )


def test_all_lists_every_click_in_order_and_the_default_only_the_guesses(run, trace: Path) -> None:
    number = most_guesses(trace)
    done = reviewed(trace, number)
    every = run("replay", str(trace), "--game", str(number), "--all")
    assert every.exit_code == 0, every.output
    rows = [int(m) for m in re.findall(r"^│ (\d+) ", every.output, re.MULTILINE)]
    assert rows == [c.index for c in done.clicks] and f"every {len(done.clicks)} clicks, in order" in every.output
    default = run("replay", str(trace), "--game", str(number)).output
    rows = [int(m) for m in re.findall(r"^│ (\d+) ", default, re.MULTILINE)]
    assert rows == [c.index for c in done.guesses()] and len(rows) < len(done.clicks)


def test_the_report_explains_luck_and_names_the_safest_cell(run, trace: Path) -> None:
    number = most_guesses(trace)
    done = reviewed(trace, number)
    result = run("replay", str(trace), "--game", str(number))
    text = " ".join(result.output.split())  # rich wraps long lines
    assert "luck = -log10(survival), where survival is the chance of coming through every guess taken" in text
    assert f"survival {float(done.survival):.4g}, 1 in {float(1 / done.survival):.3g}" in text
    summary = done.summary()
    assert f"{summary['guesses']} guesses: {summary['best_guesses']} best" in text
    # Each guess's row names a safest cell then, and its chance.
    for click in done.guesses():
        row = next(line for line in result.output.splitlines() if re.match(rf"^│ {click.index} ", line))
        safest = click.safest[0]
        assert f"({safest.row}, {safest.col})" in row, row


def test_json_positions_adds_every_position_and_only_when_asked(run, trace: Path) -> None:
    number = most_guesses(trace)
    done = reviewed(trace, number, positions=True)
    doc = json.loads(run("replay", str(trace), "--game", str(number), "--json", "--positions").output)
    assert doc["positions"] == [b.to_text() for b in done.positions] and len(doc["positions"]) == len(doc["clicks"])
    assert doc["flags"] == [[list(c) for c in f] for f in done.flags] and doc["final"] == done.final.to_text()
    plain = json.loads(run("replay", str(trace), "--game", str(number), "--json").output)
    assert {"positions", "flags", "final"}.isdisjoint(plain)


def test_step_shows_the_position_as_text_with_the_click_marked(run, trace: Path) -> None:
    number = most_guesses(trace)
    done = reviewed(trace, number, positions=True)
    guess = done.guesses()[0]
    for step in (1, guess.index, len(done.clicks)):
        result = run("replay", str(trace), "--game", str(number), "--step", str(step))
        assert result.exit_code == 0, result.output
        assert grid_of(result.output, done.rows, done.cols) == expected_marks(done, step)
        click = done.clicks[step - 1]
        assert f"X the click (open ({click.cell.row}, {click.cell.col}))" in result.output


#: A bundled replay whose player flags and chords (a trace's player flags nothing the record keeps).
FLAGGED = DATA / "replays" / "arbiter_beginner_15.52.avf"


def test_step_shows_the_player_s_flags_and_a_chord(run) -> None:
    pytest.importorskip("ms_toollib")
    done = review(FLAGGED, positions=True)
    chord = next(c for c in done.clicks if c.kind is ClickKind.CHORD and done.flags[c.index - 1])
    opened = next(c for c in done.clicks if c.kind is ClickKind.OPEN and done.flags[c.index - 1])
    for click in (chord, opened):
        result = run("replay", str(FLAGGED), "--step", str(click.index))
        assert result.exit_code == 0, result.output
        marks = grid_of(result.output, done.rows, done.cols)
        assert marks == expected_marks(done, click.index)
        assert sum(row.count("F") for row in marks) == len(done.flags[click.index - 1]) > 0


def test_the_step_picture_marks_the_click_and_the_player_s_flags(run, tmp_path: Path) -> None:
    pytest.importorskip("ms_toollib")
    done = review(FLAGGED, positions=True)
    click = next(c for c in done.clicks if len(done.flags[c.index - 1]) >= 2)
    target = tmp_path / "s.svg"
    result = run("replay", str(FLAGGED), "--step", str(click.index), "-o", str(target))
    assert result.exit_code == 0, result.output
    svg = target.read_text()
    ring = re.findall(r'class="step-click" data-row="(\d+)" data-col="(\d+)"', svg)
    assert ring == [(str(click.cell.row), str(click.cell.col))]
    flags = {(int(r), int(c)) for r, c in re.findall(r'class="player-flag" data-row="(\d+)" data-col="(\d+)"', svg)}
    assert flags == {tuple(f) for f in done.flags[click.index - 1]}
    assert f"before click {click.index}" in svg


@pytest.mark.parametrize("topology", ["hex", "torus"])
def test_a_review_of_another_grid_names_its_topology(
    run, topology: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A short relative name: the report's first line is the file's name, and a long one would wrap onto the second.
    monkeypatch.chdir(tmp_path)
    path = Path(f"{topology}.jsonl")
    assert (
        run(
            "play", "--topology", topology, "--level", "beginner", "--games", "1", "--seed", "1", "--trace", str(path)
        ).exit_code
        == 0
    )
    doc = json.loads(run("replay", str(path), "--json").output)
    assert doc["topology"] == topology and doc["first_click"] == "safe" and doc["clicks"][0]["label"] == "deduction"
    assert f"9x9/10 {topology}:" in run("replay", str(path)).output.splitlines()[1]


def test_a_square_review_says_no_topology(run, trace: Path) -> None:
    assert "topology" not in json.loads(run("replay", str(trace), "--json").output)
