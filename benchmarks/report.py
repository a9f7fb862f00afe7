"""Write the documentation's benchmark figures from the result files checked in under ``benchmarks/results/``.

Usage: python -m benchmarks report [--check]

A figure in the documentation sits between two markers, ``<!-- benchmarks: ID -->`` and
``<!-- /benchmarks: ID -->``. For a section with a result file, everything between them is what
`SECTIONS` writes from that file (its command, size, commit, load and date included), so a figure in the
text can only change with its file. A section without one yet keeps the figures written by hand, and
must say "not yet generated" so a reader knows they were typed, not read from a file. ``--check`` changes
nothing and exits 1 if any marked section differs from what this writes (a test runs it).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.harness.results import RESULTS, ROOT, read_result

DOCS = (ROOT / "docs" / "explanation" / "performance.md", ROOT / "README.md")
"""The files whose marked sections this writes."""
NOT_YET = "not yet generated"
"""What a section without a result file must say."""
MARKED = re.compile(r"^([ \t]*)(<!-- benchmarks: ([\w-]+) -->\n)(.*?)^(\1<!-- /benchmarks: \3 -->)", re.S | re.M)


@dataclass(frozen=True)
class Section:
    """A marked section written from one result file.

    Attributes
    ----------
    result
        The file under ``benchmarks/results/``.
    render
        Turns the file's report into the section's Markdown (ending in a newline).
    """

    result: str
    render: Callable[[dict[str, Any]], str]


def run_line(report: dict[str, Any]) -> str:
    """Say how a result was measured: its command, commit, date and the machine's load."""
    run = report["run"]
    command = " ".join(arg if arg and " " not in arg else repr(arg) for arg in run["command"])
    commit = (run.get("commit") or "unknown")[:7] + (" with changes" if run.get("dirty") else "")
    load = run.get("load")
    where = f"{run.get('cpus')} cores, load average {load[0]:.1f} as it ended" if load else f"{run.get('cpus')} cores"
    return f"`{command}` at commit {commit}, {run['date'][:10]} ({where}, Python {run['python']})"


def provenance(report: dict[str, Any], name: str) -> str:
    """Say where a section's figures come from: the file, and how the run was measured or recorded."""
    if "run" in report:
        return f"Generated from `benchmarks/results/{name}`: {run_line(report)}"
    meta = report["meta"]
    commands = ", then ".join(f"`{command}`" for command in meta["commands"])
    note = f" ({meta['commit_note']})" if meta.get("commit_note") else ""
    return (
        f"Generated from `benchmarks/results/{name}`, recorded {meta['recorded']}: {commands}; "
        f"{meta['date']}, commit {meta['commit']}{note}"
    )


def render_hill_paired(report: dict[str, Any]) -> str:
    """Hill's solver beside a policy on the same layouts: both win rates, the paired difference, his own games."""
    s, policy = report, f"`{report['policy']}`"
    (hill_lo, hill_hi), (ours_lo, ours_hi) = s["ci95_hill"], s["ci95_ours"]
    lo, hi = s["difference_ci95"]
    split = s["only_hill"] + s["only_ours"]
    # Paired games needed to see 0.15 points at two standard errors, given how often the two sides differ.
    needed = round(4 * (split / s["games"]) / 0.0015**2, -4)
    lines = [
        f"{provenance(report, 'hill-paired.json')}.",
        "",
        f"The first {s['games']:,} {s['first_click']}-start {s['level']} games of seed {s['seed']} (his commit "
        f"{s['hill_commit'][:7]}), a small sample: Hill {s['win_rate_hill']:.2%} ({hill_lo:.2%}-{hill_hi:.2%}), "
        f"{policy} {s['win_rate_ours']:.2%} ({ours_lo:.2%}-{ours_hi:.2%}); only Hill won {s['only_hill']:,}, "
        f"only {policy} {s['only_ours']:,}; {policy} - Hill {100 * s['difference']:+.2f} points (paired 95% interval "
        f"{100 * lo:+.2f} to {100 * hi:+.2f}, McNemar p = {s['mcnemar_p']:.2f}). One game in "
        f"{s['games'] / split:.1f} goes differently, so seeing 0.15 points at two standard errors takes about "
        f"{needed:,.0f} paired games.",
    ]
    own = report.get("own_games")
    if own:
        own_lo, own_hi = own["ci95_hill"]
        same = (
            "each game ending the same"
            if own["fixed_layout_differs"] == 0
            else (f"{own['fixed_layout_differs']} games ending otherwise")
        )
        lines[-1] += (
            f" His solver alone on the first {own['games']:,} games of his own record run (`--own-games "
            f"{own['games']}`): {own['win_rate_hill']:.2%} ({own_lo:.2%}-{own_hi:.2%}), {same} on his game model "
            "and as a fixed layout here."
        )
    return "\n".join(lines) + "\n"


