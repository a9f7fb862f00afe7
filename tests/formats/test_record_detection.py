"""Game records are recognised by their contents, as boards are: renamed, or without an extension, they still read.

Issue 35, finding 12: a replay renamed or without an extension was "not a game record".  Every kind
of record the readers know (an autoplayer trace, and the four kinds of video) is copied here without
an extension and under each other kind's suffix and a foreign one, and must read as the same games,
and review through the CLI as the same kind.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from paths import DATA
from typer.testing import CliRunner

from cnfsweep.cli import app
from cnfsweep.formats.game_records import READERS, GameRecordError, detect_reader, read_game_records

REPLAYS = DATA / "replays"
#: One small record of each video kind.
VIDEOS = {
    "avf": REPLAYS / "arbiter_beginner_15.52.avf",
    "rmv": REPLAYS / "rmv1_utf8_basic.rmv",
    "evf": REPLAYS / "metasweeper_beginner_3.796.evf",
    "mvf": REPLAYS / "clone_expert_38.82.mvf",
}
#: Names a record may be given that do not say its kind: none, a foreign suffix, and every record suffix.
NAMES = ["game", "game.txt", "game.bin", *(f"game{s}" for r in READERS.values() for s in r.suffixes)]


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One record of each kind the readers know: a trace written by ``cnfsweep play``, and the bundled videos."""
    folder = tmp_path_factory.mktemp("kinds")
    trace = folder / "t.jsonl"
    result = CliRunner().invoke(
        app, ["play", "--level", "beginner", "--games", "2", "--seed", "3", "--trace", str(trace)]
    )
    assert result.exit_code == 0, result.output
    return {"trace": trace, **VIDEOS}


def test_every_kind_of_record_is_in_the_fixture(records: dict[str, Path]) -> None:
    assert set(records) == set(READERS)


@pytest.mark.parametrize("kind", list(READERS))
@pytest.mark.parametrize("name", NAMES)
def test_a_record_renamed_reads_as_what_it_is(records: dict[str, Path], kind: str, name: str, tmp_path: Path) -> None:
    if kind != "trace":
        pytest.importorskip("ms_toollib")
    original = records[kind]
    if name.endswith(original.suffix):
        pytest.skip("its own name")
    renamed = tmp_path / name
    shutil.copyfile(original, renamed)
    data = renamed.read_bytes()
    assert detect_reader(data, name).name in (
        kind,
        *(f"{kind} or {o}" for o in READERS),
        *(f"{o} or {kind}" for o in READERS),
    )
    games, again = read_game_records(original), read_game_records(renamed)
    assert [(g.mines, g.clicks, g.rule, g.reader) for g in again] == [
        (g.mines, g.clicks, g.rule, g.reader) for g in games
    ]


@pytest.mark.parametrize("kind", list(READERS))
def test_replay_reviews_a_record_without_an_extension(records: dict[str, Path], kind: str, tmp_path: Path) -> None:
    if kind != "trace":
        pytest.importorskip("ms_toollib")
    bare = tmp_path / "game"
    shutil.copyfile(records[kind], bare)
    result = CliRunner().invoke(app, ["replay", str(bare), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    first = read_game_records(records[kind])[0]
    assert doc["format"] == kind and doc["mines"] == len(first.mines) and doc["first_click"] == first.rule


@pytest.mark.parametrize("data", [b"", b"hello, world", b"\x89PNG\r\n\x1a\n" + bytes(64), b"[1, 2, 3]\n"])
@pytest.mark.parametrize("name", ["game", "game.txt"])
def test_what_is_no_record_is_still_one_line(data: bytes, name: str, tmp_path: Path) -> None:
    with pytest.raises(GameRecordError, match="not a game record: expected one of trace, avf, rmv, evf, mvf"):
        detect_reader(data, name, name)
    path = tmp_path / name
    path.write_bytes(data)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and result.output.count("\n") == 1 and "not a game record" in result.output
