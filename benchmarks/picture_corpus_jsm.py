"""Screenshots of JSMinesweeper (David Hill's web game, MIT licence) played in Chromium, for the image corpus.

The game is a checkout of ``DavidNHill/JSMinesweeper`` (``--jsm DIR``), served on 127.0.0.1 as static
files and opened in Debian's Chromium through Playwright at a device scale factor (the screen's
scale) and one of the game's tile sizes.  Its hints, overlay and auto play are turned off (their
colours are the solver's, not the board's).  Games are played by mouse clicks on the board's canvas:
a first click, then clicks on cells the game has not placed a mine under until the game is won, or a
few of those and one on a mine (lost), or a few only (mid-game), with flags right and wrong.  The boards are the
game's three sizes, or those given (``--sizes 9x9x60``: the page takes any mines up to one fewer than its cells,
and boards three quarters mines show 7s and 8s, which its usual sizes seldom do).  With the
pointer left over a covered cell, the page shows the cell's name in a box over the board (the
picture's "cursor"); without, the pointer is moved off the board first.

Labels come from the game's own objects, never from the picture: each tile of ``board.tiles`` (the
page's board: covered, flagged, value, mine shown, exploded) gives its letter as the page's own
``renderTiles`` chooses its picture, and the mines a click may avoid are those of the game the page
plays against (``getGame(board.id).tiles``).  The counter a picture shows is ``board.bombs_left``.
A ``# hidden: R,C ...`` line names the cells (rows and columns from 0) the page's box beside the pointer
lies over: their labels are the game's still, but ``picture-train`` learns no picture of them.
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

#: The game's sizes: columns, rows and mines, as its ``board`` query parameter takes them.
SIZES = ((9, 9, 10), (16, 16, 40), (30, 16, 99))
#: The game's tile sizes (its "Tile size" menu, in CSS pixels) a picture is drawn with.
TILES = (20, 24, 32)
#: How a game ends before its screenshot.
ENDS = ("mid-game", "won", "lost")

#: Each tile's letter as the page's ``renderTiles`` picks its picture (a mine shown when the game is lost, the
#: one clicked exploded; a flag on no mine once the game is over a wrong flag; else a number or covered).
TILE_LETTERS = """() => board.tiles.map((t) => {
  if (t.isBomb()) return t.exploded ? "X" : "M";
  if (t.isFlagged()) return t.isBomb() === null || t.isBomb() ? "F" : "W";
  if (t.isCovered()) return t.is_start ? "S" : ".";
  return String(t.getValue());
})"""
#: The cells the game the page plays against holds a mine under (none before the first click places them).
MINES = (
    """() => { const g = getGame(board.id); return g ? g.tiles.filter((t) => t.is_bomb).map((t) => t.index) : []; }"""
)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Say nothing of each request."""


@contextmanager
def served(root: Path) -> Iterator[str]:
    """The checkout ``root`` served as static files on 127.0.0.1 (a free port); yields the page's address."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    finally:
        server.shutdown()
        server.server_close()


def _settle(page: Any) -> None:
    """Wait until the page has drawn what the last action changed (it draws on the next animation frame)."""
    page.wait_for_timeout(80)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def labels(page: Any) -> list[str]:
    """The board's rows of cell letters, from the page's own tiles."""
    letters = page.evaluate(TILE_LETTERS)
    width = page.evaluate("board.width")
    return ["".join(letters[i : i + width]) for i in range(0, len(letters), width)]


def _click(page: Any, index: int, button: str = "left") -> None:
    """Click the centre of the cell ``index`` (row-major) on the board's canvas."""
    box = page.locator("#myCanvas").bounding_box()
    tile, width = page.evaluate("[TILE_SIZE, board.width]")
    row, col = divmod(index, width)
    page.mouse.click(box["x"] + (col + 0.5) * tile, box["y"] + (row + 0.5) * tile, button=button)
    _settle(page)


def play(page: Any, rng: random.Random, end: str) -> None:
    """Play the game on the page by clicks until ``end``: won, lost, or a few clicks in, with some flags."""
    width, height = page.evaluate("[board.width, board.height]")
    cells = width * height
    _click(page, rng.randrange(cells))  # the game places its mines after the first click, clear of it
    mines = set(page.evaluate(MINES))
    safe = [i for i in range(cells) if i not in mines]
    rng.shuffle(safe)
    # Flags on no mine (shown wrong once the game is lost) and on mines; a game played to its win has none.
    wrong = [] if end == "won" else [i for i in safe if rng.random() < 0.5][: rng.randrange(0, 3)]
    right = [] if end == "won" else rng.sample(sorted(mines), rng.randrange(0, 4))
    clicks = len(safe) if end == "won" else rng.randrange(1, 8)
    for index in safe[:clicks]:
        if page.evaluate("board.isGameover()"):
            break
        if index in wrong:
            continue
        if page.evaluate(f"board.getTile({index}).isCovered()"):
            _click(page, index)
    if end != "won":
        for index in [*right, *wrong]:
            if page.evaluate(f"board.getTile({index}).isCovered() && !board.getTile({index}).isFlagged()"):
                _click(page, index, "right")
    if end == "lost":
        _click(page, rng.choice(sorted(set(mines) - set(right))))


