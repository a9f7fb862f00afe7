"""A board of a variant puzzle: its rules, its cells (clues of any size, hidden clues, dyed cells) and its text.

The text is the native format's with a ``rules:`` header (codes separated by
spaces; none, or ``V``, is the classic game) and, if wanted, one cell per
whitespace-separated token::

    rules: 1Q 1M
    mines: 5
    .  2' .  ?
    *  .  1  .'

The fan generator's title line (``[1Q][V]5x5``: each code in brackets, then
the size) may stand for the ``rules:`` header, so its puzzle text reads as it
prints it.  ``.`` is a covered cell (``___``, as the fan generator prints it, too), a
whole number a clue, ``?`` a revealed safe cell whose clue is hidden, ``*`` a
known mine, run lengths joined by ``,`` a 1W clue (``1,3``; ``0`` for none),
and a trailing ``'`` dyes the cell.  A grid without whitespace in its rows is
read one character a cell, as the classic format is.

Under the fan generator's title line its cells are separated by tabs, as it
prints them, a cell may hold numbers separated by spaces (its 2X clue
``1 2``, read as ``1,2``), and ``X`` is a safe cell that shows no clue (read
as ``?``).  A custom dye in the title (``[@cst:0110...]``, a ``1`` for each
dyed cell in row-major order) dyes those cells; the fan generator's other
dyes are patterns it does not print, so they are refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property
from types import MappingProxyType
from typing import Any

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import BoardFormatError
from cnfsweep.variants.registry import RULES
from cnfsweep.variants.rule import ClueRule, ClueValue, Grid, Letter, MineRule, RuleKind, Surd

__all__ = [
    "VARIANT_COMMANDS",
    "CellState",
    "RuleSet",
    "RuleSetError",
    "VariantBoard",
    "VariantCell",
    "has_rules",
    "not_taken",
    "parse_variant",
]

_HEADER = re.compile(r"^\s*([A-Za-z][A-Za-z-]*)\s*:(.*)$")
# The fan generator's title line: each rule code in brackets, then the size (``[1Q][V]5x5``).
_FAN_TITLE = re.compile(r"^\s*((?:\[[^\]\s]+\])+)\d+x\d+\s*$")
# A custom dye in that title: a 0 or 1 for each cell in row-major order.
_FAN_DYE = re.compile(r"^@cst:([01]+)$")
_NUMBER = re.compile(r"^[0-9]{1,6}$")
# A 2P clue: a square root, ``√b`` or ``a√b``.
_SURD = re.compile(r"^([0-9]{0,4})√([0-9]{1,6})$")
_RUNS = re.compile(r"^[0-9]{1,2}([,.][0-9]{1,2})+$")
MODIFIER_CODES = ("1M", "1N", "1L")
#: The commands that read a variant board (over HTTP: ``/api/analyze``, ``/api/check``, ``/api/hint``, ``/api/board``).
VARIANT_COMMANDS = ("solve", "check", "hint", "levels", "grade", "render")


def not_taken(source: str) -> str:
    """What a command that reads no variant board says of one, naming where it came from.

    Examples
    --------
    >>> not_taken("b.txt")
    "b.txt: a board with variant rules (a 'rules:' header) is read by solve, check, hint, levels, grade and render only"
    """
    takes = ", ".join(VARIANT_COMMANDS[:-1]) + " and " + VARIANT_COMMANDS[-1]
    return f"{source}: a board with variant rules (a 'rules:' header) is read by {takes} only"


class CellState(Enum):
    """What one cell of a variant board shows."""

    COVERED = "covered"
    CLUE = "clue"
    HIDDEN = "hidden"  # revealed and safe, its clue not shown
    MINE = "mine"


@dataclass(frozen=True)
class VariantCell:
    """One cell: its state, its clue's value (for a clue) and whether it is dyed."""

    state: CellState
    value: ClueValue | None = None
    dyed: bool = False

    def text(self) -> str:
        """The cell as one token of a board's text."""
        if self.state is CellState.CLUE:
            body = ",".join(map(str, self.value)) if isinstance(self.value, tuple) else str(self.value)
        else:
            body = {CellState.COVERED: ".", CellState.HIDDEN: "?", CellState.MINE: "*"}[self.state]
        return body + ("'" if self.dyed else "")