def render_campaign(report: dict[str, Any]) -> str:
    """Win rates beside the records: each arm of a campaign's log, as ``campaign --result`` writes its summary."""
    lines = [
        f"{provenance(report, 'campaign.json')}; the log `{report['log']}`, kept outside the repository.",
        "",
        "| board, first click | policy | win rate (won) | games | 95% Wilson interval | record |",
        "|---|---|---|---|---|---|",
    ]
    for arm in report["arms"]:
        lo, hi = arm["ci95"]
        record = arm["record"]
        said = "none published" if record is None else f"{record['solver']} {record['win_rate']:.3%}"
        lines.append(
            f"| {arm['level']} {arm['rows']}x{arm['cols']}/{arm['mines']}, {arm['first_click']} | `{arm['policy']}` | "
            f"{arm['win_rate']:.2%} ({arm['wins']:,} won) | {arm['games']:,} | {lo:.2%}-{hi:.2%} | {said} |"
        )
    return "\n".join(lines) + "\n"


def render_play(report: dict[str, Any]) -> str:
    """The play benchmark: processor and wall time a game per policy, and each over the last policy's."""
    rows = report["policies"]
    reference = report["reference"]
    lines = [
        f"Generated from `benchmarks/results/play.json`: {run_line(report)}; {report['games']} games of "
        f"{report['level']}, first click {report['first_click']}, seed {report['seed']}, the policies taking "
        "turns game by game.",
        "",
        f"| policy | wins | ms a game (CPU) | ms a game (wall, mean / median) | CPU / {reference} | wall / {reference} |",
        "|---|---|---|---|---|---|",
    ]
    for spec, row in rows.items():
        lines.append(
            f"| `{spec}` | {row['wins']} of {row['games']} | {row['cpu_ms']:.1f} | "
            f"{row['mean_ms']:.1f} / {row['median_ms']:.1f} | {row['cpu_ratio']:.2f}x | {row['ratio']:.2f}x |"
        )
    return "\n".join(lines) + "\n"


def _seeds(values: list[float] | None, decimals: int, unit: str = "") -> str:
    """One figure a seed, to the precision the sitting gave (``-`` where it gave none)."""
    return " / ".join(f"{value:.{decimals}f}{unit}" for value in values) if values else "-"


