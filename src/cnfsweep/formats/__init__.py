"""Formats: read Minesweeper positions from text, one module per format.

``native`` is cnfsweep's own format (:mod:`~cnfsweep.formats.native`); ``jsm`` is
JSMinesweeper text (``WxHxM`` then rows, ``H`` covered, ``F`` flag);
``minesweepr`` is mrgriscom/minesweepr ascii (``.`` a revealed 0, ``x``
covered, ``*`` a mine, no total); ``msboard`` is ms-toollib's
``# MINESWEEPER-BOARD v0.1``, whose ``[view]`` section is read; ``graph`` is a
JSON file of named cells and edges (:mod:`~cnfsweep.formats.graph`). Every format
is mapped to the canonical characters of :class:`~cnfsweep.core.board.Board`.
The formats are a registry (:mod:`~cnfsweep.formats.registry`, which says how
to add one). Offers :class:`BoardFormat`, :data:`BoardLike`, :func:`detect_format`, :func:`parse_board`,
:func:`read_text`, :func:`read_board`, :func:`write_board` and :func:`board_argument`.

May import the core only.
"""

from __future__ import annotations

from enum import Enum
from functools import partial
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING

from cnfsweep.core import board as _board
from cnfsweep.core.board import Board, ReadAs
from cnfsweep.core.deadline import check_deadline
from cnfsweep.core.errors import ArgumentError, ArgumentTypeError, BoardFormatError, shown
from cnfsweep.core.checks import count_argument
from cnfsweep.core.words import counted
from cnfsweep.formats import registry
from cnfsweep.formats.graph import write_graph
from cnfsweep.formats.lines import Sample, line_col
from cnfsweep.formats.registry import REGISTRY

__all__ = [
    "FORMATS",
    "REGISTRY",
    "SUFFIXES",
    "BoardFormat",
    "BoardLike",
    "board_argument",
    "detect_format",
    "parse_board",
    "read_board",
    "read_file",
    "read_text",
    "write_board",
]

if TYPE_CHECKING:
    # What a type checker sees: the built-in members (a plug-in's exist only at run time, made below).
    class BoardFormat(Enum):
        """Name a board format (one member for each of :data:`REGISTRY`); ``AUTO`` asks :func:`detect_format`."""

        AUTO = "auto"
        NATIVE = "native"
        JSM = "jsm"
        MINESWEEPR = "minesweepr"
        MSBOARD = "msboard"
        GRAPH = "graph"

else:
    # One member a registered format, and AUTO: --format's choices and the API's come from the registry.
    BoardFormat = Enum("BoardFormat", {"AUTO": "auto", **{name.upper(): name for name in REGISTRY}}, module=__name__)
    BoardFormat.__doc__ = (
        """Name a board format (one member for each of :data:`REGISTRY`); ``AUTO`` asks :func:`detect_format`."""
    )

#: What every public function that takes a position accepts: a :class:`~cnfsweep.core.board.Board`,
#: or a board's text in any format (detected), read by the one conversion, :func:`board_argument`.
BoardLike = Board | str

#: Format names accepted wherever a format is asked for (e.g. CLI choices).
FORMATS: tuple[str, ...] = tuple(f.value for f in BoardFormat)


def _coerce_format(format: BoardFormat | str, source: str) -> BoardFormat:
    if isinstance(format, BoardFormat):
        return format
    try:
        return BoardFormat(str(format).strip().lower())
    except ValueError:
        raise BoardFormatError(
            f"unknown board format {format!r}: expected one of {', '.join(FORMATS)}", source=source
        ) from None


#: File name suffixes that say a built-in format: a file so named is read as that format or refused.
#: A plug-in format's suffixes say it too (:func:`~cnfsweep.formats.registry.suffixes`), but reading
#: them imports the plug-in, which importing cnfsweep must not do.
SUFFIXES: dict[str, BoardFormat] = {
    suffix: BoardFormat(f.name) for f in REGISTRY.builtins.values() for suffix in f.suffixes
}


