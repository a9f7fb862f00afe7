"""Ask David Hill's solver for its next move on a position of ours, through the harness's ``--positions`` mode.

A position is a layout (size, mines, first click) and the cells opened after the
first click, in the order they were clicked.  :class:`HillPositions` keeps one
harness running (Java starts slowly) and sends it one JSON line a position; the
harness replays the clicks on his game model, asks a fresh solver of his for its
next clearing move, and answers with that move and every cell then revealed, so
the caller can check the replay reached its own position.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError

from benchmarks.hill_paired import Harness


@dataclass(frozen=True)
class HillMove:
    """His solver's answer on one position.

    Attributes
    ----------
    state : str
        ``playing``, or ``won``/``lost`` when the replayed clicks ended the game (then no move).
    cell : Cell or None
        The cell his solver clears next.
    certain : bool
        Whether his solver calls that cell certainly safe.
    safety : Fraction or None
        His solver's probability that the cell is safe, as it printed it (a decimal).
    method : str
        How his solver chose it (his ``MoveMethod``).
    opened : frozenset of Cell
        Every cell revealed on his game model after the replay.
    """

    state: str
    cell: Cell | None
    certain: bool
    safety: Fraction | None
    method: str
    opened: frozenset[Cell]


def request(ident: int, rows: int, cols: int, start: Cell, mines: Iterable[Cell], clicks: Iterable[Cell]) -> str:
    """Return one ``--positions`` request line.

    Examples
    --------
    >>> request(3, 1, 4, Cell(0, 0), [Cell(0, 2)], [])
    '{"id": 3, "rows": 1, "cols": 4, "start": [0, 0], "mines": [[0, 2]], "clicks": []}\\n'
    """
    doc = {
        "id": ident,
        "rows": rows,
        "cols": cols,
        "start": list(start),
        "mines": [list(c) for c in sorted(mines)],
        "clicks": [list(c) for c in clicks],
    }
    return json.dumps(doc) + "\n"


class HillPositions(Harness):
    """One running harness in ``--positions`` mode: a position in, his next move out."""

    def __init__(self, command: Sequence[str]) -> None:
        super().__init__([*command, "--positions"])
        self._asked = 0

    def move(self, rows: int, cols: int, start: Cell, mines: Iterable[Cell], clicks: Iterable[Cell]) -> HillMove:
        """Return his solver's next move after ``start`` and then ``clicks`` on the layout ``mines``.

        Raises
        ------
        CnfsweepError
            If the harness stopped, or could not read the position (the message says why).
        """
        stdin, stdout = self._proc.stdin, self._proc.stdout
        assert stdin is not None and stdout is not None
        self._asked += 1
        ident = self._asked
        try:
            stdin.write(request(ident, rows, cols, start, mines, clicks))
            stdin.flush()
        except BrokenPipeError:
            pass  # the harness stopped: reading says why
        text = stdout.readline()
        if not text:
            raise self._exited()
        out = json.loads(text)
        if out.get("id") != ident:
            raise CnfsweepError(f"Hill's harness answered request {out.get('id')} for request {ident}")
        if "error" in out:
            raise CnfsweepError(f"Hill's harness: {out['error']}")
        cell = Cell(out["row"], out["col"]) if "row" in out else None
        safety = Fraction(out["safety"]) if "safety" in out else None
        return HillMove(
            out["state"],
            cell,
            bool(out.get("certain", False)),
            safety,
            str(out.get("method", "")),
            frozenset(Cell(r, c) for r, c in out["open"]),
        )
