"""The autoplayer's own trace: ``cnfsweep play --trace t.jsonl`` writes one JSON line per game.

A line holds ``rows``, ``cols``, ``mines`` (``[r, c]`` pairs), ``moves`` (each with its
``cell``, in the order played; the first is the first click), and ``seed``, ``won``,
``first_click`` (the first-click rule: ``safe``, ``opening`` or ``any``) and ``start`` (the
cell clicked first); a board of another grid names its ``topology`` (square when absent).
Moves carry no times (traces are reproducible), so the clicks' ``seconds`` are ``None``.
Blank lines are skipped.

Traces written before the rule was recorded kept the start cell under ``first_click`` and no
rule.  They still read: the rule then follows from the first move's ``certain`` (the
autoplayer writes ``true`` when the rule kept the first click off a mine, so ``safe``, the
weaker of the two rules that do; ``false`` under ``any``), and a trace that says neither
names no rule (a review then takes ``any``).  The old key is read for one release, with a
:class:`DeprecationWarning` (``cnfsweep replay`` says so in one line on standard error).  This
reader is written from that description, not from the writer
(:meth:`cnfsweep.play.records.GameRecord.trace`), so reading a trace back checks both.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import ArgumentError
from cnfsweep.core.topology import make_topology
from cnfsweep.core.checks import json_whole, start_key, TooManyDigits
from cnfsweep.formats.game_records.base import Click, GameRecordError, RecordedGame
from cnfsweep.formats.lines import split_lines

__all__ = ["TraceReader"]

_NEEDED = ("rows", "cols", "mines", "moves")


class TraceReader:
    """Read ``cnfsweep play --trace`` files: one game per JSON line.

    Examples
    --------
    >>> line = '{"seed": 1, "rows": 2, "cols": 3, "mines": [[0, 2]], "first_click": "safe", "start": [1, 0], '
    >>> line += '"moves": [{"cell": [1, 0]}, {"cell": [0, 2]}], "won": false}'
    >>> reader = TraceReader()
    >>> reader.detect(line.encode())
    True
    >>> (game,) = reader.read(line.encode())
    >>> game.mines, [c.cell for c in game.clicks], game.won, game.seed, game.rule
    ((Cell(row=0, col=2),), [Cell(row=1, col=0), Cell(row=0, col=2)], False, 1, 'safe')
    >>> reader.read(b'{"rows": 2, "cols": 3, "mines": [[0, 9]], "moves": []}')
    Traceback (most recent call last):
    ...
    cnfsweep.formats.game_records.base.GameRecordError: <string>:1:24: 'mines': cell (0, 9) is off the 2x3 board
    """

    name: ClassVar[str] = "trace"
    suffixes: ClassVar[tuple[str, ...]] = (".jsonl",)

    def detect(self, data: bytes, name: str | None = None) -> bool:
        """A trace's first non-blank line is a JSON object with ``rows``, ``cols``, ``mines`` and ``moves``."""
        for raw in data.split(b"\n"):
            if raw.strip():
                try:
                    first = json.loads(raw, parse_int=json_whole)
                except (ValueError, RecursionError):  # not JSON, not UTF-8, or not one we read
                    return False
                return isinstance(first, dict) and all(key in first for key in _NEEDED)
        return False

    def read(self, data: bytes, source: str = "<string>") -> tuple[RecordedGame, ...]:
        """Read every game of a trace (see the module's docstring for what a line holds)."""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            prefix = data[: exc.start]
            at_line = prefix.count(b"\n") + 1
            column = len(prefix) - (prefix.rfind(b"\n") + 1) + 1
            raise GameRecordError("not UTF-8 text", source=source, line=at_line, column=column) from None
        games = []
        for n, line in enumerate(split_lines(text), start=1):
            if line.strip():
                games.append(_game(line, n, source))
        return tuple(games)


