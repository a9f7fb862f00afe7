"""The look-ahead's ties, valued exactly: which tie-break picks the best of the tied cells.

Usage: ``python -m benchmarks tie-breaks --out ties.jsonl [--games 200] [--seed 2026] [--start 0]
[--low 100] [--upto 5000] [--nodes 500000] [--time-limit SECONDS]``
       ``python -m benchmarks tie-breaks --analyse --out ties.jsonl[.gz] [--test-every 3] [--near 0] [--json PATH]``

``strong`` plays seeded expert games from a safe corner with its defaults. At
each guess of a position with more than ``--low`` and at most ``--upto``
layouts, the look-ahead's deep candidates (the ``deep_candidates`` best by
the one-move score, dead cells left out, as :meth:`StrongPolicy.deepest`
takes them) are valued ``depth`` moves deep; where the two best are within
``--near`` of each other, each of them is valued exactly
(:func:`cnfsweep.search.endgame.move_value`: click it, then play
optimally) beside a few plain features (its safety, its chance of a 0, its
numbers' spread, its covered neighbours, the safe cells it is expected to
leave, its value one move deeper...). Below ``strong``'s own exact
threshold (1,000 layouts) the look-ahead is not what plays, so those ties are
the look-ahead's as it would have played: more data of the same kind, cheaply.
One JSON line per tie, and one per game (its index and result) go to ``--out``;
run again with the same file to go on.

``--analyse`` plays nothing: it splits the games into a training part and a
held-out part (every ``--test-every``-th game index is held out), and for each
tie-break rule of :data:`RULES` prints how often it picks an exactly best tied
cell and the exact value it gains over today's tie-break, per game in
win-rate points with a 95% interval, in each part, for the ties with more
layouts than ``strong``'s threshold (where the rule would act) and for all.
Within the window the gain is exact at the same positions: the value of the
rule's pick against today's, both followed by optimal play.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import statistics
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Console

from benchmarks.harness.progress import progress_bar
from benchmarks.harness.results import close_run, meta
from cnfsweep.core.board import Cell
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.engine.analysis import Analysis
from cnfsweep.play.game import LEVELS, FirstClick, Level
from cnfsweep.play.player import Player
from cnfsweep.play.policy import Guess, Policy
from cnfsweep.play.strong import RevealOutcome, StrongPolicy
from cnfsweep.search.endgame import best_move, move_value
from cnfsweep.search.whatif import Snapshot


def deep_pool(policy: StrongPolicy, analysis: Analysis, snap: Snapshot) -> list[RevealOutcome]:
    """Return the look-ahead's deep candidates, as :meth:`StrongPolicy._choose_with` takes them (depth >= 2)."""
    n = snap.solutions
    ranked = snap.candidates(policy.tolerance, policy.candidates, policy.off_cells)
    outcomes = policy.scored(analysis, snap, ranked[: policy.candidates])
    pool = [o for o in outcomes if not (policy.dead_cells and o.dead)] or outcomes
    return sorted(pool, key=lambda o: (-o.score(n), o.p_mine))[: policy.deep_candidates]


def safe_cells(snap: Snapshot) -> int:
    """Return the covered cells safe in every layout of ``snap``."""
    n = snap.solutions
    boxes = sum(
        len(box)
        for part, row in zip(snap.parts, snap.weights.boxes, strict=True)
        for box, x in zip(part.boxes, row, strict=True)
        if x == 0
    )
    off = len(snap.off) if snap.off and snap.weights.off_frontier == 0 and n else 0
    return len(snap.known_safe) + boxes + off


