"""Tests for cnfsweep.formats: the four text formats, detection and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paths import DATA
from cnfsweep.core.board import Board, Cell, ReadAs, shape_tables
from cnfsweep.core.errors import ArgumentError, BoardFormatError
from cnfsweep.formats import FORMATS, BoardFormat, detect_format, parse_board, read_board

FORMAT_DIR = DATA / "formats"
SAMPLES = {
    "example2.jsm.txt": BoardFormat.JSM,
    "example2.minesweepr.txt": BoardFormat.MINESWEEPR,
    "example2.board": BoardFormat.MSBOARD,
}
MRGRISCOM = ["..1xxxxxxx", "..2xxxxxxx", "..3xxxxxxx", "..2xxxxxxx", "112xxxxxxx"] + ["x" * 10] * 5

# 'F' reads as a flag and 'x' rows could look like a jsm size line or minesweepr.
CANONICAL = st.sampled_from([*"012345678.*", *"abcABCzZ"])


ROWS = st.integers(1, 6).flatmap(
    lambda width: st.lists(st.text(CANONICAL, min_size=width, max_size=width), min_size=1, max_size=6)
)


@pytest.fixture(scope="module")
def reference() -> Board:
    """The example position, built from ms-toollib's integer matrix."""
    data = json.loads((FORMAT_DIR / "example2.ms_toollib.json").read_text())
    chars = {10: ".", 11: "*"}
    rows = ["".join(chars.get(v, str(v)) for v in row) for row in data["board"]]
    return Board(tuple(rows), data["mines"])


def raises_at(text: str, line: int | None, column: int | None, phrase: str, **kwargs: object) -> BoardFormatError:
    """Parse ``text``, expecting a BoardFormatError at ``line``:``column``."""
    with pytest.raises(BoardFormatError) as info:
        parse_board(text, **kwargs)  # type: ignore[arg-type]
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert phrase in info.value.message
    return info.value


# -- the same position in every format ------------------------------------------


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_parses_to_reference(name: str, reference: Board) -> None:
    total = 8 if SAMPLES[name] is BoardFormat.MINESWEEPR else None
    assert read_board(FORMAT_DIR / name, total_mines=total) == reference


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_detected(name: str) -> None:
    assert detect_format((FORMAT_DIR / name).read_text()) is SAMPLES[name]


@pytest.mark.parametrize("name", SAMPLES)
def test_explicit_format_matches_auto(name: str) -> None:
    path = FORMAT_DIR / name
    fmt = SAMPLES[name]
    assert read_board(path, format=fmt) == read_board(path, format=fmt.value) == read_board(path)


def test_minesweepr_has_no_total() -> None:
    assert read_board(FORMAT_DIR / "example2.minesweepr.txt").total_mines is None


def test_total_mines_overrides_file() -> None:
    assert read_board(FORMAT_DIR / "example2.jsm.txt", total_mines=3).total_mines == 3


def test_mrgriscom_board_is_minesweepr() -> None:
    text = "\n".join(MRGRISCOM) + "\n"
    assert detect_format(text) is BoardFormat.MINESWEEPR
    board = parse_board(text, total_mines=10)
    assert board.grid[0] == "001......."
    assert board.grid[4] == "112......."
    assert len(board.covered) == 85


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("\n\n# MINESWEEPER-BOARD v0.1\nrows: 1\n", BoardFormat.MSBOARD),
        ("# a comment\n\n  3x1x1  \nHHH\n", BoardFormat.JSM),
        ("x*\n12\n", BoardFormat.MINESWEEPR),
        ("1x1\n.x.\n", BoardFormat.NATIVE),  # a '.' next to an 'x': covered, not a 0
        ("mines: 1\nx1\n", BoardFormat.NATIVE),  # headers are native
        ("1..\n...\n", BoardFormat.NATIVE),  # no 'x'
        ("1ab\n", BoardFormat.NATIVE),
        ("", BoardFormat.NATIVE),
        # A size line without its mine count: JSM text to refuse, not a native board of 'H' labels.
        ("3x3\nHHH\nH1H\nHHH\n", BoardFormat.JSM),
        ("9x9\n", BoardFormat.JSM),  # no native row has a 9
        ("3x1x-1\nHHH\n", BoardFormat.JSM),
        ("10x1\n1.x.1\n", BoardFormat.NATIVE),  # a native row of an x-labelled cell, as the rows below say
    ],
)
def test_detect_format(text: str, expected: BoardFormat) -> None:
    assert detect_format(text) is expected


