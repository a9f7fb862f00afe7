"""Read Minesweeper positions from text in several formats.

``native`` is cnfsweep's own format (see :func:`parse_board`); ``jsm`` is
JSMinesweeper text (``WxHxM`` then rows, ``H`` covered, ``F`` flag);
``minesweepr`` is mrgriscom/minesweepr ascii (``.`` a revealed 0, ``x``
covered, ``*`` a mine, no total); ``msboard`` is ms-toollib's
``# MINESWEEPER-BOARD v0.1``, whose ``[view]`` section is read. Every format
is mapped to the canonical characters of :class:`~cnfsweep.board.Board`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import Enum
from functools import partial
from pathlib import Path

from cnfsweep.board import COVERED, FLAG, NUMBERS, Board
from cnfsweep.errors import BoardFormatError


class BoardFormat(Enum):
    """Name a board text format; ``AUTO`` asks :func:`detect_format`."""

    AUTO = "auto"
    NATIVE = "native"
    JSM = "jsm"
    MINESWEEPR = "minesweepr"
    MSBOARD = "msboard"


#: Format names accepted wherever a format is asked for (e.g. CLI choices).
FORMATS: tuple[str, ...] = tuple(f.value for f in BoardFormat)

_HEADER = re.compile(r"\s*([A-Za-z0-9_-]+)\s*:\s*")
_JSM_SIZE = re.compile(r"\s*([0-9]+)x([0-9]+)x([0-9]+)\s*")
_MSBOARD_MAGIC = "# MINESWEEPER-BOARD"
_MSBOARD_HEAD = re.compile(r"# MINESWEEPER-BOARD v(\d+)\.(\d+)")
_MINESWEEPR_CHARS = frozenset(".12345678x*")
#: Header keys of the native format (and of minesweepr text, read by the same code).
_KNOWN_HEADERS = ("mines",)
_SEP = " \t"
_Err = Callable[..., BoardFormatError]


def _lines(text: str) -> list[str]:
    # Split on "\n" only: str.splitlines() also breaks on form feeds and
    # similar, which would make our line numbers disagree with editors.
    return [line.removesuffix("\r") for line in text.split("\n")]


def _is_comment(line: str) -> bool:
    return line.lstrip(_SEP).startswith("#")


def _line_col(prefix: str) -> tuple[int, int]:
    """Return the 1-based line and column just after ``prefix``."""
    return prefix.count("\n") + 1, len(prefix) - prefix.rfind("\n")


def _count(value: str, key: str, err: _Err, line: int, col: int, minimum: int = 0) -> int:
    if not re.fullmatch(r"[0-9]+", value) or int(value) < minimum:
        want = "a non-negative integer" if minimum == 0 else f"an integer >= {minimum}"
        raise err(f"'{key}:' expects {want}, got {value!r}", line=line, column=col)
    return int(value)


def _unexpected(ch: str, expected: str) -> str:
    return f"{'number 9 is above 8' if ch == '9' else f'unexpected {ch!r}'}: expected {expected}"


def _coerce_format(format: BoardFormat | str, source: str) -> BoardFormat:
    if isinstance(format, BoardFormat):
        return format
    try:
        return BoardFormat(str(format).strip().lower())
    except ValueError:
        raise BoardFormatError(f"unknown board format {format!r}: expected one of "
                               f"{', '.join(FORMATS)}", source=source) from None


def detect_format(text: str) -> BoardFormat:
    """Guess the format of a board text.

    The first rule that matches wins:

    1. the first non-blank line starts with ``# MINESWEEPER-BOARD``: ``MSBOARD``;
    2. the first non-blank, non-comment line is ``WxHxM`` (e.g. ``5x5x8``): ``JSM``;
    3. ``MINESWEEPR`` when there is no ``key: value`` header, every grid
       character is one of ``.12345678x*``, there is at least one ``x`` and no
       ``.`` touches an ``x`` (8-neighbourhood). A minesweepr ``.`` is a
       revealed 0, whose neighbours are always open in real play, while a
       native ``.`` is a covered cell; a board with no ``.`` at all reads the
       same either way;
    4. otherwise ``NATIVE``.

    Examples
    --------
    >>> detect_format("5x5x8\\nH2HHH\\nHHHHH\\nH3HHH\\nH2H4H\\nHHHHH\\n")
    <BoardFormat.JSM: 'jsm'>
    >>> detect_format("..1x\\n..2x\\n112x\\n")
    <BoardFormat.MINESWEEPR: 'minesweepr'>
    >>> detect_format("mines: 2\\n1.\\n..\\n")
    <BoardFormat.NATIVE: 'native'>
    """
    lines = [line for line in _lines(text.removeprefix("\ufeff")) if line.strip()]
    if lines and lines[0].lstrip().startswith(_MSBOARD_MAGIC):
        return BoardFormat.MSBOARD
    content = [line for line in lines if not _is_comment(line)]
    if content and _JSM_SIZE.fullmatch(content[0]):
        return BoardFormat.JSM
    if _looks_minesweepr(content):
        return BoardFormat.MINESWEEPR
    return BoardFormat.NATIVE


def _looks_minesweepr(content: list[str]) -> bool:
    if not content or any(_HEADER.match(line) for line in content):
        return False
    grid = [line.replace(" ", "").replace("\t", "") for line in content]
    if any(set(row) - _MINESWEEPR_CHARS for row in grid):
        return False
    cells = [(r, c, ch) for r, row in enumerate(grid) for c, ch in enumerate(row)]
    xs = {(r, c) for r, c, ch in cells if ch == "x"}
    near_x = {(r + dr, c + dc) for r, c in xs for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    return bool(xs) and not any(ch == "." and (r, c) in near_x for r, c, ch in cells)


def parse_board(text: str, *, format: BoardFormat | str = "auto", source: str = "<string>",
                total_mines: int | None = None) -> Board:
    """Parse a board text in any supported format.

    The native format has optional ``key: value`` header lines before the
    grid (``mines: N`` is the total, flags included; any other key is an
    error, so that a misspelt one is not silently ignored), ``#`` comment lines and blank lines anywhere, and one grid row
    per line: ``0``-``8`` revealed numbers, ``.`` covered, ``*`` or ``F`` a
    flag, any other ASCII letter a covered cell labelled with that letter.
    Spaces and tabs between cells are ignored.

    Parameters
    ----------
    text : str
        The whole file contents.
    format : BoardFormat or str
        One of :data:`FORMATS`; ``"auto"`` uses :func:`detect_format`.
    source : str
        Name used in error messages.
    total_mines : int or None
        Total mines, flags included; when given it overrides the file's total.

    Raises
    ------
    BoardFormatError
        If the text is not a valid board; the error names the line and column.

    Examples
    --------
    >>> parse_board("# a comment\\nmines: 3\\n1 F\\n. a\\n")
    Board(grid=('1*', '.a'), total_mines=3)
    >>> parse_board("2x2x1\\n1H\\nHH\\n").grid
    ('1.', '..')
    >>> parse_board("1x\\nxx\\n", format="minesweepr", total_mines=1)
    Board(grid=('1.', '..'), total_mines=1)
    """
    fmt = _coerce_format(format, source)
    err = partial(BoardFormatError, source=source)
    text = text.removeprefix("\ufeff")  # Windows editors may save a UTF-8 BOM
    nul = text.find("\0")
    if nul >= 0:
        line, col = _line_col(text[:nul])
        raise err("binary file (NUL byte): expected a text board", line=line, column=col)
    if total_mines is not None and total_mines < 0:
        raise err(f"total_mines must be non-negative, got {total_mines}")
    if fmt is BoardFormat.AUTO:
        fmt = detect_format(text)
    if fmt is BoardFormat.JSM:
        board = _parse_jsm(text, err)
    elif fmt is BoardFormat.MSBOARD:
        board = _parse_msboard(text, err)
    elif fmt is BoardFormat.MINESWEEPR:
        board = _parse_rows(text, err, _minesweepr_cell, "'.', 1-8, 'x' or '*'")
    else:
        board = _parse_rows(text, err, _native_cell, "0-8, '.', '*', 'F' or a letter")
    return board if total_mines is None else board.with_total(total_mines)


def _native_cell(ch: str) -> str | None:
    if ch == "F":
        return FLAG
    return ch if ch in NUMBERS or ch in ".*" or (ch.isascii() and ch.isalpha()) else None


def _minesweepr_cell(ch: str) -> str | None:
    # '0' is not minesweepr output, but reading it as a revealed 0 is harmless.
    return {".": "0", "x": COVERED, FLAG: FLAG}.get(ch, ch if ch in NUMBERS else None)


def _parse_rows(text: str, err: _Err, cell: Callable[[str], str | None], expected: str) -> Board:
    """Parse header lines, comments and one-character-per-cell rows."""
    rows: list[str] = []
    first_row_line = mines_line = 0
    mines = None
    for n, line in enumerate(_lines(text), 1):
        if not line.strip(_SEP) or _is_comment(line):
            continue
        head = _HEADER.match(line)
        if head:
            key_col = head.start(1) + 1
            if rows:
                raise err(f"header '{head[1]}:' after the board rows: "
                          "put 'key: value' lines before the grid", line=n, column=key_col)
            if head[1].lower() not in _KNOWN_HEADERS:
                # A misspelt key ('mine: 10') silently ignored would change the answer.
                known = " or ".join(f"'{k}:'" for k in _KNOWN_HEADERS)
                raise err(f"unknown header '{head[1]}:': expected {known} (write notes as '#' comments)",
                          line=n, column=key_col)
            if head[1].lower() == "mines":
                if mines_line:
                    raise err(f"duplicate 'mines:' header (first on line {mines_line})",
                              line=n, column=key_col)
                mines = _count(line[head.end():].rstrip(), "mines", err, n, head.end() + 1)
                mines_line = n
            continue
        cells: list[str] = []
        cols: list[int] = []
        for i, ch in enumerate(line):
            if ch in _SEP:
                continue
            canonical = cell(ch)
            if canonical is None:
                raise err(_unexpected(ch, expected), line=n, column=i + 1)
            cells.append(canonical)
            cols.append(i + 1)
        if rows and len(cells) != len(rows[0]):
            width = len(rows[0])
            col = cols[width] if len(cells) > width else cols[-1] + 1
            raise err(f"row has {len(cells)} cells, expected {width} (as in line {first_row_line})",
                      line=n, column=col)
        first_row_line = first_row_line or n
        rows.append("".join(cells))
    if not rows:
        raise err("no board rows found")
    return Board(tuple(rows), mines)


def _check_row(row: str, width: int, n: int, err: _Err, where: str) -> None:
    """Raise if ``row`` (line ``n``) does not have ``width`` cells."""
    if len(row) != width:
        col = width + 1 if len(row) > width else len(row) + 1
        raise err(f"row has {len(row)} cells, expected {width} ({where})", line=n, column=col)


def _parse_jsm(text: str, err: _Err) -> Board:
    """Parse JSMinesweeper text: ``WxHxM`` then ``H`` rows of ``W`` characters."""
    numbered = [(n, line.rstrip()) for n, line in enumerate(_lines(text), 1) if line.strip()]
    while numbered and _is_comment(numbered[0][1]):
        numbered.pop(0)
    if not numbered or not (size := _JSM_SIZE.fullmatch(numbered[0][1])):
        line = numbered[0][0] if numbered else None
        raise err("expected a 'WxHxM' size line such as '5x5x8'",
                  line=line, column=1 if line else None)
    size_line, width, height, mines = numbered[0][0], *map(int, size.groups())
    if width < 1 or height < 1:
        raise err(f"board size {width}x{height} has no cells",
                  line=size_line, column=size.start(1) + 1)
    body = numbered[1:]
    if len(body) != height:
        n, col = (body[height][0], 1) if len(body) > height else (size_line, size.start(2) + 1)
        raise err(f"found {len(body)} rows, expected {height} (from the size line {size_line})",
                  line=n, column=col)
    rows = []
    for n, row in body:
        _check_row(row, width, n, err, f"from the size line {size_line}")
        for i, ch in enumerate(row):
            # JSMinesweeper reads unknown characters as covered; whitespace and
            # 9 are surely typos, so they are reported rather than guessed.
            if ch == "9" or ch.isspace():
                raise err(_unexpected(ch, "0-8, 'H' or 'F'"), line=n, column=i + 1)
        rows.append("".join(ch if ch in NUMBERS else FLAG if ch == "F" else COVERED for ch in row))
    return Board(tuple(rows), mines)


_VIEW_CELLS = {"U": COVERED, "?": COVERED, "F": FLAG, **{d: d for d in NUMBERS}}
_GAME_OVER = {"X": "an exploded mine", "@": "a mine shown after the game", "#": "a wrong flag"}


def _parse_msboard(text: str, err: _Err) -> Board:
    """Parse an ms-toollib MINESWEEPER-BOARD file, reading its ``[view]`` section."""
    meta: dict[str, tuple[str, int, int]] = {}
    sections: dict[str, tuple[int, list[tuple[int, str]]]] = {}
    current: str | None = None
    seen_head = False
    for n, raw in enumerate(_lines(text), 1):
        line = raw.rstrip()
        if not line.strip():
            current = None  # a blank line ends a section
            continue
        if not seen_head:
            head = _MSBOARD_HEAD.fullmatch(line.strip())
            if not head:
                raise err("expected '# MINESWEEPER-BOARD v0.1' as the first line", line=n, column=1)
            if head[1] != "0":  # minor versions only add fields, majors may change meaning
                raise err(f"unsupported MINESWEEPER-BOARD v{head[1]}.{head[2]}: expected v0.x",
                          line=n, column=1)
            seen_head = True
        elif line.startswith("["):
            name = line.strip()[1:-1] if line.strip().endswith("]") else line
            if name not in ("real", "view"):
                raise err(f"unknown section {line.strip()!r}: expected [real] or [view]",
                          line=n, column=1)
            if name in sections:
                raise err(f"duplicate [{name}] section (first on line {sections[name][0]})",
                          line=n, column=1)
            sections[name] = (n, [])
            current = name
        elif current is not None:  # '#' is a view character, so test sections first
            sections[current][1].append((n, line))
        elif _is_comment(line):
            render = re.fullmatch(r"#\s*Render:\s*(.*)", line.strip())
            if render and render[1].lower() != "ascii":
                raise err(f"Render {render[1]!r} is not supported: expected ascii",
                          line=n, column=line.index(render[1]) + 1)
        elif ":" in line:
            key, _, value = line.partition(":")
            key = key.strip().lower()
            if key in meta and key in ("rows", "columns", "mines"):
                raise err(f"duplicate '{key}:' (first on line {meta[key][1]})", line=n, column=1)
            meta[key] = (value.strip(), n, len(line) - len(value.lstrip()) + 1)
        else:
            raise err("expected 'key: value', a '#' comment or a [real]/[view] section",
                      line=n, column=1)
    if not seen_head:
        raise err("empty MINESWEEPER-BOARD file")
    dims = {}
    for key in ("rows", "columns", "mines"):
        if key not in meta:
            raise err(f"missing '{key}:' metadata (required by MINESWEEPER-BOARD)")
        value, n, col = meta[key]
        dims[key] = _count(value, key, err, n, col, minimum=0 if key == "mines" else 1)
    if "view" not in sections:
        raise err("no [view] section: cnfsweep analyses what a player sees",
                  line=sections["real"][0] if "real" in sections else None)
    allowed = {"real": NUMBERS | {FLAG}, "view": _VIEW_CELLS.keys()}
    expected = {"real": "0-8 or '*' in [real]", "view": "U, 0-8, F or ?"}
    where = f"'columns: {dims['columns']}' on line {meta['columns'][1]}"
    for name, (start, body) in sections.items():
        if len(body) != dims["rows"]:
            raise err(f"[{name}] has {len(body)} rows, expected {dims['rows']}",
                      line=start, column=1)
        for n, row in body:
            _check_row(row, dims["columns"], n, err, where)
            bad = next((i for i, ch in enumerate(row) if ch not in allowed[name]), None)
            if bad is not None:
                ch, over = row[bad], name == "view" and row[bad] in _GAME_OVER
                msg = (f"{ch!r} is {_GAME_OVER[ch]}: cnfsweep reads positions of unfinished games"
                       if over else _unexpected(ch, expected[name]))
                raise err(msg, line=n, column=bad + 1)
    view = sections["view"][1]
    return Board(tuple("".join(_VIEW_CELLS[ch] for ch in row) for _, row in view), dims["mines"])


def read_text(path: str | Path) -> str:
    """Read a board file's text, refusing what cannot be a text board.

    Raises
    ------
    BoardFormatError
        If the file is missing, unreadable, a directory, empty, binary or not
        UTF-8. The error names ``path``, and the line and column of a bad byte.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "b.txt"
    >>> _ = p.write_bytes(b"1.\\n\\xff.\\n")
    >>> try:
    ...     read_text(p)
    ... except BoardFormatError as exc:
    ...     print(exc.line, exc.column, exc.message)
    2 1 not UTF-8 text (byte 0xff): expected a text board
    """
    err = partial(BoardFormatError, source=str(path))
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise err("no such file") from None
    except IsADirectoryError:
        raise err("is a directory, expected a board file") from None
    except OSError as exc:
        raise err(f"cannot read file: {exc.strerror or exc}") from None
    if not data.strip():
        raise err("empty file: expected a board")
    nul = data.find(b"\0")
    if nul >= 0:
        line, col = _line_col(data[:nul].decode("utf-8", "replace"))
        raise err("binary file (NUL byte): expected a text board", line=line, column=col)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _line_col(data[:exc.start].decode("utf-8"))
        raise err(f"not UTF-8 text (byte 0x{data[exc.start]:02x}): expected a text board",
                  line=line, column=col) from None


def read_board(path: str | Path, *, format: BoardFormat | str = "auto",
               total_mines: int | None = None) -> Board:
    """Read a board file; see :func:`parse_board` for the arguments.

    Raises
    ------
    BoardFormatError
        If the file is missing, unreadable, a directory, empty, binary or not
        UTF-8 (see :func:`read_text`), or does not hold a valid board. The
        error names ``path``.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "b.txt"
    >>> _ = p.write_text("mines: 1\\n1.\\n")
    >>> read_board(p)
    Board(grid=('1.',), total_mines=1)
    """
    return parse_board(read_text(path), format=format, source=str(path), total_mines=total_mines)
