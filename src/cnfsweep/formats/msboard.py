"""ms-toollib's ``# MINESWEEPER-BOARD v0.1`` files, read from their ``[view]`` section."""

from __future__ import annotations

import re
from typing import ClassVar

from cnfsweep.core.board import Board
from cnfsweep.core.characters import COVERED, FLAG, NUMBERS
from cnfsweep.core.deadline import checked
from cnfsweep.core.words import counted
from cnfsweep.formats.lines import Err, Sample, check_row, count_value, is_comment, split_lines, unexpected

MAGIC = "# MINESWEEPER-BOARD"
HEAD = re.compile(r"# MINESWEEPER-BOARD v(\d+)\.(\d+)")
_VIEW_CELLS = {"U": COVERED, "?": COVERED, "F": FLAG, **{d: d for d in NUMBERS}}
_VIEW_TABLE = str.maketrans({ch: c for ch, c in _VIEW_CELLS.items() if ch != c})
_GAME_OVER = {"X": "an exploded mine", "@": "a mine shown after the game", "#": "a wrong flag"}


def parse_msboard(text: str, err: Err, deadline: float | None = None) -> Board:
    """Parse an ms-toollib MINESWEEPER-BOARD file, reading its ``[view]`` section, within ``deadline``."""
    meta: dict[str, tuple[str, int, int]] = {}
    sections: dict[str, tuple[int, list[tuple[int, str]]]] = {}
    current: str | None = None
    seen_head = False
    for n, raw in checked(enumerate(split_lines(text), 1), deadline, 64):
        line = raw.rstrip()
        if not line.strip():
            current = None  # a blank line ends a section
            continue
        if not seen_head:
            head = HEAD.fullmatch(line.strip())
            if not head:
                raise err("expected '# MINESWEEPER-BOARD v0.1' as the first line", line=n, column=1)
            if head[1] != "0":  # minor versions only add fields, majors may change meaning
                raise err(f"unsupported MINESWEEPER-BOARD v{head[1]}.{head[2]}: expected v0.x", line=n, column=1)
            seen_head = True
        elif line.startswith("["):
            name = line.strip()[1:-1] if line.strip().endswith("]") else line
            if name not in ("real", "view"):
                raise err(f"unknown section {line.strip()!r}: expected [real] or [view]", line=n, column=1)
            if name in sections:
                raise err(f"duplicate [{name}] section (first on line {sections[name][0]})", line=n, column=1)
            sections[name] = (n, [])
            current = name
        elif current is not None:  # '#' is a view character, so test sections first
            sections[current][1].append((n, line))
        elif is_comment(line):
            render = re.fullmatch(r"#\s*Render:\s*(.*)", line.strip())
            if render and render[1].lower() != "ascii":
                raise err(
                    f"Render {render[1]!r} is not supported: expected ascii", line=n, column=line.index(render[1]) + 1
                )
        elif ":" in line:
            key, _, value = line.partition(":")
            key = key.strip().lower()
            if key in meta and key in ("rows", "columns", "mines"):
                raise err(f"duplicate '{key}:' (first on line {meta[key][1]})", line=n, column=1)
            meta[key] = (value.strip(), n, len(line) - len(value.lstrip()) + 1)
        else:
            raise err("expected 'key: value', a '#' comment or a [real]/[view] section", line=n, column=1)
    if not seen_head:
        raise err("empty MINESWEEPER-BOARD file")
    dims = {}
    for key in ("rows", "columns", "mines"):
        if key not in meta:
            raise err(f"missing '{key}:' metadata (required by MINESWEEPER-BOARD)")
        value, n, col = meta[key]
        dims[key] = count_value(value, key, err, n, col, minimum=0 if key == "mines" else 1)
    if "view" not in sections:
        raise err(
            "no [view] section: cnfsweep analyses what a player sees",
            line=sections["real"][0] if "real" in sections else None,
        )
    allowed = {"real": frozenset(NUMBERS | {FLAG}), "view": frozenset(_VIEW_CELLS)}
    expected = {"real": "0-8 or '*' in [real]", "view": "U, 0-8, F or ?"}
    where = f"'columns: {dims['columns']}' on line {meta['columns'][1]}"
    for name, (start, body) in sections.items():
        if len(body) != dims["rows"]:
            raise err(f"[{name}] has {counted(len(body), 'row')}, expected {dims['rows']}", line=start, column=1)
        for n, row in checked(body, deadline, 64):
            check_row(row, dims["columns"], n, err, where)
            if allowed[name].issuperset(row):
                continue
            bad = next((i for i, ch in enumerate(row) if ch not in allowed[name]), None)
            if bad is not None:
                ch, over = row[bad], name == "view" and row[bad] in _GAME_OVER
                msg = (
                    f"{ch!r} is {_GAME_OVER[ch]}: cnfsweep reads positions of unfinished games"
                    if over
                    else unexpected(ch, expected[name])
                )
                raise err(msg, line=n, column=bad + 1)
    view = sections["view"][1]
    return Board(tuple(row.translate(_VIEW_TABLE) for _, row in checked(view, deadline, 64)), dims["mines"])


class MsboardFormat:
    """ms-toollib's MINESWEEPER-BOARD files (this module)."""

    name: ClassVar[str] = "msboard"
    description: ClassVar[str] = "ms-toollib's '# MINESWEEPER-BOARD v0.1', its [view] section read"
    suffixes: ClassVar[tuple[str, ...]] = ()
    priority: ClassVar[int] = 20
    labels: ClassVar[bool] = False
    layouts: ClassVar[bool] = False
    writes: ClassVar[bool] = False

    @staticmethod
    def detect(sample: Sample) -> bool:
        """The first non-blank line starts with ``# MINESWEEPER-BOARD``."""
        return bool(sample.lines) and sample.lines[0].lstrip().startswith(MAGIC)

    @staticmethod
    def read(text: str, err: Err, deadline: float | None) -> Board:
        """Read the ``[view]`` section (see :func:`parse_msboard`)."""
        return parse_msboard(text, err, deadline)

    @staticmethod
    def write(board: Board) -> str:
        """No writer: MINESWEEPER-BOARD files are only read."""
        raise NotImplementedError("cnfsweep reads MINESWEEPER-BOARD files but does not write them")