def render_play_history(report: dict[str, Any]) -> str:
    """How ``strong``'s speed changed: each sitting's code trees, timed by the play benchmark one after another."""
    policy, reference = report["policies"]
    lines = [
        f"{provenance(report, 'play-history.json')}.",
        "",
        f"{report['games']} games a seed of {report['level']}, first click {report['first_click']}; in each sitting "
        "the trees ran one after another, so their figures met about the same load.",
        "",
        f"| date (load average) | code tree | seeds | `{policy}` ms a game, CPU | `{policy}` ms a game, wall | "
        f"`{policy}` / `{reference}`, CPU | `{policy}` / `{reference}`, wall |",
        "|---|---|---|---|---|---|---|",
    ]
    for sitting in report["sittings"]:
        ms, ratio = sitting["decimals"]["ms"], sitting["decimals"]["ratio"]
        for tree in sitting["trees"]:
            name = tree["tree"] + (f" ({tree['commit']})" if tree["commit"] else " (commit not named)")
            span = tree.get("wall_ratio_range")
            wall = f"{span[0]:.{ratio}f}x-{span[1]:.{ratio}f}x" if span else _seeds(tree["wall_ratio"], ratio, "x")
            lines.append(
                f"| {sitting['date']} ({sitting['load']}) | {name} | {sitting['seeds']} | "
                f"{_seeds(tree['strong_cpu_ms'], ms)} | {_seeds(tree['strong_wall_ms'], ms)} | "
                f"{_seeds(tree['cpu_ratio'], ratio, 'x')} | {wall} |"
            )
    wins = "; ".join(
        f"{s['date']}: {', '.join(f'`{name}` {won}' for name, won in s['wins'].items())} of {report['games']}"
        for s in report["sittings"]
        if s["same_wins"] and s["wins"]
    )
    same = all(s["same_wins"] for s in report["sittings"])
    lines += [
        "",
        ("On every seed the trees of a sitting won as many games" if same else "The trees' wins differed")
        + (f" ({wins})" if wins else "")
        + "; `python -m benchmarks play --tree NAME=PATH` times code trees this way, checks that their moves are "
        "the same, and writes a result file.",
    ]
    return "\n".join(lines) + "\n"


#: How each way of asking a time-limited question is written.
ASKED = {"cli": "`cnfsweep {}`", "server": "`POST /api/{}`", "api": "`cnfsweep.{}`"}


def render_limits_paths(report: dict[str, Any]) -> str:
    """The time-limit paths: how late each way of asking answered after its limit, at worst."""
    limits = sorted({row["limit"] for kind in ("cli", "server", "api") for row in report[kind]})
    # "unknown" is the time-out's answer; a path that finished its work first answered in time.
    early = sorted(
        {ASKED[kind].format(row["path"]) for kind in ASKED for row in report[kind] if row["status"] != "unknown"}
    )
    outcome = "every answer the time-out" + (f" but {', '.join(early)}'s, which answered in time" if early else "")
    worst = {kind: max(row["over_s"] for row in report[kind]) for kind in ("cli", "server", "api")}
    ready = [row["ready_s"] for row in report["cli"] if row.get("ready_s") is not None]
    said = " and ".join(f"{t:g}" for t in limits)
    lines = [
        f"Generated from `benchmarks/results/limits-paths.json`: {run_line(report)}; {report['board']}, "
        f"T = {said} s, {outcome}: "
        f"at most {worst['cli']:.2f} s late on the CLI, {worst['server']:.2f} s on the server, "
        f"{worst['api']:.2f} s through the Python API."
    ]
    if ready:
        lines[0] += (
            f" Starting Python and importing cnfsweep took {min(ready):.1f}-{max(ready):.1f} s more "
            "on that machine, before any clock starts."
        )
    return "\n".join(lines) + "\n"


def render_cold(report: dict[str, Any]) -> str:
    """Cold and warm analyses: each code tree's median and p90 beside ms-toollib's, and the ratios."""
    corpora = [name for name, table in report.items() if isinstance(table, dict) and "ms-toollib" in table]
    trees = list(report["trees"])
    commits = report.get("tree_commits", {})
    said = ", ".join(
        f"`{name}` ({commits[name][:7] + commits[name][40:] if commits.get(name) else 'a tree outside git'})"
        for name in trees
    )
    lines = [
        f"Generated from `benchmarks/results/cold.json`: {run_line(report)}; code trees {said} and "
        "ms-toollib taking turns image by image. Milliseconds a position, median / p90; the ratio is "
        "ms-toollib's time over ours (above 1: cnfsweep is faster).",
        "",
        "| corpus | " + " | ".join(trees) + " | ms-toollib | " + " | ".join(f"ratio, {t}" for t in trees) + " |",
        "|---|" + "---|" * (2 * len(trees) + 1),
    ]
    for corpus in corpora:
        table = report[corpus]
        times = [f"{table[n]['median_ms']:.3f} / {table[n]['p90_ms']:.3f}" for n in [*trees, "ms-toollib"]]
        ratios = [f"{table[t]['ratio_median']:.2f} / {table[t]['ratio_p90']:.2f}" for t in trees]
        lines.append(f"| {corpus} | " + " | ".join(times + ratios) + " |")
    return "\n".join(lines) + "\n"


