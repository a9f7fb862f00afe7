"""Build the corpus of board screenshots that ``cnfsweep read`` is measured on, with a label file beside each.

Usage::

    python python -m benchmarks picture-corpus page [--out corpus] [--per 3]   # cnfsweep's own page, Debian's Chromium
    python python -m benchmarks picture-corpus sgt  [--out corpus] [--per 3]   # Tatham's Mines (sgt-mines) under Xvfb
    python -m benchmarks picture-corpus x --games gnome-mines xdemineur kmines [--out corpus] [--per 3]
    python -m benchmarks picture-corpus x --games GAME --adopt LETTERS   # letter a game's new cell pictures by eye
    python -m benchmarks picture-corpus x --games kmines --scales 2 --resized 1 1.5   # each position at 1x and 1.5x too
    python -m benchmarks picture-corpus jsm --jsm DIR [--out corpus] [--per 3]   # JSMinesweeper's page, a checkout in DIR
    python -m benchmarks picture-corpus jpeg --src corpus-train --out corpus-train-jpeg   # JPEG copies

``x`` plays Debian's desktop games under Xvfb (:mod:`benchmarks.picture_corpus_x`), labelled from cell
pictures checked by eye; ``jsm`` plays JSMinesweeper's page in Chromium (:mod:`benchmarks.picture_corpus_jsm`),
labelled from the game's own tiles; ``corpus/public`` holds public screenshots labelled by eye (each label file says so).

Each picture ``corpus/<skin>/<name>.png`` has ``<name>.txt`` beside it: comment lines saying how it was
made, then the board as the reader's cell letters (:data:`cnfsweep.imaging.cells.Seen`): ``.`` covered,
``F`` flag, ``0``-``8``, ``M`` mine, ``X`` exploded mine, ``W`` wrong flag, ``?`` question mark, after a
``topology:`` line for a torus or hex grid.  A ``# counter: N`` comment says what the mines counter
above the board shows (``none`` where the picture shows no counter).

Page labels are the position the page was given: the grid it draws and the game's layout read back from
the page (``state.grid``, ``state.game``), or the text typed into Edit.  sgt-mines labels come from the game's own save file
(its ``--save`` of the game state after the moves), never from the picture.
The pictures are written as optimised PNGs (Pillow ``optimize=True``); the corpus stays small enough for git.
"""

from __future__ import annotations

import argparse
import random
import shutil
from pathlib import Path
from typing import Any

SCALES = (1.0, 1.25, 1.5, 2.0)
TOPOLOGIES = ("square", "torus", "hex")
LEVELS = ("beginner", "intermediate", "expert")
#: A typed position's columns, lowest and highest: the page fits 30 columns (an expert board) at its smallest cells.
COLS = (4, 30)
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def save_png(data: bytes, path: Path) -> None:
    """Write a screenshot as an optimised PNG (smaller than the browser's own)."""
    import io

    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.open(io.BytesIO(data)).convert("RGB").save(path, optimize=True)


def write_labels(path: Path, notes: list[str], topology: str, rows: list[str]) -> None:
    """Write a label file: its notes as comments, the topology line off the square, the rows."""
    head = [f"# {note}" for note in notes] + ([] if topology == "square" else [f"topology: {topology}"])
    path.write_text("\n".join([*head, *rows]) + "\n", encoding="utf-8")


def jpeg_copies(src: Path, out: Path, qualities: tuple[int, ...]) -> int:
    """A JPEG copy of every PNG under ``src`` at each quality, its label file copied with a ``# jpeg:`` line added."""
    from PIL import Image

    made = 0
    for png in sorted(src.rglob("*.png")):
        labels = png.with_suffix(".txt").read_text(encoding="utf-8")
        for quality in qualities:
            stem = f"{png.parent.name}-{png.stem}-q{quality}"
            out.mkdir(parents=True, exist_ok=True)
            Image.open(png).convert("RGB").save(out / f"{stem}.jpg", quality=quality)
            note = f"# jpeg: {png.relative_to(src)} saved by Pillow as JPEG, quality {quality}\n"
            (out / f"{stem}.txt").write_text(note + labels, encoding="utf-8")
            made += 1
    return made