def detect_format(text: str, name: str | None = None) -> BoardFormat:
    """Guess the format of a board text, from its file name if that says one, else from the text.

    The first rule that matches wins (each format's ``detect``, asked in the
    order of its ``priority``: see :mod:`~cnfsweep.formats.registry`):

    0. ``name`` ends in a suffix of :data:`SUFFIXES` (``.jsm``, ``.json``): that format;
    1. the text starts with ``{`` (white space aside): ``GRAPH``, a JSON graph board;
    2. the first non-blank line starts with ``# MINESWEEPER-BOARD``: ``MSBOARD``;
    3. the first non-blank, non-comment line is ``WxHxM`` (e.g. ``5x5x8``), or
       starts as one and the text cannot be native (see
       :func:`~cnfsweep.formats.jsm.looks_jsm`): ``JSM``, so that a size line
       without its mine count is an error, not a native board of ``H`` labels;
    4. ``MINESWEEPR`` when there is no ``key: value`` header, every grid
       character is one of ``.12345678x*``, there is at least one ``x`` and no
       ``.`` touches an ``x`` (8-neighbourhood). A minesweepr ``.`` is a
       revealed 0, whose neighbours are always open in real play, while a
       native ``.`` is a covered cell; a board with no ``.`` at all reads the
       same either way;
    5. otherwise ``NATIVE``.

    Examples
    --------
    >>> detect_format("5x5x8\\nH2HHH\\nHHHHH\\nH3HHH\\nH2H4H\\nHHHHH\\n")
    <BoardFormat.JSM: 'jsm'>
    >>> detect_format("..1x\\n..2x\\n112x\\n")
    <BoardFormat.MINESWEEPR: 'minesweepr'>
    >>> detect_format("mines: 2\\n1.\\n..\\n")
    <BoardFormat.NATIVE: 'native'>
    >>> detect_format("mines: 2\\n1.\\n..\\n", name="b.jsm")
    <BoardFormat.JSM: 'jsm'>
    >>> detect_format('{"format": "cnfsweep-graph"}')
    <BoardFormat.GRAPH: 'graph'>
    """
    return BoardFormat(registry.detect(Sample.of(text), name).name)


def parse_board(
    text: str,
    *,
    format: BoardFormat | str = "auto",
    source: str = "<string>",
    total_mines: int | None = None,
    deadline: float | None = None,
) -> Board:
    """Parse a board text in any supported format.

    The native format has optional ``key: value`` header lines before the
    grid (``mines: N`` is the total, flags included; ``topology: square|torus|hex``
    the grid, see :mod:`cnfsweep.core.topology`; ``first-click: R,C``, with a layout; any other key is an
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
        Name used in error messages; with ``"auto"``, a file name's suffix
        may say the format (see :func:`detect_format`).
    total_mines : int or None
        Total mines, flags included; when given it overrides the file's total.
    deadline : float or None
        A ``time.perf_counter()`` value; past it
        :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised (the clock
        is read every few dozen lines), so a time limit covers reading the board.

    Returns
    -------
    Board
        Its :attr:`~cnfsweep.core.board.Board.read_as` says the format read and
        whether it was detected.

    Raises
    ------
    BoardFormatError
        If the text is not a valid board; the error names the line and column.
    ArgumentError
        If ``total_mines`` is negative (:class:`ArgumentTypeError` if it is
        not an int, or ``text`` is not a str).

    Examples
    --------
    >>> parse_board("# a comment\\nmines: 3\\n1 F\\n. a\\n")
    Board(grid=('1*', '.a'), total_mines=3)
    >>> parse_board("2x2x1\\n1H\\nHH\\n").grid
    ('1.', '..')
    >>> parse_board("1x\\nxx\\n", format="minesweepr", total_mines=1)
    Board(grid=('1.', '..'), total_mines=1)
    """
    if not isinstance(text, str):
        hint = ": decode it first" if isinstance(text, (bytes, bytearray)) else ""
        raise ArgumentTypeError(f"a board's text must be a str, got {shown(text)} ({type(text).__name__}){hint}")
    if not isinstance(source, str):
        raise ArgumentTypeError(
            f"source must be a str (a name for messages), got {shown(source)} ({type(source).__name__})"
        )
    count_argument(total_mines, "total_mines", optional=True)
    fmt = _coerce_format(format, source)
    err = partial(BoardFormatError, source=source)
    text = text.removeprefix("\ufeff")  # Windows editors may save a UTF-8 BOM
    nul = text.find("\0")
    if nul >= 0:
        line, col = line_col(text[:nul])
        raise err("binary file (NUL byte): expected a text board", line=line, column=col)
    detected = fmt is BoardFormat.AUTO
    if detected:
        fmt = detect_format(text, source)
    check_deadline(deadline)
    board = REGISTRY[fmt.value].read(text, err, deadline)
    check_deadline(deadline)
    if total_mines is not None:
        if board.layout is not None and total_mines != board.layout.count:
            raise err(
                f"a total of {counted(total_mines, 'mine')} contradicts the board's layout of {board.layout.count}"
            )
        board = board.with_total(total_mines)
    return board.marked_read_as(ReadAs(fmt.value, detected))


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
    if not isinstance(path, (str, PathLike)):
        raise ArgumentTypeError(
            f"path must be a str or a path, got {shown(path)} ({type(path).__name__}); Board.parse reads a board's text"
        )
    return _decode(_read_bytes(path), str(path))


def _read_bytes(path: str | Path) -> bytes:
    """A board file's bytes, refusing a missing, unreadable or empty file in one line that names it."""
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
    return data


