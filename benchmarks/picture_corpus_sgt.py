"""Screenshots of Tatham's Mines (Debian's ``sgt-mines``) under Xvfb, played with xdotool, for the image corpus.

Each game is started from a game ID that spells its mine layout out (``WxHnN:X,Y,u<hex bitmap>``, the
unmasked form Mines accepts for IDs typed by hand, with the first click at ``X,Y``), so the labels
are the same clicks replayed by cnfsweep's :class:`~cnfsweep.play.Game` on that layout: never read
off the picture.  The clicks are sent to the cells' centres, which the grid the reader finds in the
first screenshot gives; a game whose grid is not found at its known size is skipped (and counted).
Scales are Mines' tile sizes (``MINES_TILESIZE``): 20 px (its own), 25, 30 and 40.
"""

from __future__ import annotations

import os
import random
import subprocess
import time
from pathlib import Path

from cnfsweep.play.game import Game

TILES = {1.0: 20, 1.25: 25, 1.5: 30, 2.0: 40}
SIZES = ((9, 9, 10), (16, 16, 40), (16, 30, 99), (8, 12, 20))
DISPLAY = os.environ.get("SGT_CORPUS_DISPLAY", ":47")  # another for a second run at once


def hex_layout(rows: int, cols: int, mines: set[tuple[int, int]]) -> str:
    """Mines' bitmap of a layout: row-major bits, most significant first, written as hex digits."""
    bits = [1 if (i // cols, i % cols) in mines else 0 for i in range(rows * cols)]
    bits += [0] * (-len(bits) % 4)
    return "".join(f"{int(''.join(map(str, bits[i : i + 4])), 2):x}" for i in range(0, len(bits), 4))


def shot(env: dict[str, str]) -> bytes:
    """The whole screen as PNG bytes."""
    return subprocess.run(["import", "-window", "root", "png:-"], env=env, capture_output=True, check=True).stdout


def sgt_corpus(
    out: Path, per: int, seed: int, mines_given: tuple[int, ...] = (), flags_given: tuple[int, ...] = ()
) -> int:
    """Play ``per`` games at each scale; write each final screen and its labels.

    ``mines_given`` and ``flags_given``, where given, are each game's mines and flags in turn (instead of
    the size's own mines and a random few clicks and flags; with flags given, the first click is the only
    one), so that the status bar's "Marked: F / M" shows the digits wanted: pictures for learning and
    testing a text counter's digits.
    """
    import io

    import numpy as np
    from benchmarks.picture_corpus import save_png, write_labels
    from PIL import Image

    from cnfsweep.core.board import Cell
    from cnfsweep.formats.picture.grid import find_grid
    from cnfsweep.play import Game

    rng = random.Random(seed)
    xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1400x1000x24", "-nolisten", "tcp"])
    env = {**os.environ, "DISPLAY": DISPLAY}
    made = skipped = played = 0
    try:
        time.sleep(3.0)  # Xvfb takes a moment to take connections on a busy machine
        for scale, tile in TILES.items():
            for i in range(per):
                rows, cols, n = SIZES[(i + int(scale * 4)) % len(SIZES)]
                if mines_given:
                    n = min(mines_given[played % len(mines_given)], rows * cols - 9)
                wanted = flags_given[played % len(flags_given)] if flags_given else None
                played += 1
                first = (rng.randrange(rows), rng.randrange(cols))
                around = {(first[0] + dr, first[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
                free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in around]
                mines = set(rng.sample(free, n))
                game_id = f"{cols}x{rows}n{n}:{first[1]},{first[0]},u{hex_layout(rows, cols, mines)}"
                proc = subprocess.Popen(["/usr/games/sgt-mines", game_id], env={**env, "MINES_TILESIZE": str(tile)})
                try:
                    time.sleep(1.5)
                    game = Game.from_layout(rows, cols, [Cell(*m) for m in mines])
                    game.click(Cell(*first))
                    rgb = np.asarray(Image.open(io.BytesIO(shot(env))).convert("RGB"), dtype=np.float32)
                    grid = find_grid(rgb.mean(axis=2))
                    if grid is None or (grid.rows, grid.cols) != (rows, cols):
                        skipped += 1
                        continue
                    flags: set[tuple[int, int]] = set()
                    # Clicks first, flags last: a flag stops Mines' flood of zeros, which the replay by
                    # cnfsweep's Game (that knows no flags) would open.
                    moves = sorted(rng.random() < 0.3 for _ in range(rng.randrange(0, 8)))
                    if wanted is not None:
                        moves = [True] * wanted  # no clicks past the first: a game lost shows no count
                    for flag in moves:
                        if game.state.name != "PLAYING":
                            break
                        grid_now = game.board().grid
                        covered = [
                            (r, c)
                            for r in range(rows)
                            for c in range(cols)
                            if grid_now[r][c] == "." and (r, c) not in flags
                        ]
                        r, c = rng.choice(covered)
                        x, y = (sum(grid.x.bounds(c)) // 2, sum(grid.y.bounds(r)) // 2)
                        button = "3" if flag else "1"
                        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", button], env=env, check=True)
                        if flag:
                            flags.add((r, c))
                        else:
                            game.click(Cell(r, c))
                        time.sleep(0.15)
                    subprocess.run(["xdotool", "mousemove", "1390", "990"], env=env, check=True)
                    time.sleep(0.8)  # Mines flashes on a win or a loss
                    data = shot(env)
                    labels = sgt_labels(game, rows, cols, flags)
                    name = f"mines-{scale:g}x-{i}"
                    save_png(data, out / "sgt-mines" / f"{name}.png")
                    notes = [
                        "skin: sgt-mines",
                        f"scale: {scale:g}",
                        f"made: python -m benchmarks picture-corpus sgt: game ID {game_id}, MINES_TILESIZE={tile}; labels: the clicks replayed by cnfsweep's Game on that layout",
                    ]
                    if game.state.name == "PLAYING":
                        # Mines' status bar says "Marked: F / M" while the game is played ("DEAD!" or
                        # "COMPLETED!" after): the counter label is the mines less the flags placed.
                        notes += [
                            f"counter: {n - len(flags)}",
                            f"counter note: the mines less the flags placed ({n} - {len(flags)}); "
                            'the game shows its status bar\'s "Marked: F / M" (the flags placed over the mines)',
                        ]
                    else:
                        notes += [
                            "counter: none",
                            f"counter note: the game is {game.state.value}: its status bar shows no count",
                        ]
                    write_labels(out / "sgt-mines" / f"{name}.txt", notes, "square", labels)
                    made += 1
                finally:
                    proc.terminate()
                    proc.wait()
    finally:
        xvfb.terminate()
        xvfb.wait()
    if skipped:
        print(f"{skipped} games skipped: the grid was not found at the size the game was given")
    return made


def sgt_labels(game: Game, rows: int, cols: int, flags: set[tuple[int, int]]) -> list[str]:
    """What Mines draws: numbers, flags, and on a loss the mine that went off (Mines shows no other)."""
    grid = game.board().grid
    boom = game.exploded
    out = []
    for r in range(rows):
        row = ""
        for c in range(cols):
            ch = grid[r][c]
            if ch.isdigit():
                row += ch
            elif boom is not None and (r, c) == (boom.row, boom.col):
                row += "X"
            elif (r, c) in flags:
                row += "F"
            else:
                row += "."
        out.append(row)
    return out