# --- cnfsweep's own page ------------------------------------------------------------------------------------

GAME_LABELS = """() => {
  const g = state.game, rows = state.grid.map((row) => row.join(""));
  const layout = new Set((g.layout || []).map(([r, c]) => r + "," + c));
  const boom = g.exploded ? g.exploded.join(",") : null, lost = g.state === "lost", won = g.state === "won";
  return rows.map((row, r) => Array.from(row).map((ch, c) => {
    const k = r + "," + c;
    if (/[0-8]/.test(ch)) return ch;
    if (ch === "*") return lost && !layout.has(k) ? "W" : "F";
    if (layout.has(k)) return won ? "F" : (k === boom ? "X" : "M");
    return ".";
  }).join(""));
}"""


def random_text(rng: random.Random, rows: int, cols: int, most: int) -> list[str]:
    """Rows of a made-up position: every class of cell the Edit tab draws, numbers up to ``most`` (8 on a square)."""
    kinds = "012345678"[: most + 1] + "." * 4 + "*" * 2
    return ["".join(rng.choice(kinds) for _ in range(cols)) for _ in range(rows)]


def page_corpus(
    out: Path,
    per: int,
    seed: int,
    scales: tuple[float, ...] = SCALES,
    any_counter: bool = False,
    topologies: tuple[str, ...] = TOPOLOGIES,
    levels: tuple[str, ...] = LEVELS,
    cols: tuple[int, int] = COLS,
) -> int:
    """Screenshots of the page in light and dark, at every scale, of games played on it and of typed positions.

    ``levels`` are the levels a game is drawn from, ``cols`` a typed position's fewest and most columns:
    the page's fit sizes a board's cells by its columns, so ``expert`` and ``30 30`` draw its smallest
    cells (hexagons 25 px wide at 1x), which the default mix draws on a board in six or so.
    With ``any_counter`` (for training pictures only) a game's mines counter is set to a random number from
    -99 to 999 before the screenshot, so that every digit and the minus sign are drawn: a game's own
    counters (10, 40 or 99 less a few flags) never show a 2.
    """
    from benchmarks.harness.server import live_server
    from playwright.sync_api import sync_playwright

    rng = random.Random(seed)
    made = 0
    with live_server() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for theme in ("light", "dark"):
            for scale in scales:
                context = browser.new_context(
                    viewport={"width": 1100, "height": 900}, device_scale_factor=scale, color_scheme=theme
                )
                page = context.new_page()
                page.goto(url)
                page.wait_for_selector("#board .cell")
                page.add_style_tag(content="*{animation:none!important;transition:none!important}")
                for i in range(per):
                    for topology in topologies:
                        name = f"{topology}-{theme}-{scale:g}x-{i}"
                        if i % 2 == 0:
                            labels = play_game(page, rng, topology, levels)
                            how = "a game played on the page by random clicks; labels from state.game"
                            if any_counter:
                                value = str(rng.randrange(-99, 1000))
                                page.evaluate("v => { document.getElementById('mines-left').textContent = v; }", value)
                                how += "; the counter set to a random number"
                        else:
                            labels = typed_position(page, rng, topology, cols)
                            how = "a position typed into Edit; labels from the text given"
                        shot = page.locator("#frame").screenshot()
                        save_png(shot, out / "page" / f"{name}.png")
                        notes = [
                            f"skin: page-{theme}",
                            f"scale: {scale:g}",
                            f"made: python -m benchmarks picture-corpus page: {how}",
                            f"counter: {shown_counter(page)}",
                        ]
                        write_labels(out / "page" / f"{name}.txt", notes, topology, labels)
                        made += 1
                context.close()
        browser.close()
    return made