def features(policy: StrongPolicy, snap: Snapshot, o: RevealOutcome, value: Fraction) -> dict[str, Any]:
    """Return the plain features of candidate ``o`` (its look-ahead value ``value`` included)."""
    n = snap.solutions
    cell = o.cell
    tables = snap.topology.tables()
    near = [tables.cells[j] for j in tables.near(cell)]
    survive = n - snap.weight(cell)
    shown: dict[int, int] = {}
    low, high = snap.number_range(cell)
    for v in range(low, high + 1):
        k = snap.reveal_counts(cell, v)[0]
        if k:
            shown[v] = k
    expected_safe = 0.0
    safe_next = 0
    for v, k in shown.items():
        after = snap.reveal(cell, v)
        assert after is not None
        s = safe_cells(after)
        expected_safe += k * s / survive
        safe_next += k * (s > 0)
    entropy = -sum(k / survive * math.log2(k / survive) for k in shown.values())
    return {
        "cell": [cell.row, cell.col],
        "p_mine": float(o.p_mine),
        "one_step": float(o.score(n)),
        "value": str(value),
        "deeper": float(policy.move_value(snap, cell, min(policy.depth + 1, 4))),
        "p_zero": shown.get(0, 0) / survive,
        "numbers": len(shown),
        "entropy": entropy,
        # As ``strong:tie_break=covered`` counts them: a mine in some layouts but not in all.
        "covered": sum(1 for c in near if snap.unknown(c) and 0 < snap.weight(c) < n),
        "neighbours": len(near),
        "known_safe_near": sum(1 for c in near if c in snap.known_safe),
        "frontier": cell in snap.box_of,
        "edge": min(cell.row, cell.col, snap.rows - 1 - cell.row, snap.cols - 1 - cell.col),
        "expected_safe": expected_safe,
        "safe_next": safe_next / survive,
    }


