"""A board format to copy: comma-separated cells, a working example of the format protocol.

Copy this file into your own package, rename the class and ``name``, and
replace :meth:`CsvGridFormat.detect`, :meth:`~CsvGridFormat.read` and
:meth:`~CsvGridFormat.write` with your format's.  Then declare the class in
your package's ``pyproject.toml``::

    [project.entry-points."cnfsweep.formats"]
    csvgrid = "my_package.csvgrid:CsvGridFormat"

The entry point's name must be the class's ``name``.  Once your package is
installed, ``cnfsweep solve --format csvgrid``, the API's ``format`` and
detection (by suffix, then by :meth:`~CsvGridFormat.detect` in the order of
``priority``) know it; :mod:`cnfsweep.formats.registry` describes every
attribute.  Test it with the format contract of ``tests/formats/test_registry.py``
(the same checks every built-in format passes).

The format here: an optional first line ``mines,N``, then one line a row of
cells separated by commas, each a number ``0``-``8``, ``?`` (covered) or ``F``
(a flag).

Examples
--------
>>> from cnfsweep.core.errors import BoardFormatError
>>> board = CsvGridFormat.read("mines,2\\n1,?\\nF,?\\n", BoardFormatError, None)
>>> board.grid, board.total_mines
(('1.', '*.'), 2)
>>> print(CsvGridFormat.write(board), end="")
mines,2
1,?
F,?
>>> CsvGridFormat.read("1,?\\n1,x\\n", BoardFormatError, None)
Traceback (most recent call last):
...
cnfsweep.core.errors.BoardFormatError: <string>:2:3: unexpected 'x': expected 0-8, '?' or 'F'
"""

from __future__ import annotations

from typing import ClassVar

from cnfsweep.core.board import Board
from cnfsweep.core.characters import FLAG, NUMBERS
from cnfsweep.core.deadline import check_deadline
from cnfsweep.formats.lines import Err, Sample, count_value, split_lines

__all__ = ["CsvGridFormat"]

# Each character of the format and the canonical grid character it stands for (see cnfsweep.core.characters).
_CELLS = {**{n: n for n in NUMBERS}, "?": ".", "F": FLAG}
_WRITTEN = {canonical: ch for ch, canonical in _CELLS.items()}
_DETECTED = {*_CELLS, ",", " "}


class CsvGridFormat:
    """Comma-separated cells: ``0``-``8``, ``?`` covered, ``F`` a flag; an optional ``mines,N`` line first."""

    name: ClassVar[str] = "csvgrid"
    description: ClassVar[str] = "comma-separated cells: 0-8, ? (covered), F (flag); an optional mines,N line"
    suffixes: ClassVar[tuple[str, ...]] = (".csvgrid",)  # a file so named is read as this format, or refused
    priority: ClassVar[int] = 40  # asked after msboard (20) and jsm (30), before minesweepr and native
    labels: ClassVar[bool] = False  # no cell carries a label for --assume
    layouts: ClassVar[bool] = False  # no file carries its mine layout
    writes: ClassVar[bool] = True  # write() below exists

    @staticmethod
    def detect(sample: Sample) -> bool:
        """Claim a text that starts with a ``mines,N`` line, or whose every line has a comma and only cells.

        Detection must be cheap and must not claim another format's text: native
        boards never hold a comma, so a comma on every line is safe to claim.
        """
        content = sample.content
        if content and content[0].startswith("mines,"):
            return True
        return bool(content) and all("," in line and set(line) <= _DETECTED for line in content)

    @staticmethod
    def read(text: str, err: Err, deadline: float | None) -> Board:
        """Read a board, raising ``err(message, line=, column=)`` at the first bad character.

        ``err`` builds a :class:`~cnfsweep.core.errors.BoardFormatError` that
        already knows the file's name; ``deadline`` (a ``time.perf_counter()``
        value or ``None``) must be checked now and then on big inputs.
        """
        lines = [(n, line) for n, line in enumerate(split_lines(text), 1) if line.strip()]
        total = None
        if lines and lines[0][1].startswith("mines,"):
            n, line = lines.pop(0)
            total = count_value(line.removeprefix("mines,").strip(), "mines", err, n, len("mines,") + 1)
        if not lines:
            raise err("expected rows of comma-separated cells", line=1, column=1)
        rows: list[str] = []
        for n, line in lines:
            check_deadline(deadline)
            row: list[str] = []
            column = 1
            for cell in line.split(","):
                ch = cell.strip()
                if ch not in _CELLS:
                    raise err(f"unexpected {ch!r}: expected 0-8, '?' or 'F'", line=n, column=column)
                row.append(_CELLS[ch])
                column += len(cell) + 1
            if rows and len(row) != len(rows[0]):
                raise err(f"this row has {len(row)} cells, the first has {len(rows[0])}", line=n, column=1)
            rows.append("".join(row))
        return Board(tuple(rows), total)

    @staticmethod
    def write(board: Board) -> str:
        """Write ``board`` so that :meth:`read` gives it back (labels are written as covered cells)."""
        head = [] if board.total_mines is None else [f"mines,{board.total_mines}"]
        rows = [",".join(_WRITTEN.get(ch, "?") for ch in row) for row in board.grid]
        return "\n".join([*head, *rows]) + "\n"
