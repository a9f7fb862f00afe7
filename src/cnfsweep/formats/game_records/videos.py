"""Replay videos of the classic clients, read through ms-toollib (the optional ``replay`` extra).

Four readers, one per kind of file: Minesweeper Arbiter's ``.avf``, Minesweeper X and
Viennasweeper's ``.rmv``, Metasweeper's ``.evf`` and Minesweeper Clone's ``.mvf``.
ms-toollib (PyPI ``ms-toollib``, in Rust) parses them; it is imported only by
``mstoollib_child.py``, a script run in a child process per file, because ms-toollib
1.5 aborts the whole process on a truncated or empty file.  The child prints the game
as JSON; a crash, a time-out or an error of the child becomes one
:class:`GameRecordError` naming the file.  Cheap checks of the first bytes run
before the child starts, so most files of another kind are refused without it.

First-click rule (:attr:`RecordedGame.rule`): Arbiter, Minesweeper X/Viennasweeper
and Minesweeper Clone keep the first click off a mine, as Windows Minesweeper does;
so does Metasweeper's standard mode, and its "win7" and no-guess modes open an
opening there.  ms-toollib's own luck figure (``pluck``) skips the first click for
the same reason.

Examples
--------
>>> AvfReader().detect(b"", "game.AVF"), RmvReader().detect(b"*rmv\\x00\\x01")
(True, True)
>>> EvfReader().read(b"", "empty.evf")
Traceback (most recent call last):
...
cnfsweep.formats.game_records.base.GameRecordError: empty.evf: an empty file: expected a Metasweeper .evf replay
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, ClassVar

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import ArgumentError, CnfsweepError
from cnfsweep.core.topology import Square
from cnfsweep.formats.game_records.base import Click, ClickKind, GameRecordError, RecordedGame

__all__ = ["VIDEO_READERS", "AvfReader", "EvfReader", "MissingExtra", "MvfReader", "RmvReader"]

#: Seconds a child may take over one file (an expert replay takes a few hundredths).
CHILD_TIME_LIMIT = 30.0
_CHILD = Path(__file__).with_name("mstoollib_child.py")
#: Metasweeper's modes whose first click opens an opening (win7 and the no-guess family).
_OPENING_MODES = frozenset({4, 5, 6, 7, 8, 14, 15, 16})
#: Metasweeper's recursive modes: chords that chord on by themselves, which the one game does not play.
_RECURSIVE_MODES = frozenset({11, 12, 13, 14, 15, 16})


class MissingExtra(CnfsweepError):
    """Report an optional extra that is needed and not installed (the message says how to install it)."""


def mstoollib_available() -> bool:
    """Say whether ms-toollib (the ``replay`` extra) is installed."""
    return importlib.util.find_spec("ms_toollib") is not None


class _VideoReader:
    """What the four readers share: the child process, and turning its document into a :class:`RecordedGame`."""

    name: ClassVar[str]
    suffixes: ClassVar[tuple[str, ...]]
    #: What a file of this kind is called in messages.
    title: ClassVar[str]
    #: Whether :meth:`refuse` passing says something: the first bytes of a file of this kind have a shape of their own.
    first_bytes_tell: ClassVar[bool] = True

    def detect(self, data: bytes, name: str | None = None) -> bool:
        """Say whether ``name`` ends in this kind's suffix (or the bytes carry its mark, where it has one)."""
        return name is not None and name.lower().endswith(self.suffixes)

    def refuse(self, data: bytes) -> str | None:
        """Say why ``data`` cannot be a file of this kind from its first bytes, or ``None`` when it may be."""
        return None

    def read(self, data: bytes, source: str = "<string>") -> tuple[RecordedGame, ...]:
        """Read the one game of a replay file (in a child process: see the module's docstring)."""
        if not data:
            raise GameRecordError(f"an empty file: expected {self.title}", source=source)
        if (why := self.refuse(data)) is not None:
            raise GameRecordError(f"not {self.title}: {why}", source=source)
        if not mstoollib_available():
            raise MissingExtra(
                f"{source}: reading .{self.name} replays needs the replay extra: pip install 'cnfsweep[replay]'"
            )
        return (self._game(_parse_in_child(self.name, data, source, self.title), source),)

    def _game(self, doc: dict[str, Any], source: str) -> RecordedGame:
        try:
            rows, cols = int(doc["rows"]), int(doc["cols"])
            mines = tuple(Cell(r, c) for r, c in doc["mines"])
            if len(mines) != doc["mine_count"]:
                raise GameRecordError(
                    f"its board holds {len(mines)} mines, its header says {doc['mine_count']}", source=source
                )
            clicks = tuple(Click(Cell(r, c), float(t), ClickKind(kind)) for t, kind, r, c in doc["clicks"])
            if not any(click.kind is ClickKind.OPEN for click in clicks):
                raise GameRecordError("no cell is ever opened in it: not a game", source=source)
            start = next(click.seconds for click in clicks if click.kind is ClickKind.OPEN)
            # Times from the first click, as the game's clock runs; flags placed before it have none to speak of.
            clicks = tuple(
                Click(c.cell, max(0.0, round((c.seconds or 0.0) - (start or 0.0), 3)), c.kind) for c in clicks
            )
            counters = doc["counters"]
            mode = doc.get("mode")
            if self.name == "evf" and mode in _RECURSIVE_MODES:
                raise GameRecordError(
                    f"played in Metasweeper's recursive mode {mode}, where chords chord on by "
                    "themselves: not a rule this review plays",
                    source=source,
                )
            rule = "opening" if self.name == "evf" and mode in _OPENING_MODES else "safe"
            return RecordedGame(
                Square(rows, cols),
                tuple(sorted(mines)),
                clicks,
                doc["player"],
                None,
                bool(doc["won"]),
                self.name,
                source,
                None,
                rule,
                counters.get("rtime"),
                doc["software"],
                counters,
                tuple(doc["shown"]) if doc["shown"] is not None else None,
            )
        except GameRecordError:
            raise
        except (KeyError, TypeError, ValueError, ArgumentError) as exc:
            raise GameRecordError(f"not {self.title}: ms-toollib read no game from it ({exc})", source=source) from None