class TieWatch(Policy):
    """A policy that plays as ``inner`` (``strong``) and records the look-ahead's near-ties, valued exactly."""

    name: ClassVar[str] = "tie-watch"

    def __init__(self, inner: StrongPolicy, low: int, upto: int, near: float, nodes: int) -> None:
        self.inner, self.low, self.upto, self.near, self.nodes = inner, low, upto, near, nodes
        self.ties: list[dict[str, Any]] = []

    def start(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
        return self.inner.start(level, rule)

    def unavoidable(self, analysis: Analysis, engine: Engine) -> Guess | None:
        return self.inner.unavoidable(analysis, engine)

    def choose(self, analysis: Analysis, engine: Engine) -> Guess:
        guess = self.inner.choose(analysis, engine)
        n = analysis.solutions
        if n is not None and analysis.total_mines is not None and self.low < n <= self.upto:
            found = self.tie(analysis, engine, guess)
            if found is not None:
                self.ties.append(found)
        return guess

    def tie(self, analysis: Analysis, engine: Engine, guess: Guess) -> dict[str, Any] | None:
        """Return the record of this position's near-tie, or ``None`` when it has none."""
        p = self.inner
        snap = Snapshot.of_analysis(analysis, engine)
        try:
            top = deep_pool(p, analysis, snap)
            if len(top) < 2:
                return None
            values = [o.bonus * p.move_value(snap, o.cell, p.depth) for o in top]
            ordered = sorted(values, reverse=True)
            if ordered[0] - ordered[1] > Fraction(self.near):
                return None
            n = snap.solutions
            # Today's pick: best value, then best one-move score, then safer, then the pool's order.
            keys = [(v, o.score(n), -o.p_mine) for v, o in zip(values, top, strict=True)]
            default = max(range(len(top)), key=lambda i: (keys[i], -i))
            cands = []
            assert analysis.total_mines is not None
            for o, v in zip(top, values, strict=True):
                row = features(p, snap, o, v)
                exact = move_value(
                    analysis.board, o.cell, analysis.total_mines, max_layouts=max(self.upto, n), node_limit=self.nodes
                )
                row["exact"] = None if exact is None else str(exact)
                cands.append(row)
        finally:
            snap.forget()
        found = (
            best_move(analysis.board, analysis.total_mines, max_layouts=max(self.upto, n), node_limit=self.nodes)
            if n > self.inner.endgame_layouts
            else None
        )
        return {
            "layouts": n,
            "board": analysis.board.to_text(),
            "total": analysis.total_mines,
            "best": None if found is None else {"cell": list(found.cell), "exact": str(found.win_probability)},
            "rule": guess.rule.value,
            "played": [guess.cell.row, guess.cell.col],
            "default": default,
            "candidates": cands,
        }


def collect(args: argparse.Namespace, console: Console) -> int:
    """Play the games and append their ties to ``--out``."""
    out = Path(args.out)
    done = {r["game"] for r in read(out) if r["kind"] == "game"}
    level = LEVELS[args.level]
    inner = StrongPolicy()
    started = time.perf_counter()
    with out.open("a") as f, progress_bar(console) as progress:
        task = progress.add_task("games", total=args.games)
        for i in range(args.start, args.start + args.games):
            if args.time_limit is not None and time.perf_counter() - started > args.time_limit:
                break
            progress.update(task, advance=1)
            if i in done:
                continue
            watch = TieWatch(inner, args.low, args.upto, args.near, args.nodes)
            record = Player(watch, Engine.for_games()).play(level, game_seed(args.seed, i), FirstClick.SAFE)
            for t in watch.ties:
                f.write(json.dumps({"kind": "tie", "game": i, **t}) + "\n")
            f.write(json.dumps({"kind": "game", "game": i, "won": record.won, "seed": args.seed}) + "\n")
            f.flush()
    return 0


def read(path: Path) -> list[dict[str, Any]]:
    """Return the records of a log (gzipped too, ``.jsonl.gz``), a partial last line left out."""
    if not path.exists():
        return []
    text = gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz" else path.read_text()
    lines = text.split("\n")
    return [json.loads(line) for line in lines[:-1] if line.strip()]


# -- analysis ----------------------------------------------------------------------------------------

Key = Callable[[dict[str, Any]], Any]

#: Each tie-break rule: the key it maximises among the tied cells (ties of the key go to today's order).
RULES: dict[str, Key] = {
    "today": lambda c: 0,
    "safer": lambda c: -c["p_mine"],
    "riskier": lambda c: c["p_mine"],
    "deeper": lambda c: c["deeper"],
    "zero": lambda c: c["p_zero"],
    "entropy": lambda c: c["entropy"],
    "numbers": lambda c: c["numbers"],
    "progress": lambda c: c["expected_safe"],
    "safe-next": lambda c: c["safe_next"],
    "covered": lambda c: c["covered"],
    "fewer-covered": lambda c: -c["covered"],
    "edge": lambda c: -c["edge"],
    "centre": lambda c: c["edge"],
    "frontier": lambda c: c["frontier"],
    "off-frontier": lambda c: not c["frontier"],
    "deeper-then-safer": lambda c: (c["deeper"], -c["p_mine"]),
    "deeper-then-progress": lambda c: (c["deeper"], c["expected_safe"]),
}


def within(tie: dict[str, Any], near: Fraction) -> list[int]:
    """Return the candidates whose look-ahead value is within ``near`` of the best: the tied ones."""
    values = [Fraction(c["value"]) for c in tie["candidates"]]
    return [i for i, v in enumerate(values) if max(values) - v <= near]


def pick(tie: dict[str, Any], key: Key, near: Fraction) -> int:
    """Return the candidate a rule picks: the key's best among those within ``near`` of the best value."""
    cands = tie["candidates"]
    tied = within(tie, near)
    default = tie["default"]
    if default not in tied or len(tied) < 2:
        return default
    # Ties of the key keep today's choice, then the pool's order.
    return max(tied, key=lambda i: (key(cands[i]), i == default, -i))


def best_tied(tie: dict[str, Any], near: Fraction) -> int:
    """Return the tied candidate of best exact value (the oracle: a ceiling on any tie-break)."""
    cands = tie["candidates"]
    return max(within(tie, near), key=lambda i: (Fraction(cands[i]["exact"]), i == tie["default"]))


def evaluate(records: list[dict[str, Any]], test_every: int, near: Fraction, low: int) -> dict[str, Any]:
    """Return each rule's figures on the training and held-out games."""
    games = {r["game"] for r in records if r["kind"] == "game"}
    ties = [
        r
        for r in records
        if r["kind"] == "tie" and r["game"] in games and all(c["exact"] is not None for c in r["candidates"])
    ]
    out: dict[str, Any] = {}
    for part, held in (("train", False), ("test", True)):
        part_games = sorted(g for g in games if (g % test_every == 0) == held)
        for scope, lowest in (("window", low), ("all", 0)):
            chosen = [t for t in ties if (t["game"] % test_every == 0) == held and t["layouts"] > lowest]
            tied = [t for t in chosen if len(within(t, near)) > 1]
            rows = {}
            for name, key in [*RULES.items(), ("oracle", None)]:
                per_game: dict[int, Fraction] = {}
                best_picked = 0
                differ = 0
                for t in tied:
                    exact = [Fraction(c["exact"]) for c in t["candidates"]]
                    i = pick(t, key, near) if key is not None else best_tied(t, near)
                    gain = exact[i] - exact[t["default"]]
                    per_game[t["game"]] = per_game.get(t["game"], Fraction(0)) + gain
                    best_picked += exact[i] == max(exact[j] for j in within(t, near))
                    differ += i != t["default"]
                gains = [float(per_game.get(g, 0)) for g in part_games]
                rows[name] = {
                    "ties": len(tied),
                    "picks_best": best_picked,
                    "differs": differ,
                    "gain_points": points(gains),
                }
            # What the best move of all (exact search) wins over today's pick at the same ties, where known.
            best_move: dict[int, Fraction] = {}
            for t in tied:
                if t.get("best") is not None:
                    gain = Fraction(t["best"]["exact"]) - Fraction(t["candidates"][t["default"]]["exact"])
                    best_move[t["game"]] = best_move.get(t["game"], Fraction(0)) + gain
            out[f"{part}/{scope}"] = {
                "games": len(part_games),
                "rules": rows,
                "best_move_points": points([float(best_move.get(g, 0)) for g in part_games]),
            }
    return out


def points(values: list[float]) -> dict[str, float]:
    """Return the mean of per-game values in win-rate points, with its 95% normal interval."""
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
    return {"mean": 100 * mean, "low": 100 * (mean - half), "high": 100 * (mean + half)}


def describe(report: dict[str, Any]) -> list[str]:
    """The analysis as lines of text."""
    out = []
    for part, body in report["parts"].items():
        b = body["best_move_points"]
        out.append(
            f"{part}: {body['games']} games; the best move of all (exact search) at these ties wins "
            f"{b['mean']:+.4f} points over today's pick (95% {b['low']:+.4f} to {b['high']:+.4f}), where searched"
        )
        for name, r in body["rules"].items():
            g = r["gain_points"]
            out.append(
                f"  {name:22} {r['ties']:5} ties, best {r['picks_best']:5}, differs {r['differs']:5}, "
                f"gain {g['mean']:+.4f} points (95% {g['low']:+.4f} to {g['high']:+.4f})"
            )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert", choices=list(LEVELS))
    parser.add_argument("--games", type=int, default=200, help="games at most (default 200)")
    parser.add_argument("--seed", type=int, default=2026, help="run seed; game i has game_seed(seed, i) (default 2026)")
    parser.add_argument("--start", type=int, default=0, help="index of the first game (default 0)")
    parser.add_argument("--low", type=int, default=100, help="only positions with more layouts (default 100)")
    parser.add_argument("--upto", type=int, default=5000, help="only positions with at most this many layouts")
    parser.add_argument("--near", type=float, default=0.0, help="the largest top-two gap recorded (default 0: ties)")
    parser.add_argument("--nodes", type=int, default=500_000, help="states one exact search may expand")
    parser.add_argument("--time-limit", type=float, default=None, help="stop starting games after this many seconds")
    parser.add_argument("--out", required=True, help="the JSON-lines log of ties and games")
    parser.add_argument("--analyse", action="store_true", help="play nothing: compare the tie-break rules on the log")
    parser.add_argument("--test-every", type=int, default=3, help="hold out every k-th game index (default 3)")
    parser.add_argument("--json", default=None, help="with --analyse, also write the report as JSON to this file")
    args = parser.parse_args(argv)
    console = Console(stderr=True)
    for name in ("games", "upto", "nodes", "test_every"):
        if getattr(args, name) < 1:
            console.print(f"error: --{name.replace('_', '-')} must be at least 1")
            return 2
    if args.analyse:
        started = time.perf_counter()
        records = read(Path(args.out))
        report: dict[str, Any] = {
            "log": args.out,
            "test_every": args.test_every,
            "near": args.near,
            "parts": evaluate(records, args.test_every, Fraction(args.near), StrongPolicy().endgame_layouts),
        }
        report["meta"] = meta(started, test_every=args.test_every)
        for line in describe(report):
            print(line)
        close_run(report, args.json)
        return 0
    return collect(args, console)
