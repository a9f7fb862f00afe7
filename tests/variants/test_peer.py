"""Side by side with the fan generator ``minesweepervariants``: on its own puzzles, ``solve`` finds its one answer.

The generator is GPL and needs Python 3.12, so it is a peer at test time only:
it runs as a separate program from the interpreter ``CNFSWEEP_PEER_PYTHON``
names (default ``/tmp/mv312/bin/python``, a venv with the package installed).
Its puzzles for every rule set below (seed 5) are kept as it wrote them under
``tests/data/variants-peer``, so ``solve`` is checked on all of them everywhere;
where the peer is installed, it writes the puzzle of a rule set a seed picks
again and it must be the one kept (``python -m benchmarks sweeps``: every rule
set). Its text, as it prints it (tab-separated, ``___`` covered, ``?`` a hidden
clue, ``1.3`` a wall clue, ``1 2`` a 2X clue), is read as a variant board by
``benchmarks.variants_peer``, its ``[1T][1X]5x5`` title line as the rules and its custom dye
(``[@cst:0110...]``), once its total is written as ``mines:``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from paths import DATA
from sampling import sample

from benchmarks import variants_peer
from benchmarks.variants_peer import peer_request, read

from cnfsweep.core.board import Cell
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.second import Encrypted
from cnfsweep.variants.solve import analyze_variant, variant_layouts

PEER = Path(os.environ.get("CNFSWEEP_PEER_PYTHON", "/tmp/mv312/bin/python"))
SEED = 5
#: A dye for the rules that read one, a 1 for each dyed cell of a 5x5 board in row-major order (no pattern in it).
DYE = "1001001000110010010001011"


def peer_available() -> bool:
    if not PEER.exists():
        return False
    probe = subprocess.run([str(PEER), "-c", "import minesweepervariants"], capture_output=True, timeout=120)
    return probe.returncode == 0


def kept(rules: list[str], total: int, dye: str | None = None) -> Path:
    """The puzzle the peer wrote for ``rules`` and ``total`` on a 5x5 board with seed 5 (and ``DYE``), as kept here."""
    name = "_".join(r.replace("'", "prime") for r in rules)
    return DATA / "variants-peer" / f"{name}_{total}_{SEED}{'_dyed' if dye else ''}" / "demo.txt"


def generate(tmp_path: Path, rules: list[str], total: int, size: int = 5, dye: str | None = None) -> Path:
    """Have the peer write its puzzle for ``rules`` now; return its ``demo.txt``."""
    subprocess.run(
        [
            str(PEER),
            "-m",
            "minesweepervariants",
            "--lang",
            "en",
            "-s",
            str(size),
            "-t",
            str(total),
            "-c",
            *rules,
            "-S",
            str(SEED),
            *(["-d", f"cst:{dye}"] if dye else []),
            "-I",
            "--output-path",
            str(tmp_path),
            "--log-path",
            str(tmp_path),
        ],
        check=True,
        capture_output=True,
        timeout=600,
        cwd=tmp_path,
    )
    return tmp_path / "demo.txt"


RULE_SETS = [
    (["V", "1Q"], 8),
    (["1T", "1X"], 8),
    (["1H", "1E"], 8),
    (["1C", "V"], 8),
    (["1A", "1X'"], 8),
    (["1D", "V"], 8),
    (["1B", "1K"], 10),
    (["1O", "V"], 8),
    (["1Q", "1P"], 10),
    (["1W"], 8),
    (["2H", "2D"], 8),
    (["2T", "2M"], 8),
    (["2S", "V"], 8),
    (["2C", "V"], 8),
    (["2G", "V"], 8),
    (["2B", "V"], 10),  # two bridges across a 5x5 board
]
"""The rule set and a total the peer can fill a 5x5 board with."""

#: Rule sets added later, kept out of the live sample above so that its seed still picks what it picked.
#: 2P's clues a√b: √2, 2√5; 2E's letters, its code on a board of its own; 2I's direction on a 3x3 board of its own;
#: 2L's liars on a board of their own, and a safe cell with no clue printed X; 2A's areas.
LATER_RULE_SETS = [(["2P"], 8), (["2E"], 8), (["2I"], 8), (["2L"], 8), (["2A"], 8)]


DYED = [["2X"], ["2F", "V"], ["2F", "2X"]]
"""The rule sets that read the dye, on puzzles the peer wrote with ``DYE`` and 8 mines."""


def rule_set_id(case: tuple[list[str], int]) -> str:
    return f"{' '.join(case[0])}-{case[1]}"


#: The rule sets the peer writes again in the suite: one of each game's, a seed picks which.
LIVE = sample(RULE_SETS, lambda case: [any(r.startswith("2") for r in case[0])], seed="live peer", keep=0)
#: The dyed rule set the peer writes again in the suite, one a seed picks.
LIVE_DYED = sample(DYED, lambda rules: ["dyed"], seed="live dyed peer", keep=0)


@pytest.mark.parametrize(
    ("rules", "total"), RULE_SETS + LATER_RULE_SETS, ids=[rule_set_id(c) for c in RULE_SETS + LATER_RULE_SETS]
)
def test_solve_finds_the_peers_one_answer(rules: list[str], total: int) -> None:
    assert_solves_to_the_peers_answer(*read(kept(rules, total)))


@pytest.mark.parametrize("rules", DYED, ids=" ".join)
def test_solve_finds_the_peers_one_answer_on_dyed_boards(rules: list[str]) -> None:
    """The rules that read the dye, on the peer's puzzles with a dye it was given; 2X's clues print as ``a b``."""
    text, truth = read(kept(rules, 8, DYE))
    board = parse_variant(text)
    assert board.grid.dyed == {Cell(i // 5, i % 5) for i, bit in enumerate(DYE) if bit == "1"}
    if "2X" in rules:
        assert any(isinstance(v, tuple) for v in board.clues.values())
    assert_solves_to_the_peers_answer(text, truth)


def assert_solves_to_the_peers_answer(text: str, truth: set[Cell]) -> None:
    board = parse_variant(text)
    layouts = variant_layouts(board)
    assert layouts is not None and len(layouts) == 1
    assert set(layouts[0]) == truth
    analysis = analyze_variant(board)
    assert set(analysis.mines) == truth and len(analysis.safe) + len(analysis.mines) == len(analysis.counts or ())


def test_2e_letters_stand_for_as_many_numbers_as_the_board_has_rows() -> None:
    """The peer's 2E puzzle on 5 rows and 7 columns (seed 3, 8 mines): its clues and answer use A to E, five letters."""
    demo = DATA / "variants-peer" / "2E_8_3_5x7" / "demo.txt"
    text, truth = read(demo)
    board = parse_variant(text)
    assert (board.grid.rows, board.grid.cols) == (5, 7)
    tokens = {token for line in demo.read_text(encoding="utf-8").splitlines() for token in line.split("\t")}
    assert tokens & set("ABCDEFGHI") == set("ABCDE")
    assert Encrypted.bound(board.grid) == 5
    assert_solves_to_the_peers_answer(text, truth)


