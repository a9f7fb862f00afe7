"""Measure ``cnfsweep read`` on the labelled corpus: cell accuracy and exact boards per skin and scale, read time.

Usage::

    python -m benchmarks picture corpus [--obr] [--json benchmarks/results/picture.json]
    python -m benchmarks report       # then: the table of docs/explanation/performance.md, from the file written

Reads every ``*.png`` and ``*.jpg`` under the root.  Prints a Markdown table: per skin, grid,
scale and picture format, the pictures, the boards read exactly, the cells read right (a picture the reader refuses counts all its cells wrong), and the read time (median and
p90 over the pictures, one read each); then per skin the mines counters shown (a ``# counter: N`` label), read,
and read right (a counter read where none is labelled, or another number, is wrong); ``--json`` writes the same figures, with how the run was made
(its load included), for ``python -m benchmarks report`` to write the table of docs/explanation/performance.md from.
With ``--obr``, two more columns: ms-toollib's ``obr_board`` on the same picture, run in a child process
(it has crashed the process on some pictures), scored on the board it means to give (a number, or
covered: it reads flags, mines and wrong flags as covered by design, so those count right as covered).
The time of an expert screenshot is the median of :data:`REPEAT` reads of each 16x30 picture.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from benchmarks.harness.results import meta, write_result
from benchmarks.harness.stats import percentile
from benchmarks.picture_train import counter_label, hidden_cells
from benchmarks.report import render_picture

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


def refused_under_box(message: str, png: Path, rows: list[str]) -> int:
    """1 where the reader refused the picture naming a cell its label file says something lies over, else 0.

    A game's box beside the pointer (JSMinesweeper names the cell under it) hides part of the cells it lies
    over: refusing one of them, by name, is the reader doing what it should with what the picture shows.
    """
    import re

    named = re.search(r"row (\d+), column (\d+) of a (\d+)x(\d+) board", message)
    if named is None or (int(named[3]), int(named[4])) != (len(rows), len(rows[0])):
        return 0
    return int((int(named[1]) - 1) * len(rows[0]) + int(named[2]) - 1 in hidden_cells(png))


def grid_of(topology: str) -> str:
    """The table's grid column: square and torus boards share their cells' pictures, hexagons have their own."""
    return "hex" if topology == "hex" else "square, torus"


def obr_version() -> str | None:
    """ms-toollib's version, or ``None`` when it is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ms-toollib")
    except PackageNotFoundError:
        return None