#: The corpus's skins as the table names them, and how each says its scale (Tatham's Mines is scaled by its tile size).
SKINS: dict[str, tuple[str, Callable[[float], str]]] = {
    "page-dark": ("page, dark", lambda scale: f"{scale:g}x"),
    "page-light": ("page, light", lambda scale: f"{scale:g}x"),
    "sgt-mines": ("Tatham's Mines", lambda scale: f"tile {20 * scale:g} px"),
    "gnome-mines": ("GNOME Mines", lambda scale: f"window {scale:g}x"),
    "kmines": ("KMines", lambda scale: f"window {scale:g}x"),
    "xdemineur": ("xdemineur", lambda scale: "its one size"),
    "arbiter": ("Minesweeper Arbiter (public)", lambda scale: f"{scale:g}x"),
    "jsminesweeper": ("JSMinesweeper", lambda scale: f"{scale:g}x"),
}


def _share(right: int, of: int) -> str:
    return f"{right:,}/{of:,} ({100 * right / of:.2f}%)" if of else "-"


def _visible(groups: list[dict[str, Any]]) -> dict[str, int]:
    """The pictures, boards exact, cells and cells right over the pictures that show every cell (all, in a file from
    before the benchmark told them apart)."""
    return {
        key: sum(g.get(f"visible_{key}", g[key]) for g in groups) for key in ("pictures", "exact", "cells", "right")
    }


def render_picture(report: dict[str, Any]) -> str:
    """The screenshot reader on the labelled corpus: per skin, grid and scale, boards and cells read, read time.

    With ms-toollib's ``obr_board`` beside it when the run measured it (scored on what it means to give: numbers,
    everything else covered).  ``run`` is left out of the first line when there is none (the benchmark printing
    its own table).
    """
    groups = report["groups"]
    peer = report.get("obr_board")
    said = f"Generated from `benchmarks/results/picture.json`: {run_line(report)}; the" if "run" in report else "The"
    lines = [
        f"{said} corpus `{report['corpus']}`, "
        "every picture read once for its group's time (median / p90 over the pictures, wall time).",
        "",
        "| skin | grid | scale | format | pictures | boards exact | cells right | read ms, median / p90 |"
        + (" `obr_board` exact | `obr_board` cells |" if peer else ""),
        "|---|---|---|---|---:|---:|---:|---:|" + ("---:|---:|" if peer else ""),
    ]
    total = {
        "pictures": 0,
        "exact": 0,
        "cells": 0,
        "right": 0,
        "obr_exact": 0,
        "obr_right": 0,
        "obr_failed": 0,
        "obr_crashed": 0,
    }
    for g in groups:
        name, scale = SKINS.get(g["skin"], (g["skin"], lambda value: f"{value:g}"))
        line = (
            f"| {name} | {g['grid']} | {scale(g['scale'])} | {g.get('format', 'PNG')} | {g['pictures']} | {g['exact']} | "
            f"{_share(g['right'], g['cells'])} | {g['median_ms']:.0f} / {g['p90_ms']:.0f} |"
        )
        for key in ("pictures", "exact", "cells", "right"):
            total[key] += g[key]
        if peer:
            theirs = g["obr"]
            line += f" {theirs['exact']} | {_share(theirs['right'], g['cells'])} |"
            total["obr_exact"] += theirs["exact"]
            total["obr_right"] += theirs["right"]
            total["obr_failed"] += theirs["failed"]
            total["obr_crashed"] += theirs.get("crashed", 0)
        lines.append(line)
    exact = f"{total['exact']} ({100 * total['exact'] / total['pictures']:.1f}%)" if total["pictures"] else "0"
    line = f"| **all** | | | | {total['pictures']} | {exact} | {_share(total['right'], total['cells'])} | |"
    if peer:
        line += f" {total['obr_exact']} | {_share(total['obr_right'], total['cells'])} |"
    lines.append(line)
    seen = _visible(groups)
    if seen["pictures"] and seen["pictures"] < total["pictures"]:
        share = f"{seen['exact']} ({100 * seen['exact'] / seen['pictures']:.1f}%)"
        lines.append(
            f"| **every cell visible** | | | | {seen['pictures']} | {share} | {_share(seen['right'], seen['cells'])} | |"
            + (" | |" if peer else "")
        )
    expert = report["expert"]
    notes = []
    if expert["pictures"]:
        notes.append(
            f"An expert (16x30) screenshot: median {expert['median_ms']:.0f} ms, p90 {expert['p90_ms']:.0f} ms "
            f"(the median of {report['repeat']} reads of each of the {expert['pictures']} in the corpus)."
        )
    if peer:
        notes.append(
            f"ms-toollib {peer}'s `obr_board`, run in a child process on each picture, gave no board of the right "
            f"size for {total['obr_failed']} of the {total['pictures']} (it aborted the process on "
            f"{total['obr_crashed']} of them)."
        )
    missed = len(report["failures"]) - (total["obr_failed"] if peer else 0)
    boxed = report.get("refused_under_box", 0)
    hidden = total["pictures"] - seen["pictures"]
    notes.append(
        f"Pictures cnfsweep did not read exactly: {missed}"
        + (
            f", {boxed} of them refused naming a cell that the game's box beside the pointer lies over "
            "(`# hidden:` in their labels)."
            if boxed
            else "."
        )
    )
    if hidden:
        through = total["exact"] - seen["exact"]
        notes.append(
            f"{hidden} pictures show the game's box over some cells: {through} of them are read exactly through it, "
            "and a right answer for the others is a refusal naming a cell under it. The row **every cell visible** "
            "counts the other pictures alone."
        )
    return "\n".join([*lines, "", " ".join(notes), *_counters(report)]) + "\n"