class RuleSetError(ValueError):
    """Report a rule code that is unknown or does not combine with the others; ``code`` names it."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class RuleSet:
    """The rules of one board: its mine rules, the one clue rule, and how clues are read (1M, 1N, 1L).

    Examples
    --------
    >>> RuleSet.from_codes(["1Q", "1L"]).codes
    ('1Q', 'V', '1L')
    >>> RuleSet.from_codes(["1W", "1M"])
    Traceback (most recent call last):
    ...
    cnfsweep.variants.board.RuleSetError: 1M changes what counting clues count, and 1W clues count no mines
    """

    mine: tuple[MineRule, ...]
    clue: ClueRule
    modifiers: frozenset[str] = frozenset()

    @property
    def codes(self) -> tuple[str, ...]:
        """Every code in order: mine rules, the clue rule, then the modifiers."""
        mods = tuple(m for m in MODIFIER_CODES if m in self.modifiers)
        return (*tuple(r.name for r in self.mine), self.clue.name, *mods)

    @classmethod
    def from_codes(cls, codes: list[str]) -> RuleSet:
        """Build the set from codes; raise :class:`RuleSetError` for an unknown code or rules that do not combine."""
        mine: list[Any] = []
        clue: list[Any] = []
        mods: set[str] = set()
        for code in codes:
            if code not in RULES:
                raise RuleSetError(RULES.unknown(code), code)
            rule: Any = RULES[code]
            if code in MODIFIER_CODES:
                mods.add(code)
            elif rule.kind is RuleKind.MINE:
                if rule not in (type(r) for r in mine):
                    mine.append(rule())
            elif rule not in (type(r) for r in clue):
                clue.append(rule())
        if len(clue) > 1:
            raise RuleSetError(
                f"rules {clue[0].name} and {clue[1].name} both say what a clue means: give one of them", clue[1].name
            )
        base = clue[0] if clue else RULES["V"]()
        if getattr(base, "lies", False) and mods:
            mod = sorted(mods)[0]
            raise RuleSetError(f"{base.name} says which clues lie and by how much: it takes no {mod}", mod)
        if {"1M", "1N"} <= mods:
            raise RuleSetError("1M and 1N both give dyed mines a value: give one of them", "1N")
        for mod in sorted(mods):
            if mod in ("1M", "1N") and not base.counts:
                raise RuleSetError(
                    f"{mod} changes what counting clues count, and {base.name} clues count no mines", mod
                )
        if ("1L" in mods and not all(base.takes(v) for v in (0, 1))) or ("1L" in mods and base.name == "1W"):
            raise RuleSetError(f"1L makes every clue one off, and {base.name} clues are no numbers", "1L")
        return cls(tuple(mine), base, frozenset(mods))

    def weight(self, grid: Grid) -> dict[Cell, int]:
        """Each cell's mine value in counting clues: 1, or on a dyed cell 2 (1M) or -1 (1N)."""
        dyed = 2 if "1M" in self.modifiers else -1 if "1N" in self.modifiers else 1
        return {c: dyed if c in grid.dyed else 1 for c in grid.cells}

    def shown_to_true(self, value: ClueValue) -> frozenset[ClueValue]:
        """The values a clue's rule may give when the clue shows ``value`` (1L: one off either way)."""
        if "1L" in self.modifiers and isinstance(value, int):
            return frozenset(v for v in (value - 1, value + 1) if v >= 0)
        return frozenset({value})

    def sums(self, value: ClueValue) -> frozenset[ClueValue]:
        """What a counting clue's weighted sum may be (1N: the difference either way round)."""
        true = self.shown_to_true(value)
        if "1N" in self.modifiers:
            return frozenset(s for v in true if isinstance(v, int) for s in (v, -v))
        return true


@dataclass(frozen=True)
class VariantBoard:
    """A variant puzzle: its rules, its grid of cells and the total number of mines if known."""

    rules: RuleSet
    cells: tuple[tuple[VariantCell, ...], ...]
    total: int | None = None
    source: str = field(default="<string>", compare=False)

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0])

    # Made once a board (it is immutable): a solve asks for the grid and each state's cells many times over.
    @cached_property
    def grid(self) -> Grid:
        """The shape the rules are stated on, with its dyed cells."""
        dyed = frozenset(Cell(r, c) for r, row in enumerate(self.cells) for c, v in enumerate(row) if v.dyed)
        return Grid(self.rows, self.cols, dyed)

    def cell(self, cell: Cell) -> VariantCell:
        return self.cells[cell.row][cell.col]

    def where(self, state: CellState) -> tuple[Cell, ...]:
        """Every cell in ``state``, in row-major order."""
        return self._by_state.get(state, ())

    @cached_property
    def _by_state(self) -> dict[CellState, tuple[Cell, ...]]:
        found: dict[CellState, list[Cell]] = {}
        for r, row in enumerate(self.cells):
            for c, v in enumerate(row):
                found.setdefault(v.state, []).append(Cell(r, c))
        return {state: tuple(cells) for state, cells in found.items()}

    @property
    def clues(self) -> MappingProxyType[Cell, ClueValue]:
        """Each clue's cell and the value it shows."""
        return MappingProxyType({c: self.cell(c).value for c in self.where(CellState.CLUE)})  # type: ignore[misc]

    def text(self) -> str:
        """The board as text that :func:`parse_variant` reads back to it."""
        head = [f"rules: {' '.join(self.rules.codes)}"] + ([f"mines: {self.total}"] if self.total is not None else [])
        tokens = [[v.text() for v in row] for row in self.cells]
        width = max(len(t) for row in tokens for t in row)
        return "\n".join(head + [" ".join(t.ljust(width) for t in row).rstrip() for row in tokens]) + "\n"