def pointer(page: Any, rng: random.Random, over: bool) -> list[tuple[int, int]]:
    """Leave the pointer over a random covered cell, or off the board; return the cells the page's box hides.

    Over the board the page names the cell under the pointer in a box drawn over the cells beside it:
    those cells (row and column from 0, any part under the box) show in the picture only partly.
    """
    page.mouse.move(2, 2)
    _settle(page)
    covered = [i for i, ch in enumerate("".join(labels(page))) if ch in ".F"]
    if not over or not covered:
        return []
    box = page.locator("#myCanvas").bounding_box()
    tile, width, height = page.evaluate("[TILE_SIZE, board.width, board.height]")
    row, col = divmod(rng.choice(covered), width)
    page.mouse.move(box["x"] + (col + 0.5) * tile, box["y"] + (row + 0.5) * tile, steps=3)
    _settle(page)
    tip = page.locator("#tooltip").bounding_box() if page.is_visible("#tooltip") else None
    if tip is None:
        return []
    pad = 2 / tile  # its rounded corners' antialiasing, a CSS pixel or two past its box
    left, top = (tip["x"] - box["x"]) / tile - pad, (tip["y"] - box["y"]) / tile - pad
    right, bottom = left + tip["width"] / tile + 2 * pad, top + tip["height"] / tile + 2 * pad
    return [
        (r, c)
        for r in range(max(0, int(top)), min(height, int(bottom) + 1))
        for c in range(max(0, int(left)), min(width, int(right) + 1))
        if r < bottom and c < right and r + 1 > top and c + 1 > left
    ]


def parse_size(text: str) -> tuple[int, int, int]:
    """A board size given rows first, as everywhere in cnfsweep (``ROWSxCOLSxMINES``: ``16x30x330``).

    Returned as :data:`SIZES` holds them, in the order of the page's ``board`` query parameter: columns,
    rows, mines.
    """
    parts = text.split("x")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{text!r}: expected ROWSxCOLSxMINES, such as 9x9x60")
    rows, cols, mines = (int(p) for p in parts)
    if cols < 2 or rows < 2 or not 1 <= mines < cols * rows - 9:
        raise ValueError(
            f"{text!r}: expected two columns and rows at least, and from 1 mine to 10 fewer than the cells"
        )
    return cols, rows, mines


def jsm_corpus(
    out: Path,
    checkout: Path,
    per: int,
    seed: int,
    scales: tuple[float, ...],
    sizes: tuple[tuple[int, int, int], ...] = SIZES,
    ends: tuple[str, ...] = ENDS,
) -> int:
    """Play ``per`` games at each device scale factor, on boards of ``sizes``, ending them as ``ends`` says in turn,
    and write each screenshot with its labels."""
    from playwright.sync_api import sync_playwright

    from benchmarks.picture_corpus import ARGS, CHROMIUM, save_png, write_labels

    if not (checkout / "index.html").is_file() or not (checkout / "Minesweeper" / "client" / "main.js").is_file():
        raise SystemExit(f"picture-corpus jsm: {checkout}: not a checkout of DavidNHill/JSMinesweeper (no index.html)")
    rng = random.Random(seed)
    made = 0
    with served(checkout) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for scale in scales:
            context = browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=scale)
            page = context.new_page()
            for i in range(per):
                cols, rows, mines = sizes[rng.randrange(len(sizes))]
                tile, end = rng.choice(TILES), ends[(i + round(4 * scale)) % len(ends)]
                game_seed = rng.randrange(1, 10**9)
                page.goto(f"{url}?board={cols}x{rows}x{mines}&seed={game_seed}")
                page.wait_for_function(f"typeof board !== 'undefined' && board && board.tiles.length === {cols * rows}")
                page.evaluate(
                    """(tile) => {
                      showHintsCheckBox.checked = false; autoPlayCheckBox.checked = false; docOverlay.value = "none";
                      docTileSize.value = String(tile); changeTileSize(false); renderHints(false);
                    }""",
                    tile,
                )
                _settle(page)
                play(page, rng, end)
                over = rng.random() < 0.5
                hidden = pointer(page, rng, over)
                rows_seen = labels(page)
                if "S" in "".join(rows_seen):
                    continue  # a start marker: no cell of the reader's classes
                over_now = page.evaluate("board.isGameover()")
                state = ("lost" if "X" in "".join(rows_seen) else "won") if over_now else "mid-game"
                whole = rng.random() < 0.5
                shot = page.screenshot() if whole else page.locator("#canvas").screenshot()
                stem = f"jsm-{scale:g}x-{i}"
                save_png(shot, out / "jsminesweeper" / f"{stem}.png")
                notes = [
                    "skin: jsminesweeper",
                    f"scale: {scale:g}",
                    f"made: python -m benchmarks picture-corpus jsm: JSMinesweeper {rows}x{cols}/{mines}, game seed "
                    f"{game_seed}, tile size {tile} px, {state}"
                    f"{', the pointer left over a covered cell' if over else ''}, "
                    f"{'the whole window' if whole else 'the board and its counter'}; labels from the page's board.tiles",
                    f"counter: {page.evaluate('board.bombs_left')}",
                    *([f"hidden: {' '.join(f'{r},{c}' for r, c in hidden)}"] if hidden else []),
                    "licence: JSMinesweeper (c) 2022 David N Hill, MIT licence (see README.md beside)",
                ]
                write_labels(out / "jsminesweeper" / f"{stem}.txt", notes, "square", rows_seen)
                made += 1
            context.close()
        browser.close()
    return made