def _counters(report: dict[str, Any]) -> list[str]:
    """The mines counters per skin: shown (labelled ``# counter:``), read, read right; none for a run before them."""
    per: dict[str, dict[str, int]] = {}
    for g in report["groups"]:
        if "counters_shown" not in g:
            return []
        row = per.setdefault(g["skin"], dict.fromkeys(("shown", "read", "right"), 0))
        for key in row:
            row[key] += g[f"counters_{key}"]
    lines = [
        "",
        "The mines counter, per skin: the pictures that show one (labelled from the game's mines and flags, or "
        "by eye), the counters read, and those read right (a counter read where none shows, or another number, "
        "is wrong; one not read is none, as on a picture whose board is refused).",
        "",
        "| skin | counters shown | read | read right |",
        "|---|---:|---:|---:|",
    ]
    for skin, row in sorted(per.items(), key=lambda item: SKINS.get(item[0], (item[0],))[0]):
        lines.append(f"| {SKINS.get(skin, (skin,))[0]} | {row['shown']} | {row['read']} | {row['right']} |")
    total = {key: sum(row[key] for row in per.values()) for key in ("shown", "read", "right")}
    lines.append(f"| **all** | {total['shown']} | {total['read']} | {total['right']} |")
    return lines


def render_generate(report: dict[str, Any]) -> str:
    """No-guess generation, code trees and ms-toollib in turns: milliseconds a board and the ratios."""
    trees = list(report["trees"])
    commits = report.get("tree_commits", {})
    said = ", ".join(
        f"`{name}` ({commits[name][:7] + commits[name][40:] if commits.get(name) else 'a tree outside git'})"
        for name in trees
    )
    start = report["start"]
    lines = [
        f"Generated from `benchmarks/results/generate.json`: {run_line(report)}; code trees {said} and "
        f"ms-toollib's `laymine_solvable` ({report['toollib_tries']:,} tries a board) taking turns board by board, "
        f"boards `game_seed({report['seed']}, k)`, start ({start[0]}, {start[1]}). Milliseconds a board, "
        "median / p90; a ratio is that tree's time over the other's (below 1: faster). ms-toollib takes its turns "
        "at 99 mines only: above, its tries take seconds to minutes a board, and at 140 find none.",
        "",
        "| board | boards | "
        + " | ".join(trees)
        + " | ms-toollib | "
        + " | ".join(f"{t} / ms-toollib" for t in trees)
        + (f" | {trees[-1]} / {trees[0]} |" if len(trees) > 1 else " |"),
        "|---|---|" + "---|" * (2 * len(trees) + 1 + (len(trees) > 1)),
    ]
    for board, table in report.items():
        if not board.startswith("16x30/"):
            continue
        first = table[trees[0]]
        cells = [f"{table[t]['median_ms']:.1f} / {table[t]['p90_ms']:.1f}" for t in trees]
        toollib = table.get("ms-toollib")
        cells.append(f"{toollib['median_ms']:.1f} / {toollib['p90_ms']:.1f}" if toollib else "not run")
        cells += [
            f"{table[t]['over_ms-toollib_median']:.2f} / {table[t]['over_ms-toollib_p90']:.2f}" if toollib else ""
            for t in trees
        ]
        if len(trees) > 1:
            last = table[trees[-1]]
            cells.append(f"{last[f'over_{trees[0]}_median']:.2f} / {last[f'over_{trees[0]}_p90']:.2f}")
        found = "; ".join(f"{t} {table[t]['found']}" for t in trees)
        lines.append(f"| {board} | {first['boards']} (found: {found}) | " + " | ".join(cells) + " |")
    same = "identical" if report["identical_boards"] else "**not** identical"
    lines += ["", f"The trees' boards were {same}."]
    return "\n".join(lines) + "\n"