def has_rules(text: str) -> bool:
    """Say whether board text carries a ``rules:`` header (among the lines before its grid)."""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if _FAN_TITLE.match(line):
            return True
        head = _HEADER.match(line)
        if head is None:
            return False
        if head[1].lower() == "rules":
            return True
    return False


def _token(raw: str, rules: RuleSet, err: Any, fan: bool = False) -> VariantCell:
    dyed = raw.endswith("'")
    body = raw[:-1] if dyed else raw
    if body in (".", "___"):
        return VariantCell(CellState.COVERED, dyed=dyed)
    if body == "?" or (fan and body == "X"):
        # The fan generator prints a safe cell that shows no clue as X.
        return VariantCell(CellState.HIDDEN, dyed=dyed)
    # Under 2E a capital letter is a clue, so its F is the letter, not a flag (write a mine '*').
    letters = getattr(rules.clue, "letters", "")
    if len(body) == 1 and body in letters:
        value: ClueValue = Letter(body)
        if not rules.clue.takes(value):
            raise err(f"{raw!r} is no {rules.clue.name} clue")
        return VariantCell(CellState.CLUE, value, dyed)
    if body in ("*", "F"):
        return VariantCell(CellState.MINE, dyed=dyed)
    if _NUMBER.match(body):
        value = int(body)
    elif _RUNS.match(body):
        value = tuple(sorted(int(x) for x in re.split("[,.]", body)))
    elif (root := _SURD.match(body)) is not None and int(root[1] or 1) > 0 and int(root[2]) > 0:
        value = Surd.of(int(root[1] or 1) ** 2 * int(root[2]))
    else:
        raise err(
            f"unexpected {raw!r}: expected '.', '?', '*', a whole number, run lengths joined by ',' or a√b "
            '(a trailing "\'" dyes the cell)'
        )
    if not rules.clue.takes(value):
        # A rule whose clues are neither numbers nor run lengths says what they are (2X: two counts).
        expects = getattr(rules.clue, "expects", None)
        if expects is not None:
            raise err(f"{raw!r} is no {rules.clue.name} clue; the rules {' '.join(rules.codes)} take {expects}")
        if isinstance(value, Surd):
            raise err(f"{raw!r} is a square root, a 2P clue; the rules {' '.join(rules.codes)} take whole numbers")
        raise err(f"{raw!r} is a list of run lengths, a 1W clue; the rules {' '.join(rules.codes)} take whole numbers")
    return VariantCell(CellState.CLUE, value, dyed)


