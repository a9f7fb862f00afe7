"""The board-format registry: every format keeps the protocol, and detection, --format and writing follow from it."""

from __future__ import annotations

from functools import partial

import pytest

from cnfsweep.core.board import Board
from cnfsweep.formats import FORMATS, REGISTRY, SUFFIXES, BoardFormat, detect_format, parse_board, write_board
from cnfsweep.core.errors import BoardFormatError
from cnfsweep.formats.TEMPLATE import CsvGridFormat
from cnfsweep.formats.lines import Sample
from cnfsweep.formats.registry import Format


@pytest.mark.parametrize("name", list(REGISTRY))
def test_every_format_keeps_the_protocol(name: str) -> None:
    fmt = REGISTRY[name]
    assert isinstance(fmt, Format) and fmt.name == name and fmt.description
    assert all(s.startswith(".") and s == s.lower() for s in fmt.suffixes)
    assert BoardFormat(name).value == name


def test_format_choices_and_suffixes_come_from_the_registry() -> None:
    assert ("auto", *REGISTRY) == FORMATS
    assert SUFFIXES == {".jsm": BoardFormat.JSM, ".json": BoardFormat.GRAPH}
    # Native reads whatever no other format claims, so it is asked last.
    assert max(REGISTRY.values(), key=lambda f: f.priority).name == "native"


BOARD = Board.from_rows(["1*.", "..."], total_mines=2)


@pytest.mark.parametrize("name", [n for n, f in REGISTRY.items() if f.writes])
def test_what_a_format_writes_it_reads_back_and_detects(name: str) -> None:
    text = write_board(BOARD, name)
    assert detect_format(text) is BoardFormat(name)
    back = parse_board(text)
    # The same cells in the same order (a graph writes the grid's cells as one row of named cells).
    assert "".join(back.grid) == "".join(BOARD.grid) and back.total_mines == BOARD.total_mines


@pytest.mark.parametrize("name", [n for n, f in REGISTRY.items() if not f.writes])
def test_a_format_without_a_writer_says_so(name: str) -> None:
    with pytest.raises(Exception, match=f"cnfsweep reads {name} boards but does not write them"):
        write_board(BOARD, name)


def test_only_the_native_format_has_labels(run, tmp_path) -> None:
    assert [n for n, f in REGISTRY.items() if f.labels] == ["native"]
    path = tmp_path / "b.json"
    path.write_text(write_board(BOARD, "graph"))
    result = run("solve", str(path), "--assume", "a=mine")
    assert result.exit_code == 2
    assert "(board detected as graph format; labels exist only in the native format)" in result.output


# Every registered format and the one a newcomer copies (formats/TEMPLATE.py, not registered here):
# the contract a format keeps on its own, before the registry puts it behind --format and detection.
CONTRACT = [*REGISTRY.values(), CsvGridFormat]
BOARDS = [BOARD, Board.from_rows(["12.", "*1.", "..."]), Board.from_rows(["0"], total_mines=0)]


@pytest.mark.parametrize("fmt", CONTRACT, ids=[f.name for f in CONTRACT])
def test_a_format_keeps_the_protocol_and_reads_back_what_it_writes(fmt: type[Format]) -> None:
    assert isinstance(fmt, Format) and fmt.description and isinstance(fmt.priority, int)
    assert all(s.startswith(".") and s == s.lower() for s in fmt.suffixes)
    if not fmt.writes:
        return
    for board in BOARDS:
        text = fmt.write(board)
        assert fmt.detect(Sample.of(text)), text
        back = fmt.read(text, partial(BoardFormatError, source="<contract>"), None)
        assert "".join(back.grid) == "".join(board.grid)
        # A format that must write a total (jsm) writes the flags' count for a board without one.
        assert back.total_mines in (board.total_mines, len(board.flags) if board.total_mines is None else -1)


@pytest.mark.parametrize("fmt", CONTRACT, ids=[f.name for f in CONTRACT])
def test_a_format_refuses_bad_text_naming_where(fmt: type[Format]) -> None:
    # Text no format can hold as a board: every reader says where it stopped, in one line, or reads something.
    with pytest.raises(BoardFormatError) as caught:
        fmt.read("\x00\x01", partial(BoardFormatError, source="<contract>"), None)
    assert str(caught.value).startswith("<contract>") and "\n" not in str(caught.value)