def render_variants_peer(report: dict[str, Any]) -> str:
    """Variant puzzles the fan generator wrote, solved by ``solve`` and by the peer's own solver in turns."""
    rows = report["puzzles"]
    by_rules: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_rules.setdefault(row["rules"], []).append(row)
    lines = [
        f"Generated from `benchmarks/results/variants-peer.json`: {run_line(report)}. Each puzzle is the fan "
        "generator's own (`minesweepervariants`, under Python 3.12); `solve` (`analyze_variant`: every layout, "
        "so the certain cells and the count) and the peer's uniqueness check (its CP-SAT model built and solved, "
        "5 search threads, as it checks every puzzle it makes) take turns puzzle by puzzle, each puzzle seen once. "
        "Milliseconds of wall time, median over the puzzles of a rule set.",
        "",
        "| rules | puzzles | ours has the peer's one answer | `solve` | peer's solver | ratio |",
        "|---|---|---|---|---|---|",
    ]
    for rules, group in by_rules.items():
        ours = statistics.median(r["ours_s"] for r in group) * 1000
        paired = [r["peer_s"] for r in group if r.get("peer_s") is not None]
        peer = statistics.median(paired) * 1000 if paired else None
        right = sum(r["ours_ok"] for r in group)
        lines.append(
            f"| {rules} | {len(group)} | {right} of {len(group)} | {ours:.1f} | "
            + (f"{peer:.1f} | {peer / ours:.1f}x |" if peer is not None else "not run | |")
        )
    if "ratio_of_medians" in report:
        lines += [
            "",
            f"Over all {len(rows)} puzzles: `solve` {report['ours_median_s'] * 1000:.1f} ms at the median, the "
            f"peer's solver {report['peer_median_s'] * 1000:.1f} ms: **{report['ratio_of_medians']:.1f}x**.",
        ]
    return "\n".join(lines) + "\n"