def measure(root: Path, with_obr: bool) -> dict[str, Any]:
    """Read every labelled picture under ``root``: the figures per skin, grid and scale, the expert read times, the misses.

    Each group's read times are the first read of each picture; an expert (16x30) picture is read
    :data:`REPEAT` times more, and its median kept.
    """
    groups: dict[tuple[str, str, str, str], dict[str, Any]] = {}
    times: dict[tuple[str, str, str, str], list[float]] = defaultdict(list)
    expert: list[float] = []
    failures: list[str] = []
    counter_misses: list[str] = []
    boxed = 0
    for png in sorted([*root.rglob("*.png"), *root.rglob("*.jpg")]):
        skin, scale, topology, rows = read_labels(png.with_suffix(".txt"))
        data = png.read_bytes()
        # A JPEG copy is its own row: its losses are the compression's, not the skin's.
        kind = "JPEG" if png.suffix == ".jpg" else "PNG"
        key = (skin, grid_of(topology), scale, kind)
        cells = sum(len(r) for r in rows)
        g = groups.setdefault(
            key,
            {
                "skin": skin,
                "grid": key[1],
                "scale": float(scale),
                "format": kind,
                "pictures": 0,
                "exact": 0,
                "cells": 0,
                "right": 0,
                "visible_pictures": 0,
                "visible_exact": 0,
                "visible_cells": 0,
                "visible_right": 0,
                "counters_shown": 0,
                "counters_read": 0,
                "counters_right": 0,
            },
        )
        g["pictures"] += 1
        shown = counter_label(png)
        shown = None if shown == "none" else shown  # a label that says the picture shows none
        g["counters_shown"] += shown is not None
        g.setdefault("topologies", set()).add(topology)
        g["cells"] += cells
        # A picture where the game's box lies over some cells is read through the box or refused naming a cell under
        # it. The figures over the pictures that show every cell are kept apart too.
        visible = not hidden_cells(png)
        if visible:
            g["visible_pictures"] += 1
            g["visible_cells"] += cells
        if with_obr:
            theirs = obr(png)
            want = obr_expected(rows)
            peer = g.setdefault("obr", {"exact": 0, "right": 0, "failed": 0, "crashed": 0})
            if isinstance(theirs, str) or [len(r) for r in theirs] != [len(r) for r in want]:
                peer["failed"] += 1
                peer["crashed"] += isinstance(theirs, str) and theirs.startswith("crashed")
                failures.append(f"{png}: obr_board: {theirs if isinstance(theirs, str) else 'wrong size'}")
            else:
                right = sum(x == y for a, b in zip(theirs, want, strict=True) for x, y in zip(a, b, strict=True))
                peer["exact"] += right == cells
                peer["right"] += right
        t = time.perf_counter()
        try:
            reading = read_picture(data, str(png))
        except BoardFormatError as exc:
            times[key].append(time.perf_counter() - t)
            failures.append(f"{png}: {exc}")
            boxed += refused_under_box(str(exc), png, rows)
            continue
        times[key].append(time.perf_counter() - t)
        if reading.counter is not None:
            g["counters_read"] += 1
            g["counters_right"] += str(reading.counter) == shown
            if str(reading.counter) != shown:
                counter_misses.append(f"{png}: counter read {reading.counter}, labelled {shown or 'none shown'}")
        got = reading.labels()
        if reading.topology != topology:
            failures.append(f"{png}: read as {reading.topology}, labelled {topology}")
            got = []
        if len(got) == len(rows) and all(len(a) == len(b) for a, b in zip(got, rows, strict=True)):
            right = sum(x == y for a, b in zip(got, rows, strict=True) for x, y in zip(a, b, strict=True))
            g["right"] += right
            g["exact"] += right == cells
            if visible:
                g["visible_right"] += right
                g["visible_exact"] += right == cells
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
    for key, g in groups.items():
        g["grid"] = ", ".join(sorted(g.pop("topologies")))  # the grids the group's pictures show
        g["median_ms"] = round(1000 * statistics.median(times[key]), 1)
        g["p90_ms"] = round(1000 * percentile(times[key], 0.9), 1)
    return {
        "corpus": str(root),
        "repeat": REPEAT,
        "obr_board": obr_version() if with_obr else None,
        "groups": [groups[key] for key in sorted(groups)],
        "expert": {
            "pictures": len(expert),
            "median_ms": round(1000 * statistics.median(expert), 1) if expert else None,
            "p90_ms": round(1000 * percentile(expert, 0.9), 1) if expert else None,
        },
        "failures": failures,
        "counter_misses": counter_misses,
        "refused_under_box": boxed,
    }


def main(argv: list[str] | None = None) -> int:
    """Read every picture, compare with its labels, print the table (and write the figures with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--obr", action="store_true", help="ms-toollib's obr_board too, side by side")
    parser.add_argument(
        "--json", type=Path, help="write the figures here (benchmarks/results/picture.json for the documentation)"
    )
    args = parser.parse_args(argv)
    if not args.root.is_dir():
        print(
            f"picture: {args.root}: no such folder (expected a corpus of pictures with their labels)", file=sys.stderr
        )
        return 2
    started = time.perf_counter()
    report = measure(args.root, args.obr)
    report["meta"] = meta(started, corpus=str(args.root), obr=args.obr)
    print(render_picture(report), end="")
    if report["failures"]:
        print("\nnot read exactly:")
        print("\n".join(f"- {f}" for f in report["failures"]))
    if report["counter_misses"]:
        print("\ncounters read wrong:")
        print("\n".join(f"- {f}" for f in report["counter_misses"]))
    if args.json is not None:
        write_result(args.json, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
