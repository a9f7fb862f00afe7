"""Solve the fan generator's own variant puzzles, check each has its one answer, and time the peer's solver on them.

Usage: python -m benchmarks variants-peer DIR [DIR ...] [--peer PYTHON | --no-peer] [--make 8x8/16 [--seeds 3]]
       [--json PATH]

Each DIR (or each folder in it) holds a ``demo.txt`` the fan generator (``minesweepervariants``, a GPL
peer run separately under Python 3.12) wrote, for example::

    python -m minesweepervariants -s 8 -t 16 -c 1Q V -S 1 -I --output-path DIR --log-path DIR

``--make 8x8/16`` has the peer write them first into the first DIR, one folder
for each rule set of ``variants-generate`` and seed (an existing one is kept).
Its last puzzle is read as printed (the ``[1Q][V]8x8`` title line as the
rules), with its total, and analysed once by ``analyze_variant``: cold, as no
puzzle repeats; the time, the layouts found and whether the one layout is the
peer's answer are printed.  With the peer's interpreter (``--peer``, default
``$CNFSWEEP_PEER_PYTHON`` or ``/tmp/mv312/bin/python``, used when it exists),
the same puzzle then goes to the peer's own solver in a separate process
(``benchmarks/variants_peer_worker.py``), which checks it has one solution as
it checks every puzzle it makes; the two sides take turns puzzle by puzzle.
Both times are wall-clock; the peer's CP-SAT runs 5 search threads (its
default), ours one.  Prints the median of each side and the ratio of the
medians.  Exits 1 when a puzzle does not have exactly the peer's answer under
``solve``, or the peer's solver does not find it unique.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.harness.results import write_result
from benchmarks.variants_generate import RULE_SETS
from cnfsweep.core.board import Cell
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.solve import analyze_variant


def read(demo: Path) -> tuple[str, set[Cell]]:
    """The puzzle as variant board text, and its answer's mines."""
    block = demo.read_text(encoding="utf-8").split("=" * 20)[-1]
    lines = block.splitlines()
    head = next(i for i, line in enumerate(lines) if re.fullmatch(r"(\[[^\]]+\])+\d+x\d+", line.strip()))
    mines = re.search(r"(\d+)/\d+", next(line for line in lines if "/" in line and ":" in line))
    grids: list[list[list[str]]] = [[]]
    board = "1"
    for line in lines[head + 1 :]:
        if "\t" not in line and line.strip() and not grids[-1]:
            # A board's name above it: 2E prints "1" above the puzzle and "2E" above its code's own board.
            board = line.strip()
            continue
        if board != "1":
            continue
        if line.strip():
            # Cells are tab-separated; one cell may hold two numbers (a 2X clue prints as ``1 2``).
            grids[-1].append([cell.strip() for cell in line.split("\t") if cell.strip()])
        elif grids[-1]:
            grids.append([])
        if len(grids) == 3:
            break
    text = f"{lines[head].strip()}\nmines: {mines.group(1) if mines else ''}\n"
    text += "\n".join("\t".join(row) for row in grids[0]) + "\n"
    truth = {Cell(r, c) for r, row in enumerate(grids[1]) for c, v in enumerate(row) if v == "雷"}
    return text, truth


def peer_request(demo: Path) -> dict | None:
    """The peer worker's request for the last puzzle of ``demo`` (its code, rules, size, total), or None if dyed."""
    block = demo.read_text(encoding="utf-8").split("=" * 20)[-1]
    title = next(line.strip() for line in block.splitlines() if re.fullmatch(r"(\[[^\]]+\])+\d+x\d+", line.strip()))
    code = re.search(r"题板: img -c (\S+) ", block)
    total = re.search(r"(\d+)/\d+", next(line for line in block.splitlines() if "/" in line and ":" in line))
    rules = re.findall(r"\[([^\]]+)\]", title)
    if code is None or total is None or any(rule[0] in "@&" for rule in rules):
        return None  # a dyed or masked puzzle needs the peer's dye set up as its generator did
    rows, cols = (int(n) for n in re.search(r"(\d+)x(\d+)$", title).groups())  # type: ignore[union-attr]
    return {"code": code.group(1), "rules": rules, "rows": rows, "cols": cols, "total": int(total.group(1))}


def puzzles(dirs: list[str]) -> list[Path]:
    """The puzzle folders: each DIR holding a ``demo.txt``, or else every folder in it that holds one, in order."""
    out: list[Path] = []
    for name in map(Path, dirs):
        out += (
            [name] if (name / "demo.txt").exists() else sorted(d for d in name.iterdir() if (d / "demo.txt").exists())
        )
    return out


