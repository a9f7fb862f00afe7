"""Cold and warm analyses beside ms-toollib's ``cal_probability_onboard``, taking turns in one run.

Usage: python -m benchmarks cold [--positions N] [--large N] [--games N] [--corpus-dir DIR]
                                    [--tree NAME=PATH ...] [--pure-tree NAME=PATH ...] [--json out.json]

COLD: every position of the corpora (guess points from real expert and
intermediate play, and 100x100 boards with 2,000 mines) is analysed as each
of its four mirror images, each by a fresh ``Engine`` (created inside the
timed call, as ``cnfsweep.analyze`` does), so no board is ever answered twice
by one engine; ms-toollib answers the same four images.  A position's time is
the best of its four images (four different boards, each analysed once); the
table gives the median and p90 over positions and the ratio ms-toollib time /
ours (above 1: we are faster).

WARM: one engine (``Engine.for_games``, as the players use) follows seeded
expert games position after position, its component cache at work; each
position the player analysed is timed once, beside ms-toollib on the same
board.

Each code tree given with ``--tree`` (default: this one) or ``--pure-tree``
(its C kernels unused: ``CNFSWEEP_PURE_PYTHON=1``) runs in its own
worker process with ``PYTHONPATH`` at its ``src``, so the old and the new code
and ms-toollib take turns image by image under the same load.  Every answer is
checked against ms-toollib's to 1e-12, and the trees' exact answers against
each other; exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from benchmarks.cold_worker import worker
from benchmarks.harness.stats import percentile
from benchmarks.harness.trees import Tree, parse_tree, tree_commit
from benchmarks.harness.turns import rotation, toollib_rows
from benchmarks.harness.results import write_result

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORKER = "benchmarks.cold_worker"
TOLERANCE = 1e-12


# ---------------------------------------------------------------- ms-toollib and the images


def toollib_answer(lib: Any, rows: Sequence[str], mines: int) -> tuple[float, list[list[float]]]:
    board = toollib_rows(rows)
    start = time.perf_counter()
    probs, _ = lib.cal_probability_onboard(board, float(mines))
    return (time.perf_counter() - start) * 1000, probs


def images(rows: Sequence[str]) -> list[list[str]]:
    """The four mirror images of a grid: as it is, left-right, upside down, both."""
    flipped = [row[::-1] for row in rows]
    return [list(rows), flipped, list(reversed(rows)), list(reversed(flipped))]


def difference(ours: list[list[float | None]], theirs: list[list[float]]) -> float:
    return max(
        (abs(p - theirs[r][c]) for r, row in enumerate(ours) for c, p in enumerate(row) if p is not None), default=0.0
    )


# ---------------------------------------------------------------- the corpora


def corpora(
    positions: int, large: int, seed: int, folder: Path | None = None
) -> dict[str, list[tuple[str, list[str], int]]]:
    from benchmarks.harness import corpora as bc

    out: dict[str, list[tuple[str, list[str], int]]] = {}
    for level in ("expert", "intermediate"):
        items = bc.midgame(level, positions, seed, folder or bc.CORPUS_DIR)
        # Every corpus board carries its total (``cast`` only tells the checker so).
        out[f"{level} guess points"] = [(it.name, list(it.board.grid), cast(int, it.board.total_mines)) for it in items]
    boards: list[tuple[str, list[str], int]] = []
    for s in range(1, large + 1):
        board = bc.LargeSpec(100, 100, 2000, 10, seed=s).board()
        boards.append((f"100x100/2000 seed {s}", list(board.grid), cast(int, board.total_mines)))
    out["100x100/2000"] = boards
    return out


def games(count: int, seed: int) -> list[list[tuple[list[str], int]]]:
    """Every position the safest player analysed in ``count`` seeded expert games, in order."""
    from cnfsweep.experiments.campaign import game_seed
    from cnfsweep.play import play_game
    from cnfsweep.play.game import LEVELS

    out = []
    for i in range(count):
        seen: list[tuple[list[str], int]] = []

        def watch(game: Any, analysis: Any, seen: list = seen) -> None:
            rows = list(analysis.board.grid)
            if not seen or seen[-1][0] != rows:
                seen.append((rows, analysis.board.total_mines))

        play_game(LEVELS["expert"], game_seed(seed, i), watch=watch)
        out.append(seen)
    return out


# ---------------------------------------------------------------- figures


def figures(times: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    out = {}
    for name, ts in times.items():
        out[name] = {"median_ms": statistics.median(ts), "p90_ms": percentile(ts, 0.9)}
    theirs = out["ms-toollib"]
    for name, f in out.items():
        if name != "ms-toollib":
            f["ratio_median"] = theirs["median_ms"] / f["median_ms"]
            f["ratio_p90"] = theirs["p90_ms"] / f["p90_ms"]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--positions", type=int, default=40, help="guess points per level (40)")
    parser.add_argument("--large", type=int, default=3, help="100x100/2000 boards (3)")
    parser.add_argument("--games", type=int, default=3, help="expert games followed warm (3)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--tree", action="append", default=[], help="NAME=PATH of a code tree; repeatable")
    parser.add_argument(
        "--pure-tree",
        action="append",
        default=[],
        help="NAME=PATH of a code tree run with CNFSWEEP_PURE_PYTHON=1; repeatable",
    )
    parser.add_argument("--corpus-dir", type=Path, help="where the guess points are cached (benchmarks/corpora)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()
    import ms_toollib

    sys.set_int_max_str_digits(0)
    specs = [(spec, False) for spec in args.tree] + [(spec, True) for spec in args.pure_tree]
    trees = [Tree(*parse_tree(spec), WORKER, pure=pure) for spec, pure in specs] or [Tree("cnfsweep", ROOT, WORKER)]
    names = [t.name for t in trees] + ["ms-toollib"]
    report: dict[str, Any] = {
        "load": os.getloadavg(),
        "trees": {t.name: str(t.proc.args) for t in trees},
        "tree_commits": {t.name: tree_commit(t) for t in trees},
    }
    failures = []
    toollib_answer(ms_toollib, ["1.", ".."], 1)

    def turn(rows: list[str], mines: int, warm: bool, k: int) -> dict[str, float]:
        """Every tree and ms-toollib on one board, starting with a different one each time."""
        got: dict[str, Any] = {}
        order = rotation(names, k)
        for name in order:
            if name == "ms-toollib":
                got[name] = toollib_answer(ms_toollib, rows, mines)
            else:
                got[name] = next(t for t in trees if t.name == name).ask({"rows": rows, "mines": mines, "warm": warm})
        theirs = got["ms-toollib"][1]
        for t in trees:
            off = difference(got[t.name]["probs"], theirs)
            if off > TOLERANCE:
                failures.append(f"{t.name} differs from ms-toollib by {off:.3g}: {rows}")
        if len({got[t.name]["digest"] for t in trees}) > 1:
            failures.append(f"the trees' exact answers differ: {rows}")
        return {n: got[n][0] if n == "ms-toollib" else got[n]["ms"] for n in names}

    k = 0
    for corpus, items in corpora(args.positions, args.large, args.seed, args.corpus_dir).items():
        best: dict[str, list[float]] = {n: [] for n in names}
        for _, rows, mines in items:
            per_image: dict[str, list[float]] = {n: [] for n in names}
            for image in images(rows):
                for n, ms in turn(image, mines, False, k).items():
                    per_image[n].append(ms)
                k += 1
            for n in names:
                best[n].append(min(per_image[n]))
        report[f"cold {corpus}"] = figures(best)
    warm: dict[str, list[float]] = {n: [] for n in names}
    for game in games(args.games, args.seed):
        for t in trees:
            t.ask({"reset": True})
        for rows, mines in game:
            for n, ms in turn(rows, mines, True, k).items():
                warm[n].append(ms)
            k += 1
    if args.games:
        report["warm expert games"] = figures(warm)
    for t in trees:
        t.close()
    report["load_after"] = os.getloadavg()
    print(f"load average before {report['load'][0]:.2f}, after {report['load_after'][0]:.2f}")
    print(f"{'corpus':<32}{'code':<14}{'median ms':>10}{'p90 ms':>10}{'toollib/ours median':>21}{'p90':>7}")
    for corpus, table in report.items():
        if not isinstance(table, dict) or "ms-toollib" not in table:
            continue
        for name, f in table.items():
            ratios = f"{f['ratio_median']:>21.2f}{f['ratio_p90']:>7.2f}" if "ratio_median" in f else ""
            print(f"{corpus:<32}{name:<14}{f['median_ms']:>10.3f}{f['p90_ms']:>10.3f}{ratios}")
    if args.json:
        write_result(args.json, report)
    for failure in failures[:5]:
        print("DIFFERENCE:", failure[:300])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