def test_a_file_name_ending_in_jsm_says_jsm() -> None:
    assert detect_format("1.\n..\n", name="dir.txt/b.JSM") is BoardFormat.JSM
    assert detect_format("1.\n..\n", name="b.jsm.txt") is BoardFormat.NATIVE
    raises_at("mines: 1\n1.\n", 1, 1, "expected a 'WxHxM' size line", source="b.jsm")
    assert parse_board("mines: 1\n1.\n", source="b.jsm", format="native") == Board(("1.",), 1)


def test_a_board_says_how_it_was_read() -> None:
    detected = parse_board("2x1x1\n1H\n")
    named = parse_board("2x1x1\n1H\n", format="jsm", total_mines=1)
    assert detected.read_as == ReadAs("jsm", True) and named.read_as == ReadAs("jsm", False)
    assert detected == named == Board(("1.",), 1) and Board(("1.",), 1).read_as is None
    assert parse_board("1.\n").format == "native" and Board(("1.",)).format is None


JSM_ROWS = st.integers(1, 12).flatmap(
    lambda width: st.lists(st.text(st.sampled_from("012345678HF"), min_size=width, max_size=width), max_size=11)
)


@given(
    rows=JSM_ROWS, name=st.sampled_from(["b.jsm", "b.JSM", "b.txt", "<string>"]), space=st.sampled_from(["", " ", "\t"])
)
def test_a_jsm_size_line_without_its_mine_count_is_refused_on_its_line(rows: list[str], name: str, space: str) -> None:
    rows = [*rows, "H" * (len(rows[0]) if rows else 3)]  # a covered cell, as any position worth analysing has
    size = f"{len(rows[0])}x{len(rows)}{space}"
    raises_at(
        f"# from JSMinesweeper\n{size}\n" + "\n".join(rows) + "\n",
        2,
        len(size.rstrip()) + 1,
        "has no mine count",
        source=name,
    )


@given(rows=ROWS, total=st.one_of(st.none(), st.integers(0, 50)))
def test_a_file_named_jsm_is_read_as_jsm_or_refused_on_a_line(rows: list[str], total: int | None) -> None:
    try:
        board = parse_board(Board(tuple(rows), total).to_text(), source="b.jsm")
    except BoardFormatError as exc:
        assert exc.line is not None and exc.source == "b.jsm", exc
    else:
        assert board.read_as == ReadAs("jsm", True)


def test_formats_lists_enum_values() -> None:
    assert FORMATS == ("auto", "native", "jsm", "minesweepr", "msboard", "graph")


def test_unknown_format_name() -> None:
    raises_at("1.\n", None, None, "unknown board format 'xyz'", format="xyz")


# -- native -------------------------------------------------------------------------


def test_native_full_syntax() -> None:
    text = (
        "# position from a game\n"
        "# title: corner (notes are comments: an unknown header key is an error)\n"
        "  # indented comment\n"
        "mines: 4\n"
        "\n"
        "1 2 a\n"
        "\t. F *\n"
        "\n"
        "B . .\n"
    )
    board = parse_board(text)
    assert board == Board(("12a", ".**", "B.."), 4)
    assert board.labels == frozenset("aB")


def test_native_crlf_and_bom() -> None:
    assert parse_board("\ufeffmines: 1\r\n1.\r\n") == Board(("1.",), 1)


