"""Measure ``cnfsweep read`` on the labelled corpus: cell accuracy and exact boards per skin and scale, read time.

Usage::

    python -m benchmarks picture corpus [--obr]      # --obr: ms-toollib's obr_board on the same pictures

Reads every ``*.png`` and ``*.jpg`` under the root.  Prints a Markdown table: per skin and scale (and topology), the pictures, the boards read exactly, the
cells read right (a picture the reader refuses counts all its cells wrong), and the median read time.
With ``--obr``, two more columns: ms-toollib's ``obr_board`` on the same picture, run in a child process
(it has crashed the process on some pictures), scored on the board it means to give (a number, or
covered: it reads flags, mines and wrong flags as covered by design, so those count right as covered).
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

OBR_CHILD = """
import json, sys
import numpy as np, ms_toollib
from PIL import Image
rgba = np.asarray(Image.open(sys.argv[1]).convert("RGBA")).astype(np.uint32)
h, w = rgba.shape[:2]
print(json.dumps(ms_toollib.obr_board(rgba.reshape(-1).tolist(), h, w)))
"""


def obr(png: Path) -> list[str] | str:
    """ms-toollib's reading of a picture as rows of ``0``-``8`` and ``.``, or why there is none."""
    import json
    import subprocess
    import sys

    try:
        done = subprocess.run([sys.executable, "-c", OBR_CHILD, str(png)], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "timed out"
    if done.returncode != 0:
        return f"crashed (exit {done.returncode})"
    board = json.loads(done.stdout)
    if board == [[200]]:
        return "no board (error 200)"
    return ["".join(str(v) if 0 <= v <= 8 else "." for v in row) for row in board]


def obr_expected(rows: list[str]) -> list[str]:
    """The labels as obr_board means to give them: numbers, and everything else covered."""
    return ["".join(ch if ch.isdigit() else "." for ch in row) for row in rows]


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


def main(argv: list[str] | None = None) -> int:
    """Read every picture, compare with its labels, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--obr", action="store_true", help="ms-toollib's obr_board too, side by side")
    args = parser.parse_args(argv)
    peer: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    stats: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    expert: list[float] = []
    failures: list[str] = []
    for png in sorted([*args.root.rglob("*.png"), *args.root.rglob("*.jpg")]):
        skin, scale, topology, rows = read_labels(png.with_suffix(".txt"))
        skin = f"{skin} @{scale}"
        data = png.read_bytes()
        key = (skin, topology)
        cells = sum(len(r) for r in rows)
        s = stats[key]
        s[0] += 1
        s[3] += cells
        if args.obr:
            theirs = obr(png)
            want = obr_expected(rows)
            if isinstance(theirs, str) or [len(r) for r in theirs] != [len(r) for r in want]:
                failures.append(f"{png}: obr_board: {theirs if isinstance(theirs, str) else 'wrong size'}")
            else:
                right = sum(x == y for a, b in zip(theirs, want, strict=True) for x, y in zip(a, b, strict=True))
                peer[key][0] += right == cells
                peer[key][1] += right
        t = time.perf_counter()
        try:
            reading = read_picture(data, str(png))
        except BoardFormatError as exc:
            times[key].append(time.perf_counter() - t)
            failures.append(f"{png}: {exc}")
            continue
        times[key].append(time.perf_counter() - t)
        got = reading.labels()
        if reading.topology != topology:
            failures.append(f"{png}: read as {reading.topology}, labelled {topology}")
            got = []
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
    extra = " obr_board exact | obr_board cells |" if args.obr else ""
    print(f"| skin @ scale | topology | pictures | boards exact | cells right | median read |{extra}")
    print("|---|---|---:|---:|---:|---:|" + ("---:|---:|" if args.obr else ""))
    theirs_total = [0, 0]
    total = [0, 0, 0, 0]
    for key in sorted(stats):
        s = stats[key]
        total = [a + b for a, b in zip(total, s, strict=True)]
        line = f"| {key[0]} | {key[1]} | {s[0]} | {s[1]} | {s[2]}/{s[3]} ({100 * s[2] / s[3]:.2f}%) | {1000 * statistics.median(times[key]):.0f} ms |"
        if args.obr:
            p = peer[key]
            theirs_total = [theirs_total[0] + p[0], theirs_total[1] + p[1]]
            line += f" {p[0]} | {p[1]}/{s[3]} ({100 * p[1] / s[3]:.2f}%) |"
        print(line)
    line = f"| all | | {total[0]} | {total[1]} ({100 * total[1] / total[0]:.1f}%) | {total[2]}/{total[3]} ({100 * total[2] / total[3]:.2f}%) | |"
    if args.obr:
        line += f" {theirs_total[0]} ({100 * theirs_total[0] / total[0]:.1f}%) | {theirs_total[1]}/{total[3]} ({100 * theirs_total[1] / total[3]:.2f}%) |"
    print(line)
    if expert:
        print(f"\nexpert (16x30) screenshots: {len(expert)}, median read {1000 * statistics.median(expert):.0f} ms")
    if failures:
        print("\nnot read exactly:")
        print("\n".join(f"- {f}" for f in failures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