def _game(line: str, n: int, source: str) -> RecordedGame:
    def err(message: str, key: str | None = None) -> GameRecordError:
        # The column of the key the problem is under: one line of JSON can be long.
        at = line.find(f'"{key}"') if key is not None else -1
        return GameRecordError(message, source=source, line=n, column=at + 1 if at >= 0 else 1)

    try:
        doc = json.loads(line, parse_int=json_whole)
    except json.JSONDecodeError as exc:
        raise GameRecordError(f"not JSON: {exc.msg}", source=source, line=n, column=exc.colno) from None
    except TooManyDigits as exc:
        raise GameRecordError(f"not JSON that can be read: {exc}", source=source, line=n, column=1) from None
    except RecursionError:
        raise GameRecordError("not a trace line: JSON nested too deeply", source=source, line=n, column=1) from None
    if not isinstance(doc, dict):
        raise err(f"a trace line is a JSON object, not {type(doc).__name__}")
    missing = [key for key in _NEEDED if key not in doc]
    if missing:
        raise err(f"a trace line needs {', '.join(repr(k) for k in _NEEDED)}; {missing[0]!r} is missing")
    rows, cols = (_whole(doc, key, err, minimum=1) for key in ("rows", "cols"))
    name = doc.get("topology", "square")
    if not isinstance(name, str):
        raise err("'topology' must be a name such as \"hex\"", "topology")
    try:
        topology = make_topology(name, rows, cols)
    except ArgumentError as exc:
        raise err(str(exc), "topology" if "topology" in doc else "rows") from None
    mines = [_cell(value, "mines", topology, err) for value in _list(doc, "mines", err)]
    if len(set(mines)) != len(mines):
        twice = next(c for i, c in enumerate(mines) if c in mines[:i])
        raise err(f"mine {tuple(twice)} is listed twice", "mines")
    moves = _list(doc, "moves", err)
    cells = []
    for move in moves:
        if not isinstance(move, Mapping) or "cell" not in move:
            raise err("each move is an object with its 'cell'", "moves")
        cells.append(_cell(move["cell"], "moves", topology, err))
    mined = set(mines)
    hit = [i for i, c in enumerate(cells) if c in mined]
    if hit and hit[0] != len(cells) - 1:
        raise err(f"move {hit[0] + 1} opens the mine {tuple(cells[hit[0]])}, but the game goes on", "moves")
    rule, start_key = _rule_and_start(doc, moves, err)
    start = doc.get(start_key)
    if start is not None and (not cells or _cell(start, start_key, topology, err) != cells[0]):
        raise err(f"{start_key!r} is not the first move's cell", start_key)
    seed = doc.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise err("'seed' must be a whole number", "seed")
    won = doc.get("won")
    if won is not None and not isinstance(won, bool):
        raise err("'won' must be true or false", "won")
    if won and hit:
        raise err("'won' is true, but a move opens a mine", "won")
    player = doc.get("player")
    if player is not None and not isinstance(player, str):
        raise err("'player' must be a string", "player")
    return RecordedGame(
        topology,
        tuple(sorted(mines)),
        tuple(Click(c) for c in cells),
        player,
        seed,
        won,
        TraceReader.name,
        source,
        n,
        rule,
    )


#: The first-click rules a trace may name (:class:`~cnfsweep.play.FirstClick`'s values; formats sits below play).
RULES = ("safe", "opening", "any")


def _rule_and_start(doc: Mapping[str, Any], moves: list[Any], err: Any) -> tuple[str | None, str]:
    """The game's first-click rule, and the key its start cell is under (``start``, or ``first_click`` in old traces)."""
    rule = doc.get("first_click")
    if isinstance(rule, str):
        if rule not in RULES:
            raise err(
                f"'first_click' is the first-click rule, one of {', '.join(RULES)}; not {json.dumps(rule)[:24]}",
                "first_click",
            )
        return rule, "start"
    if rule is not None and "start" in doc:
        raise err(
            "'first_click' is the first-click rule, one of safe, opening, any; the cell goes under 'start'",
            "first_click",
        )
    # An old trace: the start cell under first_click, and the rule only in what the first move says.
    certain = moves[0].get("certain") if moves and isinstance(moves[0], Mapping) else None
    old_rule = None if not isinstance(certain, bool) else "safe" if certain else "any"
    if rule is None or "start" in doc:
        return old_rule, "start"
    return old_rule, start_key(doc, "a trace line")  # never both keys here; warns, as every old cell key does


def _whole(doc: Mapping[str, Any], key: str, err: Any, minimum: int) -> int:
    value = doc[key]
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise err(f"{key!r} must be a whole number of at least {minimum}", key)
    return value


def _list(doc: Mapping[str, Any], key: str, err: Any) -> list[Any]:
    value = doc[key]
    if not isinstance(value, list):
        raise err(f"{key!r} must be a list", key)
    return value


def _cell(value: Any, key: str, topology: Any, err: Any) -> Cell:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise err(f"{key!r}: a cell is [row, col], not {json.dumps(value)[:24]}", key)
    cell = Cell(*value)
    if cell not in topology:
        raise err(f"{key!r}: cell {tuple(cell)} is off the {topology.rows}x{topology.cols} board", key)
    return cell