@pytest.mark.parametrize(
    ("text", "line", "column", "phrase"),
    [
        ("12.\n1.\n", 2, 3, "row has 2 cells, expected 3 (as in line 1)"),
        ("\n12.\n1.x.\n", 3, 4, "row has 4 cells, expected 3 (as in line 2)"),
        ("1 2 .\n1 .\n", 2, 4, "row has 2 cells, expected 3"),
        ("1.?\n", 1, 3, "unexpected '?': expected 0-8, '.', '*', 'F' or a letter"),
        ("1.\n.#\n", 2, 2, "unexpected '#'"),
        ("1.\n 9.\n", 2, 2, "number 9 is above 8"),
        ("1\u00e9\n", 1, 2, "unexpected"),  # labels are ASCII letters only
        ("mines: many\n1.\n", 1, 8, "'mines:' expects a non-negative integer, got 'many'"),
        ("mines:   -2\n1.\n", 1, 10, "got '-2'"),
        ("mines:\n1.\n", 1, 7, "got ''"),
        ("mines: 1\n mines: 2\n1.\n", 2, 2, "duplicate 'mines:' header (first on line 1)"),
        ("1.\nmines: 2\n", 2, 1, "header 'mines:' after the board rows"),
        ("1.\n  note: hi\n", 2, 3, "after the board rows"),
        # A misspelt key would otherwise be ignored, and the total silently lost.
        ("mine: 10\n1.\n", 1, 1, "unknown header 'mine:': expected 'mines:'"),
        ("# size\n  Total: 3\n1.\n", 2, 3, "unknown header 'Total:'"),
        ("", None, None, "no board rows found"),
        ("# only a comment\nmines: 3\n\n", None, None, "no board rows found"),
        ("1.\n.\x00\n", 2, 2, "binary file (NUL byte)"),
        # The layout section a generated board carries must agree with what the board shows.
        ("01.\n01.\nlayout:\n.*.\n...\n", 1, 2, "cell (0, 1): the layout puts a mine under the revealed 1"),
        ("01.\n02.\nlayout:\n..*\n...\n", 2, 2, "cell (1, 1): the 2 has 1 mine around it in the layout"),
        ("01*\n01.\nlayout:\n...\n..*\n", 1, 3, "cell (0, 2): a flag where the layout has no mine"),
        ("mines: 2\n01.\n01.\nlayout:\n..*\n...\n", 1, 1, "'mines: 2' but the layout has 1 mine"),
        ("01.\n01.\nlayout:\n..*\n", 3, 1, "the layout has 1 row, expected 2"),
        ("01.\n01.\nlayout:\n..*\n...\n...\n", 6, 1, "the layout has more rows than the grid's 2"),
        ("01.\n01.\nlayout:\n..x\n...\n", 4, 3, "unexpected 'x': expected '*' (a mine) or '.' in the layout"),
        ("01.\n01.\nlayout:\n..*.\n...\n", 4, 1, "layout row has 4 cells, expected 3"),
        ("layout:\n01.\n", 1, 1, "'layout:' before the board rows"),
        ("01.\n01.\nlayout:\n..*\n...\nlayout:\n", 6, 1, "duplicate 'layout:' section"),
        ("first-click: 0,0\n01.\n01.\n", 1, 1, "'first-click:' needs a 'layout:' section"),
        ("first-click: 0,2\n01.\n01.\nlayout:\n..*\n...\n", 1, 1, "names (0, 2), which is on a mine of the layout"),
        ("first-click: 0,2\n01F\n01.\nlayout:\n..*\n...\n", 1, 1, "names (0, 2), which is on a mine of the layout"),
        ("first-click: 5\n01.\nlayout:\n..*\n", 1, 14, "'first-click:' expects ROW,COL"),
    ],
)
def test_native_errors(text: str, line: int | None, column: int | None, phrase: str) -> None:
    error = raises_at(text, line, column, phrase, source="b.txt")
    assert str(error).startswith("b.txt")


