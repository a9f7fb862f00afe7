"""Screenshots of Debian's desktop minesweepers (GNOME Mines, xdemineur, KMines) under Xvfb, for the image corpus.

These games take no seed and keep no state a script can read, so their labels come from a table of
cell pictures checked by eye: ``benchmarks/eye_labels/<skin>.png`` (the distinct cell pictures seen in
the games, side by side) with ``<skin>.txt`` (a letter for each, in order), which a person can open
and check.  A cell of a capture takes the letter of the table's picture it matches almost pixel for
pixel (:data:`SAME`, root mean square 0-255, after both are shrunk to :data:`SIDE` pixels square: the
games draw every cell of a kind alike; a grid of a whole pitch is cut on whole pixels too, see
:meth:`EyeTable.label_image`); a capture with a cell that matches none is not written, and its
unknown cells are added to ``/tmp/eye-labels/<skin>.png`` for a person to letter and move into the table
(``picture-corpus x --games GAME --adopt LETTERS``, the letters in the strip's order).  The reader under test never labels a picture.

Games are played with xdotool by clicks on cells' centres (of the grid found at the game's known size),
some flags, and the pointer left over a covered cell of the board in half the pictures (GNOME Mines and
KMines light the covered cell under it).  KMines asks "Reset the Game?" over its board when a lost game is
clicked again: the dialog is answered No (Escape) and its "You have lost." note waited out before the shot.
Scales: GNOME Mines and KMines draw their tiles to fit the window, which is sized for
each scale; xdemineur draws one size only.
"""

from __future__ import annotations

import io
import os
import random
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

EYE = Path(__file__).with_name("eye_labels")
UNKNOWN = Path("/tmp/eye-labels")
DISPLAY = os.environ.get("X_CORPUS_DISPLAY", ":48")  # another for a second run at once
#: Cells of a kind are drawn alike: a cell matches a checked picture within this (root mean square, 0-255).
SAME = 9.0
SIDE = 16
#: The letter of a picture checked by eye and found to be no cell (a "Paused" cover over the board): a
#: capture showing one is not written.
NOT_A_CELL = "~"
INSET = 0.12
#: A pitch this near a whole number of pixels is taken for one (a game drawn at one size, as xdemineur is).
WHOLE = 0.02


@dataclass(frozen=True)
class Size:
    """A board the game is started with."""

    rows: int
    cols: int
    mines: int


def shot(env: dict[str, str]) -> Any:
    """The whole screen as a Pillow RGB image."""
    from PIL import Image

    data = subprocess.run(["import", "-window", "root", "png:-"], env=env, capture_output=True, check=True).stdout
    return Image.open(io.BytesIO(data)).convert("RGB")


def xdo(env: dict[str, str], *args: str) -> None:
    """One xdotool command."""
    subprocess.run(["xdotool", *args], env=env, check=True)