def render_variants_generate(report: dict[str, Any]) -> str:
    """Variant puzzle generation, ``cnfsweep generate --rules`` and the fan generator in turns: seconds a puzzle."""
    runs = report["runs"]
    lines = [
        f"Generated from `benchmarks/results/variants-generate.json`: {run_line(report)}. For each rule set and seed "
        f"one {report['size']} puzzle from each side, ours first, each a separate process timed from start to exit "
        "(both pay their start-up); the peer's runs past its limit count at the limit. Seconds of wall time.",
        "",
        "| rules | seed | `cnfsweep generate --rules` | the fan generator | ratio |",
        "|---|---|---|---|---|",
    ]
    for run in runs:
        peer = run.get("peer")
        ours = f"{run['ours']:.2f}" + ("" if run["ours_ok"] else " (failed)")
        if peer is None:
            lines.append(f"| {run['rules']} | {run['seed']} | {ours} | not run | |")
            continue
        said = f"{peer:.2f}" + ("" if run["peer_ok"] else " (stopped)")
        lines.append(f"| {run['rules']} | {run['seed']} | {ours} | {said} | {peer / run['ours']:.1f}x |")
    if report.get("speedup_median") is not None:
        lines += [
            "",
            f"Median over {len(runs)} puzzles: ours {report['ours_median']:.2f} s (p90 {report['ours_p90']:.2f}), the "
            f"fan generator {report['peer_median']:.2f} s (p90 {report['peer_p90']:.2f}): "
            f"**{report['speedup_median']:.1f}x**.",
        ]
    return "\n".join(lines) + "\n"


def render_picture_summary(report: dict[str, Any]) -> str:
    """The README's short table: per skin and scale (grids and picture formats together), boards and cells read."""
    rows: dict[tuple[str, float], dict[str, int]] = {}
    for g in report["groups"]:
        row = rows.setdefault(
            (g["skin"], g["scale"]), dict.fromkeys(("pictures", "exact", "cells", "right", "hidden"), 0)
        )
        for key in ("pictures", "exact", "cells", "right"):
            row[key] += g[key]
        row["hidden"] += g["pictures"] - g.get("visible_pictures", g["pictures"])
    lines = [
        f"From `benchmarks/results/picture.json` ({report['run']['date'][:10]}, `python -m benchmarks picture "
        "corpus --obr`). A picture refused counts all its cells wrong; *hidden* counts the pictures where the "
        "game's box lies over some cells, whose right answer is a refusal naming one of them.",
        "",
        "| skin | scale | pictures (hidden) | boards exact | cells right |",
        "|---|---|---:|---:|---:|",
    ]
    for (skin, scale), row in sorted(
        rows.items(), key=lambda item: (SKINS.get(item[0][0], (item[0][0],))[0], item[0][1])
    ):
        name, said = SKINS.get(skin, (skin, lambda value: f"{value:g}"))
        hidden = f" ({row['hidden']})" if row["hidden"] else ""
        lines.append(
            f"| {name} | {said(scale)} | {row['pictures']}{hidden} | {row['exact']} | {_share(row['right'], row['cells'])} |"
        )
    seen = _visible(report["groups"])
    total = {key: sum(g[key] for g in report["groups"]) for key in ("pictures", "exact", "cells", "right")}
    lines += [
        f"| **all** | | {total['pictures']} | {total['exact']} | {_share(total['right'], total['cells'])} |",
        f"| **every cell visible** | | {seen['pictures']} | {seen['exact']} ({100 * seen['exact'] / seen['pictures']:.1f}%) "
        f"| {_share(seen['right'], seen['cells'])} |",
    ]
    expert = report["expert"]
    if expert["pictures"]:
        # With the machine's load: a read's wall time on 2 cores shared with other work is several times its own.
        load = report["run"].get("load")
        where = f" ({report['run'].get('cpus')} cores, load average {load[0]:.1f} as the run ended)" if load else ""
        lines += ["", f"An expert screenshot is read in {expert['median_ms']:.0f} ms at the median{where}."]
    return "\n".join(lines) + "\n"