def shown_counter(page: Any) -> str:
    """The mines counter the screenshot shows (``none`` where the frame's top, hidden in Edit, shows none)."""
    return page.inner_text("#mines-left").strip() if page.is_visible("#mines-box") else "none"


def play_game(page: Any, rng: random.Random, topology: str, levels: tuple[str, ...] = LEVELS) -> list[str]:
    """Start a game of one of ``levels``, click random covered cells until it is lost, won or a few moves in, flag some cells."""
    page.click("#tab-play")
    level = rng.choice(levels)
    page.select_option("#level", level)
    page.select_option("#topology", topology)
    seed = rng.randrange(10**6)
    page.fill("#seed", str(seed))
    page.click("#new-game-button")
    page.wait_for_function(f"state.game && state.game.seed === {seed} && !state.moving")
    clicks = rng.randrange(1, 12)
    for _ in range(clicks):
        if page.evaluate("state.game.state") != "playing":
            break
        r, c = covered(page, rng)
        before = page.evaluate("state.game.moves")
        page.locator(f'#board .cell[data-r="{r}"][data-c="{c}"]').click()
        page.wait_for_function(
            f"(state.game.moves > {before} || state.game.state !== 'playing') && !state.moving", timeout=5000
        )
    for _ in range(rng.randrange(0, 6)):
        if page.evaluate("state.game.state") != "playing":
            break
        r, c = covered(page, rng)
        page.locator(f'#board .cell[data-r="{r}"][data-c="{c}"]').click(button="right")
        page.wait_for_timeout(60)
        page.wait_for_function("!state.moving")
    page.mouse.move(5, 5) if rng.random() < 0.5 else None  # half the pictures keep the cursor over the board
    return page.evaluate(GAME_LABELS)


def covered(page: Any, rng: random.Random) -> tuple[int, int]:
    """A random covered cell of the game on the page."""
    cells = page.evaluate("state.grid.flatMap((row, r) => row.flatMap((ch, c) => ch === '.' ? [[r, c]] : []))")
    return tuple(rng.choice(cells))


def typed_position(page: Any, rng: random.Random, topology: str, widths: tuple[int, int] = COLS) -> list[str]:
    """Type a made-up position into Edit (its columns from ``widths``, both ends in), read it, and return its labels."""
    page.click("#tab-edit")
    rows, cols = rng.randrange(4, 17), rng.randrange(widths[0], widths[1] + 1)
    text = random_text(rng, rows, cols, 6 if topology == "hex" else 8)
    head = [] if topology == "square" else [f"topology: {topology}"]
    page.fill("#board-text", "\n".join([*head, *text]) + "\n")
    page.click("#read-text")
    page.wait_for_function(f"state.rows === {rows} && state.cols === {cols} && state.topology === '{topology}'")
    page.mouse.move(5, 5)
    return [row.replace("*", "F") for row in text]


