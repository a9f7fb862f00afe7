"""Measure ``cnfsweep read`` on the labelled corpus: cell accuracy and exact boards per skin and scale, read time.

Usage::

    python scripts/image_bench.py corpus [--obr]      # --obr: ms-toollib's obr_board on the same pictures

Prints a Markdown table: per skin and scale (and topology), the pictures, the boards read exactly, the
cells read right (a picture the reader refuses counts all its cells wrong), and the median read time.
The time of an expert screenshot is the median of :data:`REPEAT` reads of each 16x30 picture.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from pathlib import Path

from cnfsweep.core.errors import BoardFormatError
from cnfsweep.formats.picture.read import read_picture

REPEAT = 5


def read_labels(path: Path) -> tuple[str, str, str, list[str]]:
    """A label file's skin, scale, topology and rows of cell letters."""
    skin, scale, topology, rows = "?", "1", "square", []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# skin:"):
            skin = line.split(":", 1)[1].strip()
        elif line.startswith("# scale:"):
            scale = line.split(":", 1)[1].strip()
        elif line.startswith("topology:"):
            topology = line.split(":", 1)[1].strip()
        elif line and not line.startswith("#"):
            rows.append(line)
    return skin, scale, topology, rows


def main() -> None:
    """Read every picture, compare with its labels, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    args = parser.parse_args()
    stats: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    expert: list[float] = []
    failures: list[str] = []
    for png in sorted(args.root.rglob("*.png")):
        skin, scale, topology, rows = read_labels(png.with_suffix(".txt"))
        skin = f"{skin} @{scale}"
        data = png.read_bytes()
        key = (skin, topology)
        cells = sum(len(r) for r in rows)
        s = stats[key]
        s[0] += 1
        s[3] += cells
        t = time.perf_counter()
        try:
            reading = read_picture(data, str(png))
        except BoardFormatError as exc:
            times[key].append(time.perf_counter() - t)
            failures.append(f"{png}: {exc}")
            continue
        times[key].append(time.perf_counter() - t)
        got = reading.labels()
        if len(got) == len(rows) and all(len(a) == len(b) for a, b in zip(got, rows, strict=True)):
            right = sum(x == y for a, b in zip(got, rows, strict=True) for x, y in zip(a, b, strict=True))
            s[2] += right
            s[1] += right == cells
            if right != cells:
                failures.append(f"{png}: {cells - right} cells wrong")
        else:
            failures.append(f"{png}: read {len(got)}x{len(got[0]) if got else 0}, labelled {len(rows)}x{len(rows[0])}")
        if (len(rows), len(rows[0])) == (16, 30):
            runs = []
            for _ in range(REPEAT):
                t = time.perf_counter()
                read_picture(data, str(png))
                runs.append(time.perf_counter() - t)
            expert.append(statistics.median(runs))
    print("| skin @ scale | topology | pictures | boards exact | cells right | median read |")
    print("|---|---|---:|---:|---:|---:|")
    total = [0, 0, 0, 0]
    for key in sorted(stats):
        s = stats[key]
        total = [a + b for a, b in zip(total, s, strict=True)]
        print(
            f"| {key[0]} | {key[1]} | {s[0]} | {s[1]} | {s[2]}/{s[3]} ({100 * s[2] / s[3]:.2f}%) | {1000 * statistics.median(times[key]):.0f} ms |"
        )
    print(
        f"| all | | {total[0]} | {total[1]} ({100 * total[1] / total[0]:.1f}%) | {total[2]}/{total[3]} ({100 * total[2] / total[3]:.2f}%) | |"
    )
    if expert:
        print(f"\nexpert (16x30) screenshots: {len(expert)}, median read {1000 * statistics.median(expert):.0f} ms")
    if failures:
        print("\nnot read exactly:")
        print("\n".join(f"- {f}" for f in failures))


if __name__ == "__main__":
    main()
