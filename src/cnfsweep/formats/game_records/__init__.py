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
    """Return the reader of ``data``: one whose suffix ``name`` ends in, else the first that recognises it.

    Raises
    ------
    GameRecordError
        When no reader knows it.

    Examples
    --------
    >>> detect_reader(b'{"rows": 1, "cols": 2, "mines": [], "moves": []}').name
    'trace'
    >>> detect_reader(b"hello")
    Traceback (most recent call last):
    ...
    cnfsweep.formats.game_records.base.GameRecordError: <string>: not a game record: expected one of trace, avf, rmv, evf, mvf
    """
    if name is not None:
        suffix = PurePath(name).suffix.lower()
        for reader in READERS.values():
            if suffix and suffix in reader.suffixes:
                return reader
    for reader in READERS.values():
        if reader.detect(data, name):
            return reader
    raise GameRecordError(f"not a game record: expected one of {', '.join(READERS)}", source=source)


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
    >>> games[0].first_click, games[0].mines, games[0].reader
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
        raise GameRecordError(f"unknown game record reader {reader!r}: expected auto or one of {', '.join(READERS)}",
                              source=where)
    return tuple(chosen.read(data, where))