def test_a_layout_round_trips_and_keeps_out_of_repr() -> None:
    text = "mines: 1\nfirst-click: 1,0\n01.\n01.\nlayout:\n..*\n...\n"
    board = parse_board(text)
    assert board.layout is not None and board.layout.mines == {Cell(0, 2)} and board.layout.start == (1, 0)
    assert board.to_text() == text and parse_board(board.to_text()) == board
    assert "layout" not in repr(board)  # printing a board never gives its mines away
    with pytest.raises(BoardFormatError, match="a total of 3 mines contradicts the board's layout of 1"):
        parse_board(text, total_mines=3)


def test_header_key_is_case_insensitive() -> None:
    assert parse_board("Mines: 1\n1.\n").total_mines == 1


def test_negative_total_mines_argument() -> None:
    with pytest.raises(ArgumentError, match="total_mines must be a non-negative integer, got -1"):
        parse_board("1.\n", total_mines=-1)


# -- jsm --------------------------------------------------------------------------


def test_jsm_unknown_characters_are_covered() -> None:
    board = parse_board("3x2x2\nH?F\n1Zh\n\n")
    assert board == Board(("..*", "1.."), 2)


@pytest.mark.parametrize(
    ("text", "line", "column", "phrase"),
    [
        ("3x2x2\nHHH\nHH\n", 3, 3, "row has 2 cells, expected 3 (from the size line 1)"),
        ("3x2x2\nHHHH\nHHH\n", 2, 4, "row has 4 cells, expected 3"),
        ("3x2x2\nHHH\n", 1, 3, "found 1 row, expected 2"),
        ("3x1x2\nHHH\nHHH\n", 3, 1, "found 2 rows, expected 1"),
        ("3x1x2\nH9H\n", 2, 2, "number 9 is above 8"),
        ("3x1x2\nH H\n", 2, 2, "unexpected ' '"),
        ("0x1x0\n", 1, 1, "has no cells"),
    ],
)
def test_jsm_errors(text: str, line: int, column: int, phrase: str) -> None:
    raises_at(text, line, column, phrase)


def test_jsm_forced_without_size_line() -> None:
    raises_at("\nHHH\n", 2, 1, "expected a 'WxHxM' size line", format="jsm")


# -- minesweepr ---------------------------------------------------------------------


def test_minesweepr_mapping_and_header() -> None:
    board = parse_board("# from minesweepr\nmines: 3\n.1x\n.1*\n", format=BoardFormat.MINESWEEPR)
    assert board == Board(("01.", "01*"), 3)


def test_minesweepr_rejects_other_letters() -> None:
    raises_at("1xH\n", 1, 3, "expected '.', 1-8, 'x' or '*'", format="minesweepr")


# -- msboard ------------------------------------------------------------------------

MSBOARD_HEAD = "# MINESWEEPER-BOARD v0.1\n# Render: ascii\n\nrows: 2\ncolumns: 3\nmines: 2\n"


def test_msboard_view_with_real_and_marks() -> None:
    text = MSBOARD_HEAD + "author: a:b\n\n[real]\n1*2\n12*\n\n[view]\nU?F\n12U\n"
    assert parse_board(text) == Board(("..*", "12."), 2)


@pytest.mark.parametrize(
    ("body", "line", "column", "phrase"),
    [
        ("[real]\n1*2\n12*\n", 8, None, "no [view] section"),
        ("", None, None, "no [view] section"),
        ("[view]\nUUU\n", 8, 1, "[view] has 1 row, expected 2"),
        ("[view]\nUUU\nUU\n", 10, 3, "row has 2 cells, expected 3 ('columns: 3' on line 5)"),
        ("[view]\nUUU\nUXU\n", 10, 2, "'X' is an exploded mine"),
        ("[view]\nUUU\nU9U\n", 10, 2, "number 9 is above 8"),
        ("[view]\nUUU\nUHU\n", 10, 2, "expected U, 0-8, F or ?"),
        ("[real]\n1*2\n1U*\n[view]\nUUU\nUUU\n", 10, 2, "in [real]"),
        ("[view]\nUUU\nUUU\n[view]\nUUU\nUUU\n", 11, 1, "duplicate [view] section"),
        ("[board]\nUUU\n", 8, 1, "unknown section '[board]'"),
        ("junk\n", 8, 1, "expected 'key: value'"),
    ],
)
def test_msboard_errors(body: str, line: int | None, column: int | None, phrase: str) -> None:
    raises_at(MSBOARD_HEAD + "\n" + body, line, column, phrase)


