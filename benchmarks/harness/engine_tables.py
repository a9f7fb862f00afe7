"""Print the benchmark's tables and set its figures against the targets of issue 5."""

from __future__ import annotations

from typing import Any

from benchmarks.harness.engines import BASELINE, DEFAULT_ENGINE, ENGINES
from rich.console import Console
from rich.table import Table


def fmt(v: float | None, capped_as: str, digits: int = 2) -> str:
    """Format a figure, or say it fell on a capped run."""
    return capped_as if v is None else f"{v:.{digits}f}"


def show(console: Console, name: str, result: dict[str, Any]) -> None:
    """Print one corpus's table."""
    kind = result.get("kind")
    if kind == "positions":
        cap = f"> {result['cap_ms']:.0f}"
        table = Table(
            "engine",
            "what",
            "median ms",
            "p90 ms",
            "p99 ms",
            "max ms",
            "capped",
            "x fastest p90",
            "x fastest median",
            title=f"{name}: {result['positions']} positions, cap {result['cap_ms']:.0f} ms",
        )
        for e, s in result["engines"].items():
            table.add_row(
                e,
                f"[dim]{ENGINES[e][0]}[/dim]",
                *(fmt(s[k], cap) for k in ("median_ms", "p90_ms", "p99_ms", "max_ms")),
                str(s["capped"]),
                fmt(s["ratio_p90"], "-", 1),
                fmt(s["ratio_median"], "-", 1),
            )
        console.print(table)
        for item in result.get("items", []):
            console.print(f"  {item['name']}: " + ", ".join(f"{e} {fmt(v, cap, 1)} ms" for e, v in item["ms"].items()))
    elif kind == "large":
        table = Table(
            "board",
            "engine",
            "ms",
            "peak RSS MB",
            "RSS before MB",
            "components",
            "largest",
            title=f"large-random (one analysis each, cap {result['cap_ms'] / 1000:.0f} s)",
        )
        for board, row in result["boards"].items():
            info = row.get("board", {})
            for e, r in row["engines"].items():
                if "skipped" in r:
                    table.add_row(board, e, r["skipped"], "", "", "", "")
                    continue
                table.add_row(
                    board,
                    e,
                    fmt(r["ms"], f"> {result['cap_ms']:.0f}", 1),
                    f"{r['rss_peak_mb']:.0f}",
                    f"{r['rss_before_mb']:.0f}",
                    str(info.get("components", "")),
                    str(info.get("largest_component", "")),
                )
        console.print(table)
    elif kind == "reductions" and not result.get("available"):
        console.print(f"reductions: not available ({result['reason']})")
    else:
        console.print(f"[bold]{name}[/bold]: " + ", ".join(f"{k} {v}" for k, v in result.items() if k != "kind"))


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Set the figures against the targets of issue 5 (default engine throughout)."""
    rows: list[dict[str, Any]] = []

    def add(target: str, value: float | None, limit: float, unit: str, lower_is_better: bool = True) -> None:
        met = None if value is None else value <= limit if lower_is_better else value >= limit
        rows.append(
            {"target": target, "measured": None if value is None else round(value, 3), "unit": unit, "met": met}
        )

    def stat(corpus: str, engine: str, key: str) -> float | None:
        return results.get(corpus, {}).get("engines", {}).get(engine, {}).get(key)

    for expert, label in (("midgame-expert", "mid-game (guess points)"), ("halfway-expert", "half-way")):
        if expert not in results:
            continue
        add(f"expert {label} median <= 2 ms", stat(expert, DEFAULT_ENGINE, "median_ms"), 2, "ms")
        add(f"expert {label} p99 <= 20 ms", stat(expert, DEFAULT_ENGINE, "p99_ms"), 20, "ms")
        add(f"expert {label} max <= 1000 ms", stat(expert, DEFAULT_ENGINE, "max_ms"), 1000, "ms")
        base, ours = stat(expert, BASELINE, "p90_ms"), stat(expert, DEFAULT_ENGINE, "p90_ms")
        if ours and BASELINE in results[expert]["engines"]:
            # A capped baseline p90 is at least the cap: a lower bound on the speed-up.
            speedup = (base if base is not None else results[expert]["cap_ms"]) / ours
            add(f"expert {label} p90: baseline / default >= 50", speedup, 50, "x", lower_is_better=False)
    if "toollib-hard" in results:
        # The target names the 62-cell frontier: the board as upstream printed it.
        for item in results["toollib-hard"].get("items", []):
            if item["name"] == "as_printed":
                add("ms-toollib hard board (62-cell frontier) <= 50 ms", item["ms"].get(DEFAULT_ENGINE), 50, "ms")
    if "long-component" in results:
        add("300+-cell component <= 1000 ms", stat("long-component", DEFAULT_ENGINE, "max_ms"), 1000, "ms")
    for board, limit, what in (("200x200/6400", 2000, "ms"), ("1000x1000/160000", 1024, "MB")):
        row = results.get("large-random", {}).get("boards", {}).get(board, {}).get("engines", {}).get(DEFAULT_ENGINE)
        if row and "skipped" not in row:
            value = row["ms"] if what == "ms" else row["rss_peak_mb"]
            add(f"{board} analysis {'<= 2 s' if what == 'ms' else 'peak RSS < 1 GB'}", value, limit, what)
            if row["capped"] and what == "MB":  # the peak of an unfinished analysis proves nothing
                rows[-1].update(target=rows[-1]["target"] + " (capped: peak so far)", met=None)
    if "huge-game" in results and not results["huge-game"]["capped"]:
        add("500x500/40,000 game <= 30 s", results["huge-game"]["seconds"], 30, "s")
    ratios = [
        s["engines"][DEFAULT_ENGINE]["ratio_p90"]
        for s in results.values()
        if s.get("kind") == "positions" and DEFAULT_ENGINE in s["engines"]
    ]
    if ratios:
        add(
            "default within 1.5x of the fastest at p90, every corpus", None if None in ratios else max(ratios), 1.5, "x"
        )
    # The same without the baseline: the default against the other analyze configurations.
    solver_ratios = []
    for s in results.values():
        p90 = {
            e: v["p90_ms"] for e, v in s.get("engines", {}).items() if e != BASELINE and s.get("kind") == "positions"
        }
        if p90.get(DEFAULT_ENGINE) is not None:
            solver_ratios.append(p90[DEFAULT_ENGINE] / min(v for v in p90.values() if v is not None))
    if solver_ratios:
        add("... of the fastest analyze configuration (baseline left out)", max(solver_ratios), 1.5, "x")
    return rows


def show_targets(console: Console, goals: list[dict[str, Any]]) -> None:
    """Print the targets table."""
    if not goals:
        return
    table = Table("target (issue 5)", "measured", "met", title="targets")
    for g in goals:
        shown = "capped" if g["measured"] is None else f"{g['measured']:g} {g['unit']}"
        table.add_row(g["target"], shown, {True: "yes", False: "[red]no[/red]", None: "?"}[g["met"]])
    console.print(table)
