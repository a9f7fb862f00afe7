"""Read one replay file with ms-toollib, in a process of its own, and print what it holds as one JSON document.

Run as a script, never imported: ``python -I mstoollib_child.py KIND < file``, where
KIND is ``avf``, ``rmv``, ``evf`` or ``mvf``.  ms-toollib 1.5 aborts the whole
process (SIGABRT, no exception) on a truncated, empty or corrupt file, so
:mod:`cnfsweep.formats.game_records.videos` runs this script in a child process
and reads its standard output; an abort costs the child, not the caller.  It
imports nothing of cnfsweep (starting it stays cheap: Python and ms-toollib only).

The document: ``rows``, ``cols``, ``mines`` (``[r, c]`` pairs), ``clicks``
(``[seconds, kind, r, c]``, kind one of ``open``, ``chord``, ``flag``,
``unflag``, in order), ``shown`` (the final board as ms-toollib left it, one
string per row: ``0``-``8`` opened, ``.`` not), ``won``, ``player``,
``software``, ``mode`` and ``counters`` (ms-toollib's speed counters, at the
end of the game; ``null`` where it has no number).  A Python error is
``{"error": message}`` with exit status 1.
"""

import json
import math
import sys
from typing import Any

# ms-toollib's "useful level" of a mouse event: what the game did with it.
_FLAG_TOGGLE, _OPENED, _CHORDED, _LOST = 1, 2, 3, 4
# Its cell codes: 0-8 opened numbers, 10 covered, 11 flagged, 12 question mark.
_COVERED, _FLAGGED = 10, 11
#: The speed counters kept, under ms-toollib's names.
COUNTERS = (
    "rtime",
    "bbbv",
    "bbbv_solved",
    "bbbv_s",
    "cl",
    "cl_s",
    "left",
    "right",
    "double",
    "ce",
    "ce_s",
    "ioe",
    "corr",
    "thrp",
    "path",
    "zini",
    "hzini",
    "op",
    "isl",
    "stnb",
    "flag",
    "qg",
    "rqp",
)


def _number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value if math.isfinite(value) else None


def _read(kind, data):
    import ms_toollib

    # The four video classes share no base class in ms_toollib's stubs; each has what is read below.
    video: Any = {
        "avf": ms_toollib.AvfVideo,
        "rmv": ms_toollib.RmvVideo,
        "evf": ms_toollib.EvfVideo,
        "mvf": ms_toollib.MvfVideo,
    }[kind](raw_data=list(data))
    video.parse()
    rows, cols = video.row, video.column
    if rows < 1 or cols < 1:
        return {"error": "no board in it (ms-toollib reads no game from this file)"}
    video.analyse()
    board = video.board
    mines = [[r, c] for r in range(rows) for c in range(cols) if board[r][c] == -1]
    pix = video.pix_size or 16
    clicks, last = [], None
    for event in video.events:
        level = event.useful_level
        if level < _FLAG_TOGGLE:
            continue
        mouse = event.event.unwrap_mouse()
        r, c = mouse.y // pix, mouse.x // pix
        if not (0 <= r < rows and 0 <= c < cols):
            return {"error": f"a click at pixel ({mouse.x}, {mouse.y}) falls off the {rows}x{cols} board"}
        if level == _FLAG_TOGGLE:
            before = event.prior_game_board.game_board[r][c]
            kind_ = "flag" if before == _COVERED else "unflag" if before == _FLAGGED else None
            if kind_ is None:
                continue
        elif level == _OPENED:
            kind_ = "open"
        elif level == _CHORDED:
            kind_ = "chord"
        else:  # a mine opened: by a click on a covered cell, or by a chord on a number
            kind_ = "open" if event.prior_game_board.game_board[r][c] >= _COVERED else "chord"
        clicks.append([event.time, kind_, r, c])
        last = event
    shown = None
    if last is not None:
        final = last.next_game_board.game_board
        shown = ["".join(str(v) if 0 <= v <= 8 else "." for v in row) for row in final]
    video.current_time = 1e9  # the counters as they stand at the end of the game
    counters = {name: _number(getattr(video, name, None)) for name in COUNTERS}
    return {
        "rows": rows,
        "cols": cols,
        "mines": mines,
        "mine_count": video.mine_num,
        "clicks": clicks,
        "shown": shown,
        "won": bool(video.is_completed),
        "player": video.player_identifier or None,
        "software": video.software or None,
        "mode": video.mode,
        "counters": counters,
    }


def main():
    kind = sys.argv[1]
    try:
        document = _read(kind, sys.stdin.buffer.read())
    except Exception as exc:  # ms-toollib's own errors, whatever their type
        document = {"error": f"{type(exc).__name__}: {exc}"}
    sys.stdout.write(json.dumps(document))
    return 1 if "error" in document else 0


if __name__ == "__main__":
    sys.exit(main())