def _parse_in_child(kind: str, data: bytes, source: str, title: str) -> dict[str, Any]:
    """Run ``mstoollib_child.py`` on ``data`` and return its document, or raise one line saying what went wrong."""
    try:
        # In a folder of its own: ms-toollib writes crash.log where it runs when it gives up on a file.
        with tempfile.TemporaryDirectory(prefix="cnfsweep-replay-") as folder:
            done = subprocess.run(
                [sys.executable, "-I", str(_CHILD), kind],
                input=data,
                capture_output=True,
                timeout=CHILD_TIME_LIMIT,
                check=False,
                cwd=folder,
            )
    except subprocess.TimeoutExpired:
        raise GameRecordError(
            f"ms-toollib took over {CHILD_TIME_LIMIT:g} s to read it: not {title} it can read", source=source
        ) from None
    except OSError as exc:
        raise GameRecordError(f"cannot start the reader: {exc.strerror or exc}", source=source) from None
    if done.returncode < 0 or done.returncode > 1 or not done.stdout:
        if b"ModuleNotFoundError" in done.stderr:
            raise MissingExtra(
                f"{source}: reading .{kind} replays needs the replay extra: pip install 'cnfsweep[replay]'"
            )
        raise GameRecordError(f"truncated or corrupt: ms-toollib cannot read it as {title}", source=source)
    try:
        doc = json.loads(done.stdout)
    except ValueError:
        raise GameRecordError(f"truncated or corrupt: ms-toollib cannot read it as {title}", source=source) from None
    if "error" in doc:
        raise GameRecordError(f"not {title} ms-toollib can read: {doc['error']}", source=source)
    return doc


class AvfReader(_VideoReader):
    """Read Minesweeper Arbiter's ``.avf`` replays."""

    name: ClassVar[str] = "avf"
    suffixes: ClassVar[tuple[str, ...]] = (".avf",)
    title: ClassVar[str] = "a Minesweeper Arbiter .avf replay"

    def refuse(self, data: bytes) -> str | None:
        """An .avf names its level in its sixth byte: 3, 4, 5 (beginner, intermediate, expert) or 6 (custom)."""
        if len(data) < 6 or data[5] not in (3, 4, 5, 6):
            return "its level byte is not 3-6"
        return None


class RmvReader(_VideoReader):
    """Read Minesweeper X and Viennasweeper's ``.rmv`` replays."""

    name: ClassVar[str] = "rmv"
    suffixes: ClassVar[tuple[str, ...]] = (".rmv",)
    title: ClassVar[str] = "a Minesweeper X or Viennasweeper .rmv replay"

    def detect(self, data: bytes, name: str | None = None) -> bool:
        """By suffix, or by the ``*rmv`` an .rmv file starts with."""
        return super().detect(data, name) or data.startswith(b"*rmv")

    def refuse(self, data: bytes) -> str | None:
        """An .rmv starts with ``*rmv``."""
        return None if data.startswith(b"*rmv") else "it does not start with *rmv"


class EvfReader(_VideoReader):
    """Read Metasweeper's ``.evf`` replays."""

    name: ClassVar[str] = "evf"
    suffixes: ClassVar[tuple[str, ...]] = (".evf",)
    title: ClassVar[str] = "a Metasweeper .evf replay"

    def refuse(self, data: bytes) -> str | None:
        """An .evf starts with its version, 0 to 4."""
        return None if data[0] <= 4 else f"its version byte is {data[0]}, not 0-4"


class MvfReader(_VideoReader):
    """Read Minesweeper Clone's ``.mvf`` replays (ms-toollib reads those of Clone 0.97)."""

    name: ClassVar[str] = "mvf"
    suffixes: ClassVar[tuple[str, ...]] = (".mvf",)
    title: ClassVar[str] = "a Minesweeper Clone .mvf replay"
    #: Only Clone 0.97's files carry a mark (see :meth:`detect`); other versions' first bytes allow anything.
    first_bytes_tell: ClassVar[bool] = False

    def detect(self, data: bytes, name: str | None = None) -> bool:
        """By suffix, or by the ``Minesweeper Clone`` a Clone 0.97 file starts with."""
        return super().detect(data, name) or data.startswith(b"\x11Minesweeper Clone")


#: The four video readers, in the order they are asked.
VIDEO_READERS = (AvfReader(), RmvReader(), EvfReader(), MvfReader())
