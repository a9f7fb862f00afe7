"""Make the cell pictures ``cnfsweep read`` compares against (src/cnfsweep/formats/picture/cells.npz).

Usage::

    python python -m benchmarks picture-corpus page --out /tmp/corpus-train --seed 1 --per 4   # pictures NOT in corpus/
    python python -m benchmarks picture-train /tmp/corpus-train

Every labelled picture whose grid the reader finds at the labelled size gives one sample per cell
(shrunk as the reader shrinks it); per skin and class, a sample is kept only when it is farther than
:data:`DISTINCT` from every one kept already, at most :data:`KEEP`, so the file stays small; past
:data:`KEEP`, only a sample the pictures kept would not read as its class (see :func:`misread`): a rare
look of a cell (GNOME Mines lights the covered cell under the pointer nearly as light as an open one)
comes late, after its class's common looks have filled the bucket, and is the one the reader needs.  Train on
pictures made with another seed than the measured corpus's, so the measurement is of unseen pictures.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from cnfsweep.core.errors import BoardFormatError
from cnfsweep.formats.picture.counter import digit_glyphs, led_boxes
from cnfsweep.formats.picture.textcounter import find_text_counters, number_glyphs
from cnfsweep.formats.picture.grid import find_grid
from cnfsweep.formats.picture.hexgrid import find_hex_grid
from cnfsweep.formats.picture.grid import Edges
from cnfsweep.formats.picture.read import (
    CELLS,
    FAR,
    HEX,
    SURE,
    board_box,
    cell_features,
    decode,
    gray_of,
    hex_board,
    hex_features,
)

DISTINCT = 6.0
KEEP = 40
#: Kept digit pictures of a counter differ by more than this (root mean square ink share, 0-1); at most
#: :data:`KEEP_DIGITS` of each digit.
DISTINCT_DIGIT = 0.04
KEEP_DIGITS = 12


def labelled(root: Path) -> Iterator[tuple[Path, str, str, list[str]]]:
    """Each picture under ``root`` with its skin and label rows."""
    from benchmarks.picture import read_labels

    for png in sorted([*root.rglob("*.png"), *root.rglob("*.jpg")]):
        skin, _, topology, rows = read_labels(png.with_suffix(".txt"))
        yield png, skin, topology, rows


def hidden_cells(png: Path) -> set[int]:
    """The cells (row-major indices) a picture's label file says something lies over (``# hidden: R,C ...``)."""
    lines = png.with_suffix(".txt").read_text(encoding="utf-8").splitlines()
    said = next((line.split(":", 1)[1].split() for line in lines if line.startswith("# hidden:")), [])
    rows = [line for line in lines if line and not line.startswith(("#", "topology:"))]
    width = len(rows[0]) if rows else 0
    return {int(r) * width + int(c) for r, c in (cell.split(",") for cell in said)}


def counter_label(png: Path) -> str | None:
    """The counter a picture's label file says it shows (``# counter: N``), or None."""
    for line in png.with_suffix(".txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# counter:"):
            return line.split(":", 1)[1].strip()
    return None


def counter_digits(image: Any, above: float, shown: str) -> list[tuple[str, np.ndarray]]:
    """The glyphs of the mines counter (the leftmost LED box above ``above``) paired with the characters shown."""
    rgb = np.asarray(image)
    boxes = [box for box in led_boxes(rgb[: max(0, int(above))]) if box[3] <= above]
    glyphs = digit_glyphs(rgb, boxes[0]) if boxes else []
    return list(zip(shown, glyphs, strict=True)) if len(glyphs) == len(shown) else []