def window_box(env: dict[str, str], name: str) -> tuple[int, int, int, int]:
    """The left, top, right and bottom of the newest visible window whose class is ``name``."""
    ids = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--class", name], env=env, capture_output=True, text=True
    ).stdout.split()
    if not ids:
        raise RuntimeError(f"no window of {name}")
    out = subprocess.run(
        ["xdotool", "getwindowgeometry", "--shell", ids[-1]], env=env, capture_output=True, text=True
    ).stdout
    v = dict(line.split("=") for line in out.split())
    x, y, w, h = (int(v[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
    return x, y, x + w, y + h


class EyeTable:
    """A skin's cell pictures checked by eye, and the letters they show."""

    def __init__(self, skin: str) -> None:
        self.skin = skin
        self.pictures, self.letters = self._load(EYE, skin)
        self.unknown: list[np.ndarray] = []

    @staticmethod
    def _load(root: Path, skin: str) -> tuple[np.ndarray, str]:
        from PIL import Image

        png, txt = root / f"{skin}.png", root / f"{skin}.txt"
        if not png.exists():
            return np.zeros((0, SIDE * SIDE * 3), dtype=np.float32), ""
        strip = np.asarray(Image.open(png).convert("RGB"), dtype=np.float32)
        letters = "".join(txt.read_text(encoding="utf-8").split())
        cells = strip.reshape(SIDE, -1, SIDE, 3).transpose(1, 0, 2, 3).reshape(-1, SIDE * SIDE * 3)
        if len(cells) != len(letters):
            raise RuntimeError(f"{txt}: {len(letters)} letters for {len(cells)} pictures")
        return cells, letters

    def label(self, cells: np.ndarray, unknown: list[np.ndarray] | None = None) -> list[str] | None:
        """Each cell's letter, or None when some cell matches no checked picture (kept for a person to letter, in
        ``unknown`` where given, else with the table's)."""
        kept = self.unknown if unknown is None else unknown
        out = []
        for cell in cells:
            if len(self.letters):
                d = np.sqrt(((self.pictures - cell) ** 2).mean(axis=1))
                best = int(d.argmin())
                other = [x for x, ch in zip(d, self.letters, strict=True) if ch != self.letters[best]]
                # Near one checked picture, and twice as near as any of another letter: a hovered covered
                # cell and an open empty one differ by little.
                if d[best] <= SAME and 2 * d[best] < min(other, default=np.inf):
                    out.append(self.letters[best])
                    continue
            keep_new(kept, cell)
            out.append("")
        return None if "" in out or NOT_A_CELL in out else out

    def label_image(self, image: Any, grid: Any) -> list[str] | None:
        """Each cell's letter in ``image`` on ``grid``, as :meth:`label` gives it, the cells cut on the pixels they
        are drawn on; None where no cut letters every cell, or two cuts letter them differently.

        The grid is found with each line between the edges that draw it, so xdemineur's 21 px cells (whole
        pixels, the line a dark and a light pixel) are found half a pixel off them (36.5, 101.5), and rounding
        that cuts a cell a pixel one way or the other, by the picture's noise: the table's pictures were cut
        a pixel down from some of those cells, and no longer matched.  A grid of a whole pitch is cut too at
        the whole pixels each side of its first lines (the pitch made whole); each cut that letters every cell
        must say the same.  The cells no cut letters are kept from the cut that leaves fewest unlettered.
        """
        found: list[list[str]] = []
        fewest: list[np.ndarray] | None = None
        for cut in whole_pixel_cuts(grid):
            unknown: list[np.ndarray] = []
            letters = self.label(crops(image, cut), unknown)
            if letters is not None:
                found.append(letters)
            elif fewest is None or len(unknown) < len(fewest):
                fewest = unknown
        if found and all(letters == found[0] for letters in found):
            return found[0]
        for cell in fewest or []:
            keep_new(self.unknown, cell)
        return None

    def write_unknown(self) -> None:
        """The pictures no letter was found for, as a strip in :data:`UNKNOWN` for a person to letter."""
        from PIL import Image

        if not self.unknown:
            return
        UNKNOWN.mkdir(parents=True, exist_ok=True)
        strip = np.asarray(self.unknown).reshape(-1, SIDE, SIDE, 3).transpose(1, 0, 2, 3).reshape(SIDE, -1, 3)
        Image.fromarray(strip.astype(np.uint8)).save(UNKNOWN / f"{self.skin}.png")
        print(f"{len(self.unknown)} cell pictures with no letter: {UNKNOWN / f'{self.skin}.png'}")


def keep_new(kept: list[np.ndarray], cell: np.ndarray) -> None:
    """Add ``cell`` to the pictures ``kept`` for a person to letter, unless one of them is the same picture."""
    if all(np.sqrt(((u - cell) ** 2).mean()) > SAME for u in kept):
        kept.append(cell)


def whole_pixel_cuts(grid: Any) -> list[Any]:
    """The grid as found, and where its pitch is whole (within :data:`WHOLE`) both ways, the grids of that whole
    pitch whose first lines stand on the whole pixels each side of the found ones (four)."""
    import math
    from dataclasses import replace

    from cnfsweep.formats.picture.grid import Axis

    cuts = [grid]
    if all(abs(axis.pitch - round(axis.pitch)) <= WHOLE for axis in (grid.x, grid.y)):

        def whole(axis: Any, up: int) -> Any:
            return Axis(start=float(math.floor(axis.start) + up), pitch=float(round(axis.pitch)), count=axis.count)

        cuts += [replace(grid, x=whole(grid.x, dx), y=whole(grid.y, dy)) for dx in (0, 1) for dy in (0, 1)]
    return cuts


def crops(image: Any, grid: Any) -> np.ndarray:
    """Every cell's middle (:data:`INSET` off each side, clear of the lines between cells) shrunk to :data:`SIDE` pixels square."""
    from PIL import Image

    out = []
    dx, dy = INSET * grid.x.pitch, INSET * grid.y.pitch
    for r in range(grid.rows):
        y0, y1 = grid.y.bounds(r)
        for c in range(grid.cols):
            x0, x1 = grid.x.bounds(c)
            cell = image.resize((SIDE, SIDE), Image.Resampling.BOX, box=(x0 + dx, y0 + dy, x1 - dx, y1 - dy))
            out.append(np.asarray(cell, dtype=np.float32).reshape(-1))
    return np.asarray(out)


@dataclass(frozen=True)
class XGame:
    """How to run one game: its window class, its skin's name, how to start a board at a scale."""

    skin: str
    window: str
    scales: tuple[float, ...]
    sizes: tuple[Size, ...]
    start: Callable[[dict[str, str], Size, float], subprocess.Popen[bytes]]
    #: A key pressed after the game is played, to close a dialog the game opens over its board: KMines asks
    #: "Reset the Game?" when a lost board is clicked again (its "You have lost." note is waited out).
    dismiss: str | None = None
    #: How to size the game's window so its tiles are drawn at a scale, for a game that draws its tiles to fit
    #: its window: the position played is captured again at other scales (``resized``), its labels kept.
    resize: Callable[[dict[str, str], Size, float], None] | None = None
    #: How the game's text counter shows the mines, for a game that shows flags placed over mines
    #: ("Mines: 3/10", "0/10"): each picture's ``# counter:`` is then the mines less the flags labelled.
    counter: str | None = None


def start_xdemineur(env: dict[str, str], size: Size, scale: float) -> subprocess.Popen[bytes]:
    """xdemineur at ``size`` (one scale only: its bitmaps have one size)."""
    geometry = f"{size.cols}x{size.rows}+40+40"
    return subprocess.Popen(
        ["/usr/games/xdemineur", "-geometry", geometry, "-m", str(size.mines)], env=env, start_new_session=True
    )


#: GNOME Mines' first screen: where its buttons for 8x8, 16x16 and 30x16 stand (window at 0,0, 100%).
GNOME_BUTTONS = {(8, 8): (202, 152), (16, 16): (407, 152), (16, 30): (202, 356)}
#: GNOME Mines' window size for each board and scale: its tiles fill the window.
GNOME_WINDOW = {(8, 8): (330, 300), (16, 16): (560, 420), (16, 30): (880, 420)}


def start_gnome(env: dict[str, str], size: Size, scale: float) -> subprocess.Popen[bytes]:
    """GNOME Mines at ``size``, its window sized so its tiles are drawn at ``scale``."""
    proc = subprocess.Popen(["/usr/games/gnome-mines"], env=env, start_new_session=True)
    time.sleep(3.0)
    x, y = GNOME_BUTTONS[(size.rows, size.cols)]
    xdo(env, "mousemove", str(x), str(y), "click", "1")
    time.sleep(1.0)
    w, h = GNOME_WINDOW[(size.rows, size.cols)]
    ids = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--class", "gnome-mines"], env=env, capture_output=True, text=True
    ).stdout.split()
    xdo(env, "windowsize", ids[-1], str(round(w * scale)), str(round(h * scale)))
    time.sleep(2.0)
    return proc


def start_kmines(env: dict[str, str], size: Size, scale: float) -> subprocess.Popen[bytes]:
    """KMines (its first level, 9x9, only), its window sized so its tiles are drawn at ``scale``."""
    # KMines quits without a session bus: dbus-run-session gives it one of its own.
    proc = subprocess.Popen(
        ["dbus-run-session", "--", "/usr/games/kmines"], env={**env, "QT_QPA_PLATFORM": "xcb"}, start_new_session=True
    )
    time.sleep(5.0)
    resize_kmines(env, size, scale)
    return proc


def resize_kmines(env: dict[str, str], size: Size, scale: float) -> None:
    """KMines' window sized so its tiles are drawn at ``scale`` (it draws them to fit the window)."""
    ids = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--class", "kmines"], env=env, capture_output=True, text=True
    ).stdout.split()
    xdo(env, "windowsize", ids[-1], str(round(30 * size.cols * scale + 300)), str(round(30 * size.rows * scale + 140)))
    time.sleep(1.5)


GAMES = {
    "xdemineur": XGame(
        "xdemineur", "mineur", (1.0,), (Size(8, 12, 10), Size(16, 16, 40), Size(16, 30, 99)), start_xdemineur
    ),
    "gnome-mines": XGame(
        "gnome-mines",
        "gnome-mines",
        (1.0, 1.25, 1.5, 2.0),
        (Size(8, 8, 10), Size(16, 16, 40), Size(16, 30, 99)),
        start_gnome,
        counter='the "F/M" under the flag beside the board (the flags placed over the mines)',
    ),
    "kmines": XGame(
        "kmines",
        "kmines",
        (1.0, 1.5, 2.0),
        (Size(9, 9, 10),),
        start_kmines,
        dismiss="Escape",
        resize=resize_kmines,
        counter='the status bar\'s "Mines: F/M" (the flags placed over the mines)',
    ),
}


def play(
    game: XGame,
    env: dict[str, str],
    size: Size,
    rng: random.Random,
    box: tuple[int, int, int, int],
    flags_first: bool = False,
    placed: int | None = None,
    table: EyeTable | None = None,
) -> Any:
    """Clicks and flags on random cells of the board in the window; returns the grid found, or None.

    ``flags_first``: up to nine flags right after the first click (the game lays its mines then, and KMines
    clears a flag placed before it), before the other clicks, so that a game lost at its next clicks still
    shows them, and its counter the digits a few flags make (for learning a text counter's digits).
    ``placed``: the first click, then that many flags on cells ``table`` letters covered after it, and no other
    click (fewer flags where fewer cells are covered; on random cells where it letters not every cell, and a
    cell the first click opened takes no flag: the labels say how many the game shows).
    """
    from cnfsweep.formats.picture.grid import find_grid
    from cnfsweep.formats.picture.read import gray_of

    image = shot(env).crop(box)
    grid = find_grid(gray_of(image))
    if grid is None or (grid.rows, grid.cols) != (size.rows, size.cols):
        return None
    cells = [(r, c) for r in range(size.rows) for c in range(size.cols)]
    rng.shuffle(cells)
    clicks, flags = rng.randrange(1, 10), rng.randrange(0, 10 if flags_first else 6)

    def press(cell: tuple[int, int], button: str) -> None:
        x = box[0] + sum(grid.x.bounds(cell[1])) // 2
        y = box[1] + sum(grid.y.bounds(cell[0])) // 2
        xdo(env, "mousemove", str(x), str(y), "click", button)
        time.sleep(0.2)

    if placed is not None and table is not None:
        # The flags on cells still covered once the first click has opened its area: the count asked for shows.
        press(cells[0], "1")
        covered = [divmod(i, size.cols) for i in covered_cells(env, table, grid, box)]
        chosen = rng.sample(covered, min(placed, len(covered))) if covered else cells[clicks : clicks + placed]
        for cell in chosen:
            press(cell, "3")
        return grid  # no other click: a lost game's mines are cells the table often has no picture of
    # Flags first: the first click, the flags, then the other clicks.
    order = cells[:1] + cells[clicks : clicks + flags] + cells[1:clicks] if flags_first else cells[: clicks + flags]
    for i, cell in enumerate(order):
        flag = 1 <= i <= flags if flags_first else i >= clicks
        press(cell, "3" if flag else "1")
    return grid


def covered_cell(
    env: dict[str, str], table: EyeTable, grid: Any, box: tuple[int, int, int, int], size: Size, rng: random.Random
) -> int:
    """A random covered cell of the board (its index, row-major), or any cell when none is covered.

    The pointer is left over a covered cell because that is the one the games light (an open one stays
    as it is), nearly as light as an open empty cell: the look a reader must learn to tell apart.
    """
    covered = covered_cells(env, table, grid, box)
    return rng.choice(covered) if covered else rng.randrange(size.rows * size.cols)


def off_board(box: tuple[int, int, int, int]) -> tuple[str, str]:
    """A place for the pointer off the board but in the window (``box``, the window and 20 px round it), near its
    top left corner: with no window manager the window under the pointer has the focus, and GNOME Mines pauses
    its game, covering the board, while its window has none."""
    return str(box[0] + 24), str(box[1] + 24)


def covered_cells(env: dict[str, str], table: EyeTable, grid: Any, box: tuple[int, int, int, int]) -> list[int]:
    """The cells (indices, row-major) the table letters covered, the pointer moved off the board.

    Where the table letters not every cell, those the reader reads as covered, on the same grid: only to
    choose where to click, never as labels (a cell wrongly taken for covered gets no flag, and the labels,
    the table's, say so).
    """
    from cnfsweep.core.errors import BoardFormatError
    from cnfsweep.formats.picture.read import Seen, read_picture

    xdo(env, "mousemove", *off_board(box))  # off the board first: the last click lit the cell it left the pointer on
    time.sleep(0.5)
    image = shot(env).crop(box)
    letters = table.label_image(image, grid)
    if letters is not None:
        return [i for i, ch in enumerate(letters) if ch == "."]
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    try:
        reading = read_picture(buffer.getvalue())
    except BoardFormatError:
        return []
    if (reading.grid.rows, reading.grid.cols) != (grid.rows, grid.cols):
        return []
    return [i for i, seen in enumerate(s for row in reading.cells for s in row) if seen is Seen.COVERED]


def _hover(
    env: dict[str, str], table: EyeTable, grid: Any, box: tuple[int, int, int, int], size: Size, rng: random.Random
) -> bool:
    """The pointer left over a random covered cell of the board in half the shots, else off it; whether over it."""
    hover = rng.random() < 0.5
    if hover:
        r, c = divmod(covered_cell(env, table, grid, box, size, rng), size.cols)
        x, y = box[0] + sum(grid.x.bounds(c)) // 2, box[1] + sum(grid.y.bounds(r)) // 2
    else:
        x, y = (int(v) for v in off_board(box))
    xdo(env, "mousemove", str(x), str(y))
    time.sleep(1.0)
    return hover


def counter_notes(shown: str, mines: int, rows: list[str]) -> list[str]:
    """The ``counter:`` label of a game whose text counter shows flags over mines: the mines less the flags labelled.

    The game's own count, never read off the picture: the mines the game was started with, less the flags
    (right or wrong) in the labels.  ``shown`` says where and how the game shows it.
    """
    flags = sum(row.count("F") + row.count("W") for row in rows)
    return [
        f"counter: {mines - flags}",
        f"counter note: the mines less the flags labelled ({mines} - {flags}); the game shows {shown}",
    ]


def _write(out: Path, name: str, stem: str, image: Any, notes: list[str], rows: list[str]) -> None:
    """One picture and its label file."""
    from benchmarks.picture_corpus import write_labels

    (out / name).mkdir(parents=True, exist_ok=True)
    image.save(out / name / f"{stem}.png", optimize=True)
    write_labels(out / name / f"{stem}.txt", notes, "square", rows)


def x_corpus(
    out: Path,
    names: list[str],
    per: int,
    seed: int,
    scales: tuple[float, ...] | None = None,
    resized: tuple[float, ...] = (),
    flags_first: bool = False,
    flags: tuple[int, ...] = (),
) -> int:
    """Play ``per`` games of each named game at each of its scales; write each screen whose cells all have a letter.

    ``flags``, where given, are the flags tried in each game in turn (placed as ``flags_first`` places them),
    so that a text counter shows the digits wanted.

    ``scales``, where given, are played instead of the game's own.  ``resized``: each position written is
    captured again with the window resized to each of these scales (a game that draws its tiles to fit its
    window only) and written with the same labels, since the position is the same: KMines' cells at 1x vary
    too much from capture to capture for the table to letter them, while at 2x it letters nearly all.  A
    resized capture that the table does letter must agree with them, or the position is not written at all.
    """
    from cnfsweep.formats.picture.grid import find_grid
    from cnfsweep.formats.picture.read import gray_of

    rng = random.Random(seed)
    xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1800x1000x24", "-nolisten", "tcp"])
    home = Path(f"/tmp/x-corpus-home{DISPLAY.replace(':', '-')}")  # one a display: runs at once keep apart
    env = {**os.environ, "DISPLAY": DISPLAY, "HOME": str(home), "NO_AT_BRIDGE": "1", "GSETTINGS_BACKEND": "memory"}
    made = skipped = played = 0

    def capture(game: XGame, size: Size) -> tuple[Any, Any, tuple[int, int, int, int]] | None:
        """The window's shot, its grid and the box shot, or None where the grid is not found at the known size."""
        box = window_box(env, game.window)
        margin = (box[0] - 20, box[1] - 20, box[2] + 20, box[3] + 20)
        image = shot(env).crop(margin)
        # Found again: a window that was still settling when the game began has moved its cells.
        grid = find_grid(gray_of(image))
        if grid is None or (grid.rows, grid.cols) != (size.rows, size.cols):
            return None
        return image, grid, margin

    try:
        time.sleep(3.0)
        for name in names:
            game = GAMES[name]
            table = EyeTable(game.skin)
            for scale in scales or game.scales:
                for i in range(per):
                    size = game.sizes[(i + int(scale * 4)) % len(game.sizes)]
                    proc = game.start(env, size, scale)
                    try:
                        time.sleep(1.5)
                        box = window_box(env, game.window)
                        margin = (box[0] - 20, box[1] - 20, box[2] + 20, box[3] + 20)
                        placed = flags[played % len(flags)] if flags else None
                        played += 1
                        grid = play(game, env, size, rng, margin, flags_first or bool(flags), placed, table)
                        if grid is None:
                            skipped += 1
                            continue
                        if game.dismiss is not None:
                            xdo(env, "key", game.dismiss)  # answers the dialog's "No": the lost board stays
                            time.sleep(5.0)  # KMines' note stays over the board for some seconds
                        hover = _hover(env, table, grid, margin, size, rng)
                        got = capture(game, size)
                        if got is not None and os.environ.get("X_CORPUS_RAW"):
                            got[0].save(Path(os.environ["X_CORPUS_RAW"]) / f"{name}-{scale:g}x-{i}.png")
                        letters = None if got is None else table.label_image(got[0], got[1])
                        if got is None or letters is None:
                            skipped += 1
                            continue
                        rows = ["".join(letters[r * size.cols : (r + 1) * size.cols]) for r in range(size.rows)]
                        made_by = (
                            f"made: python -m benchmarks picture-corpus x {name}: {size.rows}x{size.cols}/{size.mines} "
                            + (
                                f"played by a click, then {placed} flags on covered cells"
                                if placed is not None
                                else "played by a click, random flags, then clicks"
                                if flags_first
                                else "played by random clicks"
                            )
                        )
                        table_note = (
                            f"labels: the cell pictures checked by eye in benchmarks/eye_labels/{game.skin}.png"
                        )
                        shots = [(f"{name}-{scale:g}x-{i}", scale, got[0], hover)]
                        agree = True
                        for other in resized if game.resize is not None else ():
                            assert game.resize is not None
                            game.resize(env, size, other)
                            again = capture(game, size)
                            if again is None:
                                agree = False
                                break
                            hovered = _hover(env, table, again[1], again[2], size, rng)
                            again = capture(game, size)
                            if again is None:
                                agree = False
                                break
                            seen = table.label_image(again[0], again[1])
                            if seen is not None and seen != letters:
                                agree = False  # the table letters the resized shot otherwise: trust neither
                                break
                            shots.append((f"{name}-{scale:g}x-{i}-at-{other:g}x", other, again[0], hovered))
                        if not agree:
                            skipped += 1
                            continue
                        for stem, at, image, over in shots:
                            pointer = ", the pointer left over the board" if over else ""
                            how = (
                                table_note
                                if at == scale
                                else f"labels: those of the same position shot at {scale:g}x (the window resized), "
                                + table_note.split(": ", 1)[1]
                            )
                            notes = [f"skin: {game.skin}", f"scale: {at:g}", f"{made_by}{pointer}; {how}"]
                            if game.counter is not None:
                                notes += counter_notes(game.counter, size.mines, rows)
                            _write(out, name, stem, image, notes, rows)
                            made += 1
                    finally:
                        os.killpg(proc.pid, signal.SIGTERM)  # the game and what it started (KMines' bus)
                        proc.wait(timeout=10)
                        time.sleep(0.5)
            table.write_unknown()
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
    print(f"{skipped} games skipped (grid not found at the known size, or a cell with no letter)")
    return made


def adopt(skin: str, letters: str) -> int:
    """Add the unknown cell pictures of ``skin`` (:data:`UNKNOWN`), lettered by a person in order, to its table."""
    from PIL import Image

    strip = np.asarray(Image.open(UNKNOWN / f"{skin}.png").convert("RGB"), dtype=np.float32)
    new = strip.reshape(SIDE, -1, SIDE, 3).transpose(1, 0, 2, 3).reshape(-1, SIDE * SIDE * 3)
    if len(new) != len(letters):
        raise SystemExit(f"adopt: {len(letters)} letters for {len(new)} pictures in {UNKNOWN / f'{skin}.png'}")
    old, old_letters = EyeTable._load(EYE, skin)
    every = np.concatenate([old, new]) if len(old_letters) else new
    EYE.mkdir(parents=True, exist_ok=True)
    out = every.reshape(-1, SIDE, SIDE, 3).transpose(1, 0, 2, 3).reshape(SIDE, -1, 3)
    Image.fromarray(out.astype(np.uint8)).save(EYE / f"{skin}.png", optimize=True)
    (EYE / f"{skin}.txt").write_text(old_letters + letters + "\n", encoding="utf-8")
    (UNKNOWN / f"{skin}.png").unlink()
    return len(every)
