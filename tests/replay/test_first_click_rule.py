"""The first-click rule a game was played under, as every kind of record keeps it, and what a review makes of it.

Issue 35, finding 7: traces did not record the rule and ``replay`` took ``any``, so a safe first
click was judged a guess (10/81 on beginner).  Traces now write the rule under ``first_click``
and the start cell under ``start``; old traces (the cell under ``first_click``) still read, the
rule then following from the first move's ``certain``.  Finding 12: a record whose first click
breaks the rule asked for (a number under ``opening``, a mine under ``safe`` or ``opening``) is
refused in one line, saying the record contradicts the rule.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from oracle import neighbours
from paths import DATA
from typer.testing import CliRunner

from cnfsweep.cli import app
from cnfsweep.formats.game_records import RecordedGame, read_game_records
from cnfsweep.replay import Label, review, review_game

# Old traces (the start cell under 'first_click') are read here on purpose; their warning is tested in tests/cli/test_start_cell.py.
pytestmark = pytest.mark.filterwarnings("ignore:a trace line's 'first_click':DeprecationWarning")

RULES = ("safe", "opening", "any")
#: Beginner: 10 mines in 81 cells.
BEGINNER_CHANCE = Fraction(10, 81)


def play_trace(folder: Path, rule: str, *extra: str, games: int = 8, seed: int = 3) -> Path:
    """A trace written by ``cnfsweep play`` under ``rule``."""
    path = folder / f"{rule}.jsonl"
    result = CliRunner().invoke(
        app,
        [
            "play",
            "--level",
            "beginner",
            "--games",
            str(games),
            "--seed",
            str(seed),
            "--first-click",
            rule,
            "--trace",
            str(path),
            *extra,
        ],
    )
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="module")
def traces(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("rules")
    return {rule: play_trace(folder, rule) for rule in RULES}


def old_form(line: str) -> str:
    """A trace line as it was written before the rule was recorded: no rule, the start cell under ``first_click``."""
    doc = json.loads(line)
    return json.dumps(
        {("first_click" if key == "start" else key): value for key, value in doc.items() if key != "first_click"}
    )


def shows(game: RecordedGame) -> int | None:
    """What the first click shows, by the oracle's neighbours: its number, or ``None`` on a mine."""
    mines = set(game.mines)
    start = game.start
    if start in mines:
        return None
    return sum(n in mines for n in neighbours(game.rows, game.cols, start, game.topology.name))


@pytest.mark.parametrize("rule", RULES)
def test_a_trace_records_its_rule_and_start_and_the_review_uses_the_rule(traces: dict[str, Path], rule: str) -> None:
    lines = traces[rule].read_text().splitlines()
    games = read_game_records(traces[rule])
    for line, game in zip(lines, games, strict=True):
        doc = json.loads(line)
        assert doc["first_click"] == rule and doc["start"] == doc["moves"][0]["cell"]
        assert game.rule == rule and list(game.start) == doc["start"]
        done = review_game(game)
        first = done.clicks[0]
        assert done.rule == rule and done.to_dict()["first_click"] == rule
        if rule == "any":
            # Nothing is known before the first click: every cell holds a mine with chance mines / cells.
            assert first.probability == BEGINNER_CHANCE and first.label in (Label.BEST_GUESS, Label.FATAL)
        else:
            assert first.probability == 0 and first.label is Label.DEDUCTION
            if rule == "opening":
                assert shows(game) == 0


def test_the_issue_s_game_s_first_click_is_a_deduction(tmp_path: Path) -> None:
    # cnfsweep play --level beginner --games 1 --seed 3 --trace t.jsonl; cnfsweep replay t.jsonl
    trace = tmp_path / "t.jsonl"
    assert (
        CliRunner()
        .invoke(app, ["play", "--level", "beginner", "--games", "1", "--seed", "3", "--trace", str(trace)])
        .exit_code
        == 0
    )
    result = CliRunner().invoke(app, ["replay", str(trace), "--json"])
    doc = json.loads(result.output)
    assert doc["first_click"] == "safe" and doc["clicks"][0]["label"] == "deduction"
    assert doc["clicks"][0]["probability"] == "0" and doc["summary"]["survival"] == "1"


@pytest.mark.parametrize("rule", RULES)
def test_an_old_trace_still_reads_its_start_and_the_rule_its_first_move_implies(
    traces: dict[str, Path], rule: str, tmp_path: Path
) -> None:
    old = tmp_path / "old.jsonl"
    old.write_text("".join(old_form(line) + "\n" for line in traces[rule].read_text().splitlines()))
    assert '"start"' not in old.read_text()
    now, then = read_game_records(traces[rule]), read_game_records(old)
    # An old trace cannot tell safe from opening: both kept the first click off a mine, and safe says no more.
    assert {g.rule for g in then} == {"any" if rule == "any" else "safe"}
    assert [(g.mines, g.clicks, g.start) for g in then] == [(g.mines, g.clicks, g.start) for g in now]
    first = review(old).clicks[0]
    assert first.probability == (BEGINNER_CHANCE if rule == "any" else 0)