def text_counter_digits(
    gray: np.ndarray, board: tuple[int, int, int, int], shown: str, rows: list[str]
) -> list[tuple[str, np.ndarray]]:
    """The glyphs of a text counter (flags over mines, ``3/10``) paired with the digits it shows.

    The label's counter is the mines less the flags, so the text shows the flags labelled over that
    plus them.  Only where the picture has one slash with a number each side, of as many digits as the
    two numbers: the counter's place is found, never guessed.
    """
    if not shown.isdigit():
        return []  # "none" (no counter shown), or a count below zero: no flags over mines
    flags = sum(row.count("F") + row.count("W") for row in rows)
    left, right = str(flags), str(int(shown) + flags)
    found = [(a, b) for a, b in find_text_counters(gray, board) if (len(a), len(b)) == (len(left), len(right))]
    if len(found) != 1:
        return []
    a, b = found[0]
    glyphs = number_glyphs(gray, a) + number_glyphs(gray, b)
    return list(zip(left + right, glyphs, strict=True)) if len(glyphs) == len(left + right) else []


def misread(f: np.ndarray, label: str, skin: str, kept: dict[tuple[str, str, str], list[np.ndarray]]) -> bool:
    """Whether the pictures kept of ``skin`` would not read ``f`` as ``label``, as the reader decides.

    Its nearest class another, or ``label`` nearest but farther than :data:`FAR` or with a confidence
    (the nearest other class's distance over the sum of both) under :data:`SURE`.
    """
    nearest: dict[str, float] = {}
    for (s, k, _), bucket in kept.items():
        if s == skin and bucket:
            d = float(np.sqrt(((np.asarray(bucket) - f) ** 2).mean(axis=1)).min())
            nearest[k] = min(d, nearest.get(k, np.inf))
    own = nearest.pop(label, np.inf)
    other = min(nearest.values(), default=np.inf)
    if own > FAR or own >= other:
        return True
    return bool(np.isfinite(other) and other / (own + other) < SURE)


def keeps(
    f: np.ndarray, label: str, skin: str, kept: dict[tuple[str, str, str], list[np.ndarray]], bucket: list[np.ndarray]
) -> bool:
    """Whether the sample ``f`` joins ``bucket`` (its skin's, class's and picture format's samples kept so far).

    Farther than :data:`DISTINCT` from every sample in it, and either the bucket holds fewer than
    :data:`KEEP` or the pictures kept would :func:`misread` it.
    """
    if not all(np.sqrt(((f - g) ** 2).mean()) > DISTINCT for g in bucket):
        return False
    return len(bucket) < KEEP or misread(f, label, skin, kept)