def _parser() -> argparse.ArgumentParser:
    """The command line: the source first, then each option, its help naming the sources it applies to."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", choices=("page", "sgt", "x", "jsm", "jpeg"))
    parser.add_argument(
        "--games", nargs="+", default=["gnome-mines", "xdemineur", "kmines"], help="x: the desktop games to play"
    )
    parser.add_argument("--out", type=Path, default=Path("corpus"))
    parser.add_argument("--per", type=int, default=2, help="pictures per topology, theme and scale")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument(
        "--scales",
        type=float,
        nargs="+",
        help=f"the scales drawn: the pages' device scale factors (default {' '.join(f'{v:g}' for v in SCALES)}); "
        "x: the scales played (default each game's own)",
    )
    parser.add_argument(
        "--resized",
        type=float,
        nargs="+",
        default=[],
        help="x: each position shot again with the window resized to these scales, its labels kept (KMines)",
    )
    parser.add_argument(
        "--flags-first",
        action="store_true",
        help="x: up to nine flags placed after the first click, before the others (training pictures for a text counter's digits)",
    )
    parser.add_argument(
        "--flags",
        type=int,
        nargs="+",
        default=[],
        help="x, sgt: the flags tried in each game in turn (x: placed as --flags-first places them), so a text "
        "counter shows these digits (training pictures)",
    )
    parser.add_argument(
        "--mines", type=int, nargs="+", default=[], help="sgt: each game's mines in turn, instead of its size's own"
    )
    parser.add_argument(
        "--topologies", nargs="+", choices=TOPOLOGIES, default=list(TOPOLOGIES), help="page: the grids drawn"
    )
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS), help="page: the games' levels")
    parser.add_argument(
        "--cols",
        type=int,
        nargs=2,
        default=list(COLS),
        metavar=("FEWEST", "MOST"),
        help="page: a typed position's columns (30 30 with --levels expert: the page's smallest cells)",
    )
    parser.add_argument(
        "--any-counter", action="store_true", help="training pictures: page games' counters set to random numbers"
    )
    parser.add_argument("--jsm", type=Path, help="jsm: a checkout of DavidNHill/JSMinesweeper to serve and play")
    parser.add_argument(
        "--sizes",
        nargs="+",
        default=[],
        metavar="ROWSxCOLSxMINES",
        help="jsm: the boards played, one drawn at random each game (default the game's 9x9x10 16x16x40 16x30x99; "
        "boards three quarters mines, 9x9x60, show 7s and 8s)",
    )
    parser.add_argument(
        "--ends",
        nargs="+",
        choices=("mid-game", "won", "lost"),
        default=[],
        help="jsm: how the games end, in turn (default mid-game, won, lost; a won dense board shows the most numbers)",
    )
    parser.add_argument("--src", type=Path, help="jpeg: the corpus of PNG pictures to copy")
    parser.add_argument("--qualities", type=int, nargs="+", default=[75, 85, 95], help="jpeg: the copies' qualities")
    parser.add_argument(
        "--adopt",
        metavar="LETTERS",
        help="x: letter the one game's cell pictures that had none (/tmp/eye-labels/GAME.png), in order, by eye",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and build one part of the corpus."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.adopt is not None:
        from benchmarks.picture_corpus_x import adopt

        print(f"{adopt(args.games[0], args.adopt)} cell pictures in the table of {args.games[0]}")
        return 0
    if args.source == "page":
        made = page_corpus(
            args.out,
            args.per,
            args.seed,
            tuple(args.scales or SCALES),
            args.any_counter,
            tuple(args.topologies),
            tuple(args.levels),
            (args.cols[0], args.cols[1]),
        )
    elif args.source == "x":
        from benchmarks.picture_corpus_x import x_corpus

        scales = None if args.scales is None else tuple(args.scales)
        made = x_corpus(
            args.out, args.games, args.per, args.seed, scales, tuple(args.resized), args.flags_first, tuple(args.flags)
        )
    elif args.source == "jsm":
        from benchmarks.picture_corpus_jsm import ENDS, SIZES, jsm_corpus, parse_size

        if args.jsm is None:
            parser.error("jsm needs --jsm DIR, a checkout of DavidNHill/JSMinesweeper")
        try:
            sizes = tuple(parse_size(text) for text in args.sizes) or SIZES
        except ValueError as exc:
            parser.error(f"--sizes: {exc}")
        made = jsm_corpus(
            args.out, args.jsm, args.per, args.seed, tuple(args.scales or SCALES), sizes, tuple(args.ends) or ENDS
        )
    elif args.source == "jpeg":
        made = jpeg_copies(args.src, args.out, tuple(args.qualities))
    else:
        from benchmarks.picture_corpus_sgt import sgt_corpus

        made = sgt_corpus(args.out, args.per, args.seed, tuple(args.mines), tuple(args.flags))
    print(f"{made} pictures in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