@pytest.mark.parametrize(
    ("text", "line", "column", "phrase"),
    [
        ("columns: 1\nmines: 0\n[view]\nU\n", None, None, "missing 'rows:'"),
        ("rows: 0\ncolumns: 1\nmines: 0\n[view]\n", 2, 7, "an integer >= 1"),
        ("rows: 1\nrows: 1\n", 3, 1, "duplicate 'rows:'"),
        ("# Render: emoji\n", 2, 11, "Render 'emoji' is not supported"),
    ],
)
def test_msboard_header_errors(text: str, line: int | None, column: int | None, phrase: str) -> None:
    raises_at("# MINESWEEPER-BOARD v0.1\n" + text, line, column, phrase, format="msboard")


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("# MINESWEEPER-BOARD v2.0\n", "unsupported MINESWEEPER-BOARD v2.0"),
        ("rows: 1\n", "expected '# MINESWEEPER-BOARD v0.1'"),
    ],
)
def test_msboard_bad_first_line(text: str, phrase: str) -> None:
    raises_at(text, 1, 1, phrase, format="msboard")


# -- numbers ------------------------------------------------------------------------

_MS = "# MINESWEEPER-BOARD v0.1\n"
#: Every place a number stands in board text: the text with ``{n}`` there, and the number's line and column.
NUMBER_SLOTS = [
    ("mines: {n}\n1.\n", 1, 8),
    ("first-click: {n},0\n0.\nlayout:\n..\n", 1, 14),
    ("first-click: 0,{n}\n0.\nlayout:\n..\n", 1, 14),
    ("{n}x1x1\nH\n", 1, 1),
    ("1x{n}x1\nH\n", 1, 3),
    ("1x1x{n}\nH\n", 1, 5),
    (_MS + "rows: {n}\ncolumns: 1\nmines: 0\n[view]\nU\n", 2, 7),
    (_MS + "rows: 1\ncolumns: {n}\nmines: 0\n[view]\nU\n", 3, 10),
    (_MS + "rows: 1\ncolumns: 1\nmines: {n}\n[view]\nU\n", 4, 8),
]
# Past Python's 4,300-digit limit for int(text) as well as cnfsweep's own 18.
HUGE = st.integers(19, 6000).map(lambda k: "9" * k) | st.integers(19, 6000).map(lambda k: "1" + "0" * (k - 1))


@pytest.mark.parametrize(("template", "line", "column"), NUMBER_SLOTS)
@given(digits=HUGE)
@settings(max_examples=10, deadline=None)
def test_a_huge_number_anywhere_is_refused_at_its_place(template: str, line: int, column: int, digits: str) -> None:
    error = raises_at(template.format(n=digits), line, column, "expects a whole number of at most 18 digits")
    assert "\n" not in str(error) and len(str(error)) < 200


@pytest.mark.parametrize(("template", "line", "column"), NUMBER_SLOTS)
@given(number=st.integers(1, 10**18 - 1), zeros=st.integers(0, 5000))
@settings(max_examples=10, deadline=None)
def test_a_number_of_18_digits_reads_whatever_its_leading_zeros(
    template: str, line: int, column: int, number: int, zeros: int
) -> None:
    # It may make a board that is wrong in other ways (a size the rows do not have), but never a number error.
    try:
        parse_board(template.format(n="0" * zeros + str(number)))
    except BoardFormatError as exc:
        assert "expects" not in exc.message, exc