@pytest.mark.skipif(not peer_available(), reason=f"no minesweepervariants peer at {PEER}")
@pytest.mark.parametrize(("rules", "total"), LIVE, ids=[rule_set_id(c) for c in LIVE])
def test_the_peer_writes_the_puzzle_kept_here(tmp_path: Path, rules: list[str], total: int) -> None:
    # The same seed gives the same puzzle and answer (the time it took, in the file too, differs).
    assert read(generate(tmp_path, rules, total)) == read(kept(rules, total))


@pytest.mark.skipif(not peer_available(), reason=f"no minesweepervariants peer at {PEER}")
@pytest.mark.parametrize("rules", LIVE_DYED, ids=" ".join)
def test_the_peer_writes_the_dyed_puzzle_kept_here(tmp_path: Path, rules: list[str]) -> None:
    assert read(generate(tmp_path, rules, 8, dye=DYE)) == read(kept(rules, 8, DYE))


@pytest.mark.parametrize(
    ("rules", "total"), RULE_SETS + LATER_RULE_SETS, ids=[rule_set_id(c) for c in RULE_SETS + LATER_RULE_SETS]
)
def test_the_peers_solver_is_asked_for_the_puzzle_as_it_printed_it(rules: list[str], total: int) -> None:
    request = peer_request(kept(rules, total))
    assert request is not None
    assert (request["rules"], request["rows"], request["cols"], request["total"]) == (rules, 5, 5, total)
    assert request["code"] in kept(rules, total).read_text(encoding="utf-8").split("=" * 20)[-1]


def test_a_dyed_puzzle_is_not_sent_to_the_peers_solver() -> None:
    assert peer_request(kept(["2X"], 8, DYE)) is None  # its dye is not in the puzzle's code


@pytest.mark.skipif(not peer_available(), reason=f"no minesweepervariants peer at {PEER}")
def test_the_peers_own_solver_finds_its_puzzles_unique_taking_turns_with_solve(tmp_path: Path) -> None:
    puzzles = [kept(rules, total).parent for rules, total in RULE_SETS[:2]] + [kept(["2X"], 8, DYE).parent]
    out = tmp_path / "peer.json"
    assert variants_peer.main([*map(str, puzzles), "--peer", str(PEER), "--json", str(out)]) == 0
    rows = json.loads(out.read_text())["puzzles"]
    assert [r["ours_ok"] for r in rows] == [True] * 3
    assert [r.get("peer_ok") for r in rows] == [True, True, None]  # the dyed one is ours alone