def make(where: Path, peer: str, size: str, seeds: int) -> None:
    """Have the peer write a puzzle of ``size`` (``8x8/16``) for each rule set and seed, in ``where/RULES_SEED``."""
    side, total = size.split("x", maxsplit=1)[0], size.split("/")[1]
    for seed in range(1, seeds + 1):
        for spec in RULE_SETS:
            out = where / f"{spec.replace(' ', '_')}_{seed}"
            if (out / "demo.txt").exists():
                continue  # written by an earlier run: the same seed writes the same puzzle
            out.mkdir(parents=True, exist_ok=True)
            cmd = [peer, "-m", "minesweepervariants", "--lang", "en", "-s", side, "-t", total, "-c", *spec.split()]
            cmd += ["-S", str(seed), "-I", "--output-path", str(out), "--log-path", str(out)]
            subprocess.run(cmd, cwd=out, capture_output=True, check=True)
            print(f"the peer wrote {out}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks variants-peer")
    parser.add_argument("dirs", nargs="+", help="folders holding the fan generator's demo.txt, or folders of them")
    parser.add_argument("--peer", default=os.environ.get("CNFSWEEP_PEER_PYTHON", "/tmp/mv312/bin/python"))
    parser.add_argument("--no-peer", action="store_true", help="time our side only")
    parser.add_argument("--make", metavar="SIZE", help="first have the peer write puzzles of SIZE (8x8/16) in DIR")
    parser.add_argument("--seeds", type=int, default=3, help="with --make: seeds 1..N of every rule set (default 3)")
    parser.add_argument("--json", type=Path, help="write every puzzle's figures and the medians here")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.make:
        make(Path(args.dirs[0]), args.peer, args.make, args.seeds)
    worker = None
    if not args.no_peer and Path(args.peer).exists():
        worker = subprocess.Popen(
            [args.peer, str(Path(__file__).with_name("variants_peer_worker.py"))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # the peer logs its set-up there
            text=True,
        )
    rows: list[dict[str, Any]] = []
    wrong = 0
    try:
        for folder in puzzles(args.dirs):
            demo, name = folder / "demo.txt", str(folder)
            text, truth = read(demo)
            board = parse_variant(text, str(demo))
            start = time.perf_counter()
            analysis = analyze_variant(board)
            ours = time.perf_counter() - start
            ok = analysis.layouts == 1 and set(analysis.mines) == truth
            row: dict[str, Any] = {"puzzle": name, "rules": " ".join(board.rules.codes), "ours_s": ours, "ours_ok": ok}
            request = peer_request(demo) if worker is not None else None
            if worker is not None and request is not None:
                assert worker.stdin is not None and worker.stdout is not None
                worker.stdin.write(json.dumps(request) + "\n")
                worker.stdin.flush()
                answer = json.loads(worker.stdout.readline())
                row["peer_s"] = answer.get("seconds")
                row["peer_ok"] = answer.get("state") == 1
                row["peer_error"] = answer.get("error")
            wrong += not ok or row.get("peer_ok") is False
            rows.append(row)
            peer_text = ""
            if "peer_s" in row:
                peer_text = (
                    f"; peer {row['peer_s'] * 1000:.1f} ms, {'unique' if row['peer_ok'] else 'NOT unique'}"
                    if row["peer_error"] is None
                    else f"; peer failed: {row['peer_error']}"
                )
            print(
                f"{name}: {row['rules']} {board.rows}x{board.cols}/{board.total}: {ours * 1000:.1f} ms, "
                f"layouts {analysis.layouts}, {'the peer answer' if ok else 'NOT the peer answer'}{peer_text}",
                flush=True,
            )
    finally:
        if worker is not None:
            worker.communicate()
    summary: dict[str, Any] = {"puzzles": rows}
    if rows:
        summary["ours_median_s"] = statistics.median(r["ours_s"] for r in rows)
        print(f"{len(rows)} puzzles, median solve {summary['ours_median_s'] * 1000:.1f} ms")
    paired = [r for r in rows if r.get("peer_s") is not None]
    if paired:
        summary["peer_median_s"] = statistics.median(r["peer_s"] for r in paired)
        summary["ratio_of_medians"] = summary["peer_median_s"] / statistics.median(r["ours_s"] for r in paired)
        print(
            f"peer on the same {len(paired)}: median {summary['peer_median_s'] * 1000:.1f} ms; "
            f"ratio of medians {summary['ratio_of_medians']:.1f}x"
        )
    if args.json:
        write_result(args.json, summary, None if argv is None else ["variants-peer", *argv])
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