def main(argv: list[str] | None = None) -> int:
    """Collect the samples and write the file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=CELLS)
    parser.add_argument(
        "--base",
        type=Path,
        help="keep this file's pictures and add the roots' to them (a new skin learnt without the old pictures)",
    )
    parser.add_argument(
        "--counters-only",
        action="store_true",
        help="learn the roots' counters' digits alone: the cells kept as --base has them",
    )
    args = parser.parse_args(argv)
    # A JPEG's cells are kept apart from the same skin's PNG cells, at most KEEP of their own: their
    # blur is what they are there to teach, and the PNG pictures kept already would crowd them out.
    kept: dict[tuple[str, str, str], list[np.ndarray]] = {}
    digits: dict[str, list[np.ndarray]] = {}
    # A text counter's digits are a skin's own font: kept by skin, and read against that skin's alone.
    text_digits: dict[tuple[str, str], list[np.ndarray]] = {}
    if args.base is not None:
        with np.load(args.base) as base:
            for f, label, skin in zip(base["features"].astype(np.float32), base["labels"], base["skins"], strict=True):
                kept.setdefault((str(skin), str(label), "png"), []).append(f)
            for g, ch in zip(base["digits"].astype(np.float32) / 255.0, base["digit_labels"], strict=True):
                digits.setdefault(str(ch), []).append(g)
            if "text_digits" in base.files:
                for g, ch, skin in zip(
                    base["text_digits"].astype(np.float32) / 255.0,
                    base["text_digit_labels"],
                    base["text_digit_skins"],
                    strict=True,
                ):
                    text_digits.setdefault((str(skin), str(ch)), []).append(g)
    elif args.counters_only:
        parser.error("--counters-only needs --base: the file whose cells are kept")
    used = skipped = 0
    for root in args.roots:
        for png, name, topology, rows in labelled(root):
            image = decode(png.read_bytes(), str(png))
            skin = name + HEX if topology == "hex" else name
            square = None
            if topology == "hex":
                gray = gray_of(image)
                edges = Edges.of(gray)
                hexes = find_hex_grid(gray, edges)
                try:
                    # Grown as the reader grows it (a column beyond on one parity only counts where it reads as
                    # cells), refused where the picture cuts it: a grid the reader would not read teaches nothing.
                    hexes = None if hexes is None else hex_board(image, gray, edges, hexes, str(png))
                except BoardFormatError:
                    hexes = None
                shape = None if hexes is None else (hexes.rows, hexes.cols)
                feats = None if hexes is None else hex_features(image, hexes)
                top = 0.0 if hexes is None else hexes.y0
            else:
                square = find_grid(gray_of(image))
                shape = None if square is None else (square.rows, square.cols)
                feats = None if square is None else cell_features(image, square)
                top = 0.0 if square is None else square.y.start
            if feats is None or shape != (len(rows), len(rows[0])):
                skipped += 1
                continue
            used += 1
            shown = counter_label(png)
            if shown is not None:
                pairs = counter_digits(image, top, shown)
                buckets: Any = digits
                if not pairs and square is not None:
                    # No LED counter above the board: a counter the skin writes as text, flags over mines.
                    pairs = text_counter_digits(gray_of(image), board_box(square), shown, rows)
                    buckets = {ch: text_digits.setdefault((skin, ch), []) for ch, _ in pairs}
                for ch, glyph in pairs:
                    bucket = buckets.setdefault(ch, [])
                    if len(bucket) < KEEP_DIGITS and all(
                        np.sqrt(((glyph - g) ** 2).mean()) > DISTINCT_DIGIT for g in bucket
                    ):
                        bucket.append(glyph)
            if args.counters_only:
                continue
            hidden = hidden_cells(png)
            for i, (f, label) in enumerate(zip(feats, "".join(rows), strict=True)):
                if i in hidden:
                    continue  # partly under a box the game draws beside the pointer: no picture of its class
                bucket = kept.setdefault((skin, label, png.suffix[1:]), [])
                if keeps(f, label, skin, kept, bucket):
                    bucket.append(f)
    every: list[Any] = []
    labels: list[str] = []
    skins: list[str] = []
    for (skin, label, _), bucket in sorted(kept.items()):
        every += bucket
        labels += [label] * len(bucket)
        skins += [skin] * len(bucket)
    np.savez_compressed(
        args.out,
        features=np.round(np.asarray(every)).astype(np.uint8),
        labels=np.asarray(labels),
        skins=np.asarray(skins),
        digits=np.round(255 * np.asarray([g for _, b in sorted(digits.items()) for g in b])).astype(np.uint8),
        digit_labels=np.asarray([ch for ch, b in sorted(digits.items()) for _ in b]),
        text_digits=np.round(255 * np.asarray([g for _, b in sorted(text_digits.items()) for g in b])).astype(np.uint8),
        text_digit_labels=np.asarray([ch for (_, ch), b in sorted(text_digits.items()) for _ in b]),
        text_digit_skins=np.asarray([skin for (skin, _), b in sorted(text_digits.items()) for _ in b]),
    )
    print(f"{len(every)} cell pictures from {used} screenshots ({skipped} whose grid was not found) -> {args.out}")
    for (skin, label, kind), bucket in sorted(kept.items()):
        print(f"  {skin} {label!r} {kind}: {len(bucket)}")
    print("counter digits: " + ", ".join(f"{ch!r}: {len(b)}" for ch, b in sorted(digits.items())))
    print("text counter digits: " + ", ".join(f"{s} {ch!r}: {len(b)}" for (s, ch), b in sorted(text_digits.items())))

    return 0


if __name__ == "__main__":
    raise SystemExit(main())
