"""Game records: the autoplayer's traces read back into games, and bad records as one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle import neighbours

from cnfsweep.core.board import Cell
from cnfsweep.formats.game_records import (
    READERS,
    ClickKind,
    GameRecordError,
    GameRecordReader,
    RecordedGame,
    detect_reader,
    read_game_records,
)
from cnfsweep.play import Level, play_game

# Old traces (the start cell under 'first_click') are read here on purpose; their warning is tested in tests/cli/test_start_cell.py.
pytestmark = pytest.mark.filterwarnings("ignore:a trace line's 'first_click':DeprecationWarning")


def replay(game: RecordedGame) -> tuple[bool, bool]:
    """Click the record's cells in order on its mines, as a game would, with the oracle's neighbours.

    Every click must open a covered cell of a game still going on; returns (won, lost) after the last.
    """
    rows, cols, name = game.rows, game.cols, game.topology.name
    mines = set(game.mines)
    safe_cells = rows * cols - len(mines)
    opened: set[Cell] = set()
    lost = False
    for click in game.clicks:
        assert not lost and len(opened) < safe_cells, "a click after the game ended"
        assert click.kind is ClickKind.OPEN and click.seconds is None  # traces keep no times
        assert click.cell not in opened, f"a click on the open cell {click.cell}"
        if click.cell in mines:
            lost = True
            continue
        todo = [click.cell]
        while todo:
            cell = todo.pop()
            if cell in opened:
                continue
            opened.add(cell)
            around = neighbours(rows, cols, cell, name)
            if not any(n in mines for n in around):
                todo.extend(n for n in around if n not in opened)
    return len(opened) == safe_cells and not lost, lost


@pytest.fixture(scope="module")
def traced(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Level]:
    """A trace of seeded games on a crowded board (some won, some lost), written by ``cnfsweep play --trace``."""
    from typer.testing import CliRunner

    from cnfsweep.cli import app

    path = tmp_path_factory.mktemp("trace") / "t.jsonl"
    result = CliRunner().invoke(
        app, ["play", "--size", "6x8", "--mines", "9", "--games", "12", "--seed", "4", "--trace", str(path)]
    )
    assert result.exit_code == 0, result.output
    return path, Level(6, 8, 9)


def test_a_trace_reads_back_into_the_games_played(traced: tuple[Path, Level]) -> None:
    path, level = traced
    games = read_game_records(path)
    assert len(games) == 12 and {g.reader for g in games} == {"trace"}
    assert [g.line for g in games] == list(range(1, 13)) and {g.source for g in games} == {str(path)}
    outcomes = set()
    for game in games:
        assert (game.rows, game.cols, game.topology.name, len(game.mines)) == (6, 8, "square", 9)
        # The clicks make a game that ends at the last one, as the record says it ended.
        won, lost = replay(game)
        assert won == game.won and won != lost
        outcomes.add(won)
        # And they are what the game of that seed did, played again here.
        again = play_game(level, game.seed)
        assert game.mines == tuple(sorted(again.mines))
        assert [c.cell for c in game.clicks] == [m.cell for m in again.moves]
        assert game.start == again.moves[0].cell and game.rule == "safe"
    assert outcomes == {True, False}, "the crowded board should give both wins and losses"


def test_the_reader_is_found_by_contents_or_suffix(traced: tuple[Path, Level]) -> None:
    data = traced[0].read_bytes()
    assert detect_reader(data).name == "trace" and detect_reader(b"", "games.jsonl").name == "trace"
    assert read_game_records(data, reader="trace") == read_game_records(data, source="<string>")
    assert all(isinstance(r, GameRecordReader) and r.name == name for name, r in READERS.items())


def test_other_grids_and_players_are_read() -> None:
    line = (
        '{"rows": 3, "cols": 4, "topology": "hex", "player": "Ada", "mines": [[2, 3], [0, 0]], '
        '"moves": [{"cell": [1, 1]}]}'
    )
    (game,) = read_game_records(line.encode())
    assert game.topology.name == "hex" and (game.rows, game.cols) == (3, 4)
    assert game.mines == (Cell(0, 0), Cell(2, 3)) and game.player == "Ada" and game.won is None


GOOD = '{"rows": 2, "cols": 3, "mines": [[0, 2]], "first_click": [1, 0], "moves": [{"cell": [1, 0]}]}'

BAD = [
    ("not json at all", "t.jsonl:2:1: not JSON: Expecting value"),
    (
        '{"rows": 2, "cols": 3, "mines": [],}',
        "t.jsonl:2:36: not JSON: Expecting property name enclosed in double quotes",
    ),
    ("[1, 2]", "t.jsonl:2:1: a trace line is a JSON object, not list"),
    (
        '{"rows": 2, "cols": 3, "mines": []}',
        "t.jsonl:2:1: a trace line needs 'rows', 'cols', 'mines', 'moves'; 'moves' is missing",
    ),
    ('{"rows": "2", "cols": 3, "mines": [], "moves": []}', "t.jsonl:2:2: 'rows' must be a whole number of at least 1"),
    (
        '{"rows": 2, "cols": 3, "topology": "cube", "mines": [], "moves": []}',
        "t.jsonl:2:24: unknown topology 'cube': expected square, torus or hex",
    ),
    (
        '{"rows": 2, "cols": 3, "topology": "torus", "mines": [], "moves": []}',
        "t.jsonl:2:24: a torus board needs at least 3 rows and 3 columns, got 2x3",
    ),
    (
        '{"rows": 2, "cols": 3, "mines": [[0, 3]], "moves": []}',
        "t.jsonl:2:24: 'mines': cell (0, 3) is off the 2x3 board",
    ),
    ('{"rows": 2, "cols": 3, "mines": [[0, 1], [0, 1]], "moves": []}', "t.jsonl:2:24: mine (0, 1) is listed twice"),
    (
        '{"rows": 2, "cols": 3, "mines": [[0, "1"]], "moves": []}',
        "t.jsonl:2:24: 'mines': a cell is [row, col], not [0, \"1\"]",
    ),
    ('{"rows": 2, "cols": 3, "mines": [], "moves": [[0, 1]]}', "t.jsonl:2:37: each move is an object with its 'cell'"),
    (
        '{"rows": 2, "cols": 3, "mines": [[0, 2]], "moves": [{"cell": [0, 2]}, {"cell": [1, 1]}]}',
        "t.jsonl:2:43: move 1 opens the mine (0, 2), but the game goes on",
    ),
    (
        '{"rows": 2, "cols": 3, "mines": [], "first_click": [0, 0], "moves": [{"cell": [1, 1]}]}',
        "t.jsonl:2:37: 'first_click' is not the first move's cell",
    ),
    (
        '{"rows": 2, "cols": 3, "mines": [[0, 2]], "moves": [{"cell": [0, 2]}], "won": true}',
        "t.jsonl:2:72: 'won' is true, but a move opens a mine",
    ),
    (
        '{"rows": 1' + "0" * 5000 + ', "cols": 3, "mines": [], "moves": []}',
        "t.jsonl:2:1: not JSON that can be read: a number of 5,001 digits (at most 40 are read)",
    ),
    (
        '{"rows": 2, "cols": 3, "mines": [], "moves": []' + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "t.jsonl:2:1: not a trace line: JSON nested too deeply",
    ),
]


@pytest.mark.parametrize(("line", "message"), BAD)
def test_a_bad_trace_line_is_one_line_naming_where(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text(GOOD + "\n" + line + "\n")
    with pytest.raises(GameRecordError) as raised:
        read_game_records(path, source="t.jsonl")
    assert str(raised.value) == message and raised.value.line == 2
    assert isinstance(raised.value, ValueError)


def test_bytes_that_are_not_utf8_are_placed() -> None:
    data = GOOD.encode() + b'\n{"r\xff'  # the fourth byte of line 2
    with pytest.raises(GameRecordError, match=r"^<string>:2:4: not UTF-8 text$"):
        read_game_records(data, reader="trace")


def test_what_is_no_game_record_is_one_line(tmp_path: Path) -> None:
    board = tmp_path / "b.txt"
    board.write_text("mines: 1\n1.\n..\n")
    with pytest.raises(GameRecordError, match=r"b\.txt: not a game record: expected one of trace, avf, rmv, evf, mvf$"):
        read_game_records(board)
    with pytest.raises(GameRecordError, match=r"nothing\.jsonl: cannot read: No such file or directory$"):
        read_game_records(tmp_path / "nothing.jsonl")
    with pytest.raises(
        GameRecordError,
        match=r"^<string>: unknown game record reader 'xyz': expected auto or one of trace, avf, rmv, evf, mvf$",
    ):
        read_game_records(b"", reader="xyz")