def _decode(data: bytes, source: str) -> str:
    """A board file's bytes as text, refusing binary and non-UTF-8 bytes with their line and column."""
    err = partial(BoardFormatError, source=source)
    nul = data.find(b"\0")
    if nul >= 0:
        line, col = line_col(data[:nul].decode("utf-8", "replace"))
        raise err("binary file (NUL byte): expected a text board", line=line, column=col)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = line_col(data[: exc.start].decode("utf-8"))
        raise err(
            f"not UTF-8 text (byte 0x{data[exc.start]:02x}): expected a text board", line=line, column=col
        ) from None


def read_file(
    path: str | Path | None,
    *,
    format: BoardFormat | str = "auto",
    total_mines: int | None = None,
    deadline: float | None = None,
    data: bytes | None = None,
) -> Board:
    """Read a board file: a screenshot (PNG, JPEG or BMP, told by its first bytes) or a board's text in any format.

    A picture is read by :func:`cnfsweep.formats.picture.read.read_picture` (the optional extra
    ``image``) when ``format`` is ``auto``; anything else is text, read by :func:`parse_board`.
    ``data`` gives the bytes already read (standard input), ``path`` then only names them.

    Raises
    ------
    BoardFormatError
        As :func:`read_text` and :func:`parse_board` do; for a picture, when the extra is missing or
        no whole board can be read in it (naming the cell it could not read).
    """
    source = "<stdin>" if path is None else str(path)
    if data is None:
        data = _read_bytes(path if path is not None else "<stdin>")
    if registry.is_picture(data) and _coerce_format(format, source) is BoardFormat.AUTO:
        from cnfsweep.formats.picture.read import read_picture

        check_deadline(deadline)
        board = read_picture(data, source).board()
        if total_mines is not None:
            board = board.with_total(total_mines)
        return board.marked_read_as(ReadAs(registry.PICTURE, True))
    return parse_board(_decode(data, source), format=format, source=source, total_mines=total_mines, deadline=deadline)


def read_board(path: str | Path, *, format: BoardFormat | str = "auto", total_mines: int | None = None) -> Board:
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
    if not isinstance(path, (str, PathLike)):
        raise ArgumentTypeError(f"path must be a str or a path, got {shown(path)} ({type(path).__name__})")
    return read_file(path, format=format, total_mines=total_mines)


def write_board(board: BoardLike, format: BoardFormat | str = "native") -> str:
    """Write ``board`` (a :class:`~cnfsweep.core.board.Board` or a board's text in any format) in a format that has a writer (``native``, ``jsm`` or ``graph``).

    Raises
    ------
    ArgumentError
        For a format that cnfsweep reads but does not write, or an unknown one.

    Examples
    --------
    >>> print(write_board(Board.from_rows(["1."], total_mines=1), "jsm"), end="")
    2x1x1
    1H
    >>> print(write_board("2x1x1\\n1H\\n"), end="")   # text is read first, as everywhere
    mines: 1
    1.
    >>> write_board(Board.from_rows(["1."]), "msboard")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: cnfsweep reads msboard boards but does not write them: write native, jsm or graph
    """
    board = board_argument(board)
    fmt = _coerce_format(format, "<write>")
    writers = [name for name, f in REGISTRY.items() if f.writes]
    if fmt is BoardFormat.AUTO or not REGISTRY[fmt.value].writes:
        raise ArgumentError(
            f"cnfsweep reads {fmt.value} boards but does not write them: write "
            f"{', '.join(writers[:-1])} or {writers[-1]}"
        )
    return REGISTRY[fmt.value].write(board)


def board_argument(board: BoardLike, what: str = "board", deadline: float | None = None) -> Board:
    """Return ``board``, or the board its text describes (any format, detected): the one reading of a :data:`BoardLike`.

    Every public function that takes a position (``analyze``, ``check``, ``levels``, ``hint``,
    ``explain``, ``grade_board``, the :class:`~cnfsweep.engine.Engine` and
    :class:`~cnfsweep.explanation.Explainer` methods) reads its ``board`` through it.

    Text is read within ``deadline`` (see :func:`parse_board`).

    Raises
    ------
    BoardFormatError
        If the text is not a valid board.
    ArgumentTypeError
        If ``board`` is neither a :class:`~cnfsweep.core.board.Board` nor text.

    Examples
    --------
    >>> board_argument("mines: 1\\n1.\\n")
    Board(grid=('1.',), total_mines=1)
    """
    if isinstance(board, Board):
        return board
    if isinstance(board, str):
        return parse_board(board, source=f"<{what}>", deadline=deadline)
    raise ArgumentTypeError(f"{what} must be a Board or a board's text, got {shown(board)} ({type(board).__name__})")


_board.READERS.update(parse=parse_board, read=read_board)
_board.WRITERS.update(graph=write_graph)
