"""Make the cell pictures ``cnfsweep read`` compares against (src/cnfsweep/formats/picture/cells.npz).

Usage::

    python python -m benchmarks picture-corpus page --out /tmp/corpus-train --seed 1 --per 4   # pictures NOT in corpus/
    python python -m benchmarks picture-train /tmp/corpus-train

Every labelled picture whose grid the reader finds at the labelled size gives one sample per cell
(shrunk as the reader shrinks it); per skin and class, a sample is kept only when it is farther than
:data:`DISTINCT` from every one kept already, at most :data:`KEEP`, so the file stays small.  Train on
pictures made with another seed than the measured corpus's, so the measurement is of unseen pictures.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from cnfsweep.formats.picture.grid import find_grid
from cnfsweep.formats.picture.hexgrid import find_hex_grid
from cnfsweep.formats.picture.grid import Edges
from cnfsweep.formats.picture.read import CELLS, HEX, grown_hex_grid, cell_features, decode, gray_of, hex_features

DISTINCT = 6.0
KEEP = 40


def labelled(root: Path) -> Iterator[tuple[Path, str, str, list[str]]]:
    """Each picture under ``root`` with its skin and label rows."""
    from benchmarks.picture import read_labels

    for png in sorted(root.rglob("*.png")):
        skin, _, topology, rows = read_labels(png.with_suffix(".txt"))
        yield png, skin, topology, rows


def main(argv: list[str] | None = None) -> int:
    """Collect the samples and write the file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=CELLS)
    args = parser.parse_args(argv)
    kept: dict[tuple[str, str], list[np.ndarray]] = {}
    used = skipped = 0
    for root in args.roots:
        for png, name, topology, rows in labelled(root):
            image = decode(png.read_bytes(), str(png))
            skin = name + HEX if topology == "hex" else name
            if topology == "hex":
                gray = gray_of(image)
                hexes = find_hex_grid(gray)
                hexes = None if hexes is None else grown_hex_grid(Edges.of(gray), hexes)
                shape = None if hexes is None else (hexes.rows, hexes.cols)
                feats = None if hexes is None else hex_features(image, hexes)
            else:
                square = find_grid(gray_of(image))
                shape = None if square is None else (square.rows, square.cols)
                feats = None if square is None else cell_features(image, square)
            if feats is None or shape != (len(rows), len(rows[0])):
                skipped += 1
                continue
            used += 1
            for f, label in zip(feats, "".join(rows), strict=True):
                bucket = kept.setdefault((skin, label), [])
                if len(bucket) < KEEP and all(np.sqrt(((f - g) ** 2).mean()) > DISTINCT for g in bucket):
                    bucket.append(f)
    every: list[Any] = []
    labels: list[str] = []
    skins: list[str] = []
    for (skin, label), bucket in sorted(kept.items()):
        every += bucket
        labels += [label] * len(bucket)
        skins += [skin] * len(bucket)
    np.savez_compressed(
        args.out,
        features=np.round(np.asarray(every)).astype(np.uint8),
        labels=np.asarray(labels),
        skins=np.asarray(skins),
    )
    print(f"{len(every)} cell pictures from {used} screenshots ({skipped} whose grid was not found) -> {args.out}")
    for (skin, label), bucket in sorted(kept.items()):
        print(f"  {skin} {label!r}: {len(bucket)}")

    return 0


if __name__ == "__main__":
    raise SystemExit(main())
