"""The replay-video readers (.avf, .rmv, .evf, .mvf through ms-toollib): good files read, bad ones one line, never a crash.

ms-toollib 1.5 aborts the process on a truncated or empty file; the readers run it in a
child process, so these tests feed it such files on purpose: the test process survives
each, and the CLI says one line and exits 2.
"""

from __future__ import annotations

import json

import pytest
from paths import DATA

from cnfsweep.formats.game_records import (
    READERS,
    ClickKind,
    GameRecordError,
    MissingExtra,
    detect_reader,
    read_game_records,
)
from cnfsweep.formats.game_records import videos

ms_toollib = pytest.importorskip("ms_toollib")

REPLAYS = DATA / "replays"
ALL = sorted(p for p in REPLAYS.iterdir() if p.suffix in (".avf", ".rmv", ".evf", ".mvf"))
#: One file of each kind, to cut and spoil.
ONE_OF_EACH = [
    REPLAYS / n
    for n in (
        "arbiter_beginner_15.52.avf",
        "rmv2_utf8_basic.rmv",
        "metasweeper_beginner_3.796.evf",
        "clone_expert_38.82.mvf",
    )
]


def test_the_four_readers_are_registered() -> None:
    assert {"avf", "rmv", "evf", "mvf"} <= set(READERS)


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_each_bundled_replay_reads_as_ms_toollib_reads_it(path) -> None:
    (game,) = read_game_records(path)
    video = {
        ".avf": ms_toollib.AvfVideo,
        ".rmv": ms_toollib.RmvVideo,
        ".evf": ms_toollib.EvfVideo,
        ".mvf": ms_toollib.MvfVideo,
    }[path.suffix](raw_data=list(path.read_bytes()))
    video.parse()
    video.analyse()
    assert (game.rows, game.cols) == (video.row, video.column)
    assert [tuple(m) for m in game.mines] == [
        (r, c) for r in range(video.row) for c in range(video.column) if video.board[r][c] == -1
    ]
    assert len(game.mines) == video.mine_num and game.won is True and game.reader == path.suffix[1:]
    assert game.clicks[0].seconds == 0.0 or game.clicks[0].kind is ClickKind.FLAG
    assert [c.seconds for c in game.clicks] == sorted(c.seconds for c in game.clicks)
    assert game.counters["bbbv"] == video.bbbv and game.seconds == pytest.approx(video.rtime)
    assert game.rule == ("opening" if path.suffix == ".evf" else "safe")  # the .evf was played in a no-guess mode


def test_flags_before_the_first_click_are_read() -> None:
    (game,) = read_game_records(REPLAYS / "rmv2_16px_preflags.rmv")
    kinds = [c.kind for c in game.clicks]
    assert kinds[:9] == [ClickKind.FLAG] * 9 and kinds[9] is ClickKind.OPEN
    assert ClickKind.UNFLAG in kinds and ClickKind.CHORD in kinds


def _one_line(exc: GameRecordError, path) -> str:
    message = str(exc)
    assert message.startswith(f"{path.name}: ") and "\n" not in message
    return message


@pytest.mark.parametrize("path", ONE_OF_EACH, ids=lambda p: p.suffix)
def test_an_empty_or_truncated_file_is_one_line_and_the_process_survives(path, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    data = path.read_bytes()
    with pytest.raises(GameRecordError) as raised:
        READERS[path.suffix[1:]].read(b"", path.name)
    assert "an empty file" in _one_line(raised.value, path)
    for cut in (1, 10, len(data) // 4, len(data) // 2, 3 * len(data) // 4):
        with pytest.raises(GameRecordError) as raised:
            READERS[path.suffix[1:]].read(data[:cut], path.name)
        message = _one_line(raised.value, path)
        assert "truncated or corrupt" in message or "not a" in message, message
    assert list(tmp_path.iterdir()) == []  # ms-toollib's crash.log went elsewhere


# A record of another kind under a wrong name is read by its contents (tests/formats/test_record_detection.py);
# these are no record at all, and the suffix's reader says why.
@pytest.mark.parametrize(
    "name, data, says",
    [
        ("picture.rmv", b"\x89PNG\r\n\x1a\n" + bytes(64), "it does not start with *rmv"),
        ("text.evf", b"hello, world", "its version byte is 104"),
        ("noise.avf", bytes([52, 9, 9, 9, 9, 6]) + bytes(range(256)) * 3, "Minesweeper Arbiter"),
    ],
)
def test_a_file_of_another_kind_is_one_line(name: str, data: bytes, says: str) -> None:
    with pytest.raises(GameRecordError) as raised:
        detect_reader(data, name, name).read(data, name)
    message = str(raised.value)
    assert message.startswith(f"{name}: ") and says in message and "\n" not in message


def test_a_reader_that_takes_too_long_is_stopped(monkeypatch) -> None:
    monkeypatch.setattr(videos, "CHILD_TIME_LIMIT", 0.001)
    path = ONE_OF_EACH[0]
    with pytest.raises(GameRecordError, match="ms-toollib took over"):
        READERS["avf"].read(path.read_bytes(), path.name)


def test_without_the_extra_one_line_names_it(monkeypatch) -> None:
    monkeypatch.setattr(videos, "mstoollib_available", lambda: False)
    path = ONE_OF_EACH[1]
    with pytest.raises(
        MissingExtra,
        match=r"^rmv2_utf8_basic.rmv: reading .rmv replays needs the replay extra: "
        r"pip install 'cnfsweep\[replay\]'$",
    ):
        READERS["rmv"].read(path.read_bytes(), path.name)


@pytest.mark.parametrize("spoil", ["empty", "truncated", "other", "missing extra"])
def test_the_cli_says_one_line_and_exits_2(run, tmp_path, monkeypatch, spoil: str) -> None:
    source = REPLAYS / "arbiter_beginner_15.52.avf"
    target = tmp_path / "game.avf"
    data = {
        "empty": b"",
        "truncated": source.read_bytes()[:700],
        "other": b"*rmv" + bytes(40),
        "missing extra": source.read_bytes(),
    }[spoil]
    target.write_bytes(data)
    if spoil == "missing extra":
        monkeypatch.setattr(videos, "mstoollib_available", lambda: False)
    for args in ([], ["--json"]):
        result = run("replay", str(target), *args)
        assert result.exit_code == 2, result.output
        assert result.output.startswith(f"error: {target}: ") and result.output.count("\n") == 1, result.output
        assert "Traceback" not in result.output
    if spoil == "missing extra":
        assert "pip install 'cnfsweep[replay]'" in result.output


def test_the_child_prints_one_json_document(tmp_path) -> None:
    # What the child hands over is plain JSON, so the parent needs no ms-toollib of its own.
    import subprocess
    import sys

    path = ONE_OF_EACH[0]
    done = subprocess.run(
        [sys.executable, "-I", str(videos._CHILD), "avf"],
        input=path.read_bytes(),
        capture_output=True,
        check=True,
        cwd=tmp_path,
    )
    doc = json.loads(done.stdout)
    assert doc["rows"] == doc["cols"] == 8 and len(doc["mines"]) == doc["mine_count"] == 10
    assert doc["clicks"][0][1] == "open" and doc["counters"]["bbbv"] == 24
