"""cnfsweep's benchmarks and long studies, one package over one harness.

Run one as ``python -m benchmarks NAME [OPTIONS]`` from the repository's root (``--help`` after the
name gives its options); ``python -m benchmarks --list`` lists them. Each is a module here with a
``main(argv)``; what they share (corpora, statistics, the progress bar, the result files) is
`benchmarks.harness`. ``python -m benchmarks report`` writes the documentation's figures from the
result files checked in under ``benchmarks/results/``.

This module imports nothing of cnfsweep: a worker process that runs another commit's code imports
the package too.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    """What an entry is: a timed benchmark, a long study of win rates, or a tool around them."""

    BENCHMARK = "benchmark"
    STUDY = "study"
    TOOL = "tool"


@dataclass(frozen=True)
class Entry:
    """One runnable entry of the package.

    Attributes
    ----------
    name
        The name on the command line (``python -m benchmarks NAME``).
    module
        The module under `benchmarks` whose ``main(argv)`` runs it.
    kind
        A benchmark, a study or a tool.
    summary
        One line for ``--list``.
    smoke
        The arguments of its smallest seeded run (``{tmp}`` stands for a scratch folder), which
        ``tests/test_benchmarks.py`` (or the test it names) runs so a broken entry fails CI; ``None`` when
        it cannot run everywhere (what it needs is in `needs`, and the test that runs it where it can skips).
    needs
        What it needs beyond the test environment, if anything (a JDK, a live network ...).
    """

    name: str
    module: str
    kind: Kind
    summary: str
    smoke: tuple[str, ...] | None
    needs: str = ""


B, S, T = Kind.BENCHMARK, Kind.STUDY, Kind.TOOL

ENTRIES: tuple[Entry, ...] = (
    Entry(
        "engines",
        "engines",
        B,
        "every engine and a naive baseline on the seeded corpora, as ratios",
        (
            "--quick",
            "--corpus",
            "midgame-beginner",
            "--positions",
            "2",
            "--engines",
            "pysat,baseline",
            "--corpus-dir",
            "{tmp}",
        ),
    ),
    Entry(
        "cold",
        "cold",
        B,
        "cold and warm analyses beside ms-toollib, code trees taking turns (exit 1 on disagreement)",
        ("--positions", "1", "--large", "0", "--games", "1", "--corpus-dir", "{tmp}"),
        "ms-toollib (the bench extra)",
    ),
    Entry(
        "commits",
        "commits",
        B,
        "this checkout against an older commit, side by side in one run",
        ("--old", "HEAD", "--rounds", "1", "--quick", "--workloads", "play"),
        "git",
    ),
    Entry(
        "endgame-kernel",
        "endgame_kernel",
        B,
        "the endgame search's C kernel against its Python code",
        ("--games", "1", "--repeats", "1"),
    ),
    Entry(
        "merge-kernel",
        "merge_kernel",
        B,
        "the look-ahead's C kernel against its Python code",
        ("--games", "1", "--passes", "1"),
    ),
    Entry(
        "generate",
        "generate",
        B,
        "no-guess generation beside ms-toollib's laymine_solvable (--tree: code trees taking turns)",
        ("--smoke", "--tree", "this=."),
    ),
    Entry(
        "grade",
        "grade",
        B,
        "cnfsweep grade and generate --grade on expert no-guess boards",
        ("--level", "intermediate", "--boards", "1", "--per-grade", "0", "--methods", "fast"),
    ),
    Entry(
        "hint",
        "hint",
        B,
        "cnfsweep hint per position, with and without --smallest",
        ("--positions", "1", "--corpus-dir", "{tmp}", "--modes", "hint"),
    ),
    Entry("hint-big", "hint_big", B, "hint and the board views on big boards, as ratios to solve", ("--smoke",)),
    Entry(
        "profile-count",
        "profile_count",
        B,
        "exact counts of variant boards past the enumeration (1B, 1Q, 1D, 1E) along a profile",
        ("--smoke",),
    ),
    Entry(
        "levels",
        "levels",
        B,
        "cnfsweep levels per expert position and on 100x100 boards",
        ("--positions", "1", "--corpus-dir", "{tmp}"),
    ),
    Entry(
        "limits",
        "limits",
        B,
        "how late --time-limit answers, and check against solve, on large boards",
        ("--paths", "--smoke", "--limits", "5"),
    ),
    Entry(
        "play",
        "play",
        B,
        "ms per game of guessing policies, taking turns game by game",
        ("--games", "1", "--level", "beginner"),
    ),
    Entry(
        "replay",
        "replay",
        B,
        "the replay review on the bundled expert replays and a synthesised big one",
        ("--runs", "1", "--no-big"),
    ),
    Entry("topology", "topology", B, "the analysis on square, torus and hex grids", ("--positions", "1")),
    Entry("examples", "examples", B, "analyze on the bundled example boards with every backend", ("--repeat", "1")),
    Entry(
        "sweeps",
        "sweeps",
        B,
        "the oracle sweeps in full (every rule, shape and backend) that the test suite runs a seeded sample of",
        ("--only", "test_an_exact_model_under_clues", "--", "-q", "-k", "1S-V"),
    ),
    Entry(
        "picture",
        "picture",
        B,
        "cnfsweep read on the labelled screenshot corpus, per skin and scale (--obr: ms-toollib beside it)",
        ("corpus/sgt-mines",),
        "Pillow (the image extra)",
    ),
    Entry(
        "picture-corpus",
        "picture_corpus",
        T,
        "make the labelled screenshot corpus: cnfsweep's page and JSMinesweeper's in chromium; Tatham's Mines, "
        "GNOME Mines, xdemineur, KMines under Xvfb; JPEG copies",
        ("page", "--per", "1", "--scales", "1", "--out", "{tmp}"),
        "chromium; xvfb, xdotool, imagemagick and sgt-puzzles, gnome-mines, xdemineur, kmines for sgt and x; "
        "a checkout of DavidNHill/JSMinesweeper for jsm",
    ),
    Entry(
        "picture-train",
        "picture_train",
        T,
        "the known cell pictures the screenshot reader ships (formats/picture/cells.npz), from other screenshots",
        ("corpus/sgt-mines", "--out", "{tmp}/cells.npz"),
        "screenshots made by picture-corpus with other seeds",
    ),
    Entry(
        "variants-peer",
        "variants_peer",
        B,
        "solve on the fan generator's own variant puzzles (minesweepervariants, run apart under Python 3.12)",
        ("tests/data/variants-peer/1Q_V_1",),
        "puzzles the peer wrote (tests/data/variants-peer holds one)",
    ),
    Entry(
        "variants-generate",
        "variants_generate",
        B,
        "generate --rules against the fan generator (minesweepervariants, run apart under Python 3.12), taking turns",
        ("--size", "4x4/5", "--rules", "1Q V", "--no-peer"),
    ),
    Entry("load", "load", B, "a live cnfsweep serve under load, every answer checked", ("--smoke",)),
    Entry(
        "forked-paired",
        "forked_paired",
        S,
        "policy variants against a baseline on the same games, each variant played only from where it first differs",
        (
            "--level",
            "beginner",
            "--games",
            "2",
            "--variant",
            "wide=strong:off_two_steps=on",
            "--out",
            "{tmp}/forked.jsonl",
        ),
    ),
    Entry(
        "opening-book",
        "opening_book",
        S,
        "the opening book: after the corner shows 1, 2 or 3, the cell of best look-ahead value (strong:opening_book=on)",
        ("--levels", "beginner", "--out", "{tmp}/book.json"),
    ),
    Entry(
        "campaign",
        "campaign",
        S,
        "a resumable win-rate campaign against the published records",
        ("--levels", "beginner", "--games", "2", "--workers", "1", "--out", "{tmp}/campaign.jsonl"),
    ),
    Entry(
        "winrates",
        "winrates",
        S,
        "win rates and time per game of a policy on the standard levels",
        ("--games", "2", "--workers", "1", "--levels", "beginner"),
    ),
    Entry(
        "second-click",
        "second_click",
        S,
        "which second click wins most often after a given number",
        ("--level", "beginner", "--number", "1", "--games", "2", "--workers", "1"),
    ),
    Entry(
        "endgame-window",
        "endgame_window",
        S,
        "the exact value strong's guesses leave above its endgame threshold, per game, without game noise",
        ("--level", "beginner", "--games", "2", "--upto", "2000", "--json", "{tmp}/window.json"),
    ),
    Entry(
        "tie-breaks",
        "tie_breaks",
        S,
        "the look-ahead's ties valued exactly, and which tie-break picks the best tied cell",
        ("--level", "beginner", "--games", "2", "--low", "1", "--out", "{tmp}/ties.jsonl"),
    ),
    Entry(
        "paired-commits",
        "paired_commits",
        S,
        "one policy under two commits on the same seeded games, paired",
        (
            "--old",
            "HEAD",
            "--level",
            "beginner",
            "--policy",
            "safest",
            "--games",
            "2",
            "--batch",
            "1",
            "--dir",
            "{tmp}",
        ),
        "git (two worktrees of this repository, their C kernels built)",
    ),
    Entry(
        "hill-paired",
        "hill_paired",
        S,
        "David Hill's solver beside a cnfsweep policy on the same layouts",
        None,
        "a JDK and a copy of DavidNHill/Minesweeper (HILL_SOURCE); tests/experiments/test_hill_paired.py",
    ),
    Entry(
        "hill-divergence",
        "hill_divergence",
        S,
        "the positions where David Hill's solver guesses otherwise than a cnfsweep policy, each move valued",
        None,
        "a JDK and a copy of DavidNHill/Minesweeper (HILL_SOURCE); tests/experiments/test_hill_divergence.py",
    ),
    Entry(
        "hill-build",
        "hill.build",
        T,
        "build David Hill's solver and our harness for it, outside this repository",
        None,
        "a JDK and a copy of DavidNHill/Minesweeper (HILL_SOURCE); tests/experiments/test_hill_paired.py",
    ),
    Entry(
        "schema-fuzz",
        "schema_fuzz",
        T,
        "fuzz a live cnfsweep serve against its own /openapi.json, at length",
        # The test suite's small server (as tests/web/test_schema.py's): a fuzzed board of 2,500 cells at most.
        ("--max-examples", "1", "--seed", "1", "--max-time", "5", "--max-cells", "2500", "--time-limit", "0.5"),
        "schemathesis",
    ),
    Entry("report", "report", T, "write the documentation's benchmark figures from benchmarks/results/", ("--check",)),
)
"""Every entry, in the order ``--list`` shows them."""


def entry(name: str) -> Entry:
    """Return the entry called ``name`` (``_`` and ``-`` alike).

    Raises
    ------
    KeyError
        If there is none.
    """
    wanted = name.replace("_", "-")
    for e in ENTRIES:
        if e.name == wanted:
            return e
    raise KeyError(name)