def render_hill_divergence(report: dict[str, Any]) -> str:
    """Where Hill's solver guesses otherwise than a policy: how often, what his choice is worth, and by what kind."""
    s, policy = report, f"`{report['policy']}`"

    def points(m: dict[str, Any]) -> str:
        if m["mean"] is None:
            return "-"
        if m["ci95"] is None:
            return f"{100 * m['mean']:+.2f}"
        lo, hi = m["ci95"]
        return f"{100 * m['mean']:+.2f} ({100 * lo:+.2f} to {100 * hi:+.2f})"

    lines = [
        f"{provenance(report, 'hill-divergence.json')}.",
        "",
        f"The first {s['games']:,} {s['first_click']}-start {s['level']} games of seed {s['seed']} (his commit "
        f"{s['hill_commit'][:7]}, settings {s['hill_settings']}): {policy} guessed {s['guesses']:,} times and Hill's "
        f"solver chose another cell at {s['divergences']:,} of them ({s['divergences_per_game']:.2f} a game). Each "
        f"such position's two moves are valued on the same {s['samples']} uniform layouts (every layout where there "
        f"are fewer: {s['exact_positions']:,} positions), {policy} playing on: Hill's move minus ours is "
        f"{points(s['difference_per_divergence'])} win-rate points per divergence and "
        f"{points(s['difference_per_game'])} per game (95% intervals).",
        "",
        "| grouped by | group | divergences | Hill - ours per divergence (points) | per game (points) |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    for name, groups in s["by"].items():
        for g, m in groups.items():
            lines.append(f"| {name} | {g} | {m['n']:,} | {points(m)} | {100 * m['per_game']:+.3f} |")
    return "\n".join(lines) + "\n"


SECTIONS: dict[str, Section] = {
    "cold": Section("cold.json", render_cold),
    "generate": Section("generate.json", render_generate),
    "play": Section("play.json", render_play),
    "play-history": Section("play-history.json", render_play_history),
    "limits-paths": Section("limits-paths.json", render_limits_paths),
    "hill-paired": Section("hill-paired.json", render_hill_paired),
    "hill-divergence": Section("hill-divergence.json", render_hill_divergence),
    "campaign": Section("campaign.json", render_campaign),
    "picture": Section("picture.json", render_picture),
    "picture-summary": Section("picture.json", render_picture_summary),
    "variants-peer": Section("variants-peer.json", render_variants_peer),
    "variants-generate": Section("variants-generate.json", render_variants_generate),
}
"""Each generated section by its marker's id."""


def rewrite(text: str, where: str, results: Path = RESULTS) -> str:
    """Return ``text`` with every marked section written from its result file.

    Raises
    ------
    ValueError
        If a section has no result file and does not say it is "not yet generated", or if an id is
        neither generated nor so marked.
    """

    def one(match: re.Match[str]) -> str:
        indent, opening, ident, body, closing = (match.group(i) for i in range(1, 6))
        section = SECTIONS.get(ident)
        path = results / section.result if section else None
        if section is None or path is None or not path.is_file():
            if NOT_YET not in body.lower():
                missing = f"no result file {path.name}" if path else "no generator"
                raise ValueError(f"{where}: section {ident!r} has {missing} and does not say it is {NOT_YET!r}")
            return match.group(0)
        # Inside a list item every line keeps the item's indentation; the blank line ends a table before the marker.
        lines = [*section.render(read_result(path)).splitlines(), ""]
        return indent + opening + "".join(f"{indent}{line}\n" if line else "\n" for line in lines) + closing

    return MARKED.sub(one, text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a section is out of date")
    parser.add_argument("--results", type=Path, default=RESULTS, help="where the result files are")
    args = parser.parse_args(argv)
    stale = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        try:
            new = rewrite(text, str(doc.relative_to(ROOT)), args.results)
        except (ValueError, KeyError) as exc:
            print(f"report: {exc}", file=sys.stderr)
            return 2
        if new != text:
            stale.append(doc.relative_to(ROOT))
            if not args.check:
                doc.write_text(new, encoding="utf-8")
    if args.check and stale:
        print(f"report: out of date (run python -m benchmarks report): {', '.join(map(str, stale))}", file=sys.stderr)
        return 1
    for doc in stale:
        print(f"rewrote {doc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
