"""Games played at random, as game records: the small replays the review's tests judge against the oracle.

A random player opens cells (mostly safe ones, so that games last), flags cells (some
wrongly), takes flags off and chords on numbers, on the one game; what it did is a
:class:`~cnfsweep.formats.game_records.RecordedGame`, as a replay file would give it.
:func:`save_evf` plays the same clicks on ms-toollib's own game and writes them as a
Metasweeper ``.evf`` file, so the same games go through the replay readers too.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from cnfsweep.core.board import Cell
from cnfsweep.core.topology import make_topology
from cnfsweep.formats.game_records import Click, ClickKind, RecordedGame
from cnfsweep.play import Game, GameState

_COVERED, _FLAG, _ZERO = ord("."), ord("*"), ord("0")


def random_game(
    seed: int,
    rows: int,
    cols: int,
    mines: int,
    *,
    safe_first: bool = True,
    reckless: float = 0.25,
    moves: int = 60,
    topology: str = "square",
    honest: float = 0.0,
) -> RecordedGame:
    """Play a game at random on a ``topology`` grid.

    ``reckless`` is the share of opening clicks that may land anywhere, ``honest`` the share of
    flags put on a mine (the rest, and all of them by default, go on any covered cell) and of
    chords made on a number with as many flags around it (by default any number is chorded).
    """
    rng = random.Random(seed)
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    layout = set(rng.sample(cells, mines))
    game = Game.from_layout(rows, cols, layout, topology)
    view = game.view
    clicks: list[Click] = []

    def covered() -> list[Cell]:
        return [c for c in cells if view[c.row * cols + c.col] == _COVERED]

    first = rng.choice([c for c in cells if c not in layout] if safe_first else cells)
    game.click(first)
    clicks.append(Click(first, 0.0, ClickKind.OPEN))
    while game.state is GameState.PLAYING and len(clicks) < moves:
        roll = rng.random()
        hidden = covered()
        flagged = [c for c in cells if view[c.row * cols + c.col] == _FLAG]
        numbers = [c for c in cells if _ZERO <= view[c.row * cols + c.col] <= _ZERO + 8]
        if roll < 0.15 and hidden:
            mined = [c for c in hidden if c in layout]
            cell, kind = rng.choice(mined if honest and mined and rng.random() < honest else hidden), ClickKind.FLAG
            game.flag(cell)
        elif roll < 0.2 and flagged:
            cell, kind = rng.choice(flagged), ClickKind.UNFLAG
            game.unflag(cell)
        elif roll < 0.4 and numbers:
            # An honest player chords mostly where the flags around a number match it.
            ready = [c for c in numbers if game.chord_cells(c)] if honest else []
            cell, kind = rng.choice(ready if ready and rng.random() < honest else numbers), ClickKind.CHORD
            game.chord(cell)
        elif hidden:
            safe = [c for c in hidden if c not in layout]
            pool = hidden if rng.random() < reckless or not safe else safe
            cell, kind = rng.choice(pool), ClickKind.OPEN
            game.click(cell)
        else:
            break
        clicks.append(Click(cell, float(len(clicks)), kind))
    return RecordedGame(
        make_topology(topology, rows, cols),
        tuple(sorted(layout)),
        tuple(clicks),
        won=game.state is GameState.WON,
        reader="random",
        rule="safe" if safe_first else "any",
    )


def save_evf(game: RecordedGame, folder: Path, name: str) -> Path:
    """Play ``game``'s clicks on ms-toollib's own game (mouse events) and save them as ``folder/name.evf``."""
    import ms_toollib

    mined = set(game.mines)
    board = [[-1 if Cell(r, c) in mined else 0 for c in range(game.cols)] for r in range(game.rows)]
    for r in range(game.rows):
        for c in range(game.cols):
            if board[r][c] == 0:
                board[r][c] = sum(Cell(r + dr, c + dc) in mined for dr in (-1, 0, 1) for dc in (-1, 0, 1))
    size = 16
    video = ms_toollib.BaseVideo(board, size)
    for click in game.clicks:
        at = (click.cell.row * size + size // 2, click.cell.col * size + size // 2)
        if click.kind is ClickKind.OPEN:
            steps = ["lc", "lr"]
        elif click.kind is ClickKind.CHORD:
            steps = ["lc", "rc", "lr", "rr"]
        else:
            steps = ["rc", "rr"]
        for step in steps:
            video.step(step, at)
    video.generate_evf_v4_raw_data()
    path = Path(video.save_to_evf_file(str(folder / name)))
    # ms-toollib writes the file from a thread of its own: wait until it is there, whole.
    size, waited = -1, 0.0
    while waited < 10:
        now = path.stat().st_size if path.exists() else -1
        if now > 0 and now == size:
            return path
        size = now
        time.sleep(0.05)
        waited += 0.05
    raise AssertionError(f"ms-toollib did not write {path}")
