"""The forked paired benchmark's log: a run stopped mid-line goes on cleanly, and a summary reads it back."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from benchmarks import forked_paired

ARGS = ["--level", "beginner", "--variant", "d1=strong:depth=1", "--variant", "narrow=strong:tolerance=0.05"]


def logged(log: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_a_partial_last_line_is_dropped_and_its_game_played_again(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    assert forked_paired.main([*ARGS, "--games", "2", "--out", str(log)]) == 0
    whole = log.read_text()
    log.write_text(whole + '{"index": 2, "seed": 12')  # a process stopped while writing game 2
    assert [g["index"] for g in forked_paired.read(log)] == [0, 1]
    assert forked_paired.main([*ARGS, "--games", "3", "--out", str(log)]) == 0
    assert [g["index"] for g in logged(log)] == [0, 1, 2]
    assert log.read_text().startswith(whole)


def test_the_summary_pairs_each_variant_with_the_base_and_the_other(tmp_path: Path, capsys) -> None:
    log = tmp_path / "log.jsonl"
    assert forked_paired.main([*ARGS, "--games", "4", "--out", str(log)]) == 0
    capsys.readouterr()
    assert forked_paired.main(["--summary", "--out", str(log)]) == 0
    plain = capsys.readouterr().out.splitlines()
    assert [x.split(":")[0] for x in plain] == ["d1", "narrow", "narrow against d1"]
    games = logged(log)
    d1 = sum(g["variants"]["d1"]["won"] for g in games)
    narrow = sum(g["variants"]["narrow"]["won"] for g in games)
    assert f"d1 won {d1}, narrow {narrow};" in plain[2]
    packed = tmp_path / "log.jsonl.gz"
    packed.write_bytes(gzip.compress(log.read_bytes()))
    assert forked_paired.main(["--summary", "--out", str(packed)]) == 0
    assert capsys.readouterr().out.splitlines() == plain


def test_a_gzipped_log_is_not_played_on(tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        forked_paired.main([*ARGS, "--games", "1", "--out", str(tmp_path / "log.jsonl.gz")])
    assert stop.value.code == 2
    assert "gunzip it to go on" in capsys.readouterr().err
