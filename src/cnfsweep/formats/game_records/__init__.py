"""Game records: files that keep a played game, a mine layout plus the clicks in order (with their times).

A board format (the rest of :mod:`cnfsweep.formats`) is one position; a game record is a whole
game, so it has readers of its own, behind one protocol (:class:`GameRecordReader`) and found
by name in :data:`READERS`, as the backends are.  Each gives :class:`RecordedGame` values:
the topology and size, the mines, the :class:`Click` s (cell, seconds or ``None``,
:class:`ClickKind`), the player's name when the record says.  Built in:

- ``trace``: the autoplayer's own ``cnfsweep play --trace`` lines (:mod:`.trace`);
- ``avf``, ``rmv``, ``evf``, ``mvf``: the replay videos of Minesweeper Arbiter, Minesweeper X and
  Viennasweeper, Metasweeper and Minesweeper Clone, read through ms-toollib (the optional
  ``replay`` extra) in a child process (:mod:`.videos`).

A new reader goes in a module of its own in this package::

    class AvfReader:
        '''Read Minesweeper Arbiter's .avf videos (through ms-toollib, imported in read).'''

        name: ClassVar[str] = "avf"
        suffixes: ClassVar[tuple[str, ...]] = (".avf",)

        def detect(self, data: bytes, name: str | None = None) -> bool: ...   # suffix, or magic bytes
        def read(self, data: bytes, source: str = "<string>") -> tuple[RecordedGame, ...]: ...

and one entry in :data:`READERS` below.  Import a reader's package inside ``read``, not at the
top; raise :class:`GameRecordError` (source, line, column where there are lines) on bad input.
Its tests: a round trip against games of known mines and clicks, and bad input as one line.

May import the core only (as the rest of ``formats``).
"""

from __future__ import annotations

from os import PathLike
from pathlib import Path, PurePath

from cnfsweep.core.errors import ArgumentTypeError, shown
from cnfsweep.formats.game_records.base import Click, ClickKind, GameRecordError, GameRecordReader, RecordedGame
from cnfsweep.formats.game_records.trace import TraceReader
from cnfsweep.formats.game_records.videos import VIDEO_READERS, MissingExtra, mstoollib_available

__all__ = [
    "READERS",
    "Click",
    "ClickKind",
    "GameRecordError",
    "GameRecordReader",
    "MissingExtra",
    "RecordedGame",
    "TraceReader",
    "detect_reader",
    "mstoollib_available",
    "read_game_records",
]

#: Every game-record reader, by name: the first whose ``detect`` says yes reads a file.
READERS: dict[str, GameRecordReader] = {r.name: r for r in (TraceReader(), *VIDEO_READERS)}


def detect_reader(data: bytes, name: str | None = None, source: str = "<string>") -> GameRecordReader:
    """Return the reader of ``data``, by its contents first and by the suffix of ``name`` only where they allow it.

    As board formats are detected, a file renamed, or without an extension, is still read: a
    reader that recognises the contents for certain (a trace's JSON, the marks ``.rmv`` and Clone's
    ``.mvf`` files start with) is taken whatever the name says; then the reader of the suffix,
    unless the first bytes rule that kind out; then the kinds the first bytes allow (tried in turn
    when more than one does: ``.avf`` and ``.evf`` carry no mark of their own).

    Raises
    ------
    GameRecordError
        When no reader knows it.

    Examples
    --------
    >>> detect_reader(b'{"rows": 1, "cols": 2, "mines": [], "moves": []}', "renamed.avf").name
    'trace'
    >>> detect_reader(b"*rmv\\x00\\x01", "no_extension").name
    'rmv'
    >>> detect_reader(b"hello")
    Traceback (most recent call last):
    ...
    cnfsweep.formats.game_records.base.GameRecordError: <string>: not a game record: expected one of trace, avf, rmv, evf, mvf
    """
    for reader in READERS.values():
        if reader.detect(data, None):
            return reader
    suffix = PurePath(name).suffix.lower() if name is not None else ""
    named = next((r for r in READERS.values() if suffix and suffix in r.suffixes), None)
    if named is not None and getattr(named, "first_bytes_tell", False) and _may_be(named, data):
        return named
    allowed = [
        r for r in READERS.values() if r is not named and getattr(r, "first_bytes_tell", False) and _may_be(r, data)
    ]
    if named is not None and allowed and _may_be(named, data):
        # The suffix's kind cannot tell by the first bytes (a trace's text, an older .mvf): the kinds whose
        # first bytes fit are tried first, then the suffix's.
        return _FirstThatReads((*allowed, named))
    if len(allowed) == 1:
        return allowed[0]
    if allowed:
        return _FirstThatReads(tuple(allowed))
    if named is not None:
        return named  # its own error says why the contents are not of its kind
    raise GameRecordError(f"not a game record: expected one of {', '.join(READERS)}", source=source)


def _may_be(reader: GameRecordReader, data: bytes) -> bool:
    """Whether the first bytes of ``data`` allow it to be of ``reader``'s kind (readers that cannot tell say yes)."""
    refuse = getattr(reader, "refuse", None)
    return bool(data) and (refuse is None or refuse(data) is None)


class _FirstThatReads:
    """Several kinds the first bytes allow: each read in turn, the first that reads the file wins."""

    suffixes: tuple[str, ...] = ()

    def __init__(self, readers: tuple[GameRecordReader, ...]) -> None:
        self.readers = readers
        self.name = " or ".join(r.name for r in readers)

    def detect(self, data: bytes, name: str | None = None) -> bool:
        return any(_may_be(r, data) for r in self.readers)

    def read(self, data: bytes, source: str = "<string>") -> tuple[RecordedGame, ...]:
        for reader in self.readers:
            try:
                return tuple(reader.read(data, source))
            except GameRecordError:
                continue
        raise GameRecordError(
            f"not a game record: expected one of {', '.join(READERS)} (tried {self.name})", source=source
        )


def read_game_records(
    record: str | PathLike[str] | bytes, *, reader: str = "auto", source: str | None = None
) -> tuple[RecordedGame, ...]:
    """Read every game of a record file (a path) or of its bytes.

    Parameters
    ----------
    record : path or bytes
        A file to read, or its contents.
    reader : str, optional
        A name of :data:`READERS`, or ``"auto"`` (default) to detect it.
    source : str, optional
        What to call the record in errors (default: the path, or ``"<string>"``).

    Raises
    ------
    GameRecordError
        For a file that cannot be read, an unknown reader, or bad contents (naming line and column).

    Examples
    --------
    >>> games = read_game_records(b'{"rows": 2, "cols": 2, "mines": [[0, 0]], "moves": [{"cell": [1, 1]}]}')
    >>> games[0].start, games[0].mines, games[0].reader
    (Cell(row=1, col=1), (Cell(row=0, col=0),), 'trace')
    """
    name: str | None = None
    if isinstance(record, bytes):
        data = record
    elif isinstance(record, (str, PathLike)):
        name = str(record)
        try:
            data = Path(record).read_bytes()
        except OSError as exc:
            raise GameRecordError(f"cannot read: {exc.strerror or exc}", source=source or name) from None
    else:
        raise ArgumentTypeError(f"record must be a path or bytes, got {shown(record)} ({type(record).__name__})")
    where = source or name or "<string>"
    if reader == "auto":
        chosen = detect_reader(data, name, where)
    elif reader in READERS:
        chosen = READERS[reader]
    else:
        raise GameRecordError(
            f"unknown game record reader {reader!r}: expected auto or one of {', '.join(READERS)}", source=where
        )
    return tuple(chosen.read(data, where))