@pytest.mark.parametrize(("template", "line", "column"), NUMBER_SLOTS)
@pytest.mark.parametrize("digits", ["\u00b2", "\u0663", "1_000", "+1", "\uff11"])  # digits int() or isdigit() take
def test_a_number_in_other_digits_is_refused_at_its_place(template: str, line: int, column: int, digits: str) -> None:
    with pytest.raises(BoardFormatError) as info:
        parse_board(template.format(n=digits))
    assert info.value.line == line, info.value


# -- reading files ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "line", "column", "phrase"),
    [
        (b"", None, None, "empty file"),
        (b"\n \n", None, None, "empty file"),
        (b"1.\n.\x00\x01\n", 2, 2, "binary file (NUL byte)"),
        (b"1.\n\xc3\xa9\xff.\n", 2, 2, "not UTF-8 text (byte 0xff)"),
    ],
)
def test_read_bad_file_content(
    tmp_path: Path, content: bytes, line: int | None, column: int | None, phrase: str
) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(BoardFormatError) as info:
        read_board(path)
    assert (info.value.source, info.value.line, info.value.column) == (str(path), line, column)
    assert phrase in str(info.value)


@pytest.mark.parametrize(("name", "phrase"), [("missing.txt", "no such file"), (".", "is a directory")])
def test_read_missing_or_directory(tmp_path: Path, name: str, phrase: str) -> None:
    path = tmp_path / name
    with pytest.raises(BoardFormatError, match=phrase) as info:
        read_board(path)
    assert str(info.value).startswith(f"{path}: ")


def test_read_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def deny(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", deny)
    with pytest.raises(BoardFormatError, match="cannot read file: Permission denied") as info:
        read_board(tmp_path / "b.txt")
    assert info.value.source == str(tmp_path / "b.txt")


def test_read_error_names_file(tmp_path: Path) -> None:
    path = tmp_path / "b.txt"
    path.write_text("1.\n1?\n")
    with pytest.raises(BoardFormatError) as info:
        read_board(str(path))
    assert str(info.value).startswith(f"{path}:2:2: unexpected '?'")


# -- round trip ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "board",
    [
        Board(("1.",), None),
        Board(("12a", ".**", "B.."), 4),
        Board(("0000", "0121", "01..", "01.*"), 3),
        Board(tuple(MRGRISCOM[:5]), 10),  # labels 'x' are fine once a header is written
    ],
)
def test_round_trip(board: Board) -> None:
    assert parse_board(board.to_text()) == board


@given(
    ROWS,
    st.one_of(st.none(), st.integers(0, 50)),
)
def test_round_trip_property(rows: list[str], total: int | None) -> None:
    board = Board(tuple(rows), total)
    assert parse_board(board.to_text()) == board
    assert parse_board(board.to_text(), format="native") == board


@pytest.mark.parametrize("rows", [1, 2, 3, 5])
@pytest.mark.parametrize("cols", [1, 2, 3, 6])
def test_shape_tables_list_each_cells_neighbours(rows: int, cols: int) -> None:
    cells, around = shape_tables(rows, cols)
    assert cells == tuple(Cell(r, c) for r in range(rows) for c in range(cols))
    for i, (r, c) in enumerate(cells):
        near = {(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)} - {(r, c)}
        assert [cells[j] for j in around[i]] == sorted(x for x in near if 0 <= x[0] < rows and 0 <= x[1] < cols)


@pytest.mark.parametrize("name", ["a\nb.txt", "tab\there.txt", "bell\x07.txt", "nul\x85.txt"])
def test_a_file_name_with_control_characters_is_quoted_so_the_error_stays_one_line(name: str) -> None:
    with pytest.raises(BoardFormatError) as caught:
        read_board(name)
    assert "\n" not in str(caught.value) and "\t" not in str(caught.value)
    assert str(caught.value) == f"{name!r}: no such file"