def parse_variant(
    text: str, source: str = "<string>", total: int | None = None, format: str = "native"
) -> VariantBoard:
    """Read a variant board's text; errors name the line and column and say what was expected.

    ``total``, if given, is the number of mines and overrides a ``mines:`` header.  ``format`` is the board
    format asked for: a variant board is native text, so only ``native`` or ``auto`` reads it.

    Raises
    ------
    BoardFormatError
        For an unknown rule code, rules that do not combine, a header other than
        ``rules:`` and ``mines:``, a token the rules cannot take, ragged rows, or another ``format``.

    Examples
    --------
    >>> b = parse_variant("rules: 1Q\\n1 .'\\n. 1,2\\n")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.BoardFormatError: <string>:3:3: '1,2' is a list of run lengths, a 1W clue; the rules 1Q V take whole numbers
    >>> parse_variant("rules: 1Q\\n1 .'\\n. 12\\n").cells[1][1]
    VariantCell(state=<CellState.CLUE: 'clue'>, value=12, dyed=False)
    """
    if format not in ("auto", "native"):
        raise BoardFormatError(f"a board with a 'rules:' header is native text, not {format} format", source=source)
    lines = text.splitlines()
    codes: list[str] | None = None
    mines: int | None = None
    rows: list[tuple[int, str]] = []
    rule_line = 0
    fan = False  # rules from the fan generator's title line: its grid as it prints it
    fan_dye: tuple[int, str] | None = None  # the title's custom dye: its line and its bits
    for n, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        title = _FAN_TITLE.match(line) if not rows else None
        if title is not None:
            if codes is not None:
                raise BoardFormatError("duplicate 'rules:' header", source=source, line=n, column=1)
            items = list(re.finditer(r"\[([^\]]+)\]", line))
            codes, rule_line, fan = [m[1] for m in items if not m[1].startswith("@")], n, True
            for m in items:
                if not m[1].startswith("@"):
                    continue
                dye = _FAN_DYE.match(m[1])
                if dye is None:
                    raise BoardFormatError(
                        f"the dye [{m[1]}] is a pattern the fan generator does not print: "
                        'give a custom dye [@cst:...] or mark dyed cells with a trailing "\'"',
                        source=source,
                        line=n,
                        column=m.start(1) + 1,
                    )
                fan_dye = (n, dye[1])
            continue
        head = _HEADER.match(line) if not rows else None
        if head is not None:
            key, value = head[1].lower(), head[2].strip()
            column = line.index(":") + 2
            if key == "rules":
                if codes is not None:
                    raise BoardFormatError("duplicate 'rules:' header", source=source, line=n, column=1)
                codes, rule_line = value.split(), n
            elif key == "mines":
                if not _NUMBER.match(value):
                    raise BoardFormatError(
                        f"expected a whole number of mines, not {value!r}", source=source, line=n, column=column
                    )
                mines = int(value)
            else:
                raise BoardFormatError(
                    f"unknown header '{head[1]}:' on a variant board: expected rules or mines "
                    "(variant rules are stated on square grids)",
                    source=source,
                    line=n,
                    column=1,
                )
            continue
        rows.append((n, line))
    if codes is None:
        raise BoardFormatError("expected a 'rules:' header", source=source, line=1, column=1)
    try:
        rules = RuleSet.from_codes(codes)
    except RuleSetError as exc:
        line = lines[rule_line - 1]
        if _FAN_TITLE.match(line):
            starts = [m.start(1) + 1 for m in re.finditer(r"\[([^\]]+)\]", line) if not m[1].startswith("@")]
            column = starts[codes.index(exc.code)]
        else:
            starts = [m.start() + 1 for m in re.finditer(r"\S+", line[line.index(":") + 1 :])]
            column = line.index(":") + 1 + starts[codes.index(exc.code)]
        raise BoardFormatError(str(exc), source=source, line=rule_line, column=column) from None
    if not rows:
        raise BoardFormatError("expected grid rows after the headers", source=source, line=len(lines) or 1)
    tokens = any(ch in " \t" for _, line in rows for ch in line.strip())
    grid: list[tuple[VariantCell, ...]] = []
    for n, line in rows:
        # One character a cell, a dye mark going with the cell before it (a one-column grid: ".'").
        if fan:
            # Tab-separated cells; the numbers of one cell (a 2X clue ``1 2``) are joined as the native text joins them.
            spans = [(m.start() + 1, re.sub(r"\s+", ",", m.group())) for m in re.finditer(r"[^\t ][^\t]*", line)]
            spans = [(column, raw.rstrip(",")) for column, raw in spans]
        elif tokens:
            spans = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]
        else:
            spans = [(m.start() + 1, m.group()) for m in re.finditer(r"[^\s']'?|'", line)]
        row = []
        for column, raw in spans:

            def err(message: str, n: int = n, column: int = column) -> BoardFormatError:
                return BoardFormatError(message, source=source, line=n, column=column)

            row.append(_token(raw, rules, err, fan))
        if grid and len(row) != len(grid[0]):
            raise BoardFormatError(
                f"expected {len(grid[0])} cells in this row, as in the first, not {len(row)}", source=source, line=n
            )
        grid.append(tuple(row))
    if fan_dye is not None:
        line_no, bits = fan_dye
        if len(bits) != len(grid) * len(grid[0]):
            raise BoardFormatError(
                f"the dye [@cst:...] gives {len(bits)} cells; the board has {len(grid)}x{len(grid[0])}",
                source=source,
                line=line_no,
            )
        width = len(grid[0])
        grid = [
            tuple(replace(v, dyed=v.dyed or bits[r * width + c] == "1") for c, v in enumerate(row))
            for r, row in enumerate(grid)
        ]
    if getattr(rules.clue, "square", False) and len(grid) != len(grid[0]):
        raise BoardFormatError(
            f"{rules.clue.name} has a liar in every row and every column, so its board is square, "
            f"not {len(grid)}x{len(grid[0])}",
            source=source,
        )
    board = VariantBoard(rules, tuple(grid), total if total is not None else mines, source)
    if board.total is not None:
        known = len(board.where(CellState.MINE))
        if not known <= board.total <= known + len(board.where(CellState.COVERED)):
            raise BoardFormatError(
                f"{board.total} mines cannot fit: {known} known and {len(board.where(CellState.COVERED))} covered cells",
                source=source,
            )
    return board