def test_a_trace_line_without_moves_data_names_no_rule_and_a_review_takes_any() -> None:
    line = b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}'
    (game,) = read_game_records(line)
    assert game.rule is None and review(line).rule == "any"


@pytest.mark.parametrize(
    "line, says",
    [
        (
            '{"rows": 1, "cols": 3, "mines": [], "first_click": "lucky", "moves": [{"cell": [0, 2]}]}',
            "<string>:1:37: 'first_click' is the first-click rule, one of safe, opening, any; not \"lucky\"",
        ),
        (
            '{"rows": 1, "cols": 3, "mines": [], "first_click": [0, 2], "start": [0, 2], "moves": [{"cell": [0, 2]}]}',
            "<string>:1:37: 'first_click' is the first-click rule, one of safe, opening, any; the cell goes under 'start'",
        ),
        (
            '{"rows": 1, "cols": 3, "mines": [], "first_click": "safe", "start": [0, 1], "moves": [{"cell": [0, 2]}]}',
            "<string>:1:60: 'start' is not the first move's cell",
        ),
    ],
)
def test_a_bad_rule_or_start_is_one_line(line: str, says: str) -> None:
    from cnfsweep.formats.game_records import GameRecordError

    with pytest.raises(GameRecordError) as raised:
        read_game_records(line.encode())
    assert str(raised.value) == says


#: The rule each kind of video says (videos.py's docstring): Arbiter, Minesweeper X/Viennasweeper and Clone keep
#: the first click off a mine; the bundled Metasweeper replay was played in a mode that opens an opening there.
VIDEO_RULES = {".avf": "safe", ".rmv": "safe", ".mvf": "safe", ".evf": "opening"}


def test_every_video_kind_says_its_rule() -> None:
    pytest.importorskip("ms_toollib")
    for path in sorted((DATA / "replays").glob("*.*")):
        if path.suffix in VIDEO_RULES:
            (game,) = read_game_records(path)
            assert game.rule == VIDEO_RULES[path.suffix], path.name
            assert shows(game) is not None and (shows(game) == 0 or game.rule != "opening")


@pytest.mark.parametrize("rule", RULES)
def test_a_server_game_s_record_says_its_rule(rule: str) -> None:
    from cnfsweep.web.games import GameStore, NewGame

    store = GameStore(limit=2, max_cells=100)
    game_id = store.new(NewGame(level="beginner", seed=5, first_click=rule))["id"]
    store.click(game_id, 4, 4)
    record = store.record(game_id)
    assert record.rule == rule and review_game(record).rule == rule


def test_play_no_guess_traces_say_opening(tmp_path: Path) -> None:
    trace = tmp_path / "ng.jsonl"
    result = CliRunner().invoke(
        app, ["play", "--level", "beginner", "--games", "1", "--seed", "2", "--no-guess", "--trace", str(trace)]
    )
    assert result.exit_code == 0, result.output
    (game,) = read_game_records(trace)
    assert game.rule == "opening" and shows(game) == 0
    assert review_game(game).clicks[0].label is Label.DEDUCTION


# Finding 12: a record that contradicts the rule it is reviewed by.


def _game_number(path: Path, wanted) -> int:
    """The number (from 1) of the first game of a trace that ``wanted`` accepts."""
    return next(n for n, game in enumerate(read_game_records(path), start=1) if wanted(game))


@pytest.mark.parametrize(
    "played, asked, first_shows",
    [
        ("safe", "opening", "a number"),
        ("any", "opening", "a mine"),
        ("any", "safe", "a mine"),
    ],
)
def test_a_record_that_contradicts_the_rule_asked_for_is_one_line(
    traces: dict[str, Path], played: str, asked: str, first_shows: str
) -> None:
    path = traces[played]
    wanted = (lambda g: shows(g) is None) if first_shows == "a mine" else (lambda g: shows(g) not in (None, 0))
    number = _game_number(path, wanted)
    (game,) = read_game_records(path)[number - 1 : number]
    result = CliRunner().invoke(app, ["replay", str(path), "--game", str(number), "--first-click", asked])
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert result.output.startswith(f"error: {path}: click 1 (open at {tuple(game.start)}) ")
    assert f"the first-click rule '{asked}'" in result.output and "the record contradicts the rule" in result.output
    # The same record under a rule it keeps is reviewed.
    assert CliRunner().invoke(app, ["replay", str(path), "--game", str(number), "--first-click", "any"]).exit_code == 0


def test_opening_is_accepted_on_a_first_click_that_opened_an_opening(traces: dict[str, Path]) -> None:
    path = traces["safe"]
    number = _game_number(path, lambda g: shows(g) == 0)
    done = review(path, game=number, first_click="opening")
    assert done.rule == "opening" and done.clicks[0].label is Label.DEDUCTION
